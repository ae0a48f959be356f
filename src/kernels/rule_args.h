/* rule_args.h: the arguments the specialized rules of every scheme share
 * (Catmull-Clark, Loop; √3 where its levels need no twins): a step's vertex
 * data, level 0's Mᵀ, and one struct per family of rules — a level's
 * children by formula, level 1's points by gathers over level 0, and the
 * points below level 0 by one pass over the faces of the level above. The
 * driver fills them (specialized_driver.c); each scheme's rules and
 * launchers take them (catmark_kernels.h, loop_kernels.h, sqrt3_kernels.h). */
#ifndef MESHMAT_KERNELS_RULE_ARGS_H
#define MESHMAT_KERNELS_RULE_ARGS_H

#include <stdint.h>

#include "corner_level.h"
#include "meshmat/context.h"

/* What Catmull-Clark's level-0 vertex rule reads of face f around vertex v
 * (Mᵀ's entry for v and f): the corners after and before v's corner κ
 * (their vertices), f, and the side codes of κ's out and in edges. */
typedef struct mmi_sk_ring_step {
    uint32_t out, in, f, so, si;
} mmi_sk_ring_step;

/* Mᵀ of level 0: vertex v's faces faces[ptr[v] … ptr[v + 1] − 1] and its
 * 1-based slot in each, for the level-0 rules that gather around a vertex;
 * for Catmull-Clark also each entry's ring step, made once by the build
 * (NULL elsewhere). */
typedef struct mmi_sk_vertex_faces {
    const int64_t *ptr;
    const uint32_t *faces;
    const int32_t *slots;
    const mmi_sk_ring_step *steps;
} mmi_sk_vertex_faces;

/* What a vertex-data rule reads and writes besides its levels. */
typedef struct mmi_sk_data {
    const void *P;   /* level l's vertex data, |V_l| × d                          */
    void *Y;         /* level l + 1's, |V_{l+1}| × d                             */
    int64_t d;
    int f64;         /* float64 data, else float32                               */
    void *ring;      /* per vertex ring sums in the data's type: Catmull-Clark
                        2d (S1 then S2), Loop and √3 d; read for the old
                        vertices, written for the next level when ring_next;
                        NULL for one level                                      */
    int ring_next;
    uint32_t *kinds; /* per vertex: mmi_kind_of (src/rules/masks.h)              */
    void *final;     /* the step before the last (every scheme; no ring_next):
                        the last level's data, where each vertex of level l + 1
                        that the step moves by its ring sums gets its row two
                        levels down (one more step of the same rule) instead of
                        the sums; or NULL                                       */
    int old_done;    /* the last step after such a one: level l − 1's vertices
                        are in Y already, and the step leaves them              */
    int corrected;   /* a tagged mesh's corrections follow the step's kernels:
                        on CUDA they launch early (sharp_kernels_cuda.cu), and
                        the kernels let them (fold_data.cuh: mmi_fold_early)    */
    int early;       /* an evaluation's step: the kernels before it on the
                        stream write vertex data only, so on CUDA Loop's
                        kernels and Catmull-Clark's element kernel may launch
                        early and load their topology before they wait
                        (mmi_launch_early)                                      */
} mmi_sk_data;

/* Where a step of Loop or √3 stores what each vertex it moves leaves below
 * (lk_vertex_kept, s3_vertex_kept), in the place of the vertex's row: the
 * ring sums (ring_next), else the last level's rows (final), else nowhere
 * (NULL). */
MM_HD void *sk_keeps(const mmi_sk_data *io)
{
    return io->ring_next ? io->ring : io->final;
}

/* The ring sums a step keeps for the next level (ring_next), else NULL:
 * where a rule stores sums rather than reads them. */
MM_HD void *sk_ring_kept(const mmi_sk_data *io)
{
    return io->ring_next ? io->ring : NULL;
}

/* A vertex's kind one level down, kept with its ring sums: stored once a
 * row (by its component c = 0) where ring sums are kept (ring not NULL) and
 * kinds are. */
MM_HD void sk_keep_kind(const void *ring, uint32_t *kinds, uint32_t kind, int64_t r, int64_t c)
{
    if (ring && kinds && c == 0) kinds[r] = kind;
}

/* Level l + 1's faces from level l by formula, one element per child (or
 * per corner of level l): their vertices, side codes and their edges' sides.
 * The levels come as a table indexed by l at run time, as in every family
 * below level 0: with a level at a fixed place ptxas holds more of its
 * fields in registers, and the kernels' register counts (so their
 * occupancy) and spills change. */
typedef struct mmi_sk_child_args {
    int level;                /* l                                                 */
    mmi_sk_level lv[MMI_SK_MAX_LEVELS]; /* levels 0 … l: the rules read l          */
    uint32_t *out_faces;      /* level l + 1's M rows                              */
    uint32_t *out_side;       /* its side codes, or NULL                           */
    uint32_t *out_edge_sides; /* its edges' sides, or NULL                         */
    uint32_t *out_across;     /* mmi_lk_across_edges: level l's across edges      */
} mmi_sk_child_args;

/* Level 1's points from level 0's, by gathers over level 0 and its Mᵀ. */
typedef struct mmi_sk_points0_args {
    int corners;              /* EDGE_AND_CORNER: one-face vertices stay put       */
    mmi_sk_level x;           /* level 0                                           */
    mmi_sk_vertex_faces vt;   /* its Mᵀ                                            */
    mmi_sk_data data;
    const uint32_t *edge_rows; /* Catmull-Clark: edge e's ends and faces (a, b, f_0,
                                 f_1) at 4e, f_1 = MMI_SK_NONE on the boundary,
                                 made once by the build; NULL elsewhere           */
} mmi_sk_points0_args;

/* Level l + 1's points from level l's below level 0 (l ≥ 1): one pass over
 * the faces of level l − 1 (their children are level l's faces) and one
 * over its vertices (by their ring sums). With out_faces (the fused route's
 * last step), the pass over the faces writes level l + 1's faces too,
 * straight from level l − 1: level l's topology is never stored. */
typedef struct mmi_sk_points_args {
    int level;                /* l                                                 */
    mmi_sk_level lv[MMI_SK_MAX_LEVELS]; /* levels 0 … l: the rules read l − 1 and l
                                 (its counts)                                      */
    mmi_sk_data data;
    uint32_t *out_faces;      /* level l + 1's M rows, or NULL                     */
} mmi_sk_points_args;

/* Declares x(ctx, g, count), a rule over Args for every element i < count
 * on the context's backend, and its two launchers x_cpu and x_cuda (C
 * linkage: declare inside the headers' extern "C"). */
#define MMI_SK_LAUNCHER(x, Args)                                          \
    mm_status x(mm_context ctx, const Args *g, int64_t count);            \
    mm_status x##_cpu(mm_context ctx, const Args *g, int64_t count);      \
    mm_status x##_cuda(mm_context ctx, const Args *g, int64_t count)

#endif
