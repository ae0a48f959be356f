/* catmark_rules.h: the lambdas of Catmull-Clark's generic path (and, through
 * tri_rules.h included below, Loop's and √3's), the parts of
 * the formulas that read captured data (edge ids, |V|, |F|) and so cannot be
 * built-in maps of src/spla: σ of eq. 12 (the refined faces), the edge-point
 * stencil, the edge numbering of DESIGN §3 and the per-vertex weights of eq. 11
 * and eq. 20. Each is an MM_HD element rule run by a CPU loop or a CUDA kernel
 * (catmark_rules_cpu.c, catmark_rules_cuda.cu), like the spla launchers. */
#ifndef MESHMAT_SCHEMES_CATMARK_RULES_H
#define MESHMAT_SCHEMES_CATMARK_RULES_H

#include <math.h>
#include <stdint.h>

#include "../core/hd.h"
#include "../rules/catmark_masks.h"
#include "../rules/loop_masks.h"
#include "../rules/sqrt3_masks.h"
#include "meshmat/matrix.h"

typedef enum mmi_cc_rule {
    MMI_CC_EDGE_ENDS = 0,   /* i < |V|: column i of E's lower triangle gives edges (i, row)  */
    MMI_CC_EDGE_IDS = 1,    /* i < |E|: edge i's two entries in E get id i                   */
    MMI_CC_CHILD_EDGES = 2, /* i < 2|E| + nnz: the ends of refined edge i (DESIGN §3)        */
    MMI_CC_QUADS = 3,       /* i < |V|: σ (eq. 12) for the sides entering vertex i (F's col) */
    MMI_CC_STENCIL = 4,     /* i < |E|: the 4 weighted sources of edge point i               */
    MMI_CC_VERTEX_WEIGHTS = 5, /* i < |V|: α, β, β_f, β_b of the vertex update               */
    MMI_CC_FACE_WEIGHTS = 6,   /* i < |F|: 1 / c_i (eq. 3)                                  */
    MMI_LOOP_STENCIL = 7,      /* i < |E|: the 8 sources of Loop edge point i (tri_rules.h) */
    MMI_LOOP_VERTEX_WEIGHTS = 8, /* i < |V|: α, β, β_b of eq. 28–29                          */
    MMI_LOOP_TRIANGLES = 9,    /* i < |F|: the 4 children of triangle i                     */
    MMI_LOOP_CHILD_EDGES = 10, /* i < 2|E| + 3|F|: the ends of refined edge i               */
    MMI_SQRT3_VERTEX_WEIGHTS = 11, /* i < |V|: α, β, β_b of eq. 24–25                       */
    MMI_SQRT3_TRIANGLES = 12,  /* i < nnz: the refined triangle of corner i (Figure 12)     */
    MMI_SQRT3_CHILD_EDGES = 13, /* i < |E| + nnz (+ |B|): the ends of refined edge i        */
    MMI_SQRT3_STENCIL = 14,    /* i < |F| + |B|: the 3 sources of new vertex i              */
    MMI_SQRT3_FLAGS = 15,      /* i < |F|: 1 for a triangle with a boundary side            */
    MMI_SQRT3_RANKS = 16       /* i < |B|: boundary triangle bfaces[i] gets rank i          */
} mmi_cc_rule;

/* A CSC pattern as the rules see it: ptr NULL when uniform > 0. */
typedef struct mmi_cc_csc {
    const int64_t *ptr;
    int64_t uniform;
    const uint32_t *rows;
    const int32_t *values;  /* INT32 values, or NULL */
} mmi_cc_csc;

/* Everything any rule reads or writes (backend memory); each rule uses a few. */
typedef struct mmi_cc_args {
    int rule;
    int64_t nv, nf, ne;         /* |V|, |F|, |E| of the level                        */
    mmi_cc_csc M, E, L, F;      /* mesh, edges (eq. 4), E's lower part, sides (eq. 6) */
    uint32_t *ids;              /* edge id of each entry of E                        */
    const uint32_t *ends;       /* 2 per edge: (a_e, b_e)                            */
    uint32_t *out_ends;         /* EDGE_ENDS, CHILD_EDGES                            */
    uint32_t *quads;            /* the refined faces (QUADS, TRIANGLES); CHILD_EDGES */
    uint32_t *stencil;          /* the edge / new-point stencil columns              */
    const double *n, *nb, *c;   /* valence (eq. 10), boundary edges, face orders     */
    double *alpha, *beta, *beta_f, *beta_b, *inv_c;
    int corners;                /* EDGE_AND_CORNER: vertices in one face stay put    */
    int odd;                    /* √3: the level's generation is odd (tri_rules.h)   */
    double *weights;            /* the stencil's weights                             */
    uint32_t *flags, *rank;     /* √3, odd levels: boundary triangles, their ranks   */
    const uint32_t *bfaces;     /* √3, odd levels: the boundary triangles in order   */
} mmi_cc_args;

