/* crease_level.c: the crease steps of the generic paths of Catmull-Clark and
 * Loop (generic_level.h; paper §5.1): level 0's sharpness from the mesh's
 * tags, each level's sharpness one level down, and the vertex weights with
 * the sharp edges' matrix W, by the rules of crease_rules.h. */
#include "../core/error.h"
#include "../core/memory.h"
#include "../mesh/mesh_impl.h"
#include "../mesh/mesh_tags.h"
#include "../spla/dense_ops.h"
#include "../spla/matrix_impl.h"
#include "generic_level.h"

static mm_status zero_sharpness(mm_context ctx, mm_dense *x, int64_t n)
{
    mm_status st = MM_OK;
    MM_TRY(mmi_dense_alloc(ctx, x, n, 1, MM_TYPE_FLOAT32));
    MM_TRY(mmi_dense_fill(ctx, *x, 0.0));
done:
    return st;
}

/* Each crease tag's edge (g->tag_edges), read back to refuse a pair that is
 * no edge: the tags are few, one copy of them. */
static mm_status find_tag_edges(mm_context ctx, mmi_generic_args *g, mm_mesh mesh)
{
    mm_status st = MM_OK;
    int64_t bytes = g->crease_tags * (int64_t)sizeof(uint32_t);
    uint32_t *h = NULL;
    MM_TRY(mmi_generic_run(ctx, g, g->crease_tags));
    MM_TRY(mmi_alloc(ctx, MM_MEMORY_HOST, bytes, (void **)&h));
    MM_TRY(mmi_copy(ctx, h, MM_MEMORY_HOST, g->tag_edges, mmi_backend_memory(ctx), bytes));
    for (int64_t i = 0; i < g->crease_tags; ++i)
        if (h[i] == UINT32_MAX) MM_TRY(mmi_mesh_refuse_crease(ctx, mesh, i));
done:
    if (h) mmi_free(ctx, MM_MEMORY_HOST, h, bytes);
    return st;
}

/* Level 0's hole flags from the mesh's hole faces (none: all 0). */
static mm_status hole_level0(mm_context ctx, mmi_generic_level *lv, mm_mesh mesh)
{
    mm_status st = MM_OK;
    MM_TRY(mmi_alloc(ctx, mmi_backend_memory(ctx), lv->n.faces, (void **)&lv->hole));
    mmi_generic_args g = mmi_level_args(MMI_HOLE_SET, lv);
    g.child_hole = lv->hole;
    g.hole_faces = mesh->hole_faces;
    g.holes = mesh->num_holes;
    MM_TRY(mmi_generic_run(ctx, &g, lv->n.faces));
done:
    return st;
}

mm_status mmi_hole_build(mm_context ctx, const mmi_generic_level *lv, mmi_generic_level *next,
                         int triangles)
{
    mm_status st = MM_OK;
    MM_TRY(mmi_alloc(ctx, mmi_backend_memory(ctx), next->n.faces, (void **)&next->hole));
    mmi_generic_args g = mmi_level_args(MMI_HOLE_CHILDREN, lv);
    g.hole = lv->hole;
    g.child_hole = next->hole;
    g.triangles = triangles;
    MM_TRY(mmi_generic_run(ctx, &g, lv->n.faces));
done:
    return st;
}

/* MM_BOUNDARY_NONE: the faces at a boundary that is not infinitely sharp
 * become holes too, once the tags' sharpness is in place. */
static mm_status boundary_holes(mm_context ctx, mmi_generic_level *lv)
{
    mm_status st = MM_OK;
    MM_TRY(mmi_level_edge_matrix(ctx, lv)); /* τ: which edges are on the boundary */
    mmi_generic_args g = mmi_level_args(MMI_HOLE_BOUNDARY, lv);
    g.sharp = lv->sharp ? lv->sharp->data : NULL;
    g.child_hole = lv->hole;
    MM_TRY(mmi_generic_run(ctx, &g, lv->n.faces));
done:
    return st;
}

