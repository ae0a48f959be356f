/* specialized_driver.h: what the specialized paths of Catmull-Clark
 * (catmark_specialized.c), Loop (loop_specialized.c) and √3
 * (sqrt3_specialized.c) share behind
 * mm_subdiv (subdiv_impl.h): the levels they keep, level 0's set-up (edges by
 * the sort of edge_sort.h, Mᵀ, the input rules checked on the device, every
 * level's counts within the paths' ids), the ring sums carried through an
 * evaluation, and the build, eval and fused routes over a scheme's two
 * steps (mmi_sp_scheme). */
#ifndef MESHMAT_SCHEMES_SPECIALIZED_DRIVER_H
#define MESHMAT_SCHEMES_SPECIALIZED_DRIVER_H

#include "../kernels/catmark_kernels.h"
#include "subdiv_impl.h"

/* What a path keeps of a level (backend memory). side is made for levels
 * below the last, edge_sides at level 0 and where the scheme's rules read
 * them; ends only for mm_subdiv_level_edges. */
typedef struct mmi_sp_level {
    mm_subdiv_counts n;
    mm_matrix M;          /* level 0: the mesh's, borrowed                      */
    uint32_t *side;       /* nnz: the side codes of corner_level.h             */
    uint32_t *edge_sides; /* 2 |E|                                              */
    uint32_t *ends;       /* 2 |E|: (a_e, b_e)                                  */
    uint32_t *twin;       /* nnz, √3's levels ≥ 1: the corner across each side  */
    uint32_t *bcount;     /* |F|, √3's odd levels of an open mesh: boundary
                             triangles counted in face order                   */
} mmi_sp_level;

struct mmi_sp_scheme;

typedef struct mmi_sp_state {
    mm_subdiv_options opts;
    const struct mmi_sp_scheme *scheme;
    mm_matrix Mt; /* level 0's Mᵀ: each vertex's faces and slots (Alg. 1) */
    mmi_sp_level lv[MMI_SK_MAX_LEVELS];
} mmi_sp_state;

/* An evaluation's carried ring sums: a row of sums and a kind per vertex of
 * level L − 2, the last level whose vertices are updated by them; none for
 * one level. */
typedef struct mmi_sp_rings {
    void *sums;
    uint32_t *kinds;
    int64_t n, row_bytes;
} mmi_sp_rings;

/* A scheme's part: its counts, its ring rows, and its three steps. */
typedef struct mmi_sp_scheme {
    mm_scheme scheme;
    const char *edges_stage; /* the stage name of level 0's edge sort            */
    int triangles;           /* refuse faces other than triangles               */
    mm_status (*next_counts)(mm_context ctx, int level, const mm_subdiv_counts *n,
                             mm_subdiv_counts *next);
    int ring_sums;           /* sums per vertex and component                   */
    int ring_f64;            /* sums in float64, else in the data's type        */
    /* Level l + 1's vertex data from level l's P into a new *Y; with faces
     * (the last step of the fused route, l ≥ 1) level l + 1's faces too,
     * straight from level l − 1 (level l's are not stored), in the same
     * pass over level l − 1 where the scheme has one. */
    mm_status (*refine_points)(mm_context ctx, mmi_sp_state *s, int l, mm_dense P,
                               mm_dense *Y, mmi_sp_rings *r, int faces);
    /* Level l + 1's faces (and below the last level its side codes; keep_ends:
     * its edge list) from level l. */
    mm_status (*refine_topology)(mm_context ctx, mmi_sp_state *s, int l, int keep_ends);
    /* Whether the fused route's last step makes level L − 2's topology from
     * level L − 3's as it goes, so that it is never stored (NULL: never). */
    int (*folds)(const mmi_sp_state *s);
} mmi_sp_scheme;

int64_t mmi_sp_u32_bytes(int64_t n);
mm_status mmi_sp_alloc_u32(mm_context ctx, uint32_t **p, int64_t n);
void mmi_sp_free_u32(mm_context ctx, uint32_t **p, int64_t n);

/* Level 0 as the sort, the check and the rules see it. */
mmi_sk_level mmi_sp_level0_view(const mmi_sp_state *s);

/* Level l's M (faces of the given order, uniform), and its side codes when
 * with_side. */
mm_status mmi_sp_alloc_level(mm_context ctx, mmi_sp_state *s, int l, int order, int with_side);

/* Level l's edge sides (2 |E|) where a scheme's point rule reads them below
 * level 0: levels below L − 1 (the last step reads level L − 2's). */
mm_status mmi_sp_alloc_edge_sides(mm_context ctx, mmi_sp_state *s, int l);

/* Level l + 1's edge list from level l's, by the generic path's formula
 * (rule: MMI_CC_CHILD_EDGES or MMI_LOOP_CHILD_EDGES of generic_args.h). */
mm_status mmi_sp_child_ends(mm_context ctx, mmi_sp_state *s, int l, int rule);

/* The impl functions of subdiv_impl.h for scheme. */
mm_status mmi_sp_build(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *opts,
                       const mmi_sp_scheme *scheme, void **state);
mm_status mmi_sp_eval(mm_context ctx, void *state, mm_dense X0, mm_dense *XL);
mm_status mmi_sp_subdivide(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *opts,
                           const mmi_sp_scheme *scheme, mm_matrix *M, mm_dense *X);
mm_subdiv_counts mmi_sp_counts(const void *state, int level);
mm_matrix mmi_sp_matrix(void *state, int level);
mm_matrix mmi_sp_take_matrix(void *state, int level);
const uint32_t *mmi_sp_edges(const void *state, int level);
void mmi_sp_free(mm_context ctx, void *state);

#endif
