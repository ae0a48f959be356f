/* sharp_levels.h: the sharp sets of the specialized paths' levels
 * (src/kernels/sharp_kernels.h): level 0's from the mesh's crease and corner
 * tags, each next level's by formula, the correction of a step's points, and
 * a level's sharpness handed out (mm_subdiv_level_sharpness, the tags of
 * mm_subdivide's result). */
#ifndef MESHMAT_SCHEMES_SHARP_LEVELS_H
#define MESHMAT_SCHEMES_SHARP_LEVELS_H

#include "../kernels/sharp_kernels.h"
#include "meshmat/mesh.h"

/* Level 0's list from mesh's tags over level 0 as the specialized path sees
 * it (its side codes and edge sides, Mᵀ and sorted edge ends). A crease tag
 * on vertices that share no edge is refused (MM_ERR_INVALID_MESH). */
mm_status mmi_sharp_level0(mm_context ctx, mm_mesh mesh, const mmi_sk_level *lv0,
                           mmi_sk_vertex_faces vt, const uint32_t *ends, int corners,
                           mmi_sharp_list *out);

/* Level l + 1's list y from level l's x, whose sharpness one level down it
 * sets first (Chaikin's rule with chaikin); ep_base: level l + 1's id of the
 * point on level l's edge 0. */
mm_status mmi_sharp_refine(mm_context ctx, mmi_sharp_list *x, int chaikin, uint32_t ep_base,
                           mmi_sharp_list *y);

/* Corrects the points (and ring sums) the smooth kernels wrote for level
 * l + 1 from level l's data, by level l's list x once refined (its
 * sharpness one level down set). ring_f64, ring_stride: the ring sums' type
 * and row (sk data: S1 first). */
mm_status mmi_sharp_correct(mm_context ctx, const mmi_sharp_list *x, uint32_t ep_base,
                            const mmi_sk_data *data, int ring_f64, int64_t ring_stride);

/* The level's creases and corners as out's tags (backend memory). */
mm_status mmi_sharp_carry_tags(mm_context ctx, const mmi_sharp_list *x, mm_mesh out);

/* The level's sharpness per edge (|E| values) and per vertex (|V|) into host
 * arrays (either may be NULL), zero where the list has none. */
mm_status mmi_sharp_level_sharpness(mm_context ctx, const mmi_sharp_list *x, int64_t edges,
                                    int64_t vertices, float *h_edges, float *h_vertices);

void mmi_sharp_list_free(mm_context ctx, mmi_sharp_list *x);

#endif
