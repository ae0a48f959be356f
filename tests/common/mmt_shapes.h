/* mmt_shapes.h: generated meshes for the path comparisons: a cube, a torus,
 * an open grid, a grid with holes, 3- to 8-gon prisms in several components,
 * an open fan and a mesh mixing them, non-planar; and the same shapes cut
 * into triangles for the triangle schemes. */
#ifndef MESHMAT_TEST_SHAPES_H
#define MESHMAT_TEST_SHAPES_H

#include "test_util.h"

/* A mesh being generated: vertices (x, y, z) and faces of any order. */
typedef struct mmt_shape_faces {
    int nv, nf, nids;
    double xyz[3 * 512];
    int64_t offsets[513];
    uint32_t ids[1536];
} mmt_shape_faces;

enum {
    MMT_SHAPE_CUBE,
    MMT_SHAPE_TORUS,
    MMT_SHAPE_GRID,
    MMT_SHAPE_HOLES,
    MMT_SHAPE_PRISMS,
    MMT_SHAPE_FAN,
    MMT_SHAPE_MIXED,
    MMT_NUM_GENERATED
};

/* Fills *s with generated shape `which`. */
void mmt_make_shape(mmt_shape_faces *s, int which);

/* Cuts every face of *s into the fan of triangles from its first vertex
 * (an n-gon gives n − 2), keeping its orientation. */
void mmt_triangulate(mmt_shape_faces *s);

/* A new mesh of *s on ctx, vertex data of the given precision. */
mm_mesh mmt_shape_mesh(mm_context ctx, const mmt_shape_faces *s, mm_type precision);

/* Generated shape `which` cut into triangles (mmt_triangulate), as a new mesh. */
mm_mesh mmt_triangle_shape(mm_context ctx, int which, mm_type precision);

#endif
