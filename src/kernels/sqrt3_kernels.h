/* sqrt3_kernels.h: √3's specialized path (paper Appendix A, DESIGN §3,
 * Kobbelt's boundary rule): what its element rules see of a level
 * (triangles as corners, each corner's twin, the side codes of
 * corner_level.h where an edge list is made, the odd levels' boundary
 * triangle counts), the arguments of every rule, and the
 * launcher: one rule per call over count elements on the context's backend
 * (sqrt3_kernels_cpu.c, sqrt3_kernels_cuda.cu). The rules are MM_HD
 * functions in sqrt3_topology.h, sqrt3_points.h (level 0) and
 * sqrt3_tri_points.h (levels ≥ 1). */
#ifndef MESHMAT_KERNELS_SQRT3_KERNELS_H
#define MESHMAT_KERNELS_SQRT3_KERNELS_H

#include <stdint.h>

#include "loop_kernels.h"

/* A level as corners: corner κ = 3f + c is corner c of triangle f (M's
 * non-zero κ). κ's twin is the corner whose side runs the other way along
 * κ's side κ → next(κ), so twin / 3 is the triangle across it (F of eq.
 * 6–7), MMI_SK_NONE on a boundary side: stored in twin at levels ≥ 1, at
 * level 0 (twin NULL) the other corner of edge_sides on κ's edge (s3_twin).
 * side[κ] (level 0, and in a build the levels below the last): the side
 * code (edge << 2) | boundary << 1 | backward of corner_level.h.
 * bcount[t] (odd levels of an open mesh): the boundary triangles among
 * 0 … t, so boundary triangle t's y point is |V| + |F| + bcount[t] − 1. */
typedef struct mmi_s3_level {
    int64_t nv, nf, ne;
    const uint32_t *verts;
    const uint32_t *side;
    const uint32_t *twin;
    const uint32_t *edge_sides;
    const uint32_t *bcount;
} mmi_s3_level;

typedef enum mmi_s3_rule {
    MMI_S3_CHILD_TRIS = 0,     /* t < |F_{l+1}|: triangle t of level l + 1 (Figure 12), its
                                  twins and side codes                                     */
    MMI_S3_GRANDCHILD_TRIS = 1, /* u < nnz_{l−1}, l ≥ 1: the triangles of level l + 1 below
                                  corner u of level l − 1, straight from it (level l is
                                  never stored)                                            */
    MMI_S3_CHILD_ENDS = 2,     /* κ < nnz_l: the refined edges corner κ owns (DESIGN §3)     */
    MMI_S3_FACE_POINTS = 3,    /* f < |F_0|: eq. 26                                          */
    MMI_S3_VERTEX_POINTS = 4,  /* v < |V_0|: eq. 24–25, and v's kind and ring sum at level 1 */
    MMI_S3_TRI_FACES = 5,      /* f d + c < |F_{l−1}| d, l ≥ 1: component c of level l + 1's
                                  points around triangle f of level l − 1; with out_tris,
                                  GRANDCHILD_TRIS' triangles too                           */
    MMI_S3_OLD_VERTICES = 6,   /* v d + c < |V_{l−1}| d, l ≥ 1: by the ring sums             */
    MMI_S3_BOUNDARY_FLAGS = 7  /* κ < nnz_l: out_flags[κ] = κ's side is on the boundary      */
} mmi_s3_rule;

typedef struct mmi_s3_args {
    int rule;
    int level;                          /* l: the level the rule reads                     */
    int64_t count;                      /* the number of elements of this call             */
    mmi_s3_level lv[MMI_SK_MAX_LEVELS]; /* levels 0 … l                                    */
    const int64_t *vt_ptr;              /* Mᵀ of level 0: vertex → (face, 1-based slot)     */
    const uint32_t *vt_faces;
    const int32_t *vt_slots;
    uint32_t *out_twin;                 /* CHILD_TRIS: level l + 1's twins (may be NULL)   */
    uint32_t *out_tris;                 /* CHILD_TRIS, GRANDCHILD_TRIS: M rows; TRI_FACES:
                                           level l + 1's, or NULL                         */
    uint32_t *out_side;                 /* CHILD_TRIS: its side codes (may be NULL)        */
    uint32_t *out_ends;                 /* CHILD_ENDS: level l + 1's edge list             */
    uint32_t *out_flags;                /* BOUNDARY_FLAGS                                  */
    const void *P;                      /* level l's vertex data, |V_l| × d                */
    void *Y;                            /* level l + 1's, |V_{l+1}| × d                    */
    int64_t d;
    int f64;                            /* float64 data, else float32                      */
    double *ring;                       /* per vertex d float64 ring sums (on the boundary
                                           the two boundary neighbours'): read for the old
                                           vertices, written for the next level when
                                           ring_next                                      */
    int ring_next;
    uint32_t *kinds;                    /* per vertex: mmi_kind_of (src/rules/masks.h)     */
} mmi_s3_args;

#ifdef __cplusplus
extern "C" {
#endif

/* The rule g->rule for every element i < g->count, on the context's backend. */
mm_status mmi_s3_run(mm_context ctx, const mmi_s3_args *g);
mm_status mmi_s3_run_cpu(mm_context ctx, const mmi_s3_args *g);
mm_status mmi_s3_run_cuda(mm_context ctx, const mmi_s3_args *g);

#ifdef __cplusplus
}
#endif

/* The twin of corner κ of level x. */
MM_HD uint32_t s3_twin(const mmi_s3_level *x, int64_t k)
{
    if (x->twin) return x->twin[k];
    const uint32_t *sides = x->edge_sides + 2 * (int64_t)(x->side[k] >> 2);
    return sides[0] == (uint32_t)k ? sides[1] : sides[0];
}

#endif
