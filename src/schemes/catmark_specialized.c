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
    .final_rows = 1,
    .topology = topology,
    .level0_points = mmi_sk_level0_points,
    .points = points,
};
