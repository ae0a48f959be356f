/* loop_kernels.h: Loop's specialized path (paper Appendix B, DESIGN §3):
 * what its element rules see of a level (triangles as corners, the side code
 * of each corner and the sides of each edge, in corner_level.h's layout), the arguments of every rule, and the launcher: one rule per call
 * over count elements on the context's backend (loop_kernels_cpu.c,
 * loop_kernels_cuda.cu). The rules are MM_HD functions in loop_topology.h,
 * loop_points.h (level 0) and loop_tri_points.h (levels ≥ 1). */
#ifndef MESHMAT_KERNELS_LOOP_KERNELS_H
#define MESHMAT_KERNELS_LOOP_KERNELS_H

#include <stdint.h>

#include "corner_level.h"
#include "meshmat/context.h"


/* A level as corners: corner κ = 3f + c is corner c of triangle f (M's
 * non-zero κ: every face is a triangle, so level 0 is laid out the same).
 * side[κ] codes the side κ → next(κ) as corner_level.h does:
 * (edge << 2) | boundary << 1 | backward. edge_sides[2e], [2e + 1]: the
 * corners whose sides lie on edge e (level 0: in the sort's order; below:
 * forward first, lk_child_edge_sides), the second MMI_SK_NONE on the
 * boundary. */
typedef struct mmi_lk_level {
    int64_t nv, nf, ne;
    const uint32_t *verts;
    const uint32_t *side;
    const uint32_t *edge_sides;
} mmi_lk_level;

typedef enum mmi_lk_rule {
    MMI_LK_CHILD_TRIS = 0,    /* t < |F_{l+1}|: triangle t of level l + 1, its side codes
                                 and its edges' sides                                   */
    MMI_LK_GRANDCHILD_TRIS = 1, /* f < |F_{l−1}|, l ≥ 1: triangle f's grandchildren of level
                                 l + 1 straight from level l − 1 (level l is never stored) */
    MMI_LK_EDGE_POINTS = 2,   /* e < |E_0|: Figure 13 (left), midpoints on the boundary      */
    MMI_LK_VERTEX_POINTS = 3, /* v < |V_0|: eq. 28–29, 3/4 and 1/8 on the boundary, and v's
                                 kind and ring sum at level 1                               */
    MMI_LK_TRI_FACES = 4,     /* f d + c < |F_{l−1}| d, l ≥ 1: component c of level l + 1's
                                 points around triangle f of level l − 1 (loop_tri_points.h);
                                 with out_tris, GRANDCHILD_TRIS' triangles too              */
    MMI_LK_OLD_VERTICES = 5   /* v d + c < |V_{l−1}| d, l ≥ 1: by the ring sums             */
} mmi_lk_rule;

typedef struct mmi_lk_args {
    int rule;
    int level;                          /* l: the level the rule reads                     */
    int corners;                        /* EDGE_AND_CORNER: one-face vertices stay put     */
    int64_t count;                      /* the number of elements of this call             */
    mmi_lk_level lv[MMI_SK_MAX_LEVELS]; /* levels 0 … l                                    */
    const int64_t *vt_ptr;              /* Mᵀ of level 0: vertex → (face, 1-based slot)     */
    const uint32_t *vt_faces;
    const int32_t *vt_slots;
    uint32_t *out_tris;                 /* CHILD_TRIS, GRANDCHILD_TRIS: M rows; TRI_FACES:
                                           level l + 1's, or NULL                         */
    uint32_t *out_side;                 /* CHILD_TRIS: its side codes (may be NULL)        */
    uint32_t *out_edge_sides;           /* CHILD_TRIS: its edges' sides (may be NULL)      */
    const void *P;                      /* level l's vertex data, |V_l| × d                */
    void *Y;                            /* level l + 1's, |V_{l+1}| × d                    */
    int64_t d;
    int f64;                            /* float64 data, else float32                      */
    double *ring;                       /* per vertex d float64 ring sums S1: read for the
                                           old vertices, written for the next level when
                                           ring_next                                      */
    int ring_next;
    uint32_t *kinds;                    /* per vertex: mmi_kind_of (src/rules/masks.h)     */
} mmi_lk_args;

#ifdef __cplusplus
extern "C" {
#endif

/* The rule g->rule for every element i < g->count, on the context's backend. */
mm_status mmi_lk_run(mm_context ctx, const mmi_lk_args *g);
mm_status mmi_lk_run_cpu(mm_context ctx, const mmi_lk_args *g);
mm_status mmi_lk_run_cuda(mm_context ctx, const mmi_lk_args *g);

#ifdef __cplusplus
}
#endif

/* The triangle of corner κ and κ's place in it. A level's corners stay
 * below 2^32 (the driver refuses larger levels, specialized_driver.c), so
 * the division runs in 32 bits: in 64 it takes several instructions a use,
 * and the √3 last step uses it a dozen times a thread (with sk_column, its
 * pass to 38.4M triangles went from 185M to 156M warp instructions, ncu on
 * the H100). */
MM_HD int64_t lk_tri_of(int64_t k)
{
    return (int64_t)((uint32_t)k / 3u);
}

MM_HD int lk_slot_of(int64_t k)
{
    return (int)((uint32_t)k % 3u);
}

/* The corners after and before κ in its triangle. */
MM_HD int64_t lk_next(int64_t k)
{
    return lk_slot_of(k) == 2 ? k - 2 : k + 1;
}

MM_HD int64_t lk_prev(int64_t k)
{
    return lk_slot_of(k) == 0 ? k + 2 : k - 1;
}

#endif
