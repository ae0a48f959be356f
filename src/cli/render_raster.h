/* render_raster.h: the picture `meshmat render` draws (docs/cli.md): a
 * perspective camera looking at the bounding box of the drawn faces from a
 * fixed direction (a three-quarter view from the front right, above: azimuth
 * 30° from +z towards +x, elevation 25°, +y up, 30° vertical field of view,
 * the box's corners inside the middle 90% of the frame), the polygons
 * fanned into triangles, z-buffered, flat-shaded (Lambert: ambient plus one
 * directional light from the upper left behind the camera; front faces blue
 * grey, back faces, seen through openings, warm grey), optionally the edges of
 * the polygons on top (those not hidden behind a surface), on white, with 2×2
 * supersampling. */
#ifndef MESHMAT_CLI_RENDER_RASTER_H
#define MESHMAT_CLI_RENDER_RASTER_H

#include <stdint.h>

/* The background colour, white. */
#define RENDER_BACKGROUND 255

/* The mesh as the renderer reads it (host memory). */
typedef struct render_mesh {
    int64_t num_vertices, num_faces;
    const double *xyz;            /* 3 per vertex                          */
    const int64_t *offsets;       /* num_faces + 1: face f is ids[offsets[f] …) */
    const uint32_t *ids;
    const unsigned char *hidden;  /* per face, 1: not drawn (holes); or NULL */
} render_mesh;

/* Draws m into rgb (width × height × 3 bytes, rows top to bottom), with the
 * polygons' edges when wireframe; 0, or ENOMEM. The faces drawn must number
 * at least one. */
int render_draw(const render_mesh *m, int wireframe, int width, int height, unsigned char *rgb);

#endif
