/* mesh_write.c: mm_mesh_write: copy the mesh to host arrays through the
 * two-phase export (mm_mesh_info_get, allocate, mmi_mesh_export), open a
 * temporary beside the file with a large buffer (mesh_write_file.c), hand it
 * to the OBJ, OFF or PLY writer, and move it into place only when every write,
 * the flush, the sync and the close succeeded; else report the first failure
 * as MM_ERR_IO, the target untouched. */
#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include "../core/error.h"
#include "../core/handle.h"
#include "file_format.h"
#include "host_array.h"
#include "mesh_impl.h"
#include "mesh_write.h"

#define WRITE_BUFFER (1 << 20)

/* The format to write: as given, or from the extension (.ply: binary). */
static mm_status resolve_format(mm_context ctx, const char *path, mm_file_format *f)
{
    if (*f == MM_FILE_OBJ || *f == MM_FILE_OFF || *f == MM_FILE_PLY_ASCII ||
        *f == MM_FILE_PLY_BINARY)
        return MM_OK;
    if (*f != MM_FILE_AUTO)
        return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT, "format is %d; expected an mm_file_format",
                        (int)*f);
    if ((*f = mmi_file_format_of(path)) == MM_FILE_AUTO)
        return mmi_fail(ctx, MM_ERR_FORMAT,
                        "%s: unknown extension; expected .obj, .off or .ply, or give the format",
                        path);
    return MM_OK;
}

/* One host array of the export: where it goes, its elements and their size. */
typedef struct host_part {
    void **slot;
    int64_t n;
    size_t size;
} host_part;

#define NUM_PARTS 8

/* The arrays mm_mesh_export fills, sized from m->info (faces only when there are any). */
static void host_parts(mmi_host_mesh *m, host_part p[NUM_PARTS])
{
    const mm_mesh_info *in = &m->info;
    mm_mesh_arrays *a = &m->a;
    int64_t faces = in->num_faces > 0;
    size_t real = in->precision == MM_TYPE_FLOAT32 ? sizeof(float) : sizeof(double);
    host_part parts[NUM_PARTS] = {
        {&a->vertices, in->num_vertices * in->dim, real},
        {(void **)&a->face_offsets, faces ? in->num_faces + 1 : 0, sizeof(int64_t)},
        {(void **)&a->face_vertices, faces ? in->nnz : 0, sizeof(uint32_t)},
        {(void **)&a->crease_vertices, 2 * in->num_creases, sizeof(uint32_t)},
        {(void **)&a->crease_sharpness, in->num_creases, sizeof(float)},
        {(void **)&a->corner_vertices, in->num_corners, sizeof(uint32_t)},
        {(void **)&a->corner_sharpness, in->num_corners, sizeof(float)},
        {(void **)&a->hole_faces, in->num_holes, sizeof(uint32_t)}};
    memcpy(p, parts, sizeof parts);
}

static mm_status host_mesh_get(mm_context ctx, mm_mesh mesh, mmi_host_mesh *m)
{
    mm_status st = MM_OK;
    host_part p[NUM_PARTS];
    MM_TRY(mm_mesh_info_get(mesh, &m->info));
    host_parts(m, p);
    for (int i = 0; i < NUM_PARTS; ++i) MM_TRY(mmi_host_array(ctx, p[i].n, p[i].size, p[i].slot));
    MM_TRY(mmi_mesh_export(mesh, &m->a));
done:
    return st;
}

static void host_mesh_release(mm_context ctx, mmi_host_mesh *m)
{
    host_part p[NUM_PARTS];
    host_parts(m, p);
    for (int i = 0; i < NUM_PARTS; ++i) {
        mmi_host_array_free(ctx, *p[i].slot, p[i].n, p[i].size);
        *p[i].slot = NULL;
    }
}

/* The mesh in format through w. */
static void write_format(mmi_writer *w, const mmi_host_mesh *m, mm_file_format format)
{
    switch (format) {
    case MM_FILE_OBJ: mmi_mesh_write_obj(w, m); break;
    case MM_FILE_OFF: mmi_mesh_write_off(w, m); break;
    case MM_FILE_PLY_ASCII: mmi_mesh_write_ply(w, m, 0); break;
    default: mmi_mesh_write_ply(w, m, 1); break;
    }
}

mm_status mm_mesh_write(mm_context ctx, mm_mesh mesh, const char *path, mm_file_format format)
{
    mm_status st = MM_OK;
    mmi_host_mesh m;
    memset(&m, 0, sizeof m);
    mmi_out_file out = {NULL, NULL, NULL};
    char *buffer = NULL;
    const char *step = "write failed";
    int err;
    if (!mmi_context_live(ctx)) return MM_ERR_INVALID_ARGUMENT;
    MM_WHERE(ctx);
    if (mesh == NULL || path == NULL) MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "mesh or path is NULL");
    MM_TRY(MMI_CHECK(ctx, mesh, MMI_MAGIC_MESH, "the mesh"));
    MM_TRY(resolve_format(ctx, path, &format));
    MM_TRY(host_mesh_get(ctx, mesh, &m));
    if ((err = mmi_out_open(&out, path)) != 0)
        MM_FAIL(ctx, MM_ERR_IO, "%s: cannot open for writing: %s", path, strerror(err));
    if ((buffer = malloc(WRITE_BUFFER)) != NULL) setvbuf(out.f, buffer, _IOFBF, WRITE_BUFFER);
    const char *dp = localeconv()->decimal_point;
    mmi_writer w = {out.f, 0, dp != NULL && dp[0] != '\0' ? dp[0] : '.'};
    write_format(&w, &m, format);
    if (w.err != 0) MM_FAIL(ctx, MM_ERR_IO, "%s: write failed: %s", path, strerror(w.err));
    if ((err = mmi_out_commit(&out, &step)) != 0)
        MM_FAIL(ctx, MM_ERR_IO, "%s: %s: %s", path, step, strerror(err));
done:
    mmi_out_abort(&out); /* after a failure: the target untouched, no temporary left */
    free(buffer);
    host_mesh_release(ctx, &m);
    return st;
}
