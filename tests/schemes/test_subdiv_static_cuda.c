/* test_subdiv_static_cuda.c: static mode on CUDA against the CPU backend:
 * every R_l and the composite R with identical structure (pointer and column
 * arrays) and values within 1e-12, and static evaluation (composite and per
 * level, float32 and float64, d = 3 and d = 7) within 1e-12 / 1e-6 of the
 * CPU's, for Catmull-Clark on the generated meshes under both boundary rules,
 * and for Loop (both rules) and √3 on the generated shapes cut into
 * triangles (closed, open, several components). Without a GPU the
 * executable reports itself skipped (exit 77). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mmt_meshes.h"
#include "mmt_csr.h"
#include "mmt_shapes.h"

enum { LEVELS = 3 };

static void same_matrix(mm_context cpu, mm_matrix A, mm_context gpu, mm_matrix B)
{
    mmt_csr a, b;
    mmt_csr_get(cpu, A, &a);
    mmt_csr_get(gpu, B, &b);
    ck_assert_int_eq(a.info.nrows, b.info.nrows);
    ck_assert_int_eq(a.info.nnz, b.info.nnz);
    ck_assert(memcmp(a.ptr, b.ptr, (size_t)(a.info.nrows + 1) * sizeof *a.ptr) == 0);
    ck_assert(memcmp(a.cols, b.cols, (size_t)a.info.nnz * sizeof *a.cols) == 0);
    for (int64_t q = 0; q < a.info.nnz; ++q) ck_assert(fabs(a.values[q] - b.values[q]) <= 1e-12);
    mmt_csr_free(&a), mmt_csr_free(&b);
}

/* Vertex data of n rows and d columns with values that differ per entry. */
static double *data(int64_t n, int64_t d)
{
    double *x = malloc((size_t)(n * d) * sizeof *x);
    for (int64_t k = 0; k < n * d; ++k) x[k] = sin(0.37 * (double)k) + 0.1 * (double)(k % 5);
    return x;
}

static double *eval(mm_context ctx, mm_subdiv s, const double *x0, int64_t n, int64_t d,
                    mm_type t, int64_t *count)
{
    mm_dense X = NULL, Y = NULL;
    if (t == MM_TYPE_FLOAT64) {
        MMT_OK(ctx, mm_dense_import(ctx, &X, n, d, t, x0));
    } else {
        float *f = malloc((size_t)(n * d) * sizeof *f);
        for (int64_t k = 0; k < n * d; ++k) f[k] = (float)x0[k];
        MMT_OK(ctx, mm_dense_import(ctx, &X, n, d, t, f));
        free(f);
    }
    MMT_OK(ctx, mm_subdiv_eval(s, X, &Y));
    int64_t rows, cols;
    MMT_OK(ctx, mm_dense_shape(Y, &rows, &cols, &t));
    *count = rows * cols;
    double *y = malloc((size_t)*count * sizeof *y + 8);
    if (t == MM_TYPE_FLOAT64) {
        MMT_OK(ctx, mm_dense_export(Y, y));
    } else {
        float *f = malloc((size_t)*count * sizeof *f + 4);
        MMT_OK(ctx, mm_dense_export(Y, f));
        for (int64_t k = 0; k < *count; ++k) y[k] = f[k];
        free(f);
    }
    mm_dense_free(&X), mm_dense_free(&Y);
    return y;
}

/* The static matrices and evaluations of mc (on cpu) and mg (the same mesh
 * on gpu) under o (LEVELS levels) agree. */
static void cuda_matches_cpu_under(mm_context cpu, mm_mesh mc, mm_context gpu, mm_mesh mg,
                                   const mm_subdiv_options *o)
{
    mm_subdiv sc = NULL, sg = NULL;
    MMT_OK(cpu, mm_subdiv_build(cpu, mc, o, &sc));
    MMT_OK(gpu, mm_subdiv_build(gpu, mg, o, &sg));
    for (int l = 0; l < LEVELS; ++l)
        same_matrix(cpu, mm_subdiv_matrix(sc, l, l + 1), gpu, mm_subdiv_matrix(sg, l, l + 1));
    same_matrix(cpu, mm_subdiv_matrix(sc, 0, LEVELS), gpu, mm_subdiv_matrix(sg, 0, LEVELS));
    mm_subdiv_counts n0;
    MMT_OK(cpu, mm_subdiv_level_counts(sc, 0, &n0));
    static const int64_t widths[] = {3, 7};
    for (int w = 0; w < 2; ++w)
        for (int f64 = 0; f64 < 2; ++f64) {
            mm_type t = f64 ? MM_TYPE_FLOAT64 : MM_TYPE_FLOAT32;
            double *x0 = data(n0.vertices, widths[w]), worst = 0.0, scale = 1e-30;
            int64_t na = 0, nb = 0;
            double *a = eval(cpu, sc, x0, n0.vertices, widths[w], t, &na);
            double *b = eval(gpu, sg, x0, n0.vertices, widths[w], t, &nb);
            ck_assert_int_eq(na, nb);
            for (int64_t k = 0; k < na; ++k) scale = fmax(scale, fabs(a[k]));
            for (int64_t k = 0; k < na; ++k) worst = fmax(worst, fabs(a[k] - b[k]) / scale);
            ck_assert_msg(worst <= (f64 ? 1e-12 : 1e-6), "scheme %d, d %lld, f64 %d: %g",
                          o->scheme, (long long)widths[w], f64, worst);
            free(x0), free(a), free(b);
        }
    mm_subdiv_free(&sc), mm_subdiv_free(&sg);
}

