/* sqrt3_kernels_cuda.cu: the CUDA launchers of the specialized √3 path: one
 * grid-stride kernel per rule (grid_for.cuh; the vertex-data rules with d =
 * 3 and the type folded, fold_data.cuh), one thread per element (per
 * refined triangle for the topology, per triangle and component for the
 * vertex data below level 0, or four components on a large level of a
 * closed mesh); the rules reading two levels instantiated for what those
 * levels are (splitting, stored); the last level's triangles through shared
 * memory (staged_rows.cuh). */
#include <cuda_runtime.h>

#include "../core/grid_for.cuh"
#include "fold_data.cuh"
#include "old_vertices4.cuh"
#include "sqrt3_tri_points.h"
#include "staged_rows.cuh"

static const int kThreads = 256;
static const char kWhat[] = "a specialized sqrt(3) kernel launch";

MMI_CUDA_LAUNCHER(mmi_s3_child_tris, mmi_s3_child_args, s3_child_tri, kWhat)
MMI_CUDA_LAUNCHER(mmi_s3_child_ends, mmi_s3_child_args, s3_child_ends, kWhat)
MMI_CUDA_LAUNCHER(mmi_s3_boundary_flags, mmi_s3_child_args, s3_boundary_flag, kWhat)
MMI_CUDA_DATA_LAUNCHER(mmi_s3_level0_points, mmi_sk_points0_args, s3_level0_point, kWhat)

/* Whether level l − 1 or level l of a rule reading both splits its boundary
 * (never on a closed mesh). */
static int splits(const mmi_s3_tri_args *g)
{
    return g->lv[g->level - 1].bcount != NULL || g->lv[g->level].bcount != NULL;
}

/* Levels l − 2, l − 1 and l as a rule reading l − 1 and l sees them (v is
 * read only where level l − 1 is not stored; for l < 2 a copy of w);
 * SPLITS = 0 where neither splits (splits()), FOLD = 1 where level l − 1
 * is not stored (folded()): the copies then say so at compile time, and
 * the compiler drops the splitting rules, or the loads of level l − 1, or
 * the making of its corners. */
template <int SPLITS, int FOLD>
__device__ void s3_levels_read(const mmi_s3_tri_args &g, mmi_s3_level *v, mmi_s3_level *w,
                               mmi_s3_level *x)
{
    const mmi_s3_level *up = s3_level_above(&g);
    *w = g.lv[g.level - 1];
    *x = g.lv[g.level];
    *v = up ? *up : *w;
    if (!SPLITS) v->bcount = w->bcount = x->bcount = NULL;
    if (FOLD) w->verts = w->twin = NULL;
    else __builtin_assume(w->verts != NULL);
}

/* Whether level l − 1 of a rule reading it is not stored (the driver's
 * folds: the last step of a closed mesh reads level l − 2). */
static int folded(const mmi_s3_tri_args *g)
{
    return g->lv[g->level - 1].verts == NULL;
}

/* launch(SPLITS, FOLD), both std::integral_constant<int, …>: (1, 0) where a
 * level splits, (0, 1) where level l − 1 is not stored, else (0, 0). */
template <typename Launch>
static void with_levels(const mmi_s3_tri_args *g, Launch launch)
{
    using yes = std::integral_constant<int, 1>;
    using no = std::integral_constant<int, 0>;
    if (splits(g)) launch(yes(), no());
    else if (folded(g)) launch(no(), yes());
    else launch(no(), no());
}

/* The grandchildren pass: 3 triangles per thread, the block's rows stored
 * whole. */
template <int SPLITS, int FOLD>
__global__ void __launch_bounds__(256)
    s3_grandchild_kernel(const __grid_constant__ mmi_s3_tri_args g)
{
    mmi_s3_level v, w, x;
    s3_levels_read<SPLITS, FOLD>(g, &v, &w, &x);
    mmi_staged_rows<S3_GRANDCHILD_WORDS, 256, 1>(
        s3_grandchild_count(&g), g.out_faces,
        [&](int64_t u, int, uint32_t *o) { s3_grandchild_tris(&v, &w, &x, u, o); });
}

/* The triangle faces, D > 0 and F ≥ 0 folding the data's width and type
 * (fold_data.cuh). */
template <int SPLITS, int FOLD, int D, int F>
__global__ void __launch_bounds__(256)
    s3_tri_faces_kernel(const __grid_constant__ mmi_s3_tri_args g, int64_t count)
{
    int64_t d = D > 0 ? D : g.data.d;
    int f64 = F >= 0 ? F : g.data.f64;
    mmi_s3_level v, x, xl;
    s3_levels_read<SPLITS, FOLD>(g, &v, &x, &xl);
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < count;
         i += (int64_t)gridDim.x * blockDim.x)
        s3_tri_face_points(&v, &x, &xl, g.data.P, g.data.Y, g.data.ring,
                           g.data.ring_next, g.data.kinds, g.data.final, (g.level + 1) & 1,
                           i / d, i % d, d, f64);
}