mm_status mmi_crease_level0(mm_context ctx, mmi_generic_level *lv, mm_mesh mesh,
                            mm_boundary boundary)
{
    mm_status st = MM_OK;
    int64_t tags = mesh->num_creases + mesh->num_corners;
    uint32_t *edges = NULL;
    int64_t bytes = mesh->num_creases * (int64_t)sizeof(uint32_t);
    int none = boundary == MM_BOUNDARY_NONE;
    if (mesh->num_holes > 0 || none) MM_TRY(hole_level0(ctx, lv, mesh));
    if (tags == 0) {
        if (none) MM_TRY(boundary_holes(ctx, lv));
        return st;
    }
    MM_TRY(zero_sharpness(ctx, &lv->sharp, lv->n.edges));
    MM_TRY(zero_sharpness(ctx, &lv->vsharp, lv->n.vertices));
    MM_TRY(mmi_alloc(ctx, mmi_backend_memory(ctx), bytes, (void **)&edges));
    mmi_generic_args g = mmi_level_args(MMI_CREASE_TAG_EDGES, lv);
    g.crease_tags = mesh->num_creases;
    g.crease_ends = mesh->crease_vertices;
    g.crease_values = mesh->crease_sharpness;
    g.corner_tags = mesh->num_corners;
    g.corner_ids = mesh->corner_vertices;
    g.corner_values = mesh->corner_sharpness;
    g.tag_edges = edges;
    g.child_sharp = lv->sharp->data;
    g.child_vsharp = lv->vsharp->data;
    if (g.crease_tags > 0) MM_TRY(find_tag_edges(ctx, &g, mesh));
    g.rule = MMI_CREASE_TAG_SET;
    MM_TRY(mmi_generic_run(ctx, &g, tags));
    if (none) MM_TRY(boundary_holes(ctx, lv));
done:
    if (edges) mmi_free(ctx, mmi_backend_memory(ctx), edges, bytes);
    return st;
}

void mmi_level_crease_args(mmi_generic_args *g, const mmi_generic_level *lv,
                           const mmi_generic_level *next)
{
    if (lv->sharp == NULL) return;
    g->sharp = lv->sharp->data;
    g->child_sharp = next->sharp->data;
}

/* W: E's pattern with FLOAT64 values the weight rule fills. */
static mm_status crease_matrix(mm_context ctx, mmi_generic_level *lv)
{
    mm_status st = MM_OK;
    mm_matrix E = lv->E;
    mm_memory where = E->where;
    MM_TRY(mmi_matrix_alloc(ctx, &lv->W, MM_FORMAT_CSC, MM_TYPE_FLOAT64, E->nrows, E->ncols,
                            E->nnz, 0));
    MM_TRY(mmi_copy(ctx, lv->W->ptr, where, E->ptr, where, (E->ncols + 1) * (int64_t)sizeof(int64_t)));
    MM_TRY(mmi_copy(ctx, lv->W->rows, where, E->rows, where, E->nnz * (int64_t)sizeof(uint32_t)));
done:
    return st;
}

/* Level 0's edge order (crease_edge_order), which every later level borrows. */
static mm_status edge_order(mm_context ctx, mmi_generic_level *lv, mmi_generic_args g)
{
    mm_status st = MM_OK;
    mmi_edge_order *o = &lv->order;
    MM_TRY(mmi_alloc(ctx, mmi_backend_memory(ctx), 2 * lv->n.edges * (int64_t)sizeof(uint32_t),
                     (void **)&o->rank));
    o->ends = lv->ends;
    o->edges = lv->n.edges;
    o->vertices = lv->n.vertices;
    g.rule = MMI_CREASE_EDGE_ORDER;
    g.Mt = mmi_csc_of(lv->Mt);
    g.order0 = o->rank;
    MM_TRY(mmi_generic_run(ctx, &g, lv->n.vertices));
done:
    return st;
}

