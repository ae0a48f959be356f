/* catmark_build.c: the build step of Catmull-Clark's generic path (paper §3.2
 * "Combination"): per level, the topology-only formulas as mapped products of
 * src/spla, one function each, and the lambdas of catmark_rules.h that turn
 * them into DESIGN §3's numbering and the weights the evaluation applies. */
#include "../core/error.h"
#include "../core/memory.h"
#include "../spla/matrix_impl.h"
#include "../spla/transpose.h"
#include "catmark.h"
#include "meshmat/dense_ops.h"

/* Temporaries of one level's build. */
typedef struct build_work {
    mm_dense c, n, nb;   /* face orders, valences, boundary edges per vertex */
    mm_matrix F;         /* eq. 6–7                                          */
    uint32_t *ids;       /* edge id of each entry of E                       */
    int64_t ids_bytes;
} build_work;

/* The weights the evaluation applies: 1/c per face, α, β, β_b per vertex. */
static mm_status cc_weights(mm_context ctx, mmi_generic_level *lv, const build_work *w,
                            mm_boundary boundary)
{
    mm_status st = MM_OK;
    MM_TRY(mmi_level_face_weights(ctx, lv, w->c));
    MM_TRY(mmi_level_vertex_weights(ctx, lv, MMI_CC_VERTEX_WEIGHTS, w->n, w->nb, boundary));
done:
    return st;
}

/* R: row e = the 4 weighted sources of edge point e among [P; f] (cc_stencil;
 * with tags its mask reads the sharpness of e and of its halves). */
static mm_status cc_edge_stencil(mm_context ctx, mmi_generic_level *lv,
                                 const mmi_generic_level *next, const build_work *w)
{
    mmi_generic_args g = mmi_level_args(MMI_CC_STENCIL, lv);
    g.F = mmi_csc_of(w->F);
    mmi_level_crease_args(&g, lv, next);
    return mmi_level_stencil(ctx, lv, g, lv->n.edges,
                             lv->n.vertices + lv->n.faces, 4);
}

/* M_{l+1} = T = M Mᵀ {Q_c}[σ] (eq. 12): σ over T's entries (M's corners, face
 * by face), each refined face stored at its corner's non-zero index (DESIGN §3). */
static mm_status cc_refined_faces(mm_context ctx, const mmi_generic_level *lv, const build_work *w,
                                  mmi_generic_level *next)
{
    mm_status st = MM_OK;
    MM_TRY(mmi_matrix_alloc(ctx, &next->M, MM_FORMAT_CSC, MM_TYPE_PATTERN, next->n.vertices,
                            next->n.faces, next->n.nnz, 4));
    mmi_generic_args g = mmi_level_args(MMI_CC_QUADS, lv);
    g.ids = w->ids;
    g.quads = next->M->rows;
    MM_TRY(mmi_generic_run(ctx, &g, lv->n.faces));
done:
    return st;
}

/* Level l + 1's edges by formula from level l's (DESIGN §3), no enumeration. */
static mm_status cc_refined_edges(mm_context ctx, const mmi_generic_level *lv, mmi_generic_level *next)
{
    mm_status st = MM_OK;
    MM_TRY(mmi_alloc(ctx, next->M->where, 2 * next->n.edges * (int64_t)sizeof(uint32_t),
                     (void **)&next->ends));
    mmi_generic_args g = mmi_level_args(MMI_CC_CHILD_EDGES, lv);
    g.quads = next->M->rows;
    g.out_ends = next->ends;
    MM_TRY(mmi_generic_run(ctx, &g, next->n.edges));
done:
    return st;
}

mm_status mmi_cc_build_level(mm_context ctx, mmi_generic_level *lv, mmi_generic_level *next,
                             const mm_subdiv_options *opts)
{
    mm_status st = MM_OK;
    build_work w = {NULL, NULL, NULL, NULL, NULL, 0};
    if (lv->Mt == NULL) MM_TRY(mmi_matrix_transpose(ctx, lv->M, &lv->Mt));
    MM_TRY(mmi_level_face_orders(ctx, lv, &w.c));
    MM_TRY(mmi_level_valences(ctx, lv, &w.n));
    MM_TRY(mmi_level_edge_matrix(ctx, lv));
    MM_TRY(mmi_level_side_faces(ctx, lv, &w.F));
    MM_TRY(mmi_level_number_edges(ctx, lv, &w.ids, &w.ids_bytes));
    MM_TRY(mmi_level_boundary_edges(ctx, lv, &w.nb));
    MM_TRY(cc_weights(ctx, lv, &w, opts->boundary));
    if (lv->sharp != NULL)
        MM_TRY(mmi_crease_build(ctx, lv, next, w.ids, w.F, w.n, opts, MMI_CC_CREASE_WEIGHTS));
    if (lv->hole != NULL) MM_TRY(mmi_hole_build(ctx, lv, next, 0));
    MM_TRY(cc_edge_stencil(ctx, lv, next, &w));
    MM_TRY(cc_refined_faces(ctx, lv, &w, next));
    MM_TRY(cc_refined_edges(ctx, lv, next));
    MM_TRY(mmi_side_refine(ctx, lv, next, MMI_CC_CHILD_SIDES));
done:
    mm_dense_free(&w.c);
    mm_dense_free(&w.n);
    mm_dense_free(&w.nb);
    mm_matrix_free(&w.F);
    if (w.ids) mmi_free(ctx, lv->E->where, w.ids, w.ids_bytes);
    return st;
}
