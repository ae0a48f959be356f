/* loop_kernels_cuda.cu: the CUDA launchers of the specialized Loop path: one
 * grid-stride kernel per rule (grid_for.cuh; the vertex-data rules with d =
 * 3 and the type folded, fold_data.cuh), one thread per element (per refined
 * triangle for the topology, per triangle and component for the vertex data
 * below level 0); on levels of 2^16 triangles or more the points a thread a
 * triangle (or four components) with their rows in shared memory
 * (lk_tri_points_staged); the last level's triangles through shared memory
 * (staged_rows.cuh). */
#include <cuda_runtime.h>

#include <type_traits>

#include "../core/grid_for.cuh"
#include "fold_data.cuh"
#include "loop_topology.h"
#include "loop_tri_points.h"
#include "old_vertices4.cuh"
#include "staged_rows.cuh"

static const char kWhat[] = "a specialized Loop kernel launch";

MMI_CUDA_LAUNCHER(mmi_lk_child_tris, mmi_sk_child_args, lk_child_tri, kWhat)
MMI_CUDA_LAUNCHER(mmi_lk_across_edges, mmi_sk_child_args, lk_across_edge, kWhat)

static const int kStagedThreads = 128;

mm_status mmi_lk_level0_points_cuda(mm_context ctx, const mmi_sk_points0_args *g, int64_t count)
{
    return mmi_data_for<mmi_sk_points0_args, lk_level0_point, 1>(ctx, g, count, kWhat);
}

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

/* The triangle faces without out_faces (evaluation, and every step but a
 * subdivide's last) on a level of at least kMmiWideLevel triangles, a
 * block of F triangles of level l − 1 at a time, each thread C components of
 * one
 * triangle (its side codes and ids read and computed once, not once per
 * component):
 * - C = 3 for positions (D = 3), kPositionFaces triangles a block;
 * - C = 4 for float32 of a width d that is a multiple of 4 and divides 96
 *   (8 … 48): four consecutive components, each row's four as one 16-byte
 *   load, kMmiWideBlockValues / d triangles a block;
 * - each triangle's inner edge points go to shared memory first and are
 *   copied out whole (three rows a triangle, one run for the block), so they
 *   reach L2 as full sectors rather than as pieces of many sectors per warp
 *   store; on the last step of the four-components form evict-first
 *   (mmi_store_last: d = 12 0.7–1.5% faster on the H200; the positions'
 *   runs, and Catmull-Clark's, 0–1% slower so);
 * - the block lists the sides its triangles own (lk_tri_edge_values) and then
 *   runs one lane per owned side and component (two for C = 4) on the
 *   triangle's rows, kept in shared memory, so that no lane idles while
 *   others do a side; F is a
 *   multiple of 4, so a triangle's siblings are in the block and an owned
 *   side's other triangle, across the parent's inner edges, is read from
 *   shared memory; those inner edges run apart, in the order of their rows,
 *   by formula, and the list holds the other sides, the two halves of a
 *   parent's side next to each other. It runs from level l − 1 = 1 on
 *   (launch_tri_points), where every triangle has a parent of level l − 2.
 * Catmull-Clark's staged kernel (catmark_kernels_cuda.cu) showed each of
 * these pays on the last steps. On smaller levels, and for other data, one
 * lane a component (lk_tri_face_element) stays: staged with C = 1 (one lane
 * a component) it was up to 8% slower on small levels and 1% at d = 12
 * (bench/results/loop-staged). Shared memory: F (3d + row_stride) values
 * (inner rows 3d, loaded rows 6d and a pad) and the list's five words a
 * slot. Blocks
 * per multiprocessor: nine for C = 3 (56 registers, no spill; ten, at 48,
 * were 1–2% slower, bench/results/loop-edge-sides, and twelve, at 40,
 * 10–18%; unbounded the launch-early form took 58, eight blocks), five of
 * 192 threads for C = 4 (64 registers, no spill):
 * at eight of 96
 * (80 registers) a third of the SM's warps were resident and the kernel
 * waited on its gathers (ncu: DRAM 32%, issue slots 48%;
 * bench/results/loop-wide-occupancy); with two components an owned-edge
 * lane, twelve of 96 (56 registers, 44 bytes spilled) were 1% slower than
 * ten (bench/results/loop-edge-lanes). */
