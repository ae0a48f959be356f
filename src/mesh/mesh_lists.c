/* mesh_lists.c: the growable arrays and the hand-over of a reader's lists to
 * mmi_mesh_build (see mesh_lists.h). Host scratch, outside the context's
 * accounting: it lives only while a file is read. */
#include "mesh_lists.h"

#include <string.h>

#include "../core/checked.h"
#include "../core/error.h"
#include "host_block.h"
#include "mesh_build.h"

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

void mmi_mesh_lists_init(mmi_mesh_lists *l)
{
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
}

mm_status mmi_mesh_lists_no_memory(mm_context ctx, const char *source)
{
    return mmi_fail(ctx, MM_ERR_OUT_OF_MEMORY, "%s: out of host memory for the mesh's lists",
                    source);
}

mm_status mmi_mesh_lists_build(mm_context ctx, mmi_mesh_lists *l, const char *source,
                               const mm_read_options *opts, mm_mesh *mesh)
{
    int64_t num_faces = l->face_starts.len;
    int64_t *end = mmi_growable_append(&l->face_starts, 1);
    if (end == NULL) return mmi_mesh_lists_no_memory(ctx, source);
    *end = l->face_vertices.len;
    l->face_starts.len = num_faces; /* the closing offset stays past the end */
    int64_t nv = mmi_mesh_lists_vertices(l);
    mm_mesh_desc d = {0};
    d.num_vertices = nv;
    d.dim = 3;
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
    return mmi_mesh_build(ctx, mesh, &d);
}
