/* loop_specialized.c: Loop's specialized path behind mm_subdiv
 * (subdiv_impl.h, paper Appendix B): level 0's edges by a sort
 * (edge_sort.h), every refined level's topology by formula from its parent
 * (loop_topology.h), vertex data by the rules of src/kernels: gathers at
 * level 0 (loop_points.h), then one pass over the triangles of the level
 * above and one over the older vertices by their ring sums
 * (loop_tri_points.h). The numbering is the generic path's (DESIGN §3), so
 * both give identical topology. The input rules are checked on the device as
 * on Catmull-Clark's specialized path (mmi_subdiv_check_on_device; triangles
 * only, from M's face orders). mm_subdivide runs the fused route
 * lk_subdivide: level L − 1's topology is never stored (the last triangles
 * come from level L − 2 by formula), and each level's data is freed as soon
 * as no rule reads it. */
#include "../core/error.h"
#include "../core/memory.h"
#include "../core/timer.h"
#include "../kernels/edge_sort.h"
#include "../kernels/loop_kernels.h"
#include "../mesh/mesh_impl.h"
#include "generic_level.h"
#include "meshmat/dense_ops.h"
#include "subdiv_impl.h"

/* What the path keeps of a level (backend memory). side is made for levels
 * below the last, edge_sides at level 0 only; ends only for
 * mm_subdiv_level_edges. */
typedef struct lk_level_data {
    mm_subdiv_counts n;
    mm_matrix M;           /* level 0: the mesh's, borrowed                  */
    uint32_t *side;        /* nnz: the side codes of loop_kernels.h          */
    uint32_t *edge_sides;  /* 2 |E|                                         */
    uint32_t *ends;        /* 2 |E|: (a_e, b_e)                             */
} lk_level_data;

typedef struct lk_state {
    mm_subdiv_options opts;
    mm_matrix Mt;          /* level 0's Mᵀ: each vertex's faces and slots    */
    lk_level_data lv[MMI_LK_MAX_LEVELS];
} lk_state;

static int64_t u32_bytes(int64_t n)
{
    return n * (int64_t)sizeof(uint32_t);
}

static void free_u32(mm_context ctx, uint32_t **p, int64_t n)
{
    mmi_free(ctx, mmi_backend_memory(ctx), *p, u32_bytes(n));
    *p = NULL;
}

static mm_status alloc_u32(mm_context ctx, uint32_t **p, int64_t n)
{
    return mmi_alloc(ctx, mmi_backend_memory(ctx), u32_bytes(n), (void **)p);
}

/* An evaluation's carried ring sums (loop_tri_points.h): d float64 values
 * and a kind per vertex of level L − 2, the last level whose vertices are
 * updated by them; none for one level. */
typedef struct lk_rings {
    double *sums;
    uint32_t *kinds;
    int64_t n, d;
} lk_rings;

/* Level 0's edge sides and Mᵀ: what only the level-0 point rules read. */
static void free_fans(mm_context ctx, lk_state *s)
{
    free_u32(ctx, &s->lv[0].edge_sides, 2 * s->lv[0].n.edges);
    mm_matrix_free(&s->Mt);
}

static void free_level(mm_context ctx, lk_state *s, int l)
{
    lk_level_data *x = &s->lv[l];
    if (l > 0) mm_matrix_free(&x->M);
    free_u32(ctx, &x->side, x->n.nnz);
    free_u32(ctx, &x->edge_sides, 2 * x->n.edges);
    free_u32(ctx, &x->ends, 2 * x->n.edges);
}

static void lk_free(mm_context ctx, void *state)
{
    lk_state *s = state;
    if (s == NULL) return;
    for (int l = 0; l <= s->opts.levels && l < MMI_LK_MAX_LEVELS; ++l) free_level(ctx, s, l);
    mm_matrix_free(&s->Mt);
    mmi_free(ctx, MM_MEMORY_HOST, s, sizeof *s);
}

/* The arguments of a rule reading level l (and, below level 0, the level
 * before it). */
