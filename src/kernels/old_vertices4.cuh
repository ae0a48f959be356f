/* old_vertices4.cuh: the older vertices' pass of Loop and √3 (level l − 1's
 * vertices moved by their carried ring sums), both schemes' CUDA launcher:
 * four components a thread where the data allow, else the element rule; the
 * scheme's rule per component is Value (lk_old_vertex_value,
 * s3_old_vertex_value), per vertex and component Rule (lk_old_vertex,
 * s3_old_vertex). */
#ifndef MESHMAT_KERNELS_OLD_VERTICES4_CUH
#define MESHMAT_KERNELS_OLD_VERTICES4_CUH

#include <stdint.h>

#include "fold_data.cuh"
#include "rule_args.h"

/* Value(&g, kind, p, s, &kept): a component's point from its value p and
 * ring sum s, and what it leaves below (stored by the caller where
 * sk_keeps says). */
template <class Args>
using mmi_old_vertex_value = double (*)(const Args *, uint32_t, double, double, double *);

/* Thread t takes vertex t / (d / 4) and its components from c0 = 4 (t mod
 * d / 4): its row of P and of the ring sums as one 16-byte load each, its
 * four points and the four values it leaves below as one 16-byte store
 * each, its kind and index once. One lane a component (mmi_data_for) ran at
 * a third of the DRAM bandwidth at d = 12, its issue slots 60% busy with
 * each component's index and kind (bench/results/old-vertices-four). */
template <class Args, mmi_old_vertex_value<Args> Value, int E>
__global__ void __launch_bounds__(kMmiGridThreads)
    mmi_old_vertices4_kernel(const __grid_constant__ Args g, uint32_t threads)
{
    const mmi_sk_data *io = &g.data;
    const uint32_t d = (uint32_t)io->d, lanes = d / 4;
    float *keeps = (float *)sk_keeps(io);
    if (E) mmi_let_next_grid_launch();
    for (uint32_t t = blockIdx.x * blockDim.x + threadIdx.x; t < threads;
         t += gridDim.x * blockDim.x) {
        uint32_t v = t / lanes, c0 = t % lanes * 4;
        uint32_t kind = io->kinds[v];
        float4 p = mmi_row4((const float *)io->P, v, d, c0);
        float4 s = mmi_row4((const float *)io->ring, v, d, c0);
        float4 y;
        double k[4];
        y.x = (float)Value(&g, kind, p.x, s.x, &k[0]);
        y.y = (float)Value(&g, kind, p.y, s.y, &k[1]);
        y.z = (float)Value(&g, kind, p.z, s.z, &k[2]);
        y.w = (float)Value(&g, kind, p.w, s.w, &k[3]);
        int64_t at = (int64_t)v * d + c0;
        *(float4 *)((float *)io->Y + at) = y;
        if (keeps) {
            float4 kept = {(float)k[0], (float)k[1], (float)k[2], (float)k[3]};
            *(float4 *)(keeps + at) = kept;
        }
    }
}

/* The older vertices' pass over g's count values (count / d vertices): four
 * components a thread where that applies (float32 of a width
 * mmi_components_a_thread gives four components a thread, at least
 * kMmiWideLevel vertices, the arrays it reads and writes aligned to 16
 * bytes: P, Y, the ring sums and where it keeps values, sk_keeps; fewer
 * than 2^31 threads), else Rule, the scheme's element rule, a lane a
 * component. Last as mmi_data_for's. */
template <class Args, mmi_old_vertex_value<Args> Value,
          void (*Rule)(const Args *, int64_t, int64_t, int), int Last = 0>
static mm_status mmi_old_vertices(mm_context ctx, const Args *g, int64_t count, const char *what)
{
    const mmi_sk_data *io = &g->data;
    int64_t nv = count / io->d, threads = nv * (io->d / 4);
    if (nv == 0 || mmi_components_a_thread(io->d, io->f64, io->P, io->Y, nv) != 4 ||
        (uintptr_t)io->Y % 16 != 0 || (uintptr_t)io->ring % 16 != 0 ||
        (uintptr_t)sk_keeps(io) % 16 != 0 || threads >= INT32_MAX)
        return mmi_data_for<Args, Rule, Last>(ctx, g, count, what);
    auto launch = [&](auto E) {
        mmi_old_vertices4_kernel<Args, Value, decltype(E)::value>
            <<<mmi_cuda_grid(threads, kMmiGridThreads), kMmiGridThreads, 0,
               (cudaStream_t)ctx->stream>>>(*g, (uint32_t)threads);
    };
    if constexpr (Last) mmi_fold_early(io->corrected, launch);
    else launch(std::integral_constant<int, 0>());
    return mmi_cuda_check(ctx, cudaGetLastError(), what);
}

#endif
