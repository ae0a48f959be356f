/* mesh_stats.c: mm_mesh_stats_get, DESIGN §3's bad-input classes counted on
 * the host through the mesh matrix: face orders c = Mᵀ·1, the edge matrix
 * E = M Mᵀ {Q_c + Q_c^{c-1}} [τ] and the directed side counts of M Mᵀ {Q_c}
 * (eq. 4–6, built by mesh_edges.c), then union-find over their non-zeros. */
#include "../core/handle.h"
#include "host_array.h"
#include "mesh_edges.h"
#include "mesh_fans.h"
#include "mesh_stats.h"

#define NONE UINT32_MAX

/* Union-find with path halving: each step links x to its grandparent and
 * moves there. A step reads the parent and the grandparent before its test,
 * so the common finds (a root, or a root's child) take no branch. The smaller
 * root becomes the parent, so the classes do not depend on the order of a
 * union's arguments. */
static uint32_t uf_find(uint32_t *parent, uint32_t x)
{
    uint32_t up = parent[x], top = parent[up];
    parent[x] = top;
    while (top != up) {
        x = top;
        up = parent[x];
        top = parent[up];
        parent[x] = top;
    }
    return top;
}

/* Joins the classes of x and y; 1 when they were different. No branch: a
 * class joined with itself writes its root onto itself. */
static int uf_union(uint32_t *parent, uint32_t x, uint32_t y)
{
    x = uf_find(parent, x);
    y = uf_find(parent, y);
    parent[x > y ? x : y] = x < y ? x : y;
    return x != y;
}

/* c = Mᵀ·1: the smallest and largest face order. */
static void face_orders(const mmi_host_faces *hf, mm_mesh_stats *s)
{
    s->min_order = 0;
    s->max_order = 0;
    for (int64_t f = 0; f < hf->num_faces; ++f) {
        int64_t c = hf->ptr[f + 1] - hf->ptr[f];
        if (f == 0 || c < s->min_order) s->min_order = c;
        if (c > s->max_order) s->max_order = c;
    }
}

/* Faces whose column of M holds a row twice: last_face[v] remembers the last
 * face that visited vertex v. */
static mm_status degenerate_faces(mm_context ctx, const mmi_host_faces *hf, int64_t *count)
{
    mm_status st = MM_OK;
    uint32_t *last_face = NULL;
    MM_TRY(mmi_host_array(ctx, hf->num_vertices, sizeof *last_face, (void **)&last_face));
    for (int64_t v = 0; v < hf->num_vertices; ++v) last_face[v] = NONE;
    *count = 0;
    for (int64_t f = 0; f < hf->num_faces; ++f) {
        int repeats = 0;
        for (int64_t k = hf->ptr[f]; k < hf->ptr[f + 1]; ++k) {
            repeats |= last_face[hf->rows[k]] == (uint32_t)f;
            last_face[hf->rows[k]] = (uint32_t)f;
        }
        *count += repeats;
    }
done:
    mmi_host_array_free(ctx, last_face, hf->num_vertices, sizeof *last_face);
    return st;
}

/* Boundary, non-manifold and flipped edges from E(b, a) and M Mᵀ {Q_c}. */
static void edge_classes(const mmi_edges *E, mm_mesh_stats *s)
{
    s->boundary_edges = 0;
    s->nonmanifold_edges = 0;
    s->flipped_edges = 0;
    for (int64_t e = 0; e < E->num_edges; ++e) {
        s->boundary_edges += mmi_edge_is_boundary(E->forward[e], E->backward[e]);
        s->nonmanifold_edges += mmi_edge_is_nonmanifold(E->forward[e], E->backward[e]);
        s->flipped_edges += mmi_edge_is_flipped(E->forward[e], E->backward[e]);
    }
}

/* Boundary loops: connected components of the graph of boundary edges (chains
 * meeting at a vertex form one loop). A vertex joins with its first boundary
 * edge; each union that merges two classes removes one. */
