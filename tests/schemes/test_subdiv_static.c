/* test_subdiv_static.c: static mode (meshmat/subdiv.h, paper §6.2–6.3) on the
 * backend under test. Static evaluation — one SpMV with the composite R, and
 * one per level with R_l — against the dynamic evaluation on generated meshes
 * (closed cube, open grid, mixed polygons with a boundary and an unreferenced
 * vertex, several components), levels 1–4, both boundary rules, both
 * precisions; affine invariance (every row of R_l and R sums to 1); rows of
 * R_0 derived by hand on a quad grid; repeated evaluation; the build for a
 * handle whose own path kept no generic levels; bad input; the allocation
 * sweep. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mmt_meshes.h"
#include "schemes/subdiv_static.h"

/* A CSR matrix copied to the host. */
typedef struct host_csr {
    mm_matrix_info info;
    int64_t *ptr;
    uint32_t *cols;
    double *values;
} host_csr;

static void csr_get(mm_matrix R, host_csr *h)
{
    ck_assert_ptr_nonnull(R);
    ck_assert_int_eq(mm_matrix_info_get(R, &h->info), MM_OK);
    ck_assert_int_eq(h->info.format, MM_FORMAT_CSR);
    ck_assert_int_eq(h->info.type, MM_TYPE_FLOAT64);
    h->ptr = malloc((size_t)(h->info.nrows + 1) * sizeof *h->ptr);
    h->cols = malloc((size_t)h->info.nnz * sizeof *h->cols + 4);
    h->values = malloc((size_t)h->info.nnz * sizeof *h->values + 8);
    mm_matrix_arrays a = {h->ptr, NULL, h->cols, h->values};
    ck_assert_int_eq(mm_matrix_export(R, &a), MM_OK);
}

static void csr_free(host_csr *h)
{
    free(h->ptr), free(h->cols), free(h->values);
}

/* R(i, j), 0 where no entry is stored. */
static double csr_at(const host_csr *h, int64_t i, uint32_t j)
{
    double v = 0.0;
    for (int64_t q = h->ptr[i]; q < h->ptr[i + 1]; ++q)
        if (h->cols[q] == j) v += h->values[q];
    return v;
}

static mm_subdiv_options opts(int levels, mm_boundary rule, mm_subdiv_mode mode,
                              mm_static_eval how)
{
    mm_subdiv_options o = mm_subdiv_options_default();
    o.levels = levels;
    o.boundary = rule;
    o.mode = mode;
    o.static_eval = how;
    return o;
}

/* The refined vertex data of mesh through s, on the host. */
static double *refine(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *o, int64_t *count)
{
    mm_subdiv s = NULL;
    mm_dense X = NULL;
    MMT_OK(ctx, mm_subdiv_build(ctx, mesh, o, &s));
    MMT_OK(ctx, mm_subdiv_eval(s, mm_mesh_vertices(mesh), &X));
    double *x = mmt_dense_to_host(ctx, X, count);
    mm_dense_free(&X);
    mm_subdiv_free(&s);
    return x;
}

/* Loop index → shape (4) × rule (2) × precision (2). */
START_TEST(static_matches_dynamic)
{
    mmt_shape shape = (mmt_shape)(_i / 4);
    mm_boundary rule = (_i / 2) % 2 ? MM_BOUNDARY_EDGE_AND_CORNER : MM_BOUNDARY_EDGE_ONLY;
    mm_type prec = _i % 2 ? MM_TYPE_FLOAT32 : MM_TYPE_FLOAT64;
    static const mm_static_eval hows[] = {MM_STATIC_COMPOSITE, MM_STATIC_LEVELS, MM_STATIC_AUTO};
    mm_context ctx = mmt_context();
    mm_mesh mesh = mmt_mesh_shape(ctx, shape, prec);
    for (int levels = 1; levels <= 4; ++levels) {
        int64_t n = 0, m = 0;
        mm_subdiv_options o = opts(levels, rule, MM_MODE_DYNAMIC, MM_STATIC_AUTO);
        double *want = refine(ctx, mesh, &o, &n), scale = 1e-30;
        for (int64_t k = 0; k < n; ++k) scale = fmax(scale, fabs(want[k]));
        for (int h = 0; h < 3; ++h) {
            o = opts(levels, rule, MM_MODE_STATIC, hows[h]);
            double *got = refine(ctx, mesh, &o, &m), worst = 0.0;
            ck_assert_int_eq(m, n);
            for (int64_t k = 0; k < n; ++k) worst = fmax(worst, fabs(got[k] - want[k]) / scale);
            ck_assert_msg(worst <= (prec == MM_TYPE_FLOAT64 ? 1e-12 : 1e-6),
                          "shape %d, levels %d, evaluation %d: %g", shape, levels, h, worst);
            free(got);
        }
        free(want);
    }
    mm_mesh_free(&mesh);
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, MM_MEMORY_HOST), 0);
    mm_context_free(&ctx);
}
END_TEST

