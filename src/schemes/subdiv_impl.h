/* subdiv_impl.h: what one (scheme, path) pair provides behind an mm_subdiv
 * handle (subdiv.c): a build that keeps what every level needs, the level by
 * level evaluation, and the per-level accessors of meshmat/subdiv.h. The
 * generic pairs live in generic_path.c, the specialized ones in
 * specialized_driver.c (over catmark_specialized.c, loop_specialized.c,
 * sqrt3_specialized.c); impl_for in subdiv.c picks one. */
#ifndef MESHMAT_SCHEMES_SUBDIV_IMPL_H
#define MESHMAT_SCHEMES_SUBDIV_IMPL_H

#include "../kernels/catmark_kernels.h"
#include "meshmat/subdiv.h"

typedef struct mmi_subdiv_impl {
    /* Refines the topology of mesh through opts->levels levels into *state
     * (the impl's own, freed by free_state, also after a failed build). The
     * input checks common to all schemes are done (subdiv.c), the mesh's
     * only where the impl does not check it itself (the specialized path). */
    mm_status (*build)(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *opts,
                       void **state);
    /* Refines X0 (|V_0| × d) through every level into XL (|V_L| × d of X0's
     * type, apart from X0: the caller's, or one mmi_subdiv_eval made); the
     * last level is computed there, not copied. */
    mm_status (*eval)(mm_context ctx, void *state, mm_dense X0, mm_dense XL);
    /* The counts of level l in [0, levels]. */
    mm_subdiv_counts (*counts)(const void *state, int level);
    /* Level l's mesh matrix, borrowed; take_matrix moves it to the caller
     * (mm_subdivide's result) and leaves NULL behind. */
    mm_matrix (*matrix)(void *state, int level);
    mm_matrix (*take_matrix)(void *state, int level);
    /* Level l's edges, 2 |E| vertex ids in the backend's memory (DESIGN §3). */
    const uint32_t *(*edges)(const void *state, int level);
    void (*free_state)(mm_context ctx, void *state);
    /* Optional (NULL: build then eval): mm_subdivide's fused route, the last
     * level's M and vertex data (and tags) into out straight from mesh,
     * keeping no level data. */
    mm_status (*subdivide)(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *opts,
                           mm_mesh out);
    /* Optional (NULL: the generic path's per-level arrays,
     * mmi_generic_level_sharpness): a level's sharpness per edge and vertex
     * into host arrays (either may be NULL), and a level's creases and
     * corners as out's tags, where the impl keeps its own (the specialized
     * path's sharp sets, sharp_levels.h). */
    mm_status (*level_sharpness)(mm_context ctx, const void *state, int level, float *h_edges,
                                 float *h_vertices);
    mm_status (*carry_tags)(mm_context ctx, const void *state, int level, mm_mesh out);
    /* 1: the impl checks the input rules itself (mmi_subdiv_check_fans),
     * so subdiv.c does not count them on the host first. */
    int checks_on_device;
} mmi_subdiv_impl;

/* The input rules of docs/schemes.md, counted on the host (mm_mesh_stats_get):
 * *nonmanifold = whether the mesh has what OpenSubdiv treats as non-manifold
 * (more than two faces on an edge, several fans at a vertex, an edge passed
 * twice the same way, a face repeating a vertex), which subdiv.c's reroute
 * refines by its rule: Catmull-Clark and Loop on the generic path with
 * OpenSubdiv's sharpness (mesh/mesh_fans.h, generic_side.c), √3 split into
 * a 2-manifold. */
mm_status mmi_subdiv_check_mesh(mm_context ctx, mm_mesh mesh, int *nonmanifold);

/* What a specialized path returns, with no message, for a mesh that its
 * input check finds non-manifold (Catmull-Clark, Loop): mm_subdiv_build and
 * mm_subdivide then run it on the generic path, tagged. Never returned to
 * the caller of the public API. */
#define MMI_NONMANIFOLD ((mm_status)1000)

/* Loop and √3 take triangles only: refuses (MM_ERR_INVALID_MESH) the first
 * face of another order, named with its order and the scheme. */
mm_status mmi_subdiv_check_triangles(mm_context ctx, mm_matrix M, mm_scheme scheme);

/* Refuses (MM_ERR_OUT_OF_MEMORY, naming the first level that would not fit,
 * the predicted and the available bytes) a run whose predicted peak in the
 * backend's memory passes what is free there or the context's max_memory
 * (subdiv_memory.c); arithmetic on the counts only, before any allocation. */
mm_status mmi_subdiv_check_memory(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *opts);

/* Refuses missing vertex data and data neither float32 nor float64. */
mm_status mmi_subdiv_check_data(mm_context ctx, mm_dense X);

/* The input rules on the device, for the specialized paths: the level-0
 * edge sort has set *suspect where it shows a broken rule
 * (sk_side_suspect); this queues a walk around each vertex over Mᵀ that adds
 * the rest (sk_check_fan). The caller reads the flag back with level 0's
 * edge count, in one host read, and sends a flagged mesh to
 * mmi_subdiv_check_mesh, which counts what is wrong for the refusal, so
 * every path refuses with the same message (or reroutes a non-manifold mesh:
 * MMI_NONMANIFOLD). lv0: level 0 with its side
 * codes and edge sides. */
mm_status mmi_subdiv_check_fans(mm_context ctx, const mmi_sk_level *lv0, mm_matrix Mt,
                                uint32_t *suspect);

/* The bodies of mm_subdiv_eval and mm_subdiv_eval_into, without MM_WHERE:
 * errors name the public caller. */
mm_status mmi_subdiv_eval(mm_subdiv s, mm_dense X0, mm_dense *XL);
mm_status mmi_subdiv_eval_into(mm_subdiv s, mm_dense X0, mm_dense XL);

/* Reports a finished level to the caller's progress callback, if any. */
static inline void mmi_subdiv_progress(const mm_subdiv_options *o, const char *phase, int level)
{
    if (o->progress) o->progress(o->progress_user, phase, level, o->levels);
}

extern const mmi_subdiv_impl mmi_catmark_generic, mmi_loop_generic, mmi_sqrt3_generic;

/* The generic pair of a scheme (generic_path.c), or NULL for an unknown one. */
const mmi_subdiv_impl *mmi_generic_impl(mm_scheme scheme);

/* The specialized pair of a scheme (specialized_driver.c: one impl for the
 * three schemes over each one's steps), or NULL for an unknown one. */
const mmi_subdiv_impl *mmi_specialized_impl(mm_scheme scheme);

/* A generic pair's build a level at a time (static mode, subdiv_static.c):
 * mmi_generic_start makes *state with level 0 and every level's counts (the
 * scheme's input checks first), mmi_generic_build_level level + 1 from
 * level; the pair's build is the one then the other for every level. */
mm_status mmi_generic_start(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *opts,
                            void **state);
mm_status mmi_generic_build_level(mm_context ctx, void *state, int level);

/* Static mode's R_l (eq. 21) of level l of a state made by a generic pair's
 * build: the scheme's subdivision_matrix over that level (generic_level.h),
 * which frees the level's evaluation data (its topology and tags stay for
 * the accessors). mmi_generic_drop_level frees a level ≥ 1 altogether. */
mm_status mmi_generic_subdivision_matrix(mm_context ctx, void *state, int level, mm_matrix *R);
void mmi_generic_drop_level(mm_context ctx, void *state, int level);

#endif
