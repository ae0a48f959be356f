/* cuda_check.cuh: what the .cu launchers of every layer share: a CUDA runtime
 * result turned into an mm_status recorded on the context (out-of-memory keeps
 * its own code so callers can tell it from a device fault), and the grid size
 * of a grid-stride launch. */
#ifndef MESHMAT_CORE_CUDA_CHECK_CUH
#define MESHMAT_CORE_CUDA_CHECK_CUH

#include <cuda_runtime.h>

#include "context_impl.h"
#include "error.h"

static inline mm_status mmi_cuda_check(mm_context ctx, cudaError_t e, const char *what)
{
    if (e == cudaSuccess) return MM_OK;
    mm_status code = (e == cudaErrorMemoryAllocation) ? MM_ERR_OUT_OF_MEMORY : MM_ERR_CUDA;
    return mmi_fail(ctx, code, "%s on device %d failed: %s", what, ctx->device,
                    cudaGetErrorString(e));
}

/* Blocks of `threads` covering count elements, capped at 2^30: every kernel
 * launched this way loops with a grid stride, so the cap only bounds the grid. */
static inline unsigned mmi_cuda_grid(int64_t count, int threads)
{
    int64_t blocks = (count + threads - 1) / threads;
    return (unsigned)(blocks < (1 << 30) ? blocks : (1 << 30));
}

#endif
