/* test_cpu_for.c: the CPU backend's element loop (core/cpu_for.h): every
 * element runs once whatever the count and the thread count, on several
 * threads where OpenMP is built in; and mm_subdivide on one thread and on
 * several gives bitwise the same mesh, for every scheme and path, in both
 * modes and precisions. */
#include <stdlib.h>
#include <string.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "core/cpu_for.h"
#include "mmt_shapes.h"
#include "test_util.h"

/* Each element counts itself and records the thread that ran it. */
typedef struct visits {
    int *runs, *thread;
} visits;

static void visit_range(const void *args, int64_t begin, int64_t end)
{
    const visits *v = args;
    for (int64_t i = begin; i < end; ++i) {
        v->runs[i]++;
#ifdef _OPENMP
        v->thread[i] = omp_get_thread_num();
#endif
    }
}

START_TEST(every_element_runs_once)
{
    static const int64_t counts[] = {0, 1, MMI_CPU_CHUNK - 1, MMI_CPU_CHUNK, MMI_CPU_CHUNK + 1,
                                     3 * MMI_CPU_CHUNK, 7 * MMI_CPU_CHUNK + 3};
    int64_t max = counts[sizeof counts / sizeof *counts - 1];
    visits v = {calloc((size_t)max, sizeof(int)), calloc((size_t)max, sizeof(int))};
    for (int threads = 1; threads <= 3; ++threads) {
        mmt_set_threads(threads);
        for (size_t c = 0; c < sizeof counts / sizeof *counts; ++c) {
            int64_t n = counts[c];
            memset(v.runs, 0, (size_t)max * sizeof(int));
            memset(v.thread, 0, (size_t)max * sizeof(int));
            mmi_cpu_for(n, visit_range, &v);
            int used = 0;
            for (int64_t i = 0; i < max; ++i) {
                ck_assert_int_eq(v.runs[i], i < n);
                used |= 1 << v.thread[i];
            }
#ifdef _OPENMP
            /* A call of a chunk per thread or more shares them among the threads. */
            if (n >= 3 * MMI_CPU_CHUNK) ck_assert_int_eq(used, (1 << threads) - 1);
#else
            (void)used;
#endif
        }
    }
    free(v.runs);
    free(v.thread);
}
END_TEST

/* A refined mesh as host arrays. */
typedef struct refined {
    mm_mesh_info info;
    void *xyz;
    int64_t *offsets;
    uint32_t *ids;
    size_t xyz_bytes;
} refined;

static refined subdivide(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *o, int threads)
{
    refined r;
    mm_mesh out = NULL;
    mmt_set_threads(threads);
    MMT_OK(ctx, mm_subdivide(ctx, mesh, o, &out));
    MMT_OK(ctx, mm_mesh_info_get(out, &r.info));
    r.xyz_bytes = (size_t)(r.info.num_vertices * r.info.dim) *
                  (r.info.precision == MM_TYPE_FLOAT64 ? sizeof(double) : sizeof(float));
    r.xyz = malloc(r.xyz_bytes);
    r.offsets = malloc((size_t)(r.info.num_faces + 1) * sizeof *r.offsets);
    r.ids = malloc((size_t)r.info.nnz * sizeof *r.ids);
    mm_mesh_arrays h = {r.xyz, r.offsets, r.ids, NULL, NULL, NULL, NULL, NULL};
    MMT_OK(ctx, mm_mesh_export(out, &h));
    mm_mesh_free(&out);
    return r;
}

static void refined_free(refined *r)
{
    free(r->xyz);
    free(r->offsets);
    free(r->ids);
}

/* _i: scheme (3) × path (2) × mode (2) × precision (2). */
START_TEST(subdivide_is_bitwise_the_same_on_any_thread_count)
{
    mm_subdiv_options o = mm_subdiv_options_default();
    o.scheme = (mm_scheme)(_i / 8);
    o.path = (_i / 4) % 2 ? MM_PATH_GENERIC : MM_PATH_SPECIALIZED;
    o.mode = (_i / 2) % 2 ? MM_MODE_STATIC : MM_MODE_DYNAMIC;
    o.static_eval = MM_STATIC_LEVELS; /* AUTO would pick by timing, run by run */
    /* Large enough that the last levels' loops run in several chunks. */
    o.levels = (o.scheme == MM_SCHEME_SQRT3 ? 7 : 6) -
               (o.path == MM_PATH_GENERIC || o.mode == MM_MODE_STATIC);
    mm_type prec = _i % 2 ? MM_TYPE_FLOAT32 : MM_TYPE_FLOAT64;
    mm_context ctx = mmt_context_on(MM_BACKEND_CPU);
    static mmt_shape_faces s;
    mmt_make_shape(&s, MMT_SHAPE_MIXED);
    mm_mesh mesh = o.scheme == MM_SCHEME_CATMULL_CLARK
                       ? mmt_shape_mesh(ctx, &s, prec)
                       : mmt_triangle_shape(ctx, MMT_SHAPE_MIXED, prec);
    refined one = subdivide(ctx, mesh, &o, 1);
    ck_assert_int_gt(one.info.num_faces, 2 * MMI_CPU_CHUNK);
    for (int threads = 2; threads <= 3; ++threads) {
        refined many = subdivide(ctx, mesh, &o, threads);
        ck_assert_int_eq(many.info.num_vertices, one.info.num_vertices);
        ck_assert_int_eq(many.info.num_faces, one.info.num_faces);
        ck_assert_int_eq(many.info.nnz, one.info.nnz);
        ck_assert(memcmp(many.xyz, one.xyz, one.xyz_bytes) == 0);
        ck_assert(memcmp(many.offsets, one.offsets,
                         (size_t)(one.info.num_faces + 1) * sizeof *one.offsets) == 0);
        ck_assert(memcmp(many.ids, one.ids, (size_t)one.info.nnz * sizeof *one.ids) == 0);
        refined_free(&many);
    }
    refined_free(&one);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("cpu_for");
    TCase *tc = tcase_create("cpu_for");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, every_element_runs_once);
    tcase_add_loop_test(tc, subdivide_is_bitwise_the_same_on_any_thread_count, 0, 24);
    suite_add_tcase(s, tc);
    return mmt_run(s);
}
