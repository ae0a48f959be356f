/* generic_side.c: the generic path's edges by face side (generic_level.h,
 * side_rules.h; docs/creases.md): level 0's from Vtr's rule on the host,
 * with Vtr's non-manifold tags as Far sharpens them, E with one entry per
 * edge, and each level's sides from its parent's by formula. */
#include "../core/error.h"
#include "../core/memory.h"
#include "../mesh/host_array.h"
#include "../mesh/mesh_fans.h"
#include "../mesh/mesh_impl.h"
#include "../rules/crease.h"
#include "../spla/dense_ops.h"
#include "../spla/matrix_impl.h"
#include "../spla/transpose.h"
#include "generic_level.h"


/* *x (n FLOAT32 values, made as zeros when absent) with 10 where flag is set:
 * Far sharpens its non-manifold edges and vertices after the user's tags. */
static mm_status sharpen(mm_context ctx, mm_dense *x, int64_t n, const uint8_t *flag)
{
    mm_status st = MM_OK;
    float *h = NULL;
    MM_TRY(mmi_host_array(ctx, n, sizeof *h, (void **)&h));
    if (*x == NULL) {
        MM_TRY(mmi_dense_alloc(ctx, x, n, 1, MM_TYPE_FLOAT32));
        for (int64_t i = 0; i < n; ++i) h[i] = 0.0f;
    } else {
        MM_TRY(mmi_copy(ctx, h, MM_MEMORY_HOST, (*x)->data, (*x)->where, n * (int64_t)sizeof *h));
    }
    for (int64_t i = 0; i < n; ++i)
        if (flag[i]) h[i] = MMI_SHARP_INFINITE;
    MM_TRY(mmi_copy(ctx, (*x)->data, (*x)->where, h, MM_MEMORY_HOST, n * (int64_t)sizeof *h));
done:
    mmi_host_array_free(ctx, h, n, sizeof *h);
    return st;
}

mm_status mmi_side_level0(mm_context ctx, mmi_generic_level *lv, mm_mesh mesh,
                          mm_boundary boundary)
{
    mm_status st = MM_OK;
    mmi_side_edges S = {0};
    uint8_t *sharpened = NULL;
    int64_t nv = lv->n.vertices, corners = 0, nm_edges = 0;
    MM_TRY(mmi_host_array(ctx, nv, 1, (void **)&sharpened));
    MM_TRY(mmi_mesh_vtr_edges(ctx, mesh, &S, sharpened, &corners));
    lv->n.edges = S.num_edges;
    MM_TRY(mmi_to_backend(ctx, S.ends, 2 * S.num_edges, sizeof *S.ends, (void **)&lv->ends));
    MM_TRY(mmi_to_backend(ctx, S.side, S.num_corners, sizeof *S.side, (void **)&lv->side));
    if (lv->Mt == NULL) MM_TRY(mmi_matrix_transpose(ctx, lv->M, &lv->Mt));
    MM_TRY(mmi_crease_level0(ctx, lv, mesh, boundary));
    for (int64_t e = 0; e < S.num_edges; ++e) nm_edges += S.nonmanifold[e];
    if (nm_edges + corners > 0) {
        MM_TRY(sharpen(ctx, &lv->sharp, S.num_edges, S.nonmanifold));
        MM_TRY(sharpen(ctx, &lv->vsharp, nv, sharpened));
    }
done:
    mmi_host_array_free(ctx, sharpened, nv, 1);
    mmi_side_edges_release(ctx, &S);
    return st;
}

/* An n-column uniform CSC pattern matrix of `order` rows per column, its rows
 * a copy of the backend array rows. */
static mm_status pattern_of(mm_context ctx, int64_t nrows, int64_t ncols, int64_t order,
                            const uint32_t *rows, mm_matrix *A)
{
    mm_status st = MM_OK;
    MM_TRY(mmi_matrix_alloc(ctx, A, MM_FORMAT_CSC, MM_TYPE_PATTERN, nrows, ncols, order * ncols,
                            order));
    MM_TRY(mmi_copy(ctx, (*A)->rows, (*A)->where, rows, (*A)->where,
                    order * ncols * (int64_t)sizeof(uint32_t)));
done:
    return st;
}

/* S = the corners of each edge: the transpose (a stable sort, so in corner
 * order) of the |E| × nnz matrix whose column k is side k's edge. E: the
 * transpose of the |V| × |E| matrix whose column e is (a_e, b_e) lists the
 * edges at each vertex, which MMI_SIDE_EDGE_ENTRIES turns into E's column. */
mm_status mmi_side_edge_matrix(mm_context ctx, mmi_generic_level *lv)
{
    mm_status st = MM_OK;
    mm_matrix C = NULL, V = NULL, Vt = NULL;
    int64_t nv = lv->n.vertices, ne = lv->n.edges;
    MM_TRY(pattern_of(ctx, ne, lv->n.nnz, 1, lv->side, &C));
    MM_TRY(mmi_matrix_transpose(ctx, C, &lv->S));
    MM_TRY(pattern_of(ctx, nv, ne, 2, lv->ends, &V));
    MM_TRY(mmi_matrix_transpose(ctx, V, &Vt));
    MM_TRY(mmi_matrix_alloc(ctx, &lv->E, MM_FORMAT_CSC, MM_TYPE_INT32, nv, nv, 2 * ne, 0));
    MM_TRY(mmi_copy(ctx, lv->E->ptr, lv->E->where, Vt->ptr, Vt->where,
                    (nv + 1) * (int64_t)sizeof(int64_t)));
    MM_TRY(mmi_alloc(ctx, lv->E->where, 2 * ne * (int64_t)sizeof(uint32_t),
                     (void **)&lv->entry_edge));
    mmi_generic_args g = mmi_level_args(MMI_SIDE_EDGE_ENTRIES, lv);
    g.Vt = mmi_csc_of(Vt);
    g.E_rows = lv->E->rows;
    g.E_tau = (int32_t *)lv->E->values;
    g.entry_edge = lv->entry_edge;
    MM_TRY(mmi_generic_run(ctx, &g, nv));
done:
    mm_matrix_free(&C);
    mm_matrix_free(&V);
    mm_matrix_free(&Vt);
    return st;
}

mm_status mmi_side_refine(mm_context ctx, const mmi_generic_level *lv, mmi_generic_level *next,
                          int rule)
{
    mm_status st = MM_OK;
    if (lv->side == NULL) return MM_OK;
    MM_TRY(mmi_alloc(ctx, mmi_backend_memory(ctx), next->n.nnz * (int64_t)sizeof(uint32_t),
                     (void **)&next->side));
    mmi_generic_args g = mmi_level_args(rule, lv);
    g.child_side = next->side;
    MM_TRY(mmi_generic_run(ctx, &g, lv->n.faces));
done:
    return st;
}
