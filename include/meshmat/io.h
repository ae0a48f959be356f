/* meshmat/io.h: reading and writing meshes as OBJ, OFF and PLY (ASCII and
 * binary little-endian). Readers report the file and line of anything wrong;
 * what the writers produce reads back exactly. */
#ifndef MESHMAT_IO_H
#define MESHMAT_IO_H

#include "mesh.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum mm_file_format {
    MM_FILE_AUTO = 0,       /* from the file name's extension (.obj, .off, .ply) */
    MM_FILE_OBJ = 1,
    MM_FILE_OFF = 2,
    MM_FILE_PLY_ASCII = 3,
    MM_FILE_PLY_BINARY = 4  /* little-endian; on reading, either PLY form is accepted */
} mm_file_format;

typedef struct mm_read_options {
    mm_file_format format; /* MM_FILE_AUTO by default                                */
    mm_type precision;     /* vertex data type: MM_TYPE_FLOAT64 (default) or FLOAT32 */
    int keep_repeated;     /* keep faces that repeat a vertex (see mm_mesh_desc)     */
} mm_read_options;

MM_API mm_read_options mm_read_options_default(void);

/* mm_mesh_read: read a mesh file. OBJ: `v` (x y z, extra columns ignored) and
 * `f` with v, v/vt, v//vn, v/vt/vn forms and negative (relative) indices; other
 * statements are ignored; OpenSubdiv `t crease` / `t corner` tags, also written as
 * `# osd-tag: t ...` comments, become crease data. OFF: OFF header, counts,
 * vertices, faces (trailing colours ignored). PLY: vertex x, y, z and a face list
 * `vertex_indices` (or `vertex_index`), other properties skipped.
 *   Errors: MM_ERR_IO (open/read), MM_ERR_FORMAT (unknown extension or variant,
 *   e.g. big-endian PLY), MM_ERR_PARSE (the message gives file:line), and every
 *   refusal of mm_mesh_new, with the line of the face or vertex. */
MM_API mm_status mm_mesh_read(mm_context ctx, mm_mesh *mesh, const char *path,
                              const mm_read_options *opts);

/* mm_mesh_read_memory: the same, from a buffer; name is used in messages and,
 * with MM_FILE_AUTO, for the extension. */
MM_API mm_status mm_mesh_read_memory(mm_context ctx, mm_mesh *mesh, const char *data, size_t size,
                                     const char *name, const mm_read_options *opts);

/* mm_mesh_write: write the mesh's first three vertex columns and its faces
 * (and, in OBJ, its creases and corners as OpenSubdiv `t` tags). Values are
 * printed with enough digits (9 for float32, 17 for float64) to read back
 * exactly. Errors: MM_ERR_IO, MM_ERR_INVALID_ARGUMENT (dim < 3 for OFF/PLY). */
MM_API mm_status mm_mesh_write(mm_context ctx, mm_mesh mesh, const char *path,
                               mm_file_format format);

#ifdef __cplusplus
}
#endif
#endif
