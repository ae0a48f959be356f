/* test_subdiv_eval_into.c: evaluation in the caller's memory (meshmat/subdiv.h,
 * issue 19) on the backend under test: mm_subdiv_eval_into against
 * mm_subdiv_eval bit for bit on every path (specialized, generic, static
 * with the composite R and per level) and scheme, float32 and float64,
 * d = 3 and 12, levels 0–3, into a made array and from a wrapped input into
 * a wrapped output, which is the caller's memory and outlives mm_dense_free;
 * the refusals (NULL, dead, another context, shape, type, shared memory);
 * the allocation sweep (none at all for one specialized level or the
 * composite R: the last level is computed in XL); a refined level read in
 * place (mm_matrix_data,
 * mm_dense_data); mm_context_set_stream refused on the CPU but for NULL,
 * and, with a CUDA device, a stream of the caller's giving the same results
 * as the default one, arrays made on one stream used on the other, and
 * replayed evaluations (with crease and corner tags too) bit for bit as
 * direct ones, and a replay out of memory falling back to the direct
 * route. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef MESHMAT_HAVE_CUDA
#include <cuda_runtime.h>
#endif

#include "core/memory.h"
#include "mmt_backend_memory.h"
#include "mmt_mesh_io.h"
#include "mmt_shapes.h"

/* The evaluations compared: a path and a mode. */
static const struct {
    mm_subdiv_path path;
    mm_subdiv_mode mode;
    mm_static_eval use;
} ways[] = {{MM_PATH_SPECIALIZED, MM_MODE_DYNAMIC, MM_STATIC_AUTO},
            {MM_PATH_GENERIC, MM_MODE_DYNAMIC, MM_STATIC_AUTO},
            {MM_PATH_AUTO, MM_MODE_STATIC, MM_STATIC_COMPOSITE},
            {MM_PATH_AUTO, MM_MODE_STATIC, MM_STATIC_LEVELS}};

enum { WAYS = 4, SCHEMES = 3 };

/* Mixed polygons with boundaries for Catmull-Clark, cut into triangles for
 * Loop and √3. */
static mm_mesh scheme_mesh(mm_context ctx, mm_scheme scheme)
{
    if (scheme != MM_SCHEME_CATMULL_CLARK)
        return mmt_triangle_shape(ctx, MMT_SHAPE_MIXED, MM_TYPE_FLOAT64);
    mmt_shape_faces *f = malloc(sizeof *f);
    ck_assert_ptr_nonnull(f);
    mmt_make_shape(f, MMT_SHAPE_MIXED);
    mm_mesh mesh = mmt_shape_mesh(ctx, f, MM_TYPE_FLOAT64);
    free(f);
    return mesh;
}

static mm_subdiv build(mm_context ctx, mm_mesh mesh, mm_scheme scheme, int way, int levels)
{
    mm_subdiv_options o = mm_subdiv_options_default();
    o.scheme = scheme;
    o.levels = levels;
    o.path = ways[way].path;
    o.mode = ways[way].mode;
    o.static_eval = ways[way].use;
    mm_subdiv s = NULL;
    MMT_OK(ctx, mm_subdiv_build(ctx, mesh, &o, &s));
    return s;
}

/* n × d host values of type t (any finite values do). */
static void *control_values(int64_t n, int d, mm_type t)
{
    void *x = malloc((size_t)(n * d) * mm_type_size(t));
    ck_assert_ptr_nonnull(x);
    for (int64_t k = 0; k < n * d; ++k) {
        double v = sin(0.37 * (double)k) + (double)(k % 7);
        if (t == MM_TYPE_FLOAT64) ((double *)x)[k] = v;
        else ((float *)x)[k] = (float)v;
    }
    return x;
}

static int64_t last_vertices(mm_context ctx, mm_subdiv s)
{
    mm_subdiv_counts n;
    MMT_OK(ctx, mm_subdiv_level_counts(s, mm_subdiv_levels(s), &n));
    return n.vertices;
}

/* What mm_subdiv_eval gives for x (nv × d of type t), exported to the host
 * (malloc'd), and its size in bytes. */
static void *evaluated(mm_context ctx, mm_subdiv s, const void *x, int64_t nv, int d, mm_type t,
                       size_t *bytes)
{
    mm_dense X0 = NULL, XL = NULL;
    MMT_OK(ctx, mm_dense_import(ctx, &X0, nv, d, t, x));
    MMT_OK(ctx, mm_subdiv_eval(s, X0, &XL));
    *bytes = (size_t)(last_vertices(ctx, s) * d) * mm_type_size(t);
    void *h = malloc(*bytes + 8);
    ck_assert_ptr_nonnull(h);
    MMT_OK(ctx, mm_dense_export(XL, h));
    mm_dense_free(&X0), mm_dense_free(&XL);
    return h;
}

