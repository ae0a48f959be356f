/* mesh_read.c: mm_mesh_read and mm_mesh_read_memory: read a whole file into
 * host memory (one growable block: populated pages, sized by fstat), pick the
 * format (given, or from the extension, any case) and hand the buffer to the
 * OBJ, OFF, PLY or STL reader (mesh_read.h). */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "../core/error.h"
#include "../core/handle.h"
#include "file_format.h"
#include "mesh_lists.h"
#include "mesh_read.h"
#include "text_scan.h"

mm_read_options mm_read_options_default(void)
{
    mm_read_options o = {MM_FILE_AUTO, MM_TYPE_FLOAT64, 0};
    return o;
}

static mm_status read_buffer(mm_context ctx, mm_mesh *mesh, const char *data, size_t size,
                             const char *name, const mm_read_options *opts)
{
    mm_read_options o = opts ? *opts : mm_read_options_default();
    if (o.precision != MM_TYPE_PATTERN && o.precision != MM_TYPE_FLOAT32 &&
        o.precision != MM_TYPE_FLOAT64)
        return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT,
                        "options.precision is %d; expected MM_TYPE_FLOAT32 or MM_TYPE_FLOAT64",
                        (int)o.precision);
    mm_file_format f = o.format == MM_FILE_AUTO ? mmi_read_format_of(name) : o.format;
    if (f == MM_FILE_AUTO)
        return mmi_fail(ctx, MM_ERR_FORMAT,
                        "%s: unknown extension; expected .obj, .off, .ply or .stl, or set "
                        "options.format",
                        name);
    switch (f) {
    case MM_FILE_OBJ: return mmi_mesh_read_obj(ctx, mesh, data, size, name, &o);
    case MM_FILE_OFF: return mmi_mesh_read_off(ctx, mesh, data, size, name, &o);
    case MM_FILE_PLY_ASCII:
    case MM_FILE_PLY_BINARY: return mmi_mesh_read_ply(ctx, mesh, data, size, name, &o);
    case MM_FILE_STL: return mmi_mesh_read_stl(ctx, mesh, data, size, name, &o);
    case MM_FILE_GLB: return mmi_fail(ctx, MM_ERR_FORMAT, "%s: .glb is written, not read", name);
    default: break;
    }
    return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT, "options.format is %d; expected an mm_file_format",
                    (int)f);
}

/* All of path into b: regular files in one read of their size (plus one byte
 * to see the end), pipes and devices in growing chunks. */
static mm_status read_file(mm_context ctx, const char *path, mmi_growable *b)
{
    mm_status st = MM_OK;
    struct stat sb;
    int64_t chunk = 1 << 16;
    FILE *f = fopen(path, "rb");
    if (f == NULL) MM_FAIL(ctx, MM_ERR_IO, "%s: cannot open: %s", path, strerror(errno));
    if (fstat(fileno(f), &sb) == 0 && S_ISREG(sb.st_mode) && sb.st_size > 0 &&
        sb.st_size < INT64_MAX)
        chunk = (int64_t)sb.st_size + 1;
    for (;;) {
        if (b->cap - b->len < chunk && mmi_growable_reserve(b, chunk))
            MM_FAIL(ctx, MM_ERR_OUT_OF_MEMORY, "%s: no memory for %lld more bytes", path,
                    (long long)chunk);
        size_t room = (size_t)(b->cap - b->len), got = fread(b->data + b->len, 1, room, f);
        b->len += (int64_t)got;
        if (ferror(f)) MM_FAIL(ctx, MM_ERR_IO, "%s: read failed: %s", path, strerror(errno));
        if (got < room) break;
    }
done:
    if (f != NULL) fclose(f);
    return st;
}

mm_status mm_mesh_read(mm_context ctx, mm_mesh *mesh, const char *path,
                       const mm_read_options *opts)
{
    mm_status st = MM_OK;
    mmi_growable b = MMI_GROWABLE(char);
    if (!mmi_context_live(ctx)) return MM_ERR_INVALID_ARGUMENT;
    MM_WHERE(ctx);
    if (mesh == NULL || path == NULL) MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "mesh or path is NULL");
    *mesh = NULL;
    MM_TRY(read_file(ctx, path, &b));
    MM_TRY(read_buffer(ctx, mesh, b.data ? b.data : "", (size_t)b.len, path, opts));
done:
    mmi_growable_free(&b);
    return st;
}

mm_status mm_mesh_read_memory(mm_context ctx, mm_mesh *mesh, const char *data, size_t size,
                              const char *name, const mm_read_options *opts)
{
    if (!mmi_context_live(ctx)) return MM_ERR_INVALID_ARGUMENT;
    MM_WHERE(ctx);
    if (mesh == NULL || (data == NULL && size > 0))
        return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT, "mesh is NULL, or data is NULL with size %zu",
                        size);
    *mesh = NULL;
    return read_buffer(ctx, mesh, data ? data : "", size, name ? name : "<memory>", opts);
}

mm_status mmi_parse_expected(mm_context ctx, const char *name, const char *data,
                             const char *end, long long line, const char *token,
                             const char *expected)
{
    char found[64];
    if (token == end) line = mmi_last_line(data, (size_t)(end - data), line);
    return mmi_fail(ctx, MM_ERR_PARSE, "%s:%lld: expected %s, found %s", name, line, expected,
                    mmi_describe_token(token, end, found, sizeof found));
}
