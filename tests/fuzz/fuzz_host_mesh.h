/* fuzz_host_mesh.h: a mesh copied to host arrays (mm_mesh_export), and the
 * check that a mesh read back from a file is the mesh that was written. */
#ifndef MESHMAT_FUZZ_HOST_MESH_H
#define MESHMAT_FUZZ_HOST_MESH_H

#include <meshmat.h>

typedef struct fuzz_host_mesh {
    mm_mesh_info info;
    mm_mesh_arrays a;
    double *low, *high; /* per column: an integer PLY type's range (a PLY file
                           stores the column rounded into it), else ±inf */
    unsigned char *single; /* per column: PLY type float (stored as a float32) */
} fuzz_host_mesh;

/* Copies mesh into h's new arrays (aborts on failure). */
void fuzz_host_mesh_get(mm_mesh mesh, fuzz_host_mesh *h);
void fuzz_host_mesh_free(fuzz_host_mesh *h);

/* Aborts unless back is written as read back through format: the same
 * vertices bit for bit (PLY: every column, integer-typed ones rounded to
 * nearest, halves away from zero, and clamped to their type, float-typed ones
 * rounded to float32; OBJ and OFF: x,
 * y, z); OBJ: the same faces, tags and boundary rule; OFF and PLY: the faces
 * that are not holes, in order, and no tags (docs/formats.md). */
void fuzz_check_read_back(const fuzz_host_mesh *written, const fuzz_host_mesh *back,
                          mm_file_format format);

#endif
