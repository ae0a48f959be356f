/* catmark_kernels.h: Catmull-Clark's specialized path (paper §4, Alg. 1–9):
 * its launchers, one rule per call over count elements on the context's
 * backend (catmark_kernels_cpu.c, catmark_kernels_cuda.cu; level 0's
 * points: three rules in one call), with the arguments of rule_args.h,
 * and level 0's analysis (the edge sort and the input check, for every
 * scheme; the tables of level 0's point rules) with its own. The rules are MM_HD
 * functions in catmark_topology.h, catmark_points.h (level 0) and
 * catmark_quad_points.h (levels ≥ 1). */
#ifndef MESHMAT_KERNELS_CATMARK_KERNELS_H
#define MESHMAT_KERNELS_CATMARK_KERNELS_H

#include <stdint.h>

#include "../core/hd.h"
#include "rule_args.h"

/* Level 0's analysis, for every scheme: its edges from sorted (min, max)
 * keys (Alg. 2, edge_sort.c) and the input rules the sort cannot show
 * (subdiv.c's mmi_subdiv_check_fans). */
typedef enum mmi_sk_rule {
    MMI_SK_EDGE_KEYS = 0,  /* f < |F_0|: the (min, max) key of each side (Alg. 2)   */
    MMI_SK_EDGE_HEADS = 1, /* p < nnz_0: 1 where a new key starts in sorted order   */
    MMI_SK_EDGE_EMIT = 2,  /* p < nnz_0: level 0's side codes, edge sides and ends  */
    MMI_SK_CHECK_FANS = 3, /* v < |V_0|: faces repeating v, v's corners in one fan  */
    MMI_SK_FACE_OF = 4,    /* f < |F_0|: the face of each of f's corners (face_of)   */
    MMI_SK_RING_STEPS = 5, /* q < nnz_0: Catmull-Clark's ring step of Mᵀ's entry q   */
    MMI_SK_EDGE_ROWS = 6   /* e < |E_0|: Catmull-Clark's (a, b, f_0, f_1) of edge e  */
} mmi_sk_rule;

typedef struct mmi_sk_args {
    int rule;
    int64_t count;              /* the number of elements of this call             */
    mmi_sk_level lv[1];         /* level 0                                         */
    const int64_t *vt_ptr;      /* CHECK_FANS: Mᵀ of level 0 (mmi_sk_vertex_faces)  */
    const uint32_t *vt_faces;
    const int32_t *vt_slots;
    uint64_t *keys;             /* the edge enumeration (Alg. 2)                   */
    uint32_t *key_corners, *key_ids;
    int key_shift;              /* a key is (min << key_shift) | max               */
    uint32_t *ends;             /* EDGE_EMIT: level 0's (a_e, b_e), may be NULL    */
    uint32_t *out_side;         /* EDGE_EMIT                                       */
    uint32_t *out_edge_sides;   /* EDGE_EMIT                                       */
    uint32_t *suspect;          /* EDGE_EMIT, CHECK_FANS: set to 1 where level 0
                                   may break the input rules (may be NULL)         */
    uint32_t *edge_count;       /* EDGE_EMIT: |E_0|, from the last sorted side     */
    uint32_t *out_face_of;      /* FACE_OF: nnz_0 words                            */
    mmi_sk_ring_step *out_steps; /* RING_STEPS: nnz_0 steps (vt_faces, vt_slots)   */
    uint32_t *out_edge_rows;    /* EDGE_ROWS: 4 |E_0| words                        */
} mmi_sk_args;

#ifdef __cplusplus
extern "C" {
#endif

/* The rule g->rule for every element i < g->count, on the context's backend. */
mm_status mmi_sk_run(mm_context ctx, const mmi_sk_args *g);
mm_status mmi_sk_run_cpu(mm_context ctx, const mmi_sk_args *g);
mm_status mmi_sk_run_cuda(mm_context ctx, const mmi_sk_args *g);

/* κ < nnz_l: quad κ of level l + 1 (Alg. 3), its side codes and the sides
 * of the edges on κ's sides (sk_child_corner). */
MMI_SK_LAUNCHER(mmi_sk_child_quads, mmi_sk_child_args);
/* Level 1's points by gathers (catmark_points.h), three passes each
 * reading the ones before: the face points (f < |F_0|: eq. 3, Alg. 4), the
 * edge points (e < |E_0|: Alg. 5, midpoints on the boundary, §5.3) and the
 * updated vertices (v < |V_0|: eq. 9 / 11, eq. 20 on the boundary, §4.3)
 * with their ring sums at level 1. On CUDA a small cage's three passes run
 * in one block. */
mm_status mmi_sk_level0_points(mm_context ctx, const mmi_sk_points0_args *g);
mm_status mmi_sk_level0_points_cpu(mm_context ctx, const mmi_sk_points0_args *g);
mm_status mmi_sk_level0_points_cuda(mm_context ctx, const mmi_sk_points0_args *g);
/* l ≥ 1, i < sk_quad_point_count(g) (catmark_quad_points.h): component c
 * of level l + 1's points around face f of level l − 1 for i = f d + c (face
 * and spoke points, f's face vertex, the points on the edges whose first
 * side is f's; on a level of mixed orders one element per corner, then one
 * per face vertex), then of each vertex of level l − 1 (by its ring sums);
 * with out_faces, level l + 1's quads too (c < nnz_l, sk_grandchild_quad). */
MMI_SK_LAUNCHER(mmi_sk_quad_points, mmi_sk_points_args);

#ifdef __cplusplus
}
#endif

#endif
