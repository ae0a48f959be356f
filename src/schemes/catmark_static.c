/* catmark_static.c: Catmull-Clark's vertex subdivision matrix R_l of one level
 * (paper §6.3, eq. 21: P_{l+1} = R_l P_l), built on the backend from the
 * generic path's level data as R_l = S_l K_l: K_l gives [P; f] (the vertices
 * and the face points, eq. 3), S_l each refined vertex from them (eq. 11 / 20
 * and the edge-point stencil); catmark_static_rules.h lays both out, one
 * mapped SpGEMM (map PRODUCT, ⊕ SUM) multiplies them. */
#include "../core/error.h"
#include "../spla/matrix_impl.h"
#include "catmark.h"
#include "catmark_static_rules.h"
#include "generic_level.h"
#include "meshmat/ops.h"

/* K_lᵀ = [I | M_{val→1/c}] as CSC float64; with nf = 0 it is the |V| × |V| identity. */
static mm_status near_matrix(mm_context ctx, int64_t nv, int64_t nf, const mmi_cc_level *lv,
                             mm_matrix *Kt)
{
    mm_status st = MM_OK;
    int64_t nnz = nv + (nf > 0 ? lv->n.nnz : 0);
    MM_TRY(mmi_matrix_alloc(ctx, Kt, MM_FORMAT_CSC, MM_TYPE_FLOAT64, nv, nv + nf, nnz, 0));
    mmi_ccs_args g = {0};
    g.rule = MMI_CCS_NEAR;
    g.nv = nv;
    g.nf = nf;
    if (nf > 0) {
        g.M = mmi_csc_of(lv->M);
        g.nnz_m = lv->n.nnz;
        g.inv_c = lv->inv_c->data;
    }
    g.ptr = (*Kt)->ptr;
    g.rows = (*Kt)->rows;
    g.values = (*Kt)->values;
    MM_TRY(mmi_ccs_run(ctx, &g, nv + nf + 1));
done:
    if (st != MM_OK) mm_matrix_free(Kt);
    return st;
}

/* S_lᵀ as CSC float64: (|V| + |F|) × |V'|, column r = refined vertex r. */
static mm_status refine_matrix(mm_context ctx, const mmi_cc_level *lv, mm_matrix *St)
{
    mm_status st = MM_OK;
    int64_t nv = lv->n.vertices, nf = lv->n.faces, ne = lv->n.edges, nr = nv + nf + ne;
    int64_t nnz = lv->E->nnz + nv + lv->Mt->nnz + nf + 4 * ne;
    MM_TRY(mmi_matrix_alloc(ctx, St, MM_FORMAT_CSC, MM_TYPE_FLOAT64, nv + nf, nr, nnz, 0));
    mmi_ccs_args g = {0};
    g.rule = MMI_CCS_REFINE;
    g.nv = nv;
    g.nf = nf;
    g.ne = ne;
    g.E = mmi_csc_of(lv->E);
    g.Mt = mmi_csc_of(lv->Mt);
    g.nnz_e = lv->E->nnz;
    g.nnz_mt = lv->Mt->nnz;
    g.alpha = lv->alpha->data;
    g.beta = lv->beta->data;
    g.beta_b = lv->beta_b->data;
    g.stencil = lv->R->cols;
    g.ptr = (*St)->ptr;
    g.rows = (*St)->rows;
    g.values = (*St)->values;
    MM_TRY(mmi_ccs_run(ctx, &g, nr + 1));
done:
    if (st != MM_OK) mm_matrix_free(St);
    return st;
}

mm_status mmi_cc_identity(mm_context ctx, int64_t n, mm_matrix *I)
{
    mm_status st = MM_OK;
    MM_TRY(near_matrix(ctx, n, 0, NULL, I));
    **I = mmi_matrix_transposed(*I);
done:
    return st;
}

mm_status mmi_cc_subdivision_matrix(mm_context ctx, const mmi_cc_level *lv, mm_matrix *R)
{
    mm_status st = MM_OK;
    mm_matrix Kt = NULL, St = NULL;
    mm_spgemm_op op = {.map = {.kind = MM_MAP_PRODUCT}, .lambda = {.kind = MM_LAMBDA_MAP},
                       .reduce = MM_REDUCE_SUM, .mask = MM_MASK_NONE,
                       .out_type = MM_TYPE_FLOAT64};
    *R = NULL;
    MM_TRY(near_matrix(ctx, lv->n.vertices, lv->n.faces, lv, &Kt));
    MM_TRY(refine_matrix(ctx, lv, &St));
    MM_TRY(mm_spgemm(ctx, &op, Kt, St, R));
    **R = mmi_matrix_transposed(*R);
done:
    mm_matrix_free(&Kt);
    mm_matrix_free(&St);
    return st;
}
