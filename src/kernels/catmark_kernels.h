/* catmark_kernels.h: Catmull-Clark's specialized path (paper §4, Alg. 1–9):
 * the arguments of every rule over its levels (corner_level.h), and
 * the launchers: one rule per call over count elements on the context's
 * backend (catmark_kernels_cpu.c, catmark_kernels_cuda.cu); Alg. 2's level-0
 * edge enumeration sorts and scans with core/scan_sort.h. The rules are MM_HD
 * functions in catmark_topology.h, catmark_points.h (level 0) and
 * catmark_quad_points.h (levels ≥ 1). */
#ifndef MESHMAT_KERNELS_CATMARK_KERNELS_H
#define MESHMAT_KERNELS_CATMARK_KERNELS_H

#include <stdint.h>

#include "../core/hd.h"
#include "corner_level.h"
#include "meshmat/context.h"

typedef enum mmi_sk_rule {
    MMI_SK_EDGE_KEYS = 0,     /* f < |F_0|: the (min, max) key of each side (Alg. 2)   */
    MMI_SK_EDGE_HEADS = 1,    /* p < nnz_0: 1 where a new key starts in sorted order   */
    MMI_SK_EDGE_EMIT = 2,     /* p < nnz_0: level 0's side codes, edge sides and ends  */
    MMI_SK_CHILD_CORNERS = 3, /* κ < nnz_l: quad κ of level l + 1 (Alg. 3), its side
                                 codes and the sides of the edges on κ's sides     */
    MMI_SK_GRANDCHILD_QUADS = 4, /* c < 4 nnz_{l−1}: quad c of level l + 1 straight
                                 from level l − 1 (level l is never stored)         */
    MMI_SK_FACE_POINTS = 5,   /* f < |F_0|: eq. 3 (Alg. 4), level 0                     */
    MMI_SK_EDGE_POINTS = 6,   /* e < |E_0|: Alg. 5, midpoints on the boundary (§5.3)    */
    MMI_SK_VERTEX_POINTS = 7, /* v < |V_0|: eq. 9 / 11, eq. 20 on the boundary (§4.3),
                                 and v's ring sums at level 1                        */
    MMI_SK_CHECK_FANS = 8,    /* v < |V_0|: faces repeating v, v's corners in one fan   */
    MMI_SK_QUAD_POINTS = 9    /* l ≥ 1, i < (|F_{l−1}| + |V_{l−1}|) d: component c of
                                 level l + 1's points around face f of level l − 1
                                 for i = f d + c (face and spoke points, f's face
                                 vertex, the points on the edges whose first side
                                 is f's), then of vertex v of level l − 1 for
                                 i = (|F_{l−1}| + v) d + c (by its ring sums);
                                 with out_quads, GRANDCHILD_QUADS' quads too        */
} mmi_sk_rule;

typedef struct mmi_sk_args {
    int rule;
    int level;                         /* l: the level the rule reads                  */
    int corners;                       /* EDGE_AND_CORNER: one-face vertices stay put  */
    int64_t count;                     /* the number of elements of this call          */
    mmi_sk_level lv[MMI_SK_MAX_LEVELS]; /* levels 0 … l (the vertex rule reads them all) */
    const int64_t *vt_ptr;             /* Mᵀ of level 0: vertex → (face, 1-based slot)  */
    const uint32_t *vt_faces;
    const int32_t *vt_slots;
    uint64_t *keys;                    /* level-0 edge enumeration (Alg. 2)             */
    uint32_t *key_corners, *key_ids;
    int key_shift;                     /* a key is (min << key_shift) | max             */
    uint32_t *ends;                    /* EDGE_EMIT: level 0's (a_e, b_e), may be NULL  */
    uint32_t *out_quads;               /* CHILD_CORNERS, GRANDCHILD_QUADS: M rows;
                                          QUAD_POINTS: level l + 1's, or NULL         */
    uint32_t *out_side;                /* EDGE_EMIT, CHILD_CORNERS (may be NULL)        */
    uint32_t *out_edge_sides;          /* EDGE_EMIT, CHILD_CORNERS (may be NULL there)  */
    uint32_t *suspect;                 /* EDGE_EMIT, CHECK_FANS: set to 1 where level 0
                                          may break the input rules (may be NULL)      */
    uint32_t *edge_count;              /* EDGE_EMIT: |E_0|, from the last sorted side  */
    const void *P;                     /* level l's vertex data, |V_l| × d              */
    void *Y;                           /* level l + 1's, |V_{l+1}| × d                  */
    int64_t d;
    int f64;                           /* float64 data, else float32                    */
    void *ring;                        /* per vertex 2d ring sums (S1 then S2), P's type:
                                          read for the old vertices, written for the
                                          next level when ring_next                    */
    int ring_next;
    uint32_t *kinds;                   /* per vertex: mmi_kind_of (src/rules/masks.h)   */
} mmi_sk_args;

#ifdef __cplusplus
extern "C" {
#endif

/* The rule g->rule for every element i < g->count, on the context's backend. */
mm_status mmi_sk_run(mm_context ctx, const mmi_sk_args *g);
mm_status mmi_sk_run_cpu(mm_context ctx, const mmi_sk_args *g);
mm_status mmi_sk_run_cuda(mm_context ctx, const mmi_sk_args *g);

#ifdef __cplusplus
}
#endif

#endif
