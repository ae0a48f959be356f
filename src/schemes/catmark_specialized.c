/* catmark_specialized.c: Catmull-Clark's specialized path behind mm_subdiv
 * (subdiv_impl.h, paper §4), over the shared driver of specialized_driver.h:
 * level 0's edges by a sort (Alg. 1–2), every refined level's topology by
 * formula from its parent (Alg. 3), vertex data by the rules of src/kernels
 * (Alg. 4–9): gathers at level 0, then one pass over the faces of the level
 * above and one over the older vertices by their ring sums
 * (catmark_quad_points.h). The numbering is the generic path's (DESIGN §3),
 * so both give identical topology. */
#include "../core/error.h"
#include "../core/timer.h"
#include "../kernels/catmark_kernels.h"
#include "../mesh/mesh_impl.h"
#include "catmark.h"
#include "generic_rules.h"
#include "specialized_driver.h"

/* The arguments of a rule reading level l (and, for the vertex rule, the
 * levels before it). Levels ≥ 1 are quads whether or not their M is kept. */
static mmi_sk_args args_for(const mmi_sp_state *s, int rule, int l, int64_t count)
{
    mmi_sk_args g = {0};
    g.rule = rule;
    g.level = l;
    g.count = count;
    g.corners = s->opts.boundary == MM_BOUNDARY_EDGE_AND_CORNER;
    for (int m = 0; m <= l; ++m) {
        const mmi_sp_level *d = &s->lv[m];
        mmi_sk_level *x = &g.lv[m];
        x->nv = d->n.vertices;
        x->nf = d->n.faces;
        x->ne = d->n.edges;
        x->nnz = d->n.nnz;
        x->uniform = m > 0 ? 4 : d->M->uniform;
        x->ptr = m > 0 ? NULL : d->M->ptr;
        x->verts = d->M ? d->M->rows : NULL; /* levels ≥ 1 without M: counts only */
        x->side = d->side;
        x->edge_sides = d->edge_sides;
    }
    if (s->Mt) {
        g.vt_ptr = s->Mt->ptr;
        g.vt_faces = s->Mt->rows;
        g.vt_slots = (const int32_t *)s->Mt->values;
    }
    return g;
}

/* Level l + 1's quads (Alg. 3), below the last level their side codes, and
 * where the face rule reads them (levels below L − 1) the sides of its
 * edges; keep_ends adds its edge list (the generic path's formula). */
static mm_status refine_topology(mm_context ctx, mmi_sp_state *s, int l, int keep_ends)
{
    mm_status st = MM_OK;
    mmi_sp_level *y = &s->lv[l + 1];
    int stage = mmi_stage_begin(ctx, "catmark_topology");
    MM_TRY(mmi_sp_alloc_level(ctx, s, l + 1, 4, l + 1 < s->opts.levels));
    MM_TRY(mmi_sp_alloc_edge_sides(ctx, s, l + 1));
    mmi_sk_args g = args_for(s, MMI_SK_CHILD_CORNERS, l, s->lv[l].n.nnz);
    g.out_quads = y->M->rows;
    g.out_side = y->side;
    g.out_edge_sides = y->edge_sides;
    MM_TRY(mmi_sk_run(ctx, &g));
    if (keep_ends) MM_TRY(mmi_sp_child_ends(ctx, s, l, MMI_CC_CHILD_EDGES));
done:
    mmi_stage_end(ctx, stage);
    return st;
}

/* Level l + 1's vertex data from level l's P (Alg. 4–9). At level 0 the
 * gathers: face points, then the edge points and updated vertices that read
 * them (and the ring sums of level 0's vertices). Below, the faces and the
 * vertices of level l − 1 (catmark_quad_points.h): each writes its own rows;
 * with faces, the pass over the faces of level l − 1 writes their
 * grandchildren, level l + 1's quads, too (sk_grandchild_quad), while it
 * holds those faces: the quads' stores then run beside the points'
 * gathers instead of after them. */
static mm_status refine_points(mm_context ctx, mmi_sp_state *s, int l, mm_dense P, mm_dense *Y,
                               mmi_sp_rings *r, int faces)
{
    mm_status st = MM_OK;
    const mmi_sp_level *x = &s->lv[l];
    int stage = mmi_stage_begin(ctx, "catmark_points");
    MM_TRY(mmi_dense_alloc(ctx, Y, s->lv[l + 1].n.vertices, P->d, P->type));
    if (faces) MM_TRY(mmi_sp_alloc_level(ctx, s, l + 1, 4, 0));
    mmi_sk_args g = args_for(s, MMI_SK_FACE_POINTS, l, x->n.faces);
    g.P = P->data;
    g.Y = (*Y)->data;
    g.d = P->d;
    g.f64 = P->type == MM_TYPE_FLOAT64;
    g.ring = r->sums;
    g.kinds = r->kinds;
    g.ring_next = l + 1 < s->opts.levels;
    if (l == 0) {
        MM_TRY(mmi_sk_run(ctx, &g));
        g.rule = MMI_SK_EDGE_POINTS;
        g.count = x->n.edges;
        MM_TRY(mmi_sk_run(ctx, &g));
        g.rule = MMI_SK_VERTEX_POINTS;
        g.count = x->n.vertices;
        if (!g.ring_next) g.ring = NULL;
        MM_TRY(mmi_sk_run(ctx, &g));
    } else {
        const mm_subdiv_counts *w = &s->lv[l - 1].n;
        g.rule = MMI_SK_QUAD_POINTS;
        g.count = (w->faces + w->vertices) * P->d;
        g.out_quads = faces ? s->lv[l + 1].M->rows : NULL;
        MM_TRY(mmi_sk_run(ctx, &g));
    }
done:
    mmi_stage_end(ctx, stage);
    if (st != MM_OK) mm_dense_free(Y);
    return st;
}

static const mmi_sp_scheme catmark = {MM_SCHEME_CATMULL_CLARK, "catmark_edges", 0,
                                      mmi_cc_next_counts, 2, 0, refine_points, refine_topology,
                                      NULL};

static mm_status sk_build(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *opts,
                          void **state)
{
    return mmi_sp_build(ctx, mesh, opts, &catmark, state);
}

static mm_status sk_subdivide(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *opts,
                              mm_matrix *M, mm_dense *X)
{
    return mmi_sp_subdivide(ctx, mesh, opts, &catmark, M, X);
}

const mmi_subdiv_impl mmi_catmark_specialized = {
    sk_build,     mmi_sp_eval,  mmi_sp_counts, mmi_sp_matrix, mmi_sp_take_matrix,
    mmi_sp_edges, mmi_sp_free,  sk_subdivide,  1};