/* Any d (the CUDA kernel folds d = 1 … 4 and runs wider d in chunks of
 * four): d = 1, 5 and 9 columns of float32 data, static against dynamic. */
START_TEST(any_width)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = mmt_mesh_shape(ctx, MMT_MIXED, MM_TYPE_FLOAT32);
    static const int64_t widths[] = {1, 5, 9};
    int64_t d = widths[_i], nv = 13;
    float *x0 = malloc((size_t)(nv * d) * sizeof *x0);
    for (int64_t k = 0; k < nv * d; ++k) x0[k] = (float)cos(0.7 * (double)k);
    mm_dense X = NULL, want = NULL, got = NULL;
    MMT_OK(ctx, mm_dense_import(ctx, &X, nv, d, MM_TYPE_FLOAT32, x0));
    mm_subdiv_options o = opts(3, MM_BOUNDARY_EDGE_ONLY, MM_MODE_DYNAMIC, MM_STATIC_AUTO);
    mm_subdiv dyn = NULL, sta = NULL;
    MMT_OK(ctx, mm_subdiv_build(ctx, mesh, &o, &dyn));
    o = opts(3, MM_BOUNDARY_EDGE_ONLY, MM_MODE_STATIC, MM_STATIC_COMPOSITE);
    MMT_OK(ctx, mm_subdiv_build(ctx, mesh, &o, &sta));
    MMT_OK(ctx, mm_subdiv_eval(dyn, X, &want));
    MMT_OK(ctx, mm_subdiv_eval(sta, X, &got));
    int64_t n = 0, m = 0;
    double *a = mmt_dense_to_host(ctx, want, &n), *b = mmt_dense_to_host(ctx, got, &m), worst = 0.0;
    ck_assert_int_eq(n, m);
    for (int64_t k = 0; k < n; ++k) worst = fmax(worst, fabs(a[k] - b[k]));
    ck_assert_msg(worst <= 1e-6, "d = %lld: %g", (long long)d, worst);
    free(a), free(b), free(x0);
    mm_dense_free(&X), mm_dense_free(&want), mm_dense_free(&got);
    mm_subdiv_free(&dyn), mm_subdiv_free(&sta);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* Affine invariance: refining a constant gives the constant, so every row of
 * every R_l and of R sums to 1; and R has |V_L| × |V_0|, R_l |V_{l+1}| × |V_l|. */
