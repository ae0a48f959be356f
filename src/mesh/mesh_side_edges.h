/* mesh_side_edges.h: level 0's edges numbered by face side, the way
 * OpenSubdiv's Vtr::Level makes them (completeTopologyFromFaceVertices), for
 * the meshes where a pair of vertices needs more than one edge: faces that
 * repeat a vertex, and Loop's triangles back to back (two triangles sharing
 * the two edges at one of their corners, whose inner edges Loop makes twice
 * one level down). Host work, once at level 0. */
#ifndef MESHMAT_MESH_MESH_SIDE_EDGES_H
#define MESHMAT_MESH_MESH_SIDE_EDGES_H

#include "mesh_edges.h"

/* Far's edges of the faces hf, in host memory:
 *   side[k]      the edge of the side leaving corner k (non-zero k of M) to
 *                the next corner of its face;
 *   ends         2 per edge, (min, max), edges sorted by (min, max) and, for
 *                one pair, in the order Vtr creates them (DESIGN §3's order
 *                where each pair has one edge);
 *   faces[e]     the face sides on edge e (its faces, a face counted once per
 *                side);
 *   nonmanifold  1 for an edge Vtr tags non-manifold.
 * Vtr's rule, side by side in face order: a side i → i is an edge of its own
 * (degenerate); a side i → j joins the first edge made on {i, j} unless the
 * last face on that edge is the side's own face, where it makes a new edge
 * (a face passing a pair twice gets two edges, which only that face ever
 * joins); non-manifold are the degenerate edges, both edges of a face's
 * second pass, and an edge joined by a third face or twice the same way. */
typedef struct mmi_side_edges {
    int64_t num_edges, num_corners;
    uint32_t *side, *ends, *faces;
    uint8_t *nonmanifold;
} mmi_side_edges;

/* Builds *out from hf and its pair edges E (mmi_mesh_edges_build).
 *   Errors: MM_ERR_OVERFLOW (≥ 2^32 − 1 edges), MM_ERR_OUT_OF_MEMORY; on
 *   error *out is left empty. */
mm_status mmi_side_edges_build(mm_context ctx, const mmi_host_faces *hf, const mmi_edges *E,
                               mmi_side_edges *out);

void mmi_side_edges_release(mm_context ctx, mmi_side_edges *S);

/* Whether Loop meets triangles back to back in hf: two triangles with the same
 * two neighbours at a corner (a vertex of valence 2 between them); their inner
 * edges one level down join one pair of edge points twice. */
mm_status mmi_back_to_back_triangles(mm_context ctx, const mmi_host_faces *hf, int *found);

/* Whether the mesh needs edges by face side to refine as Far does under
 * scheme (CATMULL_CLARK or LOOP): faces repeating a vertex, or, for Loop,
 * triangles back to back (a host pass over the faces, made only for Loop). */
mm_status mmi_mesh_needs_side_edges(mm_context ctx, mm_mesh mesh, int loop, int *needs);

#endif
