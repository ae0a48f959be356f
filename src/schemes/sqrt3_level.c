/* sqrt3_level.c: one level of √3 subdivision on the generic path (paper
 * Appendix A, Kobbelt 2000): the build (E, F of eq. 6–7 as the triangle
 * adjacency, α_n of eq. 25, the new-point matrix R, Figure 12's one refined
 * triangle per non-zero, the refined edges) and the evaluation (new points,
 * eq. 24 / 27). Boundaries follow Kobbelt §4 as OpenMesh's Sqrt3T applies it:
 * even levels keep boundary edges and vertices, odd levels split each
 * boundary edge in three (docs/schemes.md). Refined vertices are
 * [updated vertices; face points (x on boundary triangles); y points]. */
#include "../core/error.h"
#include "../core/memory.h"
#include "../spla/dense_ops.h"
#include "../spla/matrix_impl.h"
#include "../spla/spmv.h"
#include "../spla/transpose.h"
#include "generic_level.h"

/* The boundary triangles split on level l: one per boundary edge on odd
 * levels (each has exactly one boundary side there), none on even ones. */
static int64_t split_boundary(const mmi_generic_level *lv)
{
    return lv->level % 2 ? lv->boundary : 0;
}

/* |V'| = |V| + |F| + |B|, |F'| = nnz, |E'| = |E| + nnz + |B|, with |B| the
 * boundary edges on odd levels (every side lies on one edge, two on an inner
 * one: |B| = 2 |E| − nnz), none on even ones. */
mm_status mmi_sqrt3_next_counts(mm_context ctx, int level, const mm_subdiv_counts *n,
                                mm_subdiv_counts *next)
{
    int64_t b = level % 2 ? 2 * n->edges - n->nnz : 0;
    next->vertices = n->vertices + n->faces + b;
    next->faces = 3 * n->faces;
    next->edges = n->edges + 3 * n->faces + b;
    next->nnz = 9 * n->faces;
    return mmi_level_check_counts(ctx, level, next);
}

/* The boundary edges stay on even levels and triple on odd ones. */
static mm_status sqrt3_next_counts(mm_context ctx, const mmi_generic_level *lv, mmi_generic_level *next)
{
    next->boundary = lv->level % 2 ? 3 * lv->boundary : lv->boundary;
    return mmi_sqrt3_next_counts(ctx, lv->level, &lv->n, &next->n);
}

/* Temporaries of one level's build. */
typedef struct sqrt3_work {
    mm_dense n, nb;      /* valences, boundary edges per vertex  */
    mm_matrix F;         /* eq. 6–7: the triangle adjacency      */
    mm_matrix flags, T;  /* odd levels: 2 × |F| flags, transpose */
    uint32_t *rank;      /* odd levels: |F| ranks                */
} sqrt3_work;

/* Odd levels with a boundary: the boundary triangles in face order as column 1
 * of the transpose of the 2 × |F| matrix with row flag(f) in column f (the
 * transpose's counting sort is the enumeration), and their ranks. */
static mm_status sqrt3_rank_boundary(mm_context ctx, const mmi_generic_level *lv, sqrt3_work *w,
                                     mmi_generic_args *g)
{
    mm_status st = MM_OK;
    int64_t nf = lv->n.faces, first = 0;
    MM_TRY(mmi_matrix_alloc(ctx, &w->flags, MM_FORMAT_CSC, MM_TYPE_PATTERN, 2, nf, nf, 1));
    g->rule = MMI_SQRT3_FLAGS;
    g->flags = w->flags->rows;
    MM_TRY(mmi_generic_run(ctx, g, nf));
    MM_TRY(mmi_matrix_transpose(ctx, w->flags, &w->T));
    MM_TRY(mmi_copy(ctx, &first, MM_MEMORY_HOST, w->T->ptr + 1, w->T->where, sizeof first));
    if (nf - first != lv->boundary)
        MM_FAIL(ctx, MM_ERR_INVALID_MESH, "level %d has %lld triangles on %lld boundary edges; "
                "sqrt(3) needs one per edge", lv->level, (long long)(nf - first),
                (long long)lv->boundary);
    MM_TRY(mmi_alloc(ctx, w->T->where, nf * (int64_t)sizeof(uint32_t), (void **)&w->rank));
    g->bfaces = w->T->rows + first;
    g->rank = w->rank;
    g->rule = MMI_SQRT3_RANKS;
    MM_TRY(mmi_generic_run(ctx, g, lv->boundary));
done:
    return st;
}

