/* limit_stencils.c: mmi_limit_stencils_build (limit_stencils.h). Host work
 * over the mesh's edges (mesh_edges.h): each vertex's ring is walked in
 * OpenSubdiv's order (Vtr::Level::orderVertexFacesAndEdges: from the
 * boundary edge leaving the vertex, else from the edge leaving it in its
 * first face, counter-clockwise), its rule found from the sharpness around
 * it as Far's factory finds it, and its three masks written as rows. A
 * vertex that is not a 2-manifold one has no such order; positions alone
 * are still defined there (Far sharpens such a vertex into a corner, or in
 * a fin a crease along its two edges of more faces, whose position masks
 * read only the crease ends): its edges are listed in corner order. */
#include "../core/error.h"
#include "../mesh/host_array.h"
#include "../mesh/mesh_edges.h"
#include "../mesh/mesh_fans.h"
#include "../mesh/mesh_impl.h"
#include "../mesh/mesh_stats.h"
#include "../rules/crease.h"
#include "../rules/limit_masks.h"
#include "limit_stencils.h"

#define NO_CORNER INT64_MAX

/* What the walk needs of the mesh, host arrays. */
typedef struct topology {
    mmi_host_faces hf;
    mmi_edges E;
    uint32_t *face_of;   /* nnz: the face of each corner                          */
    int64_t *side;       /* 2 per edge: the corner of its side a → b, of b → a     */
    float *edge_sharp;   /* per edge: tags, 10 on boundary edges                   */
    float *vertex_sharp; /* per vertex: tags                                       */
    int64_t *count;      /* per vertex: its corners                                */
    int64_t *start;      /* per vertex: the corner its walk starts from            */
    uint8_t *unordered;  /* per vertex: not a 2-manifold one (NULL: none)          */
    int64_t *first;      /* with unordered: per vertex, its first in corners_of    */
    uint32_t *corners_of; /* with unordered: the corners of each vertex, in order  */
} topology;

/* A vertex's ring in Far's order: the far end and sharpness of each edge,
 * the corner two places on in each face (scratch of the largest valence). */
typedef struct ring {
    int64_t edges, faces;
    uint32_t *vertex;
    float *sharp;
    uint32_t *opposite;
} ring;

static int64_t next_corner(const mmi_host_faces *hf, uint32_t f, int64_t k, int64_t step)
{
    int64_t first = hf->ptr[f], c = hf->ptr[f + 1] - first;
    return first + (k - first + step) % c;
}

static mm_status refuse_vertex(mm_context ctx, int64_t v, const char *why)
{
    return mmi_fail(ctx, MM_ERR_INVALID_MESH,
                    "vertex %lld %s: OpenSubdiv orders such a vertex's edges arbitrarily, so its "
                    "limit tangents are not defined; meshmat refuses it (mesh_stats counts "
                    "them; limit positions alone, without T1 and T2, are evaluated there)",
                    (long long)v, why);
}

/* The mesh's tags on the host: crease sharpness onto its edge, corner
 * sharpness onto its vertex; boundary edges infinitely sharp (Sdc sharpens
 * them whatever the boundary rule). */