static mm_status boundary_loops(mm_context ctx, const mmi_edges *E, int64_t *loops)
{
    mm_status st = MM_OK;
    uint32_t *parent = NULL;
    int64_t nv = E->num_vertices;
    MM_TRY(mmi_host_array(ctx, nv, sizeof *parent, (void **)&parent));
    for (int64_t v = 0; v < nv; ++v) parent[v] = NONE;
    *loops = 0;
    for (int64_t e = 0; e < E->num_edges; ++e) {
        if (!mmi_edge_is_boundary(E->forward[e], E->backward[e])) continue;
        uint32_t ends[2] = {E->a[e], E->b[e]};
        for (int i = 0; i < 2; ++i)
            if (parent[ends[i]] == NONE) {
                parent[ends[i]] = ends[i];
                ++*loops;
            }
        *loops -= uf_union(parent, ends[0], ends[1]);
    }
done:
    mmi_host_array_free(ctx, parent, nv, sizeof *parent);
    return st;
}

/* Vertices in no face: the empty columns of E (n_i = 0). */
static int64_t unreferenced_vertices(const mmi_edges *E)
{
    int64_t count = 0;
    for (int64_t v = 0; v < E->num_vertices; ++v) count += E->ptr[v + 1] == E->ptr[v];
    return count;
}

/* Edge-connected face components: faces are joined through every edge they
 * share (non-manifold edges included; F = M Mᵀ {Q_c} [γ] names the faces of
 * each side, eq. 6–7); owner[e] is the first face met on edge e. */
static mm_status face_components(mm_context ctx, const mmi_host_faces *hf, const mmi_edges *E,
                                 int64_t *count)
{
    mm_status st = MM_OK;
    uint32_t *owner = NULL, *parent = NULL;
    MM_TRY(mmi_host_array(ctx, E->num_edges, sizeof *owner, (void **)&owner));
    MM_TRY(mmi_host_array(ctx, hf->num_faces, sizeof *parent, (void **)&parent));
    for (int64_t e = 0; e < E->num_edges; ++e) owner[e] = NONE;
    for (int64_t f = 0; f < hf->num_faces; ++f) parent[f] = (uint32_t)f;
    *count = hf->num_faces;
    for (int64_t f = 0; f < hf->num_faces; ++f)
        for (int64_t k = hf->ptr[f]; k < hf->ptr[f + 1]; ++k) {
            uint32_t e = E->corner_edge[k];
            if (e == MMI_NO_EDGE) continue;
            if (owner[e] == NONE)
                owner[e] = (uint32_t)f;
            else
                *count -= uf_union(parent, owner[e], (uint32_t)f);
        }
done:
    mmi_host_array_free(ctx, owner, E->num_edges, sizeof *owner);
    mmi_host_array_free(ctx, parent, hf->num_faces, sizeof *parent);
    return st;
}

/* The same count when no vertex has two fans (no corner has two loop sides
 * either): the faces at each vertex are then joined through the edges of its
 * one fan, so faces sharing a vertex are one component, and the components
 * are those of E's graph over the vertices in faces. A union-find over |V|
 * along the edges in column order, instead of over |F| through edge owners
 * met in random order. */
static mm_status vertex_components(mm_context ctx, const mmi_edges *E, int64_t *count)
{
    mm_status st = MM_OK;
    uint32_t *parent = NULL;
    int64_t nv = E->num_vertices;
    MM_TRY(mmi_host_array(ctx, nv, sizeof *parent, (void **)&parent));
    for (int64_t v = 0; v < nv; ++v) parent[v] = (uint32_t)v;
    *count = nv - unreferenced_vertices(E);
    for (int64_t e = 0; e < E->num_edges; ++e) *count -= uf_union(parent, E->a[e], E->b[e]);
done:
    mmi_host_array_free(ctx, parent, nv, sizeof *parent);
    return st;
}

/* Edge-connected face components: through the vertices when none of them is
 * non-manifold (the count nonmanifold_vertices gave), else through the faces. */
static mm_status components(mm_context ctx, const mmi_host_faces *hf, const mmi_edges *E,
                            int64_t nonmanifold_vertices, int64_t *count)
{
    if (nonmanifold_vertices == 0) return vertex_components(ctx, E, count);
    return face_components(ctx, hf, E, count);
}

/* The fan node of edge e = {v, w} seen from v, its b end the larger one (the
 * face's own vertices, read in order, instead of E->b met in random order). */
static uint32_t fan_node_toward(uint32_t e, uint32_t v, uint32_t w)
{
    return mmi_fan_node(e, v, v > w ? v : w);
}

