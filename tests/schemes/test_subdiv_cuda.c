/* test_subdiv_cuda.c: the generic paths (Catmull-Clark, Loop, √3) and the
 * specialized paths (Catmull-Clark, Loop, √3) on CUDA against the CPU backend (DESIGN §3
 * determinism): every level's mesh matrix and edge list identical array for
 * array, refined positions within 1e-12 (float64) or 1e-6 (float32) of the
 * mesh's size: Catmull-Clark on the shipped cube, and every scheme on the
 * shared models in the test case "models" (added when they are present);
 * Catmull-Clark's and Loop's evaluation of vertex data of other widths than
 * 3, and of data (widths 3, 8, 12, 16, 24, 32 and 48) on a level large
 * enough for the launchers' rules for large levels, also from and into the
 * caller's memory at every 4-byte alignment, and with crease tags; √3's of
 * widths 8 … 16 on such a level of a closed mesh.
 * Without a GPU the executable reports itself skipped (exit 77). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mmt_backend_memory.h"
#include "mmt_mesh_io.h"
#include "mmt_meshes.h"
#include "test_util.h"

typedef struct result {
    int levels;
    mm_subdiv_counts n[4];
    int64_t *ptr[4];
    uint32_t *rows[4], *ends[4];
    double *x;
    int64_t nx;
} result;

static void refine(mm_context ctx, const char *path, mm_scheme scheme, mm_subdiv_path which,
                   mm_type prec, int levels, result *r)
{
    mm_read_options ro = mm_read_options_default();
    ro.precision = prec;
    mm_mesh mesh = NULL;
    MMT_OK(ctx, mm_mesh_read(ctx, &mesh, path, &ro));
    mmt_drop_tags(ctx, &mesh); /* the smooth rules on every path */
    mm_subdiv_options o = mm_subdiv_options_default();
    o.scheme = scheme;
    o.levels = levels;
    o.path = which;
    mm_subdiv s = NULL;
    mm_dense X = NULL;
    MMT_OK(ctx, mm_subdiv_build(ctx, mesh, &o, &s));
    MMT_OK(ctx, mm_subdiv_eval(s, mm_mesh_vertices(mesh), &X));
    r->levels = levels;
    for (int l = 0; l <= levels; ++l) {
        MMT_OK(ctx, mm_subdiv_level_counts(s, l, &r->n[l]));
        r->ptr[l] = malloc((size_t)(r->n[l].faces + 1) * 8);
        r->rows[l] = malloc((size_t)r->n[l].nnz * 4 + 4);
        r->ends[l] = malloc((size_t)r->n[l].edges * 8 + 8);
        mm_matrix_arrays a = {r->ptr[l], r->rows[l], NULL, NULL};
        MMT_OK(ctx, mm_matrix_export(mm_subdiv_level_matrix(s, l), &a));
        MMT_OK(ctx, mm_subdiv_level_edges(s, l, r->ends[l]));
    }
    int64_t n, d;
    mm_type t;
    MMT_OK(ctx, mm_dense_shape(X, &n, &d, &t));
    r->nx = n * d;
    r->x = malloc((size_t)r->nx * 8);
    if (t == MM_TYPE_FLOAT64) {
        MMT_OK(ctx, mm_dense_export(X, r->x));
    } else {
        float *f = malloc((size_t)r->nx * 4);
        MMT_OK(ctx, mm_dense_export(X, f));
        for (int64_t k = 0; k < r->nx; ++k) r->x[k] = f[k];
        free(f);
    }
    mm_dense_free(&X);
    mm_subdiv_free(&s);
    mm_mesh_free(&mesh);
}

static void release(result *r)
{
    for (int l = 0; l <= r->levels; ++l) free(r->ptr[l]), free(r->rows[l]), free(r->ends[l]);
    free(r->x);
}

/* Open and closed meshes; √3's three levels include an odd one (boundary
 * edges split in three, on both paths). */
