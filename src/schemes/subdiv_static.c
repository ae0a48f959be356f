/* subdiv_static.c: static mode (paper §6.2–6.3; subdiv_static.h), one for
 * every scheme. The build makes every level's R_l from the generic path's
 * level data (the scheme's subdivision_matrix, subdiv_matrix.c), multiplies them into R = R_{L−1} … R_0 (eq. 22) by
 * mapped SpGEMM, keeps float32 copies of the values for float32 data, and
 * for MM_STATIC_AUTO times both evaluations once. Values are built and kept in
 * float64 (the matrices the accessor lends); float32 data is multiplied with
 * the float32 copy, so a float32 evaluation reads half the value bytes. */
#include <time.h>

#include "../core/context_impl.h"
#include "../core/cuda_backend.h"
#include "../core/error.h"
#include "../core/memory.h"
#include "../core/timer.h"
#include "../kernels/static_spmv.h"
#include "../spla/dense_ops.h"
#include "../spla/matrix_impl.h"
#include "../spla/spgemm.h"
#include "generic_level.h"
#include "subdiv_matrix_rules.h"
#include "meshmat/ops.h"
#include "subdiv_impl.h"
#include "subdiv_static.h"

struct mmi_subdiv_static {
    mm_subdiv_options opts;
    mm_static_eval use;   /* COMPOSITE or LEVELS                                  */
    mm_matrix *R;         /* levels: R_l, |V_{l+1}| × |V_l| CSR float64           */
    float **r32;          /* levels: R_l's values as float32                      */
    mm_matrix C;          /* R (R_0 itself when levels = 1, I when levels = 0)    */
    float *c32;
};

mm_status mmi_static_values_f32(mm_context ctx, mm_matrix A, float **v)
{
    mm_status st = MM_OK;
    MM_TRY(mmi_alloc(ctx, A->where, A->nnz * (int64_t)sizeof(float), (void **)v));
    mmi_sm_args g = {0};
    g.rule = MMI_SM_TO_F32;
    g.f64 = A->values;
    g.f32 = *v;
    MM_TRY(mmi_sm_run(ctx, &g, A->nnz));
done:
    return st;
}

/* As (R C)ᵀ = Cᵀ Rᵀ, a mapped SpGEMM of the CSC views. */
mm_status mmi_static_compose(mm_context ctx, mm_matrix R, mm_matrix C, mm_matrix *out)
{
    mm_status st = MM_OK;
    mm_spgemm_op op = {.map = {.kind = MM_MAP_PRODUCT}, .lambda = {.kind = MM_LAMBDA_MAP},
                       .reduce = MM_REDUCE_SUM, .mask = MM_MASK_NONE,
                       .out_type = MM_TYPE_FLOAT64};
    struct mm_matrix_s Ct = mmi_matrix_transposed(C), Rt = mmi_matrix_transposed(R);
    MM_TRY(mmi_spgemm(ctx, &op, &Ct, &Rt, out));
    **out = mmi_matrix_transposed(*out);
done:
    return st;
}

/* The composite R of eq. 22, from R_0 on (shared with R_0 when levels = 1). */
static mm_status composite(mm_context ctx, mmi_subdiv_static *s, int64_t nv0)
{
    mm_status st = MM_OK;
    int L = s->opts.levels;
    if (L == 0) return mmi_identity_matrix(ctx, nv0, &s->C);
    s->C = s->R[0];
    for (int l = 1; l < L; ++l) {
        mm_matrix next = NULL;
        MM_TRY(mmi_static_compose(ctx, s->R[l], s->C, &next));
        if (s->C != s->R[0]) mm_matrix_free(&s->C);
        s->C = next;
    }
done:
    return st;
}

mm_status mmi_static_apply_into(mm_context ctx, mm_matrix R, const float *v32, mm_dense X,
                                mm_dense Y)
{
    int f64 = X->type == MM_TYPE_FLOAT64;
    mmi_static_spmv_args a = {R->nrows, X->d, R->nnz, f64, R->ptr, R->cols,
                              f64 ? R->values : (const void *)v32, X->data, Y->data};
    return mmi_static_spmv(ctx, &a);
}

