/* loop_kernels_cuda.cu: the CUDA launcher of the specialized Loop path: one
 * kernel per rule (the CPU's lk_rule_at with the rule a constant), one thread
 * per element (per refined triangle for the topology, per triangle and
 * component for the vertex data below level 0), grid-stride; the last
 * level's triangles through shared memory (staged_rows.cuh). */
#include <cuda_runtime.h>

#include "../core/context_impl.h"
#include "../core/cuda_check.cuh"
#include "../core/error.h"
#include "loop_dispatch.h"
#include "fold_data.cuh"
#include "staged_rows.cuh"

static const int kThreads = 256;

/* __grid_constant__: the rules index g.lv by the level at run time; the
 * arguments stay in parameter space instead of a per-thread local copy.
 * D > 0 and F ≥ 0 fold the vertex-data width and type (else g's). */
template <int R, int D, int F>
__global__ void __launch_bounds__(256) lk_kernel(const __grid_constant__ mmi_lk_args g)
{
    int64_t d = D > 0 ? D : g.d;
    int f64 = F >= 0 ? F : g.f64;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < g.count;
         i += (int64_t)gridDim.x * blockDim.x)
        lk_rule_at(&g, R, i, d, f64);
}

static const int kStagedThreads = 128;

/* GRANDCHILD_TRIS: 16 triangles per thread, the block's rows stored whole. */
__global__ void __launch_bounds__(kStagedThreads)
    lk_grandchild_kernel(const __grid_constant__ mmi_lk_args g)
{
    mmi_staged_rows<LK_GRANDCHILD_WORDS, kStagedThreads, 1>(
        g.count, g.out_tris,
        [&](int64_t f, int, uint32_t *o) { lk_grandchild_tris(&g, f, 0, 1, o); });
}

static const int kLastFaces = 64;

/* TRI_FACES with out_tris for positions (d = 3), the last step: the three
 * threads of triangle f of level l − 1 make a component each of the points
 * around it and a third of its 16 grandchildren, whose rows the block
 * stages and stores whole. The triangles' stores then fill the time the
 * points' gathers wait, where a kernel of their own ran after them at the
 * speed of the stores alone. */
template <int F>
__global__ void __launch_bounds__(3 * kLastFaces)
    lk_last_step_kernel(const __grid_constant__ mmi_lk_args g)
{
    mmi_staged_rows<LK_GRANDCHILD_WORDS, 3 * kLastFaces, 3>(
        g.lv[g.level - 1].nf, g.out_tris, [&](int64_t f, int c, uint32_t *o) {
            lk_tri_face(&g, f, c, 3, F);
            lk_grandchild_tris(&g, f, c, 3, o);
        });
}

template <int R, int D = 0, int F = -1>
static void launch(const mmi_lk_args *g, unsigned grid, cudaStream_t stream)
{
    lk_kernel<R, D, F><<<grid, kThreads, 0, stream>>>(*g);
}

/* A vertex-data rule below level 0 with the type folded, and d = 3
 * (positions) too. */
template <int R>
static void launch_data(const mmi_lk_args *g, unsigned grid, cudaStream_t stream)
{
    mmi_fold_data(g->d, g->f64, [&](auto D, auto F) {
        launch<R, decltype(D)::value, decltype(F)::value>(g, grid, stream);
    });
}

mm_status mmi_lk_run_cuda(mm_context ctx, const mmi_lk_args *g)
{
    if (g->count == 0) return MM_OK;
    unsigned grid = mmi_cuda_grid(g->count, kThreads);
    cudaStream_t stream = (cudaStream_t)ctx->stream;
    switch (g->rule) {
    case MMI_LK_CHILD_TRIS: launch<MMI_LK_CHILD_TRIS>(g, grid, stream); break;
    case MMI_LK_GRANDCHILD_TRIS:
        lk_grandchild_kernel<<<mmi_cuda_grid(g->count, kStagedThreads), kStagedThreads, 0,
                               stream>>>(*g);
        break;
    case MMI_LK_EDGE_POINTS: launch<MMI_LK_EDGE_POINTS>(g, grid, stream); break;
    case MMI_LK_VERTEX_POINTS: launch<MMI_LK_VERTEX_POINTS>(g, grid, stream); break;
    case MMI_LK_TRI_FACES:
        if (g->out_tris && g->d == 3) {
            unsigned blocks = mmi_cuda_grid(g->lv[g->level - 1].nf, kLastFaces);
            if (g->f64) lk_last_step_kernel<1><<<blocks, 3 * kLastFaces, 0, stream>>>(*g);
            else lk_last_step_kernel<0><<<blocks, 3 * kLastFaces, 0, stream>>>(*g);
            break;
        }
        launch_data<MMI_LK_TRI_FACES>(g, grid, stream);
        if (g->out_tris) {
            mmi_lk_args q = lk_grandchild_call(g);
            lk_grandchild_kernel<<<mmi_cuda_grid(q.count, kStagedThreads), kStagedThreads, 0,
                                   stream>>>(q);
        }
        break;
    default: launch_data<MMI_LK_OLD_VERTICES>(g, grid, stream); break;
    }
    return mmi_cuda_check(ctx, cudaGetLastError(), "a specialized Loop kernel launch");
}