static const struct {
    mm_scheme scheme;
    const char *model;
} models[] = {{MM_SCHEME_CATMULL_CLARK, "opensubdiv/catmark_car.obj"},
              {MM_SCHEME_CATMULL_CLARK, "control/cgal_P.obj"},
              {MM_SCHEME_CATMULL_CLARK, "opensubdiv/catmark_edgecorner.obj"},
              {MM_SCHEME_LOOP, "tri/cgal_holes_8k.obj"},
              {MM_SCHEME_LOOP, "opensubdiv/loop_xord_boundary.obj"},
              {MM_SCHEME_LOOP, "tri/bunny_small_closed.obj"},
              {MM_SCHEME_SQRT3, "tri/cgal_holes_8k.obj"},
              {MM_SCHEME_SQRT3, "opensubdiv/loop_saddle_edgeonly.obj"},
              {MM_SCHEME_SQRT3, "tri/bunny_small_closed.obj"},
              {MM_SCHEME_SQRT3, "opensubdiv/loop_toroidal_tet.obj"}};

#define NUM_MODELS ((int)(sizeof models / sizeof *models))
/* Indices into models of those present (found in main). */
static int compared[NUM_MODELS], num_compared;

/* `scheme` on the mesh at `path` on CUDA and on the CPU, three levels; case
 * _i % 4 picks the precision and the path. */
static void compare(int _i, mm_scheme scheme, const char *path)
{
    mm_type prec = _i % 2 ? MM_TYPE_FLOAT32 : MM_TYPE_FLOAT64;
    mm_subdiv_path which = (_i / 2) % 2 ? MM_PATH_SPECIALIZED : MM_PATH_GENERIC;
    mm_context cpu = mmt_context_on(MM_BACKEND_CPU), gpu = mmt_context_on(MM_BACKEND_CUDA);
    result a, b;
    refine(cpu, path, scheme, which, prec, 3, &a);
    refine(gpu, path, scheme, which, prec, 3, &b);
    for (int l = 0; l <= 3; ++l) {
        ck_assert(memcmp(&a.n[l], &b.n[l], sizeof a.n[l]) == 0);
        ck_assert(memcmp(a.ptr[l], b.ptr[l], (size_t)(a.n[l].faces + 1) * 8) == 0);
        ck_assert_msg(memcmp(a.rows[l], b.rows[l], (size_t)a.n[l].nnz * 4) == 0, "level %d", l);
        ck_assert(memcmp(a.ends[l], b.ends[l], (size_t)a.n[l].edges * 8) == 0);
    }
    double scale = 1e-30, worst = 0.0;
    for (int64_t k = 0; k < a.nx; ++k) scale = fmax(scale, fabs(a.x[k]));
    for (int64_t k = 0; k < a.nx; ++k) worst = fmax(worst, fabs(a.x[k] - b.x[k]) / scale);
    ck_assert_msg(worst <= (prec == MM_TYPE_FLOAT64 ? 1e-12 : 1e-6), "%s: %g", path, worst);
    ck_assert_int_eq(mm_context_bytes_in_use(gpu, MM_MEMORY_DEVICE), 0);
    release(&a), release(&b);
    mm_context_free(&cpu), mm_context_free(&gpu);
}

/* Catmull-Clark on the shipped cube: what runs without the shared models. */
START_TEST(cuda_matches_cpu_on_the_cube)
{
    compare(_i, MM_SCHEME_CATMULL_CLARK, mmt_project_path("models/cube.obj"));
}
END_TEST

START_TEST(cuda_matches_cpu_on_shared_models)
{
    int m = compared[_i / 4];
    compare(_i, models[m].scheme, mmt_shared_model(models[m].model));
}
END_TEST

/* The open n × n grid of unit quads, vertex id = y (n + 1) + x, or with
 * `triangles` each quad cut into two triangles along its diagonal. */
static mm_mesh open_grid(mm_context ctx, int n, int triangles, mm_type prec)
{
    int64_t nv = (int64_t)(n + 1) * (n + 1), nq = (int64_t)n * n;
    double *xyz = malloc((size_t)(3 * nv) * sizeof *xyz);
    uint32_t *ids = malloc((size_t)(6 * nq) * sizeof *ids), *at = ids;
    ck_assert(xyz != NULL && ids != NULL);
    for (int64_t v = 0; v < nv; ++v) {
        xyz[3 * v] = (double)(v % (n + 1)), xyz[3 * v + 1] = (double)(v / (n + 1));
        xyz[3 * v + 2] = 0.0;
    }
    for (int64_t f = 0; f < nq; ++f) {
        uint32_t a = (uint32_t)(f / n * (n + 1) + f % n), b = a + 1;
        uint32_t c = a + (uint32_t)n + 2, e = a + (uint32_t)n + 1;
        if (triangles) *at++ = a, *at++ = b, *at++ = c, *at++ = a, *at++ = c, *at++ = e;
        else *at++ = a, *at++ = b, *at++ = c, *at++ = e;
    }
    int order = triangles ? 3 : 4;
    mm_mesh mesh = mmt_mesh_from_faces(ctx, nv, xyz, (at - ids) / order, NULL, order, ids, prec);
    free(xyz), free(ids);
    return mesh;
}