static mmi_lk_args args_for(const lk_state *s, int rule, int l, int64_t count)
{
    mmi_lk_args g = {0};
    g.rule = rule;
    g.level = l;
    g.count = count;
    g.corners = s->opts.boundary == MM_BOUNDARY_EDGE_AND_CORNER;
    for (int m = 0; m <= l; ++m) {
        const lk_level_data *d = &s->lv[m];
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

/* Level 0 as the shared sort and check see it (catmark_kernels.h). */
static mmi_sk_level level0_view(const lk_state *s)
{
    const lk_level_data *x = &s->lv[0];
    mmi_sk_level lv0 = {0};
    lv0.nv = x->n.vertices;
    lv0.nf = x->n.faces;
    lv0.ne = x->n.edges;
    lv0.nnz = x->n.nnz;
    lv0.ptr = x->M->ptr;
    lv0.uniform = x->M->uniform;
    lv0.verts = x->M->rows;
    lv0.side = x->side;
    lv0.edge_sides = x->edge_sides;
    return lv0;
}

static mm_status level0_edges(mm_context ctx, lk_state *s, int keep_ends, uint32_t *suspect)
{
    lk_level_data *x = &s->lv[0];
    mmi_sk_level lv0 = level0_view(s);
    mmi_sorted_edges sorted;
    mm_status st = mmi_sort_edges(ctx, &lv0, keep_ends, suspect, "loop_edges", &sorted);
    x->n.edges = sorted.ne;
    x->side = sorted.side;
    x->edge_sides = sorted.edge_sides;
    x->ends = sorted.ends;
    return st;
}

/* The counts of every level, within the specialized path's ids: edges below
 * 2^30 (side codes keep two bits), corners below 2^32 − 1; that bound comes
 * before level MMI_LK_MAX_LEVELS. */
static mm_status level_counts(mm_context ctx, lk_state *s)
{
    mm_status st = MM_OK;
    mm_subdiv_counts n = s->lv[0].n, next;
    for (int l = 0; l <= s->opts.levels; ++l) {
        if (l > 0) MM_TRY(mmi_loop_next_counts(ctx, l - 1, &n, &next));
        if (l > 0) n = next;
        if (n.edges >= ((int64_t)1 << 30) || n.nnz >= (int64_t)UINT32_MAX ||
            l >= MMI_LK_MAX_LEVELS)
            MM_FAIL(ctx, MM_ERR_OVERFLOW,
                    "level %d would have %lld edges and %lld corners; the specialized path "
                    "numbers edges below 2^30 and corners below 2^32 - 1 (use the generic path)",
                    l, (long long)n.edges, (long long)n.nnz);
        s->lv[l].n = n;
    }
done:
    return st;
}

/* The state of level 0 (triangles only): its edges, Mᵀ and the counts of all
 * levels. */
static mm_status start(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *opts,
                       int keep_ends, lk_state **state)
{
    mm_status st = MM_OK;
    lk_state *s = NULL;
    uint32_t *suspect = NULL;
    MM_TRY(mmi_alloc(ctx, MM_MEMORY_HOST, sizeof *s, (void **)&s));
    static const lk_state empty = {0};
    *s = empty;
    s->opts = *opts;
    *state = s;
    lk_level_data *x = &s->lv[0];
    x->M = mesh->M;
    x->n.vertices = mesh->M->nrows;
    x->n.faces = mesh->M->ncols;
    x->n.nnz = mesh->M->nnz;
    MM_TRY(alloc_u32(ctx, &suspect, 1));
    MM_TRY(mmi_zero(ctx, suspect, mmi_backend_memory(ctx), u32_bytes(1)));
    MM_TRY(level0_edges(ctx, s, keep_ends, suspect));
    MM_TRY(mm_matrix_transpose(ctx, mesh->M, &s->Mt));
    mmi_sk_level lv0 = level0_view(s);
    MM_TRY(mmi_subdiv_check_on_device(ctx, mesh, MM_SCHEME_LOOP, &lv0, s->Mt, suspect));
    mmi_where(ctx, "mm_subdiv_build"); /* input refusals name it on every route */
    MM_TRY(mmi_subdiv_check_triangles(ctx, mesh->M, "Loop")); /* after, as the generic path */
    MM_TRY(level_counts(ctx, s));
done:
    free_u32(ctx, &suspect, 1);
    return st;
}

/* Level l + 1's triangles (one thread per refined triangle), and
 * below the last level its side codes; keep_ends adds its edge list (the
 * generic path's formula, loop_child_edge). */
static mm_status refine_topology(mm_context ctx, lk_state *s, int l, int keep_ends)
{
    mm_status st = MM_OK;
    lk_level_data *x = &s->lv[l], *y = &s->lv[l + 1];
    int stage = mmi_stage_begin(ctx, "loop_topology");
    MM_TRY(mmi_matrix_alloc(ctx, &y->M, MM_FORMAT_CSC, MM_TYPE_PATTERN, y->n.vertices,
                            y->n.faces, y->n.nnz, 3));
    if (l + 1 < s->opts.levels) MM_TRY(alloc_u32(ctx, &y->side, y->n.nnz));
    mmi_lk_args g = args_for(s, MMI_LK_CHILD_TRIS, l, y->n.faces);
    g.out_tris = y->M->rows;
    g.out_side = y->side;
    MM_TRY(mmi_lk_run(ctx, &g));
    if (keep_ends) {
        mmi_cc_args c = {0};
        c.rule = MMI_LOOP_CHILD_EDGES;
        c.nv = x->n.vertices;
        c.nf = x->n.faces;
        c.ne = x->n.edges;
        c.ends = x->ends;
        c.quads = y->M->rows;
        MM_TRY(alloc_u32(ctx, &y->ends, 2 * y->n.edges));
        c.out_ends = y->ends;
        MM_TRY(mmi_cc_run(ctx, &c, y->n.edges));
    }
done:
    mmi_stage_end(ctx, stage);
    return st;
}

/* Level l + 1's triangles straight from level l − 1 (level l's are not
 * stored): the last step of the fused route. */
static mm_status grandchild_topology(mm_context ctx, lk_state *s, int l)
{
    mm_status st = MM_OK;
    lk_level_data *y = &s->lv[l + 1];
    int stage = mmi_stage_begin(ctx, "loop_topology");
    MM_TRY(mmi_matrix_alloc(ctx, &y->M, MM_FORMAT_CSC, MM_TYPE_PATTERN, y->n.vertices,
                            y->n.faces, y->n.nnz, 3));
    mmi_lk_args g = args_for(s, MMI_LK_GRANDCHILD_TRIS, l, y->n.faces);
    g.out_tris = y->M->rows;
    MM_TRY(mmi_lk_run(ctx, &g));
done:
    mmi_stage_end(ctx, stage);
    return st;
}

static void free_rings(mm_context ctx, lk_rings *r)
{
    mmi_free(ctx, mmi_backend_memory(ctx), r->sums, r->n * r->d * (int64_t)sizeof(double));
    free_u32(ctx, &r->kinds, r->n);
    r->sums = NULL;
}

/* The ring sums of an evaluation with d values per vertex: vertices of level
 * L − 2 (none for one level). */
static mm_status alloc_rings(mm_context ctx, const lk_state *s, int64_t d, lk_rings *r)
{
    mm_status st = MM_OK;
    *r = (lk_rings){NULL, NULL, 0, d};
    if (s->opts.levels < 2) return MM_OK;
    r->n = s->lv[s->opts.levels - 2].n.vertices;
    MM_TRY(mmi_alloc(ctx, mmi_backend_memory(ctx), r->n * d * (int64_t)sizeof(double),
                     (void **)&r->sums));
    MM_TRY(alloc_u32(ctx, &r->kinds, r->n));
done:
    if (st != MM_OK) free_rings(ctx, r);
    return st;
}

/* Zeroes rows [first, first + n) of a row-major array of row_bytes per row:
 * where two shares of a point meet (sk_add). */
static mm_status zero_rows(mm_context ctx, void *data, int64_t first, int64_t n, int64_t row_bytes)
{
    return mmi_zero(ctx, (char *)data + first * row_bytes, mmi_backend_memory(ctx), n * row_bytes);
}

/* Level l + 1's vertex data from level l's P. At level 0 the gathers: edge
 * points and updated vertices (and the ring sums of level 0's vertices).
 * Below, the triangles of level l − 1 and the vertices of level l − 1
 * (loop_tri_points.h), after zeroing where two shares meet: the vertices born
 * on level l − 1's edges (and their ring sums) and the points of their
 * halves, rows [|V_{l−1}|, |V_l| + 2|E_{l−1}|). */
static mm_status refine_points(mm_context ctx, const lk_state *s, int l, mm_dense P, mm_dense *Y,
                               lk_rings *r)
{
    mm_status st = MM_OK;
    const lk_level_data *x = &s->lv[l];
    int stage = mmi_stage_begin(ctx, "loop_points");
    int64_t row = P->d * (int64_t)mm_type_size(P->type);
    MM_TRY(mmi_dense_alloc(ctx, Y, s->lv[l + 1].n.vertices, P->d, P->type));
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
        MM_TRY(zero_rows(ctx, g.Y, w->vertices, 3 * w->edges, row));
        if (g.ring_next)
            MM_TRY(zero_rows(ctx, g.ring, w->vertices, w->edges, P->d * (int64_t)sizeof(double)));
        g.rule = MMI_LK_TRI_FACES;
        g.count = w->faces * P->d;
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

static mm_status lk_build(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *opts,
                          void **state)
{
    mm_status st = MM_OK;
    lk_state *s = NULL;
    st = start(ctx, mesh, opts, 1, &s);
    *state = s;
    mmi_where(ctx, "mm_subdiv_build");
    if (st != MM_OK) return st;
    for (int l = 0; l < opts->levels; ++l) {
        MM_TRY(refine_topology(ctx, s, l, 1));
        mmi_subdiv_progress(opts, "build", l + 1);
    }
done:
    return st;
}

static mm_status lk_eval(mm_context ctx, void *state, mm_dense X0, mm_dense *XL)
{
    mm_status st = MM_OK;
    lk_state *s = state;
    mm_dense X = X0;
    lk_rings r = {NULL, NULL, 0, 0};
    MM_TRY(mmi_subdiv_check_data(ctx, X0));
    if (s->opts.levels == 0) {
        MM_TRY(mmi_dense_alloc(ctx, XL, X0->n, X0->d, X0->type));
        return mm_dense_scale_add(ctx, NULL, X0, 0.0, *XL);
    }
    MM_TRY(alloc_rings(ctx, s, X0->d, &r));
    for (int l = 0; l < s->opts.levels; ++l) {
        mm_dense Y = NULL;
        MM_TRY(refine_points(ctx, s, l, X, &Y, &r));
        if (X != X0) mm_dense_free(&X);
        X = Y;
        mmi_subdiv_progress(&s->opts, "eval", l + 1);
    }
    *XL = X;
    X = X0;
done:
    if (X != X0) mm_dense_free(&X);
    free_rings(ctx, &r);
    return st;
}

/* The fused route of mm_subdivide. Step l computes level l + 1's vertex data
 * from level l − 1's topology (level 0's at step 0), then the topology the
 * steps after it read: level l + 1's triangles and side codes while
 * l + 1 ≤ L − 2, and at the last step level L's triangles from level L − 2.
 * So level L − 1's topology is never stored, and each level's is freed after
 * the step that reads it last: the peak is the last level's triangles and
 * data, level L − 1's data, the ring sums of level L − 2's vertices and its
 * topology. */
static mm_status lk_subdivide(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *opts,
                              mm_matrix *M, mm_dense *X)
{
    mm_status st = MM_OK;
    lk_state *s = NULL;
    mm_dense P = mesh->X;
    lk_rings r = {NULL, NULL, 0, 0};
    int L = opts->levels;
    MM_TRY(mmi_subdiv_check_data(ctx, mesh->X));
    MM_TRY(start(ctx, mesh, opts, 0, &s));
    mmi_where(ctx, "mm_subdivide");
    MM_TRY(alloc_rings(ctx, s, mesh->X->d, &r));
    for (int l = 0; l < L; ++l) {
        mm_dense Y = NULL;
        MM_TRY(refine_points(ctx, s, l, P, &Y, &r));
        if (P != mesh->X) mm_dense_free(&P);
        P = Y;
        if (l == 0) free_fans(ctx, s);
        if (l + 1 <= L - 2 || L == 1) MM_TRY(refine_topology(ctx, s, l, 0));
        else if (l == L - 1) MM_TRY(grandchild_topology(ctx, s, l));
        if (l >= 1) {
            if (l > 1) mm_matrix_free(&s->lv[l - 1].M);
            free_u32(ctx, &s->lv[l - 1].side, s->lv[l - 1].n.nnz);
        }
        mmi_subdiv_progress(opts, "build", l + 1);
        mmi_subdiv_progress(opts, "eval", l + 1);
    }
    *M = s->lv[L].M;
    s->lv[L].M = NULL;
    *X = P;
    P = mesh->X;
done:
    if (P != mesh->X) mm_dense_free(&P);
    free_rings(ctx, &r);
    lk_free(ctx, s);
    return st;
}

static mm_subdiv_counts lk_counts(const void *state, int level)
{
    return ((const lk_state *)state)->lv[level].n;
}

static mm_matrix lk_matrix(void *state, int level)
{
    return ((lk_state *)state)->lv[level].M;
}

static mm_matrix lk_take_matrix(void *state, int level)
{
    lk_level_data *x = &((lk_state *)state)->lv[level];
    mm_matrix M = x->M;
    x->M = NULL;
    return M;
}

static const uint32_t *lk_edges(const void *state, int level)
{
    return ((const lk_state *)state)->lv[level].ends;
}

const mmi_subdiv_impl mmi_loop_specialized = {
    lk_build, lk_eval, lk_counts, lk_matrix, lk_take_matrix, lk_edges, lk_free, lk_subdivide, 1};
