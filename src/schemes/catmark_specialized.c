/* catmark_specialized.c: Catmull-Clark's specialized path behind mm_subdiv
 * (subdiv_impl.h, paper §4): level 0's edges by a sort (Alg. 1–2), every
 * refined level's topology by formula from its parent (Alg. 3), vertex data by
 * the rules of src/kernels (Alg. 4–9): gathers at level 0, then one pass over
 * the faces of the level above and one over the older vertices by their ring
 * sums (catmark_quad_points.h). The numbering is the generic path's (DESIGN
 * §3), so both give identical topology. mm_subdivide runs the fused route
 * sk_subdivide: level L − 1's topology is never stored (the last quads come
 * from level L − 2 by formula), and each level's data is freed as soon as no
 * rule reads it. */
#include "../core/error.h"
#include "../core/memory.h"
#include "../core/timer.h"
#include "../kernels/catmark_kernels.h"
#include "../kernels/edge_sort.h"
#include "../mesh/mesh_impl.h"
#include "catmark.h"
#include "catmark_rules.h"
#include "meshmat/dense_ops.h"
#include "meshmat/ops.h"
#include "subdiv_impl.h"

/* What the path keeps of a level (backend memory). side is made for levels
 * below the last, edge_sides at level 0 only; ends only for
 * mm_subdiv_level_edges. */
typedef struct sk_level_data {
    mm_subdiv_counts n;
    mm_matrix M;           /* level 0: the mesh's, borrowed                       */
    uint32_t *side;        /* nnz: the side codes of catmark_kernels.h            */
    uint32_t *edge_sides;  /* 2 |E|                                              */
    uint32_t *ends;        /* 2 |E|: (a_e, b_e)                                  */
} sk_level_data;

/* An evaluation's carried ring sums (catmark_quad_points.h): 2d values of
 * the data's type and a kind per vertex of level L − 2, the last level whose vertices
 * are updated by them; none for one level. */
typedef struct sk_rings {
    void *sums;
    uint32_t *kinds;
    int64_t n, row_bytes; /* row: a vertex's 2d sums */
} sk_rings;

typedef struct sk_state {
    mm_subdiv_options opts;
    mm_matrix Mt;          /* level 0's Mᵀ: each vertex's faces and slots (Alg. 1) */
    sk_level_data lv[MMI_SK_MAX_LEVELS];
} sk_state;

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

/* Level 0's edge sides and Mᵀ: what only the level-0 point rules read. */
static void free_fans(mm_context ctx, sk_state *s)
{
    free_u32(ctx, &s->lv[0].edge_sides, 2 * s->lv[0].n.edges);
    mm_matrix_free(&s->Mt);
}

static void free_level(mm_context ctx, sk_state *s, int l)
{
    sk_level_data *x = &s->lv[l];
    if (l > 0) mm_matrix_free(&x->M);
    free_u32(ctx, &x->side, x->n.nnz);
    free_u32(ctx, &x->edge_sides, 2 * x->n.edges);
    free_u32(ctx, &x->ends, 2 * x->n.edges);
}

static void sk_free(mm_context ctx, void *state)
{
    sk_state *s = state;
    if (s == NULL) return;
    for (int l = 0; l <= s->opts.levels && l < MMI_SK_MAX_LEVELS; ++l) free_level(ctx, s, l);
    mm_matrix_free(&s->Mt);
    mmi_free(ctx, MM_MEMORY_HOST, s, sizeof *s);
}

/* The arguments of a rule reading level l (and, for the vertex rule, the
 * levels before it). Levels ≥ 1 are quads whether or not their M is kept. */