/* mm_subdiv_eval_into of s gives mm_subdiv_eval's values bit for bit: into
 * a made array (NaN first: every value is written), and from a wrapped
 * input into a wrapped output, whose values are the caller's memory. */
static void assert_into_is_eval(mm_context ctx, mm_subdiv s, int64_t nv, int d, mm_type t)
{
    size_t bytes, in_bytes = (size_t)(nv * d) * mm_type_size(t);
    int64_t nl = last_vertices(ctx, s);
    void *x = control_values(nv, d, t), *want = evaluated(ctx, s, x, nv, d, t, &bytes);
    void *got = malloc(bytes + 8);
    mm_dense X0 = NULL, Y = NULL, X0w = NULL, Yw = NULL;
    MMT_OK(ctx, mm_dense_import(ctx, &X0, nv, d, t, x));
    MMT_OK(ctx, mm_dense_new(ctx, &Y, nl, d, t));
    MMT_OK(ctx, mm_dense_fill(ctx, Y, NAN));
    MMT_OK(ctx, mm_subdiv_eval_into(s, X0, Y));
    MMT_OK(ctx, mm_dense_export(Y, got));
    ck_assert(memcmp(got, want, bytes) == 0);
    void *px = mmt_backend_alloc(ctx, in_bytes + 8), *py = mmt_backend_alloc(ctx, bytes + 8);
    mmt_backend_write(ctx, px, x, in_bytes);
    MMT_OK(ctx, mm_dense_wrap(ctx, &X0w, nv, d, t, px));
    MMT_OK(ctx, mm_dense_wrap(ctx, &Yw, nl, d, t, py));
    MMT_OK(ctx, mm_dense_fill(ctx, Yw, NAN));
    MMT_OK(ctx, mm_subdiv_eval_into(s, X0w, Yw));
    ck_assert_ptr_eq(mm_dense_data(Yw), py);
    mm_dense_free(&Yw);
    mmt_backend_read(ctx, got, py, bytes);
    ck_assert(memcmp(got, want, bytes) == 0);
    mm_dense_free(&X0), mm_dense_free(&Y), mm_dense_free(&X0w);
    mmt_backend_free(ctx, px), mmt_backend_free(ctx, py);
    free(x), free(want), free(got);
}

/* _i: the way (ways[]), then the scheme, the type (float64, float32), d
 * (3, 12); levels 0 … 3 in each. */
START_TEST(eval_into_equals_eval)
{
    mm_context ctx = mmt_context();
    int way = _i % WAYS, d = _i / (2 * WAYS * SCHEMES) ? 12 : 3;
    mm_scheme scheme = (mm_scheme)(_i / WAYS % SCHEMES);
    mm_type t = _i / (WAYS * SCHEMES) % 2 ? MM_TYPE_FLOAT32 : MM_TYPE_FLOAT64;
    mm_mesh mesh = scheme_mesh(ctx, scheme);
    mm_mesh_info info;
    MMT_OK(ctx, mm_mesh_info_get(mesh, &info));
    for (int levels = 0; levels <= 3; ++levels) {
        mm_subdiv s = build(ctx, mesh, scheme, way, levels);
        assert_into_is_eval(ctx, s, info.num_vertices, d, t);
        mm_subdiv_free(&s);
    }
    mm_mesh_free(&mesh);
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, MM_MEMORY_HOST), 0);
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, MM_MEMORY_DEVICE), 0);
    mm_context_free(&ctx);
}
END_TEST

static void assert_refused(mm_context ctx, mm_status st, const char *what)
{
    ck_assert_int_eq(st, MM_ERR_INVALID_ARGUMENT);
    ck_assert_msg(strstr(mm_last_error(ctx), what) != NULL, "'%s' lacks '%s'",
                  mm_last_error(ctx), what);
    ck_assert(strncmp(mm_last_error(ctx), "mm_subdiv_eval_into: ", 21) == 0);
}