mm_status mmi_crease_build(mm_context ctx, mmi_generic_level *lv, mmi_generic_level *next,
                           const uint32_t *ids, mm_matrix F, mm_dense n,
                           const mm_subdiv_options *opts, int rule)
{
    mm_status st = MM_OK;
    MM_TRY(mmi_dense_alloc(ctx, &next->sharp, next->n.edges, 1, MM_TYPE_FLOAT32));
    MM_TRY(mmi_dense_alloc(ctx, &next->vsharp, next->n.vertices, 1, MM_TYPE_FLOAT32));
    MM_TRY(crease_matrix(ctx, lv));
    mmi_generic_args g = mmi_level_args(MMI_CREASE_CHILD_EDGES, lv);
    g.ids = (uint32_t *)ids;
    g.F = mmi_csc_of(F);
    if (lv->level == 0) MM_TRY(edge_order(ctx, lv, g));
    next->order = lv->order;
    g.order0 = lv->order.rank;
    g.ends0 = lv->order.ends;
    g.nv0 = lv->order.vertices;
    g.sharp = lv->sharp->data;
    g.vsharp = lv->vsharp->data;
    g.child_sharp = next->sharp->data;
    g.child_vsharp = next->vsharp->data;
    g.chaikin = opts->creasing == MM_CREASING_CHAIKIN;
    MM_TRY(mmi_generic_run(ctx, &g, next->n.edges));
    g.rule = MMI_CREASE_CHILD_VERTICES;
    MM_TRY(mmi_generic_run(ctx, &g, next->n.vertices));
    g.rule = rule;
    g.n = n->data;
    g.corners = opts->boundary == MM_BOUNDARY_EDGE_AND_CORNER;
    g.alpha = lv->alpha->data;
    g.beta = lv->beta->data;
    g.crease_w = lv->W->values;
    MM_TRY(mmi_generic_run(ctx, &g, lv->n.vertices));
done:
    return st;
}

/* The tags of a level with sharpness: the mesh description's crease and
 * corner lists (host, allocated here) of the edges and vertices still sharp. */
static mm_status sharp_tags(mm_context ctx, mm_subdiv_counts n, const uint32_t *ends,
                            const float *sharp, const float *vsharp, mm_mesh_desc *d)
{
    mm_status st = MM_OK;
    uint32_t *e = NULL, *cv = NULL, *kv = NULL;
    float *s = NULL, *vs = NULL, *cs = NULL, *ks = NULL;
    int64_t nc = 0, nk = 0;
    MM_TRY(mmi_to_host(ctx, ends, 2 * n.edges, sizeof(uint32_t), (void **)&e));
    MM_TRY(mmi_to_host(ctx, sharp, n.edges, sizeof(float), (void **)&s));
    MM_TRY(mmi_to_host(ctx, vsharp, n.vertices, sizeof(float), (void **)&vs));
    for (int64_t i = 0; i < n.edges; ++i) nc += s[i] > 0.0f;
    for (int64_t i = 0; i < n.vertices; ++i) nk += vs[i] > 0.0f;
    MM_TRY(mmi_alloc(ctx, MM_MEMORY_HOST, 2 * nc * (int64_t)sizeof(uint32_t), (void **)&cv));
    MM_TRY(mmi_alloc(ctx, MM_MEMORY_HOST, nc * (int64_t)sizeof(float), (void **)&cs));
    MM_TRY(mmi_alloc(ctx, MM_MEMORY_HOST, nk * (int64_t)sizeof(uint32_t), (void **)&kv));
    MM_TRY(mmi_alloc(ctx, MM_MEMORY_HOST, nk * (int64_t)sizeof(float), (void **)&ks));
    for (int64_t i = 0, c = 0; i < n.edges; ++i)
        if (s[i] > 0.0f) cv[2 * c] = e[2 * i], cv[2 * c + 1] = e[2 * i + 1], cs[c++] = s[i];
    for (int64_t i = 0, c = 0; i < n.vertices; ++i)
        if (vs[i] > 0.0f) kv[c] = (uint32_t)i, ks[c++] = vs[i];
    d->num_creases = nc, d->crease_vertices = cv, d->crease_sharpness = cs;
    d->num_corners = nk, d->corner_vertices = kv, d->corner_sharpness = ks;
    cv = kv = NULL, cs = ks = NULL;
done:
    mmi_free(ctx, MM_MEMORY_HOST, e, 2 * n.edges * (int64_t)sizeof(uint32_t));
    mmi_free(ctx, MM_MEMORY_HOST, s, n.edges * (int64_t)sizeof(float));
    mmi_free(ctx, MM_MEMORY_HOST, vs, n.vertices * (int64_t)sizeof(float));
    mmi_free(ctx, MM_MEMORY_HOST, cv, 2 * nc * (int64_t)sizeof(uint32_t));
    mmi_free(ctx, MM_MEMORY_HOST, cs, nc * (int64_t)sizeof(float));
    mmi_free(ctx, MM_MEMORY_HOST, kv, nk * (int64_t)sizeof(uint32_t));
    mmi_free(ctx, MM_MEMORY_HOST, ks, nk * (int64_t)sizeof(float));
    return st;
}

