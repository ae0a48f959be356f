/* mesh_lists.c: the growable arrays and the hand-over of a reader's lists to
 * mmi_mesh_build (see mesh_lists.h). Host scratch, outside the context's
 * accounting: it lives only while a file is read. */
#include "mesh_lists.h"

#include <string.h>

#include "../core/checked.h"
#include "../core/error.h"
#include "host_block.h"
#include "mesh_build.h"
#include "mesh_impl.h"

int mmi_growable_reserve(mmi_growable *g, int64_t n)
{
    int64_t need, cap = 64, bytes;
    int mapped;
    if (n < 0 || mmi_add_i64(g->len, n, &need)) return 1;
    if (need <= g->cap) return 0;
    if (g->cap > 0 && mmi_mul_i64(g->cap, 2, &cap)) return 1;
    if (cap < need) cap = need;
    if (mmi_bytes(cap, g->elem, &bytes) || (uint64_t)bytes > SIZE_MAX) return 1;
    char *p = mmi_block_alloc((size_t)bytes, &mapped);
    if (p == NULL) return 1;
    if (g->len > 0) memcpy(p, g->data, (size_t)g->len * g->elem);
    mmi_block_free(g->data, (size_t)g->cap * g->elem, g->mapped);
    g->data = p;
    g->cap = cap;
    g->mapped = mapped;
    return 0;
}

void mmi_growable_free(mmi_growable *g)
{
    mmi_block_free(g->data, (size_t)g->cap * g->elem, g->mapped);
    g->data = NULL;
    g->len = g->cap = 0;
    g->mapped = 0;
}

static void corner_list_init(mmi_corner_list *c, const char *name, int64_t dim)
{
    c->name = name;
    c->dim = dim;
    c->values = MMI_GROWABLE(double);
    c->value_lines = MMI_GROWABLE(int64_t);
    c->corner_ids = MMI_GROWABLE(uint32_t);
    c->named = 0;
}

static void corner_list_free(mmi_corner_list *c)
{
    mmi_growable_free(&c->values);
    mmi_growable_free(&c->value_lines);
    mmi_growable_free(&c->corner_ids);
}

void mmi_mesh_lists_init(mmi_mesh_lists *l)
{
    l->dim = 3;
    l->coords = MMI_GROWABLE(double);
    l->vertex_lines = MMI_GROWABLE(int64_t);
    l->face_starts = MMI_GROWABLE(int64_t);
    l->face_vertices = MMI_GROWABLE(uint32_t);
    l->face_lines = MMI_GROWABLE(int64_t);
    l->crease_vertices = MMI_GROWABLE(uint32_t);
    l->crease_sharpness = MMI_GROWABLE(float);
    l->corner_vertices = MMI_GROWABLE(uint32_t);
    l->corner_sharpness = MMI_GROWABLE(float);
    l->hole_faces = MMI_GROWABLE(uint32_t);
    l->boundary = MM_BOUNDARY_EDGE_ONLY;
    corner_list_init(&l->uv, "uv", 2);
    corner_list_init(&l->normal, "normal", 3);
}

void mmi_mesh_lists_free(mmi_mesh_lists *l)
{
    mmi_growable_free(&l->coords);
    mmi_growable_free(&l->vertex_lines);
    mmi_growable_free(&l->face_starts);
    mmi_growable_free(&l->face_vertices);
    mmi_growable_free(&l->face_lines);
    mmi_growable_free(&l->crease_vertices);
    mmi_growable_free(&l->crease_sharpness);
    mmi_growable_free(&l->corner_vertices);
    mmi_growable_free(&l->corner_sharpness);
    mmi_growable_free(&l->hole_faces);
    corner_list_free(&l->uv);
    corner_list_free(&l->normal);
}

mm_status mmi_mesh_lists_no_memory(mm_context ctx, const char *source)
{
    return mmi_fail(ctx, MM_ERR_OUT_OF_MEMORY, "%s: out of host memory for the mesh's lists",
                    source);
}

/* The channel of corner list c on mesh, when every corner named a value
 * (faces: the lists' offsets); else its named corners count as dropped. */
static mm_status add_corner_channel(mm_context ctx, const mmi_mesh_lists *l,
                                    const mmi_corner_list *c, const char *source,
                                    mm_type precision, mm_mesh mesh)
{
    int64_t nnz = l->face_vertices.len;
    if (c->named == 0) return MM_OK;
    if (c->named < nnz) {
        mesh->fvar_dropped += c->named;
        return MM_OK;
    }
    mmi_host_faces hf = {0};
    hf.num_vertices = mmi_corner_list_values(c);
    hf.num_faces = l->face_starts.len;
    hf.nnz = nnz;
    hf.ptr = (const int64_t *)l->face_starts.data;
    mm_fvar_desc d = {c->name, mmi_corner_list_values(c), c->dim, MM_TYPE_FLOAT64,
                      c->values.data, (const uint32_t *)c->corner_ids.data};
    mmi_fvar_origin origin = {source, (const int64_t *)c->value_lines.data, precision};
    return mmi_mesh_add_fvar(ctx, mesh, &hf, &d, &origin);
}

mm_status mmi_mesh_lists_build(mm_context ctx, mmi_mesh_lists *l, const char *source,
                               const mm_read_options *opts, mm_mesh *mesh)
{
    mm_status st = MM_OK;
    int64_t num_faces = l->face_starts.len;
    int64_t *end = mmi_growable_append(&l->face_starts, 1);
    if (end == NULL) return mmi_mesh_lists_no_memory(ctx, source);
    *end = l->face_vertices.len;
    l->face_starts.len = num_faces; /* the closing offset stays past the end */
    int64_t nv = mmi_mesh_lists_vertices(l);
    mm_mesh_desc d = {0};
    d.num_vertices = nv;
    d.dim = l->dim;
    d.vertex_type = MM_TYPE_FLOAT64;
    d.vertices = l->coords.data;
    d.num_faces = num_faces;
    d.face_offsets = (const int64_t *)l->face_starts.data;
    d.face_vertices = (const uint32_t *)l->face_vertices.data;
    d.num_creases = l->crease_vertices.len / 2;
    d.crease_vertices = (const uint32_t *)l->crease_vertices.data;
    d.crease_sharpness = (const float *)l->crease_sharpness.data;
    d.num_corners = l->corner_vertices.len;
    d.corner_vertices = (const uint32_t *)l->corner_vertices.data;
    d.corner_sharpness = (const float *)l->corner_sharpness.data;
    d.num_holes = l->hole_faces.len;
    d.hole_faces = (const uint32_t *)l->hole_faces.data;
    d.boundary = l->boundary;
    d.source = source;
    d.vertex_lines = l->vertex_lines.len == nv ? (const int64_t *)l->vertex_lines.data : NULL;
    d.face_lines = l->face_lines.len == num_faces ? (const int64_t *)l->face_lines.data : NULL;
    d.precision = opts->precision;
    d.keep_repeated = opts->keep_repeated;
    MM_TRY(mmi_mesh_build(ctx, mesh, &d));
    MM_TRY(add_corner_channel(ctx, l, &l->uv, source, opts->precision, *mesh));
    MM_TRY(add_corner_channel(ctx, l, &l->normal, source, opts->precision, *mesh));
done:
    if (st != MM_OK) mm_mesh_free(mesh);
    return st;
}