/* The triangle faces with out_faces for positions (d = 3), the last step: thread
 * u = 3f + c makes component c of the points around triangle f and the
 * triangles below corner u (three corners per triangle: the same u), its
 * rows staged as the grandchildren pass's. The triangles' stores then fill the
 * time the points' gathers wait, where a kernel of their own ran after
 * them at the speed of the stores alone. Five blocks per multiprocessor
 * hold it at 48 registers without a spill where a closed mesh's levels do
 * not split; six (40 registers) spill since the points load every corner
 * first (s3_whole_tri_points). */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
#define S3_LAST_STEP_BLOCKS 4 /* sm_75 holds 1024 threads per multiprocessor */
#else
#define S3_LAST_STEP_BLOCKS 5
#endif
template <int SPLITS, int FOLD, int F>
__global__ void __launch_bounds__(256, S3_LAST_STEP_BLOCKS)
    s3_last_step_kernel(const __grid_constant__ mmi_s3_tri_args g)
{
    mmi_s3_level v, w, x;
    s3_levels_read<SPLITS, FOLD>(g, &v, &w, &x);
    mmi_staged_rows<S3_GRANDCHILD_WORDS, 256, 1>(
        s3_grandchild_count(&g), g.out_faces, [&](int64_t u, int, uint32_t *o) {
            s3_tri_face_points(&v, &w, &x, g.data.P, g.data.Y, g.data.ring,
                               g.data.ring_next, g.data.kinds, g.data.final, (g.level + 1) & 1,
                               lk_tri_of(u), lk_slot_of(u), 3, F);
            s3_grandchild_tris(&v, &w, &x, u, o);
        });
}

static void launch_last_step(const mmi_s3_tri_args *g, unsigned grid, cudaStream_t stream)
{
    with_levels(g, [&](auto SPLITS, auto FOLD) {
        const int split = decltype(SPLITS)::value, fold = decltype(FOLD)::value;
        if (g->data.f64) s3_last_step_kernel<split, fold, 1><<<grid, kThreads, 0, stream>>>(*g);
        else s3_last_step_kernel<split, fold, 0><<<grid, kThreads, 0, stream>>>(*g);
    });
}

static void launch_grandchild(const mmi_s3_tri_args *g, unsigned grid, cudaStream_t stream)
{
    with_levels(g, [&](auto SPLITS, auto FOLD) {
        s3_grandchild_kernel<decltype(SPLITS)::value, decltype(FOLD)::value>
            <<<grid, kThreads, 0, stream>>>(*g);
    });
}

/* mmi_row4 into v, and its store from v (Y aligned so too). */
static __device__ void s3_row4_load(const float *MM_RESTRICT X, int64_t row, unsigned d,
                                    unsigned c0, float v[4])
{
    float4 r = mmi_row4(X, row, d, c0);
    v[0] = r.x, v[1] = r.y, v[2] = r.z, v[3] = r.w;
}

static __device__ void s3_row4_store(float *MM_RESTRICT X, int64_t row, unsigned d, unsigned c0,
                                     const float v[4], bool last)
{
    mmi_store_last((float4 *)(X + row * d + c0), make_float4(v[0], v[1], v[2], v[3]), last);
}

/* The triangle faces on a closed mesh (no level splits, so no triangle has
 * a boundary side) for float32 of a width d that is a multiple of 4 on a
 * level of at least kMmiLargeLevel triangles (mmi_components_a_thread): a
 * thread takes four consecutive components of one triangle, whose corners it
 * then reads once, not once per component, each row's four values as one
 * 16-byte load and each point's four as one 16-byte store. One lane a
 * component was issue-bound at d = 12: its corners and addresses computed
 * twelve times a triangle (spot_triangulated's last step to 38.4M
 * triangles: 865 µs on the H200, where d = 3 took 186 µs). d / 4 threads a
 * triangle, kThreads / (d / 4) triangles a block. On the last step the
 * rows, written whole (a triangle's three side points one run), are stored
 * evict-first (mmi_store_last: 0.6–1.3% at d = 12 on the H200). */
