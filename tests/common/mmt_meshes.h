/* mmt_meshes.h: what the subdivision tests share: small generated meshes — a
 * closed cube, an open quad grid, mixed polygons with a boundary and an
 * unreferenced vertex, and several components in one mesh — built on a
 * context in either precision, with non-planar coordinates; a mesh from face
 * lists; vertex data copied to the host as float64. */
#ifndef MESHMAT_TEST_MESHES_H
#define MESHMAT_TEST_MESHES_H

#include "test_util.h"

typedef enum mmt_shape {
    MMT_CUBE = 0,       /* 8 vertices, 6 quads, closed                               */
    MMT_GRID = 1,       /* 4 × 3 quads, (5 × 4 vertices, id = y · 5 + x), open        */
    MMT_MIXED = 2,      /* quad, triangle, pentagon, hexagon, open, vertex 12 unused  */
    MMT_COMPONENTS = 3, /* a cube, a 2 × 2 grid and a lone triangle                    */
    MMT_SHAPES = 4
} mmt_shape;

/* A new mesh of the shape on ctx, vertex data of the given precision. */
mm_mesh mmt_mesh_shape(mm_context ctx, mmt_shape shape, mm_type precision);

/* The nx × ny quad grid of unit squares, vertex id = y · (nx + 1) + x,
 * z = 0 (a plane, so hand-derived weights give readable positions). */
mm_mesh mmt_mesh_grid(mm_context ctx, int nx, int ny, mm_type precision);

/* A new mesh on ctx from nv float64 xyz triples and nf faces: face_offsets
 * (nf + 1 entries) or, when NULL, a uniform face order; vertex data of the
 * given precision (MM_TYPE_PATTERN: as given, float64). Fails the test when mm_mesh_new refuses it. */
mm_mesh mmt_mesh_from_faces(mm_context ctx, int64_t nv, const double *xyz, int64_t nf,
                            const int64_t *face_offsets, int64_t face_order,
                            const uint32_t *face_vertices, mm_type precision);

/* X (float32 or float64) as a new malloc'd float64 array; *count = rows · d. */
double *mmt_dense_to_host(mm_context ctx, mm_dense X, int64_t *count);

#endif
