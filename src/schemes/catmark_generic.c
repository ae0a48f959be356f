/* catmark_generic.c: Catmull-Clark's generic path behind mm_subdiv
 * (subdiv_impl.h): the level counts, the build loop over catmark_build.c, the
 * evaluation loop over catmark_eval.c, and the per-level accessors. */
#include "../core/error.h"
#include "../core/memory.h"
#include "../mesh/mesh_impl.h"
#include "catmark.h"
#include "meshmat/dense_ops.h"
#include "subdiv_impl.h"

typedef struct cc_state {
    mm_subdiv_options opts;
    mmi_cc_level *lv; /* levels + 1 */
    int64_t lv_bytes;
} cc_state;

mm_status mmi_cc_next_counts(mm_context ctx, int level, const mm_subdiv_counts *n,
                             mm_subdiv_counts *next)
{
    next->vertices = n->vertices + n->faces + n->edges;
    next->faces = n->nnz;
    next->edges = 2 * n->edges + n->nnz;
    if (next->vertices > UINT32_MAX || next->edges >= UINT32_MAX || next->faces > INT32_MAX ||
        n->nnz > ((int64_t)1 << 60))
        return mmi_fail(ctx, MM_ERR_OVERFLOW,
                        "level %d would have %lld vertices, %lld faces and %lld edges, past "
                        "the 32-bit ids (vertices, edges < 2^32, faces < 2^31)",
                        level + 1, (long long)next->vertices, (long long)next->faces,
                        (long long)next->edges);
    next->nnz = 4 * n->nnz;
    return MM_OK;
}

static void cc_free(mm_context ctx, void *state)
{
    cc_state *s = state;
    if (s == NULL) return;
    if (s->lv != NULL) {
        for (int l = 0; l <= s->opts.levels; ++l) mmi_cc_level_free(ctx, &s->lv[l], l > 0);
        mmi_free(ctx, MM_MEMORY_HOST, s->lv, s->lv_bytes);
    }
    mmi_free(ctx, MM_MEMORY_HOST, s, sizeof *s);
}

static mm_status cc_build(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *opts,
                          void **state)
{
    mm_status st = MM_OK;
    int L = opts->levels;
    cc_state *s = NULL;
    MM_TRY(mmi_alloc(ctx, MM_MEMORY_HOST, sizeof *s, (void **)&s));
    static const cc_state no_state = {0};
    *s = no_state;
    s->opts = *opts;
    *state = s;
    s->lv_bytes = (int64_t)(L + 1) * (int64_t)sizeof(mmi_cc_level);
    MM_TRY(mmi_alloc(ctx, MM_MEMORY_HOST, s->lv_bytes, (void **)&s->lv));
    static const mmi_cc_level empty = {0};
    for (int l = 0; l <= L; ++l) s->lv[l] = empty;
    mmi_cc_level *lv = s->lv;
    lv->M = mesh->M;
    lv->n.vertices = mesh->M->nrows;
    lv->n.faces = mesh->M->ncols;
    lv->n.nnz = mesh->M->nnz;
    MM_TRY(mmi_cc_enumerate_edges(ctx, lv));
    mmi_where(ctx, "mm_subdiv_build");
    for (int l = 0; l < L; ++l) MM_TRY(mmi_cc_next_counts(ctx, l, &lv[l].n, &lv[l + 1].n));
    for (int l = 0; l < L; ++l) {
        MM_TRY(mmi_cc_build_level(ctx, &lv[l], &lv[l + 1], opts->boundary));
        mmi_subdiv_progress(opts, "build", l + 1);
    }
done:
    return st;
}

static mm_status cc_eval(mm_context ctx, void *state, mm_dense X0, mm_dense *XL)
{
    mm_status st = MM_OK;
    cc_state *s = state;
    mm_dense X = NULL;
    MM_TRY(mmi_dense_alloc(ctx, &X, X0->n, X0->d, X0->type));
    MM_TRY(mm_dense_scale_add(ctx, NULL, X0, 0.0, X));
    for (int l = 0; l < s->opts.levels; ++l) {
        mm_dense Y = NULL;
        MM_TRY(mmi_cc_eval_level(ctx, &s->lv[l], X, &Y));
        mm_dense_free(&X);
        X = Y;
        mmi_subdiv_progress(&s->opts, "eval", l + 1);
    }
    *XL = X;
    X = NULL;
done:
    mm_dense_free(&X);
    return st;
}

static mm_subdiv_counts cc_counts(const void *state, int level)
{
    return ((const cc_state *)state)->lv[level].n;
}

const mmi_cc_level *mmi_cc_levels_of(const void *state)
{
    return ((const cc_state *)state)->lv;
}

static mm_matrix cc_matrix(void *state, int level)
{
    return ((cc_state *)state)->lv[level].M;
}

static mm_matrix cc_take_matrix(void *state, int level)
{
    mmi_cc_level *lv = &((cc_state *)state)->lv[level];
    mm_matrix M = lv->M;
    lv->M = NULL;
    return M;
}

static const uint32_t *cc_edges(const void *state, int level)
{
    return ((const cc_state *)state)->lv[level].ends;
}

const mmi_subdiv_impl mmi_catmark_generic = {cc_build,       cc_eval,  cc_counts, cc_matrix,
                                             cc_take_matrix, cc_edges, cc_free,   NULL};
