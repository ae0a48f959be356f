/* mesh_write.c: mm_mesh_write: copy the mesh to host arrays through the
 * two-phase export (mm_mesh_info_get, allocate, mmi_mesh_export; for OBJ
 * and .glb also the channels they hold: vt and vn, TEXCOORD_0 and NORMAL,
 * mm_file_keeps_fvar), open a
 * temporary beside the file with a large buffer (mesh_write_file.c), hand it
 * to the OBJ, OFF or PLY writer, and move it into place only when every write,
 * the flush, the sync and the close succeeded; else report the first failure
 * as MM_ERR_IO, the target untouched. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../core/error.h"
#include "../core/handle.h"
#include "file_format.h"
#include "host_array.h"
#include "mesh_impl.h"
#include "mesh_write.h"
#include "mesh_write_glb.h"

#define WRITE_BUFFER (1 << 20)

/* The format to write: as given, or from the extension (.ply: binary). */
static mm_status resolve_format(mm_context ctx, const char *path, mm_file_format *f)
{
    if (*f == MM_FILE_OBJ || *f == MM_FILE_OFF || *f == MM_FILE_PLY_ASCII ||
        *f == MM_FILE_PLY_BINARY || *f == MM_FILE_GLB)
        return MM_OK;
    if (*f == MM_FILE_STL)
        return mmi_fail(ctx, MM_ERR_FORMAT,
                        "STL is read only; write .obj, .off, .ply or .glb");
    if (*f != MM_FILE_AUTO)
        return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT, "format is %d; expected an mm_file_format",
                        (int)*f);
    if ((*f = mmi_file_format_of(path)) == MM_FILE_AUTO)
        return mmi_fail(ctx, MM_ERR_FORMAT,
                        "%s: unknown extension; expected .obj, .off, .ply or .glb, or give "
                        "the format",
                        path);
    return MM_OK;
}

/* One host array of the export: where it goes, its elements and their size. */
typedef struct host_part {
    void **slot;
    int64_t n;
    size_t size;
} host_part;

#define NUM_PARTS 6

/* How the mesh came to the host: the faces through mmi_host_faces (M's own
 * arrays on the CPU backend, no copy), the vertices borrowed from X when it
 * lives on the host; the rest (vertices on a device, the tags) is copied. */
typedef struct host_view {
    mmi_host_faces faces;
    int vertices_borrowed;
} host_view;

/* The arrays mm_mesh_export fills, sized from the info. */
static void host_parts(mmi_host_mesh *m, const host_view *h, host_part p[NUM_PARTS])
{
    const mm_mesh_info *in = &m->info;
    mm_mesh_arrays *a = &m->a;
    size_t real = in->precision == MM_TYPE_FLOAT32 ? sizeof(float) : sizeof(double);
    host_part parts[NUM_PARTS] = {
        {&a->vertices, h->vertices_borrowed ? 0 : in->num_vertices * in->dim, real},
        {(void **)&a->crease_vertices, 2 * in->num_creases, sizeof(uint32_t)},
        {(void **)&a->crease_sharpness, in->num_creases, sizeof(float)},
        {(void **)&a->corner_vertices, in->num_corners, sizeof(uint32_t)},
        {(void **)&a->corner_sharpness, in->num_corners, sizeof(float)},
        {(void **)&a->hole_faces, in->num_holes, sizeof(uint32_t)}};
    memcpy(p, parts, sizeof parts);
}

/* offsets: the writer reads a.face_offsets (else they stay NULL for a mesh of
 * one face order on the host: building them means touching 8 bytes a face of
 * fresh memory, which costs more than writing a binary PLY). */