static mm_subdiv_options static_options(mm_scheme scheme, int loop_index)
{
    mm_subdiv_options o = mm_subdiv_options_default();
    o.scheme = scheme;
    o.levels = LEVELS;
    o.boundary = (loop_index / 2) % 2 ? MM_BOUNDARY_EDGE_AND_CORNER : MM_BOUNDARY_EDGE_ONLY;
    o.mode = MM_MODE_STATIC;
    o.static_eval = loop_index % 2 ? MM_STATIC_LEVELS : MM_STATIC_COMPOSITE;
    return o;
}

/* Loop index → shape (4) × rule (2) × evaluation (composite, levels). */
START_TEST(cuda_matches_cpu)
{
    mm_subdiv_options o = static_options(MM_SCHEME_CATMULL_CLARK, _i);
    mm_context cpu = mmt_context_on(MM_BACKEND_CPU), gpu = mmt_context_on(MM_BACKEND_CUDA);
    mm_mesh mc = mmt_mesh_shape(cpu, (mmt_shape)(_i / 4), MM_TYPE_FLOAT64);
    mm_mesh mg = mmt_mesh_shape(gpu, (mmt_shape)(_i / 4), MM_TYPE_FLOAT64);
    cuda_matches_cpu_under(cpu, mc, gpu, mg, &o);
    mm_mesh_free(&mc), mm_mesh_free(&mg);
    ck_assert_int_eq(mm_context_bytes_in_use(gpu, MM_MEMORY_DEVICE), 0);
    mm_context_free(&cpu), mm_context_free(&gpu);
}
END_TEST

/* Loop index → scheme (Loop, √3) × triangle shape × rule (2) × evaluation
 * (2); √3 has only EDGE_ONLY. */
START_TEST(tri_cuda_matches_cpu)
{
    int per_scheme = 4 * MMT_NUM_GENERATED, which = (_i % per_scheme) / 4;
    mm_subdiv_options o =
        static_options(_i < per_scheme ? MM_SCHEME_LOOP : MM_SCHEME_SQRT3, _i % per_scheme);
    if (o.scheme == MM_SCHEME_SQRT3 && o.boundary != MM_BOUNDARY_EDGE_ONLY) return;
    mm_context cpu = mmt_context_on(MM_BACKEND_CPU), gpu = mmt_context_on(MM_BACKEND_CUDA);
    mm_mesh mc = mmt_triangle_shape(cpu, which, MM_TYPE_FLOAT64);
    mm_mesh mg = mmt_triangle_shape(gpu, which, MM_TYPE_FLOAT64);
    cuda_matches_cpu_under(cpu, mc, gpu, mg, &o);
    mm_mesh_free(&mc), mm_mesh_free(&mg);
    ck_assert_int_eq(mm_context_bytes_in_use(gpu, MM_MEMORY_DEVICE), 0);
    mm_context_free(&cpu), mm_context_free(&gpu);
}
END_TEST

int main(void)
{
    if (!mmt_cuda_available()) {
        printf("no CUDA device: skipped\n");
        return MMT_SKIP_EXIT;
    }
    Suite *s = suite_create("subdiv_static_cuda");
    TCase *tc = tcase_create("subdiv_static_cuda");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, cuda_matches_cpu, 0, 4 * MMT_SHAPES);
    tcase_add_loop_test(tc, tri_cuda_matches_cpu, 0, 2 * 4 * MMT_NUM_GENERATED);
    suite_add_tcase(s, tc);
    return mmt_run(s);
}
