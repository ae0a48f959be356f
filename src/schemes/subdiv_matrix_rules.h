/* subdiv_matrix_rules.h: the element rules that lay out the two factors of a
 * level's vertex subdivision matrix R_l = S_l K_l (paper §6.3, eq. 21) from
 * the generic path's level data (catmark.h) of any scheme, and the float64 →
 * float32 copy of a matrix's values. Both factors are written transposed, as
 * CSC (the CSR of the factor), with closed-form column pointers, so no count
 * and no scan is needed:
 *   K_lᵀ = [I | Wᵀ]  (|V| × (|V| + |W|)): [P; W P] = K_l P, the vertices and
 *          the new points each is a fixed combination of: Catmull-Clark's face
 *          points (W = diag(1/c) Mᵀ, eq. 3), Loop's edge points (W = the
 *          edge-point stencil, Appendix B), √3's face and boundary points (W =
 *          the new-point stencil, Appendix A);
 *   S_lᵀ  ((|V| + |W|) × |V'|): column r = refined vertex r as a combination of
 *          [P; W P] (DESIGN §3's order): the vertex update α, β, β_b (eq. 11 /
 *          20, 28 / 31, 24 / 27; Catmull-Clark's also reads the face points,
 *          with β), each new point itself, then Catmull-Clark's edge points with
 *          their stencil's weights (src/rules: the masks every path shares).
 * subdiv_matrix.c multiplies them with mm_spgemm, which also merges a
 * stencil's repeated sources. The seven weights of §6.3 are the entries of
 * that product for Catmull-Clark (docs/schemes.md). */
#ifndef MESHMAT_SCHEMES_SUBDIV_MATRIX_RULES_H
#define MESHMAT_SCHEMES_SUBDIV_MATRIX_RULES_H

#include "generic_args.h"

typedef enum mmi_sm_rule {
    MMI_SM_NEAR = 0,     /* i ≤ |V| + |W|: column i of K_lᵀ (i = |V| + |W|: the end pointer) */
    MMI_SM_REFINE = 1,   /* i ≤ |V'|: column i of S_lᵀ (i = |V'|: the end pointer)         */
    MMI_SM_TO_F32 = 2    /* i < n: f32[i] = f64[i]                                         */
} mmi_sm_rule;

/* What the rules read and write (backend memory). */
typedef struct mmi_sm_args {
    int rule;
    int64_t nv, nw, ne;            /* level l's |V|, new points |W| (0 in NEAR: I),
                                      Catmull-Clark's edge points |E| (else 0)     */
    mmi_csc_view W, E, Mt;           /* Wᵀ's pattern, eq. 4 (τ values), Mᵀ          */
    int64_t nnz_w, nnz_e, nnz_mt;  /* nnz_mt = 0: no face term (Loop, √3)         */
    const double *w_col, *w_entry; /* Wᵀ's values: one per column (1/c) or entry  */
    const double *alpha, *beta, *beta_b;
    const double *crease_w;        /* with tags: W's values (E's pattern), else NULL */
    const uint32_t *stencil;       /* 4 per edge: Catmull-Clark's edge-point rows */
    const double *stencil_w;       /* and their weights                           */
    int64_t *ptr;                  /* the CSC being written                       */
    uint32_t *rows;
    double *values;
    const double *f64;             /* TO_F32                                      */
    float *f32;
} mmi_sm_args;

/* Column i of K_lᵀ: vertex i is 1 · p_i; new point w (column |V| + w) is Wᵀ's
 * column w: a face's corners at 1/c each (eq. 3), or a stencil row's
 * weighted sources (Loop's 3/8, 1/8; √3's 1/3 and Kobbelt's 1/27 points). */
MM_HD void sm_near(const mmi_sm_args *g, int64_t i)
{
    if (i < g->nv) {
        g->ptr[i] = i;
        g->rows[i] = (uint32_t)i;
        g->values[i] = 1.0;
        return;
    }
    int64_t w = i - g->nv;
    if (w == g->nw) {
        g->ptr[i] = g->nv + (g->nw > 0 ? g->nnz_w : 0);
        return;
    }
    int64_t s = csc_col_start(&g->W, w), e = csc_col_start(&g->W, w + 1), out = g->nv + s;
    g->ptr[i] = out;
    for (int64_t q = s; q < e; ++q, ++out) {
        g->rows[out] = g->W.rows[q];
        g->values[out] = g->w_entry ? g->w_entry[q] : g->w_col[w];
    }
}

/* Column r of S_lᵀ. Updated vertex i: α_i at p_i, then per neighbour j (E's
 * column i) β_i + β_b,i [τ = 1] (with tags β_i + W(j, i)), then
 * (Catmull-Clark, eq. 11) β_i at each face point of its faces (Mᵀ's column
 * i); entries E_ptr(i) + i + Mt_ptr(i) onwards. New point w: 1 at w. Catmull-Clark's edge point e: its four
 * stencil sources with their weights. */
MM_HD void sm_refine(const mmi_sm_args *g, int64_t r)
{
    int64_t vertex_block = g->nnz_e + g->nv + g->nnz_mt;
    if (r < g->nv) {
        int64_t es = csc_col_start(&g->E, r), ee = csc_col_start(&g->E, r + 1);
        int64_t ms = g->nnz_mt > 0 ? csc_col_start(&g->Mt, r) : 0;
        int64_t me = g->nnz_mt > 0 ? csc_col_start(&g->Mt, r + 1) : 0;
        int64_t out = es + r + ms;
        double b = g->beta[r], bb = g->beta_b[r];
        g->ptr[r] = out;
        g->rows[out] = (uint32_t)r;
        g->values[out++] = g->alpha[r];
        for (int64_t q = es; q < ee; ++q, ++out) {
            g->rows[out] = g->E.rows[q];
            g->values[out] = b + (g->crease_w ? g->crease_w[q] : g->E.values[q] == 1 ? bb : 0.0);
        }
        for (int64_t q = ms; q < me; ++q, ++out) {
            g->rows[out] = (uint32_t)(g->nv + g->Mt.rows[q]);
            g->values[out] = b;
        }
        return;
    }
    int64_t w = r - g->nv;
    if (w < g->nw) {
        g->ptr[r] = vertex_block + w;
        g->rows[vertex_block + w] = (uint32_t)r;
        g->values[vertex_block + w] = 1.0;
        return;
    }
    int64_t e = w - g->nw, out = vertex_block + g->nw + 4 * e;
    g->ptr[r] = out;
    if (e == g->ne) return;
    for (int t = 0; t < 4; ++t) {
        g->rows[out + t] = g->stencil[4 * e + t];
        g->values[out + t] = g->stencil_w[4 * e + t];
    }
}

MM_HD void sm_rule_at(const mmi_sm_args *g, int64_t i)
{
    switch (g->rule) {
    case MMI_SM_NEAR: sm_near(g, i); break;
    case MMI_SM_REFINE: sm_refine(g, i); break;
    default: g->f32[i] = (float)g->f64[i]; break;
    }
}

#ifdef __cplusplus
extern "C" {
#endif

/* sm_rule_at(g, i) for every i < count, on the context's backend. */
mm_status mmi_sm_run(mm_context ctx, const mmi_sm_args *g, int64_t count);
mm_status mmi_sm_run_cpu(mm_context ctx, const mmi_sm_args *g, int64_t count);
mm_status mmi_sm_run_cuda(mm_context ctx, const mmi_sm_args *g, int64_t count);

#ifdef __cplusplus
}
#endif
#endif
