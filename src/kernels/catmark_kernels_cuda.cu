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
#include "staged_rows.cuh"

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
 * has more than kSmallLevel0 elements and blocks of components (sk_blocks):
 * a small cage's passes wait on their loads' latency, and three launches
 * cost more than the work. 512 threads (1024 spilled): a pass takes at most
 * two rounds (spot's cage: 180 faces, 366 edges and 188 vertices, one round
 * each for positions; at d = 12, three blocks of components each, the three
 * launches, whose evaluation to level 4 took 32 µs where the block's four
 * rounds took 37: bench/results/level0-blocks). D and F fold the data's
 * width and type (fold_data.cuh), as the larger cages' launches do. */
static const int kLevel0BlockThreads = 512, kSmallLevel0 = 2 * kLevel0BlockThreads;

template <int D, int F, int E>
__global__ void __launch_bounds__(kLevel0BlockThreads)
    sk_level0_points_block(const __grid_constant__ mmi_sk_points0_args g)
{
    const int64_t d = D > 0 ? D : g.data.d, blocks = sk_blocks(d);
    if (E) mmi_let_next_grid_launch();
    for (int64_t i = threadIdx.x; i < g.x.nf * blocks; i += blockDim.x) sk_face_point(&g, i, d, F);
    __syncthreads();
    for (int64_t i = threadIdx.x; i < g.x.ne * blocks; i += blockDim.x) sk_edge_point(&g, i, d, F);
    __syncthreads();
    for (int64_t i = threadIdx.x; i < g.x.nv * blocks; i += blockDim.x)
        sk_vertex_point(&g, i, d, F);
}

mm_status mmi_sk_level0_points_cuda(mm_context ctx, const mmi_sk_points0_args *g)
{
    const mmi_sk_level *x = &g->x;
    int64_t blocks = sk_blocks(g->data.d);
    int64_t nf = x->nf * blocks, ne = x->ne * blocks, nv = x->nv * blocks;
    if (nf <= kSmallLevel0 && ne <= kSmallLevel0 && nv <= kSmallLevel0) {
        mmi_fold_data(g->data.d, g->data.f64, [&](auto D, auto F) {
            mmi_fold_early(g->data.corrected, [&](auto E) {
                sk_level0_points_block<decltype(D)::value, decltype(F)::value, decltype(E)::value>
                    <<<1, kLevel0BlockThreads, 0, (cudaStream_t)ctx->stream>>>(*g);
            });
        });
        return mmi_cuda_check(ctx, cudaGetLastError(), kWhat);
    }
    mm_status st = mmi_data_for<mmi_sk_points0_args, sk_face_point>(ctx, g, nf, kWhat);
    if (st == MM_OK) st = mmi_data_for<mmi_sk_points0_args, sk_edge_point>(ctx, g, ne, kWhat);
    if (st == MM_OK) st = mmi_data_for<mmi_sk_points0_args, sk_vertex_point, 1>(ctx, g, nv, kWhat);
    return st;
}

