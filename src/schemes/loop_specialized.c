/* loop_specialized.c: Loop's steps on the specialized path (paper Appendix
 * B), run by specialized_driver.c: level 0's edges by a sort (the driver's,
 * edge_sort.h), every refined level's topology by formula from its parent
 * (loop_topology.h), vertex data by the rules of src/kernels: gathers at
 * level 0 (loop_points.h), then one pass over the triangles of the level
 * above and one over the older vertices by their ring sums
 * (loop_tri_points.h). The numbering is the generic path's (DESIGN §3), so
 * both give identical topology. Triangles only, checked by the driver after
 * the device check of the input rules, as the generic path orders them.
 * Each level the triangle rule reads (below L − 1) keeps its across edges
 * (lk_across_edge) as the level's extra array ACROSS. */
#include "../core/error.h"
#include "../kernels/loop_kernels.h"
#include "generic_args.h"
#include "generic_level.h"
#include "specialized_driver.h"

enum { ACROSS = 0 };

/* Level l's across edges where the triangle rule reads them (levels below
 * L − 1), from its side codes and edge sides. */
static mm_status keep_across(mm_context ctx, mmi_sp_state *s, int l)
{
    mm_status st = MM_OK;
    int64_t ne = s->lv[l].n.edges;
    if (l + 1 >= s->opts.levels) return MM_OK;
    MM_TRY(mmi_sp_alloc_extra(ctx, s, l, ACROSS, 2 * ne));
    mmi_sk_child_args g = {0};
    g.level = l;
    g.lv[l] = mmi_sp_view(s, l);
    g.out_across = s->lv[l].extra[ACROSS].p;
    MM_TRY(mmi_lk_across_edges(ctx, &g, ne));
done:
    return st;
}

/* Level 0's across edges (level 0's edge count is known by now). */
static mm_status level0_ready(mm_context ctx, mmi_sp_state *s)
{
    return keep_across(ctx, s, 0);
}

/* Level l + 1's triangles (one thread per refined triangle), below the last
 * level their side codes and where the triangle rule reads them (levels
 * below L − 1) the sides and across edges of their edges. */
static mm_status topology(mm_context ctx, mmi_sp_state *s, int l, int keep_ends,
                          const mmi_sk_child_args *g)
{
    mm_status st = MM_OK;
    (void)keep_ends;
    MM_TRY(mmi_lk_child_tris(ctx, g, s->lv[l + 1].n.faces));
    MM_TRY(keep_across(ctx, s, l + 1));
done:
    return st;
}

/* Level 1's vertex data: the edge points and the updated vertices (and the
 * ring sums of level 0's vertices), in one launch. */
static mm_status level0_points(mm_context ctx, const mmi_sp_state *s,
                               const mmi_sk_points0_args *g)
{
    (void)s;
    return mmi_lk_level0_points(ctx, g, (g->x.ne + g->x.nv) * sk_blocks(g->data.d));
}

/* Level l + 1's vertex data below level 0: the triangles and, beside them
 * (mmi_sp_fork), the vertices of level l − 1 (loop_tri_points.h), each
 * writing its own rows; the triangles never read the ring sums the
 * vertices' pass moves. No vertices' pass where the step before took them
 * down already (old_done);
 * with faces, the pass over level l − 1's triangles also writes their
 * grandchildren, level l + 1's triangles (lk_grandchild_tris; level l's are
 * not stored). */
static mm_status points(mm_context ctx, const mmi_sp_state *s, int l,
                        const mmi_sk_points_args *g)
{
    mm_status st = MM_OK;
    mmi_sk_points_args h = *g; /* with level l − 1's across edges */
    const mmi_sk_level *w = &h.lv[l - 1];
    h.lv[l - 1].across = s->lv[l - 1].extra[ACROSS].p;
    if (h.data.old_done) return mmi_lk_tri_faces(ctx, &h, w->nf * h.data.d);
    MM_TRY(mmi_sp_fork(ctx, s));
    st = mmi_lk_old_vertices(ctx, &h, w->nv * h.data.d);
    mmi_sp_back(ctx, s);
    if (st == MM_OK) st = mmi_lk_tri_faces(ctx, &h, w->nf * h.data.d);
    return mmi_sp_join(ctx, s, st);
done:
    return st;
}

const mmi_sp_scheme mmi_loop_steps = {
    .scheme = MM_SCHEME_LOOP,
    .order = 3,
    .triangles = 1,
    .reads_sides = 1,
    .child_edges = MMI_LOOP_CHILD_EDGES,
    .edges_stage = "loop_edges",
    .topology_stage = "loop_topology",
    .points_stage = "loop_points",
    .next_counts = mmi_loop_next_counts,
    .ring_sums = 1,
    .final_rows = mmi_sp_always,
    .topology = topology,
    .level0_ready = level0_ready,
    .level0_points = level0_points,
    .points = points,
    .forks = mmi_sp_always,
};
