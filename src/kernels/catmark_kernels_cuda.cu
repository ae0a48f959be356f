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
    case MMI_SK_FACE_OF: return mmi_grid_for<mmi_sk_args, sk_face_of>(ctx, g, g->count, kWhat);
    case MMI_SK_RING_STEPS:
        return mmi_grid_for<mmi_sk_args, sk_ring_step_rule>(ctx, g, g->count, kWhat);
    case MMI_SK_EDGE_ROWS: return mmi_grid_for<mmi_sk_args, sk_edge_row>(ctx, g, g->count, kWhat);
    default: return mmi_grid_for<mmi_sk_args, sk_check_fan>(ctx, g, g->count, kWhat);
    }
}

MMI_CUDA_LAUNCHER(mmi_sk_child_quads, mmi_sk_child_args, sk_child_corner, kWhat)

/* Level 0's three passes in one block, each after a barrier, where no pass
 * has more than kSmallLevel0 elements: a small cage's passes wait on their
 * loads' latency, and three launches cost more than the work. 512 threads:
 * a pass takes at most two rounds (spot's cage: 180 faces, 366 edges and
 * 188 vertices, one round each). D and F fold the data's width and type
 * (fold_data.cuh), as the larger cages' launches do. */
static const int kSmallLevel0 = 4 * kMmiGridThreads, kLevel0BlockThreads = 512;

template <int D, int F>
__global__ void __launch_bounds__(kLevel0BlockThreads)
    sk_level0_points_block(const __grid_constant__ mmi_sk_points0_args g)
{
    const int64_t d = D > 0 ? D : g.data.d;
    for (int64_t f = threadIdx.x; f < g.x.nf; f += blockDim.x) sk_face_point(&g, f, d, F);
    __syncthreads();
    for (int64_t e = threadIdx.x; e < g.x.ne; e += blockDim.x) sk_edge_point(&g, e, d, F);
    __syncthreads();
    for (int64_t v = threadIdx.x; v < g.x.nv; v += blockDim.x) sk_vertex_point(&g, v, d, F);
}

mm_status mmi_sk_level0_points_cuda(mm_context ctx, const mmi_sk_points0_args *g)
{
    const mmi_sk_level *x = &g->x;
    if (x->nf <= kSmallLevel0 && x->ne <= kSmallLevel0 && x->nv <= kSmallLevel0) {
        mmi_fold_data(g->data.d, g->data.f64, [&](auto D, auto F) {
            sk_level0_points_block<decltype(D)::value, decltype(F)::value>
                <<<1, kLevel0BlockThreads, 0, (cudaStream_t)ctx->stream>>>(*g);
        });
        return mmi_cuda_check(ctx, cudaGetLastError(), kWhat);
    }
    mm_status st = mmi_data_for<mmi_sk_points0_args, sk_face_point>(ctx, g, x->nf, kWhat);
    if (st == MM_OK) st = mmi_data_for<mmi_sk_points0_args, sk_edge_point>(ctx, g, x->ne, kWhat);
    if (st == MM_OK) st = mmi_data_for<mmi_sk_points0_args, sk_vertex_point>(ctx, g, x->nv, kWhat);
    return st;
}