/* The closed n × m torus grid of quads, each cut into two triangles
 * (2nm triangles, nm vertices: vertex (i, j) is j n + i). */
static mm_mesh closed_torus(mm_context ctx, int n, int m, mm_type prec)
{
    const double turn = 6.283185307179586; /* 2π */
    int64_t nv = (int64_t)n * m;
    double *xyz = malloc((size_t)(3 * nv) * sizeof *xyz);
    uint32_t *ids = malloc((size_t)(6 * nv) * sizeof *ids), *at = ids;
    ck_assert(xyz != NULL && ids != NULL);
    for (int64_t v = 0; v < nv; ++v) {
        double u = turn * (double)(v % n) / n, w = turn * (double)(v / n) / m;
        xyz[3 * v] = (3.0 + cos(w)) * cos(u), xyz[3 * v + 1] = (3.0 + cos(w)) * sin(u);
        xyz[3 * v + 2] = sin(w);
    }
    for (int j = 0; j < m; ++j)
        for (int i = 0; i < n; ++i) {
            uint32_t a = (uint32_t)(j * n + i), b = (uint32_t)(j * n + (i + 1) % n);
            uint32_t c = (uint32_t)((j + 1) % m * n + (i + 1) % n);
            uint32_t e = (uint32_t)((j + 1) % m * n + i);
            *at++ = a, *at++ = b, *at++ = c, *at++ = a, *at++ = c, *at++ = e;
        }
    mm_mesh mesh = mmt_mesh_from_faces(ctx, nv, xyz, 2 * nv, NULL, 3, ids, prec);
    free(xyz), free(ids);
    return mesh;
}

/* Vertex data of width d on the specialized path (mm_subdiv_eval, three
 * levels): on CUDA, Catmull-Clark's points below level 0 run its staged
 * kernel with the width read at run time up to 64 columns and the element
 * kernel past that, Loop's its element kernel (these levels are small);
 * level 0's mixed polygons run Catmull-Clark's corner rules. _i: the
 * width, the scheme and shape (Catmull-Clark on mixed polygons with a
 * boundary and on several components; Loop on open grids of 6 × 6 and 11 × 11
 * quads cut into triangles), the precision. */
static const int64_t widths[] = {1, 5, 12, 70};

/* n values of data of width d, the same in float64 and float32. */
static void control_data(int64_t n, int64_t d, double *x64, float *x32)
{
    for (int64_t k = 0; k < n; ++k) x64[k] = sin(0.37 * (double)k) + 0.01 * (double)(k % d);
    for (int64_t k = 0; k < n; ++k) x32[k] = (float)x64[k];
}

/* The specialized build of `levels` levels of scheme on mesh, and mesh's
 * counts. */
static mm_subdiv specialized_build(mm_context ctx, mm_mesh mesh, mm_scheme scheme, int levels,
                                   mm_mesh_info *info)
{
    mm_subdiv_options o = mm_subdiv_options_default();
    o.scheme = scheme, o.levels = levels, o.path = MM_PATH_SPECIALIZED;
    mm_subdiv s = NULL;
    MMT_OK(ctx, mm_subdiv_build(ctx, mesh, &o, &s));
    MMT_OK(ctx, mm_mesh_info_get(mesh, info));
    return s;
}

/* Component-wise data of width d on mesh (which it frees) through `levels`
 * levels of `scheme`, on the mesh's context. */