START_TEST(eval_into_refuses_bad_output)
{
    mm_context ctx = mmt_context(), other = mmt_context();
    mm_mesh mesh = scheme_mesh(ctx, MM_SCHEME_CATMULL_CLARK);
    mm_subdiv s = build(ctx, mesh, MM_SCHEME_CATMULL_CLARK, 0, 1);
    mm_subdiv s0 = build(ctx, mesh, MM_SCHEME_CATMULL_CLARK, 0, 0);
    mm_dense X0 = mm_mesh_vertices(mesh), Y = NULL, W = NULL;
    int64_t nv = last_vertices(ctx, s0), nl = last_vertices(ctx, s);
    int64_t in_host = mm_context_bytes_in_use(ctx, MM_MEMORY_HOST);
    int64_t in_device = mm_context_bytes_in_use(ctx, MM_MEMORY_DEVICE);
    MMT_OK(ctx, mm_dense_new(ctx, &Y, nl, 3, MM_TYPE_FLOAT64));
    assert_refused(ctx, mm_subdiv_eval_into(s, X0, NULL), "XL is NULL");
    assert_refused(ctx, mm_subdiv_eval_into(s, NULL, Y), "X0 is NULL");
    ck_assert_int_eq(mm_subdiv_eval_into(NULL, X0, Y), MM_ERR_INVALID_ARGUMENT);
    MMT_OK(other, mm_dense_new(other, &W, nl, 3, MM_TYPE_FLOAT64));
    assert_refused(ctx, mm_subdiv_eval_into(s, X0, W), "XL was made on another context");
    mm_dense_free(&W);
    MMT_OK(ctx, mm_dense_new(ctx, &W, nl, 3, MM_TYPE_FLOAT64));
    mm_dense dead = W;
    mm_dense_free(&W);
    assert_refused(ctx, mm_subdiv_eval_into(s, X0, dead), "XL is not a live dense array");
    MMT_OK(ctx, mm_dense_new(ctx, &W, nl + 1, 3, MM_TYPE_FLOAT64));
    char want[128];
    snprintf(want, sizeof want, "XL is %lld × 3, but level 1 has %lld vertices and X0 3 columns",
             (long long)(nl + 1), (long long)nl);
    assert_refused(ctx, mm_subdiv_eval_into(s, X0, W), want);
    mm_dense_free(&W);
    MMT_OK(ctx, mm_dense_new(ctx, &W, nl, 4, MM_TYPE_FLOAT64));
    assert_refused(ctx, mm_subdiv_eval_into(s, X0, W), "and X0 3 columns");
    mm_dense_free(&W);
    MMT_OK(ctx, mm_dense_new(ctx, &W, nl, 3, MM_TYPE_FLOAT32));
    assert_refused(ctx, mm_subdiv_eval_into(s, X0, W), "XL holds float32, but X0 holds float64");
    mm_dense_free(&W);
    /* shared memory: X0 itself (level 0 has its shape), and two wraps of one
     * buffer overlapping by a row; one row further on they are apart */
    assert_refused(ctx, mm_subdiv_eval_into(s0, X0, X0), "XL and X0 share memory");
    size_t row = 3 * sizeof(double);
    char *p = mmt_backend_alloc(ctx, (size_t)(nv + nl) * row);
    mm_dense Xw = NULL, Yw = NULL;
    MMT_OK(ctx, mm_dense_wrap(ctx, &Xw, nv, 3, MM_TYPE_FLOAT64, p));
    MMT_OK(ctx, mm_dense_wrap(ctx, &Yw, nl, 3, MM_TYPE_FLOAT64, p + (size_t)(nv - 1) * row));
    assert_refused(ctx, mm_subdiv_eval_into(s, Xw, Yw), "XL and X0 share memory");
    mm_dense_free(&Yw);
    MMT_OK(ctx, mm_dense_wrap(ctx, &Yw, nl, 3, MM_TYPE_FLOAT64, p + (size_t)nv * row));
    MMT_OK(ctx, mm_dense_scale_add(ctx, NULL, X0, 0.0, Xw));
    MMT_OK(ctx, mm_subdiv_eval_into(s, Xw, Yw));
    mm_dense_free(&Xw), mm_dense_free(&Yw);
    mmt_backend_free(ctx, p);
    mm_dense_free(&Y);
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, MM_MEMORY_HOST), in_host);
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, MM_MEMORY_DEVICE), in_device);
    mm_subdiv dead_s = s;
    mm_subdiv_free(&s);
    MMT_OK(ctx, mm_dense_new(ctx, &Y, nl, 3, MM_TYPE_FLOAT64));
    ck_assert_int_eq(mm_subdiv_eval_into(dead_s, X0, Y), MM_ERR_INVALID_ARGUMENT);
    mm_dense_free(&Y);
    mm_subdiv_free(&s0);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx), mm_context_free(&other);
}
END_TEST

