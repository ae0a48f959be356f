/* catmark_kernels_cuda.cu: the CUDA launcher of the specialized Catmull-Clark
 * path: one kernel per rule (the CPU's sk_rule_at with the rule a constant),
 * one thread per element. */
#include <cuda_runtime.h>

#include <type_traits>

#include "../core/context_impl.h"
#include "../core/cuda_check.cuh"
#include "catmark_dispatch.h"
#include "fold_data.cuh"

static const int kThreads = 256;

/* __grid_constant__: the rules index g.lv by the level at run time; the
 * arguments stay in parameter space instead of a per-thread local copy.
 * D > 0 and F ≥ 0 fold the vertex-data width and type (else g's). */
template <int R, int D, int F>
__global__ void __launch_bounds__(256) sk_kernel(const __grid_constant__ mmi_sk_args g)
{
    int64_t d = D > 0 ? D : g.d;
    int f64 = F >= 0 ? F : g.f64;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < g.count;
         i += (int64_t)gridDim.x * blockDim.x)
        sk_rule_at(&g, R, i, d, f64);
}

template <int R, int D = 0, int F = -1>
static void launch(const mmi_sk_args *g, unsigned grid, cudaStream_t stream)
{
    sk_kernel<R, D, F><<<grid, kThreads, 0, stream>>>(*g);
}

/* A vertex-data rule with the type folded, and d = 3 (positions) too. */
template <int R>
static void launch_data(const mmi_sk_args *g, unsigned grid, cudaStream_t stream)
{
    mmi_fold_data(g->d, g->f64, [&](auto D, auto F) {
        launch<R, decltype(D)::value, decltype(F)::value>(g, grid, stream);
    });
}

/* MMI_SK_QUAD_POINTS for positions (d = 3) where every face of level l − 1 is
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
 * - on the last step (out_quads), the block also writes its faces'
 *   grandchildren, level l + 1's quads (16 per face, one 16-byte row each,
 *   consecutive across the lanes): their stores fill the time the gathers
 *   wait, where a kernel of their own ran after them at the speed of the
 *   stores alone. */
static const int kStagedFaces = 85;

template <int F64>
__global__ void __launch_bounds__(3 * kStagedFaces)
    sk_quad_points_staged(const __grid_constant__ mmi_sk_args g)
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
        for (int t = threadIdx.x; g.out_quads && t < 16 * n; t += blockDim.x)
            sk_grandchild_quad(&g, 16 * f0 + t);
        __syncthreads();
        sk_quad_ids out = sk_quad_ids_of(&g, f0);
        T *yf = (T *)g.Y + (out.faces.row0 + 4 * f0) * 3;
        T *ys = (T *)g.Y + (out.spokes.row0 + 4 * f0) * 3, *yv = (T *)g.Y + out.face_vertex.row0 * 3;
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

static void launch_quad_points(const mmi_sk_args *g, cudaStream_t stream)
{
    unsigned grid = mmi_cuda_grid(3 * g->lv[g->level - 1].nf, 3 * kStagedFaces);
    if (g->f64) sk_quad_points_staged<1><<<grid, 3 * kStagedFaces, 0, stream>>>(*g);
    else sk_quad_points_staged<0><<<grid, 3 * kStagedFaces, 0, stream>>>(*g);
}

mm_status mmi_sk_run_cuda(mm_context ctx, const mmi_sk_args *g)
{
    if (g->count == 0) return MM_OK;
    unsigned grid = mmi_cuda_grid(g->count, kThreads);
    cudaStream_t stream = (cudaStream_t)ctx->stream;
    switch (g->rule) {
    case MMI_SK_EDGE_KEYS: launch<MMI_SK_EDGE_KEYS>(g, grid, stream); break;
    case MMI_SK_EDGE_HEADS: launch<MMI_SK_EDGE_HEADS>(g, grid, stream); break;
    case MMI_SK_EDGE_EMIT: launch<MMI_SK_EDGE_EMIT>(g, grid, stream); break;
    case MMI_SK_CHILD_CORNERS: launch<MMI_SK_CHILD_CORNERS>(g, grid, stream); break;
    case MMI_SK_GRANDCHILD_QUADS: launch<MMI_SK_GRANDCHILD_QUADS>(g, grid, stream); break;
    case MMI_SK_FACE_POINTS: launch<MMI_SK_FACE_POINTS>(g, grid, stream); break;
    case MMI_SK_EDGE_POINTS: launch<MMI_SK_EDGE_POINTS>(g, grid, stream); break;
    case MMI_SK_VERTEX_POINTS: launch<MMI_SK_VERTEX_POINTS>(g, grid, stream); break;
    case MMI_SK_QUAD_POINTS:
        if (g->d == 3 && g->lv[g->level - 1].uniform == 4 && g->lv[g->level - 1].nf > 0) {
            launch_quad_points(g, stream);
        } else {
            launch_data<MMI_SK_QUAD_POINTS>(g, grid, stream);
            mmi_sk_args q = sk_grandchild_call(g);
            if (g->out_quads && q.count > 0)
                launch<MMI_SK_GRANDCHILD_QUADS>(&q, mmi_cuda_grid(q.count, kThreads), stream);
        }
        break;
    default: launch<MMI_SK_CHECK_FANS>(g, grid, stream); break;
    }
    return mmi_cuda_check(ctx, cudaGetLastError(), "a specialized Catmull-Clark kernel launch");
}