static mm_status sharpness(mm_context ctx, mm_mesh mesh, topology *t)
{
    mm_status st = MM_OK;
    const mmi_edges *E = &t->E;
    mm_memory where = mesh->M->where;
    uint32_t *cv = NULL, *kv = NULL;
    float *cs = NULL, *ks = NULL;
    int64_t nc = mesh->num_creases, nk = mesh->num_corners;
    for (int64_t e = 0; e < E->num_edges; ++e)
        t->edge_sharp[e] = mmi_edge_is_boundary(E->forward[e], E->backward[e]) ? MMI_SHARP_INFINITE : 0.0f;
    for (int64_t v = 0; v < E->num_vertices; ++v) t->vertex_sharp[v] = 0.0f;
    MM_TRY(mmi_host_array(ctx, 2 * nc, sizeof *cv, (void **)&cv));
    MM_TRY(mmi_host_array(ctx, nc, sizeof *cs, (void **)&cs));
    MM_TRY(mmi_host_array(ctx, nk, sizeof *kv, (void **)&kv));
    MM_TRY(mmi_host_array(ctx, nk, sizeof *ks, (void **)&ks));
    if (nc > 0) {
        MM_TRY(mmi_copy(ctx, cv, MM_MEMORY_HOST, mesh->crease_vertices, where, 2 * nc * (int64_t)sizeof *cv));
        MM_TRY(mmi_copy(ctx, cs, MM_MEMORY_HOST, mesh->crease_sharpness, where, nc * (int64_t)sizeof *cs));
    }
    if (nk > 0) {
        MM_TRY(mmi_copy(ctx, kv, MM_MEMORY_HOST, mesh->corner_vertices, where, nk * (int64_t)sizeof *kv));
        MM_TRY(mmi_copy(ctx, ks, MM_MEMORY_HOST, mesh->corner_sharpness, where, nk * (int64_t)sizeof *ks));
    }
    for (int64_t i = 0; i < nc; ++i) {
        uint32_t e = mmi_edges_id(E->edge_ptr, E->b, cv[2 * i], cv[2 * i + 1]);
        if (e == MMI_NO_EDGE)
            MM_FAIL(ctx, MM_ERR_INVALID_MESH, "crease tag %lld names vertices %u and %u, which share no edge",
                    (long long)i, cv[2 * i], cv[2 * i + 1]);
        if (!mmi_edge_is_boundary(E->forward[e], E->backward[e])) t->edge_sharp[e] = cs[i];
    }
    for (int64_t i = 0; i < nk; ++i) t->vertex_sharp[kv[i]] = ks[i];
done:
    mmi_host_array_free(ctx, ks, nk, sizeof *ks);
    mmi_host_array_free(ctx, kv, nk, sizeof *kv);
    mmi_host_array_free(ctx, cs, nc, sizeof *cs);
    mmi_host_array_free(ctx, cv, 2 * nc, sizeof *cv);
    return st;
}

/* Faces of each corner, sides of each edge, corners of each vertex and where
 * each vertex's walk starts: the boundary side leaving it, else its corner
 * in its first face (Vtr's vertex faces come in face order). */
static mm_status corners(mm_context ctx, mm_scheme scheme, topology *t)
{
    mm_status st = MM_OK;
    const mmi_host_faces *hf = &t->hf;
    const mmi_edges *E = &t->E;
    for (int64_t e = 0; e < 2 * E->num_edges; ++e) t->side[e] = NO_CORNER;
    for (int64_t v = 0; v < hf->num_vertices; ++v) t->count[v] = 0, t->start[v] = NO_CORNER;
    for (int64_t f = 0; f < hf->num_faces; ++f) {
        int64_t c = hf->ptr[f + 1] - hf->ptr[f];
        if (scheme == MM_SCHEME_LOOP && c != 3)
            MM_FAIL(ctx, MM_ERR_INVALID_MESH, "face %lld has %lld vertices; Loop takes triangles only",
                    (long long)f, (long long)c);
        for (int64_t k = hf->ptr[f]; k < hf->ptr[f + 1]; ++k) {
            uint32_t v = hf->rows[k], e = E->corner_edge[k];
            if (e == MMI_NO_EDGE)
                MM_FAIL(ctx, MM_ERR_INVALID_MESH, "face %lld repeats vertex %u; the limit needs faces "
                        "of distinct vertices", (long long)f, v);
            t->face_of[k] = (uint32_t)f;
            t->side[2 * (int64_t)e + (v == E->a[e] ? 0 : 1)] = k;
            ++t->count[v];
            int boundary = mmi_edge_is_boundary(E->forward[e], E->backward[e]);
            if (boundary || t->start[v] == NO_CORNER) t->start[v] = k;
        }
    }
done:
    return st;
}

