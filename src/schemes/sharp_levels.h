/* sharp_levels.h: the sharp set of the specialized paths
 * (src/kernels/sharp_kernels.h): level 0's groups and chains from the mesh's
 * crease and corner tags, every level's chain sharpness, the correction of a
 * step's points (and ring sums or final rows), and a level's sharpness handed out
 * (mm_subdiv_level_sharpness, the tags of mm_subdivide's result). All of it
 * is queued with no host read until the route's end. */
#ifndef MESHMAT_SCHEMES_SHARP_LEVELS_H
#define MESHMAT_SCHEMES_SHARP_LEVELS_H

#include "../kernels/sharp_kernels.h"
#include "meshmat/mesh.h"

/* The set of mesh's tags over level 0 as the specialized path sees it (its
 * side codes and edge sides, Mᵀ and sorted edge ends), refined through L
 * levels (chaikin: Chaikin's rule) for the scheme whose faces below level 0
 * have order sides (mmi_sharp_set's order). ep_base[m]: level m + 1's id of the point
 * on level m's edge 0. A tag that names no edge is left to
 * mmi_sharp_check_tags. */
mm_status mmi_sharp_build(mm_context ctx, mm_mesh mesh, const mmi_sk_level *lv0,
                          mmi_sk_vertex_faces vt, const uint32_t *ends, int corners, int L,
                          int chaikin, int order, const uint32_t *ep_base, mmi_sharp_set *set);

/* Refuses (MM_ERR_INVALID_MESH) a crease tag on vertices that share no edge,
 * naming the first. */
mm_status mmi_sharp_check_tags(mm_context ctx, mm_mesh mesh, const mmi_sharp_set *set);

/* The float64 values of an evaluation's moves of the sharp edges' points at
 * width d (two levels' worth; 0 for one level), in backend memory. */
int64_t mmi_sharp_move_values(const mmi_sharp_set *set, int64_t d);

/* Corrects the points (and ring sums, or final rows) the smooth kernels
 * wrote for level l + 1 from level l's data, in one launch, with the moves
 * left by level l − 1's correction in moves (mmi_sharp_move_values of
 * them), where it leaves level l's. ring_stride: the ring sums' row (S1
 * first, in the data's type). */
mm_status mmi_sharp_correct(mm_context ctx, const mmi_sharp_set *set, int l,
                            const uint32_t *ep_base, const mmi_sk_data *data,
                            int64_t ring_stride, double *moves);

/* Ranks the chains by the levels they stay sharp (mmi_sharp_set's ranked
 * and live), so that each step's corrections run those whose points they
 * change: made once, after a build, for its evaluations (the random tags of
 * bench_subdiv, four in five semi-sharp, leave a fifth of the chains to the
 * last steps). On failure the set is as it was: every chain runs. */
mm_status mmi_sharp_rank(mm_context ctx, mmi_sharp_set *set);

/* Level l's creases and corners as out's tags (backend memory). */
mm_status mmi_sharp_carry_tags(mm_context ctx, const mmi_sharp_set *set, int l,
                               const uint32_t *ep_base, mm_mesh out);

/* Level l's sharpness per edge (|E| values) and per vertex (|V|) into host
 * arrays (either may be NULL), zero where it has none. */
mm_status mmi_sharp_level_sharpness(mm_context ctx, const mmi_sharp_set *set, int l,
                                    int64_t edges, int64_t vertices, float *h_edges,
                                    float *h_vertices);

void mmi_sharp_set_free(mm_context ctx, mmi_sharp_set *set);

#endif