static double *eval_data(mm_context ctx, mm_mesh mesh, mm_scheme scheme, int levels, mm_type prec,
                         int64_t d, int64_t *count)
{
    mm_mesh_info info;
    mm_subdiv s = specialized_build(ctx, mesh, scheme, levels, &info);
    int64_t n = info.num_vertices * d;
    double *x64 = malloc((size_t)n * sizeof *x64);
    float *x32 = malloc((size_t)n * sizeof *x32);
    control_data(n, d, x64, x32);
    mm_dense X0 = NULL, XL = NULL;
    MMT_OK(ctx, mm_dense_import(ctx, &X0, info.num_vertices, d, prec,
                                prec == MM_TYPE_FLOAT64 ? (void *)x64 : (void *)x32));
    MMT_OK(ctx, mm_subdiv_eval(s, X0, &XL));
    double *got = mmt_dense_to_host(ctx, XL, count);
    mm_dense_free(&X0), mm_dense_free(&XL);
    mm_subdiv_free(&s);
    mm_mesh_free(&mesh);
    free(x64), free(x32);
    return got;
}

/* The largest difference between a and b (n values each), which it frees,
 * within 1e-12 (float64) or 1e-6 (float32). */
static void assert_close(double *a, double *b, int64_t n, mm_type prec, int64_t d)
{
    double worst = 0.0;
    for (int64_t k = 0; k < n; ++k) worst = fmax(worst, fabs(a[k] - b[k]));
    ck_assert_msg(worst <= (prec == MM_TYPE_FLOAT64 ? 1e-12 : 1e-6), "d = %lld: %g",
                  (long long)d, worst);
    free(a), free(b);
}

START_TEST(cuda_matches_cpu_at_any_width)
{
    int64_t d = widths[_i / 8], na, nb;
    int loop = (_i / 4) % 2, second = (_i / 2) % 2;
    mmt_shape shape = second ? MMT_COMPONENTS : MMT_MIXED;
    mm_type prec = _i % 2 ? MM_TYPE_FLOAT32 : MM_TYPE_FLOAT64;
    mm_scheme scheme = loop ? MM_SCHEME_LOOP : MM_SCHEME_CATMULL_CLARK;
    mm_context cpu = mmt_context_on(MM_BACKEND_CPU), gpu = mmt_context_on(MM_BACKEND_CUDA);
    mm_mesh ma = loop ? open_grid(cpu, second ? 11 : 6, 1, prec) : mmt_mesh_shape(cpu, shape, prec);
    mm_mesh mb = loop ? open_grid(gpu, second ? 11 : 6, 1, prec) : mmt_mesh_shape(gpu, shape, prec);
    double *a = eval_data(cpu, ma, scheme, 3, prec, d, &na);
    double *b = eval_data(gpu, mb, scheme, 3, prec, d, &nb);
    ck_assert_int_eq(na, nb);
    assert_close(a, b, na, prec, d);
    mm_context_free(&cpu), mm_context_free(&gpu);
}
END_TEST

/* Data on a level of at least 2^18 faces. On Catmull-Clark's path that runs
 * the CUDA launcher's rules for large levels: positions (d = 3) one thread
 * per face and all three components; float32 of width 8, 12, 16, 24, 32 or
 * 48, four components a thread, each row's four as one load, the points then
 * run from the rows in shared memory one lane a face and value (48: the
 * fewest faces a block, sixteen); both with the other side of an owned edge
 * from shared memory where its face is in the block, the spokes apart (by
 * formula) and the two halves of a parent's edge side by side. An open 128
 * × 128 grid has 2^18 quads at level 2, which the step to level 4 reads,
 * and 2^16 at level 1, which the step to level 3 reads (the wide and the
 * positions' forms there too); the step to level 2 reads level 0's 2^14,
 * where the staged kernel runs one lane a component (below 2^14 parent
 * faces, as in cuda_matches_cpu_at_any_width, the element kernel runs).
 * Cut into triangles (2^19 at level 2), Loop's path runs its rules for
 * large levels there the same way: positions one thread per triangle,
 * float32 of width 8 … 48 four components a thread (the last step's inner
 * rows evict-first), the other side of an owned edge from shared memory
 * where its triangle is in the block, the parents' inner edges apart and
 * their edges' halves side by side.
 * Float64 runs the rules for smaller levels (Catmull-Clark) or the element
 * kernel (Loop). _i: the width, the scheme (Catmull-Clark, Loop) and the
 * precision. */
