/* mesh_new.c: building a mesh from host face lists (mm_mesh_new): validate,
 * then store the mesh matrix M (implicit column pointer when every face has one
 * order), the vertex data in the requested precision and the crease data, all
 * in the context's memory; or, from a reader's mmi_mesh_parts, take its host
 * arrays over as M's and X's on a CPU context. Also the mesh's accessors and
 * mm_mesh_free. */
#include <stdlib.h>

#include "../core/error.h"
#include "../core/handle.h"
#include "../core/memory.h"
#include "host_array.h"
#include "mesh_build.h"
#include "mesh_impl.h"
#include "mesh_tags.h"
#include "mesh_validate.h"

/* The common face order of desc, or 0 when orders differ (or there are no faces). */
static int64_t uniform_order(const mm_mesh_desc *d)
{
    if (d->num_faces == 0) return 0;
    int64_t c = mmi_desc_face_order(d, 0);
    for (int64_t f = 1; f < d->num_faces && d->face_offsets; ++f)
        if (mmi_desc_face_order(d, f) != c) return 0;
    return c;
}

/* M from d's faces: parts' arrays taken over when given (a CPU context),
 * else copied. */
static mm_status build_matrix(mm_context ctx, const mm_mesh_desc *d, mmi_mesh_parts *parts,
                              mm_matrix *M)
{
    int64_t c = uniform_order(d);
    if (parts != NULL)
        return mmi_matrix_adopt(ctx, M, d->num_vertices, d->num_faces, parts->nnz, c,
                                &parts->face_offsets, &parts->face_vertices);
    if (c > 0)
        return mmi_matrix_import_uniform(ctx, M, MM_FORMAT_CSC, MM_TYPE_PATTERN, d->num_vertices,
                                         d->num_faces, c, d->face_vertices, NULL);
    int64_t zero = 0;
    mm_matrix_arrays h = {d->face_offsets ? (int64_t *)d->face_offsets : &zero,
                          (uint32_t *)d->face_vertices, NULL, NULL};
    return mmi_matrix_import(ctx, M, MM_FORMAT_CSC, MM_TYPE_PATTERN, d->num_vertices, d->num_faces,
                             d->face_offsets ? d->face_offsets[d->num_faces] : 0, &h);
}

/* Vertex data in the mesh's precision: parts' array taken over when given (a
 * CPU context) and of that precision, else imported as is, or converted on
 * the host. */
static mm_status build_vertices(mm_context ctx, const mm_mesh_desc *d, mmi_mesh_parts *parts,
                                mm_dense *X)
{
    mm_status st = MM_OK;
    mm_type to = d->precision == MM_TYPE_PATTERN ? d->vertex_type : d->precision;
    int64_t n = d->num_vertices * d->dim;
    void *tmp = NULL;
    if (parts != NULL && to == MM_TYPE_FLOAT64)
        return mmi_dense_adopt(ctx, X, d->num_vertices, d->dim, to, (void **)&parts->vertices);
    if (to == d->vertex_type)
        return mmi_dense_import(ctx, X, d->num_vertices, d->dim, to, d->vertices);
    MM_TRY(mmi_alloc(ctx, MM_MEMORY_HOST, n * (int64_t)mm_type_size(to), &tmp));
    for (int64_t k = 0; k < n; ++k) {
        if (to == MM_TYPE_FLOAT32)
            ((float *)tmp)[k] = (float)((const double *)d->vertices)[k];
        else
            ((double *)tmp)[k] = (double)((const float *)d->vertices)[k];
    }
    MM_TRY(mmi_dense_import(ctx, X, d->num_vertices, d->dim, to, tmp));
done:
    mmi_free(ctx, MM_MEMORY_HOST, tmp, n * (int64_t)mm_type_size(to));
    return st;
}

/* mmi_mesh_build, taking arrays over from parts (NULL: none, or on CUDA,
 * where everything is copied to the device). */
