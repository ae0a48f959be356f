/* meshmat/mesh.h: the mesh matrix M (|V| × |F|, CSC; column f lists face f's
 * vertices counter-clockwise, DESIGN §1) with its vertex data and crease data,
 * built from face lists, validated on construction, and its statistics. */
#ifndef MESHMAT_MESH_H
#define MESHMAT_MESH_H

#include "dense.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mm_mesh_s *mm_mesh;

/* How boundaries are interpolated (paper §5.3; OpenSubdiv's Sdc names): a
 * mesh carries one (its file may declare it), a subdivision applies one. */
typedef enum mm_boundary {
    MM_BOUNDARY_EDGE_ONLY = 0,       /* VTX_BOUNDARY_EDGE_ONLY: boundary edges are creases:
                                        edge points at midpoints, boundary vertices
                                        3/4 p + 1/8 (p_prev + p_next) (eq. 20); for √3
                                        Kobbelt's boundary rule (docs/schemes.md)      */
    MM_BOUNDARY_EDGE_AND_CORNER = 1, /* VTX_BOUNDARY_EDGE_AND_CORNER: as EDGE_ONLY, and a
                                        vertex in exactly one face (a valence-2 boundary
                                        corner) stays where it is                        */
    MM_BOUNDARY_NONE = 2,            /* VTX_BOUNDARY_NONE: as EDGE_ONLY, but every face at a
                                        vertex on a boundary edge that is not infinitely
                                        sharp (< 10) is a hole: the surface stops short of
                                        the boundary (Catmull-Clark and Loop; the generic
                                        path; docs/creases.md)                            */
    MM_BOUNDARY_OF_MESH = 3          /* mm_subdiv_options only (its default): the rule the
                                        mesh carries (mm_mesh_desc.boundary, an OBJ file's
                                        `t interpolateboundary`); EDGE_ONLY for √3        */
} mm_boundary;

/* A mesh as host arrays: the input of mm_mesh_new.
 *   vertices       num_vertices × dim, row-major, of vertex_type (FLOAT32 / FLOAT64)
 *   face_offsets   num_faces + 1 offsets into face_vertices, or NULL when every
 *                  face has face_order vertices (the pointer is then implicit)
 *   face_vertices  0-based vertex ids, each face counter-clockwise
 *   creases        num_creases edges (2 vertex ids each) with sharpness ≥ 0
 *   corners        num_corners vertex ids with sharpness ≥ 0
 *   source, vertex_lines, face_lines  optional: a file name and the line of each
 *                  vertex / face in it, so that errors can name the line
 *   precision      the type the mesh stores its vertex data in; 0 (PATTERN) means
 *                  the same as vertex_type
 *   keep_repeated  non-zero: accept faces that repeat a vertex (counted as
 *                  degenerate in the statistics) instead of refusing them
 *   holes          num_holes face ids (OpenSubdiv's `t hole`): those faces are
 *                  not refined into a subdivision's output, but their points
 *                  still shape their neighbours (docs/creases.md)
 *   boundary       the boundary rule the mesh is meant to be refined with
 *                  (OpenSubdiv's `t interpolateboundary`; 0: EDGE_ONLY, its
 *                  default), which subdivision applies by default
 *                  (MM_BOUNDARY_OF_MESH); not MM_BOUNDARY_OF_MESH itself */
typedef struct mm_mesh_desc {
    int64_t num_vertices;
    int64_t dim;
    mm_type vertex_type;
    const void *vertices;
    int64_t num_faces;
    const int64_t *face_offsets;
    int64_t face_order;
    const uint32_t *face_vertices;
    int64_t num_creases;
    const uint32_t *crease_vertices;
    const float *crease_sharpness;
    int64_t num_corners;
    const uint32_t *corner_vertices;
    const float *corner_sharpness;
    const char *source;
    const int64_t *vertex_lines;
    const int64_t *face_lines;
    mm_type precision;
    int keep_repeated;
    int64_t num_holes;
    const uint32_t *hole_faces;
    mm_boundary boundary;
} mm_mesh_desc;