/* mmi_sk_quad_points where every face of level l − 1 is a quad, a block of
 * F faces at a time, in two passes with a barrier between. The first
 * gathers each face's nine rows of level l (sk_quad_rows) into shared memory
 * and lists the edges the faces own (sk_owns_edge; not the spokes, which the
 * second pass runs in row order where the parents are quads); the vertices
 * of level l − 1 in the faces' proportion, whose streaming loads and stores
 * fill the time the gathers wait, and on the last step (out_faces) the faces'
 * grandchildren, level l + 1's quads (16 per face, one 16-byte row each,
 * consecutive across the lanes), run in this pass too. The second runs one
 * lane per owned edge and component (two components for C = 4, each row's
 * two as one 8-byte load and store) on the rows in shared memory (run per
 * corner, half the lanes of a warp would idle while the others did an edge).
 * The face's other points (its quads' face points and spoke edge points, its
 * face-point vertex) are written as runs of rows, each reaching L2 as whole
 * sectors rather than as d-value pieces of many sectors per warp store (the
 * rule was L2-bound), in one of two ways:
 * - from registers (C = 1, 3): the thread that gathered a face's rows runs
 *   its rules at once into shared memory (9 more values a face and
 *   component), copied out whole in the second pass;
 * - from the rows (C = 4, from_rows): in the second pass, one lane per value
 *   of the runs (a corner's and component's face and spoke points, a face's
 *   face-point vertex). Only the rows take shared memory and no thread holds
 *   them in registers across the barrier, so twelve blocks of 56 registers
 *   (five of 192 threads and 64 since, MMI_STAGED_BLOCKS) fit a
 *   multiprocessor, not seven of 80: the kernel waits on its gathers, and
 *   spot's last step to 48.0M quads at d = 12 went from 1544 to 1371 µs
 *   on the H200, with 37% more instructions. Positions ran 5% slower so (401
 *   → 422 µs, though at 61% of warps resident rather than 43%), and C = 1
 *   2–4% slower for positions and the same at d = 12: they keep the
 *   registers (bench/results/catmark-wide-rows).
 * A thread of the gather takes C components of one face: C = 1 (F =
 * kStagedThreads / d faces a block, 85 for positions) or, for positions
 * (D = 3) on a level of at least kMmiWideLevel faces, C = 3: the face's side
 * codes and ids are then read and computed once, not once per lane, where the
 * kernel was issue-bound (spot's last step: 302M → 206M instructions, 449 →
 * 399 µs on the H200), in kPositionFaces faces a block (a multiple of 4: a
 * face's siblings, across its inner edges, are in the block, whose owned
 * edges then take the other side's data from shared memory). On smaller
 * levels C = 3 left too few threads to hide the gathers' latency. C = 4 for
 * float32 on a level of at least kMmiWideLevel faces, of a width d that is a
 * multiple of 4 and divides
 * 96 (8 … 48): a thread's four consecutive components, each row's four as
 * one 16-byte load and store, in kMmiWideBlockValues / d faces a block
 * (192 threads). D = 0: any other width up to kStagedMaxWidth, read at run time. */
static const int kStagedFaces = 85, kStagedThreads = 256, kStagedMaxWidth = 64;
/* Levels of fewer parent faces run the element kernels (sk_quad_point), one
 * lane a value: there the staged kernel's rounds (gathers, barrier, owned
 * edges) are the step's latency, not its bytes. Spot's cage to level 4 went
 * from 22.2 to 19.7 µs a call on the H200, the steps of 732 to 11,712
 * parents faster so and those of 36,864 and 46,848 slower
 * (bench/results/catmark-small-levels). Unlike Loop's, the step over a cage
 * of this size stays staged: the element kernel there cost 1–2 µs a call
 * more on a torus of 2^15 quads, in grid order or shuffled (up to 10% of an
 * evaluation to level 2: bench/results/catmark-cage-step-dropped). */
static const int64_t kStagedLevel = (int64_t)1 << 14;
static const int kPositionFaces = 128;

/* F for width d, C components a thread and values of `size` bytes (C = 3 in
 * float64: half as many faces, within the 48 KiB of shared memory a launch
 * gets unasked). */
static __host__ __device__ unsigned staged_faces(int64_t d, unsigned c, unsigned size)
{
    if (c == 3) return kPositionFaces * 4 / size;
    if (c == 4) return kMmiWideBlockValues / (unsigned)d;
    return d == 3 ? kStagedFaces : kStagedThreads / (unsigned)d;
}

/* Whether the points other than the owned edges' run from the rows in shared
 * memory (else from registers). */
static __host__ __device__ constexpr bool from_rows(unsigned c)
{
    return c == 4;
}

/* Shared memory: the rows (9 values a face and component), the points run
 * from registers (9 more) unless from_rows, and the owned edges' list (8
 * words a face). */
template <typename T>
static size_t staged_bytes(int64_t d, unsigned c)
{
    int64_t f = staged_faces(d, c, sizeof(T)), values = from_rows(c) ? 9 : 18;
    return (size_t)(values * f * d) * sizeof(T) + (size_t)(8 * f) * sizeof(uint32_t);
}

/* Blocks a multiprocessor, bounding the registers: C = 3, eight of
 * kPositionFaces threads (64 registers, no spills; shared memory holds
 * seven, but at seven the kernel took 72 registers and the evaluation at
 * d = 3 was 2.7% slower, bench/results/position-registers-dropped); C = 4,
 * five of 192 threads (64, no spill: at the
 * same threads in blocks of 96 with 56 registers, the owned edges' lanes of
 * two components spilled 52 bytes and d = 12 was 8% slower,
 * bench/results/catmark-edge-lanes); C = 1, five of kStagedThreads (48), so
 * that half of the SM's warps can be resident. An SM of sm_75 holds 1024
 * threads: eight, five and four. */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
#define MMI_STAGED_BLOCKS(C) ((C) == 3 ? 8 : (C) == 4 ? 5 : 4)
#else
#define MMI_STAGED_BLOCKS(C) ((C) == 3 ? 8 : 5)
#endif

