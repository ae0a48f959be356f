/* loop_kernels_cuda.cu: the CUDA launchers of the specialized Loop path: one
 * grid-stride kernel per rule (grid_for.cuh; the vertex-data rules with d =
 * 3 and the type folded, fold_data.cuh), one thread per element (per refined
 * triangle for the topology, per triangle and component for the vertex data
 * below level 0); the last level's triangles through shared memory
 * (staged_rows.cuh). */
#include <cuda_runtime.h>

#include "../core/grid_for.cuh"
#include "fold_data.cuh"
#include "loop_topology.h"
#include "loop_tri_points.h"
#include "staged_rows.cuh"

static const char kWhat[] = "a specialized Loop kernel launch";

MMI_CUDA_LAUNCHER(mmi_lk_child_tris, mmi_sk_child_args, lk_child_tri, kWhat)
MMI_CUDA_DATA_LAUNCHER(mmi_lk_edge_points, mmi_sk_points0_args, lk_edge_point, kWhat)
MMI_CUDA_DATA_LAUNCHER(mmi_lk_vertex_points, mmi_sk_points0_args, lk_vertex_point, kWhat)

static const int kStagedThreads = 128;

/* The grandchildren pass: 16 triangles per thread, the block's rows stored
 * whole. */
__global__ void __launch_bounds__(kStagedThreads)
    lk_grandchild_kernel(const __grid_constant__ mmi_sk_points_args g)
{
    mmi_staged_rows<LK_GRANDCHILD_WORDS, kStagedThreads, 1>(
        lk_grandchild_count(&g), g.out_faces,
        [&](int64_t f, int, uint32_t *o) { lk_grandchild_tris(&g, f, 0, 1, o); });
}

static const int kLastFaces = 64;

/* The triangle faces with out_faces for positions (d = 3), the last step: the
 * three threads of triangle f of level l − 1 make a component each of the
 * points around it and a third of its 16 grandchildren, whose rows the block
 * stages and stores whole. The triangles' stores then fill the time the
 * points' gathers wait, where a kernel of their own ran after them at the
 * speed of the stores alone. */
template <int F>
__global__ void __launch_bounds__(3 * kLastFaces)
    lk_last_step_kernel(const __grid_constant__ mmi_sk_points_args g)
{
    mmi_staged_rows<LK_GRANDCHILD_WORDS, 3 * kLastFaces, 3>(
        g.lv[g.level - 1].nf, g.out_faces, [&](int64_t f, int c, uint32_t *o) {
            lk_tri_face(&g, f, c, 3, F);
            lk_grandchild_tris(&g, f, c, 3, o);
        });
}

mm_status mmi_lk_tri_faces_cuda(mm_context ctx, const mmi_sk_points_args *g, int64_t count)
{
    cudaStream_t stream = (cudaStream_t)ctx->stream;
    int64_t nf = lk_grandchild_count(g);
    if (count == 0) return MM_OK;
    if (g->out_faces && g->data.d == 3) {
        unsigned blocks = mmi_cuda_grid(nf, kLastFaces);
        if (g->data.f64) lk_last_step_kernel<1><<<blocks, 3 * kLastFaces, 0, stream>>>(*g);
        else lk_last_step_kernel<0><<<blocks, 3 * kLastFaces, 0, stream>>>(*g);
        return mmi_cuda_check(ctx, cudaGetLastError(), kWhat);
    }
    mm_status st = mmi_data_for<mmi_sk_points_args, lk_tri_face_element>(ctx, g, count, kWhat);
    if (st != MM_OK || !g->out_faces) return st;
    lk_grandchild_kernel<<<mmi_cuda_grid(nf, kStagedThreads), kStagedThreads, 0, stream>>>(*g);
    return mmi_cuda_check(ctx, cudaGetLastError(), kWhat);
}

mm_status mmi_lk_old_vertices_cuda(mm_context ctx, const mmi_sk_points_args *g, int64_t count)
{
    return mmi_data_for<mmi_sk_points_args, lk_old_vertex>(ctx, g, count, kWhat);
}
