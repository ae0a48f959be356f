/* mesh_split.c: mmi_mesh_split_nonmanifold (mesh_fans.h), √3's rule for
 * topology that is not a 2-manifold: the corners at a vertex are joined
 * across each edge that two faces pass opposite ways, and each class of
 * joined corners becomes a vertex of its own. A bow-tie vertex so becomes one
 * per fan; an edge of three faces, or passed twice the same way, a boundary
 * edge of each face on it, as long as its faces are not joined around both
 * its ends; a face that repeats a vertex, a copy of it per repeat (a face is
 * never joined to itself). Host work over the edges of E, made once at
 * level 0. */
#include <string.h>

#include "../core/error.h"
#include "host_array.h"
#include "mesh_build.h"
#include "mesh_fans.h"
#include "mesh_stats.h"

/* The class of corner k (union-find with path halving). */
static int64_t find(int64_t *parent, int64_t k)
{
    while (parent[k] != k) k = parent[k] = parent[parent[k]];
    return k;
}

static void join(int64_t *parent, int64_t a, int64_t b)
{
    a = find(parent, a), b = find(parent, b);
    if (a != b) parent[a > b ? a : b] = a < b ? a : b; /* the smaller corner leads */
}

/* next[k]: the corner after k in its face; start[k]: its face's first. */
static void next_corners(const mmi_host_faces *hf, int64_t *next, int64_t *start)
{
    for (int64_t f = 0; f < hf->num_faces; ++f)
        for (int64_t k = hf->ptr[f]; k < hf->ptr[f + 1]; ++k)
            next[k] = k + 1 < hf->ptr[f + 1] ? k + 1 : hf->ptr[f], start[k] = hf->ptr[f];
}

/* Whether the corners are joined across edge e: two faces pass it opposite
 * ways, and it is not cut (cut NULL: none is). */
static int joins(const mmi_edges *E, const uint8_t *cut, uint32_t e)
{
    return e != MMI_NO_EDGE && E->forward[e] == 1 && E->backward[e] == 1 && !(cut && cut[e]);
}

/* Joins the corners across each edge two faces pass opposite ways (but the
 * cut ones): side k1 runs v → w, its partner k2 w → v, so k1 and next(k2) are
 * at v, next(k1) and k2 at w. first[e]: the first side met on edge e (−1
 * before); the edge's other side joins when it is met. A face that passes an
 * edge both ways (it repeats a vertex) is not joined to itself: its corners
 * at the repeated vertex stay apart, each a vertex of its own. */
static void join_across_edges(const mmi_host_faces *hf, const mmi_edges *E, const uint8_t *cut,
                              const int64_t *next, const int64_t *start, int64_t *first,
                              int64_t *parent)
{
    for (int64_t e = 0; e < E->num_edges; ++e) first[e] = -1;
    for (int64_t k = 0; k < hf->nnz; ++k) parent[k] = k;
    for (int64_t k = 0; k < hf->nnz; ++k) {
        uint32_t e = E->corner_edge[k];
        if (!joins(E, cut, e)) continue;
        if (first[e] < 0) {
            first[e] = k;
            continue;
        }
        if (start[first[e]] == start[k]) continue;
        join(parent, first[e], next[k]);
        join(parent, next[first[e]], k);
    }
}

/* The split faces' vertices into rows: each class keeps its vertex's id where
 * it is the vertex's first class (by its leading corner), else takes the next
 * new id, |V| + j, whose origin[j] is the vertex; *copies: how many. */
static void number_classes(const mmi_host_faces *hf, int64_t *parent, int64_t *id_of,
                           uint8_t *taken, uint32_t *rows, uint32_t *origin, int64_t *copies)
{
    int64_t nv = hf->num_vertices, extra = 0;
    for (int64_t v = 0; v < nv; ++v) taken[v] = 0;
    for (int64_t k = 0; k < hf->nnz; ++k) id_of[k] = -1;
    for (int64_t k = 0; k < hf->nnz; ++k) {
        int64_t r = find(parent, k);
        uint32_t v = hf->rows[k];
        if (id_of[r] < 0) {
            if (!taken[v]) id_of[r] = v, taken[v] = 1;
            else origin[extra] = v, id_of[r] = nv + extra++;
        }
        rows[k] = (uint32_t)id_of[r];
    }
    *copies = extra;
}

/* The first edge of the split faces that is still not a 2-manifold edge,
 * refused with its original ends. */
static mm_status check_split(mm_context ctx, const mmi_host_faces *split, const uint32_t *origin,
                             int64_t nv)
{
    mm_status st = MM_OK;
    mmi_edges E = {0};
    MM_TRY(mmi_mesh_edges_build(ctx, split, &E));
    for (int64_t e = 0; e < E.num_edges; ++e) {
        if (!mmi_edges_breaks_manifold(&E, e)) continue;
        uint32_t a = E.a[e] < nv ? E.a[e] : origin[E.a[e] - nv];
        uint32_t b = E.b[e] < nv ? E.b[e] : origin[E.b[e] - nv];
        MM_FAIL(ctx, MM_ERR_INVALID_MESH,
                "sqrt(3) splits a mesh that is not a 2-manifold at its non-manifold edges and "
                "vertices, but the faces on edge (%u, %u) stay joined around both its ends, "
                "so the edge cannot be split (docs/creases.md)", a, b);
    }
done:
    mmi_mesh_edges_release(ctx, &E);
    return st;
}

/* The split mesh: mesh's vertex data with a copy of each origin row after
 * it, the faces of rows. */