typedef struct into_call {
    mm_subdiv s;
    mm_dense X0, XL;
} into_call;

static mm_status call_into(mm_context ctx, void *arg)
{
    const into_call *c = arg;
    mm_status st = mm_subdiv_eval_into(c->s, c->X0, c->XL);
    if (st != MM_OK) ck_assert(strncmp(mm_last_error(ctx), "mm_subdiv_eval_into: ", 21) == 0);
    return st;
}

/* Every allocation of mm_subdiv_eval_into failing in turn: each failure
 * clean (MM_ERR_OUT_OF_MEMORY naming it, nothing left allocated, the
 * wrapped output still the caller's), then the values of mm_subdiv_eval;
 * static mode's composite R allocates nothing. On the direct route: a
 * replayed evaluation allocates only at its first call (below).
 * _i: the way, then the scheme; two levels. */
START_TEST(eval_into_allocation_sweep)
{
    mm_context ctx = mmt_context_direct();
    mm_scheme scheme = (mm_scheme)(_i / WAYS);
    mm_mesh mesh = scheme_mesh(ctx, scheme);
    mm_subdiv s = build(ctx, mesh, scheme, _i % WAYS, 2);
    mm_mesh_info info;
    MMT_OK(ctx, mm_mesh_info_get(mesh, &info));
    int64_t nl = last_vertices(ctx, s);
    size_t bytes;
    void *x = control_values(info.num_vertices, 3, MM_TYPE_FLOAT32);
    void *want = evaluated(ctx, s, x, info.num_vertices, 3, MM_TYPE_FLOAT32, &bytes);
    void *got = malloc(bytes), *p = mmt_backend_alloc(ctx, bytes);
    into_call c = {s, NULL, NULL};
    MMT_OK(ctx, mm_dense_import(ctx, &c.X0, info.num_vertices, 3, MM_TYPE_FLOAT32, x));
    MMT_OK(ctx, mm_dense_wrap(ctx, &c.XL, nl, 3, MM_TYPE_FLOAT32, p));
    /* one SpMV with the composite R straight into XL allocates nothing */
    int64_t failures = mmt_sweep_allocations(ctx, call_into, &c);
    if (ways[_i % WAYS].use == MM_STATIC_COMPOSITE) ck_assert_int_eq(failures, 0);
    else ck_assert_int_gt(failures, 0);
    mmt_backend_read(ctx, got, p, bytes);
    ck_assert(memcmp(got, want, bytes) == 0);
    mm_dense_free(&c.X0), mm_dense_free(&c.XL);
    mmt_backend_free(ctx, p);
    free(x), free(want), free(got);
    mm_subdiv_free(&s);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* One level on the specialized path computes straight into XL: no
 * allocation at all (no temporary array, no copy). _i: the scheme. */
START_TEST(one_specialized_level_allocates_nothing)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = scheme_mesh(ctx, (mm_scheme)_i);
    mm_subdiv s = build(ctx, mesh, (mm_scheme)_i, 0, 1);
    into_call c = {s, mm_mesh_vertices(mesh), NULL};
    MMT_OK(ctx, mm_dense_new(ctx, &c.XL, last_vertices(ctx, s), 3, MM_TYPE_FLOAT64));
    ck_assert_int_eq(mmt_sweep_allocations(ctx, call_into, &c), 0);
    mm_dense_free(&c.XL);
    mm_subdiv_free(&s);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* The rows of A, read in place, equal its export's. */
static void assert_rows_in_place(mm_context ctx, mm_matrix A)
{
    mm_matrix_info in;
    MMT_OK(ctx, mm_matrix_info_get(A, &in));
    int64_t *ptr = malloc((size_t)(in.ncols + 1) * sizeof *ptr);
    uint32_t *rows = malloc((size_t)in.nnz * 4), *back = malloc((size_t)in.nnz * 4);
    mm_matrix_arrays e = {ptr, rows, NULL, NULL};
    MMT_OK(ctx, mm_matrix_export(A, &e));
    const int64_t *p;
    const uint32_t *r;
    const void *v;
    MMT_OK(ctx, mm_matrix_data(A, &p, &r, NULL, &v));
    ck_assert(p == NULL && v == NULL && in.uniform == 4);
    mmt_backend_read(ctx, back, r, (size_t)in.nnz * 4);
    ck_assert(memcmp(back, rows, (size_t)in.nnz * 4) == 0);
    free(ptr), free(rows), free(back);
}

/* A refined level's faces (mm_subdiv_level_matrix) and mm_subdivide's
 * result (its faces and vertex data) read in place, no host copy. */
START_TEST(refined_level_read_in_place)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = scheme_mesh(ctx, MM_SCHEME_CATMULL_CLARK), out = NULL;
    mm_subdiv s = build(ctx, mesh, MM_SCHEME_CATMULL_CLARK, 0, 2);
    assert_rows_in_place(ctx, mm_subdiv_level_matrix(s, 2));
    mm_subdiv_options o = mm_subdiv_options_default();
    o.levels = 2;
    MMT_OK(ctx, mm_subdivide(ctx, mesh, &o, &out));
    assert_rows_in_place(ctx, mm_mesh_matrix(out));
    mm_dense X = mm_mesh_vertices(out);
    int64_t n, d;
    MMT_OK(ctx, mm_dense_shape(X, &n, &d, NULL));
    size_t bytes = (size_t)(n * d) * sizeof(double);
    double *a = malloc(bytes), *b = malloc(bytes);
    MMT_OK(ctx, mm_dense_export(X, a));
    mmt_backend_read(ctx, b, mm_dense_data(X), bytes);
    ck_assert(memcmp(a, b, bytes) == 0);
    free(a), free(b);
    mm_subdiv_free(&s);
    mm_mesh_free(&out), mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(cpu_context_has_no_stream)
{
    mm_context ctx = mmt_context_on(MM_BACKEND_CPU);
    int not_a_stream = 0;
    MMT_OK(ctx, mm_context_set_stream(ctx, NULL));
    ck_assert_int_eq(mm_context_set_stream(ctx, &not_a_stream), MM_ERR_INVALID_ARGUMENT);
    ck_assert_str_eq(mm_last_error(ctx), "mm_context_set_stream: stream is not NULL, but the "
                                         "context computes on the CPU, which has no streams");
    ck_assert_int_eq(mm_context_set_stream(NULL, NULL), MM_ERR_INVALID_ARGUMENT);
    mm_context_free(&ctx);
}
END_TEST

#ifdef MESHMAT_HAVE_CUDA
/* On a stream of the caller's (non-blocking: ordered only by the context)
 * the results are those of the default stream bit for bit: into a wrapped
 * output, and by mm_subdiv_eval; a handle built on one stream evaluates on
 * the other. _i: the way, then the scheme; two levels. */
START_TEST(a_callers_stream_gives_the_same_results)
{
    mm_context ctx = mmt_context_on(MM_BACKEND_CUDA);
    ck_assert_ptr_nonnull(ctx);
    mm_scheme scheme = (mm_scheme)(_i / WAYS);
    mm_mesh mesh = scheme_mesh(ctx, scheme);
    mm_mesh_info info;
    MMT_OK(ctx, mm_mesh_info_get(mesh, &info));
    mm_subdiv s = build(ctx, mesh, scheme, _i % WAYS, 2);
    size_t bytes;
    void *x = control_values(info.num_vertices, 3, MM_TYPE_FLOAT32);
    void *want = evaluated(ctx, s, x, info.num_vertices, 3, MM_TYPE_FLOAT32, &bytes);
    void *got = malloc(bytes);
    cudaStream_t stream;
    ck_assert_int_eq(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), cudaSuccess);
    MMT_OK(ctx, mm_context_set_stream(ctx, stream));
    int64_t nl = last_vertices(ctx, s);
    void *p = mmt_backend_alloc(ctx, bytes);
    mm_dense X0 = NULL, XL = NULL, Y = NULL;
    MMT_OK(ctx, mm_dense_import(ctx, &X0, info.num_vertices, 3, MM_TYPE_FLOAT32, x));
    MMT_OK(ctx, mm_dense_wrap(ctx, &XL, nl, 3, MM_TYPE_FLOAT32, p));
    MMT_OK(ctx, mm_subdiv_eval_into(s, X0, XL));
    ck_assert_int_eq(cudaStreamSynchronize(stream), cudaSuccess);
    ck_assert_int_eq(cudaMemcpy(got, p, bytes, cudaMemcpyDeviceToHost), cudaSuccess);
    ck_assert(memcmp(got, want, bytes) == 0);
    MMT_OK(ctx, mm_subdiv_eval(s, X0, &Y));
    MMT_OK(ctx, mm_dense_export(Y, got));
    ck_assert(memcmp(got, want, bytes) == 0);
    mm_dense_free(&Y);
    /* built on the caller's stream, evaluated on the default one */
    mm_subdiv t = build(ctx, mesh, scheme, _i % WAYS, 2);
    MMT_OK(ctx, mm_context_set_stream(ctx, NULL));
    MMT_OK(ctx, mm_subdiv_eval(t, X0, &Y));
    MMT_OK(ctx, mm_dense_export(Y, got));
    ck_assert(memcmp(got, want, bytes) == 0);
    ck_assert_int_eq(cudaStreamDestroy(stream), cudaSuccess);
    mm_dense_free(&Y), mm_dense_free(&X0), mm_dense_free(&XL);
    mmt_backend_free(ctx, p);
    mm_subdiv_free(&s), mm_subdiv_free(&t);
    mm_mesh_free(&mesh);
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, MM_MEMORY_DEVICE), 0);
    mm_context_free(&ctx);
    free(x), free(want), free(got);
}
END_TEST
#endif