static const int64_t large_widths[] = {3, 8, 12, 16, 24, 32, 48};

START_TEST(cuda_matches_cpu_on_a_large_level)
{
    int loop = (_i / 2) % 2;
    int64_t d = large_widths[_i / 4];
    mm_scheme scheme = loop ? MM_SCHEME_LOOP : MM_SCHEME_CATMULL_CLARK;
    mm_type prec = _i % 2 ? MM_TYPE_FLOAT32 : MM_TYPE_FLOAT64;
    int64_t na, nb;
    mm_context cpu = mmt_context_on(MM_BACKEND_CPU), gpu = mmt_context_on(MM_BACKEND_CUDA);
    double *a = eval_data(cpu, open_grid(cpu, 128, loop, prec), scheme, 4, prec, d, &na);
    double *b = eval_data(gpu, open_grid(gpu, 128, loop, prec), scheme, 4, prec, d, &nb);
    ck_assert_int_eq(na, nb);
    ck_assert_int_eq(na, d * (int64_t)(128 * 16 + 1) * (128 * 16 + 1));
    assert_close(a, b, na, prec, d);
    mm_context_free(&cpu), mm_context_free(&gpu);
}
END_TEST

/* open_grid's mesh with mmt_add_tags' crease tags (semi-sharp and
 * infinitely sharp creases on a third of the faces' first sides, a corner). */
static mm_mesh tagged_grid(mm_context ctx, int n, int triangles, mm_type prec)
{
    mm_mesh mesh = open_grid(ctx, n, triangles, prec);
    mmt_add_tags(ctx, &mesh);
    return mesh;
}

/* The large level of cuda_matches_cpu_on_a_large_level with crease tags
 * (tagged_grid): the corrections of the tagged edges and vertices follow
 * each step's kernels, which then let them launch early (their
 * instantiations with E = 1, the older vertices' pass of Loop four
 * components a thread among them). Float32 of width 8 and 12 (four
 * components a thread) and 3 (positions). _i: the width, the scheme. */
static const int64_t tagged_widths[] = {3, 8, 12};

START_TEST(cuda_matches_cpu_on_a_large_tagged_level)
{
    int loop = _i % 2;
    int64_t d = tagged_widths[_i / 2], na, nb;
    mm_scheme scheme = loop ? MM_SCHEME_LOOP : MM_SCHEME_CATMULL_CLARK;
    mm_context cpu = mmt_context_on(MM_BACKEND_CPU), gpu = mmt_context_on(MM_BACKEND_CUDA);
    double *a = eval_data(cpu, tagged_grid(cpu, 128, loop, MM_TYPE_FLOAT32), scheme, 4,
                          MM_TYPE_FLOAT32, d, &na);
    double *b = eval_data(gpu, tagged_grid(gpu, 128, loop, MM_TYPE_FLOAT32), scheme, 4,
                          MM_TYPE_FLOAT32, d, &nb);
    ck_assert_int_eq(na, nb);
    ck_assert_int_eq(na, d * (int64_t)(128 * 16 + 1) * (128 * 16 + 1));
    assert_close(a, b, na, MM_TYPE_FLOAT32, d);
    mm_context_free(&cpu), mm_context_free(&gpu);
}
END_TEST

/* eval_data's float32 values of width d, evaluated by mm_subdiv_eval_into
 * from and into the caller's memory `shift` bytes past the start of an
 * allocation (cudaMalloc's: 256-byte aligned). */
