/* catmark_rules_cuda.cu: the CUDA launcher of the Catmull-Clark lambdas
 * (catmark_rules.h): one thread per element, the rule is the CPU's cc_rule_at. */
#include <cuda_runtime.h>
#include <stdint.h>

#include "../core/context_impl.h"
#include "../core/cuda_check.cuh"
#include "catmark_rules.h"

static const int kThreads = 256;

__global__ void cc_rule_kernel(mmi_cc_args g, int64_t count)
{
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < count;
         i += (int64_t)gridDim.x * blockDim.x)
        cc_rule_at(&g, i);
}

mm_status mmi_cc_run_cuda(mm_context ctx, const mmi_cc_args *g, int64_t count)
{
    if (count == 0) return MM_OK;
    unsigned grid = mmi_cuda_grid(count, kThreads);
    cc_rule_kernel<<<grid, kThreads, 0, (cudaStream_t)ctx->stream>>>(*g, count);
    return mmi_cuda_check(ctx, cudaGetLastError(), "a Catmull-Clark rule kernel launch");
}
