/* mesh_tags.c: a mesh's crease, corner and hole tags held once each
 * (mesh_tags.h): OpenSubdiv assigns tags in order, so an edge or vertex tagged
 * twice keeps the sharpness given last; a face named twice is one hole. */
#include "mesh_tags.h"

#include <stdlib.h>

#include "../core/error.h"
#include "../core/memory.h"
#include "mesh_impl.h"

/* A tag's key (the edge's (min, max), a vertex or a face) and its position. */
typedef struct tag_key {
    uint64_t key;
    int64_t at;
} tag_key;

static int by_key_then_position(const void *x, const void *y)
{
    const tag_key *a = x, *b = y;
    if (a->key != b->key) return a->key < b->key ? -1 : 1;
    return a->at < b->at ? -1 : a->at > b->at;
}

static int by_position(const void *x, const void *y)
{
    const tag_key *a = x, *b = y;
    return a->at < b->at ? -1 : a->at > b->at;
}

/* Keeps the last tag of each key in k[0, m), in the tags' order; returns m. */
static int64_t last_of_each(tag_key *k, int64_t n)
{
    if (n == 0) return 0;
    qsort(k, (size_t)n, sizeof *k, by_key_then_position);
    int64_t m = 0;
    for (int64_t i = 0; i < n; ++i)
        if (i + 1 == n || k[i + 1].key != k[i].key) k[m++] = k[i];
    qsort(k, (size_t)m, sizeof *k, by_position);
    return m;
}

static uint64_t edge_key(const uint32_t *v)
{
    uint32_t a = v[0] < v[1] ? v[0] : v[1], b = v[0] < v[1] ? v[1] : v[0];
    return (uint64_t)a << 32 | b;
}

static mm_status unique_creases(mm_context ctx, const mm_mesh_desc *d, tag_key *k,
                                mmi_mesh_tags *t)
{
    mm_status st = MM_OK;
    int64_t n = d->num_creases, m;
    for (int64_t i = 0; i < n; ++i) k[i].key = edge_key(d->crease_vertices + 2 * i), k[i].at = i;
    t->num_creases = m = last_of_each(k, n);
    MM_TRY(mmi_alloc(ctx, MM_MEMORY_HOST, 2 * m * (int64_t)sizeof(uint32_t),
                     (void **)&t->crease_vertices));
    MM_TRY(mmi_alloc(ctx, MM_MEMORY_HOST, m * (int64_t)sizeof(float), (void **)&t->crease_sharpness));
    for (int64_t i = 0; i < m; ++i) {
        t->crease_vertices[2 * i] = d->crease_vertices[2 * k[i].at];
        t->crease_vertices[2 * i + 1] = d->crease_vertices[2 * k[i].at + 1];
        t->crease_sharpness[i] = d->crease_sharpness[k[i].at];
    }
done:
    return st;
}

static mm_status unique_corners(mm_context ctx, const mm_mesh_desc *d, tag_key *k,
                                mmi_mesh_tags *t)
{
    mm_status st = MM_OK;
    int64_t n = d->num_corners, m;
    for (int64_t i = 0; i < n; ++i) k[i].key = d->corner_vertices[i], k[i].at = i;
    t->num_corners = m = last_of_each(k, n);
    MM_TRY(mmi_alloc(ctx, MM_MEMORY_HOST, m * (int64_t)sizeof(uint32_t),
                     (void **)&t->corner_vertices));
    MM_TRY(mmi_alloc(ctx, MM_MEMORY_HOST, m * (int64_t)sizeof(float), (void **)&t->corner_sharpness));
    for (int64_t i = 0; i < m; ++i) {
        t->corner_vertices[i] = d->corner_vertices[k[i].at];
        t->corner_sharpness[i] = d->corner_sharpness[k[i].at];
    }
done:
    return st;
}

