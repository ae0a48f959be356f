/* spmv_cuda.cu: the CUDA launcher of mapped SpMV (spmv.h). For d ≤ 4 one
 * thread computes a whole row (spmv_row_at), reading the row's indices once;
 * the kernel is instantiated for each d, float type and the uniform row
 * lengths of triangle and quad meshes, which it writes into its copy of the
 * arguments so the compiler folds them into the shared element rule (fixed
 * trip counts, no per-entry branches on d or type). Wider d falls back to one
 * thread per output value (spmv_at), so the d threads of a row share its
 * index loads and the writes of y are coalesced. A user map's values are
 * made ahead: the values its entries show, then its compiled source (jit.h). */
#include <cuda_runtime.h>
#include <stdint.h>

#include "../core/context_impl.h"
#include "../core/cuda_check.cuh"
#include "../core/error.h"
#include "jit.h"
#include "spmv.h"

static const int kThreads = 256;

/* F64, D and U (the uniform row length, 0: read from a) are compile-time. */
template <int F64, int D, int U>
__global__ void spmv_row_kernel(mmi_spmv_args a)
{
    a.f64 = F64;
    a.d = D;
    if (U > 0) a.uniform = U;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < a.nrows;
         i += (int64_t)gridDim.x * blockDim.x)
        spmv_row_at(&a, i);
}

/* Index is int32_t when n < 2^31: the split of t into (i, c) is then a 32-bit
 * division, much cheaper on the GPU than a 64-bit one. */
template <typename Index>
__global__ void spmv_kernel(mmi_spmv_args a, Index n)
{
    Index d = (Index)a.d;
    for (int64_t t = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; t < n;
         t += (int64_t)gridDim.x * blockDim.x) {
        Index i = (Index)t / d;
        spmv_at(&a, i, (Index)t - i * d);
    }
}

template <int F64, int D>
static void launch_rows(const mmi_spmv_args *a, cudaStream_t stream)
{
    unsigned grid = mmi_cuda_grid(a->nrows, kThreads);
    if (a->uniform == 4) spmv_row_kernel<F64, D, 4><<<grid, kThreads, 0, stream>>>(*a);
    else if (a->uniform == 3) spmv_row_kernel<F64, D, 3><<<grid, kThreads, 0, stream>>>(*a);
    else spmv_row_kernel<F64, D, 0><<<grid, kThreads, 0, stream>>>(*a);
}

template <int F64>
static void launch_rows_of_width(const mmi_spmv_args *a, cudaStream_t stream)
{
    switch (a->d) {
    case 1: launch_rows<F64, 1>(a, stream); break;
    case 2: launch_rows<F64, 2>(a, stream); break;
    case 3: launch_rows<F64, 3>(a, stream); break;
    default: launch_rows<F64, 4>(a, stream); break;
    }
}

mm_status mmi_spmv_cuda(mm_context ctx, const mmi_spmv_args *a)
{
    int64_t n = a->nrows * a->d;
    if (n == 0) return MM_OK;
    cudaStream_t stream = (cudaStream_t)ctx->stream;
    if (a->d <= MMI_SPMV_ROW_MAX_D) {
        if (a->f64) launch_rows_of_width<1>(a, stream);
        else launch_rows_of_width<0>(a, stream);
    } else if (n < INT32_MAX) {
        spmv_kernel<int32_t><<<mmi_cuda_grid(n, kThreads), kThreads, 0, stream>>>(*a, (int32_t)n);
    } else {
        spmv_kernel<int64_t><<<mmi_cuda_grid(n, kThreads), kThreads, 0, stream>>>(*a, n);
    }
    return mmi_cuda_check(ctx, cudaGetLastError(), "the SpMV kernel launch");
}

/* v[k] = the value the map sees for entry k, one thread per row. */
__global__ void entry_values_kernel(mmi_spmv_args a, double *v)
{
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < a.nrows;
         i += (int64_t)gridDim.x * blockDim.x) {
        int64_t begin = spmv_row_start(&a, i), end = spmv_row_start(&a, i + 1);
        for (int64_t k = begin; k < end; ++k) v[k] = spmv_value_at(&a, k, k - begin + 1);
    }
}

mm_status mmi_spmv_map_user_cuda(mm_context ctx, const mmi_spmv_args *a, const char *source,
                                 double *mu)
{
    mm_status st = MM_OK;
    if (a->nrows > 0) {
        entry_values_kernel<<<mmi_cuda_grid(a->nrows, kThreads), kThreads, 0, (cudaStream_t)ctx->stream>>>(*a,
                                                                                            mu);
        st = mmi_cuda_check(ctx, cudaGetLastError(), "the SpMV entry-value kernel launch");
    }
    if (st != MM_OK) return st;
    return mmi_jit_map_rows_cuda(ctx, source, a->ptr, a->uniform, a->nrows, mu);
}
