/* meshmat/reorder.h: a mesh numbered in a local order. Subdivision numbers
 * every refined vertex and face after the cage's (DESIGN §3), so the cage's
 * order is the layout of every level: where a face's neighbours lie far
 * apart in the file, each level's gathers miss the caches. The same mesh
 * numbered so that neighbours lie close evaluates 2–13% faster on the GPU
 * (bench/results/tile-order-dropped, bench/results/cage-order). An
 * application that owns its pipeline reorders its cage once, and its
 * per-frame data through the returned maps. */
#ifndef MESHMAT_REORDER_H
#define MESHMAT_REORDER_H

#include "mesh.h"

#ifdef __cplusplus
extern "C" {
#endif

/* mm_mesh_reorder: the same mesh, its faces and vertices numbered in a
 * local order.
 *   param        memory  in/out  meaning
 *   mesh         any     in      the mesh (any dim d ≥ 1, float32 or float64, tags, channels)
 *   out          -       out     the reordered mesh, on ctx's backend (NULL on error)
 *   face_from    host    out     |F| entries or NULL: face_from[i] = the face of mesh that
 *                                is out's face i
 *   vertex_from  host    out     |V| entries or NULL: vertex_from[j] = the vertex of mesh
 *                                that is out's vertex j
 * The order:
 *   faces: by the Morton code of their centroids (per axis, over the first
 *     min(d, 3) columns, the sum in double of the corners' values each
 *     divided by the face's order), each axis quantized to 21 bits over the
 *     centroids' box: floor((c/2 − lo/2) / (hi/2 − lo/2) · (2^21 − 1)), 0
 *     on an axis of no extent; the code's bit 3b + a is bit b of axis a.
 *     Faces with the same code keep their order. Neighbours in space are
 *     mostly neighbours in the list.
 *   vertices: by first use, the new faces' corners taken in order; vertices
 *     no face names follow, in their order.
 * What follows: every face keeps its corners in their cyclic order (its
 *   first corner too), so orientation and each corner's face-varying value
 *   are kept; the vertex data's rows move with their vertices (all d
 *   columns, in the mesh's precision, bit for bit) and the columns keep
 *   their names (mm_mesh_vertex_property_name); creases and corners name
 *   the new vertex ids, holes the new face ids, in their order; the
 *   boundary rule is kept; each face-varying channel keeps its name and
 *   values (in their order) and names, at each corner, the value it named.
 *   Faces that repeat a vertex (kept by mm_mesh_new's keep_repeated) stay.
 * So the result is the same surface: subdividing it gives the subdivision
 *   of mesh, numbered otherwise (equal up to rounding: a vertex's ring is
 *   summed in another order). Reordering a reordered mesh changes nothing
 *   (both maps are the identity). The order depends on the vertex data and
 *   the faces only, not on the backend.
 * Cost: host work, O(|F| log |F| + nnz + |V|): on CUDA the mesh is copied
 *   to the host and the result back; host memory of about 16 bytes a face,
 *   8 a vertex and 8 a corner besides those copies.
 * Errors: MM_ERR_INVALID_ARGUMENT (NULL mesh or out, another context's
 *   mesh), MM_ERR_OUT_OF_MEMORY, MM_ERR_CUDA.
 * Example: three triangles whose centroids lie on one line along x (the
 *   same y and z), listed (0, 1, 2) at x = 0, (3, 4, 5) at x = 10 and (6, 7,
 *   8) at x = 5: the codes rise with x, so face_from = {0, 2, 1} and
 *   vertex_from = {0, 1, 2, 6, 7, 8, 3, 4, 5}. */
MM_API mm_status mm_mesh_reorder(mm_context ctx, mm_mesh mesh, mm_mesh *out, uint32_t *face_from,
                                 uint32_t *vertex_from);

#ifdef __cplusplus
}
#endif
#endif
