/* specialized_driver.c: the driver the specialized paths share
 * (specialized_driver.h). */
#include "specialized_driver.h"

#include "../core/error.h"
#include "../core/memory.h"
#include "../core/timer.h"
#include "../kernels/edge_sort.h"
#include "../mesh/mesh_impl.h"
#include "../spla/dense_ops.h"
#include "../spla/transpose.h"
#include "generic_rules.h"
#include "meshmat/ops.h"

int64_t mmi_sp_u32_bytes(int64_t n)
{
    return n * (int64_t)sizeof(uint32_t);
}

void mmi_sp_free_u32(mm_context ctx, uint32_t **p, int64_t n)
{
    mmi_free(ctx, mmi_backend_memory(ctx), *p, mmi_sp_u32_bytes(n));
    *p = NULL;
}

mm_status mmi_sp_alloc_u32(mm_context ctx, uint32_t **p, int64_t n)
{
    return mmi_alloc(ctx, mmi_backend_memory(ctx), mmi_sp_u32_bytes(n), (void **)p);
}

mm_status mmi_sp_alloc_level(mm_context ctx, mmi_sp_state *s, int l, int order, int with_side)
{
    mm_status st = MM_OK;
    mmi_sp_level *y = &s->lv[l];
    MM_TRY(mmi_matrix_alloc(ctx, &y->M, MM_FORMAT_CSC, MM_TYPE_PATTERN, y->n.vertices,
                            y->n.faces, y->n.nnz, order));
    if (with_side) MM_TRY(mmi_sp_alloc_u32(ctx, &y->side, y->n.nnz));
done:
    return st;
}

mm_status mmi_sp_alloc_edge_sides(mm_context ctx, mmi_sp_state *s, int l)
{
    mmi_sp_level *x = &s->lv[l];
    if (l + 1 >= s->opts.levels) return MM_OK;
    return mmi_sp_alloc_u32(ctx, &x->edge_sides, 2 * x->n.edges);
}

mm_status mmi_sp_child_ends(mm_context ctx, mmi_sp_state *s, int l, int rule)
{
    mm_status st = MM_OK;
    mmi_sp_level *x = &s->lv[l], *y = &s->lv[l + 1];
    mmi_generic_args c = {0};
    c.rule = rule;
    c.nv = x->n.vertices;
    c.nf = x->n.faces;
    c.ne = x->n.edges;
    c.ends = x->ends;
    c.quads = y->M->rows;
    MM_TRY(mmi_sp_alloc_u32(ctx, &y->ends, 2 * y->n.edges));
    c.out_ends = y->ends;
    MM_TRY(mmi_generic_run(ctx, &c, y->n.edges));
done:
    return st;
}