MM_HD int64_t cc_col_start(const mmi_cc_csc *x, int64_t j)
{
    return x->uniform > 0 ? x->uniform * j : x->ptr[j];
}

/* The index of entry (r, j) of x (rows sorted in each column), or -1. */
MM_HD int64_t cc_find(const mmi_cc_csc *x, uint32_t r, uint32_t j)
{
    int64_t lo = cc_col_start(x, j), hi = cc_col_start(x, (int64_t)j + 1);
    while (lo < hi) {
        int64_t mid = lo + (hi - lo) / 2;
        if (x->rows[mid] < r) lo = mid + 1;
        else hi = mid;
    }
    return lo < cc_col_start(x, (int64_t)j + 1) && x->rows[lo] == r ? lo : -1;
}

/* The id of the edge {a, b}: E's entries carry it in both orientations. */
MM_HD uint32_t cc_edge_id(const mmi_cc_args *g, uint32_t a, uint32_t b)
{
    int64_t q = cc_find(&g->E, a, b);
    return q < 0 ? UINT32_MAX : g->ids[q];
}

/* Level 0 (DESIGN §3): the edges are E's strict lower triangle in CSC order,
 * a_e = the column (min), b_e = the row (max). */
MM_HD void cc_edge_ends(const mmi_cc_args *g, int64_t j)
{
    for (int64_t q = cc_col_start(&g->L, j); q < cc_col_start(&g->L, j + 1); ++q) {
        g->out_ends[2 * q] = (uint32_t)j;
        g->out_ends[2 * q + 1] = g->L.rows[q];
    }
}

MM_HD void cc_edge_ids(const mmi_cc_args *g, int64_t e)
{
    uint32_t a = g->ends[2 * e], b = g->ends[2 * e + 1];
    int64_t q = cc_find(&g->E, a, b), r = cc_find(&g->E, b, a);
    if (q >= 0) g->ids[q] = (uint32_t)e;
    if (r >= 0) g->ids[r] = (uint32_t)e;
}

/* Refined edge i < 2|E| (DESIGN §3, every scheme that splits edges): the
 * halves 2e = (a_e, ep(e)) and 2e+1 = (ep(e), b_e), ep(e) = base + e. */
MM_HD void cc_split_edge(const mmi_cc_args *g, int64_t i, int64_t base, uint32_t *x,
                          uint32_t *y)
{
    int64_t e = i / 2;
    uint32_t ep = (uint32_t)(base + e);
    *x = i % 2 ? ep : g->ends[2 * e];
    *y = i % 2 ? g->ends[2 * e + 1] : ep;
}

/* Refined edges (DESIGN §3): 2e = (a_e, ep(e)), 2e+1 = (ep(e), b_e), and the
 * spoke 2|E| + k = (ep(out_k), fp(face_k)) of corner k, read off its quad. */
MM_HD void cc_child_edge(const mmi_cc_args *g, int64_t i)
{
    uint32_t x, y;
    if (i < 2 * g->ne) {
        cc_split_edge(g, i, g->nv + g->nf, &x, &y);
    } else {
        int64_t k = i - 2 * g->ne;
        x = g->quads[4 * k + 1];
        y = g->quads[4 * k + 2];
    }
    g->out_ends[2 * i] = x;
    g->out_ends[2 * i + 1] = y;
}

/* σ of eq. 12 over column j of F = M Mᵀ {Q_c}[γ]: each entry is a side i → j
 * of face k = F(i,j), i.e. the corner t of M where i stands in column k. Its
 * refined face (i, ep(E(i,j)), fp(k), ep(E(g(i,k), i))) is column t of M_{l+1}
 * (DESIGN §3 numbers refined faces in M's non-zero order, not T's). */
MM_HD void cc_quads(const mmi_cc_args *g, int64_t j)
{
    for (int64_t q = cc_col_start(&g->F, j); q < cc_col_start(&g->F, j + 1); ++q) {
        uint32_t i = g->F.rows[q], k = (uint32_t)g->F.values[q];
        int64_t s = cc_col_start(&g->M, k), c = cc_col_start(&g->M, (int64_t)k + 1) - s, p = 0;
        while (p < c && g->M.rows[s + p] != i) ++p;
        uint32_t prev = g->M.rows[s + (p + c - 1) % c];
        uint32_t base = (uint32_t)(g->nv + g->nf);
        uint32_t *quad = g->quads + 4 * (s + p);
        quad[0] = i;
        quad[1] = base + cc_edge_id(g, i, (uint32_t)j);
        quad[2] = (uint32_t)(g->nv + k);
        quad[3] = base + cc_edge_id(g, prev, i);
    }
}

