/* sqrt3_kernels_cuda.cu: the CUDA launcher of the specialized √3 path: one
 * kernel per rule (the CPU's s3_rule_at with the rule a constant), one
 * thread per element (per refined triangle for the topology, per triangle
 * and component for the vertex data below level 0), grid-stride; the last
 * level's triangles through shared memory (staged_rows.cuh). */
#include <cuda_runtime.h>

#include "../core/context_impl.h"
#include "../core/cuda_check.cuh"
#include "../core/error.h"
#include "sqrt3_dispatch.h"
#include "fold_data.cuh"
#include "staged_rows.cuh"

static const int kThreads = 256;

/* __grid_constant__: the rules index g.lv by the level at run time; the
 * arguments stay in parameter space instead of a per-thread local copy.
 * D > 0 and F ≥ 0 fold the vertex-data width and type (else g's). */
template <int R, int D, int F>
__global__ void __launch_bounds__(256) s3_kernel(const __grid_constant__ mmi_s3_args g)
{
    int64_t d = D > 0 ? D : g.d;
    int f64 = F >= 0 ? F : g.f64;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < g.count;
         i += (int64_t)gridDim.x * blockDim.x)
        s3_rule_at(&g, R, i, d, f64);
}

/* Whether level l − 1 or level l of a rule reading both splits its boundary
 * (never on a closed mesh). */
static int splits(const mmi_s3_args *g)
{
    return g->lv[g->level - 1].bcount != NULL || g->lv[g->level].bcount != NULL;
}

/* Levels l − 2, l − 1 and l as a rule reading l − 1 and l sees them (v is
 * read only where level l − 1 is not stored; for l < 2 a copy of w);
 * SPLITS = 0 where neither splits (splits()), FOLD = 1 where level l − 1
 * is not stored (folded()): the copies then say so at compile time, and
 * the compiler drops the splitting rules, or the loads of level l − 1, or
 * the making of its corners. */
template <int SPLITS, int FOLD>
__device__ void s3_levels_read(const mmi_s3_args &g, mmi_s3_level *v, mmi_s3_level *w,
                               mmi_s3_level *x)
{
    const mmi_s3_level *up = s3_level_above(&g);
    *w = g.lv[g.level - 1];
    *x = g.lv[g.level];
    *v = up ? *up : *w;
    if (!SPLITS) v->bcount = w->bcount = x->bcount = NULL;
    if (FOLD) w->verts = w->twin = NULL;
    else __builtin_assume(w->verts != NULL);
}

/* Whether level l − 1 of a rule reading it is not stored (the driver's
 * folds: the last step of a closed mesh reads level l − 2). */
static int folded(const mmi_s3_args *g)
{
    return g->lv[g->level - 1].verts == NULL;
}

/* launch(SPLITS, FOLD), both std::integral_constant<int, …>: (1, 0) where a
 * level splits, (0, 1) where level l − 1 is not stored, else (0, 0). */
template <typename Launch>
static void with_levels(const mmi_s3_args *g, Launch launch)
{
    using yes = std::integral_constant<int, 1>;
    using no = std::integral_constant<int, 0>;
    if (splits(g)) launch(yes(), no());
    else if (folded(g)) launch(no(), yes());
    else launch(no(), no());
}

/* GRANDCHILD_TRIS: 3 triangles per thread, the block's rows stored whole. */
template <int SPLITS, int FOLD>
__global__ void __launch_bounds__(256) s3_grandchild_kernel(const __grid_constant__ mmi_s3_args g)
{
    mmi_s3_level v, w, x;
    s3_levels_read<SPLITS, FOLD>(g, &v, &w, &x);
    mmi_staged_rows<S3_GRANDCHILD_WORDS, 256, 1>(
        g.count, g.out_tris,
        [&](int64_t u, int, uint32_t *o) { s3_grandchild_tris(&v, &w, &x, u, o); });
}

/* TRI_FACES, with D and F as s3_kernel's. */
template <int SPLITS, int FOLD, int D, int F>
__global__ void __launch_bounds__(256) s3_tri_faces_kernel(const __grid_constant__ mmi_s3_args g)
{
    int64_t d = D > 0 ? D : g.d;
    int f64 = F >= 0 ? F : g.f64;
    mmi_s3_level v, x, xl;
    s3_levels_read<SPLITS, FOLD>(g, &v, &x, &xl);
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < g.count;
         i += (int64_t)gridDim.x * blockDim.x)
        s3_tri_face_points(&v, &x, &xl, g.P, g.Y, g.ring, g.ring_next, g.kinds, i / d, i % d, d,
                           f64);
}