static mm_status build(mm_context ctx, mm_mesh *mesh, const mm_mesh_desc *d,
                       mmi_mesh_parts *parts)
{
    mm_status st = MM_OK;
    int64_t degenerate = 0;
    mmi_mesh_tags t = {0};
    *mesh = NULL;
    MM_TRY(mmi_mesh_validate(ctx, d, &degenerate));
    struct mm_mesh_s *m = mmi_handle_new(ctx, sizeof *m, MMI_MAGIC_MESH);
    if (m == NULL) MM_FAIL(ctx, MM_ERR_OUT_OF_MEMORY, "no memory for a mesh handle");
    m->ctx = ctx;
    m->degenerate_faces = degenerate;
    *mesh = m;
    MM_TRY(build_matrix(ctx, d, parts, &m->M));
    MM_TRY(build_vertices(ctx, d, parts, &m->X));
    MM_TRY(mmi_mesh_tags_unique(ctx, d, &t));
    m->num_creases = t.num_creases;
    MM_TRY(mmi_to_backend(ctx, t.crease_vertices, 2 * t.num_creases, sizeof(uint32_t),
                          (void **)&m->crease_vertices));
    MM_TRY(mmi_to_backend(ctx, t.crease_sharpness, t.num_creases, sizeof(float),
                          (void **)&m->crease_sharpness));
    m->num_corners = t.num_corners;
    MM_TRY(mmi_to_backend(ctx, t.corner_vertices, t.num_corners, sizeof(uint32_t),
                          (void **)&m->corner_vertices));
    MM_TRY(mmi_to_backend(ctx, t.corner_sharpness, t.num_corners, sizeof(float),
                          (void **)&m->corner_sharpness));
    m->num_holes = t.num_holes;
    m->boundary = d->boundary;
    MM_TRY(mmi_to_backend(ctx, t.hole_faces, t.num_holes, sizeof(uint32_t),
                          (void **)&m->hole_faces));
done:
    mmi_mesh_tags_free(ctx, &t);
    if (st != MM_OK) mm_mesh_free(mesh);
    return st;
}

mm_status mmi_mesh_build(mm_context ctx, mm_mesh *mesh, const mm_mesh_desc *d)
{
    return build(ctx, mesh, d, NULL);
}

mm_status mmi_mesh_parts_alloc(mm_context ctx, mmi_mesh_parts *p, int64_t num_vertices,
                               int64_t dim, int64_t num_faces, int64_t nnz, int64_t face_order)
{
    mm_status st = MM_OK;
    int64_t vertex_values;
    *p = (mmi_mesh_parts){num_vertices, num_faces, nnz, face_order, dim, NULL, NULL, NULL};
    if (mmi_mul_i64(num_vertices, dim, &vertex_values))
        MM_FAIL(ctx, MM_ERR_OVERFLOW, "%lld vertices overflow", (long long)num_vertices);
    MM_TRY(mmi_host_array(ctx, vertex_values, sizeof *p->vertices, (void **)&p->vertices));
    MM_TRY(mmi_host_array(ctx, nnz, sizeof *p->face_vertices, (void **)&p->face_vertices));
    if (face_order == 0) {
        MM_TRY(mmi_host_array(ctx, num_faces + 1, sizeof *p->face_offsets,
                              (void **)&p->face_offsets));
        p->face_offsets[0] = 0;
    }
done:
    if (st != MM_OK) mmi_mesh_parts_free(ctx, p);
    return st;
}

void mmi_mesh_parts_free(mm_context ctx, mmi_mesh_parts *p)
{
    mmi_host_array_free(ctx, p->vertices, p->dim * p->num_vertices, sizeof *p->vertices);
    mmi_host_array_free(ctx, p->face_offsets, p->num_faces + 1, sizeof *p->face_offsets);
    mmi_host_array_free(ctx, p->face_vertices, p->nnz, sizeof *p->face_vertices);
    p->vertices = NULL;
    p->face_offsets = NULL;
    p->face_vertices = NULL;
}

