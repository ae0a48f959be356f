/* grid_for.cuh: the CUDA half of cpu_for.h. mmi_grid_for<Args, Rule> runs
 * Rule(&args, i) for every i < count on the context's stream, one thread per
 * element with a grid stride, so a launcher of an element rule is one call.
 * The hot specialized kernels keep launchers of their own (rules and widths
 * folded as template constants, launch bounds, shared-memory staging). */
#ifndef MESHMAT_CORE_GRID_FOR_CUH
#define MESHMAT_CORE_GRID_FOR_CUH

#include <stdint.h>

#include "cuda_check.cuh"

template <class Args, void (*Rule)(const Args *, int64_t)>
__global__ void mmi_grid_for_kernel(const Args g, int64_t count)
{
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < count;
         i += (int64_t)gridDim.x * blockDim.x)
        Rule(&g, i);
}

/* what names the launch in an error ("a static-mode rule kernel launch"). */
template <class Args, void (*Rule)(const Args *, int64_t)>
static mm_status mmi_grid_for(mm_context ctx, const Args *g, int64_t count, const char *what)
{
    const int threads = 256;
    if (count == 0) return MM_OK;
    mmi_grid_for_kernel<Args, Rule>
        <<<mmi_cuda_grid(count, threads), threads, 0, (cudaStream_t)ctx->stream>>>(*g, count);
    return mmi_cuda_check(ctx, cudaGetLastError(), what);
}

#endif