/* v's ring from its start corner: edge 0 leaves v in the first face; each
 * face adds the edge entering v in it, then the walk crosses that edge
 * into the next face, until it is back at the start or on a boundary. */
static mm_status walk(mm_context ctx, const topology *t, uint32_t v, ring *r)
{
    const mmi_host_faces *hf = &t->hf;
    const mmi_edges *E = &t->E;
    int64_t k0 = t->start[v], k = k0;
    r->edges = r->faces = 0;
    if (k0 == NO_CORNER) return MM_OK;
    uint32_t e0 = E->corner_edge[k0];
    if (mmi_edges_breaks_manifold(E, e0))
        return refuse_vertex(ctx, v, "is on a non-manifold edge");
    r->vertex[0] = hf->rows[next_corner(hf, t->face_of[k0], k0, 1)];
    r->sharp[0] = t->edge_sharp[e0];
    r->edges = 1;
    for (;;) {
        uint32_t f = t->face_of[k];
        int64_t before = next_corner(hf, f, k, hf->ptr[f + 1] - hf->ptr[f] - 1);
        r->opposite[r->faces++] = hf->rows[next_corner(hf, f, k, 2)];
        uint32_t e = E->corner_edge[before], u = hf->rows[before];
        if (mmi_edges_breaks_manifold(E, e))
            return refuse_vertex(ctx, v, "is on a non-manifold edge");
        if (mmi_edge_is_boundary(E->forward[e], E->backward[e])) {
            r->vertex[r->edges] = u, r->sharp[r->edges++] = t->edge_sharp[e];
            break;
        }
        int64_t across = t->side[2 * (int64_t)e + (v == E->a[e] ? 0 : 1)];
        if (across == k0) break;
        if (across == NO_CORNER || r->faces >= t->count[v])
            return refuse_vertex(ctx, v, "is not a 2-manifold vertex");
        r->vertex[r->edges] = u, r->sharp[r->edges++] = t->edge_sharp[e];
        k = across;
    }
    if (r->faces != t->count[v]) return refuse_vertex(ctx, v, "has faces in more than one fan");
    return MM_OK;
}

/* Far's sharpening of what is not a 2-manifold, after the tags (as the
 * factory applies it): edges of more than two faces or passed twice the same
 * way infinitely sharp, and the vertices mmi_mesh_vtr_edges says Far
 * sharpens (on such an edge, in several fans or in no face, but inside a
 * fin) corners of sharpness 10. Those vertices and the ends of those edges,
 * which the walk cannot order, into t->unordered, with their corners in
 * corner order (t->first, t->corners_of); none: both NULL. */
static mm_status sharpen_unordered(mm_context ctx, mm_mesh mesh, topology *t)
{
    mm_status st = MM_OK;
    const mmi_host_faces *hf = &t->hf;
    const mmi_edges *E = &t->E;
    mmi_side_edges S = {0};
    int64_t nv = hf->num_vertices, any = 0, sharpened = 0, *at = NULL;
    MM_TRY(mmi_host_array(ctx, nv, sizeof *t->unordered, (void **)&t->unordered));
    MM_TRY(mmi_mesh_vtr_edges(ctx, mesh, &S, t->unordered, &sharpened));
    for (int64_t v = 0; v < nv; ++v)
        if (t->unordered[v]) t->vertex_sharp[v] = MMI_SHARP_INFINITE;
    for (int64_t e = 0; e < E->num_edges; ++e)
        if (mmi_edges_breaks_manifold(E, e)) {
            t->edge_sharp[e] = MMI_SHARP_INFINITE;
            t->unordered[E->a[e]] = t->unordered[E->b[e]] = 1;
        }
    for (int64_t v = 0; v < nv; ++v) any += t->unordered[v];
    if (any == 0) {
        mmi_host_array_free(ctx, t->unordered, nv, sizeof *t->unordered);
        t->unordered = NULL;
        goto done;
    }
    MM_TRY(mmi_host_array(ctx, nv + 1, sizeof *t->first, (void **)&t->first));
    MM_TRY(mmi_host_array(ctx, hf->nnz, sizeof *t->corners_of, (void **)&t->corners_of));
    MM_TRY(mmi_host_array(ctx, nv, sizeof *at, (void **)&at));
    t->first[0] = 0;
    for (int64_t v = 0; v < nv; ++v) {
        t->first[v + 1] = t->first[v] + t->count[v];
        at[v] = t->first[v];
    }
    for (int64_t k = 0; k < hf->nnz; ++k) t->corners_of[at[hf->rows[k]]++] = (uint32_t)k;
done:
    mmi_host_array_free(ctx, at, nv, sizeof *at);
    mmi_side_edges_release(ctx, &S);
    return st;
}

