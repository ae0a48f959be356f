/* catmark_kernels_cuda.cu: the CUDA launchers of the specialized
 * Catmull-Clark path: one grid-stride kernel per rule (grid_for.cuh; the
 * vertex-data rules with d = 3 and the type folded, fold_data.cuh), and for
 * the points below level 0 a kernel of its own that stages a block's faces
 * in shared memory. */
#include <cuda_runtime.h>

#include <type_traits>

#include "../core/grid_for.cuh"
#include "catmark_quad_points.h"
#include "catmark_topology.h"
#include "fold_data.cuh"

static const char kWhat[] = "a specialized Catmull-Clark kernel launch";

mm_status mmi_sk_run_cuda(mm_context ctx, const mmi_sk_args *g)
{
    switch (g->rule) {
    case MMI_SK_EDGE_KEYS: return mmi_grid_for<mmi_sk_args, sk_edge_keys>(ctx, g, g->count, kWhat);
    case MMI_SK_EDGE_HEADS:
        return mmi_grid_for<mmi_sk_args, sk_edge_heads>(ctx, g, g->count, kWhat);
    case MMI_SK_EDGE_EMIT: return mmi_grid_for<mmi_sk_args, sk_edge_emit>(ctx, g, g->count, kWhat);
    default: return mmi_grid_for<mmi_sk_args, sk_check_fan>(ctx, g, g->count, kWhat);
    }
}

MMI_CUDA_LAUNCHER(mmi_sk_child_quads, mmi_sk_child_args, sk_child_corner, kWhat)
MMI_CUDA_LAUNCHER(mmi_sk_face_points, mmi_sk_points0_args, sk_face_point, kWhat)
MMI_CUDA_LAUNCHER(mmi_sk_edge_points, mmi_sk_points0_args, sk_edge_point, kWhat)
MMI_CUDA_LAUNCHER(mmi_sk_vertex_points, mmi_sk_points0_args, sk_vertex_point, kWhat)

/* mmi_sk_quad_points for positions (d = 3) where every face of level l − 1 is
 * a quad, a block of kStagedFaces faces × 3 components at a time, with the
 * vertices of level l − 1 in the same proportion (their streaming loads and
 * stores fill the time the faces' gathers wait):
 * - each face's points go to shared memory first and are copied out whole
 *   (its quads' face points and spoke edge points, its face vertex: one run of
 *   rows each), so they reach L2 as full sectors rather than as 12-byte pieces
 *   of many sectors per warp store (the rule was L2-bound);
 * - the block lists the edges its faces own (sk_quad_owned_edge) and then
 *   runs one lane per owned edge and component on the face's data, kept in
 *   shared memory: run per corner, half the lanes of a warp would idle while
 *   the others did an edge;
 * - on the last step (out_faces), the block also writes its faces'
 *   grandchildren, level l + 1's quads (16 per face, one 16-byte row each,
 *   consecutive across the lanes): their stores fill the time the gathers
 *   wait, where a kernel of their own ran after them at the speed of the
 *   stores alone. */
static const int kStagedFaces = 85;