static const int kPositionFaces = 128;

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
#define LK_STAGED_BLOCKS(C) ((C) == 3 ? 8 : 5) /* an SM of sm_75 holds 1024 threads */
#else
#define LK_STAGED_BLOCKS(C) ((C) == 3 ? 9 : 5)
#endif

static __host__ __device__ unsigned staged_faces(int64_t d, unsigned c, unsigned size)
{
    return c == 3 ? kPositionFaces * 4 / size : kMmiWideBlockValues / (unsigned)d;
}

/* The owned edges' list's slots for F triangles: the two halves of a
 * parent's side for at most three children of four (the inner edges run
 * apart, below). */
static __host__ __device__ unsigned listed_slots(unsigned faces)
{
    return 3 * faces / 2;
}

/* A triangle's place in the rows (values, below): its 6d values and a pad
 * that spreads the lanes of a warp over the banks. Unpadded, a triangle's
 * rows lay 6d words apart, a multiple of 8 for every width of C = 4, and the
 * first pass's stores of a warp (three lanes a triangle at d = 12, four
 * components each) fell on few banks: six wavefronts a store, five times
 * the stores' ideal over the block (ncu, armadillo's last step). One word
 * for C = 3 clears them. For C = 4 four, so that a row's four components
 * are one 16-byte store: with two (a scalar store a component) the
 * conflicts were halved; as 16-byte stores with four, d = 12 was 4.7–5.6%
 * faster, as 8-byte stores with two 3.4–4.5% (bench/results/loop-rows-v4). */
static __host__ __device__ unsigned row_stride(unsigned d, unsigned c)
{
    return 6 * d + (c == 4 ? 4 : 1);
}

template <typename T>
static size_t staged_bytes(int64_t d, unsigned c)
{
    unsigned f = staged_faces(d, c, sizeof(T));
    return (size_t)(f * (3 * d + row_stride((unsigned)d, c))) * sizeof(T) +
           (size_t)(5 * listed_slots(f)) * sizeof(uint32_t);
}

/* lk_tri_rows_at for components [c0, c0 + 4) of a triangle whose corners are
 * vid, float32 (C = 4):
 * each row's four as one 16-byte load (mmi_row4). */
static __device__ void lk_tri_rows4(const lk_tri_in *in, lk_tri_ids at, const uint32_t vid[3],
                                    const uint32_t s[3], unsigned c0, unsigned d,
                                    double v[4][3], double m[4][3])
{
    const float *MM_RESTRICT P = (const float *)in->P;
#pragma unroll
    for (int c = 0; c < 3; ++c) {
        float4 a = mmi_row4(P, vid[c], d, c0);
        float4 b = mmi_row4(P, at.born + (s[c] >> 2), d, c0);
        v[0][c] = a.x, v[1][c] = a.y, v[2][c] = a.z, v[3][c] = a.w;
        m[0][c] = b.x, m[1][c] = b.y, m[2][c] = b.z, m[3][c] = b.w;
    }
}

