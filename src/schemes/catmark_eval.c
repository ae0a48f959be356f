/* catmark_eval.c: the evaluation step of Catmull-Clark's generic path (paper
 * §3.2 "Combination"): one level of vertex data as mapped SpMVs over the
 * matrices the build made, and row-scaled sums (meshmat/dense_ops.h). The
 * refined array is [updated vertices; face points; edge points] (DESIGN §3). */
#include "../core/error.h"
#include "../spla/dense_ops.h"
#include "../spla/spmv.h"
#include "catmark.h"

/* Edge points: e = R [P; f] with R's weights from mmi_catmark_edge_mask:
 * (p_a + p_b + f_{F(a,b)} + f_{F(b,a)}) / 4, the midpoint on a boundary edge
 * (§5.3). Y's first |V| rows hold P for the product; the update overwrites them. */
static mm_status cc_edge_points(mm_context ctx, const mmi_generic_level *lv, mm_dense P, mm_dense Y)
{
    mm_status st = MM_OK;
    int64_t nv = lv->n.vertices, nf = lv->n.faces;
    struct mm_dense_s known = mmi_dense_rows(Y, 0, nv + nf), v = mmi_dense_rows(Y, 0, nv);
    struct mm_dense_s e = mmi_dense_rows(Y, nv + nf, lv->n.edges);
    mm_map value = {.kind = MM_MAP_VALUE};
    MM_TRY(mmi_dense_scale_add(ctx, NULL, P, 0.0, &v));
    MM_TRY(mmi_spmv(ctx, &value, lv->R, 0, &known, &e, 0));
done:
    return st;
}

mm_status mmi_cc_eval_level(mm_context ctx, const mmi_generic_level *lv, mm_dense X, mm_dense Y)
{
    mm_status st = MM_OK;
    mm_dense T = NULL;
    int64_t nv = lv->n.vertices, nf = lv->n.faces;
    MM_TRY(mmi_dense_alloc(ctx, &T, nv, X->d, X->type));
    struct mm_dense_s f = mmi_dense_rows(Y, nv, nf), S = mmi_dense_rows(Y, 0, nv);
    MM_TRY(mmi_level_face_points(ctx, lv, X, &f));
    MM_TRY(cc_edge_points(ctx, lv, X, Y));
    /* P_sub = I_α P + E_β P + M_β f (eq. 11: α = 1 − 2/n, β = 1/n² for the
     * edge neighbours and the face points alike), the boundary rule 3/4 p +
     * 1/8 Σ boundary neighbours (eq. 20) in the weights. */
    MM_TRY(mmi_level_vertex_update(ctx, lv, X, &f, T, &S));
done:
    mm_dense_free(&T);
    return st;
}