START_TEST(rows_sum_to_one)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = mmt_mesh_shape(ctx, (mmt_shape)(_i / 2), MM_TYPE_FLOAT64);
    mm_boundary rule = _i % 2 ? MM_BOUNDARY_EDGE_AND_CORNER : MM_BOUNDARY_EDGE_ONLY;
    mm_subdiv_options o = opts(3, rule, MM_MODE_STATIC, MM_STATIC_COMPOSITE);
    mm_subdiv s = NULL;
    MMT_OK(ctx, mm_subdiv_build(ctx, mesh, &o, &s));
    for (int l = 0; l <= 3; ++l) {
        int from = l < 3 ? l : 0, to = l < 3 ? l + 1 : 3;
        mm_subdiv_counts a, b;
        MMT_OK(ctx, mm_subdiv_level_counts(s, from, &a));
        MMT_OK(ctx, mm_subdiv_level_counts(s, to, &b));
        host_csr h;
        csr_get(mm_subdiv_matrix(s, from, to), &h);
        ck_assert_int_eq(h.info.nrows, b.vertices);
        ck_assert_int_eq(h.info.ncols, a.vertices);
        for (int64_t i = 0; i < h.info.nrows; ++i) {
            double sum = 0.0;
            for (int64_t q = h.ptr[i]; q < h.ptr[i + 1]; ++q) {
                ck_assert(h.cols[q] < a.vertices);
                if (q > h.ptr[i]) ck_assert(h.cols[q] > h.cols[q - 1]);
                sum += h.values[q];
            }
            ck_assert_msg(fabs(sum - 1.0) <= 1e-12, "(%d, %d) row %lld sums to %.17g", from, to,
                          (long long)i, sum);
        }
        csr_free(&h);
    }
    mm_subdiv_free(&s);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* R_0 of the 3 × 3 grid of unit quads (vertex id = 4y + x, faces f = 3y + x,
 * so |V| = 16, |F| = 9, and level-0 edges sorted by (min, max)).
 * Interior vertex 5 (valence n = 4, eq. 9 / 11): S = (1 − 2/n) p + (1/n²) Σ_j p_j
 * + (1/n²) Σ_f f_f with f_f the mean of face f's 4 corners:
 *   itself: 1 − 2/4 + (1/16)(4 faces · 1/4) = 1/2 + 1/16 = 9/16;
 *   edge neighbours 1, 4, 6, 9: 1/16 + (1/16)(2 faces · 1/4) = 3/32;
 *   diagonal neighbours 0, 2, 8, 10: (1/16)(1 face · 1/4) = 1/64;
 *   (9/16 + 4 · 3/32 + 4 · 1/64 = 1).
 * Boundary vertex 1 (eq. 20): 3/4 p_1 + 1/8 (p_0 + p_2).
 * Corner vertex 0 (in one face): EDGE_ONLY 3/4 p_0 + 1/8 (p_1 + p_4);
 * EDGE_AND_CORNER p_0.
 * Face point of face 4 (corners 5 6 10 9): 1/4 each.
 * Interior edge {5, 6} (faces 1 and 4): (p_5 + p_6)/4 + (f_1 + f_4)/4 =
 *   3/8 on 5 and 6, 1/16 on 1, 2, 9, 10.
 * Boundary edge {0, 1}: the midpoint, 1/2 on 0 and 1. */
START_TEST(grid_rows_by_hand)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = mmt_mesh_grid(ctx, 3, 3, MM_TYPE_FLOAT64);
    mm_boundary rule = _i ? MM_BOUNDARY_EDGE_AND_CORNER : MM_BOUNDARY_EDGE_ONLY;
    mm_subdiv_options o = opts(1, rule, MM_MODE_STATIC, MM_STATIC_LEVELS);
    mm_subdiv s = NULL;
    MMT_OK(ctx, mm_subdiv_build(ctx, mesh, &o, &s));
    uint32_t ends[2 * 24];
    MMT_OK(ctx, mm_subdiv_level_edges(s, 0, ends));
    int64_t e56 = -1, e01 = -1;
    for (int e = 0; e < 24; ++e) {
        if (ends[2 * e] == 5 && ends[2 * e + 1] == 6) e56 = e;
        if (ends[2 * e] == 0 && ends[2 * e + 1] == 1) e01 = e;
    }
    ck_assert(e56 >= 0 && e01 >= 0);
    host_csr h;
    csr_get(mm_subdiv_matrix(s, 0, 1), &h);
    ck_assert_int_eq(h.info.nrows, 16 + 9 + 24);
    /* {row, column, weight}; every other entry of these rows is 0. */
    const double corner = _i ? 1.0 : 0.75, corner_side = _i ? 0.0 : 0.125;
    const double want[][3] = {
        {5, 5, 9.0 / 16},  {5, 1, 3.0 / 32},  {5, 4, 3.0 / 32},  {5, 6, 3.0 / 32},
        {5, 9, 3.0 / 32},  {5, 0, 1.0 / 64},  {5, 2, 1.0 / 64},  {5, 8, 1.0 / 64},
        {5, 10, 1.0 / 64}, {1, 1, 0.75},      {1, 0, 0.125},     {1, 2, 0.125},
        {0, 0, corner},    {0, 1, corner_side}, {0, 4, corner_side},
        {16 + 4, 5, 0.25}, {16 + 4, 6, 0.25}, {16 + 4, 10, 0.25}, {16 + 4, 9, 0.25},
        {25 + (double)e56, 5, 0.375}, {25 + (double)e56, 6, 0.375},
        {25 + (double)e56, 1, 0.0625}, {25 + (double)e56, 2, 0.0625},
        {25 + (double)e56, 9, 0.0625}, {25 + (double)e56, 10, 0.0625},
        {25 + (double)e01, 0, 0.5},   {25 + (double)e01, 1, 0.5}};
    const int rows[] = {5, 1, 0, 20, 25 + (int)e56, 25 + (int)e01};
    for (size_t r = 0; r < sizeof rows / sizeof *rows; ++r)
        for (uint32_t j = 0; j < 16; ++j) {
            double w = 0.0;
            for (size_t t = 0; t < sizeof want / sizeof *want; ++t)
                if ((int)want[t][0] == rows[r] && (uint32_t)want[t][1] == j) w = want[t][2];
            ck_assert_msg(fabs(csr_at(&h, rows[r], j) - w) <= 1e-15, "R_0(%d, %u) = %.17g, not %g",
                          rows[r], j, csr_at(&h, rows[r], j), w);
        }
    csr_free(&h);
    mm_subdiv_free(&s);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* Build once, evaluate many times: bitwise the same result every time. */