mm_status mmi_vertex_fans(mm_context ctx, const mmi_host_faces *hf, const mmi_edges *E,
                          int64_t *fans)
{
    mm_status st = MM_OK;
    uint32_t *parent = NULL;
    int64_t nv = hf->num_vertices, nodes = 2 * E->num_edges;
    if (nodes > (int64_t)NONE)
        MM_FAIL(ctx, MM_ERR_OVERFLOW, "the mesh has %lld edges; fans need 2 ids per edge < 2^32",
                (long long)E->num_edges);
    MM_TRY(mmi_host_array(ctx, nodes, sizeof *parent, (void **)&parent));
    for (int64_t n = 0; n < nodes; ++n) parent[n] = (uint32_t)n;
    for (int64_t v = 0; v < nv; ++v) fans[v] = 0;
    for (int64_t e = 0; e < E->num_edges; ++e) {
        ++fans[E->a[e]];
        ++fans[E->b[e]];
    }
    for (int64_t f = 0; f < hf->num_faces; ++f) {
        int64_t first = hf->ptr[f], end = hf->ptr[f + 1];
        for (int64_t k = first; k < end; ++k) {
            int64_t prev = k > first ? k - 1 : end - 1, next = k + 1 < end ? k + 1 : first;
            uint32_t v = hf->rows[k];
            uint32_t out = E->corner_edge[k], in = E->corner_edge[prev];
            if (out == MMI_NO_EDGE && in == MMI_NO_EDGE)
                ++fans[v];
            else if (out != MMI_NO_EDGE && in != MMI_NO_EDGE)
                fans[v] -= uf_union(parent, fan_node_toward(in, v, hf->rows[prev]),
                                    fan_node_toward(out, v, hf->rows[next]));
        }
    }
done:
    mmi_host_array_free(ctx, parent, nodes, sizeof *parent);
    return st;
}

/* Non-manifold vertices: those whose corners form more than one fan. */
static mm_status nonmanifold_vertices(mm_context ctx, const mmi_host_faces *hf,
                                      const mmi_edges *E, int64_t *count)
{
    mm_status st = MM_OK;
    int64_t *fans = NULL, nv = hf->num_vertices;
    MM_TRY(mmi_host_array(ctx, nv, sizeof *fans, (void **)&fans));
    MM_TRY(mmi_vertex_fans(ctx, hf, E, fans));
    *count = 0;
    for (int64_t v = 0; v < nv; ++v) *count += fans[v] > 1;
done:
    mmi_host_array_free(ctx, fans, nv, sizeof *fans);
    return st;
}

mm_status mmi_mesh_stats_get(mm_context ctx, mm_mesh mesh, mm_mesh_stats *stats)
{
    mm_status st = MM_OK;
    mmi_host_faces hf = {0};
    mmi_edges E = {0};
    mm_mesh_stats s = {0};
    if (ctx == NULL) return MM_ERR_INVALID_ARGUMENT;
    if (mesh == NULL || stats == NULL)
        MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "mesh and stats must not be NULL");
    MM_TRY(MMI_CHECK(ctx, mesh, MMI_MAGIC_MESH, "the mesh"));
    MM_TRY(mmi_host_faces_get(ctx, mesh, &hf));
    MM_TRY(mmi_mesh_edges_build(ctx, &hf, &E));
    s.vertices = hf.num_vertices;
    s.faces = hf.num_faces;
    s.nnz = hf.nnz;
    s.edges = E.num_edges;
    face_orders(&hf, &s);
    edge_classes(&E, &s);
    MM_TRY(boundary_loops(ctx, &E, &s.boundary_loops));
    MM_TRY(nonmanifold_vertices(ctx, &hf, &E, &s.nonmanifold_vertices));
    MM_TRY(components(ctx, &hf, &E, s.nonmanifold_vertices, &s.components));
    s.unreferenced_vertices = unreferenced_vertices(&E);
    MM_TRY(degenerate_faces(ctx, &hf, &s.degenerate_faces));
    *stats = s;
done:
    mmi_mesh_edges_release(ctx, &E);
    mmi_host_faces_release(ctx, &hf);
    return st;
}

mm_status mm_mesh_stats_get(mm_context ctx, mm_mesh mesh, mm_mesh_stats *stats)
{
    if (!mmi_context_live(ctx)) return MM_ERR_INVALID_ARGUMENT;
    MM_WHERE(ctx);
    return mmi_mesh_stats_get(ctx, mesh, stats);
}
