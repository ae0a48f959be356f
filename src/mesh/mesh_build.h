/* mesh_build.h: the internal mesh constructors the readers call (mm_mesh_new
 * without the public-entry bookkeeping, so a reader's error keeps its name). */
#ifndef MESHMAT_MESH_MESH_BUILD_H
#define MESHMAT_MESH_MESH_BUILD_H

#include "meshmat/mesh.h"

/* Validates desc (see mm_mesh_new) and builds the mesh in ctx's memory. */
mm_status mmi_mesh_build(mm_context ctx, mm_mesh *mesh, const mm_mesh_desc *desc);

/* A mesh's vertices and faces as host arrays a reader fills in place, from
 * mmi_mesh_parts_alloc (the context's host memory, at their final sizes), so
 * that the mesh can take them over instead of copying them. */
typedef struct mmi_mesh_parts {
    int64_t num_vertices, num_faces, nnz;
    int64_t face_order;      /* > 0: every face has it, face_offsets is NULL; 0: offsets */
    int64_t dim;             /* values per vertex, ≥ 3                                 */
    double *vertices;        /* dim per vertex: x y z, then the other columns          */
    int64_t *face_offsets;   /* num_faces + 1, face_offsets[0] = 0                     */
    uint32_t *face_vertices; /* nnz 0-based ids                                        */
} mmi_mesh_parts;

/* Allocates parts of these sizes (face_order > 0 only when all num_faces faces
 * have that order, which is ≥ 3: mmi_mesh_build then keeps M uniform, and its
 * messages name the face; dim ≥ 3 values per vertex); on failure they are
 * empty. */
mm_status mmi_mesh_parts_alloc(mm_context ctx, mmi_mesh_parts *p, int64_t num_vertices,
                               int64_t dim, int64_t num_faces, int64_t nnz, int64_t face_order);
/* Frees what parts still hold; they are empty after. */
void mmi_mesh_parts_free(mm_context ctx, mmi_mesh_parts *p);

/* mmi_mesh_build of desc with its vertices (float64, parts' dim) and faces from
 * parts, which the mesh takes over: on a CPU context the arrays become M's and
 * X's as they are (X's when it is float64), with no copy; on CUDA they are
 * copied to the device once. parts are empty on return, also on failure. */
mm_status mmi_mesh_build_parts(mm_context ctx, mm_mesh *mesh, const mm_mesh_desc *desc,
                               mmi_mesh_parts *parts);

#endif
