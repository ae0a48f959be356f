/* edge_sort.h: level 0's edges without an SpGEMM (paper Alg. 2), for the
 * specialized paths of every scheme: the rules and launchers of
 * catmark_kernels.h (keys, sort, heads, scan, emission) run over faces of
 * any order, triangles included. */
#ifndef MESHMAT_KERNELS_EDGE_SORT_H
#define MESHMAT_KERNELS_EDGE_SORT_H

#include "catmark_kernels.h"

/* What the sort gives a level 0 (backend memory, allocated here, freed by
 * the caller with the sizes nnz and 2 nnz): each corner's side code, each
 * edge's sides (corner_level.h's layout) and, when asked for, its ends
 * (a_e, b_e) = (min, max), edges in (min, max) order (DESIGN §3). The edge
 * arrays are sized by the corners (|E| ≤ nnz: every edge has a side), so
 * that nothing waits for the edge count on the host. */
typedef struct mmi_sorted_edges {
    uint32_t *side, *edge_sides, *ends;
} mmi_sorted_edges;

/* The edges of level x (x->ptr / uniform, verts, nv, nf, nnz set) into
 * *out (zeroed first), queued on the context's stream with no host read:
 * report (backend memory, zeroed by the caller) gets report[0] = 1 where the
 * sort shows a broken input rule (sk_side_suspect) and report[1] = |E|.
 * keep_ends: make out->ends. Past 2^30 edges the side codes wrap (they keep
 * two bits), so the caller refuses such an edge count once it reads it; the
 * codes stay below nnz and every read of the arrays in bounds. */
mm_status mmi_sort_edges(mm_context ctx, const mmi_sk_level *x, int keep_ends, uint32_t *report,
                         const char *stage, mmi_sorted_edges *out);

#endif
