/* loop_level.c: one level of Loop subdivision on the generic path (paper
 * Appendix B): the build (E, F for G of eq. 30, edge ids, the weighted
 * edge-point matrix R, β of eq. 29, the 1 → 4 split) and the evaluation
 * (edge points, eq. 28 / 31), as mapped products of src/spla and the rules of
 * tri_rules.h. Refined vertices are [updated vertices; edge points]. */
#include "../core/error.h"
#include "../core/memory.h"
#include "../spla/dense_ops.h"
#include "../spla/matrix_impl.h"
#include "../spla/spmv.h"
#include "../spla/transpose.h"
#include "generic_level.h"

mm_status mmi_loop_next_counts(mm_context ctx, int level, const mm_subdiv_counts *n,
                               mm_subdiv_counts *next)
{
    next->vertices = n->vertices + n->edges;
    next->faces = 4 * n->faces;
    next->edges = 2 * n->edges + 3 * n->faces;
    next->nnz = 12 * n->faces;
    return mmi_level_check_counts(ctx, level, next);
}

static mm_status loop_next_counts(mm_context ctx, const mmi_generic_level *lv, mmi_generic_level *next)
{
    return mmi_loop_next_counts(ctx, lv->level, &lv->n, &next->n);
}

/* R: row e = 4 weighted sources of edge point e (loop_stencil), a FLOAT64 CSR
 * matrix applied with map VALUE. */
static mm_status loop_edge_stencil(mm_context ctx, mmi_generic_level *lv,
                                   const mmi_generic_level *next, mm_matrix F)
{
    mmi_generic_args g = mmi_level_args(MMI_LOOP_STENCIL, lv);
    g.F = mmi_csc_of(F);
    mmi_level_crease_args(&g, lv, next);
    return mmi_level_stencil(ctx, lv, g, lv->n.edges, lv->n.vertices, 4);
}

/* M_{l+1}: the 1 → 4 split, one rule per face, a uniform-3 pattern CSC; then
 * level l + 1's edges by formula (DESIGN §3). */
static mm_status loop_refine(mm_context ctx, const mmi_generic_level *lv, const uint32_t *ids,
                             mmi_generic_level *next)
{
    mm_status st = MM_OK;
    MM_TRY(mmi_matrix_alloc(ctx, &next->M, MM_FORMAT_CSC, MM_TYPE_PATTERN, next->n.vertices,
                            next->n.faces, next->n.nnz, 3));
    mmi_generic_args g = mmi_level_args(MMI_LOOP_TRIANGLES, lv);
    g.ids = (uint32_t *)ids;
    g.quads = next->M->rows;
    MM_TRY(mmi_generic_run(ctx, &g, lv->n.faces));
    MM_TRY(mmi_alloc(ctx, next->M->where, 2 * next->n.edges * (int64_t)sizeof(uint32_t),
                     (void **)&next->ends));
    g.rule = MMI_LOOP_CHILD_EDGES;
    g.out_ends = next->ends;
    MM_TRY(mmi_generic_run(ctx, &g, next->n.edges));
done:
    return st;
}

static mm_status loop_build_level(mm_context ctx, mmi_generic_level *lv, mmi_generic_level *next,
                                  const mm_subdiv_options *opts)
{
    mm_status st = MM_OK;
    mm_dense n = NULL, nb = NULL;
    mm_matrix F = NULL;
    uint32_t *ids = NULL;
    int64_t ids_bytes = 0;
    if (lv->Mt == NULL) MM_TRY(mmi_matrix_transpose(ctx, lv->M, &lv->Mt));
    MM_TRY(mmi_level_valences(ctx, lv, &n));
    MM_TRY(mmi_level_edge_matrix(ctx, lv));
    MM_TRY(mmi_level_side_faces(ctx, lv, &F));
    MM_TRY(mmi_level_number_edges(ctx, lv, &ids, &ids_bytes));
    MM_TRY(mmi_level_boundary_edges(ctx, lv, &nb));
    MM_TRY(mmi_level_vertex_weights(ctx, lv, MMI_LOOP_VERTEX_WEIGHTS, n, nb, opts->boundary));
    if (lv->sharp != NULL)
        MM_TRY(mmi_crease_build(ctx, lv, next, ids, F, n, opts, MMI_LOOP_CREASE_WEIGHTS));
    if (lv->hole != NULL) MM_TRY(mmi_hole_build(ctx, lv, next, 1));
    MM_TRY(loop_edge_stencil(ctx, lv, next, F));
    MM_TRY(loop_refine(ctx, lv, ids, next));
    MM_TRY(mmi_side_refine(ctx, lv, next, MMI_LOOP_CHILD_SIDES));
done:
    mm_dense_free(&n);
    mm_dense_free(&nb);
    mm_matrix_free(&F);
    if (ids) mmi_free(ctx, lv->E->where, ids, ids_bytes);
    return st;
}

/* Edge points e = R_{VALUE} P (Figure 13, left), then the vertex update
 * S = (1 − n β) P + G P_{val_i→β_i} (eq. 28, 31) with G's pattern that of E
 * (E_1 P sums the 1-ring), and 3/4 p + 1/8 Σ boundary neighbours on the
 * boundary, all in the weights α, β, β_b. */
static mm_status loop_eval_level(mm_context ctx, const mmi_generic_level *lv, mm_dense X, mm_dense Y)
{
    mm_status st = MM_OK;
    mm_dense T = NULL;
    int64_t nv = lv->n.vertices;
    mm_map value = {.kind = MM_MAP_VALUE};
    MM_TRY(mmi_dense_alloc(ctx, &T, nv, X->d, X->type));
    struct mm_dense_s S = mmi_dense_rows(Y, 0, nv), e = mmi_dense_rows(Y, nv, lv->n.edges);
    MM_TRY(mmi_spmv(ctx, &value, lv->R, 0, X, &e, 0));
    MM_TRY(mmi_level_vertex_update(ctx, lv, X, NULL, T, &S));
done:
    mm_dense_free(&T);
    return st;
}

const mmi_level_scheme mmi_loop_levels = {loop_next_counts, loop_build_level, loop_eval_level,
                                          mmi_tri_subdivision_matrix};