/* mm_mesh_new: build and validate a mesh in the context's memory.
 *   Refused with MM_ERR_INVALID_MESH, the message naming the face or vertex (and
 *   the line when given): a vertex id ≥ num_vertices, a face with fewer than 3
 *   vertices, a vertex repeated within a face (unless keep_repeated), a
 *   non-finite coordinate, a crease naming a vertex out of range or equal ends,
 *   a negative or non-finite sharpness, a hole naming a face out of range. Unreferenced vertices are kept.
 *   Errors also: MM_ERR_INVALID_ARGUMENT, MM_ERR_OVERFLOW (|V| or |F| ≥ 2^32,
 *   nnz > 2^62), MM_ERR_OUT_OF_MEMORY.
 *   Example: one quad: num_vertices 4, dim 3, face_order 4, face_vertices {0,1,2,3}. */
MM_API mm_status mm_mesh_new(mm_context ctx, mm_mesh *mesh, const mm_mesh_desc *desc);

MM_API void mm_mesh_free(mm_mesh *mesh);

/* Sizes: |V|, |F|, nnz(M) = Σ face orders, the dimension d of the vertex data,
 * the common face order (0 when the orders are mixed), the tags' counts and
 * the boundary rule.
 *   fvar_dropped  face-varying data a reader found but could not keep: in an
 *                 OBJ file where some face corners name a vt (or a vn) and
 *                 others do not, that channel is left out (a channel needs a
 *                 value at every corner) and the corners that named one are
 *                 counted here (vt and vn corners summed); 0 for a mesh made
 *                 any other way (mm_mesh_new, mm_subdivide, …). */
typedef struct mm_mesh_info {
    int64_t num_vertices, num_faces, nnz, dim;
    int64_t uniform_order;
    mm_type precision;
    int64_t num_creases, num_corners, num_holes;
    mm_boundary boundary; /* the rule the mesh carries (mm_mesh_desc.boundary) */
    int64_t fvar_dropped;
} mm_mesh_info;

MM_API mm_status mm_mesh_info_get(mm_mesh mesh, mm_mesh_info *info);

/* Borrowed handles (owned by the mesh, valid until it is freed): the mesh matrix
 * M (pattern CSC, |V| × |F|) and the vertex data (|V| × d). */
MM_API mm_matrix mm_mesh_matrix(mm_mesh mesh);
MM_API mm_dense mm_mesh_vertices(mm_mesh mesh);

/* mm_mesh_export: copy the mesh back into caller-owned host arrays sized from
 * mm_mesh_info_get (two-phase). Any pointer may be NULL to skip that part.
 * face_offsets gets num_faces + 1 entries; vertices are written in the mesh's
 * precision; creases get 2 ids per crease. */
typedef struct mm_mesh_arrays {
    void *vertices;
    int64_t *face_offsets;
    uint32_t *face_vertices;
    uint32_t *crease_vertices;
    float *crease_sharpness;
    uint32_t *corner_vertices;
    float *corner_sharpness;
    uint32_t *hole_faces;
} mm_mesh_arrays;

MM_API mm_status mm_mesh_export(mm_mesh mesh, const mm_mesh_arrays *h);

