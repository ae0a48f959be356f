/* generic_level.c: the level steps every generic path shares (generic_level.h):
 * mapped products of src/spla over one level's M, and the rules of
 * generic_rules.h that turn them into ids and weights. */
#include "generic_level.h"

#include "../core/error.h"
#include "../core/memory.h"
#include "../spla/dense_ops.h"
#include "../spla/matrix_impl.h"
#include "../spla/spgemm.h"
#include "../spla/spmv.h"
#include "../spla/transpose.h"

mmi_csc_view mmi_csc_of(mm_matrix X)
{
    mmi_csc_view x = {X->ptr, X->uniform, X->rows,
                    X->type == MM_TYPE_INT32 ? (const int32_t *)X->values : NULL};
    return x;
}

mm_status mmi_level_check_counts(mm_context ctx, int level, const mm_subdiv_counts *next)
{
    if (next->vertices > UINT32_MAX || next->edges >= UINT32_MAX || next->faces > INT32_MAX ||
        next->nnz > ((int64_t)1 << 62))
        return mmi_fail(ctx, MM_ERR_OVERFLOW,
                        "level %d would have %lld vertices, %lld faces and %lld edges, past "
                        "the 32-bit ids (vertices, edges < 2^32, faces < 2^31)",
                        level + 1, (long long)next->vertices, (long long)next->faces,
                        (long long)next->edges);
    return MM_OK;
}

mmi_generic_args mmi_level_args(int rule, const mmi_generic_level *lv)
{
    mmi_generic_args g = {0};
    g.rule = rule;
    g.nv = lv->n.vertices;
    g.nf = lv->n.faces;
    g.ne = lv->n.edges;
    g.M = mmi_csc_of(lv->M);
    if (lv->E) g.E = mmi_csc_of(lv->E);
    if (lv->S) g.S = mmi_csc_of(lv->S);
    g.side = lv->side;
    g.ends = lv->ends;
    g.odd = lv->level % 2;
    g.level = lv->level;
    return g;
}

/* An n × 1 float64 vector of ones (the 1 of eq. 2 and 10). */
static mm_status ones(mm_context ctx, int64_t n, mm_dense *x)
{
    mm_status st = MM_OK;
    MM_TRY(mmi_dense_alloc(ctx, x, n, 1, MM_TYPE_FLOAT64));
    MM_TRY(mmi_dense_fill(ctx, *x, 1.0));
done:
    return st;
}

mm_status mmi_level_count_rows(mm_context ctx, const mm_map *map, mm_matrix A, int transpose,
                               mm_dense *y)
{
    mm_status st = MM_OK;
    mm_dense one = NULL;
    int64_t cols = transpose ? A->nrows : A->ncols, rows = transpose ? A->ncols : A->nrows;
    MM_TRY(ones(ctx, cols, &one));
    MM_TRY(mmi_dense_alloc(ctx, y, rows, 1, MM_TYPE_FLOAT64));
    MM_TRY(mmi_spmv(ctx, map, A, transpose, one, *y, 0));
done:
    mm_dense_free(&one);
    return st;
}

mm_status mmi_level_face_orders(mm_context ctx, const mmi_generic_level *lv, mm_dense *c)
{
    mm_map one = {.kind = MM_MAP_ONE};
    return mmi_level_count_rows(ctx, &one, lv->M, 1, c);
}

/* As (Mᵀ)ᵀ 1 so the rows are Mᵀ's stored columns (a gather, no regrouping). */
mm_status mmi_level_valences(mm_context ctx, const mmi_generic_level *lv, mm_dense *n)
{
    mm_map one = {.kind = MM_MAP_ONE};
    return mmi_level_count_rows(ctx, &one, lv->Mt, 1, n);
}

mm_status mmi_level_edge_matrix(mm_context ctx, mmi_generic_level *lv)
{
    mm_status st = MM_OK;
    if (lv->E != NULL) return MM_OK; /* level 0 with MM_BOUNDARY_NONE: made for its holes */
    if (lv->side != NULL) return mmi_side_edge_matrix(ctx, lv);
    mm_spgemm_op op = {{.kind = MM_MAP_CIRCULANT, .shifts = {1, -1}, .num_shifts = 2},
                       {.kind = MM_LAMBDA_COUNT}, MM_REDUCE_SUM, MM_MASK_NONE, MM_TYPE_INT32};
    MM_TRY(mmi_spgemm(ctx, &op, lv->M, lv->Mt, &lv->E));
    /* Below level 0 the edges were numbered by formula; E holds one entry
     * per pair of ends, so fewer means two refined edges join one pair, which
     * only meshes on the route by face side have (mmi_mesh_needs_side_edges
     * sends them there): a guard, never met. */
    if (lv->level > 0 && lv->E->nnz != 2 * lv->n.edges)
        MM_FAIL(ctx, MM_ERR_INVALID_MESH,
                "level %d would join %lld pairs of vertices by two edges, but the mesh did "
                "not take the edges by face side (a bug: please report it)",
                lv->level, (long long)(lv->n.edges - lv->E->nnz / 2));
done:
    return st;
}

