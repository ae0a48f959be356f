/* sqrt3_kernels.h: √3's specialized path (paper Appendix A, DESIGN §3,
 * Kobbelt's boundary rule): what its element rules see of a level
 * (triangles as corners, each corner's twin, the side codes of
 * corner_level.h where an edge list is made, the odd levels' boundary
 * triangle counts), the arguments of the families of rules that read
 * them, and the launchers: one rule per call over count elements on the
 * context's backend (sqrt3_kernels_cpu.c, sqrt3_kernels_cuda.cu). The rules are MM_HD
 * functions in sqrt3_topology.h, sqrt3_points.h (level 0) and
 * sqrt3_tri_points.h (levels ≥ 1). */
#ifndef MESHMAT_KERNELS_SQRT3_KERNELS_H
#define MESHMAT_KERNELS_SQRT3_KERNELS_H

#include <stdint.h>

#include "loop_kernels.h"
#include "rule_args.h"

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

/* Level l + 1's topology from level l by formula (sqrt3_topology.h): the
 * child triangles (t < |F_{l+1}|: triangle t of level l + 1, Figure 12, its
 * twins and side codes), the child edges (κ < nnz_l: the refined edges
 * corner κ owns, DESIGN §3) and the boundary flags (κ < nnz_l: κ's side is
 * on the boundary, counted by a scan into level l + 1's bcount). */
typedef struct mmi_s3_child_args {
    int level;                  /* l                                               */
    mmi_s3_level lv[MMI_SK_MAX_LEVELS]; /* levels 0 … l (rule_args.h says why a
                                   table): the rules read l                        */
    uint32_t *out_faces;        /* child triangles: level l + 1's M rows           */
    uint32_t *out_twin;         /* child triangles: its twins, or NULL             */
    uint32_t *out_side;         /* child triangles: its side codes, or NULL        */
    uint32_t *out_ends;         /* child edges: level l + 1's edge list            */
    uint32_t *out_flags;        /* boundary flags                                  */
} mmi_s3_child_args;

/* Level l + 1's points from level l's below level 0 (l ≥ 1,
 * sqrt3_tri_points.h): the triangle faces (f d + c < |F_{l−1}| d: component
 * c of the points around triangle f of level l − 1; with out_faces, the fused
 * route's last step, the triangles of level l + 1 below its corners too,
 * straight from level l − 1: level l's topology is never stored), then the
 * old vertices (v d + c < |V_{l−1}| d, by their ring sums). */
typedef struct mmi_s3_tri_args {
    int level;                  /* l: its parity picks the boundary rule of the old
                                   vertices (s3_vertex_step)                       */
    mmi_s3_level lv[MMI_SK_MAX_LEVELS]; /* levels 0 … l: the rules read l − 1, l and,
                                   where level l − 1 is not stored (the driver's
                                   folds), l − 2 (rule_args.h says why a table;
                                   here the last step of a splitting level spilled
                                   under its 48-register bound without it)        */
    mmi_sk_data data;
    uint32_t *out_faces;        /* level l + 1's M rows, or NULL                   */
} mmi_s3_tri_args;

#ifdef __cplusplus
extern "C" {
#endif

MMI_SK_LAUNCHER(mmi_s3_child_tris, mmi_s3_child_args);
MMI_SK_LAUNCHER(mmi_s3_child_ends, mmi_s3_child_args);
MMI_SK_LAUNCHER(mmi_s3_boundary_flags, mmi_s3_child_args);
/* Level 1's points by gathers (sqrt3_points.h, s3_level0_point), blocks of
 * components (sk_blocks): first updated vertex v < |V_0| (eq. 24–25) and its
 * kind and ring sum at level 1, then face point f < |F_0| (eq. 26). */
MMI_SK_LAUNCHER(mmi_s3_level0_points, mmi_sk_points0_args);
MMI_SK_LAUNCHER(mmi_s3_tri_faces, mmi_s3_tri_args);
MMI_SK_LAUNCHER(mmi_s3_old_vertices, mmi_s3_tri_args);

#ifdef __cplusplus
}
#endif

/* Level l − 2 of a rule reading level l (NULL for l < 2): the level
 * s3_corner_at reads where level l − 1 is not stored. */
MM_HD const mmi_s3_level *s3_level_above(const mmi_s3_tri_args *g)
{
    return g->level >= 2 ? &g->lv[g->level - 2] : NULL;
}

/* The twin of corner κ of level x. */
MM_HD uint32_t s3_twin(const mmi_s3_level *x, int64_t k)
{
    if (x->twin) return x->twin[k];
    const uint32_t *sides = x->edge_sides + 2 * (int64_t)(x->side[k] >> 2);
    return sides[0] == (uint32_t)k ? sides[1] : sides[0];
}

#endif