template <int FOLD>
__global__ void __launch_bounds__(kThreads)
    s3_tri_faces4_kernel(const __grid_constant__ mmi_s3_tri_args g)
{
    mmi_s3_level v, x, xl;
    s3_levels_read<0, FOLD>(g, &v, &x, &xl);
    const mmi_sk_data *io = &g.data;
    const unsigned d = (unsigned)io->d, lanes = d / 4, per = blockDim.x / lanes;
    const unsigned c0 = threadIdx.x % lanes * 4;
    const float *MM_RESTRICT P = (const float *)io->P;
    float *MM_RESTRICT Y = (float *)io->Y;
    float *keeps = (float *)sk_keeps(io);
    const bool last = keeps == NULL;
    /* vertex ids in 32 bits: the rows' offsets need no 64-bit arithmetic
       (bench/results/eval-instruction-mix) */
    const uint32_t born = (uint32_t)x.nv, faces = (uint32_t)xl.nv;
    for (int64_t f = (int64_t)blockIdx.x * per + threadIdx.x / lanes; f < x.nf;
         f += (int64_t)gridDim.x * per) {
        s3_tri_corners k;
        float q[4], a[3][4], h[3][4] = {}, face[3][4], moved[4], kept[4];
        uint32_t fq = born + (uint32_t)f;
        s3_tri_corners_of(&v, &x, f, &k);
        s3_row4_load(P, fq, d, c0, q);
        for (int c = 0; c < 3; ++c) {
            s3_row4_load(P, k.a[c], d, c0, a[c]);
            if (k.tw[c] != MMI_SK_NONE) s3_row4_load(P, born + k.tw[c] / 3, d, c0, h[c]);
        }
#pragma unroll
        for (int i = 0; i < 4; ++i) {
            s3_tri_rows r = {q[i], {a[0][i], a[1][i], a[2][i]}, {h[0][i], h[1][i], h[2][i]}};
            s3_born_sums s = {0.0, 0.0, 0};
            double y = 0.0, out[2];
            for (int c = 0; c < 3; ++c)
                face[c][i] = (float)s3_side_points(&k, &r, NULL, c, d, 0, &y, &s);
            s3_born_step(&s, r.q, out);
            moved[i] = (float)out[0];
            kept[i] = (float)s3_vertex_kept(io->ring_next, S3_KIND_BORN, (g.level + 1) & 1, out);
        }
        for (int c = 0; c < 3; ++c)
            s3_row4_store(Y, faces + 3 * (uint32_t)f + (uint32_t)c, d, c0, face[c], last);
        s3_row4_store(Y, fq, d, c0, moved, last);
        if (keeps) s3_row4_store(keeps, fq, d, c0, kept, false);
        sk_keep_kind(sk_ring_kept(io), io->kinds, S3_KIND_BORN, fq, c0);
    }
}

/* Whether s3_tri_faces4_kernel runs g's triangle faces (above): a closed
 * mesh, a level of at least kMmiLargeLevel triangles (from 2^16, as
 * Catmull-Clark's and Loop's wide forms, √3 at d = 12 was 1–2% slower:
 * bench/results/wide-level), float32 data of a width mmi_components_a_thread
 * gives four components a thread (never positions), P, Y and the rows of
 * what the face points leave below (sk_keeps, stored four values at once
 * too) aligned to 16 bytes. */
static int four_components(const mmi_s3_tri_args *g)
{
    const mmi_sk_data *io = &g->data;
    int64_t faces = g->lv[g->level - 1].nf;
    return !splits(g) && (uintptr_t)io->Y % 16 == 0 && (uintptr_t)sk_keeps(io) % 16 == 0 &&
           faces >= kMmiLargeLevel &&
           mmi_components_a_thread(io->d, io->f64, io->P, io->Y, faces) == 4;
}

static void launch_tri_faces4(const mmi_s3_tri_args *g, cudaStream_t stream)
{
    unsigned lanes = (unsigned)(g->data.d / 4), per = kThreads / lanes;
    unsigned grid = mmi_cuda_grid(g->lv[g->level - 1].nf, (int)per);
    if (folded(g)) s3_tri_faces4_kernel<1><<<grid, per * lanes, 0, stream>>>(*g);
    else s3_tri_faces4_kernel<0><<<grid, per * lanes, 0, stream>>>(*g);
}

static void launch_tri_faces(const mmi_s3_tri_args *g, int64_t count, cudaStream_t stream)
{
    if (four_components(g)) {
        launch_tri_faces4(g, stream);
        return;
    }
    with_levels(g, [&](auto SPLITS, auto FOLD) {
        mmi_fold_data(g->data.d, g->data.f64, [&](auto D, auto F) {
            s3_tri_faces_kernel<decltype(SPLITS)::value, decltype(FOLD)::value,
                                decltype(D)::value, decltype(F)::value>
                <<<mmi_cuda_grid(count, kThreads), kThreads, 0, stream>>>(*g, count);
        });
    });
}

mm_status mmi_s3_tri_faces_cuda(mm_context ctx, const mmi_s3_tri_args *g, int64_t count)
{
    cudaStream_t stream = (cudaStream_t)ctx->stream;
    int64_t corners = s3_grandchild_count(g);
    if (count == 0) return MM_OK;
    if (g->out_faces && g->data.d == 3) {
        launch_last_step(g, mmi_cuda_grid(corners, kThreads), stream);
    } else {
        launch_tri_faces(g, count, stream);
        if (g->out_faces) launch_grandchild(g, mmi_cuda_grid(corners, kThreads), stream);
    }
    return mmi_cuda_check(ctx, cudaGetLastError(), kWhat);
}

mm_status mmi_s3_old_vertices_cuda(mm_context ctx, const mmi_s3_tri_args *g, int64_t count)
{
    return mmi_old_vertices<mmi_s3_tri_args, s3_old_vertex_value, s3_old_vertex>(ctx, g, count,
                                                                               kWhat);
}