/* mmi_sk_quad_points where every face of level l − 1 is a quad, a block of
 * F faces at a time, with the vertices of level l − 1 in the same proportion
 * (their streaming loads and stores fill the time the faces' gathers wait):
 * - each face's points go to shared memory first and are copied out whole
 *   (its quads' face points and spoke edge points, its face vertex: one run of
 *   rows each), so they reach L2 as full sectors rather than as d-value
 *   pieces of many sectors per warp store (the rule was L2-bound);
 * - the block lists the edges its faces own (sk_quad_owned_edge) and then
 *   runs one lane per owned edge and component on the face's data, kept in
 *   shared memory: run per corner, half the lanes of a warp would idle while
 *   the others did an edge;
 * - on the last step (out_faces), the block also writes its faces'
 *   grandchildren, level l + 1's quads (16 per face, one 16-byte row each,
 *   consecutive across the lanes): their stores fill the time the gathers
 *   wait, where a kernel of their own ran after them at the speed of the
 *   stores alone.
 * A thread takes C components of one face: C = 1 (F = kStagedThreads / d
 * faces a block, 85 for positions) or, for positions (D = 3) on a level of
 * at least kMmiLargeLevel faces, C = 3: the face's side codes and ids are
 * then read and computed once, not once per lane, where the kernel was
 * issue-bound (spot's last step to 48.0M quads: 302M → 206M instructions,
 * 449 → 399 µs on the H200), in kPositionFaces faces a block (a multiple of
 * 4: a face's siblings, across its inner edges, are in the block, whose
 * owned edges then take the other side's data from shared memory). On
 * smaller levels C = 3 left too few threads to hide the gathers' latency.
 * C = 4 for float32 on such a level, of a width d that is a multiple of 4
 * and divides 96 (8 … 48): a thread's four consecutive components, each row's
 * four as one 16-byte load and its points copied out 16 bytes at a time,
 * in kMmiWideValues / d faces a block (96 threads), where one lane a component
 * was issue-bound too (d = 12, spot's last step: issue slots 74% busy).
 * D = 0: any other width up to kStagedMaxWidth, read at run time. Shared
 * memory per block: 18 F d values (faces and spokes 4 each, the face vertex
 * 1, the loaded rows 9) and 8 F words. */
static const int kStagedFaces = 85, kStagedThreads = 256, kStagedMaxWidth = 64;
static const int kPositionFaces = 128;

/* F for width d, C components a thread and values of `size` bytes (C = 3 in
 * float64: half as many faces, within the 48 KiB of shared memory a launch
 * gets unasked). */
static __host__ __device__ unsigned staged_faces(int64_t d, unsigned c, unsigned size)
{
    if (c == 3) return kPositionFaces * 4 / size;
    if (c == 4) return kMmiWideValues / (unsigned)d;
    return d == 3 ? kStagedFaces : kStagedThreads / (unsigned)d;
}

template <typename T>
static size_t staged_bytes(int64_t d, unsigned c)
{
    int64_t f = staged_faces(d, c, sizeof(T));
    return (size_t)(18 * f * d) * sizeof(T) + (size_t)(8 * f) * sizeof(uint32_t);
}

/* The thread's place in a block is taken apart in 32 bits (a 64-bit
 * division by a width read at run time is a long subroutine, and was the
 * most executed code of the kernel for d = 12); five blocks per SM bound the
 * registers so that half of the SM's warps can be resident (four where an
 * SM holds 1024 threads, sm_75). C = 3: eight blocks of kPositionFaces
 * threads, 64 registers (no spills). C = 4: seven blocks (as many as shared
 * memory holds), 80 registers (six blocks, 96 registers and no spills, were
 * 3% slower). */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
#define MMI_STAGED_BLOCKS_PER_SM 4
#else
#define MMI_STAGED_BLOCKS_PER_SM 5
#endif

/* sk_quad_load for components [c0, c0 + 4) of quad f, float32 (C = 4): each
 * row's four as one 16-byte load (d and c0 multiples of 4, P aligned so). */
static __device__ void sk_quad_load4(const sk_quad_in *in, sk_quad_ids at, int64_t f,
                                     unsigned c0, unsigned d, double pv[4][4], double po[4][4],
                                     double pf[4])
{
    const float *MM_RESTRICT P = (const float *)in->P;
#pragma unroll
    for (int j = 0; j < 4; ++j) {
        float4 v = *(const float4 *)(P + (int64_t)in->verts[4 * f + j] * d + c0);
        float4 o = *(const float4 *)(P + (at.eb + (in->side[4 * f + j] >> 2)) * d + c0);
        pv[0][j] = v.x, pv[1][j] = v.y, pv[2][j] = v.z, pv[3][j] = v.w;
        po[0][j] = o.x, po[1][j] = o.y, po[2][j] = o.z, po[3][j] = o.w;
    }
    float4 p = *(const float4 *)(P + at.fv * d + c0);
    pf[0] = p.x, pf[1] = p.y, pf[2] = p.z, pf[3] = p.w;
}

/* count 16-byte pieces from shared memory to dst (aligned to 16), the
 * block's threads side by side. */
static __device__ void sk_copy16(void *dst, const void *src, unsigned count)
{
    for (unsigned t = threadIdx.x; t < count; t += blockDim.x)
        ((float4 *)dst)[t] = ((const float4 *)src)[t];
}