/* The faces flagged in hole (n of them) as out's hole list. */
static mm_status carry_holes(mm_context ctx, int64_t n, const uint8_t *hole, mm_mesh out)
{
    mm_status st = MM_OK;
    uint8_t *h = NULL;
    uint32_t *list = NULL;
    int64_t count = 0;
    MM_TRY(mmi_to_host(ctx, hole, n, 1, (void **)&h));
    for (int64_t f = 0; f < n; ++f) count += h[f];
    MM_TRY(mmi_alloc(ctx, MM_MEMORY_HOST, count * (int64_t)sizeof(uint32_t), (void **)&list));
    for (int64_t f = 0, k = 0; f < n; ++f)
        if (h[f]) list[k++] = (uint32_t)f;
    MM_TRY(mmi_to_backend(ctx, list, count, sizeof(uint32_t), (void **)&out->hole_faces));
    out->num_holes = count;
done:
    mmi_free(ctx, MM_MEMORY_HOST, h, n);
    mmi_free(ctx, MM_MEMORY_HOST, list, count * (int64_t)sizeof(uint32_t));
    return st;
}

mm_status mmi_crease_carry_tags(mm_context ctx, mm_subdiv_counts n, const uint32_t *ends,
                                const float *sharp, const float *vsharp, const uint8_t *hole,
                                mm_mesh out)
{
    mm_status st = MM_OK;
    mm_mesh_desc d = {0};
    if (hole != NULL) MM_TRY(carry_holes(ctx, n.faces, hole, out));
    if (sharp == NULL) return MM_OK;
    MM_TRY(sharp_tags(ctx, n, ends, sharp, vsharp, &d));
    MM_TRY(mmi_to_backend(ctx, d.crease_vertices, 2 * d.num_creases, sizeof(uint32_t),
                          (void **)&out->crease_vertices));
    out->num_creases = d.num_creases;
    MM_TRY(mmi_to_backend(ctx, d.crease_sharpness, d.num_creases, sizeof(float),
                          (void **)&out->crease_sharpness));
    MM_TRY(mmi_to_backend(ctx, d.corner_vertices, d.num_corners, sizeof(uint32_t),
                          (void **)&out->corner_vertices));
    out->num_corners = d.num_corners;
    MM_TRY(mmi_to_backend(ctx, d.corner_sharpness, d.num_corners, sizeof(float),
                          (void **)&out->corner_sharpness));
done:
    mmi_free(ctx, MM_MEMORY_HOST, (void *)d.crease_vertices,
             2 * d.num_creases * (int64_t)sizeof(uint32_t));
    mmi_free(ctx, MM_MEMORY_HOST, (void *)d.crease_sharpness, d.num_creases * (int64_t)sizeof(float));
    mmi_free(ctx, MM_MEMORY_HOST, (void *)d.corner_vertices, d.num_corners * (int64_t)sizeof(uint32_t));
    mmi_free(ctx, MM_MEMORY_HOST, (void *)d.corner_sharpness, d.num_corners * (int64_t)sizeof(float));
    return st;
}
