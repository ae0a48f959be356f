/* catmark_static_rules.h: the element rules that lay out the two factors of
 * Catmull-Clark's vertex subdivision matrix R_l = S_l K_l (paper §6.3, eq. 21)
 * from the level data of the generic path (catmark.h), and the float64 →
 * float32 copy of a matrix's values. Both factors are written transposed, as
 * CSC (the CSR of the factor), with closed-form column pointers, so no count
 * and no scan is needed:
 *   K_lᵀ = [I | M_{val→1/c}]  (|V| × (|V| + |F|)): [P; f] = K_l P, the
 *          vertices and the face points of eq. 3;
 *   S_lᵀ  ((|V| + |F|) × |V'|): column r = refined vertex r as a combination of
 *          [P; f] (DESIGN §3's order): the vertex update of eq. 11 / 20 with the
 *          weights α, β, β_b, the face point itself, the edge-point stencil row
 *          with weight 1/4 each (a boundary row (a, b, a, b) sums to 1/2 each).
 * catmark_static.c multiplies them with mm_spgemm. The seven weights of §6.3
 * are the entries of that product (docs/schemes.md). */
#ifndef MESHMAT_SCHEMES_CATMARK_STATIC_RULES_H
#define MESHMAT_SCHEMES_CATMARK_STATIC_RULES_H

#include "catmark_rules.h"

typedef enum mmi_ccs_rule {
    MMI_CCS_NEAR = 0,     /* i ≤ |V| + |F|: column i of K_lᵀ (i = |V| + |F|: the end pointer) */
    MMI_CCS_REFINE = 1,   /* i ≤ |V'|: column i of S_lᵀ (i = |V'|: the end pointer)         */
    MMI_CCS_TO_F32 = 2    /* i < n: f32[i] = f64[i]                                         */
} mmi_ccs_rule;

/* What the rules read and write (backend memory). */
typedef struct mmi_ccs_args {
    int rule;
    int64_t nv, nf, ne;            /* level l's |V|, |F|, |E| (nf = 0 in NEAR: I)   */
    mmi_cc_csc M, E, Mt;           /* mesh matrix, eq. 4 (τ values), Mᵀ             */
    int64_t nnz_m, nnz_e, nnz_mt;
    const double *alpha, *beta, *beta_b, *inv_c;
    const uint32_t *stencil;       /* 4 per edge: the edge-point stencil rows       */
    int64_t *ptr;                  /* the CSC being written                         */
    uint32_t *rows;
    double *values;
    const double *f64;             /* TO_F32                                        */
    float *f32;
} mmi_ccs_args;

/* Column i of K_lᵀ: vertex i is 1 · p_i; face point f (column |V| + f) is
 * the mean of its corners, 1/c_f each (eq. 3). */
MM_HD void ccs_near(const mmi_ccs_args *g, int64_t i)
{
    if (i < g->nv) {
        g->ptr[i] = i;
        g->rows[i] = (uint32_t)i;
        g->values[i] = 1.0;
        return;
    }
    int64_t f = i - g->nv;
    if (f == g->nf) {
        g->ptr[i] = g->nv + (g->nf > 0 ? g->nnz_m : 0);
        return;
    }
    int64_t s = cc_col_start(&g->M, f), e = cc_col_start(&g->M, f + 1), out = g->nv + s;
    g->ptr[i] = out;
    for (int64_t q = s; q < e; ++q, ++out) {
        g->rows[out] = g->M.rows[q];
        g->values[out] = g->inv_c[f];
    }
}

/* Column r of S_lᵀ. Updated vertex i (eq. 11, 20): α_i at p_i, then per
 * neighbour j (E's column i) β_i + β_b,i [τ = 1], then β_i at each face point
 * of its faces (Mᵀ's column i); entries E_ptr(i) + i + Mt_ptr(i) onwards. Face
 * point f: 1 at f. Edge point e: 1/4 at each of its four stencil sources. */
MM_HD void ccs_refine(const mmi_ccs_args *g, int64_t r)
{
    int64_t vertex_block = g->nnz_e + g->nv + g->nnz_mt;
    if (r < g->nv) {
        int64_t es = cc_col_start(&g->E, r), ee = cc_col_start(&g->E, r + 1);
        int64_t ms = cc_col_start(&g->Mt, r), me = cc_col_start(&g->Mt, r + 1);
        int64_t out = es + r + ms;
        double b = g->beta[r], bb = g->beta_b[r];
        g->ptr[r] = out;
        g->rows[out] = (uint32_t)r;
        g->values[out++] = g->alpha[r];
        for (int64_t q = es; q < ee; ++q, ++out) {
            g->rows[out] = g->E.rows[q];
            g->values[out] = b + (g->E.values[q] == 1 ? bb : 0.0);
        }
        for (int64_t q = ms; q < me; ++q, ++out) {
            g->rows[out] = (uint32_t)(g->nv + g->Mt.rows[q]);
            g->values[out] = b;
        }
        return;
    }
    int64_t f = r - g->nv;
    if (f < g->nf) {
        g->ptr[r] = vertex_block + f;
        g->rows[vertex_block + f] = (uint32_t)r;
        g->values[vertex_block + f] = 1.0;
        return;
    }
    int64_t e = f - g->nf, out = vertex_block + g->nf + 4 * e;
    g->ptr[r] = out;
    if (e == g->ne) return;
    for (int t = 0; t < 4; ++t) {
        g->rows[out + t] = g->stencil[4 * e + t];
        g->values[out + t] = 0.25;
    }
}

MM_HD void ccs_rule_at(const mmi_ccs_args *g, int64_t i)
{
    switch (g->rule) {
    case MMI_CCS_NEAR: ccs_near(g, i); break;
    case MMI_CCS_REFINE: ccs_refine(g, i); break;
    default: g->f32[i] = (float)g->f64[i]; break;
    }
}

#ifdef __cplusplus
extern "C" {
#endif

/* ccs_rule_at(g, i) for every i < count, on the context's backend. */
mm_status mmi_ccs_run(mm_context ctx, const mmi_ccs_args *g, int64_t count);
mm_status mmi_ccs_run_cpu(mm_context ctx, const mmi_ccs_args *g, int64_t count);
mm_status mmi_ccs_run_cuda(mm_context ctx, const mmi_ccs_args *g, int64_t count);

#ifdef __cplusplus
}
#endif
#endif
