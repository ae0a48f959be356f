/* dense_ops_cuda.cu: the CUDA launcher of the dense operations (dense_ops.h):
 * one thread per value, the element rule is the CPU's dense_op_at. */
#include <cuda_runtime.h>
#include <stdint.h>

#include "../core/context_impl.h"
#include "../core/cuda_check.cuh"
#include "dense_ops.h"

static const int kThreads = 256;

__global__ void dense_op_kernel(mmi_dense_op_args a, int64_t n)
{
    for (int64_t t = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; t < n;
         t += (int64_t)gridDim.x * blockDim.x)
        dense_op_at(&a, t);
}

mm_status mmi_dense_op_cuda(mm_context ctx, const mmi_dense_op_args *a)
{
    int64_t n = a->n * a->d;
    if (n == 0) return MM_OK;
    unsigned grid = mmi_cuda_grid(n, kThreads);
    dense_op_kernel<<<grid, kThreads, 0, (cudaStream_t)ctx->stream>>>(*a, n);
    return mmi_cuda_check(ctx, cudaGetLastError(), "the dense operation kernel launch");
}
