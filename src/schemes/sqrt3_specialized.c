/* sqrt3_specialized.c: √3's specialized path behind mm_subdiv
 * (subdiv_impl.h, paper Appendix A, Kobbelt's boundary rule as the generic
 * path's), over the shared driver of specialized_driver.h: level 0's edges
 * by a sort (edge_sort.h) give each corner its twin (the corner across its
 * side, s3_twin; none on the boundary); every refined level's triangles
 * and twins follow by formula from its parent (sqrt3_topology.h), and on
 * an open mesh each odd level's boundary triangles are counted in face
 * order by a scan (their y points' rows); vertex data by the rules of
 * src/kernels: gathers at level 0 (sqrt3_points.h), then one pass over the
 * triangles of the level above and one over the older vertices by their
 * ring sums (sqrt3_tri_points.h). The numbering is the generic path's
 * (DESIGN §3), so both give identical topology. Triangles only, checked
 * after the device check of the input rules, as the generic path orders
 * them. */
#include "../core/error.h"
#include "../core/scan_sort.h"
#include "../core/timer.h"
#include "../kernels/sqrt3_kernels.h"
#include "../mesh/mesh_impl.h"
#include "generic_level.h"
#include "specialized_driver.h"

/* The arguments of a rule reading level l (and, below level 0, the level
 * before it). */
static mmi_s3_args args_for(const mmi_sp_state *s, int rule, int l, int64_t count)
{
    mmi_s3_args g = {0};
    g.rule = rule;
    g.level = l;
    g.count = count;
    for (int m = 0; m <= l; ++m) {
        const mmi_sp_level *d = &s->lv[m];
        mmi_s3_level *x = &g.lv[m];
        x->nv = d->n.vertices;
        x->nf = d->n.faces;
        x->ne = d->n.edges;
        x->verts = d->M ? d->M->rows : NULL;
        x->side = d->side;
        x->twin = d->twin;
        x->edge_sides = d->edge_sides;
        x->bcount = d->bcount;
    }
    if (s->Mt) {
        g.vt_ptr = s->Mt->ptr;
        g.vt_faces = s->Mt->rows;
        g.vt_slots = (const int32_t *)s->Mt->values;
    }
    return g;
}

/* Level m's boundary triangles counted in face order (m odd, the mesh
 * open), into a new *bcount of |F_m|: triangle t of level m is a boundary
 * triangle when corner t of level m − 1 has its side on the boundary
 * (sqrt3_topology.h), so the flags of level m − 1's corners, scanned. The
 * counts of every level follow from level 0's, so the host reads nothing. */
