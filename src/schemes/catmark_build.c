/* catmark_build.c: the build step of Catmull-Clark's generic path (paper §3.2
 * "Combination"): per level, the topology-only formulas as mapped products of
 * src/spla, one function each, and the lambdas of catmark_rules.h that turn
 * them into DESIGN §3's numbering and the weights the evaluation applies. */
#include "../core/error.h"
#include "../core/memory.h"
#include "../spla/matrix_impl.h"
#include "catmark.h"
#include "catmark_rules.h"
#include "meshmat/dense_ops.h"
#include "meshmat/ops.h"

/* Temporaries of one level's build. */
typedef struct build_work {
    mm_dense c, n, nb;   /* face orders, valences, boundary edges per vertex */
    mm_matrix F;         /* eq. 6–7                                          */
    uint32_t *ids;       /* edge id of each entry of E                       */
    int64_t ids_bytes;
} build_work;

mmi_cc_csc mmi_cc_csc_of(mm_matrix X)
{
    mmi_cc_csc x = {X->ptr, X->uniform, X->rows,
                    X->type == MM_TYPE_INT32 ? (const int32_t *)X->values : NULL};
    return x;
}

static mmi_cc_args args_of(int rule, const mmi_cc_level *lv)
{
    mmi_cc_args g = {0};
    g.rule = rule;
    g.nv = lv->n.vertices;
    g.nf = lv->n.faces;
    g.ne = lv->n.edges;
    g.M = mmi_cc_csc_of(lv->M);
    if (lv->E) g.E = mmi_cc_csc_of(lv->E);
    g.ends = lv->ends;
    return g;
}

/* An n × 1 float64 vector of ones (the 1 of eq. 2 and 10). */
static mm_status ones(mm_context ctx, int64_t n, mm_dense *x)
{
    mm_status st = MM_OK;
    MM_TRY(mmi_dense_alloc(ctx, x, n, 1, MM_TYPE_FLOAT64));
    MM_TRY(mm_dense_fill(ctx, *x, 1.0));
done:
    return st;
}

/* y = op(A)_μ 1 for a map that needs no table: a count per row of op(A). */
static mm_status count_rows(mm_context ctx, const mm_map *map, mm_matrix A, int transpose,
                            mm_dense *y)
{
    mm_status st = MM_OK;
    mm_dense one = NULL;
    int64_t cols = transpose ? A->nrows : A->ncols, rows = transpose ? A->ncols : A->nrows;
    MM_TRY(ones(ctx, cols, &one));
    MM_TRY(mmi_dense_alloc(ctx, y, rows, 1, MM_TYPE_FLOAT64));
    MM_TRY(mm_spmv(ctx, map, A, transpose, one, *y, 0));
done:
    mm_dense_free(&one);
    return st;
}

/* c = Mᵀ_{val→1} 1 (eq. 2): the face orders. */
static mm_status cc_face_orders(mm_context ctx, const mmi_cc_level *lv, mm_dense *c)
{
    mm_map one = {.kind = MM_MAP_ONE};
    return count_rows(ctx, &one, lv->M, 1, c);
}

/* n = M_{σ→1} 1 (eq. 10): the valences, as (Mᵀ)ᵀ 1 so the rows are Mᵀ's
 * stored columns (a gather, no regrouping). */
static mm_status cc_valences(mm_context ctx, const mmi_cc_level *lv, mm_dense *n)
{
    mm_map one = {.kind = MM_MAP_ONE};
    return count_rows(ctx, &one, lv->Mt, 1, n);
}

/* E = M Mᵀ {Q_c + Q_c^{c−1}}[τ] (eq. 4, 5): τ counts the faces on edge {i, j}. */
static mm_status cc_edge_matrix(mm_context ctx, mmi_cc_level *lv)
{
    mm_spgemm_op op = {{.kind = MM_MAP_CIRCULANT, .shifts = {1, -1}, .num_shifts = 2},
                       {.kind = MM_LAMBDA_COUNT}, MM_REDUCE_SUM, MM_MASK_NONE, MM_TYPE_INT32};
    return mm_spgemm(ctx, &op, lv->M, lv->Mt, &lv->E);
}