START_TEST(eval_many_times)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = mmt_mesh_shape(ctx, MMT_MIXED, MM_TYPE_FLOAT32);
    mm_subdiv_options o = opts(3, MM_BOUNDARY_EDGE_ONLY, MM_MODE_STATIC,
                               _i ? MM_STATIC_LEVELS : MM_STATIC_COMPOSITE);
    mm_subdiv s = NULL;
    MMT_OK(ctx, mm_subdiv_build(ctx, mesh, &o, &s));
    double *first = NULL;
    int64_t n = 0;
    for (int run = 0; run < 5; ++run) {
        mm_dense X = NULL;
        int64_t m = 0;
        MMT_OK(ctx, mm_subdiv_eval(s, mm_mesh_vertices(mesh), &X));
        double *x = mmt_dense_to_host(ctx, X, &m);
        mm_dense_free(&X);
        if (first == NULL) {
            first = x, n = m;
            continue;
        }
        ck_assert_int_eq(m, n);
        ck_assert(memcmp(first, x, (size_t)n * sizeof *x) == 0);
        free(x);
    }
    free(first);
    mm_subdiv_free(&s);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* A handle whose own path kept no generic levels (the specialized path's
 * case) gets its matrices from a generic build made for them: the same R. */
START_TEST(matrices_without_generic_state)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = mmt_mesh_shape(ctx, MMT_COMPONENTS, MM_TYPE_FLOAT64);
    mm_subdiv_options o = opts(2, MM_BOUNDARY_EDGE_ONLY, MM_MODE_STATIC, MM_STATIC_COMPOSITE);
    mm_subdiv s = NULL;
    mmi_subdiv_static *own = NULL;
    MMT_OK(ctx, mm_subdiv_build(ctx, mesh, &o, &s));
    MMT_OK(ctx, mmi_subdiv_static_build(ctx, mesh, &o, NULL, &own));
    host_csr a, b;
    csr_get(mm_subdiv_matrix(s, 0, 2), &a);
    csr_get(mmi_subdiv_static_matrix(own, 0, 2), &b);
    ck_assert_int_eq(a.info.nnz, b.info.nnz);
    ck_assert(memcmp(a.ptr, b.ptr, (size_t)(a.info.nrows + 1) * sizeof *a.ptr) == 0);
    ck_assert(memcmp(a.cols, b.cols, (size_t)a.info.nnz * sizeof *a.cols) == 0);
    ck_assert(memcmp(a.values, b.values, (size_t)a.info.nnz * sizeof *a.values) == 0);
    csr_free(&a), csr_free(&b);
    mmi_subdiv_static_free(ctx, own);
    mm_subdiv_free(&s);
    mm_mesh_free(&mesh);
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, mmt_backend() == MM_BACKEND_CUDA
                                                      ? MM_MEMORY_DEVICE
                                                      : MM_MEMORY_HOST), 0);
    mm_context_free(&ctx);
}
END_TEST