/* R: |F| + |B| rows of 3 weighted sources (sqrt3_stencil), FLOAT64 CSR. */
static mm_status sqrt3_point_stencil(mm_context ctx, mmi_generic_level *lv, mmi_generic_args g)
{
    g.rule = MMI_SQRT3_STENCIL;
    return mmi_level_stencil(ctx, lv, g, lv->n.faces + split_boundary(lv),
                             lv->n.vertices, 3);
}

/* M_{l+1} (Figure 12: refined triangle t from corner t) and its edges. */
static mm_status sqrt3_refine(mm_context ctx, mmi_generic_args g, mmi_generic_level *next)
{
    mm_status st = MM_OK;
    MM_TRY(mmi_matrix_alloc(ctx, &next->M, MM_FORMAT_CSC, MM_TYPE_PATTERN, next->n.vertices,
                            next->n.faces, next->n.nnz, 3));
    g.rule = MMI_SQRT3_TRIANGLES;
    g.quads = next->M->rows;
    MM_TRY(mmi_generic_run(ctx, &g, next->n.faces));
    MM_TRY(mmi_alloc(ctx, next->M->where, 2 * next->n.edges * (int64_t)sizeof(uint32_t),
                     (void **)&next->ends));
    g.rule = MMI_SQRT3_CHILD_EDGES;
    g.out_ends = next->ends;
    MM_TRY(mmi_generic_run(ctx, &g, next->n.edges));
done:
    return st;
}

static mm_status sqrt3_build_level(mm_context ctx, mmi_generic_level *lv, mmi_generic_level *next,
                                   const mm_subdiv_options *opts)
{
    mm_status st = MM_OK;
    sqrt3_work w = {NULL, NULL, NULL, NULL, NULL, NULL};
    if (lv->Mt == NULL) MM_TRY(mmi_matrix_transpose(ctx, lv->M, &lv->Mt));
    MM_TRY(mmi_level_valences(ctx, lv, &w.n));
    MM_TRY(mmi_level_edge_matrix(ctx, lv));
    MM_TRY(mmi_level_side_faces(ctx, lv, &w.F));
    MM_TRY(mmi_level_boundary_edges(ctx, lv, &w.nb));
    mmi_generic_args g = mmi_level_args(MMI_SQRT3_VERTEX_WEIGHTS, lv);
    g.F = mmi_csc_of(w.F);
    if (split_boundary(lv) > 0) MM_TRY(sqrt3_rank_boundary(ctx, lv, &w, &g));
    MM_TRY(mmi_level_vertex_weights(ctx, lv, MMI_SQRT3_VERTEX_WEIGHTS, w.n, w.nb, opts->boundary));
    MM_TRY(sqrt3_point_stencil(ctx, lv, g));
    MM_TRY(sqrt3_refine(ctx, g, next));
done:
    mm_dense_free(&w.n);
    mm_dense_free(&w.nb);
    mm_matrix_free(&w.F);
    mm_matrix_free(&w.flags);
    if (w.rank) mmi_free(ctx, w.T->where, w.rank, lv->n.faces * (int64_t)sizeof(uint32_t));
    mm_matrix_free(&w.T);
    return st;
}

/* New points = R_{VALUE} P (eq. 26 and the boundary points), then
 * S = (1 − α) P + F P_{val_i→α_i/n_i} (eq. 24, 27) with the 1-ring from E, in
 * the weights α, β, β_b (boundary rules included). */
static mm_status sqrt3_eval_level(mm_context ctx, const mmi_generic_level *lv, mm_dense X, mm_dense Y)
{
    mm_status st = MM_OK;
    mm_dense T = NULL;
    int64_t nv = lv->n.vertices, np = lv->R->nrows;
    mm_map value = {.kind = MM_MAP_VALUE};
    MM_TRY(mmi_dense_alloc(ctx, &T, nv, X->d, X->type));
    struct mm_dense_s S = mmi_dense_rows(Y, 0, nv), p = mmi_dense_rows(Y, nv, np);
    MM_TRY(mmi_spmv(ctx, &value, lv->R, 0, X, &p, 0));
    MM_TRY(mmi_level_vertex_update(ctx, lv, X, NULL, T, &S));
done:
    mm_dense_free(&T);
    return st;
}

const mmi_level_scheme mmi_sqrt3_levels = {sqrt3_next_counts, sqrt3_build_level,
                                           sqrt3_eval_level, mmi_tri_subdivision_matrix};