mm_status mmi_level_side_faces(mm_context ctx, const mmi_generic_level *lv, mm_matrix *F)
{
    mm_spgemm_op op = {{.kind = MM_MAP_CIRCULANT, .shifts = {1}, .num_shifts = 1},
                       {.kind = MM_LAMBDA_K}, MM_REDUCE_FIRST, MM_MASK_NONE, MM_TYPE_INT32};
    return mmi_spgemm(ctx, &op, lv->M, lv->Mt, F);
}

/* Level 0's edges (DESIGN §3): E's strict lower triangle. For triangles this
 * is also the lower triangle of G + Gᵀ (eq. 30, Appendix B): Q_3 + Q_3² is
 * the circulant {1, −1}, so both have the pattern of the undirected adjacency. */
mm_status mmi_generic_enumerate_edges(mm_context ctx, mmi_generic_level *lv)
{
    mm_status st = MM_OK;
    mm_matrix L = NULL;
    mm_spgemm_op op = {{.kind = MM_MAP_CIRCULANT, .shifts = {1, -1}, .num_shifts = 2},
                       {.kind = MM_LAMBDA_COUNT}, MM_REDUCE_ANY, MM_MASK_LOWER, MM_TYPE_PATTERN};
    if (lv->Mt == NULL) MM_TRY(mmi_matrix_transpose(ctx, lv->M, &lv->Mt));
    MM_TRY(mmi_spgemm(ctx, &op, lv->M, lv->Mt, &L));
    lv->n.edges = L->nnz;
    MM_TRY(mmi_alloc(ctx, L->where, 2 * L->nnz * (int64_t)sizeof(uint32_t), (void **)&lv->ends));
    mmi_generic_args g = mmi_level_args(MMI_EDGE_ENDS, lv);
    g.L = mmi_csc_of(L);
    g.out_ends = lv->ends;
    MM_TRY(mmi_generic_run(ctx, &g, lv->n.vertices));
done:
    mm_matrix_free(&L);
    return st;
}

mm_status mmi_level_number_edges(mm_context ctx, const mmi_generic_level *lv, uint32_t **ids,
                                 int64_t *bytes)
{
    mm_status st = MM_OK;
    *bytes = lv->E->nnz * (int64_t)sizeof(uint32_t);
    MM_TRY(mmi_alloc(ctx, lv->E->where, *bytes, (void **)ids));
    if (lv->side != NULL) return mmi_copy(ctx, *ids, lv->E->where, lv->entry_edge, lv->E->where, *bytes);
    mmi_generic_args g = mmi_level_args(MMI_EDGE_IDS, lv);
    g.ids = *ids;
    MM_TRY(mmi_generic_run(ctx, &g, lv->n.edges));
done:
    return st;
}

/* E is symmetric, so its stored columns are its rows. */
mm_status mmi_level_boundary_edges(mm_context ctx, const mmi_generic_level *lv, mm_dense *nb)
{
    static const double boundary[2] = {0.0, 1.0};
    mm_map map = {.kind = MM_MAP_TABLE, .table = boundary, .table_len = 2};
    return mmi_level_count_rows(ctx, &map, lv->E, 1, nb);
}

mm_status mmi_level_face_weights(mm_context ctx, mmi_generic_level *lv, mm_dense c)
{
    mm_status st = MM_OK;
    MM_TRY(mmi_dense_alloc(ctx, &lv->inv_c, lv->n.faces, 1, MM_TYPE_FLOAT64));
    mmi_generic_args g = mmi_level_args(MMI_FACE_WEIGHTS, lv);
    g.c = c->data;
    g.inv_c = lv->inv_c->data;
    MM_TRY(mmi_generic_run(ctx, &g, lv->n.faces));
done:
    return st;
}

mm_status mmi_level_vertex_weights(mm_context ctx, mmi_generic_level *lv, int rule, mm_dense n,
                                   mm_dense nb, mm_boundary boundary)
{
    mm_status st = MM_OK;
    int64_t nv = lv->n.vertices;
    MM_TRY(mmi_dense_alloc(ctx, &lv->alpha, nv, 1, MM_TYPE_FLOAT64));
    MM_TRY(mmi_dense_alloc(ctx, &lv->beta, nv, 1, MM_TYPE_FLOAT64));
    MM_TRY(mmi_dense_alloc(ctx, &lv->beta_b, nv, 1, MM_TYPE_FLOAT64));
    mmi_generic_args g = mmi_level_args(rule, lv);
    g.n = n->data;
    g.nb = nb->data;
    g.alpha = lv->alpha->data;
    g.beta = lv->beta->data;
    g.beta_b = lv->beta_b->data;
    g.corners = boundary == MM_BOUNDARY_EDGE_AND_CORNER;
    MM_TRY(mmi_generic_run(ctx, &g, nv));
done:
    return st;
}

