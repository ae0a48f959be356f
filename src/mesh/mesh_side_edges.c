/* mesh_side_edges.c: Vtr's edges by face side (mesh_side_edges.h), from the
 * pair edges of mesh_edges.c: a walk of the sides in face order keeps, per
 * pair of vertices, the state Vtr's findEdge reads of the first edge on it
 * (its faces, its last face, the way its first side passes it), then the
 * edges are numbered pair by pair in (min, max) order. */
#include "../core/timer.h"
#include "host_array.h"
#include "mesh_side_edges.h"

/* Per pair of vertices: how many edges it has so far, and of its first edge
 * the sides on it, the face of the last one, the vertex its first side
 * leaves and Vtr's non-manifold tag. */
typedef struct pair_state {
    uint32_t *edges, *faces, *last, *from, *base;
    uint8_t *nonmanifold;
} pair_state;

void mmi_side_edges_release(mm_context ctx, mmi_side_edges *S)
{
    mmi_host_array_free(ctx, S->side, S->num_corners, sizeof *S->side);
    mmi_host_array_free(ctx, S->ends, 2 * S->num_edges, sizeof *S->ends);
    mmi_host_array_free(ctx, S->faces, S->num_edges, sizeof *S->faces);
    mmi_host_array_free(ctx, S->nonmanifold, S->num_edges, 1);
    *S = (mmi_side_edges){0};
}

/* Vtr's rule for the side leaving corner k of face f: *local = the side's
 * edge among its pair's (or, for a degenerate side, among its vertex's
 * degenerate edges, counted in degenerate[v]). */
static void match_side(const mmi_host_faces *hf, const mmi_edges *E, pair_state *p,
                       uint32_t *degenerate, int64_t f, int64_t k, uint32_t *local)
{
    uint32_t v = hf->rows[k], e = E->corner_edge[k];
    if (e == MMI_NO_EDGE) {
        *local = degenerate[v]++;
    } else if (p->edges[e] == 0) {
        p->edges[e] = 1, p->faces[e] = 1, p->last[e] = (uint32_t)f, p->from[e] = v;
        *local = 0;
    } else if (p->last[e] == (uint32_t)f) { /* the face passes the pair again */
        p->nonmanifold[e] = 1;
        *local = p->edges[e]++;
    } else {
        if (p->faces[e] > 1 || p->from[e] == v) p->nonmanifold[e] = 1;
        ++p->faces[e];
        p->last[e] = (uint32_t)f;
        *local = 0;
    }
}

/* Numbers the edges in (min, max) order: at each vertex v its degenerate
 * edges (v, v) first (*degenerate becomes their first id), then the pairs
 * (v, b > v) in E's order (p->base their first id); fills ends, faces and
 * the tags. */
static mm_status number_edges(mm_context ctx, const mmi_edges *E, pair_state *p,
                              uint32_t *degenerate, mmi_side_edges *S)
{
    mm_status st = MM_OK;
    int64_t total = 0;
    for (int64_t v = 0; v < E->num_vertices; ++v) total += degenerate[v];
    for (int64_t e = 0; e < E->num_edges; ++e) total += p->edges[e];
    if (total >= (int64_t)UINT32_MAX)
        MM_FAIL(ctx, MM_ERR_OVERFLOW, "the mesh has %lld edges by face side; ids are < 2^32 - 1",
                (long long)total);
    S->num_edges = total;
    MM_TRY(mmi_host_array(ctx, 2 * total, sizeof *S->ends, (void **)&S->ends));
    MM_TRY(mmi_host_array(ctx, total, sizeof *S->faces, (void **)&S->faces));
    MM_TRY(mmi_host_array(ctx, total, 1, (void **)&S->nonmanifold));
    uint32_t id = 0;
    for (int64_t v = 0; v < E->num_vertices; ++v) {
        uint32_t n = degenerate[v];
        degenerate[v] = id;
        for (uint32_t i = 0; i < n; ++i, ++id) {
            S->ends[2 * id] = S->ends[2 * id + 1] = (uint32_t)v;
            S->faces[id] = 1, S->nonmanifold[id] = 1;
        }
        for (int64_t e = E->edge_ptr[v]; e < E->edge_ptr[v + 1]; ++e) {
            p->base[e] = id;
            for (uint32_t i = 0; i < p->edges[e]; ++i, ++id) {
                S->ends[2 * id] = E->a[e], S->ends[2 * id + 1] = E->b[e];
                S->faces[id] = i == 0 ? p->faces[e] : 1;
                S->nonmanifold[id] = i == 0 ? p->nonmanifold[e] : 1;
            }
        }
    }
done:
    return st;
}