template <int F64, int D, int C, int E>
__global__ void __launch_bounds__(C == 3 ? kPositionFaces : kMmiWideBlockValues / 4, LK_STAGED_BLOCKS(C))
    lk_tri_points_staged(const __grid_constant__ mmi_sk_points_args g)
{
    typedef typename std::conditional<F64 == 1, double, float>::type T;
    extern __shared__ __align__(16) unsigned char staged[];
    const unsigned d = D > 0 ? D : (unsigned)g.data.d;
    const unsigned F = staged_faces(d, C, sizeof(T));
    /* value j (v[3], then m[3]) of local triangle t's component cc at rows[RS
       t + j d + cc]: each value's components side by side, so that a lane
       moves several as one access and neighbouring lanes read neighbouring
       words */
    const unsigned RS = row_stride(d, C);
    T *inner = (T *)staged, *rows = inner + 3 * F * d;
    __shared__ unsigned num_owned;
    if (E) mmi_let_next_grid_launch();
    const mmi_sk_level *x = &g.lv[g.level - 1];
    lk_tri_in in;
    lk_tri_ids at;
    lk_tri_args(&g, &in, &at);
    const bool last = C == 4 && !in.ring && !in.final;
    const unsigned lanes = d / C, local = threadIdx.x / lanes, c0 = threadIdx.x % lanes * C;
    /* The inner edges of a triangle of level l − 2 (lk_inner_edge,
       lk_child) lie on side 1 of its children c < 3,
       forward, and on a side of its centre, all four in the block (F a
       multiple of 4). Lanes write their points in the order of their rows,
       which the list of owned edges (in the order its atomics ran)
       scattered: the evaluation of armadillo to 53.2M triangles 7% and of
       holes to 33.9M 5% faster so at d = 3, d = 12 unchanged. The list keeps
       the halves of level l − 2's edges, the two of an edge side by side:
       3–4% more at d = 3, 1.5–2% at d = 12 (bench/results/owned-edge-order). */
    /* the list: slot q's corner, other side, side code and across edges
       (for an other side outside the block: they come with the edge's
       sides, a dependent load fewer than that side's codes,
       bench/results/across-edges); the side code kept from the first pass,
       where the lanes loaded it again and waited on it (ncu: 9% of the last
       step's stall samples at d = 3, bench/results/loop-lane-codes) */
    const unsigned slots = listed_slots(F);
    uint32_t *owned = (uint32_t *)(rows + RS * F), *twins = owned + slots;
    uint32_t *codes = twins + slots, *across = codes + slots;
    /* the inner edges' side codes by formula (lk_inner_edge of the parents'
       level l − 2, forward) */
    const uint32_t parent_edges = (uint32_t)g.lv[g.level - 2].ne;
    /* The owned edges' lanes take K components each, every row moved as one
       access of K values (V): two for C = 4 (float2), which made d = 12 12%
       faster than a lane a component, and four no faster
       (bench/results/loop-edge-lanes) */
    constexpr int K = C == 4 ? 2 : 1;
    typedef typename std::conditional<K == 2, float2, T>::type V;
    for (int64_t f0 = (int64_t)blockIdx.x * F; f0 < x->nf; f0 += (int64_t)gridDim.x * F) {
        int64_t f = f0 + local;
        unsigned n = (unsigned)(x->nf - f0 < F ? x->nf - f0 : F);
        if (threadIdx.x == 0) num_owned = 0;
        __syncthreads();
        /* the triangle's topology, then the wait (launched early, the
           kernel before it may still run: mmi_launch_early), then its rows */
        uint32_t s[3] = {}, vid[3] = {}, k1 = MMI_SK_NONE;
        uint4 a4 = {};
        bool halves = false;
        if (local < n) {
#pragma unroll
            for (int c = 0; c < 3; ++c) s[c] = in.side[3 * f + c], vid[c] = in.verts[3 * f + c];
            /* A child c < 3 lists the halves of its parent's side c where
               its side 0 is the first of its edge, as the code tells
               (sk_first_by_code): then, before its rows, its edge's other
               side and both halves' across edges (one 16-byte load; the
               other half's other side by formula), where after the rows
               they were a round of their own (d = 12 2.2–3.0% faster, d = 3
               about 1%, bench/results/loop-lane-codes); on the boundary
               nothing. The edge sides of the centre (inner edges, by
               formula) and of sides 1 and 2 (an inner edge, and a half that
               a sibling lists) are not loaded. */
            halves = local % 4 < 3 && c0 == 0 && sk_first_by_code(s[0]);
            if (halves && !sk_on_boundary(s[0])) {
                k1 = in.edge_sides[2 * (int64_t)(s[0] >> 2) + 1];
                a4 = *(const uint4 *)(in.across + 4 * (int64_t)(s[0] >> 3));
            }
        }
        if (f0 == (int64_t)blockIdx.x * F) { /* a block's first tile */
            mmi_wait_prior_grid();
            /* after the wait: the next step's blocks then load their
               topology beside this step's last ones, not beside the step
               before */
            mmi_let_next_grid_launch();
        }
        if (local < n) {
            double v[C][3], m[C][3]; /* every load before the first store */
            if constexpr (C == 4) {
                lk_tri_rows4(&in, at, vid, s, c0, d, v, m);
            } else {
#pragma unroll
                for (unsigned i = 0; i < C; ++i)
#pragma unroll
                    for (int c = 0; c < 3; ++c) /* vid: the corners' vertices */
                        lk_tri_rows_at(vid, at, 0, c, s[c], sk_column(in.P, F64, c0 + i), v[i],
                                       m[i], d, F64);
            }
            if constexpr (C == 4) {
                /* each value's four components as one 16-byte store, 9 a
                   thread rather than 36 scalars (row_stride); indexed as
                   float4: from a float pointer the compiler could not prove
                   the alignment and split them */
                float4 *r4 = (float4 *)rows + (RS * local + c0) / 4;
                float4 *i4 = (float4 *)inner + (3 * local * d + c0) / 4;
#pragma unroll
                for (int c = 0; c < 3; ++c) {
                    r4[c * d / 4] = make_float4((float)v[0][c], (float)v[1][c], (float)v[2][c],
                                                (float)v[3][c]);
                    r4[(3 + c) * d / 4] = make_float4((float)m[0][c], (float)m[1][c],
                                                      (float)m[2][c], (float)m[3][c]);
                    i4[c * d / 4] = make_float4(
                        (float)lk_inner_point(v[0], m[0], c), (float)lk_inner_point(v[1], m[1], c),
                        (float)lk_inner_point(v[2], m[2], c), (float)lk_inner_point(v[3], m[3], c));
                }
            } else {
#pragma unroll
                for (unsigned i = 0; i < C; ++i) {
                    T *r = rows + RS * local + c0 + i;
#pragma unroll
                    for (int c = 0; c < 3; ++c) {
                        r[c * d] = (T)v[i][c], r[(3 + c) * d] = (T)m[i][c];
                        inner[(3 * local + c) * d + c0 + i] = (T)lk_inner_point(v[i], m[i], c);
                    }
                }
            }
            if (halves) {
                /* a child c < 3: its side 0 and side 2 of child (c + 1) mod 3
                   hold the halves (2e + b, 2e + 1 − b) of the parent's side
                   c: both owned or neither, listed side by side (side 1:
                   an inner edge, apart; the centre owns none). Off the
                   boundary the listed half runs forward (b = 0), so a4
                   holds its across edges, then the other half's, and the
                   other half's second side follows from k1
                   (lk_other_half_side); on the boundary both are nothing */
                unsigned sib = local - local % 4 + lk_slot_next(local % 4);
                unsigned slot = atomicAdd(&num_owned, 2u);
                owned[slot] = 3 * local, twins[slot] = k1, codes[slot] = s[0];
                /* the other half's code: its edge's id with the last bit
                   flipped (lk_child's 2e + b and 2e + 1 − b) */
                owned[slot + 1] = 3 * sib + 2, twins[slot + 1] = lk_other_half_side(k1);
                codes[slot + 1] = s[0] ^ 4u;
                across[2 * slot] = a4.x, across[2 * slot + 1] = a4.y;
                across[2 * slot + 2] = a4.z, across[2 * slot + 3] = a4.w;
            }
        }
        __syncthreads();
        T *yi = (T *)g.data.Y + (at.inner + 3 * f0) * d;
        if (C == 4 && (uintptr_t)g.data.Y % 16 == 0) {
            /* four values a lane (d a multiple of 4, so the block's run
               starts aligned): d = 12 1.6–2.4% faster than a value a lane
               (bench/results/loop-rows-v4) */
            for (unsigned i = threadIdx.x; i < 3 * n * d / 4; i += blockDim.x)
                mmi_store_last((float4 *)yi + i, ((const float4 *)inner)[i], last);
        } else {
            for (unsigned i = threadIdx.x; i < 3 * n * d; i += blockDim.x)
                mmi_store_last(yi + i, inner[i], last);
        }
        /* the points on the edge of local corner o, owned, of side code so,
           whose other side is k1 (q: its slot in the list, where k1 may lie
           outside the block), components [c0, c0 + K) (lk_tri_edge_values) */
        auto owned_edge = [&](unsigned o, uint32_t so, uint32_t k1, unsigned q, unsigned c0) {
            /* each corner's triangle and slot by one division (its
               neighbours' slots by lk_slot_next and lk_slot_prev) */
            const T *P = (const T *)in.P, *r = rows + RS * (o / 3) + c0;
            V qi = {}, qn = {}; /* the other side's points */
            int64_t f1 = k1 == MMI_SK_NONE ? -1 : lk_tri_of(k1) - f0;
            if (f1 >= 0 && f1 < n) {
                const T *r1 = rows + RS * f1 + c0;
                int s1 = lk_slot_of(k1);
                qi = *(const V *)(r1 + (3 + lk_slot_prev(s1)) * d);
                qn = *(const V *)(r1 + (3 + lk_slot_next(s1)) * d);
            } else if (k1 != MMI_SK_NONE) {
                int64_t rows2[2];
                lk_across_rows(at, across + 2 * q, rows2);
                qi = *(const V *)(P + rows2[0] * d + c0);
                qn = *(const V *)(P + rows2[1] * d + c0);
            }
            int c = lk_slot_of(o), n1 = lk_slot_next(c), p = lk_slot_prev(c);
            /* pv, pvn, pm, pmi, pmn, a.qi, a.qn */
            V in7[7] = {*(const V *)(r + c * d),       *(const V *)(r + n1 * d),
                        *(const V *)(r + (3 + c) * d), *(const V *)(r + (3 + p) * d),
                        *(const V *)(r + (3 + n1) * d), qi, qn};
            int64_t m, ho, hn;
            lk_tri_edge_rows(at, so, &m, &ho, &hn);
            V out[3]; /* ho, hn, m */
#pragma unroll
            for (int k = 0; k < K; ++k) {
                const T *a7[7];
#pragma unroll
                for (int j = 0; j < 7; ++j) a7[j] = (const T *)&in7[j];
                lk_across a = {k1, a7[5][k], a7[6][k]};
                double h[2], step[2];
                uint32_t kind = lk_tri_edge_values(a, a7[0][k], a7[1][k], a7[2][k], a7[3][k],
                                                   a7[4][k], h, step);
                ((T *)&out[0])[k] = (T)h[0], ((T *)&out[1])[k] = (T)h[1];
                ((T *)&out[2])[k] = (T)step[0];
                lk_vertex_keep(in.ring ? sk_column(in.ring, F64, c0 + k) : NULL, in.kinds,
                               in.final ? sk_column(in.final, F64, c0 + k) : NULL, kind, m, step,
                               c0 + k, d, F64);
            }
            T *Y = (T *)g.data.Y + c0;
            *(V *)(Y + ho * d) = out[0], *(V *)(Y + hn * d) = out[1], *(V *)(Y + m * d) = out[2];
        };
        /* the owned edges' lanes: first the inner edges, then the list, in
           one loop (positions in two, as Catmull-Clark's, were no faster:
           bench/results/catmark-edge-lanes) */
        const unsigned num_inner = 3 * n / 4;
        mmi_rows_for<C == 4 ? 0 : D>(num_inner + num_owned, d / K, [&](unsigned q, unsigned c) {
            if (q < num_inner) { /* inner edge q, side 1 of child t */
                unsigned t = 4 * (q / 3) + q % 3;
                uint32_t parent = (uint32_t)(f0 / 4 + q / 3), centre = 4 * parent + 3;
                owned_edge(3 * t + 1, lk_inner_edge(parent_edges, parent, q % 3) << 2,
                           3 * centre + (uint32_t)lk_slot_prev(q % 3), 0, K * c);
            } else {
                unsigned r = q - num_inner;
                owned_edge(owned[r], codes[r], twins[r], r, K * c);
            }
        });
        __syncthreads();
    }
}

