/* mmt_meshes.h: small generated meshes the subdivision tests share — a
 * closed cube, an open quad grid, mixed polygons with a boundary and an
 * unreferenced vertex, and several components in one mesh — built on a
 * context in either precision, with non-planar coordinates. */
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

#endif