#ifdef MESHMAT_HAVE_CUDA
/* The first replayed evaluation of s makes the arrays the handle keeps:
 * each of its allocations failing in turn leaves nothing behind and the
 * next call starts anew; the call that succeeds keeps them (from two
 * levels on, the levels between), and the next call allocates nothing. */
static void assert_first_replay_fails_cleanly(mm_context ctx, mm_subdiv s, int64_t nv,
                                              int64_t nl)
{
    mm_dense X0 = NULL, XL = NULL;
    void *x = control_values(nv, 3, MM_TYPE_FLOAT32);
    MMT_OK(ctx, mm_dense_import(ctx, &X0, nv, 3, MM_TYPE_FLOAT32, x));
    MMT_OK(ctx, mm_dense_new(ctx, &XL, nl, 3, MM_TYPE_FLOAT32));
    int64_t before = mm_context_bytes_in_use(ctx, MM_MEMORY_DEVICE), k = 0;
    for (;; ++k) {
        mmi_test_fail_alloc_after(ctx, k);
        mm_status st = mm_subdiv_eval_into(s, X0, XL);
        mmi_test_fail_alloc_after(ctx, -1);
        if (st == MM_OK) break;
        ck_assert_int_eq(st, MM_ERR_OUT_OF_MEMORY);
        ck_assert_int_eq(mm_context_bytes_in_use(ctx, MM_MEMORY_DEVICE), before);
    }
    if (mm_subdiv_levels(s) > 1) ck_assert_int_gt(k, 0);
    int64_t kept = mm_context_bytes_in_use(ctx, MM_MEMORY_DEVICE);
    mmi_test_fail_alloc_after(ctx, 0);
    MMT_OK(ctx, mm_subdiv_eval_into(s, X0, XL)); /* replayed: no allocation */
    mmi_test_fail_alloc_after(ctx, -1);
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, MM_MEMORY_DEVICE), kept);
    mm_dense_free(&X0), mm_dense_free(&XL);
    free(x);
}

