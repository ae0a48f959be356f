/* static_spmv_cuda.cu: the CUDA static-mode SpMV (static_spmv.h). A group of
 * G lanes of a warp takes one row: lane l sums entries l, l + G, … (so the
 * group's index and value loads are coalesced), then a shuffle tree adds the
 * G partial sums and the group's first lane writes the row. G follows the
 * mean row length (≈ 2 entries per lane); d and the float type are template
 * parameters folded into the shared element functions (d = 1 … 4 fixed,
 * larger d in chunks of four). Every lane of a warp runs the same number of
 * loop trips, so the shuffles see the whole warp. */
#include <cuda_runtime.h>
#include <stdint.h>

#include "../core/context_impl.h"
#include "../core/cuda_check.cuh"
#include "static_spmv.h"

static const int kThreads = 256;

template <int F64, int D, int G>
__global__ void static_spmv_kernel(mmi_static_spmv_args a)
{
    a.f64 = F64;
    if (D > 0) a.d = D;
    const int lane = threadIdx.x % G;
    const int64_t groups = (int64_t)gridDim.x * (blockDim.x / G);
    int64_t first = ((int64_t)blockIdx.x * blockDim.x + threadIdx.x) / G;
    int64_t warp_first = first - (threadIdx.x % 32) / G;
    for (int64_t w = warp_first, i = first; w < a.nrows; w += groups, i += groups) {
        for (int64_t c0 = 0; c0 < a.d; c0 += MMI_STATIC_SPMV_CHUNK) {
            int width = (int)(a.d - c0 < MMI_STATIC_SPMV_CHUNK ? a.d - c0 : MMI_STATIC_SPMV_CHUNK);
            double acc[MMI_STATIC_SPMV_CHUNK] = {0.0, 0.0, 0.0, 0.0};
            if (i < a.nrows) static_spmv_partial(&a, i, lane, G, c0, width, acc);
            for (int s = G / 2; s > 0; s /= 2)
                for (int t = 0; t < MMI_STATIC_SPMV_CHUNK; ++t)
                    acc[t] += __shfl_down_sync(0xffffffffu, acc[t], s, G);
            if (lane == 0 && i < a.nrows) static_spmv_store(&a, i, c0, width, acc);
        }
    }
}

template <int F64, int D>
static void launch_groups(const mmi_static_spmv_args *a, int64_t nnz, cudaStream_t stream)
{
    int64_t mean = a->nrows > 0 ? nnz / a->nrows : 0;
    int g = mean <= 8 ? 4 : mean <= 24 ? 8 : 16;
    unsigned grid = mmi_cuda_grid(a->nrows * g, kThreads);
    if (g == 4) static_spmv_kernel<F64, D, 4><<<grid, kThreads, 0, stream>>>(*a);
    else if (g == 8) static_spmv_kernel<F64, D, 8><<<grid, kThreads, 0, stream>>>(*a);
    else static_spmv_kernel<F64, D, 16><<<grid, kThreads, 0, stream>>>(*a);
}

template <int F64>
static void launch_width(const mmi_static_spmv_args *a, int64_t nnz, cudaStream_t stream)
{
    switch (a->d) {
    case 1: launch_groups<F64, 1>(a, nnz, stream); break;
    case 2: launch_groups<F64, 2>(a, nnz, stream); break;
    case 3: launch_groups<F64, 3>(a, nnz, stream); break;
    case 4: launch_groups<F64, 4>(a, nnz, stream); break;
    default: launch_groups<F64, 0>(a, nnz, stream); break;
    }
}

mm_status mmi_static_spmv_cuda(mm_context ctx, const mmi_static_spmv_args *a)
{
    if (a->nrows == 0 || a->d == 0) return MM_OK;
    int64_t nnz = a->nnz;
    cudaStream_t stream = (cudaStream_t)ctx->stream;
    if (a->f64) launch_width<1>(a, nnz, stream);
    else launch_width<0>(a, nnz, stream);
    return mmi_cuda_check(ctx, cudaGetLastError(), "the static SpMV kernel launch");
}