template <int F64>
__global__ void __launch_bounds__(3 * kStagedFaces)
    sk_quad_points_staged(const __grid_constant__ mmi_sk_points_args g)
{
    typedef typename std::conditional<F64 == 1, double, float>::type T;
    __shared__ T faces[12 * kStagedFaces], spokes[12 * kStagedFaces], verts[3 * kStagedFaces];
    __shared__ T rows[27 * kStagedFaces]; /* per face and component: pv[4], po[4], pf */
    __shared__ uint32_t owned[4 * kStagedFaces], twins[4 * kStagedFaces];
    __shared__ int num_owned;
    const mmi_sk_level *x = &g.lv[g.level - 1];
    const sk_quad_in in = sk_quad_in_of(&g);
    for (int64_t f0 = (int64_t)blockIdx.x * kStagedFaces; f0 < x->nf;
         f0 += (int64_t)gridDim.x * kStagedFaces) {
        int64_t f = f0 + threadIdx.x / 3, n = x->nf - f0 < kStagedFaces ? x->nf - f0 : kStagedFaces;
        int c = threadIdx.x % 3;
        if (threadIdx.x == 0) num_owned = 0;
        __syncthreads();
        if (f < x->nf) {
            sk_quad_ids at = sk_quad_ids_of(&g, f);
            at.faces = sk_stream{faces, -4 * f0};
            at.spokes = sk_stream{spokes, -4 * f0};
            at.face_vertex = sk_stream{verts, f - f0};
            double pv[4], po[4], pf = sk_quad_load(&in, at, 4 * f, pv, po, c, 3, F64);
            T *r = rows + 9 * threadIdx.x;
            for (int j = 0; j < 4; ++j) r[j] = (T)pv[j], r[4 + j] = (T)po[j];
            r[8] = (T)pf;
            sk_quad_points(&in, at, 4 * f, pv, po, pf, 0, c, 3, F64);
            for (int j = 0; c == 0 && j < 4; ++j) {
                uint32_t k = (uint32_t)(4 * f + j);
                const uint32_t *es = x->edge_sides + 2 * (int64_t)(x->side[k] >> 2);
                if (es[0] != k) continue;
                int slot = atomicAdd(&num_owned, 1);
                owned[slot] = (uint32_t)(4 * (f - f0) + j);
                twins[slot] = es[1];
            }
        }
        for (int64_t i = 3 * (f0 * x->nv / x->nf) + threadIdx.x,
                     end = 3 * ((f0 + n) * x->nv / x->nf);
             i < end; i += blockDim.x)
            sk_old_vertex(&g, i, 3, F64);
        for (int t = threadIdx.x; g.out_faces && t < 16 * n; t += blockDim.x)
            sk_grandchild_quad(&g, 16 * f0 + t);
        __syncthreads();
        sk_quad_ids out = sk_quad_ids_of(&g, f0);
        T *yf = (T *)g.data.Y + (out.faces.row0 + 4 * f0) * 3;
        T *ys = (T *)g.data.Y + (out.spokes.row0 + 4 * f0) * 3;
        T *yv = (T *)g.data.Y + out.face_vertex.row0 * 3;
        for (int t = threadIdx.x; t < 12 * n; t += blockDim.x) yf[t] = faces[t], ys[t] = spokes[t];
        for (int t = threadIdx.x; t < 3 * n; t += blockDim.x) yv[t] = verts[t];
        for (int t = threadIdx.x; t < 3 * num_owned; t += blockDim.x) {
            uint32_t o = owned[t / 3];
            int j = (int)(o & 3), cc = t % 3;
            const T *r = rows + 9 * (3 * (o >> 2) + cc);
            sk_quad_owned_edge(&in, out, x->side[4 * f0 + o], twins[t / 3], r[j], r[4 + j],
                               r[4 + ((j + 3) & 3)], r[(j + 1) & 3], r[4 + ((j + 1) & 3)], r[8], cc,
                               3, F64);
        }
        __syncthreads();
    }
}

static void launch_quad_points(const mmi_sk_points_args *g, cudaStream_t stream)
{
    unsigned grid = mmi_cuda_grid(3 * g->lv[g->level - 1].nf, 3 * kStagedFaces);
    if (g->data.f64) sk_quad_points_staged<1><<<grid, 3 * kStagedFaces, 0, stream>>>(*g);
    else sk_quad_points_staged<0><<<grid, 3 * kStagedFaces, 0, stream>>>(*g);
}

mm_status mmi_sk_quad_points_cuda(mm_context ctx, const mmi_sk_points_args *g, int64_t count)
{
    if (count == 0) return MM_OK;
    if (g->data.d == 3 && g->lv[g->level - 1].uniform == 4 && g->lv[g->level - 1].nf > 0) {
        launch_quad_points(g, (cudaStream_t)ctx->stream);
        return mmi_cuda_check(ctx, cudaGetLastError(), kWhat);
    }
    mm_status st = mmi_data_for<mmi_sk_points_args, sk_quad_point>(ctx, g, count, kWhat);
    if (st != MM_OK || !g->out_faces) return st;
    return mmi_grid_for<mmi_sk_points_args, sk_grandchild_quad>(ctx, g, sk_grandchild_count(g),
                                                                kWhat);
}