/* F = M Mᵀ {Q_c}[γ] (eq. 6–7): F(i, j) = the face with side i → j. */
static mm_status cc_side_faces(mm_context ctx, const mmi_cc_level *lv, mm_matrix *F)
{
    mm_spgemm_op op = {{.kind = MM_MAP_CIRCULANT, .shifts = {1}, .num_shifts = 1},
                       {.kind = MM_LAMBDA_K}, MM_REDUCE_FIRST, MM_MASK_NONE, MM_TYPE_INT32};
    return mm_spgemm(ctx, &op, lv->M, lv->Mt, F);
}

mm_status mmi_cc_enumerate_edges(mm_context ctx, mmi_cc_level *lv)
{
    mm_status st = MM_OK;
    mm_matrix L = NULL;
    mm_spgemm_op op = {{.kind = MM_MAP_CIRCULANT, .shifts = {1, -1}, .num_shifts = 2},
                       {.kind = MM_LAMBDA_COUNT}, MM_REDUCE_ANY, MM_MASK_LOWER, MM_TYPE_PATTERN};
    if (lv->Mt == NULL) MM_TRY(mm_matrix_transpose(ctx, lv->M, &lv->Mt));
    MM_TRY(mm_spgemm(ctx, &op, lv->M, lv->Mt, &L));
    lv->n.edges = L->nnz;
    MM_TRY(mmi_alloc(ctx, L->where, 2 * L->nnz * (int64_t)sizeof(uint32_t), (void **)&lv->ends));
    mmi_cc_args g = args_of(MMI_CC_EDGE_ENDS, lv);
    g.L = mmi_cc_csc_of(L);
    g.out_ends = lv->ends;
    MM_TRY(mmi_cc_run(ctx, &g, lv->n.vertices));
done:
    mm_matrix_free(&L);
    return st;
}

/* Gives each entry of E the id of its edge, both orientations. */
static mm_status cc_number_edges(mm_context ctx, const mmi_cc_level *lv, build_work *w)
{
    mm_status st = MM_OK;
    w->ids_bytes = lv->E->nnz * (int64_t)sizeof(uint32_t);
    MM_TRY(mmi_alloc(ctx, lv->E->where, w->ids_bytes, (void **)&w->ids));
    mmi_cc_args g = args_of(MMI_CC_EDGE_IDS, lv);
    g.ids = w->ids;
    MM_TRY(mmi_cc_run(ctx, &g, lv->n.edges));
done:
    return st;
}

/* nb = E_{τ→[τ = 1]} 1: the boundary edges at each vertex (§5.3 finds the
 * boundary from E). E is symmetric, so its stored columns are its rows. */
static mm_status cc_boundary_edges(mm_context ctx, const mmi_cc_level *lv, mm_dense *nb)
{
    static const double boundary[2] = {0.0, 1.0};
    mm_map map = {.kind = MM_MAP_TABLE, .table = boundary, .table_len = 2};
    return count_rows(ctx, &map, lv->E, 1, nb);
}

/* The weights the evaluation applies: 1/c per face, α, β, β_b per vertex. */
static mm_status cc_weights(mm_context ctx, mmi_cc_level *lv, const build_work *w,
                            mm_boundary boundary)
{
    mm_status st = MM_OK;
    int64_t nv = lv->n.vertices;
    MM_TRY(mmi_dense_alloc(ctx, &lv->inv_c, lv->n.faces, 1, MM_TYPE_FLOAT64));
    MM_TRY(mmi_dense_alloc(ctx, &lv->alpha, nv, 1, MM_TYPE_FLOAT64));
    MM_TRY(mmi_dense_alloc(ctx, &lv->beta, nv, 1, MM_TYPE_FLOAT64));
    MM_TRY(mmi_dense_alloc(ctx, &lv->beta_b, nv, 1, MM_TYPE_FLOAT64));
    mmi_cc_args g = args_of(MMI_CC_FACE_WEIGHTS, lv);
    g.c = w->c->data;
    g.inv_c = lv->inv_c->data;
    MM_TRY(mmi_cc_run(ctx, &g, lv->n.faces));
    g.rule = MMI_CC_VERTEX_WEIGHTS;
    g.n = w->n->data;
    g.nb = w->nb->data;
    g.alpha = lv->alpha->data;
    g.beta = lv->beta->data;
    g.beta_b = lv->beta_b->data;
    g.corners = boundary == MM_BOUNDARY_EDGE_AND_CORNER;
    MM_TRY(mmi_cc_run(ctx, &g, nv));
done:
    return st;
}

