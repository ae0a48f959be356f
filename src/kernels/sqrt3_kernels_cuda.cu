/* sqrt3_kernels_cuda.cu: the CUDA launcher of the specialized √3 path: one
 * kernel per rule (the CPU's s3_rule_at with the rule a constant), one
 * thread per element (per refined triangle for the topology, per triangle
 * and component for the vertex data below level 0), grid-stride. */
#include <cuda_runtime.h>

#include "../core/context_impl.h"
#include "../core/cuda_check.cuh"
#include "../core/error.h"
#include "sqrt3_dispatch.h"

static const int kThreads = 256;

/* __grid_constant__: the rules index g.lv by the level at run time; the
 * arguments stay in parameter space instead of a per-thread local copy.
 * D > 0 and F ≥ 0 fold the vertex-data width and type (else g's). */
template <int R, int D, int F>
__global__ void __launch_bounds__(256) s3_kernel(const __grid_constant__ mmi_s3_args g)
{
    int64_t d = D > 0 ? D : g.d;
    int f64 = F >= 0 ? F : g.f64;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < g.count;
         i += (int64_t)gridDim.x * blockDim.x)
        s3_rule_at(&g, R, i, d, f64);
}

template <int R, int D = 0, int F = -1>
static void launch(const mmi_s3_args *g, unsigned grid, cudaStream_t stream)
{
    s3_kernel<R, D, F><<<grid, kThreads, 0, stream>>>(*g);
}

/* A vertex-data rule below level 0 with the type folded, and d = 3
 * (positions) too. */
template <int R>
static void launch_data(const mmi_s3_args *g, unsigned grid, cudaStream_t stream)
{
    if (g->d == 3 && g->f64) launch<R, 3, 1>(g, grid, stream);
    else if (g->d == 3) launch<R, 3, 0>(g, grid, stream);
    else if (g->f64) launch<R, 0, 1>(g, grid, stream);
    else launch<R, 0, 0>(g, grid, stream);
}

mm_status mmi_s3_run_cuda(mm_context ctx, const mmi_s3_args *g)
{
    if (g->count == 0) return MM_OK;
    unsigned grid = mmi_cuda_grid(g->count, kThreads);
    cudaStream_t stream = (cudaStream_t)ctx->stream;
    switch (g->rule) {
    case MMI_S3_CHILD_TRIS: launch<MMI_S3_CHILD_TRIS>(g, grid, stream); break;
    case MMI_S3_GRANDCHILD_TRIS: launch<MMI_S3_GRANDCHILD_TRIS>(g, grid, stream); break;
    case MMI_S3_CHILD_ENDS: launch<MMI_S3_CHILD_ENDS>(g, grid, stream); break;
    case MMI_S3_FACE_POINTS: launch<MMI_S3_FACE_POINTS>(g, grid, stream); break;
    case MMI_S3_VERTEX_POINTS: launch<MMI_S3_VERTEX_POINTS>(g, grid, stream); break;
    case MMI_S3_TRI_FACES: launch_data<MMI_S3_TRI_FACES>(g, grid, stream); break;
    case MMI_S3_BOUNDARY_FLAGS: launch<MMI_S3_BOUNDARY_FLAGS>(g, grid, stream); break;
    default: launch_data<MMI_S3_OLD_VERTICES>(g, grid, stream); break;
    }
    return mmi_cuda_check(ctx, cudaGetLastError(), "a specialized sqrt(3) kernel launch");
}