mmi_sk_level mmi_sp_level0_view(const mmi_sp_state *s)
{
    const mmi_sp_level *x = &s->lv[0];
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


/* The words of level l's edge sides and ends: 2 |E|, but level 0's are
 * sized by its corners, before the sort's edge count reaches the host
 * (edge_sort.h). */
static int64_t edge_words(const mmi_sp_state *s, int l)
{
    return 2 * (l == 0 ? s->lv[0].n.nnz : s->lv[l].n.edges);
}

static void free_level(mm_context ctx, mmi_sp_state *s, int l)
{
    mmi_sp_level *x = &s->lv[l];
    if (l > 0) mm_matrix_free(&x->M);
    mmi_sp_free_u32(ctx, &x->side, x->n.nnz);
    mmi_sp_free_u32(ctx, &x->edge_sides, edge_words(s, l));
    mmi_sp_free_u32(ctx, &x->ends, edge_words(s, l));
    mmi_sp_free_u32(ctx, &x->twin, x->n.nnz);
    mmi_sp_free_u32(ctx, &x->bcount, x->n.faces);
}

void mmi_sp_free(mm_context ctx, void *state)
{
    mmi_sp_state *s = state;
    if (s == NULL) return;
    for (int l = 0; l <= s->opts.levels && l < MMI_SK_MAX_LEVELS; ++l) free_level(ctx, s, l);
    mm_matrix_free(&s->Mt);
    mmi_free(ctx, MM_MEMORY_HOST, s, sizeof *s);
}

/* Level 0's edges without an SpGEMM (Alg. 2, edge_sort.h): each corner's
 * side code, each edge's sides and (keep_ends) its ends, in DESIGN §3's
 * order; report gets the flag of what the sort shows against the input
 * rules and the edge count. */
static mm_status level0_edges(mm_context ctx, mmi_sp_state *s, int keep_ends, uint32_t *report)
{
    mmi_sp_level *x = &s->lv[0];
    mmi_sk_level lv0 = mmi_sp_level0_view(s);
    mmi_sorted_edges e;
    mm_status st = mmi_sort_edges(ctx, &lv0, keep_ends, report, s->scheme->edges_stage, &e);
    x->side = e.side;
    x->edge_sides = e.edge_sides;
    x->ends = e.ends;
    return st;
}

/* The counts of every level, within the specialized paths' ids: edges below
 * 2^30 (side codes keep two bits), corners below 2^32 − 1; that bound comes
 * before level MMI_SK_MAX_LEVELS. */
static mm_status level_counts(mm_context ctx, mmi_sp_state *s)
{
    mm_status st = MM_OK;
    mm_subdiv_counts n = s->lv[0].n, next;
    for (int l = 0; l <= s->opts.levels; ++l) {
        if (l > 0) MM_TRY(s->scheme->next_counts(ctx, l - 1, &n, &next));
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

/* The input rules: the device check over Mᵀ (report: its flag, then level
 * 0's edge count from the sort, read back together), then the faces' orders
 * where the scheme takes triangles only, in the generic path's order. */
static mm_status check_input(mm_context ctx, mm_mesh mesh, mmi_sp_state *s, uint32_t *report)
{
    mm_status st = MM_OK;
    uint32_t got[2];
    int stage = mmi_stage_begin(ctx, "input_check");
    mmi_sk_level lv0 = mmi_sp_level0_view(s);
    MM_TRY(mmi_subdiv_check_fans(ctx, &lv0, s->Mt, report));
    MM_TRY(mmi_copy(ctx, got, MM_MEMORY_HOST, report, mmi_backend_memory(ctx), sizeof got));
    s->lv[0].n.edges = got[1];
    if (got[1] >= (uint32_t)1 << 30)
        MM_FAIL(ctx, MM_ERR_OVERFLOW, "the mesh has %lld edges; the specialized path numbers "
                "edges below 2^30 (use the generic path)", (long long)got[1]);
    if (got[0]) MM_TRY(mmi_subdiv_check_mesh(ctx, mesh, s->scheme->scheme));
    if (s->scheme->triangles) MM_TRY(mmi_subdiv_check_triangles(ctx, mesh->M, s->scheme->scheme));
done:
    mmi_stage_end(ctx, stage);
    return st;
}

/* The state of level 0, the input checked: its edges, Mᵀ and the counts of
 * all levels. The sort, Mᵀ and the device check are queued back to back;
 * their one host read is check_input's. */
static mm_status start(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *opts,
                       const mmi_sp_scheme *scheme, int keep_ends, mmi_sp_state **state)
{
    mm_status st = MM_OK;
    mmi_sp_state *s = NULL;
    uint32_t *report = NULL;
    MM_TRY(mmi_alloc(ctx, MM_MEMORY_HOST, sizeof *s, (void **)&s));
    static const mmi_sp_state empty = {0};
    *s = empty;
    s->opts = *opts;
    s->scheme = scheme;
    *state = s;
    mmi_sp_level *x = &s->lv[0];
    x->M = mesh->M;
    x->n.vertices = mesh->M->nrows;
    x->n.faces = mesh->M->ncols;
    x->n.nnz = mesh->M->nnz;
    MM_TRY(mmi_sp_alloc_u32(ctx, &report, 2));
    MM_TRY(mmi_zero(ctx, report, mmi_backend_memory(ctx), mmi_sp_u32_bytes(2)));
    MM_TRY(level0_edges(ctx, s, keep_ends, report));
    MM_TRY(mmi_matrix_transpose(ctx, mesh->M, &s->Mt));
    MM_TRY(check_input(ctx, mesh, s, report));
    MM_TRY(level_counts(ctx, s));
done:
    mmi_sp_free_u32(ctx, &report, 2);
    return st;
}

static void free_rings(mm_context ctx, mmi_sp_rings *r)
{
    mmi_free(ctx, mmi_backend_memory(ctx), r->sums, r->n * r->row_bytes);
    mmi_sp_free_u32(ctx, &r->kinds, r->n);
    r->sums = NULL;
}

/* The ring sums of an evaluation of X: vertices of level L − 2 (none for one
 * level). */
static mm_status alloc_rings(mm_context ctx, const mmi_sp_state *s, mm_dense X, mmi_sp_rings *r)
{
    mm_status st = MM_OK;
    int64_t size = s->scheme->ring_f64 ? (int64_t)sizeof(double) : (int64_t)mm_type_size(X->type);
    *r = (mmi_sp_rings){NULL, NULL, 0, s->scheme->ring_sums * X->d * size};
    if (s->opts.levels < 2) return MM_OK;
    r->n = s->lv[s->opts.levels - 2].n.vertices;
    MM_TRY(mmi_alloc(ctx, mmi_backend_memory(ctx), r->n * r->row_bytes, &r->sums));
    MM_TRY(mmi_sp_alloc_u32(ctx, &r->kinds, r->n));
done:
    if (st != MM_OK) free_rings(ctx, r);
    return st;
}

mm_status mmi_sp_build(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *opts,
                       const mmi_sp_scheme *scheme, void **state)
{
    mm_status st = MM_OK;
    mmi_sp_state *s = NULL;
    st = start(ctx, mesh, opts, scheme, 1, &s);
    *state = s;
    if (st != MM_OK) return st;
    for (int l = 0; l < opts->levels; ++l) {
        MM_TRY(scheme->refine_topology(ctx, s, l, 1));
        mmi_subdiv_progress(opts, "build", l + 1);
    }
done:
    return st;
}

mm_status mmi_sp_eval(mm_context ctx, void *state, mm_dense X0, mm_dense *XL)
{
    mm_status st = MM_OK;
    mmi_sp_state *s = state;
    mm_dense X = X0;
    mmi_sp_rings r = {NULL, NULL, 0, 0};
    MM_TRY(mmi_subdiv_check_data(ctx, X0));
    if (s->opts.levels == 0) {
        MM_TRY(mmi_dense_alloc(ctx, XL, X0->n, X0->d, X0->type));
        return mmi_dense_scale_add(ctx, NULL, X0, 0.0, *XL);
    }
    MM_TRY(alloc_rings(ctx, s, X0, &r));
    for (int l = 0; l < s->opts.levels; ++l) {
        mm_dense Y = NULL;
        MM_TRY(s->scheme->refine_points(ctx, s, l, X, &Y, &r, 0));
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
 * steps after it read: level l + 1's faces and side codes (and the scheme's
 * edge sides) while l + 1 ≤ L − 2; the last step makes level L's faces from
 * level L − 2 with its vertex data (refine_points with faces). So level
 * L − 1's topology is never stored, and each level's is freed after the
 * step that reads it last: the peak is the last level's faces and data, level
 * L − 1's data, the ring sums of level L − 2's vertices and its topology.
 * Where the scheme folds (√3 on a closed mesh), level L − 2's topology is
 * not stored either: the last step makes it from level L − 3's, kept until
 * then, sparing a pass that wrote it and the last step's reading it. */
mm_status mmi_sp_subdivide(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *opts,
                           const mmi_sp_scheme *scheme, mm_matrix *M, mm_dense *X)
{
    mm_status st = MM_OK;
    mmi_sp_state *s = NULL;
    mm_dense P = mesh->X;
    mmi_sp_rings r = {NULL, NULL, 0, 0};
    int L = opts->levels, fold = 0;
    MM_TRY(mmi_subdiv_check_data(ctx, mesh->X));
    MM_TRY(start(ctx, mesh, opts, scheme, 0, &s));
    fold = L >= 3 && scheme->folds && scheme->folds(s);
    MM_TRY(alloc_rings(ctx, s, mesh->X, &r));
    for (int l = 0; l < L; ++l) {
        mm_dense Y = NULL;
        MM_TRY(scheme->refine_points(ctx, s, l, P, &Y, &r, L >= 2 && l == L - 1));
        if (P != mesh->X) mm_dense_free(&P);
        P = Y;
        if (l == 0) mm_matrix_free(&s->Mt); /* only level 0's point rules read it */
        if (l + 1 <= L - 2 - fold || L == 1) MM_TRY(scheme->refine_topology(ctx, s, l, 0));
        if (l >= 1 && !(fold && l == L - 2)) free_level(ctx, s, l - 1);
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
    mmi_sp_free(ctx, s);
    return st;
}

mm_subdiv_counts mmi_sp_counts(const void *state, int level)
{
    return ((const mmi_sp_state *)state)->lv[level].n;
}

mm_matrix mmi_sp_matrix(void *state, int level)
{
    return ((mmi_sp_state *)state)->lv[level].M;
}

mm_matrix mmi_sp_take_matrix(void *state, int level)
{
    mmi_sp_level *x = &((mmi_sp_state *)state)->lv[level];
    mm_matrix M = x->M;
    x->M = NULL;
    return M;
}

const uint32_t *mmi_sp_edges(const void *state, int level)
{
    return ((const mmi_sp_state *)state)->lv[level].ends;
}