/* Adds edge e, whose far end is u, to v's ring once (an edge is its pair
 * of ends: no face repeats a vertex here). */
static void add_edge(const topology *t, uint32_t e, uint32_t u, ring *r)
{
    for (int64_t i = 0; i < r->edges; ++i)
        if (r->vertex[i] == u) return;
    r->vertex[r->edges] = u, r->sharp[r->edges++] = t->edge_sharp[e];
}

/* v's ring where it is not a 2-manifold vertex: its edges (each corner's
 * leaving and entering sides) in corner order, and its faces (their
 * opposite corners, which no position mask of a corner or a crease reads). */
static void unordered_ring(const topology *t, uint32_t v, ring *r)
{
    const mmi_host_faces *hf = &t->hf;
    r->edges = r->faces = 0;
    for (int64_t i = t->first[v]; i < t->first[v + 1]; ++i) {
        int64_t k = t->corners_of[i];
        uint32_t f = t->face_of[k];
        int64_t next = next_corner(hf, f, k, 1);
        int64_t before = next_corner(hf, f, k, hf->ptr[f + 1] - hf->ptr[f] - 1);
        add_edge(t, t->E.corner_edge[k], hf->rows[next], r);
        add_edge(t, t->E.corner_edge[before], hf->rows[before], r);
        r->opposite[r->faces++] = hf->rows[next_corner(hf, f, k, 2)];
    }
}

/* Far's rule for the vertex (the factory's DetermineVertexVertexRule over
 * its sharp edges; EDGE_AND_CORNER makes a vertex of one face a corner) and
 * the ring positions of its first and last sharp edge. */
static mmi_limit_ring classify(const ring *r, float vertex_sharp, mm_boundary boundary)
{
    mmi_limit_ring lr = {MMI_RULE_SMOOTH, r->edges, r->faces, -1, -1};
    int64_t sharp = 0;
    for (int64_t i = 0; i < r->edges; ++i)
        if (mmi_is_sharp(r->sharp[i])) {
            if (lr.crease0 < 0) lr.crease0 = i;
            lr.crease1 = i;
            ++sharp;
        }
    if (boundary == MM_BOUNDARY_EDGE_AND_CORNER && r->faces == 1 && r->edges == 2)
        vertex_sharp = MMI_SHARP_INFINITE;
    lr.rule = mmi_sharp_vertex_rule(vertex_sharp, sharp);
    return lr;
}

/* Appends (col, w) to a row (w = 0 left out). */
static void put(int64_t *n, uint32_t *cols, double *values, uint32_t col, double w)
{
    if (w == 0.0) return;
    cols[*n] = col;
    values[*n] = w;
    ++*n;
}

/* Sorts a row by column and sums repeated columns (a corner two places on
 * in a triangle is also an edge neighbour); returns its new length. */
static int64_t merge_row(uint32_t *cols, double *values, int64_t n)
{
    for (int64_t i = 1; i < n; ++i) {
        uint32_t c = cols[i];
        double w = values[i];
        int64_t j = i;
        for (; j > 0 && cols[j - 1] > c; --j) cols[j] = cols[j - 1], values[j] = values[j - 1];
        cols[j] = c, values[j] = w;
    }
    int64_t m = 0;
    for (int64_t i = 0; i < n; ++i) {
        if (m > 0 && cols[m - 1] == cols[i]) values[m - 1] += values[i];
        else cols[m] = cols[i], values[m] = values[i], ++m;
    }
    return m;
}

