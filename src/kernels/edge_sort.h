/* edge_sort.h: level 0's edges without an SpGEMM (paper Alg. 2), for the
 * specialized paths of every scheme: the rules and launchers of
 * catmark_kernels.h (keys, sort, heads, scan, emission) run over faces of
 * any order, triangles included. */
#ifndef MESHMAT_KERNELS_EDGE_SORT_H
#define MESHMAT_KERNELS_EDGE_SORT_H

#include "catmark_kernels.h"

/* What the sort gives a level 0 (backend memory, allocated here, freed by
 * the caller with the sizes nnz and 2 ne): each corner's side code, each
 * edge's sides (catmark_kernels.h's layout) and, when asked for, its ends
 * (a_e, b_e) = (min, max), edges in (min, max) order (DESIGN §3). */
typedef struct mmi_sorted_edges {
    int64_t ne;
    uint32_t *side, *edge_sides, *ends;
} mmi_sorted_edges;

/* The edges of level x (x->ptr / uniform, verts, nv, nf, nnz set) into
 * *out (zeroed first); keep_ends: make out->ends; suspect (may be NULL): set
 * to 1 where the sort shows a broken input rule (sk_side_suspect). Refuses
 * 2^30 edges or more (MM_ERR_OVERFLOW): side codes keep two bits. */
mm_status mmi_sort_edges(mm_context ctx, const mmi_sk_level *x, int keep_ends, uint32_t *suspect,
                         const char *stage, mmi_sorted_edges *out);

#endif
