/* subdiv_static.c: static mode (paper §6.2–6.3; subdiv_static.h), one for
 * every scheme. The build makes every level's R_l from the generic path's
 * level data (the scheme's subdivision_matrix, subdiv_matrix.c), multiplies
 * them into R = R_{L−1} … R_0 (eq. 22) by mapped SpGEMM, keeps float32
 * copies of the values the evaluation reads, and for MM_STATIC_AUTO times
 * the candidates once. Values are built and kept in float64 (the matrices
 * the accessor lends); float32 data is multiplied with the float32 copy, so
 * a float32 evaluation reads half the value bytes.
 *   Memory (docs/architecture.md): the build's peak is the last level's
 * R_l made from its two factors, or the composite's last product, beside
 * what is kept; a level's generic data goes as soon as its R_l's factors
 * are laid out, and no evaluation data of the generic path is kept. */
#include <time.h>

#include "../core/context_impl.h"
#include "../core/cuda_backend.h"
#include "../core/error.h"
#include "../core/memory.h"
#include "../core/timer.h"
#include "../kernels/static_spmv.h"
#include "../mesh/mesh_impl.h"
#include "../spla/dense_ops.h"
#include "../spla/matrix_impl.h"
#include "../spla/spgemm.h"
#include "generic_level.h"
#include "subdiv_matrix_rules.h"
#include "meshmat/ops.h"
#include "subdiv_static.h"