/* Row v of mask kind: the faces' weights, the edges', the vertex's (Far
 * adds the smaller weights first). A vertex in no face keeps its point. */
static void write_row(mmi_limit_stencils *s, int kind, mm_scheme scheme, uint32_t v, const ring *r,
                      const mmi_limit_ring *lr)
{
    int64_t at = s->ptr[kind][v], n = 0;
    uint32_t *cols = s->cols[kind] + at;
    double *values = s->values[kind] + at;
    mmi_limit_kind k = (mmi_limit_kind)kind;
    if (r->faces == 0) {
        if (k == MMI_LIMIT_POSITION) put(&n, cols, values, v, 1.0);
    } else if (scheme == MM_SCHEME_LOOP) {
        for (int64_t i = 0; i < r->edges; ++i) put(&n, cols, values, r->vertex[i], mmi_loop_limit_ring(lr, k, i));
        put(&n, cols, values, v, mmi_loop_limit_vertex(lr, k));
    } else {
        for (int64_t i = 0; i < r->faces; ++i)
            put(&n, cols, values, r->opposite[i], mmi_catmark_limit_ring(lr, k, i, 1));
        for (int64_t i = 0; i < r->edges; ++i)
            put(&n, cols, values, r->vertex[i], mmi_catmark_limit_ring(lr, k, i, 0));
        put(&n, cols, values, v, mmi_catmark_limit_vertex(lr, k));
    }
    s->ptr[kind][v + 1] = at + merge_row(cols, values, n);
}

static mm_status allocate(mm_context ctx, const topology *t, int tangents, mmi_limit_stencils *s,
                          ring *r, int64_t *most)
{
    mm_status st = MM_OK;
    int64_t nv = t->hf.num_vertices;
    *most = 1; /* a ring's edges: one more than its corners, two per corner unordered */
    for (int64_t v = 0; v < nv; ++v)
        if (2 * t->count[v] + 1 > *most) *most = 2 * t->count[v] + 1;
    /* a row holds at most its vertex, its edges and its faces */
    s->room = 2 * nv + 2 * t->hf.nnz;
    for (int m = 0; m < (tangents ? MMI_LIMIT_MASKS : 1); ++m) {
        MM_TRY(mmi_host_array(ctx, nv + 1, sizeof *s->ptr[m], (void **)&s->ptr[m]));
        MM_TRY(mmi_host_array(ctx, s->room, sizeof *s->cols[m], (void **)&s->cols[m]));
        MM_TRY(mmi_host_array(ctx, s->room, sizeof *s->values[m], (void **)&s->values[m]));
        s->ptr[m][0] = 0;
    }
    MM_TRY(mmi_host_array(ctx, *most, sizeof *r->vertex, (void **)&r->vertex));
    MM_TRY(mmi_host_array(ctx, *most, sizeof *r->sharp, (void **)&r->sharp));
    MM_TRY(mmi_host_array(ctx, *most, sizeof *r->opposite, (void **)&r->opposite));
done:
    return st;
}