template <int F64, int D, int C, int E>
__global__ void __launch_bounds__(C == 3   ? kPositionFaces
                                  : C == 4 ? kMmiWideBlockValues / 4
                                           : kStagedThreads,
                                  MMI_STAGED_BLOCKS(C))
    sk_quad_points_staged(const __grid_constant__ mmi_sk_points_args g)
{
    typedef typename std::conditional<F64 == 1, double, float>::type T;
    extern __shared__ __align__(16) unsigned char staged[];
    const unsigned d = D > 0 ? D : (unsigned)g.data.d;
    const unsigned F = staged_faces(d, C, sizeof(T)), plane = F * d;
    T *faces = (T *)staged, *spokes = faces + 4 * plane, *verts = spokes + 4 * plane;
    T *rows = from_rows(C) ? faces : verts + plane;
    /* row j of local face i's component c at rows[j js + (i d + c) cs]: nine
       planes from_rows (a lane's value of consecutive faces' rows side by
       side), else each face and component's nine rows together */
    const unsigned js = from_rows(C) ? plane : 1, cs = from_rows(C) ? 1 : 9;
    uint32_t *owned = (uint32_t *)(rows + 9 * plane), *twins = owned + 4 * F;
    __shared__ unsigned num_owned;
    if (E) mmi_let_next_grid_launch();
    const mmi_sk_level *x = &g.lv[g.level - 1];
    const sk_quad_in in = sk_quad_in_of(&g);
    const unsigned lanes = d / C, local = threadIdx.x / lanes, c0 = threadIdx.x % lanes * C;
    /* Where the parents (level l − 2) are quads, face f is the quad of their
       corner f, whose spoke (edge 2|E| + f, sk_quad_of) lies on f's side 1,
       forward, and on side 2 of the quad of the next corner, f's sibling, in
       the block (C > 1: F a multiple of 4). A lane per face and component
       writes the spokes' points in the order of their rows, which the list
       of owned edges (in the order its atomics ran) scattered: spot's
       evaluation to 48.0M quads 2.5% faster so at d = 3, 7% at d = 12. The
       list keeps the halves of level l − 2's edges, the two of an edge side
       by side: 7.5% and 3% more (bench/results/owned-edge-order). */
    const mmi_sk_level *parents = g.level >= 2 ? &g.lv[g.level - 2] : NULL;
    const bool spokes_apart = C > 1 && parents && parents->uniform == 4;
    /* The owned edges' lanes take K components each, every row moved as one
       access of K values (V): two for C = 4 (float2), as Loop's */
    constexpr int K = C == 4 ? 2 : 1;
    typedef typename std::conditional<K == 2, float2, T>::type V;
    for (int64_t f0 = (int64_t)blockIdx.x * F; f0 < x->nf; f0 += (int64_t)gridDim.x * F) {
        int64_t f = f0 + local;
        unsigned n = (unsigned)(x->nf - f0 < F ? x->nf - f0 : F);
        if (threadIdx.x == 0) num_owned = 0;
        __syncthreads();
        if (local < n) {
            sk_quad_ids at = sk_quad_ids_of(&g, f);
            T *r = rows + (d * local + c0) * cs;
            /* every load of the thread's rows before their first store */
            if constexpr (from_rows(C)) {
                const float *MM_RESTRICT P = (const float *)in.P;
                int64_t at9[9];
                float4 v[9];
                sk_quad_rows(&in, at, 4 * f, at9);
#pragma unroll
                for (int j = 0; j < 9; ++j) v[j] = mmi_row4(P, at9[j], d, c0);
                /* indexed as float4: `*(float4 *)(r + j js)` compiled to
                   four scalar stores, 4-way bank conflicted (d = 12 2.0–3.5%
                   slower, bench/results/catmark-rows-v4) */
                float4 *r4 = (float4 *)rows + (d * local + c0) / 4;
#pragma unroll
                for (int j = 0; j < 9; ++j) r4[j * (js / 4)] = v[j];
            } else {
                at.faces = sk_stream{faces, -4 * f0};
                at.spokes = sk_stream{spokes, -4 * f0};
                at.face_vertex = sk_stream{verts, (int64_t)local};
                double pv[C][4], po[C][4], pf[C];
#pragma unroll
                for (unsigned i = 0; i < C; ++i)
                    pf[i] = sk_quad_load(&in, at, 4 * f, pv[i], po[i], c0 + i, d, F64);
#pragma unroll
                for (unsigned i = 0; i < C; ++i) {
                    for (int j = 0; j < 4; ++j)
                        r[j * js + i * cs] = (T)pv[i][j], r[(4 + j) * js + i * cs] = (T)po[i][j];
                    r[8 * js + i * cs] = (T)pf[i];
                    sk_quad_points(&in, at, 4 * f, pv[i], po[i], pf[i], 0, c0 + i, d, F64);
                }
            }
            if (spokes_apart) {
                /* corner 0 and the next sibling's corner 3 hold the halves
                   (2e + b, 2e + 1 − b) of the parent corner's out edge e:
                   both owned or neither, listed side by side */
                uint32_t so = x->side[4 * f], t0, t3;
                if (c0 == 0 && sk_owns_edge(&in, so, 4 * f, &t0)) {
                    int64_t nu = sk_next(parents, f);
                    sk_owns_edge(&in, ((so >> 2) ^ 1u) << 2 | (so & 3), 4 * nu + 3, &t3);
                    unsigned slot = atomicAdd(&num_owned, 2u);
                    owned[slot] = 4 * local, twins[slot] = t0;
                    owned[slot + 1] = (unsigned)(4 * (nu - f0) + 3), twins[slot + 1] = t3;
                }
            }
            for (unsigned j = 0; c0 == 0 && !spokes_apart && j < 4; ++j) {
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
        mmi_rows_for<D>(m, d,
                       [&](unsigned q, unsigned c) { sk_old_vertex_at(&g, v0 + q, c, d, F64); });
        for (unsigned t = threadIdx.x; g.out_faces && t < 16 * n; t += blockDim.x)
            sk_grandchild_quad(&g, 16 * f0 + t);
        __syncthreads();
        sk_quad_ids out = sk_quad_ids_of(&g, f0);
        if constexpr (from_rows(C)) {
            mmi_rows_for<D>(n, d, [&](unsigned i, unsigned c) {
                const T *r = rows + (d * i + c) * cs;
                double pv[4], po[4];
                for (int j = 0; j < 4; ++j) pv[j] = r[j * js], po[j] = r[(4 + j) * js];
                sk_quad_points(&in, sk_quad_ids_of(&g, f0 + i), 4 * (f0 + i), pv, po, r[8 * js], 0,
                               c, d, F64);
            });
        } else {
            T *yf = (T *)g.data.Y + (out.faces.row0 + 4 * f0) * d;
            T *ys = (T *)g.data.Y + (out.spokes.row0 + 4 * f0) * d;
            T *yv = (T *)g.data.Y + out.face_vertex.row0 * d;
            for (unsigned t = threadIdx.x; t < 4 * n * d; t += blockDim.x)
                yf[t] = faces[t], ys[t] = spokes[t];
            for (unsigned t = threadIdx.x; t < n * d; t += blockDim.x) yv[t] = verts[t];
        }
        /* the points on the edge of local corner o, owned, whose other side
           is k1, components [c, c + K) (sk_quad_edge_values) */
        auto owned_edge = [&](unsigned o, uint32_t k1, unsigned c) {
            unsigned j = o & 3;
            const T *r = rows + (d * (o >> 2) + c) * cs;
            if constexpr (C == 1) { /* the rule loads the other side's data */
                sk_quad_owned_edge(&in, out, x->side[4 * f0 + o], k1, NULL, r[j * js],
                                   r[(4 + j) * js], r[(4 + ((j + 3) & 3)) * js],
                                   r[((j + 1) & 3) * js], r[(4 + ((j + 1) & 3)) * js], r[8 * js],
                                   c, d, F64);
                return;
            }
            /* the other side's pf1, pi1, pon1: from shared memory where its
               face is in the block, else loaded (with C = 1 a block's faces
               are fewer, or not whole sets of siblings, and the branch cost
               more than it saved) */
            V tw[3] = {};
            int64_t f1 = k1 == MMI_SK_NONE ? -1 : (int64_t)(k1 >> 2) - f0;
            if (f1 >= 0 && f1 < n) {
                const T *r1 = rows + (d * f1 + c) * cs;
                unsigned j1 = k1 & 3;
                tw[0] = *(const V *)(r1 + 8 * js);
                tw[1] = *(const V *)(r1 + (4 + ((j1 + 3) & 3)) * js);
                tw[2] = *(const V *)(r1 + (4 + ((j1 + 1) & 3)) * js);
            } else if (k1 != MMI_SK_NONE) {
                int64_t at3[3];
                sk_quad_twin_rows(&in, out, k1, at3);
#pragma unroll
                for (int i = 0; i < 3; ++i) tw[i] = *(const V *)((const T *)in.P + at3[i] * d + c);
            }
            /* pv, po, pi, pvn, pon, pf */
            V in6[6] = {*(const V *)(r + j * js), *(const V *)(r + (4 + j) * js),
                        *(const V *)(r + (4 + ((j + 3) & 3)) * js),
                        *(const V *)(r + ((j + 1) & 3) * js),
                        *(const V *)(r + (4 + ((j + 1) & 3)) * js), *(const V *)(r + 8 * js)};
            int64_t eo, ha, hb;
            sk_quad_edge_rows(out, x->side[4 * f0 + o], &eo, &ha, &hb);
            V res[3]; /* ha, hb, eo */
#pragma unroll
            for (int k = 0; k < K; ++k) {
                const T *a6[6], *t3[3];
#pragma unroll
                for (int i = 0; i < 6; ++i) a6[i] = (const T *)&in6[i];
#pragma unroll
                for (int i = 0; i < 3; ++i) t3[i] = (const T *)&tw[i];
                double twin[3] = {t3[0][k], t3[1][k], t3[2][k]}, h[2], step[3];
                uint32_t kind = sk_quad_edge_values(k1, twin, a6[0][k], a6[1][k], a6[2][k],
                                                    a6[3][k], a6[4][k], a6[5][k], h, step);
                ((T *)&res[0])[k] = (T)h[0], ((T *)&res[1])[k] = (T)h[1];
                ((T *)&res[2])[k] = (T)step[0];
                sk_vertex_keep(in.ring, in.kinds, in.final, kind, eo, step, c + k, d, F64);
            }
            T *Y = (T *)in.Y + c;
            *(V *)(Y + ha * d) = res[0], *(V *)(Y + hb * d) = res[1], *(V *)(Y + eo * d) = res[2];
        };
        /* the owned edges' lanes: the spokes (spokes_apart), then the list;
           for C = 4 in one loop, whose code spilled 4 bytes where two loops
           spilled 28 and were 6% slower at d = 12; positions in two, 2%
           faster than one (bench/results/catmark-edge-lanes) */
        auto spoke = [&](unsigned i, unsigned c) {
            owned_edge(4 * i + 1, (uint32_t)(4 * sk_next(parents, f0 + i) + 2), K * c);
        };
        auto listed = [&](unsigned q, unsigned c) { owned_edge(owned[q], twins[q], K * c); };
        if constexpr (C == 4) {
            const unsigned num_spokes = spokes_apart ? n : 0;
            mmi_rows_for<0>(num_spokes + num_owned, d / K, [&](unsigned q, unsigned c) {
                if (q < num_spokes) spoke(q, c);
                else listed(q - num_spokes, c);
            });
        } else {
            if (spokes_apart) mmi_rows_for<D>(n, d, spoke);
            mmi_rows_for<D>(num_owned, d, listed);
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
    mmi_fold_early(g->data.corrected, [&](auto E) {
        sk_quad_points_staged<F64, D, C, decltype(E)::value>
            <<<grid, threads, staged_bytes<T>(d, C), stream>>>(*g);
    });
}

static void launch_quad_points(const mmi_sk_points_args *g, cudaStream_t stream)
{
    mmi_fold_data(g->data.d, g->data.f64, [&](auto D, auto F) {
        constexpr int f64 = decltype(F)::value, width = decltype(D)::value;
        const mmi_sk_data *io = &g->data;
        unsigned c = mmi_components_a_thread(io->d, f64, io->P, io->Y, g->lv[g->level - 1].nf);
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
        g->lv[g->level - 1].nf >= kStagedLevel) {
        launch_quad_points(g, (cudaStream_t)ctx->stream);
        return mmi_cuda_check(ctx, cudaGetLastError(), kWhat);
    }
    /* the element kernel launched early in an evaluation, each quad's
       thread loading its rows' ids before the wait (sk_quad_face): spot's
       evaluations to 47K–3.0M quads 4–8% faster at d = 3, 5–12% at d = 12
       (bench/results/catmark-element-early) */
    int early = g->data.early && ctx->early_launch;
    mm_status st =
        mmi_data_for<mmi_sk_points_args, sk_quad_point, 1>(ctx, g, count, kWhat, early);
    if (st != MM_OK || !g->out_faces) return st;
    return mmi_grid_for<mmi_sk_points_args, sk_grandchild_quad>(ctx, g, sk_grandchild_count(g),
                                                                kWhat);
}