/* Statistics (DESIGN §3's bad-input classes), computed through the mesh
 * matrix: the edges are the non-zeros of E = M Mᵀ {Q_c + Q_c^{c-1}} [τ] (eq. 4)
 * in its strict lower triangle, E(b, a) = the number of face sides on {a, b};
 * the side directions are M Mᵀ {Q_c} (eq. 6). A face side is a pair of
 * consecutive corners i → j of one face (c sides for a face of order c).
 *   edges                  unordered pairs {i, j}, i ≠ j, joined by a side; a side
 *                          i → i (a face repeating a vertex consecutively) lies on
 *                          E's diagonal and is no edge
 *   boundary_edges         edges with exactly one side; a face passing an edge
 *                          twice (a bridge into a hole) gives it two: not boundary
 *   boundary_loops         connected components of the graph of boundary edges:
 *                          chains that touch at a vertex count as one loop
 *   nonmanifold_edges      edges with more than two sides
 *   nonmanifold_vertices   vertices whose corners form more than one fan: corners
 *                          at v are in one fan when a chain of them, each pair
 *                          sharing an edge {v, x}, links them; non-manifold edges
 *                          link like any other (their ends count only when split
 *                          elsewhere, e.g. bow-ties); a side v → v links nothing
 *   components             faces joined through shared edges (non-manifold
 *                          edges included); a face with no edge stands alone
 *   flipped_edges          edges with exactly two sides, both the same way
 *   unreferenced_vertices  vertices in no face (E's empty columns)
 *   degenerate_faces       faces listing a vertex twice, anywhere (keep_repeated)
 *   min_order, max_order   smallest and largest face order (0 with no faces)
 *   vertices, faces, nnz   |V|, |F|, nnz(M) = Σ face orders
 * These rules reproduce every count of ../shared/models/README.md (all but
 * dup-pos v, a geometric count, which is not computed here).
 *   ctx    the mesh's context          mesh   in, any backend
 *   stats  out, host
 * Properties: runs on the host (M is copied from the device on CUDA),
 * O(nnz log valence), about 30 bytes of host workspace per non-zero of M,
 * deterministic. Errors: MM_ERR_INVALID_ARGUMENT (NULL, another context's mesh),
 * MM_ERR_OVERFLOW (≥ 2^31 edges, a vertex in ≥ 2^31 corners),
 * MM_ERR_OUT_OF_MEMORY, MM_ERR_CUDA.
 * Example: the unit cube as six quads: vertices 8, faces 6, nnz 24, edges 12,
 * min/max order 4, components 1, every other count 0. Two triangles sharing
 * only vertex 0: edges 6, boundary 6 in 1 loop, components 2, NM-verts 1. */
typedef struct mm_mesh_stats {
    int64_t vertices, faces, nnz, edges;
    int64_t min_order, max_order;
    int64_t boundary_edges, boundary_loops;
    int64_t nonmanifold_edges, nonmanifold_vertices;
    int64_t components;
    int64_t flipped_edges;
    int64_t unreferenced_vertices;
    int64_t degenerate_faces;
} mm_mesh_stats;

MM_API mm_status mm_mesh_stats_get(mm_context ctx, mm_mesh mesh, mm_mesh_stats *stats);

/* mm_mesh_order_histogram: c = Mᵀ·1 counted per order: counts[k] = the number
 * of faces of order k, for k in [0, max_order].
 *   counts  out, host, max_order + 1 entries (max_order from mm_mesh_stats)
 * Properties: on the host, O(|F|) (O(1) for a one-order mesh), no workspace on
 * the CPU backend. Errors: MM_ERR_INVALID_ARGUMENT (NULL, max_order < 0, a face
 * of order > max_order: the message names it), MM_ERR_OUT_OF_MEMORY, MM_ERR_CUDA.
 * Example: catmark_rook, max_order 4: counts {0, 0, 0, 44, 733}. */
MM_API mm_status mm_mesh_order_histogram(mm_context ctx, mm_mesh mesh, int64_t max_order,
                                         int64_t *counts);

/* Named vertex data columns. The vertex data X (|V| × d) holds x, y, z in
 * columns 0 to 2; a column past them may carry a name and a PLY type. The PLY
 * reader names every other scalar property of the vertex element (nx, red,
 * u, quality, …) after the property, with its type, in file order; the
 * refined mesh of mm_subdivide and the welded one of mm_mesh_weld keep their
 * input's names; the PLY writer writes each named column back as a vertex
 * property of that type (io.h, mm_mesh_write). A mesh from mm_mesh_new has
 * no names: its columns past z are unnamed, and no writer writes them.
 *   mm_mesh_vertex_property_name  the column's name, or NULL (a NULL mesh,
 *                                 columns 0 to 2, an unnamed column, one
 *                                 out of range); owned by the mesh, valid
 *                                 until it is freed or the column renamed
 *   mm_mesh_vertex_property_type  its PLY type as the writer names it:
 *                                 "char", "uchar", "short", "ushort", "int",
 *                                 "uint", "float" or "double"; NULL where the
 *                                 name is NULL
 * Example: a PLY vertex element `x y z nx ny nz red green blue` (normals
 * float, colours uchar) reads to d = 9; column 6 is "red" of type "uchar". */