template <int F64, int D, int C>
static cudaError_t launch_staged(const mmi_sk_points_args *g, cudaStream_t stream, int early)
{
    typedef typename std::conditional<F64 == 1, double, float>::type T;
    int64_t d = g->data.d, faces = staged_faces(d, C, sizeof(T));
    unsigned grid = mmi_cuda_grid(g->lv[g->level - 1].nf, faces);
    unsigned threads = (unsigned)(faces * d / C);
    size_t bytes = staged_bytes<T>(d, C);
    cudaError_t e = cudaSuccess;
    mmi_fold_early(g->data.corrected, [&](auto E) {
        auto *kernel = lk_tri_points_staged<F64, D, C, decltype(E)::value>;
        e = mmi_launch(kernel, grid, threads, bytes, stream, early, *g);
    });
    return e;
}

/* Launches the staged kernel where it applies (above), into *e its launch's
 * error; returns whether it did. Never on the step over level 0 (g->level
 * 1): a cage's triangles have no siblings, so every owned side's other
 * triangle lies outside the block and the staged form only adds rounds; the
 * element kernel there made stanford_bunny_69k's evaluation to 1.1M
 * triangles 34.7 → 23.2 µs a call and to 17.8M 0.157 → 0.144 ms on the H200
 * (bench/results/loop-cage-step). early (an evaluation on sm_90 on): launched
 * early, so that its blocks load their triangles' topology while the step
 * before still ends; the evaluations to 34M and 53M triangles 1.3–2% faster
 * at d = 3, 1–1.5% at d = 12 (bench/results/loop-early-steps; Catmull-Clark's
 * staged kernel so was no faster, and spilled). */
