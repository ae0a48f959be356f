/* catmark_specialized.c: Catmull-Clark's steps on the specialized path
 * (paper §4), run by specialized_driver.c: level 0's edges by a sort (Alg.
 * 1–2, the driver's), every refined level's topology by formula from its
 * parent (Alg. 3), vertex data by the rules of src/kernels (Alg. 4–9):
 * gathers at level 0, then one pass over the faces of the level above and
 * one over the older vertices by their ring sums (catmark_quad_points.h).
 * The numbering is the generic path's (DESIGN §3), so both give identical
 * topology. */
#include "../core/error.h"
#include "../kernels/catmark_kernels.h"
#include "../kernels/catmark_quad_points.h"
#include "catmark.h"
#include "generic_args.h"
#include "specialized_driver.h"

/* Level l + 1's quads (Alg. 3), below the last level their side codes and
 * where the face rule reads them (levels below L − 1) the sides of their
 * edges. */
static mm_status topology(mm_context ctx, mmi_sp_state *s, int l, int keep_ends,
                          const mmi_sk_child_args *g)
{
    (void)s;
    (void)keep_ends;
    return mmi_sk_child_quads(ctx, g, g->lv[l].nnz);
}

/* Level l + 1's vertex data below level 0 (Alg. 8–9): the faces (or the
 * corners and faces of a level of mixed orders) and then the vertices of
 * level l − 1 in one pass (catmark_quad_points.h), each
 * writing its own rows; with faces, the pass over the faces of level l − 1
 * writes their grandchildren, level l + 1's quads, too (sk_grandchild_quad),
 * while it holds those faces: the quads' stores then run beside the points'
 * gathers instead of after them. */
static mm_status points(mm_context ctx, const mmi_sp_state *s, int l,
                        const mmi_sk_points_args *g)
{
    (void)s;
    (void)l;
    return mmi_sk_quad_points(ctx, g, sk_quad_point_count(g));
}

/* Level 0's tables for its point rules (catmark_topology.h), kept as level
 * 0's extra arrays: each entry of Mᵀ's ring step (slot 0) and each edge's
 * ends and faces (slot 1). */
enum { RING_STEP_WORDS = sizeof(mmi_sk_ring_step) / sizeof(uint32_t) };

static mm_status level0_ready(mm_context ctx, mmi_sp_state *s)
{
    mm_status st = MM_OK;
    const mmi_sp_level *x = &s->lv[0];
    MM_TRY(mmi_sp_alloc_extra(ctx, s, 0, 0, RING_STEP_WORDS * x->n.nnz));
    MM_TRY(mmi_sp_alloc_extra(ctx, s, 0, 1, 4 * x->n.edges));
    mmi_sk_args g = {0};
    g.lv[0] = mmi_sp_view(s, 0);
    g.vt_faces = s->Mt->rows;
    g.vt_slots = (const int32_t *)s->Mt->values;
    g.out_steps = (mmi_sk_ring_step *)x->extra[0].p;
    g.out_edge_rows = x->extra[1].p;
    g.rule = MMI_SK_RING_STEPS;
    g.count = x->n.nnz;
    MM_TRY(mmi_sk_run(ctx, &g));
    g.rule = MMI_SK_EDGE_ROWS;
    g.count = x->n.edges;
    MM_TRY(mmi_sk_run(ctx, &g));
done:
    return st;
}

/* Level 1's vertex data by level 0's gathers (catmark_points.h), over the
 * tables level0_ready made. */
static mm_status level0_points(mm_context ctx, const mmi_sp_state *s,
                               const mmi_sk_points0_args *g)
{
    mmi_sk_points0_args a = *g;
    a.vt.steps = (const mmi_sk_ring_step *)s->lv[0].extra[0].p;
    a.edge_rows = s->lv[0].extra[1].p;
    return mmi_sk_level0_points(ctx, &a);
}

const mmi_sp_scheme mmi_catmark_steps = {
    .scheme = MM_SCHEME_CATMULL_CLARK,
    .order = 4,
    .reads_sides = 1,
    .child_edges = MMI_CC_CHILD_EDGES,
    .edges_stage = "catmark_edges",
    .topology_stage = "catmark_topology",
    .points_stage = "catmark_points",
    .next_counts = mmi_cc_next_counts,
    .ring_sums = 2,
    .final_rows = mmi_sp_always,
    .topology = topology,
    .level0_ready = level0_ready,
    .level0_points = level0_points,
    .points = points,
};