struct mmi_subdiv_static {
    mm_subdiv_options opts;
    mm_static_eval use;   /* COMPOSITE, LEVELS or MMI_STATIC_POINTS once built        */
    const mmi_subdiv_impl *points; /* the handle's specialized pair and its build,   */
    void *points_state;            /* MMI_STATIC_POINTS's evaluation (else NULL)    */
    mm_matrix *R;         /* levels: R_l, |V_{l+1}| × |V_l| CSR float64               */
    float **r32;          /* levels: R_l's values as float32 where evaluated, or NULL */
    mm_matrix C;          /* R (R_0 itself when levels = 1, I when levels = 0); NULL
                             under MM_STATIC_LEVELS until asked for                   */
    float *c32;           /* its values as float32 where evaluated (R_0's when C is R_0) */
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

/* *C = R_{L−1} … R_0 (eq. 22) from R_0 on (R_0 itself when L = 1), each
 * partial product freed once the next is made. */
static mm_status composite(mm_context ctx, const mmi_subdiv_static *s, mm_matrix *C)
{
    mm_status st = MM_OK;
    mm_matrix P = s->R[0];
    for (int l = 1; l < s->opts.levels; ++l) {
        mm_matrix next = NULL;
        st = mmi_static_compose(ctx, s->R[l], P, &next);
        if (P != s->R[0]) mm_matrix_free(&P);
        MM_TRY(st);
        P = next;
    }
    *C = P;
done:
    return st;
}

/* Whether the evaluation s->use reads the R_l's float32 values, or the
 * composite's (AUTO times both; with no level the evaluation is the
 * identity's SpMV). */
static int reads_levels(const mmi_subdiv_static *s)
{
    return s->use == MM_STATIC_LEVELS || s->use == MM_STATIC_AUTO;
}

static int reads_composite(const mmi_subdiv_static *s)
{
    return s->use == MM_STATIC_COMPOSITE || s->use == MM_STATIC_AUTO || s->opts.levels == 0;
}

/* s->c32, which is R_0's own copy when the composite is R_0. */
static mm_status composite_f32(mm_context ctx, mmi_subdiv_static *s)
{
    mm_status st = MM_OK;
    if (s->opts.levels > 0 && s->C == s->R[0]) {
        if (s->r32[0] == NULL) MM_TRY(mmi_static_values_f32(ctx, s->R[0], &s->r32[0]));
        s->c32 = s->r32[0];
    } else {
        MM_TRY(mmi_static_values_f32(ctx, s->C, &s->c32));
    }
done:
    return st;
}

/* Frees the float32 copies of the R_l unless `levels`, the composite's
 * unless `composite`; one shared by both stays while either is kept. */
static void free_f32(mm_context ctx, mmi_subdiv_static *s, int levels, int composite)
{
    int L = s->opts.levels;
    int shared = L > 0 && s->r32 != NULL && s->c32 != NULL && s->c32 == s->r32[0];
    if (!composite) {
        if (s->c32 != NULL && !shared)
            mmi_free(ctx, s->C->where, s->c32, s->C->nnz * (int64_t)sizeof(float));
        s->c32 = NULL;
    }
    for (int l = 0; !levels && s->r32 != NULL && l < L; ++l) {
        if (s->r32[l] != NULL && s->r32[l] != s->c32)
            mmi_free(ctx, s->R[l]->where, s->r32[l], s->R[l]->nnz * (int64_t)sizeof(float));
        s->r32[l] = NULL;
    }
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
    if (s->use == MMI_STATIC_POINTS) return s->points->eval(ctx, s->points_state, X0, XL);
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

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

/* Milliseconds of one evaluation of X into Y by `use`, after a warm-up run
 * into the same Y (as a caller re-evaluating into its array: the
 * specialized path replays a small evaluation while its arrays stay put):
 * CUDA events on the context's stream, or the monotonic clock on the CPU. */
static mm_status time_eval(mm_context ctx, mmi_subdiv_static *s, mm_static_eval use, mm_dense X,
                           mm_dense Y, double *ms)
{
    mm_status st = MM_OK;
    void *start = NULL, *stop = NULL;
    int cuda = ctx->backend == MM_BACKEND_CUDA;
    s->use = use;
    MM_TRY(mmi_subdiv_static_eval_into(ctx, s, X, Y));
    int timed = !cuda || mmi_cuda_event_record(ctx, &start) == 0;
    double t0 = now_ms();
    MM_TRY(mmi_subdiv_static_eval_into(ctx, s, X, Y));
    timed = timed && (!cuda || mmi_cuda_event_record(ctx, &stop) == 0);
    *ms = !timed ? -1.0 : cuda ? mmi_cuda_event_elapsed(start, stop) : now_ms() - t0;
done:
    mmi_cuda_event_destroy(start);
    mmi_cuda_event_destroy(stop);
    return st;
}

/* MM_STATIC_AUTO (levels ≥ 1): the fastest on float32 positions (d = 3),
 * the case that matters, of the composite, the levels (from 2 levels: with
 * one they are the same SpMV) and the handle's points-only evaluation
 * (where it has a specialized build); a candidate whose timing failed
 * (ms < 0) is left out, and a failed timing of the composite keeps it. The
 * specialized evaluation reports its levels to the progress callback as it
 * always does; the SpMV trials report nothing. */
static mm_status choose(mm_context ctx, mmi_subdiv_static *s)
{
    static const mm_static_eval candidates[] = {MM_STATIC_COMPOSITE, MM_STATIC_LEVELS,
                                                MMI_STATIC_POINTS};
    mm_status st = MM_OK;
    mm_dense X = NULL, Y = NULL;
    mm_static_eval best = MM_STATIC_COMPOSITE;
    double best_ms = -1.0;
    mm_subdiv_progress_fn progress = s->opts.progress;
    s->opts.progress = NULL; /* the trial runs are no evaluation of the caller's */
    MM_TRY(mmi_dense_alloc(ctx, &X, s->R[0]->ncols, 3, MM_TYPE_FLOAT32));
    MM_TRY(mmi_dense_fill(ctx, X, 0.0));
    MM_TRY(mmi_dense_alloc(ctx, &Y, s->R[s->opts.levels - 1]->nrows, 3, MM_TYPE_FLOAT32));
    for (int c = 0; c < 3; ++c) {
        double ms = -1.0;
        if ((candidates[c] == MM_STATIC_LEVELS && s->opts.levels < 2) ||
            (candidates[c] == MMI_STATIC_POINTS && s->points == NULL))
            continue;
        MM_TRY(time_eval(ctx, s, candidates[c], X, Y, &ms));
        if (c == 0 && ms < 0.0) break;
        if (ms >= 0.0 && (c == 0 || ms < best_ms)) best = candidates[c], best_ms = ms;
    }
done:
    s->use = best;
    s->opts.progress = progress;
    mm_dense_free(&X);
    mm_dense_free(&Y);
    return st;
}

/* R_l of every level, with its float32 copy where the evaluation reads it,
 * from a generic build made a level at a time: level l + 1 is built, then
 * R_l, which frees level l's evaluation data. keep: where the handle keeps
 * that build (its levels' topology and tags stay), or NULL: a build of its
 * own, each level dropped once its R_l is made and the last one at once (no
 * R_l reads it). */
static mm_status level_matrices(mm_context ctx, mmi_subdiv_static *s, mm_mesh mesh, void **keep)
{
    mm_status st = MM_OK;
    int L = s->opts.levels;
    void *made = NULL, **state = keep ? keep : &made;
    if (keep == NULL && L == 0) return MM_OK;
    MM_TRY(mmi_generic_start(ctx, mesh, &s->opts, state));
    for (int l = 0; l < L; ++l) {
        MM_TRY(mmi_generic_build_level(ctx, *state, l));
        if (made != NULL && l + 1 == L) mmi_generic_drop_level(ctx, made, L);
        MM_TRY(mmi_generic_subdivision_matrix(ctx, *state, l, &s->R[l]));
        if (made != NULL && l > 0) mmi_generic_drop_level(ctx, made, l);
        if (reads_levels(s)) MM_TRY(mmi_static_values_f32(ctx, s->R[l], &s->r32[l]));
    }
done:
    mmi_generic_impl(s->opts.scheme)->free_state(ctx, made);
    return st;
}

mm_status mmi_subdiv_static_build(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *opts,
                                  const mmi_subdiv_impl *impl, void **state,
                                  mmi_subdiv_static **out)
{
    mm_status st = MM_OK;
    int L = opts->levels, own = impl != NULL && impl == mmi_generic_impl(opts->scheme);
    mmi_subdiv_static *s = NULL;
    MM_TRY(mmi_alloc(ctx, MM_MEMORY_HOST, sizeof *s, (void **)&s));
    static const struct mmi_subdiv_static empty = {0};
    *s = empty;
    s->opts = *opts;
    s->use = opts->static_eval;
    *out = s;
    MM_TRY(mmi_alloc(ctx, MM_MEMORY_HOST, L * (int64_t)sizeof *s->R, (void **)&s->R));
    for (int l = 0; l < L; ++l) s->R[l] = NULL;
    MM_TRY(mmi_alloc(ctx, MM_MEMORY_HOST, L * (int64_t)sizeof *s->r32, (void **)&s->r32));
    for (int l = 0; l < L; ++l) s->r32[l] = NULL;
    MM_TRY(level_matrices(ctx, s, mesh, own ? state : NULL));
    if (L == 0) MM_TRY(mmi_identity_matrix(ctx, mesh->M->nrows, &s->C));
    else if (s->use != MM_STATIC_LEVELS || L == 1) MM_TRY(composite(ctx, s, &s->C));
    if (reads_composite(s)) MM_TRY(composite_f32(ctx, s));
    if (impl != NULL && !own) { /* after the matrices' peak, beside what they keep */
        MM_TRY(impl->build(ctx, mesh, opts, state));
        s->points = impl, s->points_state = *state;
    }
    if (s->use == MM_STATIC_AUTO) {
        if (L > 0) MM_TRY(choose(ctx, s));
        else s->use = MM_STATIC_COMPOSITE;
        free_f32(ctx, s, s->use == MM_STATIC_LEVELS, s->use == MM_STATIC_COMPOSITE);
    }
done:
    return st;
}

mm_status mmi_subdiv_static_matrix(mm_context ctx, mmi_subdiv_static *s, int from, int to,
                                   mm_matrix *R)
{
    mm_status st = MM_OK;
    *R = NULL;
    if (from == 0 && to == s->opts.levels) {
        if (s->C == NULL) MM_TRY(composite(ctx, s, &s->C));
        *R = s->C;
    } else if (from >= 0 && to == from + 1 && to <= s->opts.levels) {
        *R = s->R[from];
    }
done:
    return st;
}

mm_static_eval mmi_subdiv_static_choice(const mmi_subdiv_static *s)
{
    return s->use;
}

void mmi_subdiv_static_free(mm_context ctx, mmi_subdiv_static *s)
{
    if (s == NULL) return;
    int L = s->opts.levels;
    free_f32(ctx, s, 0, 0);
    if (!(L > 0 && s->R != NULL && s->C == s->R[0])) mm_matrix_free(&s->C);
    for (int l = 0; s->R != NULL && l < L; ++l) mm_matrix_free(&s->R[l]);
    mmi_free(ctx, MM_MEMORY_HOST, s->R, L * (int64_t)sizeof *s->R);
    mmi_free(ctx, MM_MEMORY_HOST, s->r32, L * (int64_t)sizeof *s->r32);
    mmi_free(ctx, MM_MEMORY_HOST, s, sizeof *s);
}