static double *eval_shifted(mm_context ctx, mm_mesh mesh, mm_scheme scheme, int levels, int64_t d,
                            size_t shift, int64_t *count)
{
    mm_mesh_info info;
    mm_subdiv_counts last;
    mm_subdiv s = specialized_build(ctx, mesh, scheme, levels, &info);
    MMT_OK(ctx, mm_subdiv_level_counts(s, levels, &last));
    int64_t n = info.num_vertices * d;
    *count = last.vertices * d;
    double *x64 = malloc((size_t)n * sizeof *x64), *got = malloc((size_t)*count * sizeof *got);
    float *x32 = malloc((size_t)n * sizeof *x32), *y32 = malloc((size_t)*count * sizeof *y32);
    control_data(n, d, x64, x32);
    char *px = mmt_backend_alloc(ctx, (size_t)n * 4 + shift);
    char *py = mmt_backend_alloc(ctx, (size_t)*count * 4 + shift);
    mmt_backend_write(ctx, px + shift, x32, (size_t)n * 4);
    mm_dense X0 = NULL, XL = NULL;
    MMT_OK(ctx, mm_dense_wrap(ctx, &X0, info.num_vertices, d, MM_TYPE_FLOAT32, px + shift));
    MMT_OK(ctx, mm_dense_wrap(ctx, &XL, last.vertices, d, MM_TYPE_FLOAT32, py + shift));
    MMT_OK(ctx, mm_subdiv_eval_into(s, X0, XL));
    mmt_backend_read(ctx, y32, py + shift, (size_t)*count * 4);
    for (int64_t k = 0; k < *count; ++k) got[k] = y32[k];
    mm_dense_free(&X0), mm_dense_free(&XL);
    mmt_backend_free(ctx, px), mmt_backend_free(ctx, py);
    mm_subdiv_free(&s);
    mm_mesh_free(&mesh);
    free(x64), free(x32), free(y32);
    return got;
}

/* A large level of each scheme, float32 of width 12, from and into the
 * caller's memory at any 4-byte alignment: the rules for large levels load
 * four values at once and store two or four (the owned edges' lanes, the
 * older vertices' points and what they leave below, Loop's inner points,
 * √3's face points), where the input and the output are aligned for them;
 * else one lane a component. Catmull-Clark and Loop on the open grid
 * above, √3 on the closed torus of
 * sqrt3_cuda_matches_cpu_keeping_ring_sums_on_a_large_level (the last
 * level's rows are then the caller's misaligned output). Shifts of 0, 4, 8
 * and 12 bytes; the values are the CPU backend's. _i: the scheme, the
 * shift. */
static const mm_scheme aligned_schemes[] = {MM_SCHEME_CATMULL_CLARK, MM_SCHEME_LOOP,
                                            MM_SCHEME_SQRT3};

static mm_mesh large_mesh_of(mm_context ctx, mm_scheme scheme)
{
    if (scheme == MM_SCHEME_SQRT3) return closed_torus(ctx, 256, 172, MM_TYPE_FLOAT32);
    return open_grid(ctx, 128, scheme == MM_SCHEME_LOOP, MM_TYPE_FLOAT32);
}

START_TEST(cuda_large_level_at_any_alignment)
{
    mm_scheme scheme = aligned_schemes[_i / 4];
    size_t shift = (size_t)(_i % 4) * 4;
    int64_t d = 12, na, nb;
    mm_context cpu = mmt_context_on(MM_BACKEND_CPU), gpu = mmt_context_on(MM_BACKEND_CUDA);
    double *a = eval_data(cpu, large_mesh_of(cpu, scheme), scheme, 4, MM_TYPE_FLOAT32, d, &na);
    double *b = eval_shifted(gpu, large_mesh_of(gpu, scheme), scheme, 4, d, shift, &nb);
    ck_assert_int_eq(na, nb);
    assert_close(a, b, na, MM_TYPE_FLOAT32, d);
    mm_context_free(&cpu), mm_context_free(&gpu);
}
END_TEST

/* √3 on a closed mesh with a level of at least 2^18 triangles: float32 of
 * width 8, 12 or 16 runs the CUDA launcher's four components a thread
 * (each row's four as one load, each point's four as one store) there. A
 * closed 512 × 256 torus cut into triangles has 2^18 of them at level 0,
 * which the step to level 2 reads (writing the last level's rows of the
 * vertices it moves), and 3 · 2^18 at level 1, which the last step reads;
 * float64 runs the element kernel. _i: the width and the precision. */
static const int64_t sqrt3_large_widths[] = {8, 12, 16};