static mm_status host_mesh_get(mm_context ctx, mm_mesh mesh, int offsets, mmi_host_mesh *m,
                               host_view *h)
{
    mm_status st = MM_OK;
    host_part p[NUM_PARTS];
    MM_TRY(mm_mesh_info_get(mesh, &m->info));
    if (!offsets && mesh->M->uniform > 0 && mesh->M->where == MM_MEMORY_HOST)
        h->faces.rows = mesh->M->rows;
    else
        MM_TRY(mmi_host_faces_get(ctx, mesh, &h->faces));
    h->vertices_borrowed = mesh->X->where == MM_MEMORY_HOST;
    host_parts(m, h, p);
    for (int i = 0; i < NUM_PARTS; ++i) MM_TRY(mmi_host_array(ctx, p[i].n, p[i].size, p[i].slot));
    MM_TRY(mmi_mesh_export(mesh, &m->a));
    if (h->vertices_borrowed) m->a.vertices = mesh->X->data;
    m->vprops = mesh->vprops;
    m->num_vprops = mesh->num_vprops;
    /* read only: the writers take the mesh as const */
    m->a.face_offsets = (int64_t *)h->faces.ptr;
    m->a.face_vertices = (uint32_t *)h->faces.rows;
done:
    return st;
}

static void host_mesh_release(mm_context ctx, mmi_host_mesh *m, host_view *h)
{
    host_part p[NUM_PARTS];
    if (h->vertices_borrowed) m->a.vertices = NULL;
    host_parts(m, h, p);
    for (int i = 0; i < NUM_PARTS; ++i) {
        mmi_host_array_free(ctx, *p[i].slot, p[i].n, p[i].size);
        *p[i].slot = NULL;
    }
    mmi_host_faces_release(ctx, &h->faces);
}

int mmi_obj_channel(mm_mesh mesh, int which)
{
    static const char *const names[2] = {"uv", "normal"};
    for (int k = 0; k < mesh->num_fvar; ++k) {
        if (strcmp(mesh->fvar[k].name, names[which]) != 0) continue;
        int64_t dim = mesh->fvar[k].values->X->d;
        return dim == 3 || (which == 0 && dim == 2) ? k : -1;
    }
    return -1;
}

int mm_file_keeps_fvar(mm_mesh mesh, int channel, const char *path, mm_file_format format)
{
    if (channel < 0 || channel >= mm_mesh_num_fvar(mesh)) return 0;
    if (format == MM_FILE_AUTO && path != NULL) format = mmi_file_format_of(path);
    return (format == MM_FILE_OBJ || format == MM_FILE_GLB) &&
           (mmi_obj_channel(mesh, 0) == channel || mmi_obj_channel(mesh, 1) == channel);
}

int mm_file_keeps_vertex_property(mm_mesh mesh, int column, const char *path,
                                  mm_file_format format)
{
    mm_mesh_info info;
    if (mesh == NULL || mm_mesh_info_get(mesh, &info) != MM_OK) return 0;
    if (column < 0 || column >= info.dim) return 0;
    if (format == MM_FILE_AUTO && path != NULL) format = mmi_file_format_of(path);
    int ply = format == MM_FILE_PLY_ASCII || format == MM_FILE_PLY_BINARY;
    if (column < 3) return ply || format == MM_FILE_OBJ || format == MM_FILE_OFF ||
                           format == MM_FILE_GLB; /* the positions */
    return ply && mm_mesh_vertex_property_name(mesh, column) != NULL;
}

/* The channels an OBJ file holds (mmi_obj_channel) as host meshes c[0] (uv)
 * and c[1] (normal), hung on m. */
static mm_status host_channels_get(mm_context ctx, mm_mesh mesh, mmi_host_mesh *m,
                                   mmi_host_mesh c[2], host_view h[2])
{
    mm_status st = MM_OK;
    for (int which = 0; which < 2; ++which) {
        int k = mmi_obj_channel(mesh, which);
        if (k < 0) continue;
        MM_TRY(host_mesh_get(ctx, mesh->fvar[k].values, 0, &c[which], &h[which]));
        if (which == 0) m->uv = &c[which];
        else m->normal = &c[which];
    }
done:
    return st;
}