static mm_status build_split(mm_context ctx, mm_mesh mesh, const mmi_host_faces *hf,
                             const uint32_t *rows, const uint32_t *origin, int64_t copies,
                             mm_mesh *split)
{
    mm_status st = MM_OK;
    int64_t nv = hf->num_vertices, d = mesh->X->d;
    size_t value = mesh->X->type == MM_TYPE_FLOAT32 ? sizeof(float) : sizeof(double);
    char *x = NULL;
    mm_mesh_arrays h = {0};
    MM_TRY(mmi_host_array(ctx, (nv + copies) * d, value, (void **)&x));
    h.vertices = x;
    MM_TRY(mmi_mesh_export(mesh, &h));
    for (int64_t j = 0; j < copies; ++j)
        memcpy(x + (size_t)((nv + j) * d) * value, x + (size_t)(origin[j] * (int64_t)d) * value,
               (size_t)d * value);
    mm_mesh_desc desc = {0};
    desc.num_vertices = nv + copies;
    desc.dim = d;
    desc.vertex_type = mesh->X->type;
    desc.vertices = x;
    desc.num_faces = hf->num_faces;
    desc.face_offsets = hf->ptr;
    desc.face_vertices = rows;
    desc.precision = mesh->X->type;
    desc.boundary = mesh->boundary;
    MM_TRY(mmi_mesh_build(ctx, split, &desc));
done:
    mmi_host_array_free(ctx, x, (nv + copies) * d, value);
    return st;
}

mm_status mmi_split_corners_across(mm_context ctx, const mmi_host_faces *hf, const mmi_edges *E,
                                   const uint8_t *cut, uint32_t *rows, uint32_t *origin,
                                   int64_t *copies)
{
    mm_status st = MM_OK;
    int64_t *next = NULL, *start = NULL, *parent = NULL, *first = NULL, *id_of = NULL;
    int64_t nnz = hf->nnz, nv = hf->num_vertices;
    uint8_t *taken = NULL;
    *copies = 0;
    MM_TRY(mmi_host_array(ctx, nnz, sizeof *next, (void **)&next));
    MM_TRY(mmi_host_array(ctx, nnz, sizeof *start, (void **)&start));
    MM_TRY(mmi_host_array(ctx, nnz, sizeof *parent, (void **)&parent));
    MM_TRY(mmi_host_array(ctx, E->num_edges, sizeof *first, (void **)&first));
    MM_TRY(mmi_host_array(ctx, nnz, sizeof *id_of, (void **)&id_of));
    MM_TRY(mmi_host_array(ctx, nv, 1, (void **)&taken));
    next_corners(hf, next, start);
    join_across_edges(hf, E, cut, next, start, first, parent);
    number_classes(hf, parent, id_of, taken, rows, origin, copies);
done:
    mmi_host_array_free(ctx, next, nnz, sizeof *next);
    mmi_host_array_free(ctx, start, nnz, sizeof *start);
    mmi_host_array_free(ctx, parent, nnz, sizeof *parent);
    mmi_host_array_free(ctx, first, E->num_edges, sizeof *first);
    mmi_host_array_free(ctx, id_of, nnz, sizeof *id_of);
    mmi_host_array_free(ctx, taken, nv, 1);
    return st;
}

mm_status mmi_split_corners(mm_context ctx, const mmi_host_faces *hf, uint32_t *rows,
                            uint32_t *origin, int64_t *copies)
{
    mm_status st = MM_OK;
    mmi_edges E = {0};
    *copies = 0;
    MM_TRY(mmi_mesh_edges_build(ctx, hf, &E));
    MM_TRY(mmi_split_corners_across(ctx, hf, &E, NULL, rows, origin, copies));
done:
    mmi_mesh_edges_release(ctx, &E);
    return st;
}

mm_status mmi_mesh_split_nonmanifold(mm_context ctx, mm_mesh mesh, mm_mesh *split,
                                     uint32_t **origin, int64_t *copies)
{
    mm_status st = MM_OK;
    mmi_host_faces hf = {0};
    int64_t nnz = 0, nv = 0;
    uint32_t *rows = NULL, *from = NULL;
    *split = NULL, *origin = NULL, *copies = 0;
    MM_TRY(mmi_host_faces_get(ctx, mesh, &hf));
    nnz = hf.nnz, nv = hf.num_vertices;
    MM_TRY(mmi_host_array(ctx, nnz, sizeof *rows, (void **)&rows));
    MM_TRY(mmi_host_array(ctx, nnz, sizeof *from, (void **)&from)); /* copies ≤ corners */
    MM_TRY(mmi_split_corners(ctx, &hf, rows, from, copies));
    mmi_host_faces split_faces = {nv + *copies, hf.num_faces, nnz, hf.ptr, rows, NULL, NULL};
    MM_TRY(check_split(ctx, &split_faces, from, nv));
    MM_TRY(build_split(ctx, mesh, &hf, rows, from, *copies, split));
    MM_TRY(mmi_host_array(ctx, *copies, sizeof **origin, (void **)origin));
    if (*copies > 0) memcpy(*origin, from, (size_t)*copies * sizeof **origin);
done:
    mmi_host_array_free(ctx, rows, nnz, sizeof *rows);
    mmi_host_array_free(ctx, from, nnz, sizeof *from);
    mmi_host_faces_release(ctx, &hf);
    if (st != MM_OK) mm_mesh_free(split), *copies = 0;
    return st;
}