/* R: row e lists the 4 sources of edge point e among [P; f] (catmark_rules.h). */
static mm_status cc_edge_stencil(mm_context ctx, mmi_cc_level *lv, const build_work *w)
{
    mm_status st = MM_OK;
    MM_TRY(mmi_matrix_alloc(ctx, &lv->R, MM_FORMAT_CSR, MM_TYPE_PATTERN, lv->n.edges,
                            lv->n.vertices + lv->n.faces, 4 * lv->n.edges, 4));
    mmi_cc_args g = args_of(MMI_CC_STENCIL, lv);
    g.F = mmi_cc_csc_of(w->F);
    g.stencil = lv->R->cols;
    MM_TRY(mmi_cc_run(ctx, &g, lv->n.edges));
done:
    return st;
}

/* M_{l+1} = T = M Mᵀ {Q_c}[σ] (eq. 12): σ over the entries of F (T's pattern),
 * each refined face stored at its corner's non-zero index (DESIGN §3). */
static mm_status cc_refined_faces(mm_context ctx, const mmi_cc_level *lv, const build_work *w,
                                  mmi_cc_level *next)
{
    mm_status st = MM_OK;
    MM_TRY(mmi_matrix_alloc(ctx, &next->M, MM_FORMAT_CSC, MM_TYPE_PATTERN, next->n.vertices,
                            next->n.faces, next->n.nnz, 4));
    mmi_cc_args g = args_of(MMI_CC_QUADS, lv);
    g.F = mmi_cc_csc_of(w->F);
    g.ids = w->ids;
    g.quads = next->M->rows;
    MM_TRY(mmi_cc_run(ctx, &g, lv->n.vertices));
done:
    return st;
}

/* Level l + 1's edges by formula from level l's (DESIGN §3), no enumeration. */
static mm_status cc_refined_edges(mm_context ctx, const mmi_cc_level *lv, mmi_cc_level *next)
{
    mm_status st = MM_OK;
    MM_TRY(mmi_alloc(ctx, next->M->where, 2 * next->n.edges * (int64_t)sizeof(uint32_t),
                     (void **)&next->ends));
    mmi_cc_args g = args_of(MMI_CC_CHILD_EDGES, lv);
    g.quads = next->M->rows;
    g.out_ends = next->ends;
    MM_TRY(mmi_cc_run(ctx, &g, next->n.edges));
done:
    return st;
}

mm_status mmi_cc_build_level(mm_context ctx, mmi_cc_level *lv, mmi_cc_level *next,
                             mm_boundary boundary)
{
    mm_status st = MM_OK;
    build_work w = {NULL, NULL, NULL, NULL, NULL, 0};
    if (lv->Mt == NULL) MM_TRY(mm_matrix_transpose(ctx, lv->M, &lv->Mt));
    MM_TRY(cc_face_orders(ctx, lv, &w.c));
    MM_TRY(cc_valences(ctx, lv, &w.n));
    MM_TRY(cc_edge_matrix(ctx, lv));
    MM_TRY(cc_side_faces(ctx, lv, &w.F));
    MM_TRY(cc_number_edges(ctx, lv, &w));
    MM_TRY(cc_boundary_edges(ctx, lv, &w.nb));
    MM_TRY(cc_weights(ctx, lv, &w, boundary));
    MM_TRY(cc_edge_stencil(ctx, lv, &w));
    MM_TRY(cc_refined_faces(ctx, lv, &w, next));
    MM_TRY(cc_refined_edges(ctx, lv, next));
done:
    mm_dense_free(&w.c);
    mm_dense_free(&w.n);
    mm_dense_free(&w.nb);
    mm_matrix_free(&w.F);
    if (w.ids) mmi_free(ctx, lv->E->where, w.ids, w.ids_bytes);
    return st;
}

void mmi_cc_level_free(mm_context ctx, mmi_cc_level *lv, int owns_m)
{
    if (owns_m) mm_matrix_free(&lv->M);
    mm_matrix_free(&lv->Mt);
    mm_matrix_free(&lv->E);
    mm_matrix_free(&lv->R);
    mm_dense_free(&lv->inv_c);
    mm_dense_free(&lv->alpha);
    mm_dense_free(&lv->beta);
    mm_dense_free(&lv->beta_b);
    if (lv->ends) mmi_free(ctx, mmi_backend_memory(ctx), lv->ends,
                           2 * lv->n.edges * (int64_t)sizeof(uint32_t));
    lv->ends = NULL;
}
