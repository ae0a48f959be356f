/* loop_kernels_cuda.cu: the CUDA launcher of the specialized Loop path: one
 * kernel per rule (the CPU's lk_rule_at with the rule a constant), one thread
 * per element (per corner for the topology: three per triangle, Appendix B),
 * grid-stride. */
#include <cuda_runtime.h>

#include "../core/context_impl.h"
#include "../core/cuda_check.cuh"
#include "../core/error.h"
#include "loop_dispatch.h"

static const int kThreads = 256;

/* __grid_constant__: the rules index g.lv by the level at run time; the
 * arguments stay in parameter space instead of a per-thread local copy. */
template <int R>
__global__ void __launch_bounds__(256) lk_kernel(const __grid_constant__ mmi_lk_args g)
{
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < g.count;
         i += (int64_t)gridDim.x * blockDim.x)
        lk_rule_at(&g, R, i);
}

template <int R>
static void launch(const mmi_lk_args *g, unsigned grid, cudaStream_t stream)
{
    lk_kernel<R><<<grid, kThreads, 0, stream>>>(*g);
}

mm_status mmi_lk_run_cuda(mm_context ctx, const mmi_lk_args *g)
{
    if (g->count == 0) return MM_OK;
    unsigned grid = mmi_cuda_grid(g->count, kThreads);
    cudaStream_t stream = (cudaStream_t)ctx->stream;
    switch (g->rule) {
    case MMI_LK_CHILD_CORNERS: launch<MMI_LK_CHILD_CORNERS>(g, grid, stream); break;
    case MMI_LK_EDGE_POINTS: launch<MMI_LK_EDGE_POINTS>(g, grid, stream); break;
    default: launch<MMI_LK_VERTEX_POINTS>(g, grid, stream); break;
    }
    return mmi_cuda_check(ctx, cudaGetLastError(), "a specialized Loop kernel launch");
}
