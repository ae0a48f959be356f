/* mesh_read.h: the format readers mm_mesh_read and mm_mesh_read_memory
 * dispatch to. Each parses data[0, size) (not NUL-terminated), names `name` in
 * its messages (file:line, or element and index for binary PLY, triangle and
 * byte for binary STL), and builds
 * *mesh through mmi_mesh_build. */
#ifndef MESHMAT_MESH_MESH_READ_H
#define MESHMAT_MESH_MESH_READ_H

#include "meshmat/io.h"

mm_status mmi_mesh_read_obj(mm_context ctx, mm_mesh *mesh, const char *data, size_t size,
                            const char *name, const mm_read_options *opts);
mm_status mmi_mesh_read_off(mm_context ctx, mm_mesh *mesh, const char *data, size_t size,
                            const char *name, const mm_read_options *opts);
mm_status mmi_mesh_read_ply(mm_context ctx, mm_mesh *mesh, const char *data, size_t size,
                            const char *name, const mm_read_options *opts);
mm_status mmi_mesh_read_stl(mm_context ctx, mm_mesh *mesh, const char *data, size_t size,
                            const char *name, const mm_read_options *opts);

/* The line to name at the end of data: the last line, not the empty one after
 * a final line end ("\n", "\r\n" or "\r"). */
static inline long long mmi_last_line(const char *data, size_t size, long long line)
{
    int eol = size > 0 && (data[size - 1] == '\n' || data[size - 1] == '\r');
    return (eol && line > 1) ? line - 1 : line;
}

/* MM_ERR_PARSE "name:line: expected <expected>, found <the token at token>"
 * (mmi_describe_token), line made the last one when token is at the end of
 * data[0, end): every text reader's parse failure, in one wording. */
mm_status mmi_parse_expected(mm_context ctx, const char *name, const char *data,
                             const char *end, long long line, const char *token,
                             const char *expected);

#endif