static mmi_sk_args args_for(const sk_state *s, int rule, int l, int64_t count)
{
    mmi_sk_args g = {0};
    g.rule = rule;
    g.level = l;
    g.count = count;
    g.corners = s->opts.boundary == MM_BOUNDARY_EDGE_AND_CORNER;
    for (int m = 0; m <= l; ++m) {
        const sk_level_data *d = &s->lv[m];
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

/* Level 0's edges without an SpGEMM (Alg. 2, edge_sort.h): each corner's
 * side code, each edge's sides and (keep_ends) its ends, in DESIGN §3's
 * order. */
static mm_status level0_edges(mm_context ctx, sk_state *s, int keep_ends, uint32_t *suspect)
{
    sk_level_data *x = &s->lv[0];
    mmi_sk_args g = args_for(s, MMI_SK_EDGE_KEYS, 0, 0);
    mmi_sorted_edges e;
    mm_status st = mmi_sort_edges(ctx, &g.lv[0], keep_ends, suspect, "catmark_edges", &e);
    x->n.edges = e.ne;
    x->side = e.side;
    x->edge_sides = e.edge_sides;
    x->ends = e.ends;
    return st;
}

/* The counts of every level, within the specialized path's ids: edges below
 * 2^30 (side codes keep two bits), corners below 2^32 − 1; that bound comes
 * before level MMI_SK_MAX_LEVELS. */
static mm_status level_counts(mm_context ctx, sk_state *s)
{
    mm_status st = MM_OK;
    mm_subdiv_counts n = s->lv[0].n, next;
    for (int l = 0; l <= s->opts.levels; ++l) {
        if (l > 0) MM_TRY(mmi_cc_next_counts(ctx, l - 1, &n, &next));
        if (l > 0) n = next;
        if (n.edges >= ((int64_t)1 << 30) || n.nnz >= (int64_t)UINT32_MAX ||
            l >= MMI_SK_MAX_LEVELS)
            MM_FAIL(ctx, MM_ERR_OVERFLOW,
                    "level %d would have %lld edges and %lld corners; the specialized path "
                    "numbers edges below 2^30 and corners below 2^32 - 1 (use the generic path)",
                    l, (long long)n.edges, (long long)n.nnz);
        s->lv[l].n = n;
    }
done:
    return st;
}

/* The state of level 0, the input checked: its edges, Mᵀ and the counts of
 * all levels. */
static mm_status start(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *opts,
                       int keep_ends, sk_state **state)
{
    mm_status st = MM_OK;
    sk_state *s = NULL;
    uint32_t *suspect = NULL;
    MM_TRY(mmi_alloc(ctx, MM_MEMORY_HOST, sizeof *s, (void **)&s));
    static const sk_state empty = {0};
    *s = empty;
    s->opts = *opts;
    *state = s;
    sk_level_data *x = &s->lv[0];
    x->M = mesh->M;
    x->n.vertices = mesh->M->nrows;
    x->n.faces = mesh->M->ncols;
    x->n.nnz = mesh->M->nnz;
    MM_TRY(alloc_u32(ctx, &suspect, 1));
    MM_TRY(mmi_zero(ctx, suspect, mmi_backend_memory(ctx), u32_bytes(1)));
    MM_TRY(level0_edges(ctx, s, keep_ends, suspect));
    MM_TRY(mm_matrix_transpose(ctx, mesh->M, &s->Mt));
    mmi_sk_args lv = args_for(s, MMI_SK_CHECK_FANS, 0, 0);
    MM_TRY(mmi_subdiv_check_on_device(ctx, mesh, MM_SCHEME_CATMULL_CLARK, &lv.lv[0], s->Mt,
                                      suspect));
    MM_TRY(level_counts(ctx, s));
done:
    free_u32(ctx, &suspect, 1);
    return st;
}

/* Level l + 1's quads (Alg. 3), and below the last level its side codes;
 * keep_ends adds its edge list (the generic path's formula). */
static mm_status refine_topology(mm_context ctx, sk_state *s, int l, int keep_ends)
{
    mm_status st = MM_OK;
    sk_level_data *x = &s->lv[l], *y = &s->lv[l + 1];
    int stage = mmi_stage_begin(ctx, "catmark_topology");
    MM_TRY(mmi_matrix_alloc(ctx, &y->M, MM_FORMAT_CSC, MM_TYPE_PATTERN, y->n.vertices,
                            y->n.faces, y->n.nnz, 4));
    if (l + 1 < s->opts.levels) MM_TRY(alloc_u32(ctx, &y->side, y->n.nnz));
    mmi_sk_args g = args_for(s, MMI_SK_CHILD_CORNERS, l, x->n.nnz);
    g.out_quads = y->M->rows;
    g.out_side = y->side;
    MM_TRY(mmi_sk_run(ctx, &g));
    if (keep_ends) {
        mmi_cc_args c = {0};
        c.rule = MMI_CC_CHILD_EDGES;
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

/* Level l + 1's quads straight from level l − 1 (level l's are not stored):
 * the last step of the fused route. */
static mm_status grandchild_topology(mm_context ctx, sk_state *s, int l)
{
    mm_status st = MM_OK;
    sk_level_data *y = &s->lv[l + 1];
    int stage = mmi_stage_begin(ctx, "catmark_topology");
    MM_TRY(mmi_matrix_alloc(ctx, &y->M, MM_FORMAT_CSC, MM_TYPE_PATTERN, y->n.vertices,
                            y->n.faces, y->n.nnz, 4));
    mmi_sk_args g = args_for(s, MMI_SK_GRANDCHILD_QUADS, l, s->lv[l].n.nnz);
    g.out_quads = y->M->rows;
    MM_TRY(mmi_sk_run(ctx, &g));
done:
    mmi_stage_end(ctx, stage);
    return st;
}

static void free_rings(mm_context ctx, sk_rings *r)
{
    mmi_free(ctx, mmi_backend_memory(ctx), r->sums, r->n * r->row_bytes);
    free_u32(ctx, &r->kinds, r->n);
    r->sums = NULL;
}

/* The ring sums of an evaluation of X: vertices of level L − 2 (none for one
 * level). */
static mm_status alloc_rings(mm_context ctx, const sk_state *s, mm_dense X, sk_rings *r)
{
    mm_status st = MM_OK;
    *r = (sk_rings){NULL, NULL, 0, 2 * X->d * (int64_t)mm_type_size(X->type)};
    if (s->opts.levels < 2) return MM_OK;
    r->n = s->lv[s->opts.levels - 2].n.vertices;
    MM_TRY(mmi_alloc(ctx, mmi_backend_memory(ctx), r->n * r->row_bytes, &r->sums));
    MM_TRY(alloc_u32(ctx, &r->kinds, r->n));
done:
    if (st != MM_OK) free_rings(ctx, r);
    return st;
}

/* Zeroes rows [first, first + n) of a row-major array of d values of size
 * bytes each: where two shares of a point meet (sk_add). */
static mm_status zero_rows(mm_context ctx, void *data, int64_t first, int64_t n, int64_t row_bytes)
{
    return mmi_zero(ctx, (char *)data + first * row_bytes, mmi_backend_memory(ctx), n * row_bytes);
}

/* Level l + 1's vertex data from level l's P (Alg. 4–9). At level 0 the
 * gathers: face points, then the edge points and updated vertices that read
 * them (and the ring sums of level 0's vertices). Below, the faces of level
 * l − 1 and the vertices of level l − 1 (catmark_quad_points.h), after zeroing
 * where two shares meet: the edge points of half edges, the vertices born on
 * level l − 1's edges and their ring sums. */
static mm_status refine_points(mm_context ctx, const sk_state *s, int l, mm_dense P, mm_dense *Y,
                               sk_rings *r)
{
    mm_status st = MM_OK;
    const sk_level_data *x = &s->lv[l];
    int stage = mmi_stage_begin(ctx, "catmark_points");
    int64_t row = P->d * (int64_t)mm_type_size(P->type);
    MM_TRY(mmi_dense_alloc(ctx, Y, s->lv[l + 1].n.vertices, P->d, P->type));
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
        int64_t born = w->vertices + w->faces;
        MM_TRY(zero_rows(ctx, g.Y, born, w->edges, row));
        MM_TRY(zero_rows(ctx, g.Y, x->n.vertices + x->n.faces, 2 * w->edges, row));
        if (g.ring_next)
            MM_TRY(zero_rows(ctx, g.ring, born, w->edges, r->row_bytes));
        g.rule = MMI_SK_QUAD_FACES;
        g.count = w->faces * P->d;
        MM_TRY(mmi_sk_run(ctx, &g));
        g.rule = MMI_SK_OLD_VERTICES;
        g.count = w->vertices * P->d;
        MM_TRY(mmi_sk_run(ctx, &g));
    }
done:
    mmi_stage_end(ctx, stage);
    if (st != MM_OK) mm_dense_free(Y);
    return st;
}

static mm_status sk_build(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *opts,
                          void **state)
{
    mm_status st = MM_OK;
    sk_state *s = NULL;
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

static mm_status sk_eval(mm_context ctx, void *state, mm_dense X0, mm_dense *XL)
{
    mm_status st = MM_OK;
    sk_state *s = state;
    mm_dense X = X0;
    sk_rings r = {NULL, NULL, 0, 0};
    MM_TRY(mmi_subdiv_check_data(ctx, X0));
    if (s->opts.levels == 0) {
        MM_TRY(mmi_dense_alloc(ctx, XL, X0->n, X0->d, X0->type));
        return mm_dense_scale_add(ctx, NULL, X0, 0.0, *XL);
    }
    MM_TRY(alloc_rings(ctx, s, X0, &r));
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
 * steps after it read: level l + 1's quads and side codes while l + 1 ≤ L − 2,
 * and at the last step level L's quads from level L − 2. So level L − 1's
 * topology is never stored, and each level's is freed after the step that
 * reads it last: the peak is the last level's quads and data, level L − 1's
 * data, the ring sums of level L − 2's vertices and its topology. */
static mm_status sk_subdivide(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *opts,
                              mm_matrix *M, mm_dense *X)
{
    mm_status st = MM_OK;
    sk_state *s = NULL;
    mm_dense P = mesh->X;
    sk_rings r = {NULL, NULL, 0, 0};
    int L = opts->levels;
    MM_TRY(mmi_subdiv_check_data(ctx, mesh->X));
    MM_TRY(start(ctx, mesh, opts, 0, &s));
    mmi_where(ctx, "mm_subdivide");
    MM_TRY(alloc_rings(ctx, s, mesh->X, &r));
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
    sk_free(ctx, s);
    return st;
}

static mm_subdiv_counts sk_counts(const void *state, int level)
{
    return ((const sk_state *)state)->lv[level].n;
}

static mm_matrix sk_matrix(void *state, int level)
{
    return ((sk_state *)state)->lv[level].M;
}

static mm_matrix sk_take_matrix(void *state, int level)
{
    sk_level_data *x = &((sk_state *)state)->lv[level];
    mm_matrix M = x->M;
    x->M = NULL;
    return M;
}

static const uint32_t *sk_edges(const void *state, int level)
{
    return ((const sk_state *)state)->lv[level].ends;
}

const mmi_subdiv_impl mmi_catmark_specialized = {
    sk_build, sk_eval, sk_counts, sk_matrix, sk_take_matrix, sk_edges, sk_free, sk_subdivide, 1};