START_TEST(sqrt3_cuda_matches_cpu_on_a_large_closed_level)
{
    int64_t d = sqrt3_large_widths[_i / 2], na, nb;
    mm_type prec = _i % 2 ? MM_TYPE_FLOAT32 : MM_TYPE_FLOAT64;
    mm_context cpu = mmt_context_on(MM_BACKEND_CPU), gpu = mmt_context_on(MM_BACKEND_CUDA);
    double *a = eval_data(cpu, closed_torus(cpu, 512, 256, prec), MM_SCHEME_SQRT3, 3, prec, d, &na);
    double *b = eval_data(gpu, closed_torus(gpu, 512, 256, prec), MM_SCHEME_SQRT3, 3, prec, d, &nb);
    ck_assert_int_eq(na, nb);
    /* |V_3| = |V_0| + |F_0| + |F_1| + |F_2|, each level three times the last's triangles */
    ck_assert_int_eq(na, d * ((int64_t)1 << 17) * (1 + 2 + 6 + 18));
    assert_close(a, b, na, prec, d);
    mm_context_free(&cpu), mm_context_free(&gpu);
}
END_TEST

/* The same rules four levels down a smaller closed torus (256 × 172, 88,064
 * triangles): level 1's 264,192 triangles are then read by the step to level
 * 2, which keeps the ring sums of the vertices it moves for the next step
 * (the four-components kernels store them four values at once), and the
 * step to level 3 writes the last level's rows. _i: the width (8, 12). */
START_TEST(sqrt3_cuda_matches_cpu_keeping_ring_sums_on_a_large_level)
{
    int64_t d = sqrt3_large_widths[_i], na, nb;
    mm_context cpu = mmt_context_on(MM_BACKEND_CPU), gpu = mmt_context_on(MM_BACKEND_CUDA);
    double *a = eval_data(cpu, closed_torus(cpu, 256, 172, MM_TYPE_FLOAT32), MM_SCHEME_SQRT3, 4,
                          MM_TYPE_FLOAT32, d, &na);
    double *b = eval_data(gpu, closed_torus(gpu, 256, 172, MM_TYPE_FLOAT32), MM_SCHEME_SQRT3, 4,
                          MM_TYPE_FLOAT32, d, &nb);
    ck_assert_int_eq(na, nb);
    /* |V_4| = |V_0| + |F_0| (1 + 3 + 9 + 27) */
    ck_assert_int_eq(na, d * (44032 + 88064 * 40));
    assert_close(a, b, na, MM_TYPE_FLOAT32, d);
    mm_context_free(&cpu), mm_context_free(&gpu);
}
END_TEST

int main(void)
{
    if (!mmt_cuda_available()) {
        printf("no CUDA device: skipped\n");
        return MMT_SKIP_EXIT;
    }
    Suite *s = suite_create("subdiv_cuda");
    TCase *tc = tcase_create("subdiv_cuda");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, cuda_matches_cpu_on_the_cube, 0, 4);
    tcase_add_loop_test(tc, cuda_matches_cpu_at_any_width, 0,
                        8 * (int)(sizeof widths / sizeof *widths));
    tcase_add_loop_test(tc, cuda_matches_cpu_on_a_large_level, 0,
                        4 * (int)(sizeof large_widths / sizeof *large_widths));
    tcase_add_loop_test(tc, cuda_large_level_at_any_alignment, 0,
                        4 * (int)(sizeof aligned_schemes / sizeof *aligned_schemes));
    tcase_add_loop_test(tc, sqrt3_cuda_matches_cpu_on_a_large_closed_level, 0,
                        2 * (int)(sizeof sqrt3_large_widths / sizeof *sqrt3_large_widths));
    tcase_add_loop_test(tc, sqrt3_cuda_matches_cpu_keeping_ring_sums_on_a_large_level, 0, 2);
    tcase_add_loop_test(tc, cuda_matches_cpu_on_a_large_tagged_level, 0,
                        2 * (int)(sizeof tagged_widths / sizeof *tagged_widths));
    suite_add_tcase(s, tc);
    static const char what[] = "Catmull-Clark, Loop and sqrt(3) on CUDA against the CPU";
    for (int i = 0; i < NUM_MODELS; ++i)
        if (mmt_need_shared_model(models[i].model, what) != NULL) compared[num_compared++] = i;
    if (num_compared > 0) {
        TCase *shared = mmt_models_tcase();
        tcase_set_timeout(shared, 300);
        tcase_add_loop_test(shared, cuda_matches_cpu_on_shared_models, 0, 4 * num_compared);
        suite_add_tcase(s, shared);
    }
    return mmt_run(s);
}
