/* mesh_fans.h: the fans of faces around each vertex, and OpenSubdiv's
 * sharpness for topology that is not a 2-manifold (host, level 0). */
#ifndef MESHMAT_MESH_MESH_FANS_H
#define MESHMAT_MESH_MESH_FANS_H

#include "mesh_edges.h"
#include "mesh_impl.h"
#include "mesh_side_edges.h"

/* fans[v] (|V| entries, caller's): how many fans the corners at v form. Each
 * corner at v joins the nodes of its two sides' edges seen from v
 * (mmi_fan_node); fans[v] starts at v's edge count, loses one per merging
 * union and gains one per corner whose both sides are loops v → v. So a
 * vertex inside a surface or on its boundary has one, a bow-tie two, a
 * vertex in no face none. */
mm_status mmi_vertex_fans(mm_context ctx, const mmi_host_faces *hf, const mmi_edges *E,
                          int64_t *fans);

/* mmi_mesh_nonmanifold_tags: *tagged = mesh with OpenSubdiv's sharpness for
 * what is not a 2-manifold added to its tags (Vtr's non-manifold tags as Far
 * sharpens them; docs/creases.md), NULL when the mesh is a manifold:
 *   edges with more than two faces, or two faces passing them the same way
 *     (inconsistent orientation): infinitely sharp creases (10);
 *   vertices on such an edge, whose faces form more than one fan, or in no
 *     face: corners of sharpness 10, but for a vertex on exactly two such edges, on no
 *     boundary edge and in more faces than edges (inside a fin), which keeps
 *     its own sharpness and so takes the crease rule along the two edges.
 * These tags come after the mesh's own, so they replace a tag of the same
 * edge or vertex (as Far applies them after the user's). Tags name vertex
 * pairs, so faces that repeat a vertex are not handled here: their edges
 * by face side carry the same rule as sharpness of their own
 * (mmi_mesh_vtr_edges; the generic path's level 0, generic_side.c). */
mm_status mmi_mesh_nonmanifold_tags(mm_context ctx, mm_mesh mesh, mm_mesh *tagged);

/* Vtr's edges by face side of mesh (*S, mesh_side_edges.h; its
 * non-manifold edges are S->nonmanifold) and the vertices Far sharpens
 * (corners of sharpness 10) by the rule above: sharpened[v] (|V| entries,
 * caller's) and their count. Host work over host copies of the faces. */
mm_status mmi_mesh_vtr_edges(mm_context ctx, mm_mesh mesh, mmi_side_edges *S, uint8_t *sharpened,
                             int64_t *count);

/* mmi_mesh_split_nonmanifold: √3's rule for what is not a 2-manifold
 * (docs/creases.md), *split = mesh cut into one: the corners at each vertex
 * are joined across every edge that exactly two faces pass opposite ways, and
 * each class of joined corners is a vertex of its own. The class of a
 * vertex's first corner keeps its id; the others are new vertices |V| + j
 * (j < *copies, *origin[j] the vertex they copy, with its data; host array
 * of *copies, the caller frees it with mmi_host_array_free). A bow-tie so
 * falls apart into its fans, and an edge of three faces, or passed twice
 * the same way, into a boundary edge per face. Refused
 * (MM_ERR_INVALID_MESH, naming the edge): an edge still shared that way
 * after the split (its faces joined around both its ends). Faces that
 * repeat a vertex are not handled (the caller refuses them first). */
mm_status mmi_mesh_split_nonmanifold(mm_context ctx, mm_mesh mesh, mm_mesh *split,
                                     uint32_t **origin, int64_t *copies);

/* mmi_split_corners: the classes of mmi_mesh_split_nonmanifold on host faces
 * alone: rows[k] (nnz entries, caller's) corner k's vertex after the split,
 * origin[j] (up to nnz entries, caller's) the vertex that new vertex
 * |V| + j copies, *copies how many. No check of the edges that stay shared. */
mm_status mmi_split_corners(mm_context ctx, const mmi_host_faces *hf, uint32_t *rows,
                            uint32_t *origin, int64_t *copies);

/* mmi_split_corners_across: mmi_split_corners over edges E already made, of
 * hf's faces or of faces that hf's name corner for corner (a channel's value
 * mesh over its mesh, whose edges are the mesh's cut at its seams), joining
 * no corners across an edge e with cut[e] set (cut NULL: none). */
mm_status mmi_split_corners_across(mm_context ctx, const mmi_host_faces *hf, const mmi_edges *E,
                                   const uint8_t *cut, uint32_t *rows, uint32_t *origin,
                                   int64_t *copies);

#endif
