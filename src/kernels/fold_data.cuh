/* fold_data.cuh: the vertex-data width and type of a launch made template
 * arguments, so that a kernel folds them as constants: d = 3 (positions) and
 * float64 or float32 each get their own instantiation, every other width
 * D = 0 (the kernel reads d at run time). The specialized paths' launchers
 * share it, and mmi_data_for: grid_for.cuh's element loop for a vertex-data
 * rule, folded so; and their choice of components a thread on large levels
 * (mmi_components_a_thread), with its rows' loads (mmi_row4). */
#ifndef MESHMAT_KERNELS_FOLD_DATA_CUH
#define MESHMAT_KERNELS_FOLD_DATA_CUH

#include <stdint.h>

#include <type_traits>

#include "../core/grid_for.cuh"
#include "corner_level.h"

/* launch(D, F), D and F std::integral_constant<int, …>: D = 3 or 0, F = 1 for
 * float64, 0 for float32. */
template <typename Launch>
static void mmi_fold_data(int64_t d, int f64, Launch launch)
{
    using three = std::integral_constant<int, 3>;
    using any = std::integral_constant<int, 0>;
    using yes = std::integral_constant<int, 1>;
    using no = std::integral_constant<int, 0>;
    if (d == 3 && f64) launch(three(), yes());
    else if (d == 3) launch(three(), no());
    else if (f64) launch(any(), yes());
    else launch(any(), no());
}

/* launch(E), E std::integral_constant<int, …>: 1 where a tagged mesh's
 * corrections follow the kernel (mmi_sk_data's corrected), which then lets
 * them launch (`if (E) mmi_let_next_grid_launch()` at its top). An
 * instantiation of its own, so that every other evaluation runs the kernels
 * as they were: the test made at run time cost Catmull-Clark's grid-stride
 * points kernel 8 registers at d = 12 (80 → 88, a block fewer a
 * multiprocessor) and untagged spot's evaluation to level 5 at d = 12 10%
 * (bench/results/early-corrections). */
template <typename Launch>
static void mmi_fold_early(int corrected, Launch launch)
{
    if (corrected) launch(std::integral_constant<int, 1>());
    else launch(std::integral_constant<int, 0>());
}

/* How many components of a face a thread of the specialized paths' staged
 * points kernels takes (catmark_kernels_cuda.cu, loop_kernels_cuda.cu), for
 * data of width d (float64 or not, at P) on a level of `faces` faces: from
 * kMmiWideLevel faces on 3 for positions, whose side codes and ids a thread
 * then reads once, and 4 for float32 of a width that is a multiple of 4
 * dividing kMmiWideValues / 4 (8 … 48; kMmiWideBlockValues / d faces a block
 * of 192 threads), each row's four values one 16-byte load (so P aligned to
 * 16 bytes) and the owned edges' rows stored two values at once (Y aligned
 * to 8); else 1, one lane a component (smaller levels left too few threads
 * to hide the gathers' latency). The wide form from 2^16 faces rather than
 * 2^18 made the evaluations at d = 12 of the suite's Catmull-Clark and Loop
 * cases 1–2% faster, and from 2^14 no more (bench/results/wide-level); the
 * positions' form so made Loop's at d = 3 2–2.6% faster (holes, armadillo)
 * and Catmull-Clark's the same (within 0.6%; its levels of 3M and 12M quads
 * 2–4% faster, bench/results/position-level). kMmiLargeLevel: √3's wide form
 * (sqrt3_kernels_cuda.cu). */
static const int kMmiWideValues = 384;
/* The wide forms' blocks: kMmiWideBlockValues / d faces, 192 threads (twice
 * kMmiWideValues / d: fewer of a block's owned edges have their other side
 * outside it, 0.5–1% at d = 12, bench/results/wide-blocks). */
static const int kMmiWideBlockValues = 2 * kMmiWideValues;
static const int64_t kMmiLargeLevel = (int64_t)1 << 18, kMmiWideLevel = (int64_t)1 << 16;

