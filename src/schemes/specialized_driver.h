/* specialized_driver.h: the specialized paths of Catmull-Clark
 * (catmark_specialized.c), Loop (loop_specialized.c) and √3
 * (sqrt3_specialized.c) behind mm_subdiv (subdiv_impl.h): one
 * mmi_subdiv_impl, mmi_specialized, whose build, eval and fused routes are
 * written once here over a scheme's steps (mmi_sp_scheme): the levels kept,
 * level 0's set-up (edges by the sort of edge_sort.h, Mᵀ, the input rules
 * checked on the device, every level's counts within the paths' ids), the
 * ring sums carried through an evaluation, and each step's vertex data. */
#ifndef MESHMAT_SCHEMES_SPECIALIZED_DRIVER_H
#define MESHMAT_SCHEMES_SPECIALIZED_DRIVER_H

#include "../core/cuda_backend.h"
#include "../kernels/catmark_kernels.h"
#include "sharp_levels.h"
#include "subdiv_impl.h"

/* A u32 array of a level that only one scheme's rules read (√3: its twins,
 * its boundary triangle counts; Loop: its across edges), kept with its
 * length so that the driver frees it with the level. */
typedef struct mmi_sp_extra {
    uint32_t *p;
    int64_t n;
} mmi_sp_extra;

#define MMI_SP_EXTRAS 2

/* What a path keeps of a level (backend memory). side is made for levels
 * below the last, edge_sides at level 0 and where the scheme's rules read
 * them; ends only for mm_subdiv_level_edges. */
typedef struct mmi_sp_level {
    mm_subdiv_counts n;
    mm_matrix M;          /* level 0: the mesh's, borrowed                      */
    uint32_t *side;       /* nnz: the side codes of corner_level.h             */
    uint32_t *edge_sides; /* 2 |E|                                              */
    uint32_t *ends;       /* 2 |E|: (a_e, b_e)                                  */
    uint32_t *face_of;    /* level 0 of mixed orders: nnz, corner → face        */
    mmi_sp_extra extra[MMI_SP_EXTRAS]; /* the scheme's own (mmi_sp_alloc_extra) */
} mmi_sp_level;

struct mmi_sp_scheme;

/* An evaluation's carried ring sums: a row of sums and a kind per vertex of
 * level L − 2, the last level whose vertices are updated by them; none for
 * one level. A tagged mesh's also carry the moves of its sharp edges' points
 * from one step's correction to the next's (mmi_sharp_correct). */
typedef struct mmi_sp_rings {
    void *sums;
    uint32_t *kinds;
    int64_t n, row_bytes;
    double *moves;
    int64_t move_values;
} mmi_sp_rings;

/* An evaluation replayed as a captured CUDA graph (specialized_driver.c's
 * replay_eval): the graph, the stream it was captured on, what it was
 * captured with (its kernels hold those pointers), and the intermediate
 * levels' data and ring sums it reads and writes, kept from call to call. */
typedef struct mmi_sp_replay {
    void *exec, *stream;
    const void *x0, *xl;
    int64_t d;
    mm_type type;
    mm_dense Y[MMI_SK_MAX_LEVELS]; /* levels 1 … L − 1 */
    mmi_sp_rings rings;
} mmi_sp_replay;

typedef struct mmi_sp_state {
    mm_subdiv_options opts;
    const struct mmi_sp_scheme *scheme;
    mm_matrix Mt; /* level 0's Mᵀ: each vertex's faces and slots (Alg. 1) */
    mmi_sp_level lv[MMI_SK_MAX_LEVELS];
    /* A mesh with crease or corner tags: its sharp set (sharp_levels.h), and
     * each level's id of the point on the level above's edge 0. */
    int tagged;
    mmi_sharp_set sharp;
    uint32_t ep_base[MMI_SK_MAX_LEVELS];
    mmi_sp_replay replay; /* small meshes' evaluations on CUDA */
    /* The width and type whose replay ran out of memory where the direct
     * route then fit: evaluated directly from then on (d 0: none). */
    int64_t direct_d;
    mm_type direct_type;
    /* Evaluations on CUDA: a second stream for the older vertices' passes
     * (side: &beside, from the first, where the scheme forks; NULL on the
     * CPU, on schemes that do not fork and in mm_subdivide's one-off route,
     * which run them in turn). */
    mmi_cuda_side beside, *side;
} mmi_sp_state;

