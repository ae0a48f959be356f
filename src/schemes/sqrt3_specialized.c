/* sqrt3_specialized.c: √3's steps on the specialized path (paper Appendix
 * A, Kobbelt's boundary rule as the generic path's), run by
 * specialized_driver.c: level 0's edges by a sort (the driver's,
 * edge_sort.h) give each corner its twin (the corner across its
 * side, s3_twin; none on the boundary); every refined level's triangles
 * and twins follow by formula from its parent (sqrt3_topology.h), and on
 * an open mesh each odd level's boundary triangles are counted in face
 * order by a scan (their y points' rows); vertex data by the rules of
 * src/kernels: gathers at level 0 (sqrt3_points.h), then one pass over the
 * triangles of the level above and one over the older vertices by their
 * ring sums (sqrt3_tri_points.h). The numbering is the generic path's
 * (DESIGN §3), so both give identical topology. Triangles only, checked by
 * the driver after the device check of the input rules, as the generic path
 * orders them. A level's twins and boundary counts are √3's own: the
 * driver keeps them as the level's extra arrays TWIN and BCOUNT. */
#include "../core/error.h"
#include "../core/scan_sort.h"
#include "../kernels/sqrt3_kernels.h"
#include "generic_level.h"
#include "specialized_driver.h"

/* A level's extra arrays (mmi_sp_alloc_extra): each corner's twin (levels ≥
 * 1, below the last), and on the odd levels of an open mesh the boundary
 * triangles counted in face order. */
enum { TWIN = 0, BCOUNT = 1 };

/* Levels 0 … l as √3's rules see them, into lv. */
static void views(const mmi_sp_state *s, int l, mmi_s3_level *lv)
{
    for (int m = 0; m <= l; ++m) {
        mmi_sk_level x = mmi_sp_view(s, m);
        const mmi_sp_extra *e = s->lv[m].extra;
        mmi_s3_level v = {x.nv, x.nf, x.ne, x.verts, x.side, e[TWIN].p, x.edge_sides, e[BCOUNT].p};
        lv[m] = v;
    }
}

/* The arguments of the rules reading level l (none of their outputs). */
static mmi_s3_child_args child_args(const mmi_sp_state *s, int l)
{
    mmi_s3_child_args c = {0};
    c.level = l;
    views(s, l, c.lv);
    return c;
}

/* Level m's boundary triangles counted in face order (m odd, the mesh
 * open), into its BCOUNT array of |F_m|: triangle t of level m is a
 * boundary triangle when corner t of level m − 1 has its side on the
 * boundary (sqrt3_topology.h), so the flags of level m − 1's corners,
 * scanned. The counts of every level follow from level 0's, so the host
 * reads nothing. */
static mm_status count_boundary(mm_context ctx, mmi_sp_state *s, int m)
{
    mm_status st = MM_OK;
    uint32_t *flags = NULL;
    int64_t n = s->lv[m].n.faces;
    MM_TRY(mmi_sp_alloc_u32(ctx, &flags, n));
    MM_TRY(mmi_sp_alloc_extra(ctx, s, m, BCOUNT, n));
    mmi_s3_child_args g = child_args(s, m - 1);
    g.out_flags = flags;
    MM_TRY(mmi_s3_boundary_flags(ctx, &g, n));
    MM_TRY(mmi_scan_inclusive_u32(ctx, n, flags, s->lv[m].extra[BCOUNT].p));
done:
    mmi_sp_free_u32(ctx, &flags, n);
    return st;
}

/* Whether level m's boundary triangles split (odd levels of an open mesh:
 * level 0 has |B| = 2 |E| − nnz > 0 boundary edges, every side lying on one
 * edge, two on an inner one) and a rule reads them (m below the last level). */
static int splits(const mmi_sp_state *s, int m)
{
    const mm_subdiv_counts *n = &s->lv[0].n;
    return m % 2 == 1 && m < s->opts.levels && 2 * n->edges > n->nnz;
}

/* Level m's boundary counts where they split, kept once level m − 1's
 * twins are: by the topology step that reads level m − 1 or makes it, and
 * on the fused route of two levels, where none runs before level 1's
 * points, by ready. */
static mm_status keep_bcount(mm_context ctx, mmi_sp_state *s, int m)
{
    if (!splits(s, m) || s->lv[m].extra[BCOUNT].p) return MM_OK;
    return count_boundary(ctx, s, m);
}

/* Level l + 1's triangles (one thread per refined triangle), below the last
 * level their twins, and the boundary counts that level l's or level l + 1's
 * twins give (keep_bcount); keep_ends adds its edge list and, below the
 * last level, its side codes (which the next level's edge list reads). */