static inline unsigned mmi_components_a_thread(int64_t d, int f64, const void *P, const void *Y,
                                               int64_t faces)
{
    if (faces < kMmiWideLevel) return 1;
    if (d == 3) return 3;
    int wide = !f64 && d >= 8 && d % 4 == 0 && kMmiWideValues % (4 * d) == 0;
    return wide && (uintptr_t)P % 16 == 0 && (uintptr_t)Y % 8 == 0 ? 4 : 1;
}

/* A thread's four components [c0, c0 + 4) of row `row` of float32 data X of
 * width d, as one 16-byte load (four components a thread: d and c0 multiples
 * of 4, X aligned to 16 bytes). */
static __device__ float4 mmi_row4(const float *MM_RESTRICT X, int64_t row, unsigned d, unsigned c0)
{
    return *(const float4 *)(X + row * d + c0);
}

/* A vertex-data rule Rule(&g, i, d, f64) for every i < count, g's data
 * (an mmi_sk_data) of width D (D > 0) and type F (F ≥ 0) as constants; E:
 * mmi_fold_early's. */
template <class Args, void (*Rule)(const Args *, int64_t, int64_t, int), int D, int F, int E>
__global__ void __launch_bounds__(kMmiGridThreads)
    mmi_data_for_kernel(const __grid_constant__ Args g, int64_t count)
{
    int64_t d = D > 0 ? D : g.data.d;
    int f64 = F >= 0 ? F : g.data.f64;
    if (E) mmi_let_next_grid_launch();
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < count;
         i += (int64_t)gridDim.x * blockDim.x)
        Rule(&g, i, d, f64);
}

/* mmi_grid_for of a vertex-data rule, the width and type folded; Last: the
 * rule's kernel may be a step's last before a tagged mesh's corrections, and
 * is instantiated for mmi_fold_early too; in an evaluation (mmi_sk_data's
 * early) it lets the next step launch as well, which Loop's staged kernel
 * then does (evaluations to 33.9M and 53.2M triangles about 1% faster at
 * d = 3, bench/results/loop-early-steps). early: the kernel itself launched
 * early (mmi_launch_early; the caller checks ctx->early_launch), for a rule
 * that calls mmi_wait_prior_grid before it loads what the kernel before it
 * writes (Loop's and Catmull-Clark's element rules,
 * bench/results/loop-element-early, bench/results/catmark-element-early). */
template <class Args, void (*Rule)(const Args *, int64_t, int64_t, int), int Last = 0>
static mm_status mmi_data_for(mm_context ctx, const Args *g, int64_t count, const char *what,
                              int early = 0)
{
    if (count == 0) return MM_OK;
    cudaError_t e = cudaSuccess;
    mmi_fold_data(g->data.d, g->data.f64, [&](auto D, auto F) {
        auto launch = [&](auto E) {
            auto *kernel = mmi_data_for_kernel<Args, Rule, decltype(D)::value, decltype(F)::value,
                                               decltype(E)::value>;
            e = mmi_launch(kernel, mmi_cuda_grid(count, kMmiGridThreads), kMmiGridThreads, 0,
                           (cudaStream_t)ctx->stream, early, *g, count);
        };
        if constexpr (Last) mmi_fold_early(g->data.corrected || g->data.early, launch);
        else launch(std::integral_constant<int, 0>());
    });
    return mmi_cuda_check(ctx, e, what);
}

/* MMI_CUDA_LAUNCHER (grid_for.cuh) for a vertex-data rule, folded: the
 * twin of cpu_launchers.h's MMI_SK_DATA_LAUNCHER. */
#define MMI_CUDA_DATA_LAUNCHER(x, Args, rule, what)                     \
    mm_status x##_cuda(mm_context ctx, const Args *g, int64_t count)    \
    {                                                                   \
        return mmi_data_for<Args, rule>(ctx, g, count, what);           \
    }

#endif