mm_status mmi_level_stencil(mm_context ctx, mmi_generic_level *lv, mmi_generic_args g, int64_t rows,
                            int64_t cols, int64_t width)
{
    mm_status st = MM_OK;
    MM_TRY(mmi_matrix_alloc(ctx, &lv->R, MM_FORMAT_CSR, MM_TYPE_FLOAT64, rows, cols, width * rows,
                            width));
    g.stencil = lv->R->cols;
    g.weights = lv->R->values;
    MM_TRY(mmi_generic_run(ctx, &g, rows));
done:
    return st;
}

/* As (Mᵀ_{val→1} P) scaled by 1/c. */
mm_status mmi_level_face_points(mm_context ctx, const mmi_generic_level *lv, mm_dense P, mm_dense f)
{
    mm_status st = MM_OK;
    mm_map one = {.kind = MM_MAP_ONE};
    MM_TRY(mmi_spmv(ctx, &one, lv->M, 1, P, f, 0));
    MM_TRY(mmi_dense_scale_add(ctx, lv->inv_c, f, 0.0, f));
done:
    return st;
}

/* The row-dependent maps (val_{i,*} → 1/n_i², β_i, α_i/n_i) are not built-in
 * SpMV maps, so each row's factor is a row-scaled sum with the weights the
 * build computed once. */
mm_status mmi_level_vertex_update(mm_context ctx, const mmi_generic_level *lv, mm_dense P, mm_dense f,
                                  mm_dense T, mm_dense S)
{
    static const double boundary[2] = {0.0, 1.0};
    mm_status st = MM_OK;
    mm_map one = {.kind = MM_MAP_ONE};
    mm_map on_boundary = {.kind = MM_MAP_TABLE, .table = boundary, .table_len = 2};
    MM_TRY(mmi_dense_scale_add(ctx, lv->alpha, P, 0.0, S));
    MM_TRY(mmi_spmv(ctx, &one, lv->E, 1, P, T, 0));
    if (f != NULL) MM_TRY(mmi_spmv(ctx, &one, lv->Mt, 1, f, T, 1));
    MM_TRY(mmi_dense_scale_add(ctx, lv->beta, T, 1.0, S));
    if (lv->W != NULL) {
        mm_map value = {.kind = MM_MAP_VALUE};
        MM_TRY(mmi_spmv(ctx, &value, lv->W, 1, P, T, 0));
        MM_TRY(mmi_dense_scale_add(ctx, NULL, T, 1.0, S));
    } else {
        MM_TRY(mmi_spmv(ctx, &on_boundary, lv->E, 1, P, T, 0));
        MM_TRY(mmi_dense_scale_add(ctx, lv->beta_b, T, 1.0, S));
    }
done:
    return st;
}

void mmi_generic_level_free_eval(mmi_generic_level *lv)
{
    if (lv->entry_edge) mmi_free(lv->E->ctx, lv->E->where, lv->entry_edge,
                                 lv->E->nnz * (int64_t)sizeof(uint32_t));
    lv->entry_edge = NULL;
    mm_matrix_free(&lv->S);
    mm_matrix_free(&lv->Mt);
    mm_matrix_free(&lv->E);
    mm_matrix_free(&lv->R);
    mm_dense_free(&lv->inv_c);
    mm_dense_free(&lv->alpha);
    mm_dense_free(&lv->beta);
    mm_dense_free(&lv->beta_b);
    mm_matrix_free(&lv->W);
}

void mmi_generic_level_free(mm_context ctx, mmi_generic_level *lv, int owns_m)
{
    if (owns_m) mm_matrix_free(&lv->M);
    mmi_generic_level_free_eval(lv);
    mm_dense_free(&lv->sharp);
    mm_dense_free(&lv->vsharp);
    if (lv->hole) mmi_free(ctx, mmi_backend_memory(ctx), lv->hole, lv->n.faces);
    lv->hole = NULL;
    if (lv->level == 0 && lv->order.rank) {
        mmi_free(ctx, mmi_backend_memory(ctx), lv->order.rank,
                 2 * lv->order.edges * (int64_t)sizeof(uint32_t));
        lv->order.rank = NULL;
    }
    if (lv->ends) mmi_free(ctx, mmi_backend_memory(ctx), lv->ends,
                           2 * lv->n.edges * (int64_t)sizeof(uint32_t));
    lv->ends = NULL;
    if (lv->side) mmi_free(ctx, mmi_backend_memory(ctx), lv->side,
                           lv->n.nnz * (int64_t)sizeof(uint32_t));
    lv->side = NULL;
}
