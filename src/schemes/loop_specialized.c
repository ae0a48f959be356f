/* loop_specialized.c: Loop's specialized path behind mm_subdiv
 * (subdiv_impl.h, paper Appendix B), over the shared driver of
 * specialized_driver.h: level 0's edges by a sort (edge_sort.h), every
 * refined level's topology by formula from its parent (loop_topology.h),
 * vertex data by the rules of src/kernels: gathers at level 0
 * (loop_points.h), then one pass over the triangles of the level above and
 * one over the older vertices by their ring sums (loop_tri_points.h). The
 * numbering is the generic path's (DESIGN §3), so both give identical
 * topology. Triangles only, checked after the device check of the input
 * rules, as the generic path orders them. */
#include "../core/error.h"
#include "../core/timer.h"
#include "../kernels/loop_kernels.h"
#include "../mesh/mesh_impl.h"
#include "generic_level.h"
#include "specialized_driver.h"

/* The arguments of a rule reading level l (and, below level 0, the level
 * before it). */
static mmi_lk_args args_for(const mmi_sp_state *s, int rule, int l, int64_t count)
{
    mmi_lk_args g = {0};
    g.rule = rule;
    g.level = l;
    g.count = count;
    g.corners = s->opts.boundary == MM_BOUNDARY_EDGE_AND_CORNER;
    for (int m = 0; m <= l; ++m) {
        const mmi_sp_level *d = &s->lv[m];
        mmi_lk_level *x = &g.lv[m];
        x->nv = d->n.vertices;
        x->nf = d->n.faces;
        x->ne = d->n.edges;
        x->verts = d->M ? d->M->rows : NULL;
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

/* Level l + 1's triangles (one thread per refined triangle), below the last
 * level its side codes, and where the triangle rule reads them (levels below
 * L − 1) the sides of its edges; keep_ends adds its edge list (the generic
 * path's formula, loop_child_edge). */
static mm_status refine_topology(mm_context ctx, mmi_sp_state *s, int l, int keep_ends)
{
    mm_status st = MM_OK;
    mmi_sp_level *y = &s->lv[l + 1];
    int stage = mmi_stage_begin(ctx, "loop_topology");
    MM_TRY(mmi_sp_alloc_level(ctx, s, l + 1, 3, l + 1 < s->opts.levels));
    MM_TRY(mmi_sp_alloc_edge_sides(ctx, s, l + 1));
    mmi_lk_args g = args_for(s, MMI_LK_CHILD_TRIS, l, y->n.faces);
    g.out_tris = y->M->rows;
    g.out_side = y->side;
    g.out_edge_sides = y->edge_sides;
    MM_TRY(mmi_lk_run(ctx, &g));
    if (keep_ends) MM_TRY(mmi_sp_child_ends(ctx, s, l, MMI_LOOP_CHILD_EDGES));
done:
    mmi_stage_end(ctx, stage);
    return st;
}

/* Level l + 1's vertex data from level l's P. At level 0 the gathers: edge
 * points and updated vertices (and the ring sums of level 0's vertices).
 * Below, the triangles of level l − 1 and the vertices of level l − 1
 * (loop_tri_points.h): each writes its own rows; with faces, the pass over
 * level l − 1's triangles also writes their grandchildren, level l + 1's
 * triangles (lk_grandchild_tris; level l's are not stored). */
static mm_status refine_points(mm_context ctx, mmi_sp_state *s, int l, mm_dense P, mm_dense *Y,
                               mmi_sp_rings *r, int faces)
{
    mm_status st = MM_OK;
    const mmi_sp_level *x = &s->lv[l];
    int stage = mmi_stage_begin(ctx, "loop_points");
    MM_TRY(mmi_dense_alloc(ctx, Y, s->lv[l + 1].n.vertices, P->d, P->type));
    if (faces) MM_TRY(mmi_sp_alloc_level(ctx, s, l + 1, 3, 0));
    mmi_lk_args g = args_for(s, MMI_LK_EDGE_POINTS, l, x->n.edges);
    g.P = P->data;
    g.Y = (*Y)->data;
    g.d = P->d;
    g.f64 = P->type == MM_TYPE_FLOAT64;
    g.ring = r->sums;
    g.kinds = r->kinds;
    g.ring_next = l + 1 < s->opts.levels;
    if (l == 0) {
        MM_TRY(mmi_lk_run(ctx, &g));
        g.rule = MMI_LK_VERTEX_POINTS;
        g.count = x->n.vertices;
        if (!g.ring_next) g.ring = NULL;
        MM_TRY(mmi_lk_run(ctx, &g));
    } else {
        const mm_subdiv_counts *w = &s->lv[l - 1].n;
        g.rule = MMI_LK_TRI_FACES;
        g.count = w->faces * P->d;
        g.out_tris = faces ? s->lv[l + 1].M->rows : NULL;
        MM_TRY(mmi_lk_run(ctx, &g));
        g.rule = MMI_LK_OLD_VERTICES;
        g.count = w->vertices * P->d;
        MM_TRY(mmi_lk_run(ctx, &g));
    }
done:
    mmi_stage_end(ctx, stage);
    if (st != MM_OK) mm_dense_free(Y);
    return st;
}

static const mmi_sp_scheme loop = {MM_SCHEME_LOOP, "loop_edges", 1, mmi_loop_next_counts, 1, 1,
                                   refine_points, refine_topology, NULL};

static mm_status lk_build(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *opts,
                          void **state)
{
    return mmi_sp_build(ctx, mesh, opts, &loop, state);
}

static mm_status lk_subdivide(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *opts,
                              mm_matrix *M, mm_dense *X)
{
    return mmi_sp_subdivide(ctx, mesh, opts, &loop, M, X);
}

const mmi_subdiv_impl mmi_loop_specialized = {
    lk_build,     mmi_sp_eval,  mmi_sp_counts, mmi_sp_matrix, mmi_sp_take_matrix,
    mmi_sp_edges, mmi_sp_free,  lk_subdivide,  1};
