/* fvar.h: refining a mesh's face-varying channels (docs/face-varying.md). A
 * channel is refined as a mesh of its own over the same faces, its "value
 * mesh": one vertex per (vertex, value) pair met at a corner, so that a seam
 * is a boundary of it, and OpenSubdiv's face-varying rules (Vtr::FVarLevel's
 * value tags) written as sharpness on it. mm_subdivide then refines it with
 * the path, scheme and levels of the mesh, so its faces, numbered
 * hierarchically, are the refined mesh's faces corner for corner. */
#ifndef MESHMAT_SCHEMES_FVAR_H
#define MESHMAT_SCHEMES_FVAR_H

#include "../mesh/mesh_impl.h"
#include "meshmat/subdiv.h"

/* The value-mesh vertices that copy others (a value met in spans apart at
 * its vertex gets one per span: fvar_tags.c): ids [first, first + count),
 * copy j of vertex origin[j] < first (host array of count). Refinement keeps
 * a vertex's id, so these are also the refined channel's copied values. */
typedef struct mmi_fvar_copies {
    int64_t first, count;
    uint32_t *origin;
} mmi_fvar_copies;

void mmi_fvar_copies_free(mm_context ctx, mmi_fvar_copies *c);

/* A channel's value mesh before it is built (host arrays).
 *   corner_pair   nnz(M): the value-mesh vertex at each corner
 *   pair_value    the channel's value each value-mesh vertex takes
 *   pair_sharp    each value-mesh vertex's sharpness (its corner tag)
 *   crease_ends, crease_sharp  the value mesh's sharp edges (pairs of
 *                 value-mesh vertices; repeated ones carry the same value)
 *   copies        the value-mesh vertices past the pairs, copies of pairs */
typedef struct mmi_fvar_topology {
    int64_t num_corners, num_pairs, num_creases;
    uint32_t *corner_pair;
    uint32_t *pair_value;
    float *pair_sharp;
    uint32_t *crease_ends;
    float *crease_sharp;
    mmi_fvar_copies copies;
} mmi_fvar_topology;

/* The value mesh of channel `values` of mesh (hf: its faces on the host;
 * refused, MM_ERR_INVALID_ARGUMENT: faces that repeat a vertex on a mesh
 * that is not a 2-manifold) under options o (boundary
 * resolved: EDGE_ONLY or EDGE_AND_CORNER), with Far's rules for
 * o->fvar_interp as its tags. alias (NULL: none): the channel's values that
 * are copies of others (a refined channel's, below), read as those. */
mm_status mmi_fvar_topology_build(mm_context ctx, mm_mesh mesh, const mmi_host_faces *hf,
                                  mm_mesh values, const mmi_fvar_copies *alias,
                                  const mm_subdiv_options *o, mmi_fvar_topology *t);
void mmi_fvar_topology_free(mm_context ctx, mmi_fvar_topology *t);

/* Every channel of mesh refined onto out, mesh's refinement under o (the
 * options mm_subdivide ran with). √3 (no face-varying rules to follow: its
 * faces are made across edges, so a seam would change them), MM_BOUNDARY_NONE
 * and faces that repeat a vertex on a mesh that is not a 2-manifold are
 * refused (MM_ERR_INVALID_ARGUMENT, naming the channel). */
mm_status mmi_subdiv_fvar(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *o, mm_mesh out);

/* mm_subdivide's body; with_fvar 0 leaves the mesh's channels out (the
 * result has none). */
mm_status mmi_subdivide(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *opts, mm_mesh *out,
                        int with_fvar);

#endif