mm_status mmi_mesh_build_parts(mm_context ctx, mm_mesh *mesh, const mm_mesh_desc *desc,
                               mmi_mesh_parts *parts)
{
    mm_mesh_desc d = *desc;
    d.num_vertices = parts->num_vertices;
    d.dim = parts->dim;
    d.vertex_type = MM_TYPE_FLOAT64;
    d.vertices = parts->vertices;
    d.num_faces = parts->num_faces;
    d.face_offsets = parts->face_offsets;
    d.face_order = parts->face_order;
    d.face_vertices = parts->face_vertices;
    int on_host = mmi_backend_memory(ctx) == MM_MEMORY_HOST;
    mm_status st = build(ctx, mesh, &d, on_host ? parts : NULL);
    mmi_mesh_parts_free(ctx, parts);
    return st;
}

mm_status mm_mesh_new(mm_context ctx, mm_mesh *mesh, const mm_mesh_desc *desc)
{
    if (!mmi_context_live(ctx) || mesh == NULL || desc == NULL) return MM_ERR_INVALID_ARGUMENT;
    MM_WHERE(ctx);
    return mmi_mesh_build(ctx, mesh, desc);
}

void mm_mesh_free(mm_mesh *mesh)
{
    if (mesh == NULL || *mesh == NULL || !mmi_handle_is(*mesh, MMI_MAGIC_MESH)) return;
    struct mm_mesh_s *m = *mesh;
    mm_memory where = mmi_backend_memory(m->ctx);
    mm_matrix_free(&m->M);
    mm_dense_free(&m->X);
    mmi_free(m->ctx, where, m->crease_vertices, 2 * m->num_creases * (int64_t)sizeof(uint32_t));
    mmi_free(m->ctx, where, m->crease_sharpness, m->num_creases * (int64_t)sizeof(float));
    mmi_free(m->ctx, where, m->corner_vertices, m->num_corners * (int64_t)sizeof(uint32_t));
    mmi_free(m->ctx, where, m->corner_sharpness, m->num_corners * (int64_t)sizeof(float));
    mmi_free(m->ctx, where, m->hole_faces, m->num_holes * (int64_t)sizeof(uint32_t));
    mmi_mesh_free_fvar(m);
    mmi_mesh_free_vertex_properties(m);
    mmi_handle_free(m->ctx, m, MMI_MAGIC_MESH_FREED); /* last: it may release a closed context */
    *mesh = NULL;
}

mm_status mm_mesh_info_get(mm_mesh mesh, mm_mesh_info *info)
{
    if (mesh == NULL || info == NULL || MMI_CHECK(NULL, mesh, MMI_MAGIC_MESH, "mesh") != MM_OK)
        return MM_ERR_INVALID_ARGUMENT;
    info->num_vertices = mesh->M->nrows;
    info->num_faces = mesh->M->ncols;
    info->nnz = mesh->M->nnz;
    info->dim = mesh->X->d;
    info->uniform_order = mesh->M->uniform;
    info->precision = mesh->X->type;
    info->num_creases = mesh->num_creases;
    info->num_corners = mesh->num_corners;
    info->num_holes = mesh->num_holes;
    info->boundary = mesh->boundary;
    info->fvar_dropped = mesh->fvar_dropped;
    return MM_OK;
}

mm_matrix mm_mesh_matrix(mm_mesh mesh)
{
    return mesh && MMI_CHECK(NULL, mesh, MMI_MAGIC_MESH, "mesh") == MM_OK ? mesh->M : NULL;
}

mm_dense mm_mesh_vertices(mm_mesh mesh)
{
    return mesh && MMI_CHECK(NULL, mesh, MMI_MAGIC_MESH, "mesh") == MM_OK ? mesh->X : NULL;
}