/* Two CUDA contexts: *replay, whose evaluations replay a captured graph, and
 * *direct, whose stage timers keep its evaluations on the direct route
 * (specialized_driver.c's replayable). */
static void new_replay_and_direct(mm_context *replay, mm_context *direct)
{
    mm_context_options o = mm_context_options_default();
    o.backend = MM_BACKEND_CUDA;
    MMT_OK(*replay, mm_context_new(replay, &o));
    o.timing = 1;
    MMT_OK(*direct, mm_context_new(direct, &o));
}

/* Small evaluations on CUDA are replayed from a captured graph, except on a
 * context with stage timers (specialized_driver.c): the same handle's
 * evaluations on a context of each kind agree bit for bit, call after call,
 * as the input's values change in place (the graph reads them anew), the
 * output moves (a new capture), and the width and type change (new kept
 * arrays). With tags (mmt_add_tags), the corrections of the sharp set
 * replay with the smooth kernels. */
static void assert_replays_are_direct(mm_scheme scheme, int levels, int tagged)
{
    mm_context replay = NULL, direct = NULL;
    new_replay_and_direct(&replay, &direct);
    mm_mesh m1 = scheme_mesh(replay, scheme), m2 = scheme_mesh(direct, scheme);
    if (tagged) mmt_add_tags(replay, &m1), mmt_add_tags(direct, &m2);
    mm_mesh_info info;
    MMT_OK(replay, mm_mesh_info_get(m1, &info));
    mm_subdiv s1 = build(replay, m1, scheme, 0, levels), s2 = build(direct, m2, scheme, 0, levels);
    int64_t nv = info.num_vertices, nl = last_vertices(replay, s1);
    assert_first_replay_fails_cleanly(replay, s1, nv, nl);
    static const int widths[] = {3, 12, 3, 3};
    static const mm_type types[] = {MM_TYPE_FLOAT32, MM_TYPE_FLOAT32, MM_TYPE_FLOAT64,
                                    MM_TYPE_FLOAT32};
    for (int k = 0; k < 4; ++k) {
        int d = widths[k];
        mm_type t = types[k];
        size_t in_bytes = (size_t)(nv * d) * mm_type_size(t), bytes = 0;
        void *px = mmt_backend_alloc(replay, in_bytes), *py = mmt_backend_alloc(replay, 1);
        mm_dense X0 = NULL;
        MMT_OK(replay, mm_dense_wrap(replay, &X0, nv, d, t, px));
        for (int round = 0; round < 3; ++round) {
            /* new values at the same address: the replay must read them */
            void *x = control_values(nv + round, d, t);
            void *xs = (char *)x + (size_t)(round * d) * mm_type_size(t);
            mmt_backend_write(replay, px, xs, in_bytes);
            void *want = evaluated(direct, s2, xs, nv, d, t, &bytes);
            void *got = malloc(bytes);
            mm_dense Y = NULL;
            MMT_OK(replay, mm_subdiv_eval(s1, X0, &Y));
            MMT_OK(replay, mm_dense_export(Y, got));
            ck_assert_msg(memcmp(got, want, bytes) == 0, "eval, width %d, round %d", d, round);
            mm_dense_free(&Y);
            /* into an output of the caller's, moved every round */
            mm_dense XL = NULL;
            mmt_backend_free(replay, py);
            py = mmt_backend_alloc(replay, bytes);
            MMT_OK(replay, mm_dense_wrap(replay, &XL, nl, d, t, py));
            MMT_OK(replay, mm_subdiv_eval_into(s1, X0, XL));
            mmt_backend_read(replay, got, py, bytes);
            ck_assert_msg(memcmp(got, want, bytes) == 0, "into, width %d, round %d", d, round);
            mm_dense_free(&XL);
            free(x), free(want), free(got);
        }
        mm_dense_free(&X0);
        mmt_backend_free(replay, px), mmt_backend_free(replay, py);
    }
    mm_subdiv_free(&s1), mm_subdiv_free(&s2);
    mm_mesh_free(&m1), mm_mesh_free(&m2);
    ck_assert_int_eq(mm_context_bytes_in_use(replay, MM_MEMORY_DEVICE), 0);
    mm_context_free(&replay), mm_context_free(&direct);
}