template <int F64, int D, int C>
__global__ void __launch_bounds__(C == 3   ? kPositionFaces
                                  : C == 4 ? kMmiWideValues / 4
                                           : kStagedThreads,
                                  C == 3 ? 8 : C == 4 ? 7 : MMI_STAGED_BLOCKS_PER_SM)
    sk_quad_points_staged(const __grid_constant__ mmi_sk_points_args g)
{
    typedef typename std::conditional<F64 == 1, double, float>::type T;
    extern __shared__ __align__(16) unsigned char staged[];
    const unsigned d = D > 0 ? D : (unsigned)g.data.d;
    const unsigned F = staged_faces(d, C, sizeof(T));
    T *faces = (T *)staged, *spokes = faces + 4 * F * d, *verts = spokes + 4 * F * d;
    T *rows = verts + F * d; /* per face and component: pv[4], po[4], pf */
    uint32_t *owned = (uint32_t *)(rows + 9 * F * d), *twins = owned + 4 * F;
    __shared__ unsigned num_owned;
    const mmi_sk_level *x = &g.lv[g.level - 1];
    const sk_quad_in in = sk_quad_in_of(&g);
    const unsigned lanes = d / C, local = threadIdx.x / lanes, c0 = threadIdx.x % lanes * C;
    for (int64_t f0 = (int64_t)blockIdx.x * F; f0 < x->nf; f0 += (int64_t)gridDim.x * F) {
        int64_t f = f0 + local;
        unsigned n = (unsigned)(x->nf - f0 < F ? x->nf - f0 : F);
        if (threadIdx.x == 0) num_owned = 0;
        __syncthreads();
        if (local < n) {
            sk_quad_ids at = sk_quad_ids_of(&g, f);
            at.faces = sk_stream{faces, -4 * f0};
            at.spokes = sk_stream{spokes, -4 * f0};
            at.face_vertex = sk_stream{verts, (int64_t)local};
            /* every load of the thread's components before their first store */
            double pv[C][4], po[C][4], pf[C];
            if constexpr (C == 4) {
                sk_quad_load4(&in, at, f, c0, d, pv, po, pf);
            } else {
#pragma unroll
                for (unsigned i = 0; i < C; ++i)
                    pf[i] = sk_quad_load(&in, at, 4 * f, pv[i], po[i], c0 + i, d, F64);
            }
#pragma unroll
            for (unsigned i = 0; i < C; ++i) {
                T *r = rows + 9 * (d * local + c0 + i);
                for (int j = 0; j < 4; ++j) r[j] = (T)pv[i][j], r[4 + j] = (T)po[i][j];
                r[8] = (T)pf[i];
                sk_quad_points(&in, at, 4 * f, pv[i], po[i], pf[i], 0, c0 + i, d, F64);
            }
            for (unsigned j = 0; c0 == 0 && j < 4; ++j) {
                uint32_t other;
                if (!sk_owns_edge(&in, x->side[4 * f + j], 4 * f + j, &other)) continue;
                unsigned slot = atomicAdd(&num_owned, 1u);
                owned[slot] = 4 * local + j;
                twins[slot] = other;
            }
        }
        /* level l − 1's vertices [v0, v0 + m), in the faces' proportion */
        int64_t v0 = f0 * x->nv / x->nf;
        unsigned m = g.data.old_done ? 0 : (unsigned)((f0 + n) * x->nv / x->nf - v0);
        for (unsigned t = threadIdx.x; t < m * d; t += blockDim.x)
            sk_old_vertex_at(&g, v0 + t / d, t % d, d, F64);
        for (unsigned t = threadIdx.x; g.out_faces && t < 16 * n; t += blockDim.x)
            sk_grandchild_quad(&g, 16 * f0 + t);
        __syncthreads();
        sk_quad_ids out = sk_quad_ids_of(&g, f0);
        T *yf = (T *)g.data.Y + (out.faces.row0 + 4 * f0) * d;
        T *ys = (T *)g.data.Y + (out.spokes.row0 + 4 * f0) * d;
        T *yv = (T *)g.data.Y + out.face_vertex.row0 * d;
        if (C == 4 && (uintptr_t)g.data.Y % 16 == 0) {
            sk_copy16(yf, faces, n * d), sk_copy16(ys, spokes, n * d);
            sk_copy16(yv, verts, n * d / 4);
        } else {
            for (unsigned t = threadIdx.x; t < 4 * n * d; t += blockDim.x)
                yf[t] = faces[t], ys[t] = spokes[t];
            for (unsigned t = threadIdx.x; t < n * d; t += blockDim.x) yv[t] = verts[t];
        }
        for (unsigned t = threadIdx.x; t < d * num_owned; t += blockDim.x) {
            unsigned o = owned[t / d], j = o & 3, cc = t % d;
            uint32_t k1 = twins[t / d];
            const T *r = rows + 9 * (d * (o >> 2) + cc);
            /* C > 1: the other side's data, from shared memory where its
               face is in the block, else loaded here, so that the pointer
               passed is always this array (one chosen at run time between
               it and the rule's own put both on the stack). With C = 1 a
               block's faces are fewer, or not whole sets of siblings, and
               the branch cost more than it saved: sk_quad_owned_edge loads
               them. */
            double twin[3] = {0.0, 0.0, 0.0};
            int64_t f1 = k1 == MMI_SK_NONE ? -1 : (int64_t)(k1 >> 2) - f0;
            if (C > 1 && f1 >= 0 && f1 < n) {
                const T *r1 = rows + 9 * (d * f1 + cc);
                unsigned j1 = k1 & 3;
                twin[0] = r1[8], twin[1] = r1[4 + ((j1 + 3) & 3)], twin[2] = r1[4 + ((j1 + 1) & 3)];
            } else if (C > 1 && k1 != MMI_SK_NONE) {
                sk_quad_twin_load(&in, out, k1, twin, cc, d, F64);
            }
            sk_quad_owned_edge(&in, out, x->side[4 * f0 + o], k1, C > 1 ? twin : NULL, r[j],
                               r[4 + j], r[4 + ((j + 3) & 3)], r[(j + 1) & 3],
                               r[4 + ((j + 1) & 3)], r[8], cc, d, F64);
        }
        __syncthreads();
    }
}