static int launch_tri_points(const mmi_sk_points_args *g, cudaStream_t stream, int early,
                             cudaError_t *e)
{
    const mmi_sk_data *io = &g->data;
    unsigned c = mmi_components_a_thread(io->d, io->f64, io->P, io->Y, g->lv[g->level - 1].nf);
    if (g->out_faces || c == 1 || g->level == 1) return 0;
    if (c == 4) *e = launch_staged<0, 0, 4>(g, stream, early);
    else if (io->f64) *e = launch_staged<1, 3, 3>(g, stream, early);
    else *e = launch_staged<0, 3, 3>(g, stream, early);
    return 1;
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
    cudaError_t e = cudaSuccess;
    int early = g->data.early && ctx->early_launch;
    if (launch_tri_points(g, stream, early, &e)) return mmi_cuda_check(ctx, e, kWhat);
    /* the element kernel launched early too, its threads loading their
       triangles' topology before the wait (lk_tri_face_points): the
       evaluations of holes to 8.5M and 33.9M triangles 6.5% and 1.8%
       faster at d = 3 (bench/results/loop-element-early) */
    mm_status st =
        mmi_data_for<mmi_sk_points_args, lk_tri_face_element, 1>(ctx, g, count, kWhat, early);
    if (st != MM_OK || !g->out_faces) return st;
    lk_grandchild_kernel<<<mmi_cuda_grid(nf, kStagedThreads), kStagedThreads, 0, stream>>>(*g);
    return mmi_cuda_check(ctx, cudaGetLastError(), kWhat);
}

mm_status mmi_lk_old_vertices_cuda(mm_context ctx, const mmi_sk_points_args *g, int64_t count)
{
    return mmi_old_vertices<mmi_sk_points_args, lk_old_vertex_value, lk_old_vertex, 1>(
        ctx, g, count, kWhat);
}