mm_status mmi_side_edges_build(mm_context ctx, const mmi_host_faces *hf, const mmi_edges *E,
                               mmi_side_edges *out)
{
    mm_status st = MM_OK;
    int64_t np = E->num_edges, nv = hf->num_vertices;
    pair_state p = {0};
    uint32_t *degenerate = NULL;
    mmi_side_edges S = {0};
    S.num_corners = hf->nnz;
    *out = S;
    MM_TRY(mmi_host_array(ctx, np, sizeof *p.edges, (void **)&p.edges));
    MM_TRY(mmi_host_array(ctx, np, sizeof *p.faces, (void **)&p.faces));
    MM_TRY(mmi_host_array(ctx, np, sizeof *p.last, (void **)&p.last));
    MM_TRY(mmi_host_array(ctx, np, sizeof *p.from, (void **)&p.from));
    MM_TRY(mmi_host_array(ctx, np, sizeof *p.base, (void **)&p.base));
    MM_TRY(mmi_host_array(ctx, np, 1, (void **)&p.nonmanifold));
    MM_TRY(mmi_host_array(ctx, nv, sizeof *degenerate, (void **)&degenerate));
    MM_TRY(mmi_host_array(ctx, S.num_corners, sizeof *S.side, (void **)&S.side));
    for (int64_t e = 0; e < np; ++e) p.edges[e] = 0, p.nonmanifold[e] = 0;
    for (int64_t v = 0; v < nv; ++v) degenerate[v] = 0;
    for (int64_t f = 0; f < hf->num_faces; ++f)
        for (int64_t k = hf->ptr[f]; k < hf->ptr[f + 1]; ++k)
            match_side(hf, E, &p, degenerate, f, k, &S.side[k]);
    MM_TRY(number_edges(ctx, E, &p, degenerate, &S));
    for (int64_t k = 0; k < S.num_corners; ++k) {
        uint32_t e = E->corner_edge[k];
        S.side[k] += e == MMI_NO_EDGE ? degenerate[hf->rows[k]] : p.base[e];
    }
    *out = S;
    S = (mmi_side_edges){0};
done:
    mmi_side_edges_release(ctx, &S);
    mmi_host_array_free(ctx, degenerate, nv, sizeof *degenerate);
    mmi_host_array_free(ctx, p.nonmanifold, np, 1);
    mmi_host_array_free(ctx, p.base, np, sizeof *p.base);
    mmi_host_array_free(ctx, p.from, np, sizeof *p.from);
    mmi_host_array_free(ctx, p.last, np, sizeof *p.last);
    mmi_host_array_free(ctx, p.faces, np, sizeof *p.faces);
    mmi_host_array_free(ctx, p.edges, np, sizeof *p.edges);
    return st;
}

/* The neighbours a and b of a triangle's corner as one key: smaller,
 * larger. */
static uint64_t neighbour_key(uint64_t a, uint64_t b)
{
    return a < b ? a << 32 | b : b << 32 | a;
}

/* The triangle corners' neighbour keys bucketed by vertex (a counting sort,
 * linear), then each vertex's keys compared pairwise: a vertex has a
 * handful of corners, where a sort of all corners' keys cost as much as the
 * rest of a generic Loop build on a large cage. */
mm_status mmi_back_to_back_triangles(mm_context ctx, const mmi_host_faces *hf, int *found)
{
    mm_status st = MM_OK;
    int64_t nv = hf->num_vertices, *end = NULL;
    uint64_t *keys = NULL;
    *found = 0;
    MM_TRY(mmi_host_array(ctx, nv + 1, sizeof *end, (void **)&end));
    MM_TRY(mmi_host_array(ctx, hf->nnz, sizeof *keys, (void **)&keys));
    for (int64_t v = 0; v <= nv; ++v) end[v] = 0;
    for (int64_t f = 0; f < hf->num_faces; ++f) {
        const uint32_t *t = hf->rows + hf->ptr[f];
        if (hf->ptr[f + 1] - hf->ptr[f] != 3) continue;
        ++end[t[0] + 1], ++end[t[1] + 1], ++end[t[2] + 1];
    }
    for (int64_t v = 0; v < nv; ++v) end[v + 1] += end[v];
    for (int64_t f = 0; f < hf->num_faces; ++f) {
        const uint32_t *t = hf->rows + hf->ptr[f];
        if (hf->ptr[f + 1] - hf->ptr[f] != 3) continue;
        keys[end[t[0]]++] = neighbour_key(t[1], t[2]);
        keys[end[t[1]]++] = neighbour_key(t[2], t[0]);
        keys[end[t[2]]++] = neighbour_key(t[0], t[1]);
    }
    /* end[v] is now v's end: v's keys are [end[v − 1], end[v]) */
    for (int64_t v = 0; v < nv && !*found; ++v)
        for (int64_t i = v ? end[v - 1] : 0; i < end[v] && !*found; ++i)
            for (int64_t j = i + 1; j < end[v] && !*found; ++j) *found = keys[i] == keys[j];
done:
    mmi_host_array_free(ctx, keys, hf->nnz, sizeof *keys);
    mmi_host_array_free(ctx, end, nv + 1, sizeof *end);
    return st;
}

mm_status mmi_mesh_needs_side_edges(mm_context ctx, mm_mesh mesh, int loop, int *needs)
{
    mm_status st = MM_OK;
    mmi_host_faces hf = {0};
    *needs = mesh->degenerate_faces > 0;
    if (*needs || !loop) return MM_OK;
    int stage = mmi_stage_begin(ctx, "back_to_back_check");
    MM_TRY(mmi_host_faces_get(ctx, mesh, &hf));
    MM_TRY(mmi_back_to_back_triangles(ctx, &hf, needs));
done:
    mmi_stage_end(ctx, stage);
    mmi_host_faces_release(ctx, &hf);
    return st;
}