template <int F64, int D, int C>
static void launch_staged(const mmi_sk_points_args *g, cudaStream_t stream)
{
    typedef typename std::conditional<F64 == 1, double, float>::type T;
    int64_t d = g->data.d, faces = staged_faces(d, C, sizeof(T));
    unsigned grid = mmi_cuda_grid(g->lv[g->level - 1].nf, faces);
    unsigned threads = (unsigned)(faces * d / C);
    sk_quad_points_staged<F64, D, C><<<grid, threads, staged_bytes<T>(d, C), stream>>>(*g);
}

static void launch_quad_points(const mmi_sk_points_args *g, cudaStream_t stream)
{
    mmi_fold_data(g->data.d, g->data.f64, [&](auto D, auto F) {
        constexpr int f64 = decltype(F)::value, width = decltype(D)::value;
        const mmi_sk_data *io = &g->data;
        unsigned c = mmi_components_a_thread(io->d, f64, io->P, g->lv[g->level - 1].nf);
        if constexpr (width == 3) {
            if (c == 3) launch_staged<f64, 3, 3>(g, stream);
            else launch_staged<f64, 3, 1>(g, stream);
        } else if constexpr (f64 == 0) {
            if (c == 4) launch_staged<0, 0, 4>(g, stream);
            else launch_staged<0, 0, 1>(g, stream);
        } else {
            launch_staged<1, 0, 1>(g, stream);
        }
    });
}

mm_status mmi_sk_quad_points_cuda(mm_context ctx, const mmi_sk_points_args *g, int64_t count)
{
    if (count == 0) return MM_OK;
    if (g->data.d <= kStagedMaxWidth && g->lv[g->level - 1].uniform == 4 &&
        g->lv[g->level - 1].nf > 0) {
        launch_quad_points(g, (cudaStream_t)ctx->stream);
        return mmi_cuda_check(ctx, cudaGetLastError(), kWhat);
    }
    mm_status st = mmi_data_for<mmi_sk_points_args, sk_quad_point>(ctx, g, count, kWhat);
    if (st != MM_OK || !g->out_faces) return st;
    return mmi_grid_for<mmi_sk_points_args, sk_grandchild_quad>(ctx, g, sk_grandchild_count(g),
                                                                kWhat);
}