/* A scheme's part: its counts, what its rules read, and its steps. The
 * driver runs each step inside the step's stage timer, allocates what is
 * common to the schemes and fills their arguments (rule_args.h); a step
 * runs the scheme's rules over them. */
typedef struct mmi_sp_scheme {
    mm_scheme scheme;
    int order;               /* the refined levels' faces: 4 quads, 3 triangles */
    int triangles;           /* refuse faces other than triangles at level 0    */
    int reads_sides;         /* the point rules read the side codes and edge
                                sides of every level below the last (√3's read
                                twins: its side codes serve the edge lists)   */
    int child_edges;         /* the generic rule (generic_args.h) of level
                                l + 1's edge list from level l's; −1: the
                                topology step makes it                         */
    const char *edges_stage, *topology_stage, *points_stage; /* stage names     */
    mm_status (*next_counts)(mm_context ctx, int level, const mm_subdiv_counts *n,
                             mm_subdiv_counts *next);
    int ring_sums;           /* sums per vertex and component, data's type      */
    /* Whether the points pass takes mmi_sk_data's final and old_done (the
     * step before the last writes the last level's rows of the vertices it
     * moves): where the last step reads no ring sums (NULL: never). */
    int (*final_rows)(const mmi_sp_state *s);
    /* Level l + 1's faces from level l into g's arrays (level l + 1's M, its
     * side codes and edge sides where kept), with what else the scheme keeps
     * of level l + 1; keep_ends: its edge list, where child_edges is −1. */
    mm_status (*topology)(mm_context ctx, mmi_sp_state *s, int l, int keep_ends,
                          const mmi_sk_child_args *g);
    /* Optional: what level 0's point rules read besides level 0's topology
     * and Mᵀ, made once at the end of level 0's set-up. */
    mm_status (*level0_ready)(mm_context ctx, mmi_sp_state *s);
    /* Level 1's vertex data from level 0's. */
    mm_status (*level0_points)(mm_context ctx, const mmi_sp_state *s,
                               const mmi_sk_points0_args *g);
    /* Optional: what level l's point rules (l ≥ 1) read and no topology step
     * has kept, made before the step allocates anything else. */
    mm_status (*ready)(mm_context ctx, mmi_sp_state *s, int l);
    /* Level l + 1's vertex data from level l's (l ≥ 1), and with
     * g->out_faces level l + 1's faces. */
    mm_status (*points)(mm_context ctx, const mmi_sp_state *s, int l,
                        const mmi_sk_points_args *g);
    /* Whether the fused route's last step makes level L − 2's topology from
     * level L − 3's as it goes, so that it is never stored (NULL: never). */
    int (*folds)(const mmi_sp_state *s);
    /* Whether points runs the older vertices beside the faces' pass
     * (mmi_sp_fork): an evaluation on CUDA makes its side stream only then
     * (NULL: never). */
    int (*forks)(const mmi_sp_state *s);
} mmi_sp_scheme;

extern const mmi_sp_scheme mmi_catmark_steps, mmi_loop_steps, mmi_sqrt3_steps;

/* A step's older vertices beside its faces' pass, where the state has a
 * side stream (s->side; else no-ops): sp_fork before the vertices' launch,
 * sp_back after it, then the faces' launch and sp_join, which joins even
 * after a failure and returns st, or its own failure. The two passes write
 * disjoint rows and neither reads what the other writes. Replayed, they
 * are two branches of the graph. */
mm_status mmi_sp_fork(mm_context ctx, const mmi_sp_state *s);
void mmi_sp_back(mm_context ctx, const mmi_sp_state *s);
mm_status mmi_sp_join(mm_context ctx, const mmi_sp_state *s, mm_status st);

/* A scheme's predicate that always holds: final_rows where its last step
 * never reads ring sums, forks where every step below level 0 forks. */
int mmi_sp_always(const mmi_sp_state *s);

int64_t mmi_sp_u32_bytes(int64_t n);
mm_status mmi_sp_alloc_u32(mm_context ctx, uint32_t **p, int64_t n);
void mmi_sp_free_u32(mm_context ctx, uint32_t **p, int64_t n);

/* Level l as the rules see it: its counts, its face starts (level 0's M; by
 * the scheme's order below), M's rows where kept, side codes and edge
 * sides. */
mmi_sk_level mmi_sp_view(const mmi_sp_state *s, int l);

/* Level l's extra array `slot` of n words, freed with the level. */
mm_status mmi_sp_alloc_extra(mm_context ctx, mmi_sp_state *s, int l, int slot, int64_t n);

#endif
