/* subdiv_matrix.c: the vertex subdivision matrix R_l of one level of any
 * scheme (paper §6.3, eq. 21: P_{l+1} = R_l P_l), built on the backend from
 * the generic path's level data as R_l = S_l K_l: K_l gives [P; W P] (the
 * vertices and the new points that are fixed combinations of them:
 * Catmull-Clark's face points, eq. 3; Loop's edge points, √3's face and
 * boundary points, their weighted stencils), S_l each refined vertex from
 * them (the vertex update, and Catmull-Clark's edge-point stencil);
 * subdiv_matrix_rules.h lays both out, one mapped SpGEMM (map PRODUCT,
 * ⊕ SUM) multiplies them. The factors copy what they read of the level, so
 * the level's evaluation data goes before the product: the two factors and
 * the product then are the most a level holds at once. */
#include "../core/error.h"
#include "../spla/matrix_impl.h"
#include "../spla/spgemm.h"
#include "catmark.h"
#include "generic_level.h"
#include "meshmat/ops.h"
#include "subdiv_matrix_rules.h"

/* *X = a new rows × cols CSC float64 matrix of nnz entries, its columns and
 * end pointer laid out by rule. */
static mm_status lay_out(mm_context ctx, mmi_sm_args g, int rule, int64_t rows, int64_t cols,
                         int64_t nnz, mm_matrix *X)
{
    mm_status st = MM_OK;
    MM_TRY(mmi_matrix_alloc(ctx, X, MM_FORMAT_CSC, MM_TYPE_FLOAT64, rows, cols, nnz, 0));
    g.rule = rule;
    g.ptr = (*X)->ptr;
    g.rows = (*X)->rows;
    g.values = (*X)->values;
    MM_TRY(mmi_sm_run(ctx, &g, cols + 1));
done:
    if (st != MM_OK) mm_matrix_free(X);
    return st;
}

/* K_lᵀ = [I | Wᵀ] from g's W fields; with g.nw = 0 the |V| × |V| identity. */
static mm_status near_matrix(mm_context ctx, mmi_sm_args g, mm_matrix *Kt)
{
    int64_t nnz = g.nv + (g.nw > 0 ? g.nnz_w : 0);
    return lay_out(ctx, g, MMI_SM_NEAR, g.nv, g.nv + g.nw, nnz, Kt);
}

/* S_lᵀ: (|V| + |W|) × |V'|, column r = refined vertex r. */
static mm_status refine_matrix(mm_context ctx, const mmi_generic_level *lv, mmi_sm_args g,
                               mm_matrix *St)
{
    int64_t nr = g.nv + g.nw + g.ne, nnz = lv->E->nnz + g.nv + g.nnz_mt + g.nw + 4 * g.ne;
    g.E = mmi_csc_of(lv->E);
    g.nnz_e = lv->E->nnz;
    g.alpha = lv->alpha->data;
    g.beta = lv->beta->data;
    g.crease_w = lv->W ? lv->W->values : NULL;
    g.beta_b = lv->beta_b->data;
    return lay_out(ctx, g, MMI_SM_REFINE, g.nv + g.nw, nr, nnz, St);
}

/* R_l = S_l K_l, computed as R_lᵀ = K_lᵀ S_lᵀ, whose CSC is R_l's CSR;
 * lv's evaluation data is freed once both factors are laid out. */
static mm_status subdivision_matrix(mm_context ctx, mmi_generic_level *lv, mmi_sm_args g,
                                    mm_matrix *R)
{
    mm_status st = MM_OK;
    mm_matrix Kt = NULL, St = NULL;
    mm_spgemm_op op = {.map = {.kind = MM_MAP_PRODUCT}, .lambda = {.kind = MM_LAMBDA_MAP},
                       .reduce = MM_REDUCE_SUM, .mask = MM_MASK_NONE,
                       .out_type = MM_TYPE_FLOAT64};
    *R = NULL;
    g.nv = lv->n.vertices;
    MM_TRY(near_matrix(ctx, g, &Kt));
    MM_TRY(refine_matrix(ctx, lv, g, &St));
    mmi_generic_level_free_eval(lv);
    MM_TRY(mmi_spgemm(ctx, &op, Kt, St, R));
    **R = mmi_matrix_transposed(*R);
done:
    mm_matrix_free(&Kt);
    mm_matrix_free(&St);
    return st;
}

mm_status mmi_identity_matrix(mm_context ctx, int64_t n, mm_matrix *I)
{
    mm_status st = MM_OK;
    mmi_sm_args g = {0};
    g.nv = n;
    MM_TRY(near_matrix(ctx, g, I));
    **I = mmi_matrix_transposed(*I);
done:
    return st;
}

/* W = diag(1/c) Mᵀ (the face points), a face term in the vertex update
 * (eq. 11) and the edge points from [P; f] (the stencil's weights). */
mm_status mmi_cc_subdivision_matrix(mm_context ctx, mmi_generic_level *lv, mm_matrix *R)
{
    mmi_sm_args g = {0};
    g.nw = lv->n.faces;
    g.W = mmi_csc_of(lv->M);
    g.nnz_w = lv->n.nnz;
    g.w_col = lv->inv_c->data;
    g.Mt = mmi_csc_of(lv->Mt);
    g.nnz_mt = lv->Mt->nnz;
    g.ne = lv->n.edges;
    g.stencil = lv->R->cols;
    g.stencil_w = lv->R->values;
    return subdivision_matrix(ctx, lv, g, R);
}

/* W = the level's weighted stencil (lv->R, FLOAT64 CSR of uniform width: its
 * rows are Wᵀ's columns); the vertex update has no face term (eq. 28 / 31,
 * eq. 24 / 27) and no point is made from the new points. */
mm_status mmi_tri_subdivision_matrix(mm_context ctx, mmi_generic_level *lv, mm_matrix *R)
{
    mmi_sm_args g = {0};
    mmi_csc_view W = {lv->R->ptr, lv->R->uniform, lv->R->cols, NULL};
    g.nw = lv->R->nrows;
    g.W = W;
    g.nnz_w = lv->R->nnz;
    g.w_entry = lv->R->values;
    return subdivision_matrix(ctx, lv, g, R);
}