/* TRI_FACES with out_tris for positions (d = 3), the last step: thread
 * u = 3f + c makes component c of the points around triangle f and the
 * triangles below corner u (three corners per triangle: the same u), its
 * rows staged as GRANDCHILD_TRIS's. The triangles' stores then fill the
 * time the points' gathers wait, where a kernel of their own ran after
 * them at the speed of the stores alone. Five blocks per multiprocessor
 * hold it at 48 registers without a spill where a closed mesh's levels do
 * not split; six (40 registers) spill since the points load every corner
 * first (s3_whole_tri_points). */
template <int SPLITS, int FOLD, int F>
__global__ void __launch_bounds__(256, 5) s3_last_step_kernel(const __grid_constant__ mmi_s3_args g)
{
    mmi_s3_level v, w, x;
    s3_levels_read<SPLITS, FOLD>(g, &v, &w, &x);
    mmi_staged_rows<S3_GRANDCHILD_WORDS, 256, 1>(
        g.count, g.out_tris, [&](int64_t u, int, uint32_t *o) {
            s3_tri_face_points(&v, &w, &x, g.P, g.Y, g.ring, g.ring_next, g.kinds, lk_tri_of(u),
                               lk_slot_of(u), 3, F);
            s3_grandchild_tris(&v, &w, &x, u, o);
        });
}

static void launch_last_step(const mmi_s3_args *g, unsigned grid, cudaStream_t stream)
{
    with_levels(g, [&](auto SPLITS, auto FOLD) {
        const int split = decltype(SPLITS)::value, fold = decltype(FOLD)::value;
        if (g->f64) s3_last_step_kernel<split, fold, 1><<<grid, kThreads, 0, stream>>>(*g);
        else s3_last_step_kernel<split, fold, 0><<<grid, kThreads, 0, stream>>>(*g);
    });
}

static void launch_grandchild(const mmi_s3_args *g, unsigned grid, cudaStream_t stream)
{
    with_levels(g, [&](auto SPLITS, auto FOLD) {
        s3_grandchild_kernel<decltype(SPLITS)::value, decltype(FOLD)::value>
            <<<grid, kThreads, 0, stream>>>(*g);
    });
}

static void launch_tri_faces(const mmi_s3_args *g, unsigned grid, cudaStream_t stream)
{
    with_levels(g, [&](auto SPLITS, auto FOLD) {
        mmi_fold_data(g->d, g->f64, [&](auto D, auto F) {
            s3_tri_faces_kernel<decltype(SPLITS)::value, decltype(FOLD)::value,
                                decltype(D)::value, decltype(F)::value>
                <<<grid, kThreads, 0, stream>>>(*g);
        });
    });
}

template <int R, int D = 0, int F = -1>
static void launch(const mmi_s3_args *g, unsigned grid, cudaStream_t stream)
{
    s3_kernel<R, D, F><<<grid, kThreads, 0, stream>>>(*g);
}

/* A vertex-data rule below level 0 with the type folded, and d = 3
 * (positions) too. */
template <int R>
static void launch_data(const mmi_s3_args *g, unsigned grid, cudaStream_t stream)
{
    mmi_fold_data(g->d, g->f64, [&](auto D, auto F) {
        launch<R, decltype(D)::value, decltype(F)::value>(g, grid, stream);
    });
}

mm_status mmi_s3_run_cuda(mm_context ctx, const mmi_s3_args *g)
{
    if (g->count == 0) return MM_OK;
    unsigned grid = mmi_cuda_grid(g->count, kThreads);
    cudaStream_t stream = (cudaStream_t)ctx->stream;
    switch (g->rule) {
    case MMI_S3_CHILD_TRIS: launch<MMI_S3_CHILD_TRIS>(g, grid, stream); break;
    case MMI_S3_GRANDCHILD_TRIS: launch_grandchild(g, grid, stream); break;
    case MMI_S3_CHILD_ENDS: launch<MMI_S3_CHILD_ENDS>(g, grid, stream); break;
    case MMI_S3_FACE_POINTS: launch<MMI_S3_FACE_POINTS>(g, grid, stream); break;
    case MMI_S3_VERTEX_POINTS: launch<MMI_S3_VERTEX_POINTS>(g, grid, stream); break;
    case MMI_S3_TRI_FACES:
        if (g->out_tris && g->d == 3) {
            launch_last_step(g, grid, stream);
            break;
        }
        launch_tri_faces(g, grid, stream);
        if (g->out_tris) {
            mmi_s3_args q = s3_grandchild_call(g);
            launch_grandchild(&q, mmi_cuda_grid(q.count, kThreads), stream);
        }
        break;
    case MMI_S3_BOUNDARY_FLAGS: launch<MMI_S3_BOUNDARY_FLAGS>(g, grid, stream); break;
    default: launch_data<MMI_S3_OLD_VERTICES>(g, grid, stream); break;
    }
    return mmi_cuda_check(ctx, cudaGetLastError(), "a specialized sqrt(3) kernel launch");
}
