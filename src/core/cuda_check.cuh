/* cuda_check.cuh: turns a CUDA runtime result into an mm_status recorded on the
 * context, for the .cu launchers of every layer. Out-of-memory keeps its own
 * code so callers can tell it from a device fault. */
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

#endif