MM_API const char *mm_mesh_vertex_property_name(mm_mesh mesh, int column);
MM_API const char *mm_mesh_vertex_property_type(mm_mesh mesh, int column);

/* mm_mesh_set_vertex_property: names column `column` (3 ≤ column < d) of
 * mesh's vertex data `name`, to be written as a PLY vertex property of type
 * `type` (a name the PLY reader accepts: "uchar", "uint8", "float", …; NULL:
 * "float" for a float32 mesh, else "double"); name NULL makes it unnamed.
 * Errors: MM_ERR_INVALID_ARGUMENT (NULL or another context's mesh, a column
 * out of range, a name that is empty, longer than 1024 bytes, holds a blank
 * or a control character, or is x, y or z; an unknown type),
 * MM_ERR_OUT_OF_MEMORY. Example: a 4-column mesh from mm_mesh_new, column 3
 * named "quality" of type NULL: a PLY file with `property double quality`. */
MM_API mm_status mm_mesh_set_vertex_property(mm_context ctx, mm_mesh mesh, int column,
                                             const char *name, const char *type);

/* Face-varying channels (docs/face-varying.md): data stored per face corner
 * with a topology of its own, such as texture coordinates with seams (a seam
 * is an edge whose two faces name different values at its ends). A channel is
 * a second mesh matrix over the same faces: its rows are the channel's values,
 * and column f names the values at face f's corners, in the order of face f's
 * vertices in M. Subdivision (mm_subdivide) refines every channel of a mesh
 * with OpenSubdiv's face-varying rules (mm_subdiv_options.fvar_interp).
 *   name           host string, at most 63 bytes kept; NULL: "fvarK", K its index
 *   num_values     rows of values; dim ≥ 1 columns of value_type (FLOAT32/FLOAT64)
 *   values         num_values × dim, row-major, host
 *   corner_values  nnz(M) value ids, host: face 0's corners, then face 1's, …
 * Any value may be named at any corner (also at corners of different
 * vertices, or twice in one face). */
typedef struct mm_fvar_desc {
    const char *name;
    int64_t num_values, dim;
    mm_type value_type;
    const void *values;
    const uint32_t *corner_values;
} mm_fvar_desc;

/* mm_mesh_add_fvar: a new channel on mesh (copied into the context's memory),
 * appended after the mesh's others.
 * Errors: MM_ERR_INVALID_ARGUMENT (NULL, another context's mesh, dim < 1, a
 * type other than FLOAT32/FLOAT64, more than 64 channels),
 * MM_ERR_INVALID_MESH (a corner naming a value ≥ num_values: the face and
 * corner are named; a non-finite value), MM_ERR_OVERFLOW, MM_ERR_OUT_OF_MEMORY.
 * Example: a quad with UVs: num_values 4, dim 2, corner_values {0, 1, 2, 3}. */
MM_API mm_status mm_mesh_add_fvar(mm_context ctx, mm_mesh mesh, const mm_fvar_desc *desc);

/* The number of channels (0 for NULL), a channel's name, and the channel as a
 * mesh (borrowed, valid while mesh lives): its vertices are the channel's
 * values (mm_mesh_vertices; they may be written in place, mm_dense_data, and
 * the next mm_subdivide refines the new ones), its faces the corner value ids
 * (mm_mesh_export's face_vertices). NULL for a channel out of range. */
MM_API int mm_mesh_num_fvar(mm_mesh mesh);
MM_API const char *mm_mesh_fvar_name(mm_mesh mesh, int channel);
MM_API mm_mesh mm_mesh_fvar(mm_mesh mesh, int channel);

/* mm_mesh_remove_fvar: frees channel `channel` of mesh; the channels after it
 * move down by one (their order is kept). For a caller that cannot use a
 * channel, e.g. before a subdivision that refuses channels (√3,
 * MM_BOUNDARY_NONE, meshes that are not 2-manifolds).
 * Errors: MM_ERR_INVALID_ARGUMENT (NULL, another context's mesh, channel out
 * of range). Example: a mesh with channels uv, normal: removing 0 leaves
 * normal as channel 0. */
MM_API mm_status mm_mesh_remove_fvar(mm_context ctx, mm_mesh mesh, int channel);

#ifdef __cplusplus
}
#endif
#endif