/* A replay that runs out of memory falls back to the direct route
 * (specialized_driver.c's sp_eval). Each allocation of a handle's first
 * call failing alone in turn (mmi_test_fail_alloc_once), on a new handle
 * each time: the call still succeeds with the direct context's values bit
 * for bit, leaves the context's last error as it was, keeps nothing, and
 * the handle evaluates directly from then on
 * (its next call allocates: two levels or more). The first k at which no
 * allocation of the replay fails leaves the replay kept, whose next call
 * allocates nothing. */
static void assert_replay_falls_back(mm_scheme scheme, int levels)
{
    mm_context ctx = NULL, direct = NULL;
    new_replay_and_direct(&ctx, &direct);
    mm_mesh m1 = scheme_mesh(ctx, scheme), m2 = scheme_mesh(direct, scheme);
    mm_mesh_info info;
    MMT_OK(ctx, mm_mesh_info_get(m1, &info));
    int64_t nv = info.num_vertices;
    mm_subdiv s2 = build(direct, m2, scheme, 0, levels);
    void *x = control_values(nv, 3, MM_TYPE_FLOAT32);
    size_t bytes;
    void *want = evaluated(direct, s2, x, nv, 3, MM_TYPE_FLOAT32, &bytes), *got = malloc(bytes);
    ck_assert_ptr_nonnull(got);
    int replayed = 0, k = 0;
    for (; !replayed; ++k) {
        mm_subdiv s = build(ctx, m1, scheme, 0, levels);
        mm_dense X0 = NULL, XL = NULL;
        MMT_OK(ctx, mm_dense_import(ctx, &X0, nv, 3, MM_TYPE_FLOAT32, x));
        MMT_OK(ctx, mm_dense_new(ctx, &XL, last_vertices(ctx, s), 3, MM_TYPE_FLOAT32));
        int64_t before = mm_context_bytes_in_use(ctx, MM_MEMORY_DEVICE);
        char last_error[1024]; /* the last failed call's (the loop's second calls fail) */
        snprintf(last_error, sizeof last_error, "%s", mm_last_error(ctx));
        mmi_test_fail_alloc_once(ctx, k);
        mm_status st = mm_subdiv_eval_into(s, X0, XL);
        mmi_test_fail_alloc_after(ctx, -1);
        ck_assert_msg(st == MM_OK, "allocation %d failing: %s", k, mm_last_error(ctx));
        ck_assert_str_eq(mm_last_error(ctx), last_error); /* the call succeeded */
        MMT_OK(ctx, mm_dense_export(XL, got));
        ck_assert_msg(memcmp(got, want, bytes) == 0, "allocation %d failing", k);
        int64_t after = mm_context_bytes_in_use(ctx, MM_MEMORY_DEVICE);
        mmi_test_fail_alloc_after(ctx, 0);
        replayed = mm_subdiv_eval_into(s, X0, XL) == MM_OK;
        mmi_test_fail_alloc_after(ctx, -1);
        if (!replayed) ck_assert_int_eq(after, before); /* fell back: nothing kept */
        mm_dense_free(&X0), mm_dense_free(&XL);
        mm_subdiv_free(&s);
    }
    ck_assert_int_gt(k, 1); /* the replay allocated, and its failures fell back */
    free(x), free(want), free(got);
    mm_subdiv_free(&s2);
    mm_mesh_free(&m1), mm_mesh_free(&m2);
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, MM_MEMORY_DEVICE), 0);
    mm_context_free(&ctx), mm_context_free(&direct);
}