static mm_status count_boundary(mm_context ctx, const mmi_sp_state *s, int m, uint32_t **bcount)
{
    mm_status st = MM_OK;
    uint32_t *flags = NULL;
    int64_t n = s->lv[m].n.faces;
    MM_TRY(mmi_sp_alloc_u32(ctx, &flags, n));
    MM_TRY(mmi_sp_alloc_u32(ctx, bcount, n));
    mmi_s3_args g = args_for(s, MMI_S3_BOUNDARY_FLAGS, m - 1, n);
    g.out_flags = flags;
    MM_TRY(mmi_s3_run(ctx, &g));
    MM_TRY(mmi_scan_inclusive_u32(ctx, n, flags, *bcount));
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
 * points (refine_points makes its own), by the last one. */
static mm_status keep_bcount(mm_context ctx, mmi_sp_state *s, int m)
{
    if (!splits(s, m) || s->lv[m].bcount) return MM_OK;
    return count_boundary(ctx, s, m, &s->lv[m].bcount);
}

/* Level l + 1's triangles (one thread per refined triangle), below the last
 * level its twins, and the boundary counts that level l's or level l + 1's
 * twins give (keep_bcount); keep_ends adds its edge list and, below the
 * last level, its side codes (which the next level's edge list reads). */
static mm_status refine_topology(mm_context ctx, mmi_sp_state *s, int l, int keep_ends)
{
    mm_status st = MM_OK;
    mmi_sp_level *y = &s->lv[l + 1];
    int below = l + 1 < s->opts.levels;
    int stage = mmi_stage_begin(ctx, "sqrt3_topology");
    MM_TRY(mmi_sp_alloc_level(ctx, s, l + 1, 3, keep_ends && below));
    if (below) MM_TRY(mmi_sp_alloc_u32(ctx, &y->twin, y->n.nnz));
    mmi_s3_args g = args_for(s, MMI_S3_CHILD_TRIS, l, y->n.faces);
    g.out_tris = y->M->rows;
    g.out_twin = y->twin;
    g.out_side = y->side;
    MM_TRY(mmi_s3_run(ctx, &g));
    MM_TRY(keep_bcount(ctx, s, l + 1));
    MM_TRY(keep_bcount(ctx, s, l + 2));
    if (keep_ends) {
        MM_TRY(mmi_sp_alloc_u32(ctx, &y->ends, 2 * y->n.edges));
        g.rule = MMI_S3_CHILD_ENDS;
        g.count = s->lv[l].n.nnz;
        g.out_ends = y->ends;
        MM_TRY(mmi_s3_run(ctx, &g));
    }
done:
    mmi_stage_end(ctx, stage);
    return st;
}

/* Level l + 1's vertex data from level l's P. At level 0 the gathers: face
 * points and updated vertices (and the ring sums of level 0's vertices).
 * Below, the triangles of level l − 1 and the vertices of level l − 1
 * (sqrt3_tri_points.h); every row has one writer, so nothing is zeroed.
 * Where level l splits and its counts are not kept yet (level 1 of the
 * fused route of two levels), they are made for this call. With faces, the
 * pass over level l − 1's triangles also writes the triangles of level
 * l + 1 below their corners (s3_grandchild_tris; level l's are not
 * stored, its boundary counts are kept first). */
static mm_status refine_points(mm_context ctx, mmi_sp_state *s, int l, mm_dense P, mm_dense *Y,
                               mmi_sp_rings *r, int faces)
{
    mm_status st = MM_OK;
    const mmi_sp_level *x = &s->lv[l];
    uint32_t *bcount = NULL;
    int stage = mmi_stage_begin(ctx, "sqrt3_points");
    MM_TRY(mmi_dense_alloc(ctx, Y, s->lv[l + 1].n.vertices, P->d, P->type));
    if (faces) {
        MM_TRY(keep_bcount(ctx, s, l));
        MM_TRY(mmi_sp_alloc_level(ctx, s, l + 1, 3, 0));
    }
    mmi_s3_args g = args_for(s, MMI_S3_FACE_POINTS, l, x->n.faces);
    if (splits(s, l) && !x->bcount) {
        MM_TRY(count_boundary(ctx, s, l, &bcount));
        g.lv[l].bcount = bcount;
    }
    g.P = P->data;
    g.Y = (*Y)->data;
    g.d = P->d;
    g.f64 = P->type == MM_TYPE_FLOAT64;
    g.ring = r->sums;
    g.kinds = r->kinds;
    g.ring_next = l + 1 < s->opts.levels;
    if (l == 0) {
        MM_TRY(mmi_s3_run(ctx, &g));
        g.rule = MMI_S3_VERTEX_POINTS;
        g.count = x->n.vertices;
        if (!g.ring_next) g.ring = NULL;
        MM_TRY(mmi_s3_run(ctx, &g));
    } else {
        const mm_subdiv_counts *w = &s->lv[l - 1].n;
        g.rule = MMI_S3_TRI_FACES;
        g.count = w->faces * P->d;
        g.out_tris = faces ? s->lv[l + 1].M->rows : NULL;
        MM_TRY(mmi_s3_run(ctx, &g));
        g.rule = MMI_S3_OLD_VERTICES;
        g.count = w->vertices * P->d;
        MM_TRY(mmi_s3_run(ctx, &g));
    }
done:
    mmi_sp_free_u32(ctx, &bcount, x->n.faces);
    mmi_stage_end(ctx, stage);
    if (st != MM_OK) mm_dense_free(Y);
    return st;
}

/* The last step makes level L − 2's triangles and twins from level L − 3
 * (s3_corner_at) where no level splits: a closed mesh (every edge of level
 * 0 has two sides). */
static int folds(const mmi_sp_state *s)
{
    return 2 * s->lv[0].n.edges == s->lv[0].n.nnz;
}

static const mmi_sp_scheme sqrt3 = {MM_SCHEME_SQRT3, "sqrt3_edges",   1,    mmi_sqrt3_next_counts,
                                    1,               1,               refine_points,
                                    refine_topology, folds};

static mm_status s3_build(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *opts,
                          void **state)
{
    return mmi_sp_build(ctx, mesh, opts, &sqrt3, state);
}

static mm_status s3_subdivide(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *opts,
                              mm_matrix *M, mm_dense *X)
{
    return mmi_sp_subdivide(ctx, mesh, opts, &sqrt3, M, X);
}

const mmi_subdiv_impl mmi_sqrt3_specialized = {
    s3_build,     mmi_sp_eval,  mmi_sp_counts, mmi_sp_matrix, mmi_sp_take_matrix,
    mmi_sp_edges, mmi_sp_free,  s3_subdivide,  1};