/* Zero levels: R is the identity and evaluation copies. */
START_TEST(zero_levels_is_identity)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = mmt_mesh_shape(ctx, MMT_CUBE, MM_TYPE_FLOAT64);
    mm_subdiv_options o = opts(0, MM_BOUNDARY_EDGE_ONLY, MM_MODE_STATIC, MM_STATIC_AUTO);
    mm_subdiv s = NULL;
    MMT_OK(ctx, mm_subdiv_build(ctx, mesh, &o, &s));
    host_csr h;
    csr_get(mm_subdiv_matrix(s, 0, 0), &h);
    ck_assert_int_eq(h.info.nrows, 8);
    ck_assert_int_eq(h.info.nnz, 8);
    for (uint32_t i = 0; i < 8; ++i) ck_assert(csr_at(&h, i, i) == 1.0);
    csr_free(&h);
    int64_t n = 0;
    mm_dense X = NULL;
    MMT_OK(ctx, mm_subdiv_eval(s, mm_mesh_vertices(mesh), &X));
    double *x = mmt_dense_to_host(ctx, X, &n);
    ck_assert_int_eq(n, 24);
    ck_assert(x[3 * 7] == 1.0 && x[3 * 7 + 1] == 1.0 && x[3 * 7 + 2] == 1.0);
    free(x);
    mm_dense_free(&X);
    mm_subdiv_free(&s);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(bad_input)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = mmt_mesh_shape(ctx, MMT_GRID, MM_TYPE_FLOAT64);
    mm_subdiv_options o = opts(2, MM_BOUNDARY_EDGE_ONLY, MM_MODE_STATIC, MM_STATIC_COMPOSITE);
    mm_subdiv s = NULL, dyn = NULL;
    MMT_OK(ctx, mm_subdiv_build(ctx, mesh, &o, &s));
    mm_dense wrong = NULL, Y = NULL;
    MMT_OK(ctx, mm_dense_new(ctx, &wrong, 19, 3, MM_TYPE_FLOAT64));
    ck_assert_int_eq(mm_subdiv_eval(s, wrong, &Y), MM_ERR_INVALID_ARGUMENT);
    ck_assert_ptr_null(Y);
    ck_assert_ptr_nonnull(strstr(mm_last_error(ctx), "19 rows"));
    ck_assert_int_eq(mm_subdiv_eval(s, NULL, &Y), MM_ERR_INVALID_ARGUMENT);
    ck_assert_ptr_nonnull(mm_subdiv_matrix(s, 0, 1));
    ck_assert_ptr_nonnull(mm_subdiv_matrix(s, 1, 2));
    ck_assert_ptr_nonnull(mm_subdiv_matrix(s, 0, 2));
    ck_assert_ptr_null(mm_subdiv_matrix(s, 2, 3));
    ck_assert_ptr_null(mm_subdiv_matrix(s, -1, 0));
    ck_assert_ptr_null(mm_subdiv_matrix(s, 0, 0));
    ck_assert_ptr_null(mm_subdiv_matrix(s, 1, 1));
    ck_assert_ptr_null(mm_subdiv_matrix(s, 0, 3));
    ck_assert_ptr_null(mm_subdiv_matrix(s, 2, 1));
    ck_assert_ptr_null(mm_subdiv_matrix(NULL, 0, 1));
    o.mode = MM_MODE_DYNAMIC;
    MMT_OK(ctx, mm_subdiv_build(ctx, mesh, &o, &dyn));
    ck_assert_ptr_null(mm_subdiv_matrix(dyn, 0, 1));
    mm_subdiv_free(&dyn);
    o.mode = MM_MODE_STATIC;
    o.static_eval = (mm_static_eval)7;
    ck_assert_int_eq(mm_subdiv_build(ctx, mesh, &o, &dyn), MM_ERR_INVALID_ARGUMENT);
    ck_assert_ptr_null(dyn);
    mm_dense_free(&wrong);
    mm_subdiv_free(&s);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

static mm_status static_refine(mm_context ctx, void *arg)
{
    mm_mesh mesh = arg, out = NULL;
    mm_subdiv_options o = opts(2, MM_BOUNDARY_EDGE_ONLY, MM_MODE_STATIC, MM_STATIC_AUTO);
    mm_status st = mm_subdivide(ctx, mesh, &o, &out);
    mm_mesh_free(&out);
    return st;
}

START_TEST(allocation_failures_are_clean)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = mmt_mesh_shape(ctx, MMT_MIXED, MM_TYPE_FLOAT32);
    ck_assert(mmt_sweep_allocations(ctx, static_refine, mesh) > 10);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("subdiv_static");
    TCase *tc = tcase_create("subdiv_static");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, static_matches_dynamic, 0, 4 * MMT_SHAPES);
    tcase_add_loop_test(tc, any_width, 0, 3);
    tcase_add_loop_test(tc, rows_sum_to_one, 0, 2 * MMT_SHAPES);
    tcase_add_loop_test(tc, grid_rows_by_hand, 0, 2);
    tcase_add_loop_test(tc, eval_many_times, 0, 2);
    tcase_add_test(tc, matrices_without_generic_state);
    tcase_add_test(tc, zero_levels_is_identity);
    tcase_add_test(tc, bad_input);
    tcase_add_test(tc, allocation_failures_are_clean);
    suite_add_tcase(s, tc);
    return mmt_run(s);
}