/* _i: the scheme, then the levels 2 and 3 (one level's direct route
 * allocates nothing, which the assertion that it went direct needs). */
START_TEST(replay_out_of_memory_falls_back)
{
    assert_replay_falls_back((mm_scheme)(_i / 2), 2 + _i % 2);
}
END_TEST

/* _i: the scheme, then the levels 1 … 3. */
START_TEST(replayed_evaluations_equal_direct_ones)
{
    assert_replays_are_direct((mm_scheme)(_i / 3), 1 + _i % 3, 0);
}
END_TEST

/* The same with crease and corner tags (Catmull-Clark and Loop: √3 has no
 * crease rules and refuses them). _i: the scheme, then the levels 1 … 3. */
START_TEST(replayed_tagged_evaluations_equal_direct_ones)
{
    mm_scheme scheme = _i / 3 ? MM_SCHEME_LOOP : MM_SCHEME_CATMULL_CLARK;
    assert_replays_are_direct(scheme, 1 + _i % 3, 1);
}
END_TEST
#endif

int main(void)
{
    Suite *s = suite_create("subdiv_eval_into");
    TCase *tc = tcase_create("subdiv_eval_into");
    tcase_set_timeout(tc, 120); /* levels 0–3 of every path, and allocation sweeps */
    tcase_add_loop_test(tc, eval_into_equals_eval, 0, 4 * WAYS * SCHEMES);
    tcase_add_test(tc, eval_into_refuses_bad_output);
    tcase_add_loop_test(tc, eval_into_allocation_sweep, 0, WAYS * SCHEMES);
    tcase_add_loop_test(tc, one_specialized_level_allocates_nothing, 0, SCHEMES);
    tcase_add_test(tc, refined_level_read_in_place);
    tcase_add_test(tc, cpu_context_has_no_stream);
    suite_add_tcase(s, tc);
    static const char streams[] = "evaluation on a CUDA stream of the caller's";
    static const char replays[] = "replayed evaluations of small meshes on CUDA";
#ifdef MESHMAT_HAVE_CUDA
    if (mmt_cuda_available()) {
        TCase *cuda = tcase_create("cuda_stream");
        tcase_set_timeout(cuda, 300); /* a CUDA context made per case */
        tcase_add_loop_test(cuda, a_callers_stream_gives_the_same_results, 0, WAYS * SCHEMES);
        tcase_add_loop_test(cuda, replayed_evaluations_equal_direct_ones, 0, 3 * SCHEMES);
        tcase_add_loop_test(cuda, replayed_tagged_evaluations_equal_direct_ones, 0, 6);
        tcase_add_loop_test(cuda, replay_out_of_memory_falls_back, 0, 2 * SCHEMES);
        suite_add_tcase(s, cuda);
    } else {
        mmt_skip(streams, "no CUDA device");
        mmt_skip(replays, "no CUDA device");
    }
#else
    mmt_skip(streams, "meshmat was built without CUDA");
    mmt_skip(replays, "meshmat was built without CUDA");
#endif
    return mmt_run(s);
}
