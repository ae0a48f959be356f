/* mesh_write_glb.h: the glTF 2.0 binary (.glb) writer, which mm_mesh_write
 * hands the host copy of the mesh. Unlike the text writers it must know every
 * size before the first byte (the header holds the file's length) and it
 * computes vertex normals, so it takes the context (accounted scratch, its own
 * refusals) and writes the file itself through mesh_write_file.h. */
#ifndef MESHMAT_MESH_MESH_WRITE_GLB_H
#define MESHMAT_MESH_MESH_WRITE_GLB_H

#include "mesh_write.h"

/* Writes m to path as one glTF mesh of one indexed TRIANGLES primitive
 * (include/meshmat/io.h, docs/formats.md), reporting progress as opts says;
 * the target untouched on failure. */
mm_status mmi_mesh_write_glb(mm_context ctx, const mmi_host_mesh *m, const char *path,
                             const mm_write_options *opts);

#endif