/* The rows written with progress: vertices, faces, and an OBJ's vt and vn. */
static int64_t rows_in_all(const mmi_host_mesh *m)
{
    return m->info.num_vertices + m->info.num_faces +
           (m->uv != NULL ? m->uv->info.num_vertices : 0) +
           (m->normal != NULL ? m->normal->info.num_vertices : 0);
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

mm_write_options mm_write_options_default(void)
{
    mm_write_options o = {MM_FILE_AUTO, NULL, NULL};
    return o;
}

/* mm_mesh_write_opts after the context check. */
static mm_status write_mesh(mm_context ctx, mm_mesh mesh, const char *path,
                            const mm_write_options *opts)
{
    mm_status st = MM_OK;
    mmi_host_mesh m;
    memset(&m, 0, sizeof m);
    host_view h;
    memset(&h, 0, sizeof h);
    mmi_host_mesh channels[2];
    memset(channels, 0, sizeof channels);
    host_view channel_views[2];
    memset(channel_views, 0, sizeof channel_views);
    mmi_out_file out = {NULL, NULL, NULL};
    mmi_writer w;
    memset(&w, 0, sizeof w);
    char *buffer = NULL;
    const char *step = "write failed";
    int err;
    mm_file_format format = opts->format;
    if (mesh == NULL || path == NULL) MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "mesh or path is NULL");
    MM_TRY(MMI_CHECK(ctx, mesh, MMI_MAGIC_MESH, "the mesh"));
    MM_TRY(resolve_format(ctx, path, &format));
    MM_TRY(host_mesh_get(ctx, mesh, format == MM_FILE_GLB, &m, &h)); /* .glb reads the offsets */
    if (format == MM_FILE_OBJ || format == MM_FILE_GLB)
        MM_TRY(host_channels_get(ctx, mesh, &m, channels, channel_views));
    if (format == MM_FILE_GLB) { st = mmi_mesh_write_glb(ctx, &m, path, opts); goto done; }
    if ((err = mmi_out_open(&out, path)) != 0)
        MM_FAIL(ctx, MM_ERR_IO, "%s: cannot open for writing: %s", path, strerror(err));
    if ((buffer = malloc(WRITE_BUFFER)) != NULL) setvbuf(out.f, buffer, _IOFBF, WRITE_BUFFER);
    w.f = out.f;
    w.progress = opts->progress;
    w.progress_user = opts->progress_user;
    w.total = rows_in_all(&m);
    write_format(&w, &m, format);
    if (w.err == ENOMEM)
        MM_FAIL(ctx, MM_ERR_OUT_OF_MEMORY, "%s: no memory for the blocks of text", path);
    if (w.err != 0) MM_FAIL(ctx, MM_ERR_IO, "%s: write failed: %s", path, strerror(w.err));
    if ((err = mmi_out_commit(&out, &step)) != 0)
        MM_FAIL(ctx, MM_ERR_IO, "%s: %s: %s", path, step, strerror(err));
done:
    mmi_out_abort(&out); /* after a failure: the target untouched, no temporary left */
    free(buffer);
    host_mesh_release(ctx, &m, &h);
    for (int which = 0; which < 2; ++which)
        host_mesh_release(ctx, &channels[which], &channel_views[which]);
    return st;
}

mm_status mm_mesh_write(mm_context ctx, mm_mesh mesh, const char *path, mm_file_format format)
{
    if (!mmi_context_live(ctx)) return MM_ERR_INVALID_ARGUMENT;
    MM_WHERE(ctx);
    mm_write_options o = mm_write_options_default();
    o.format = format;
    return write_mesh(ctx, mesh, path, &o);
}

mm_status mm_mesh_write_opts(mm_context ctx, mm_mesh mesh, const char *path,
                             const mm_write_options *opts)
{
    if (!mmi_context_live(ctx)) return MM_ERR_INVALID_ARGUMENT;
    MM_WHERE(ctx);
    mm_write_options o = opts ? *opts : mm_write_options_default();
    return write_mesh(ctx, mesh, path, &o);
}
