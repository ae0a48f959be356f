/* fuzz_host_mesh.h: a mesh copied to host arrays (mm_mesh_export), and the
 * check that a mesh read back from a file is the mesh that was written. */
#ifndef MESHMAT_FUZZ_HOST_MESH_H
#define MESHMAT_FUZZ_HOST_MESH_H

#include <meshmat.h>

typedef struct fuzz_host_mesh {
    mm_mesh_info info;
    mm_mesh_arrays a;
} fuzz_host_mesh;

/* Copies mesh into h's new arrays (aborts on failure). */
void fuzz_host_mesh_get(mm_mesh mesh, fuzz_host_mesh *h);
void fuzz_host_mesh_free(fuzz_host_mesh *h);

/* Aborts unless back is written as read back through format: the same
 * vertices bit for bit; OBJ: the same faces, tags and boundary rule; OFF and
 * PLY: the faces that are not holes, in order, and no tags (docs/formats.md). */
void fuzz_check_read_back(const fuzz_host_mesh *written, const fuzz_host_mesh *back,
                          mm_file_format format);

#endif
