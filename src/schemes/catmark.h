/* catmark.h: Catmull-Clark's generic path (paper §3.2, §5.3; DESIGN §3): the
 * data of one level and the functions that build it and refine vertex data
 * through it, one per formula (catmark_build.c, catmark_eval.c). */
#ifndef MESHMAT_SCHEMES_CATMARK_H
#define MESHMAT_SCHEMES_CATMARK_H

#include "meshmat/subdiv.h"

/* What level l keeps for evaluation and for building level l + 1. All in the
 * context's memory. The generic paths of Loop and √3 keep the same data
 * (generic_level.h; R is their weighted stencil, inv_c unused by Loop). */
typedef struct mmi_cc_level {
    int level;         /* l                                                              */
    int64_t boundary;  /* √3: boundary edges (they set the counts of odd levels)         */
    mm_subdiv_counts n;
    mm_matrix M;       /* |V| × |F| mesh matrix (level 0: borrowed from the mesh)        */
    mm_matrix Mt;      /* Mᵀ, INT32 corner positions: the B operand of eq. 4, 6, 12       */
    mm_matrix E;       /* eq. 4, INT32 τ = faces on the edge (1: boundary)                */
    mm_matrix R;       /* edge-point stencil, |E| × (|V| + |F|) uniform-4 CSR pattern     */
    mm_dense inv_c;    /* |F| × 1: 1 / c (eq. 2–3)                                       */
    mm_dense alpha, beta, beta_b; /* |V| × 1 weights of the vertex update (eq. 11, 20)   */
    uint32_t *ends;    /* 2 |E|: edge e = (a_e, b_e) in DESIGN §3's order                 */
} mmi_cc_level;

/* Level l + 1's counts from level l's (DESIGN §3), or MM_ERR_OVERFLOW past
 * the id types: vertex and edge ids are uint32, face ids int32 (F's values). */
mm_status mmi_cc_next_counts(mm_context ctx, int level, const mm_subdiv_counts *n,
                             mm_subdiv_counts *next);

/* Level 0's edges (DESIGN §3): the strict lower triangle of
 * M Mᵀ {Q_c + Q_c^{c−1}} (eq. 4) in CSC order, sorted by (min, max); sets
 * lv->ends and lv->n.edges (and lv->Mt). */
mm_status mmi_cc_enumerate_edges(mm_context ctx, mmi_cc_level *lv);

/* Builds level l's data from its M and edge list, and makes level l + 1's M
 * and edge list (next->M, next->ends; next->n must hold its counts). */
mm_status mmi_cc_build_level(mm_context ctx, mmi_cc_level *lv, mmi_cc_level *next,
                             mm_boundary boundary);

/* The vertex data of level l + 1 (a new |V'| × d array) from X (|V| × d). */
mm_status mmi_cc_eval_level(mm_context ctx, const mmi_cc_level *lv, mm_dense X, mm_dense *Y);

/* Frees what level data owns (not a level-0 M). */
void mmi_cc_level_free(mm_context ctx, mmi_cc_level *lv, int owns_m);

#endif