mm_status mmi_limit_stencils_build(mm_context ctx, mm_mesh mesh, mm_scheme scheme,
                                   mm_boundary boundary, int tangents, mmi_limit_stencils *s)
{
    mm_status st = MM_OK;
    topology t = {0};
    ring r = {0};
    int64_t most = 0, nv = mesh->M->nrows, ne = 0, nnz = 0;
    *s = (mmi_limit_stencils){0};
    s->nv = nv;
    MM_TRY(mmi_host_faces_get(ctx, mesh, &t.hf));
    MM_TRY(mmi_mesh_edges_build(ctx, &t.hf, &t.E));
    ne = t.E.num_edges, nnz = t.hf.nnz;
    MM_TRY(mmi_host_array(ctx, nnz, sizeof *t.face_of, (void **)&t.face_of));
    MM_TRY(mmi_host_array(ctx, 2 * ne, sizeof *t.side, (void **)&t.side));
    MM_TRY(mmi_host_array(ctx, ne, sizeof *t.edge_sharp, (void **)&t.edge_sharp));
    MM_TRY(mmi_host_array(ctx, nv, sizeof *t.vertex_sharp, (void **)&t.vertex_sharp));
    MM_TRY(mmi_host_array(ctx, nv, sizeof *t.count, (void **)&t.count));
    MM_TRY(mmi_host_array(ctx, nv, sizeof *t.start, (void **)&t.start));
    MM_TRY(corners(ctx, scheme, &t));
    MM_TRY(sharpness(ctx, mesh, &t));
    /* positions alone: what is not a 2-manifold sharpened as Far sharpens it */
    if (!tangents) MM_TRY(sharpen_unordered(ctx, mesh, &t));
    MM_TRY(allocate(ctx, &t, tangents, s, &r, &most));
    for (int64_t v = 0; v < nv; ++v) {
        int unordered = t.unordered && t.unordered[v];
        if (unordered) unordered_ring(&t, (uint32_t)v, &r);
        else MM_TRY(walk(ctx, &t, (uint32_t)v, &r));
        mmi_limit_ring lr = classify(&r, t.vertex_sharp[v], boundary);
        if (unordered && lr.rule != MMI_RULE_CORNER && lr.rule != MMI_RULE_CREASE)
            MM_TRY(refuse_vertex(ctx, v, "is not a 2-manifold vertex, and not sharpened"));
        for (int m = 0; m < (tangents ? MMI_LIMIT_MASKS : 1); ++m)
            write_row(s, m, scheme, (uint32_t)v, &r, &lr);
    }
    for (int m = 0; m < MMI_LIMIT_MASKS; ++m) s->nnz[m] = s->ptr[m] ? s->ptr[m][nv] : 0;
done:
    mmi_host_array_free(ctx, r.opposite, most, sizeof *r.opposite);
    mmi_host_array_free(ctx, r.sharp, most, sizeof *r.sharp);
    mmi_host_array_free(ctx, r.vertex, most, sizeof *r.vertex);
    mmi_host_array_free(ctx, t.corners_of, nnz, sizeof *t.corners_of);
    mmi_host_array_free(ctx, t.first, t.first ? nv + 1 : 0, sizeof *t.first);
    mmi_host_array_free(ctx, t.unordered, nv, sizeof *t.unordered);
    mmi_host_array_free(ctx, t.start, nv, sizeof *t.start);
    mmi_host_array_free(ctx, t.count, nv, sizeof *t.count);
    mmi_host_array_free(ctx, t.vertex_sharp, nv, sizeof *t.vertex_sharp);
    mmi_host_array_free(ctx, t.edge_sharp, ne, sizeof *t.edge_sharp);
    mmi_host_array_free(ctx, t.side, 2 * ne, sizeof *t.side);
    mmi_host_array_free(ctx, t.face_of, nnz, sizeof *t.face_of);
    mmi_mesh_edges_release(ctx, &t.E);
    mmi_host_faces_release(ctx, &t.hf);
    return st;
}

void mmi_limit_stencils_free(mm_context ctx, mmi_limit_stencils *s)
{
    for (int m = 0; m < MMI_LIMIT_MASKS; ++m) {
        mmi_host_array_free(ctx, s->values[m], s->room, sizeof *s->values[m]);
        mmi_host_array_free(ctx, s->cols[m], s->room, sizeof *s->cols[m]);
        mmi_host_array_free(ctx, s->ptr[m], s->nv + 1, sizeof *s->ptr[m]);
    }
    *s = (mmi_limit_stencils){0};
}