static mm_status topology(mm_context ctx, mmi_sp_state *s, int l, int keep_ends,
                          const mmi_sk_child_args *g)
{
    mm_status st = MM_OK;
    mmi_sp_level *y = &s->lv[l + 1];
    if (l + 1 < s->opts.levels) MM_TRY(mmi_sp_alloc_extra(ctx, s, l + 1, TWIN, y->n.nnz));
    mmi_s3_child_args c = child_args(s, l);
    c.out_faces = g->out_faces;
    c.out_twin = y->extra[TWIN].p;
    c.out_side = g->out_side;
    MM_TRY(mmi_s3_child_tris(ctx, &c, y->n.faces));
    MM_TRY(keep_bcount(ctx, s, l + 1));
    MM_TRY(keep_bcount(ctx, s, l + 2));
    if (keep_ends) {
        MM_TRY(mmi_sp_alloc_u32(ctx, &y->ends, 2 * y->n.edges));
        c.out_ends = y->ends;
        MM_TRY(mmi_s3_child_ends(ctx, &c, s->lv[l].n.nnz));
    }
done:
    return st;
}

/* Level 1's vertex data: the face points and the updated vertices (and the
 * ring sums of level 0's vertices), in one launch. */
static mm_status level0_points(mm_context ctx, const mmi_sp_state *s,
                               const mmi_sk_points0_args *g)
{
    (void)s;
    return mmi_s3_level0_points(ctx, g, (g->x.nf + g->x.nv) * sk_blocks(g->data.d));
}

/* Before level l + 1's points: level l's boundary counts where it splits.
 * The topology steps keep them, but on the fused route of two levels none
 * runs before level 1's points. */
static mm_status ready(mm_context ctx, mmi_sp_state *s, int l)
{
    return keep_bcount(ctx, s, l);
}

/* The last step makes level L − 2's triangles and twins from level L − 3
 * (s3_corner_at) where no level splits: a closed mesh (every edge of level
 * 0 has two sides). */
static int folds(const mmi_sp_state *s)
{
    return 2 * s->lv[0].n.edges == s->lv[0].n.nnz;
}

/* Level l + 1's vertex data below level 0: the triangles and then the
 * vertices of level l − 1 (sqrt3_tri_points.h), over √3's view of the
 * levels (twins, boundary counts); every row has one writer, so nothing is
 * zeroed. On a closed mesh the vertices' pass runs beside the triangles'
 * (mmi_sp_fork): there the triangles read no ring sums (on a boundary a
 * splitting level's reads its corners' sums, which the vertices' pass
 * moves). With faces, the pass over level l − 1's triangles also writes the
 * triangles of level l + 1 below their corners (s3_grandchild_tris; level
 * l's are not stored). */
static mm_status points(mm_context ctx, const mmi_sp_state *s, int l,
                        const mmi_sk_points_args *g)
{
    mm_status st = MM_OK;
    mmi_s3_tri_args t = {0};
    t.level = l;
    views(s, l, t.lv);
    t.data = g->data;
    t.out_faces = g->out_faces;
    if (g->data.old_done) return mmi_s3_tri_faces(ctx, &t, t.lv[l - 1].nf * g->data.d);
    if (!folds(s)) {
        MM_TRY(mmi_s3_tri_faces(ctx, &t, t.lv[l - 1].nf * g->data.d));
        return mmi_s3_old_vertices(ctx, &t, t.lv[l - 1].nv * g->data.d);
    }
    MM_TRY(mmi_sp_fork(ctx, s));
    st = mmi_s3_old_vertices(ctx, &t, t.lv[l - 1].nv * g->data.d);
    mmi_sp_back(ctx, s);
    if (st == MM_OK) st = mmi_s3_tri_faces(ctx, &t, t.lv[l - 1].nf * g->data.d);
    return mmi_sp_join(ctx, s, st);
done:
    return st;
}

/* The last step reads the carried sums of level L − 2's boundary vertices
 * where level L − 1 splits (x and y, s3_whole_tri_points): the step before
 * the last writes the last level's rows instead of the sums only where no
 * level splits, on a closed mesh. */
static int final_rows(const mmi_sp_state *s)
{
    return folds(s);
}

const mmi_sp_scheme mmi_sqrt3_steps = {
    .scheme = MM_SCHEME_SQRT3,
    .order = 3,
    .triangles = 1,
    .child_edges = -1,
    .edges_stage = "sqrt3_edges",
    .topology_stage = "sqrt3_topology",
    .points_stage = "sqrt3_points",
    .next_counts = mmi_sqrt3_next_counts,
    .ring_sums = 1,
    .final_rows = final_rows,
    .topology = topology,
    .level0_points = level0_points,
    .ready = ready,
    .points = points,
    .folds = folds,
    .forks = folds,
};