static mm_status unique_holes(mm_context ctx, const mm_mesh_desc *d, tag_key *k, mmi_mesh_tags *t)
{
    mm_status st = MM_OK;
    int64_t n = d->num_holes, m;
    for (int64_t i = 0; i < n; ++i) k[i].key = d->hole_faces[i], k[i].at = (int64_t)d->hole_faces[i];
    t->num_holes = m = last_of_each(k, n);
    MM_TRY(mmi_alloc(ctx, MM_MEMORY_HOST, m * (int64_t)sizeof(uint32_t), (void **)&t->hole_faces));
    for (int64_t i = 0; i < m; ++i) t->hole_faces[i] = (uint32_t)k[i].key;
done:
    return st;
}

mm_status mmi_mesh_tags_unique(mm_context ctx, const mm_mesh_desc *d, mmi_mesh_tags *t)
{
    mm_status st = MM_OK;
    int64_t n = d->num_creases;
    if (d->num_corners > n) n = d->num_corners;
    if (d->num_holes > n) n = d->num_holes;
    tag_key *k = NULL;
    MM_TRY(mmi_alloc(ctx, MM_MEMORY_HOST, n * (int64_t)sizeof *k, (void **)&k));
    MM_TRY(unique_creases(ctx, d, k, t));
    MM_TRY(unique_corners(ctx, d, k, t));
    MM_TRY(unique_holes(ctx, d, k, t));
done:
    if (k) mmi_free(ctx, MM_MEMORY_HOST, k, n * (int64_t)sizeof *k);
    return st;
}

void mmi_mesh_tags_free(mm_context ctx, mmi_mesh_tags *t)
{
    mmi_free(ctx, MM_MEMORY_HOST, t->crease_vertices, 2 * t->num_creases * (int64_t)sizeof(uint32_t));
    mmi_free(ctx, MM_MEMORY_HOST, t->crease_sharpness, t->num_creases * (int64_t)sizeof(float));
    mmi_free(ctx, MM_MEMORY_HOST, t->corner_vertices, t->num_corners * (int64_t)sizeof(uint32_t));
    mmi_free(ctx, MM_MEMORY_HOST, t->corner_sharpness, t->num_corners * (int64_t)sizeof(float));
    mmi_free(ctx, MM_MEMORY_HOST, t->hole_faces, t->num_holes * (int64_t)sizeof(uint32_t));
}

mm_status mmi_mesh_refuse_crease(mm_context ctx, mm_mesh mesh, int64_t i)
{
    mm_status st = MM_OK;
    uint32_t ends[2];
    MM_TRY(mmi_copy(ctx, ends, MM_MEMORY_HOST, mesh->crease_vertices + 2 * i, mesh->M->where,
                    sizeof ends));
    MM_FAIL(ctx, MM_ERR_INVALID_MESH,
            "crease %lld joins vertices %u and %u, which share no edge of the mesh", (long long)i,
            ends[0], ends[1]);
done:
    return st;
}

void mmi_mesh_drop_tags(mm_mesh mesh)
{
    mm_memory where = mmi_backend_memory(mesh->ctx);
    mmi_free(mesh->ctx, where, mesh->crease_vertices, 2 * mesh->num_creases * (int64_t)sizeof(uint32_t));
    mmi_free(mesh->ctx, where, mesh->crease_sharpness, mesh->num_creases * (int64_t)sizeof(float));
    mmi_free(mesh->ctx, where, mesh->corner_vertices, mesh->num_corners * (int64_t)sizeof(uint32_t));
    mmi_free(mesh->ctx, where, mesh->corner_sharpness, mesh->num_corners * (int64_t)sizeof(float));
    mmi_free(mesh->ctx, where, mesh->hole_faces, mesh->num_holes * (int64_t)sizeof(uint32_t));
    mesh->crease_vertices = mesh->corner_vertices = mesh->hole_faces = NULL;
    mesh->crease_sharpness = mesh->corner_sharpness = NULL;
    mesh->num_creases = mesh->num_corners = mesh->num_holes = 0;
}