/* Row e of the edge-point matrix R (|E| × (|V| + |F|), 4 weighted entries
 * over [P; f], mmi_catmark_edge_mask): (a, b, fp, fp') on an interior edge,
 * (a, b, a, b) with the sides' weights 0 on a boundary edge (§5.3). */
MM_HD void cc_stencil(const mmi_cc_args *g, int64_t e)
{
    uint32_t a = g->ends[2 * e], b = g->ends[2 * e + 1];
    int64_t ab = cc_find(&g->F, a, b), ba = cc_find(&g->F, b, a);
    int inner = ab >= 0 && ba >= 0;
    mmi_edge_mask m = mmi_catmark_edge_mask(!inner);
    uint32_t *row = g->stencil + 4 * e;
    double *w = g->weights + 4 * e;
    row[0] = a, row[1] = b;
    row[2] = inner ? (uint32_t)(g->nv + g->F.values[ab]) : a;
    row[3] = inner ? (uint32_t)(g->nv + g->F.values[ba]) : b;
    w[0] = w[1] = m.end;
    w[2] = w[3] = m.side;
}

/* The rule of vertex i (mmi_vertex_rule_of) from its faces n and boundary
 * edges nb. */
MM_HD mmi_vertex_rule cc_vertex_rule(const mmi_cc_args *g, int64_t i)
{
    return mmi_vertex_rule_of((int64_t)g->n[i], (int64_t)g->nb[i], g->corners);
}

/* S(p_i) = α p_i + β Σ_j p_j + β_f Σ_j f_j + β_b Σ_boundary p_j with the
 * weights of mmi_catmark_vertex_mask (eq. 9/11 inside, eq. 20 on the
 * boundary). */
MM_HD void cc_vertex_weights(const mmi_cc_args *g, int64_t i)
{
    mmi_vertex_mask m = mmi_catmark_vertex_mask(cc_vertex_rule(g, i), g->n[i]);
    g->alpha[i] = m.vertex;
    g->beta[i] = m.edge;
    g->beta_f[i] = m.face;
    g->beta_b[i] = m.crease;
}

#include "tri_rules.h"

MM_HD void cc_rule_at(const mmi_cc_args *g, int64_t i)
{
    switch (g->rule) {
    case MMI_CC_EDGE_ENDS: cc_edge_ends(g, i); break;
    case MMI_CC_EDGE_IDS: cc_edge_ids(g, i); break;
    case MMI_CC_CHILD_EDGES: cc_child_edge(g, i); break;
    case MMI_CC_QUADS: cc_quads(g, i); break;
    case MMI_CC_STENCIL: cc_stencil(g, i); break;
    case MMI_CC_VERTEX_WEIGHTS: cc_vertex_weights(g, i); break;
    case MMI_LOOP_STENCIL: loop_stencil(g, i); break;
    case MMI_LOOP_VERTEX_WEIGHTS: loop_vertex_weights(g, i); break;
    case MMI_LOOP_TRIANGLES: loop_triangles(g, i); break;
    case MMI_LOOP_CHILD_EDGES: loop_child_edge(g, i); break;
    case MMI_SQRT3_VERTEX_WEIGHTS: sqrt3_vertex_weights(g, i); break;
    case MMI_SQRT3_TRIANGLES: sqrt3_triangle(g, i); break;
    case MMI_SQRT3_CHILD_EDGES: sqrt3_child_edge(g, i); break;
    case MMI_SQRT3_STENCIL: sqrt3_stencil(g, i); break;
    case MMI_SQRT3_FLAGS: sqrt3_flag(g, i); break;
    case MMI_SQRT3_RANKS: sqrt3_rank(g, i); break;
    default: g->inv_c[i] = mmi_catmark_face_weight((int64_t)g->c[i]); break;
    }
}

#ifdef __cplusplus
extern "C" {
#endif

/* cc_rule_at(g, i) for every i < count, on the context's backend. */
mm_status mmi_cc_run(mm_context ctx, const mmi_cc_args *g, int64_t count);
mm_status mmi_cc_run_cpu(mm_context ctx, const mmi_cc_args *g, int64_t count);
mm_status mmi_cc_run_cuda(mm_context ctx, const mmi_cc_args *g, int64_t count);

#ifdef __cplusplus
}
#endif
#endif