mm_status mmi_static_apply(mm_context ctx, mm_matrix R, const float *v32, mm_dense X, mm_dense *Y)
{
    mm_status st = MM_OK;
    MM_TRY(mmi_dense_alloc(ctx, Y, R->nrows, X->d, X->type));
    MM_TRY(mmi_static_apply_into(ctx, R, v32, X, *Y));
done:
    if (st != MM_OK) mm_dense_free(Y);
    return st;
}

mm_status mmi_subdiv_static_eval_into(mm_context ctx, const mmi_subdiv_static *s, mm_dense X0,
                                      mm_dense XL)
{
    mm_status st = MM_OK;
    int L = s->opts.levels, stage = mmi_stage_begin(ctx, "subdiv_static_eval");
    mm_dense X = X0;
    if (s->use == MM_STATIC_COMPOSITE || L == 0) {
        MM_TRY(mmi_static_apply_into(ctx, s->C, s->c32, X0, XL));
        if (L > 0) mmi_subdiv_progress(&s->opts, "eval", L);
    } else {
        for (int l = 0; l < L; ++l) {
            mm_dense Y = XL; /* the last level's */
            if (l + 1 < L) MM_TRY(mmi_dense_alloc(ctx, &Y, s->R[l]->nrows, X0->d, X0->type));
            st = mmi_static_apply_into(ctx, s->R[l], s->r32[l], X, Y);
            if (X != X0) mm_dense_free(&X);
            X = Y;
            MM_TRY(st);
            mmi_subdiv_progress(&s->opts, "eval", l + 1);
        }
    }
done:
    mmi_stage_end(ctx, stage);
    if (X != X0 && X != XL) mm_dense_free(&X);
    return st;
}

mm_status mmi_subdiv_static_eval(mm_context ctx, const mmi_subdiv_static *s, mm_dense X0,
                                 mm_dense *XL)
{
    mm_status st = MM_OK;
    MM_TRY(mmi_dense_alloc(ctx, XL, s->C->nrows, X0->d, X0->type));
    MM_TRY(mmi_subdiv_static_eval_into(ctx, s, X0, *XL));
done:
    if (st != MM_OK) mm_dense_free(XL);
    return st;
}

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

/* Milliseconds of one evaluation of X by `use`, after a warm-up run: CUDA
 * events on the context's stream, or the monotonic clock on the CPU. */
static mm_status time_eval(mm_context ctx, mmi_subdiv_static *s, mm_static_eval use, mm_dense X,
                           double *ms)
{
    mm_status st = MM_OK;
    mm_dense Y = NULL;
    void *start = NULL, *stop = NULL;
    int cuda = ctx->backend == MM_BACKEND_CUDA;
    s->use = use;
    MM_TRY(mmi_subdiv_static_eval(ctx, s, X, &Y));
    mm_dense_free(&Y);
    int timed = !cuda || mmi_cuda_event_record(ctx, &start) == 0;
    double t0 = now_ms();
    MM_TRY(mmi_subdiv_static_eval(ctx, s, X, &Y));
    timed = timed && (!cuda || mmi_cuda_event_record(ctx, &stop) == 0);
    *ms = !timed ? -1.0 : cuda ? mmi_cuda_event_elapsed(start, stop) : now_ms() - t0;
done:
    mmi_cuda_event_destroy(start);
    mmi_cuda_event_destroy(stop);
    mm_dense_free(&Y);
    return st;
}

/* MM_STATIC_AUTO: the faster of the two on float32 positions (d = 3), the
 * case that matters; a failed timing (ms < 0) keeps the composite. */
static mm_status choose(mm_context ctx, mmi_subdiv_static *s, int64_t nv0)
{
    mm_status st = MM_OK;
    mm_dense X = NULL;
    double composite_ms = 0.0, levels_ms = 0.0;
    mm_subdiv_progress_fn progress = s->opts.progress;
    s->opts.progress = NULL; /* the trial runs are no evaluation of the caller's */
    MM_TRY(mmi_dense_alloc(ctx, &X, nv0, 3, MM_TYPE_FLOAT32));
    MM_TRY(mmi_dense_fill(ctx, X, 0.0));
    MM_TRY(time_eval(ctx, s, MM_STATIC_COMPOSITE, X, &composite_ms));
    MM_TRY(time_eval(ctx, s, MM_STATIC_LEVELS, X, &levels_ms));
    s->use = levels_ms >= 0.0 && composite_ms >= 0.0 && levels_ms < composite_ms
                 ? MM_STATIC_LEVELS
                 : MM_STATIC_COMPOSITE;
done:
    s->opts.progress = progress;
    mm_dense_free(&X);
    return st;
}

