/* subdiv_matrix_rules_cuda.cu: the CUDA launcher of the static-mode rules
 * (subdiv_matrix_rules.h): one thread per column, the CPU's sm_rule_at. */
#include <cuda_runtime.h>
#include <stdint.h>

#include "../core/context_impl.h"
#include "../core/cuda_check.cuh"
#include "subdiv_matrix_rules.h"

static const int kThreads = 256;

__global__ void sm_rule_kernel(mmi_sm_args g, int64_t count)
{
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < count;
         i += (int64_t)gridDim.x * blockDim.x)
        sm_rule_at(&g, i);
}

mm_status mmi_sm_run_cuda(mm_context ctx, const mmi_sm_args *g, int64_t count)
{
    if (count == 0) return MM_OK;
    unsigned grid = mmi_cuda_grid(count, kThreads);
    sm_rule_kernel<<<grid, kThreads, 0, (cudaStream_t)ctx->stream>>>(*g, count);
    return mmi_cuda_check(ctx, cudaGetLastError(), "a static-mode rule kernel launch");
}