/* state: a build of the scheme's generic pair (mmi_generic_impl). */
static mm_status build_matrices(mm_context ctx, mmi_subdiv_static *s, const void *state,
                                int64_t nv0)
{
    mm_status st = MM_OK;
    int L = s->opts.levels;
    for (int l = 0; l < L; ++l) {
        MM_TRY(mmi_generic_subdivision_matrix(ctx, state, l, &s->R[l]));
        MM_TRY(mmi_static_values_f32(ctx, s->R[l], &s->r32[l]));
    }
    MM_TRY(composite(ctx, s, nv0));
    if (s->C == (L > 0 ? s->R[0] : NULL)) s->c32 = s->r32[0];
    else MM_TRY(mmi_static_values_f32(ctx, s->C, &s->c32));
done:
    return st;
}

mm_status mmi_subdiv_static_build(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *opts,
                                  const void *generic_state, mmi_subdiv_static **out)
{
    mm_status st = MM_OK;
    int L = opts->levels;
    void *own = NULL;
    const mmi_subdiv_impl *generic = mmi_generic_impl(opts->scheme);
    mmi_subdiv_static *s = NULL;
    MM_TRY(mmi_alloc(ctx, MM_MEMORY_HOST, sizeof *s, (void **)&s));
    static const struct mmi_subdiv_static empty = {0};
    *s = empty;
    s->opts = *opts;
    *out = s;
    MM_TRY(mmi_alloc(ctx, MM_MEMORY_HOST, L * (int64_t)sizeof *s->R, (void **)&s->R));
    for (int l = 0; l < L; ++l) s->R[l] = NULL;
    MM_TRY(mmi_alloc(ctx, MM_MEMORY_HOST, L * (int64_t)sizeof *s->r32, (void **)&s->r32));
    for (int l = 0; l < L; ++l) s->r32[l] = NULL;
    if (generic_state == NULL) {
        MM_TRY(generic->build(ctx, mesh, opts, &own));
        generic_state = own;
    }
    MM_TRY(build_matrices(ctx, s, generic_state, generic->counts(generic_state, 0).vertices));
    s->use = opts->static_eval;
    if (s->use == MM_STATIC_AUTO) MM_TRY(choose(ctx, s, s->C->ncols));
done:
    generic->free_state(ctx, own);
    return st;
}

mm_matrix mmi_subdiv_static_matrix(const mmi_subdiv_static *s, int from, int to)
{
    if (from == 0 && to == s->opts.levels) return s->C;
    return from >= 0 && to == from + 1 && to <= s->opts.levels ? s->R[from] : NULL;
}

void mmi_subdiv_static_free(mm_context ctx, mmi_subdiv_static *s)
{
    if (s == NULL) return;
    int L = s->opts.levels;
    int shared = L > 0 && s->R != NULL && s->C == s->R[0];
    if (!shared && s->C != NULL) {
        mmi_free(ctx, s->C->where, s->c32, s->C->nnz * (int64_t)sizeof(float));
        mm_matrix_free(&s->C);
    }
    for (int l = 0; s->R != NULL && l < L; ++l) {
        if (s->R[l] != NULL && s->r32 != NULL)
            mmi_free(ctx, s->R[l]->where, s->r32[l], s->R[l]->nnz * (int64_t)sizeof(float));
        mm_matrix_free(&s->R[l]);
    }
    mmi_free(ctx, MM_MEMORY_HOST, s->R, L * (int64_t)sizeof *s->R);
    mmi_free(ctx, MM_MEMORY_HOST, s->r32, L * (int64_t)sizeof *s->r32);
    mmi_free(ctx, MM_MEMORY_HOST, s, sizeof *s);
}
