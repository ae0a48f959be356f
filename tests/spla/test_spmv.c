/* test_spmv.c: mapped SpMV y = [y +] op(A)_μ x on the backend under test,
 * against a dense reference built inside the test from random matrices (every
 * format, value type, map, d, precision and accumulate), the paper's eq. 2, 3
 * and 10 on hand-drawn meshes, refusals of bad input, and allocation failures. */
#include <stdio.h>

#include "core/memory.h"
#include "spla_testing.h"

static const double table5[] = {0.5, -2.0, 3.25, 7.0, 11.0};

/* Runs mm_spmv on h for every map, d, precision and accumulate, and checks
 * each result against sp_reference. */
static void check_all_maps(mm_context ctx, const sp_host *h, int transpose)
{
    mm_matrix A = sp_import(ctx, h);
    int64_t rows = transpose ? h->nc : h->nr, cols = transpose ? h->nr : h->nc;
    mm_map maps[5] = {{MM_MAP_VALUE, NULL, 0, {0}, 0, NULL, NULL, NULL},
                      {MM_MAP_ONE, NULL, 0, {0}, 0, NULL, NULL, NULL},
                      {MM_MAP_INV_COUNT, NULL, 0, {0}, 0, NULL, NULL, NULL},
                      {MM_MAP_TABLE, table5, 5, {0}, 0, NULL, NULL, NULL},
                      {MM_MAP_USER, NULL, 0, {0}, 0, sp_user_map, NULL, NULL}};
    int nmaps = mm_context_backend(ctx) == MM_BACKEND_CUDA ? 4 : 5;
    const int64_t ds[4] = {1, 3, 4, 7};
    for (int di = 0; di < 4; ++di) {
        int64_t d = ds[di], nx = cols * d, ny = rows * d;
        double *x = malloc((size_t)nx * 8 + 8), *y0 = malloc((size_t)ny * 8 + 8);
        double *ref = malloc((size_t)ny * 8 + 8), *mag = malloc((size_t)ny * 8 + 8);
        void *hx = malloc((size_t)nx * 8 + 8), *hy = malloc((size_t)ny * 8 + 8);
        for (int64_t k = 0; k < nx; ++k) x[k] = (double)(int32_t)(sp_next() % 513 - 256) / 64.0;
        for (int64_t k = 0; k < ny; ++k) y0[k] = (double)(int32_t)(sp_next() % 513 - 256) / 32.0;
        for (int ti = 0; ti < 2; ++ti) {
            mm_type t = ti ? MM_TYPE_FLOAT64 : MM_TYPE_FLOAT32;
            double tol = ti ? 1e-12 : 1e-6;
            for (int mi = 0; mi < nmaps; ++mi) {
                for (int acc = 0; acc < 2; ++acc) {
                    mm_dense X = NULL, Y = NULL;
                    sp_to_type(t, x, hx, nx);
                    sp_to_type(t, y0, hy, ny);
                    MMT_OK(ctx, mm_dense_import(ctx, &X, cols, d, t, hx));
                    MMT_OK(ctx, mm_dense_import(ctx, &Y, rows, d, t, hy));
                    MMT_OK(ctx, mm_spmv(ctx, &maps[mi], A, transpose, X, Y, acc));
                    MMT_OK(ctx, mm_dense_export(Y, hy));
                    sp_reference(h, transpose, &maps[mi], d, x, y0, acc, ref, mag);
                    for (int64_t k = 0; k < ny; ++k)
                        ck_assert_msg(fabs(sp_at(t, hy, k) - ref[k]) <= tol * mag[k] + 1e-300,
                                      "format %d type %d %lldx%lld T=%d map %d d=%lld %s acc=%d: "
                                      "y[%lld] = %.17g, expected %.17g",
                                      (int)h->f, (int)h->t, (long long)h->nr, (long long)h->nc,
                                      transpose, (int)maps[mi].kind, (long long)d,
                                      ti ? "f64" : "f32", acc, (long long)k, sp_at(t, hy, k),
                                      ref[k]);
                    mm_dense_free(&X);
                    mm_dense_free(&Y);
                }
            }
        }
        free(x), free(y0), free(ref), free(mag), free(hx), free(hy);
    }
    mm_matrix_free(&A);
}

START_TEST(random_matrices_match_the_dense_reference)
{
    mm_context ctx = mmt_context();
    const int64_t shapes[][2] = {{13, 9}, {9, 17}, {1, 1}, {0, 5}, {5, 0}, {0, 0}};
    const mm_type types[] = {MM_TYPE_PATTERN, MM_TYPE_INT32, MM_TYPE_FLOAT32, MM_TYPE_FLOAT64};
    sp_seed(7);
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; ++s)
        for (int f = MM_FORMAT_CSC; f <= MM_FORMAT_COO; ++f)
            for (int ty = 0; ty < 4; ++ty)
                for (int transpose = 0; transpose < 2; ++transpose) {
                    sp_host h =
                        sp_random((mm_format)f, types[ty], shapes[s][0], shapes[s][1], 5, 0);
                    check_all_maps(ctx, &h, transpose);
                    sp_free(&h);
                }
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, MM_MEMORY_HOST), 0);
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, MM_MEMORY_DEVICE), 0);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(uniform_and_single_entry_matrices)
{
    mm_context ctx = mmt_context();
    sp_seed(11);
    for (int f = MM_FORMAT_CSC; f <= MM_FORMAT_CSR; ++f)
        for (int transpose = 0; transpose < 2; ++transpose) {
            sp_host h = sp_random((mm_format)f, MM_TYPE_PATTERN, 10, 12, 0, 4);
            check_all_maps(ctx, &h, transpose);
            sp_free(&h);
        }
    /* One entry A(2, 3) = 1.5 of a 6 × 5 matrix, in each format. */
    int64_t csc_ptr[] = {0, 0, 0, 0, 1, 1}, csr_ptr[] = {0, 0, 0, 1, 1, 1, 1};
    uint32_t r[] = {2}, c[] = {3};
    double v[] = {1.5};
    for (int f = MM_FORMAT_CSC; f <= MM_FORMAT_COO; ++f)
        for (int transpose = 0; transpose < 2; ++transpose) {
            sp_host h = {(mm_format)f, MM_TYPE_FLOAT64, 6, 5, 1, 0,
                         f == MM_FORMAT_CSR ? csr_ptr : csc_ptr, r, c, v};
            check_all_maps(ctx, &h, transpose);
        }
    mm_context_free(&ctx);
}
END_TEST

/* One quad: valences M·1 = (1,1,1,1) (eq. 10), face point Mᵀ_{1/c} P = the centroid (eq. 3). */
START_TEST(one_quad_valences_and_centroid)
{
    mm_context ctx = mmt_context();
    double pos[12] = {0, 0, 0, 2, 0, 0, 2, 2, 0, 0, 2, 1};
    uint32_t fv[4] = {0, 1, 2, 3};
    mm_mesh_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.num_vertices = 4, desc.dim = 3, desc.vertex_type = MM_TYPE_FLOAT64, desc.vertices = pos;
    desc.num_faces = 1, desc.face_order = 4, desc.face_vertices = fv;
    mm_mesh mesh = NULL;
    MMT_OK(ctx, mm_mesh_new(ctx, &mesh, &desc));
    mm_map one = {MM_MAP_ONE, NULL, 0, {0}, 0, NULL, NULL, NULL};
    mm_map inv = {MM_MAP_INV_COUNT, NULL, 0, {0}, 0, NULL, NULL, NULL};
    mm_dense ones = NULL, n = NULL, f = NULL;
    double h1[1] = {1}, hn[4], hf[3];
    MMT_OK(ctx, mm_dense_import(ctx, &ones, 1, 1, MM_TYPE_FLOAT64, h1));
    MMT_OK(ctx, mm_dense_new(ctx, &n, 4, 1, MM_TYPE_FLOAT64));
    MMT_OK(ctx, mm_dense_new(ctx, &f, 1, 3, MM_TYPE_FLOAT64));
    MMT_OK(ctx, mm_spmv(ctx, &one, mm_mesh_matrix(mesh), 0, ones, n, 0));
    MMT_OK(ctx, mm_spmv(ctx, &inv, mm_mesh_matrix(mesh), 1, mm_mesh_vertices(mesh), f, 0));
    MMT_OK(ctx, mm_dense_export(n, hn));
    MMT_OK(ctx, mm_dense_export(f, hf));
    for (int v = 0; v < 4; ++v) ck_assert(hn[v] == 1.0);
    ck_assert(hf[0] == 1.0 && hf[1] == 1.0 && hf[2] == 0.25);
    mm_dense_free(&ones), mm_dense_free(&n), mm_dense_free(&f);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* A mixed mesh with a boundary:   3---4---5    face 0 = (0,1,4,3), a quad;
 *                                 | 0 |2 /|    face 1 = (1,2,5) and face 2 = (1,5,4),
 *                                 |   |/ 1|    triangles.
 *                                 0---1---2
 * By hand: c = Mᵀ_{val→1} 1 = (4,3,3) (eq. 2); n = M 1 = (1,3,1,1,2,2) (eq. 10);
 * f = Mᵀ_{1/c} P = (1/2,1/2), (5/3,1/3), (4/3,2/3) (eq. 3); the implicit values
 * summed per vertex, M_{val} 1 = (1,4,2,4,6,5), per face Mᵀ_{val} 1 = (10,6,6). */
START_TEST(mixed_mesh_equations_2_3_10)
{
    mm_context ctx = mmt_context();
    float pos[18] = {0, 0, 0, 1, 0, 0, 2, 0, 0, 0, 1, 0, 1, 1, 0, 2, 1, 0};
    int64_t off[4] = {0, 4, 7, 10};
    uint32_t fv[10] = {0, 1, 4, 3, 1, 2, 5, 1, 5, 4};
    mm_mesh_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.num_vertices = 6, desc.dim = 3, desc.vertex_type = MM_TYPE_FLOAT32, desc.vertices = pos;
    desc.num_faces = 3, desc.face_offsets = off, desc.face_vertices = fv;
    mm_mesh mesh = NULL;
    MMT_OK(ctx, mm_mesh_new(ctx, &mesh, &desc));
    mm_matrix M = mm_mesh_matrix(mesh);
    mm_map one = {MM_MAP_ONE, NULL, 0, {0}, 0, NULL, NULL, NULL};
    mm_map inv = {MM_MAP_INV_COUNT, NULL, 0, {0}, 0, NULL, NULL, NULL};
    mm_map val = {MM_MAP_VALUE, NULL, 0, {0}, 0, NULL, NULL, NULL};
    float onesv[6] = {1, 1, 1, 1, 1, 1}, c[3], n[6], sv[6], sf[3], fp[9];
    mm_dense ones_v = NULL, ones_f = NULL, C = NULL, N = NULL, SV = NULL, SF = NULL, FP = NULL;
    MMT_OK(ctx, mm_dense_import(ctx, &ones_v, 6, 1, MM_TYPE_FLOAT32, onesv));
    MMT_OK(ctx, mm_dense_import(ctx, &ones_f, 3, 1, MM_TYPE_FLOAT32, onesv));
    MMT_OK(ctx, mm_dense_new(ctx, &C, 3, 1, MM_TYPE_FLOAT32));
    MMT_OK(ctx, mm_dense_new(ctx, &N, 6, 1, MM_TYPE_FLOAT32));
    MMT_OK(ctx, mm_dense_new(ctx, &SV, 6, 1, MM_TYPE_FLOAT32));
    MMT_OK(ctx, mm_dense_new(ctx, &SF, 3, 1, MM_TYPE_FLOAT32));
    MMT_OK(ctx, mm_dense_new(ctx, &FP, 3, 3, MM_TYPE_FLOAT32));
    MMT_OK(ctx, mm_spmv(ctx, &one, M, 1, ones_v, C, 0));
    MMT_OK(ctx, mm_spmv(ctx, &one, M, 0, ones_f, N, 0));
    MMT_OK(ctx, mm_spmv(ctx, &inv, M, 1, mm_mesh_vertices(mesh), FP, 0));
    MMT_OK(ctx, mm_spmv(ctx, &val, M, 0, ones_f, SV, 0));
    MMT_OK(ctx, mm_spmv(ctx, &val, M, 1, ones_v, SF, 0));
    MMT_OK(ctx, mm_dense_export(C, c));
    MMT_OK(ctx, mm_dense_export(N, n));
    MMT_OK(ctx, mm_dense_export(SV, sv));
    MMT_OK(ctx, mm_dense_export(SF, sf));
    MMT_OK(ctx, mm_dense_export(FP, fp));
    const float c_ref[3] = {4, 3, 3}, n_ref[6] = {1, 3, 1, 1, 2, 2};
    const float sv_ref[6] = {1, 4, 2, 4, 6, 5}, sf_ref[3] = {10, 6, 6};
    const double fp_ref[9] = {0.5, 0.5, 0, 5.0 / 3, 1.0 / 3, 0, 4.0 / 3, 2.0 / 3, 0};
    ck_assert_mem_eq(c, c_ref, sizeof c);
    ck_assert_mem_eq(n, n_ref, sizeof n);
    ck_assert_mem_eq(sv, sv_ref, sizeof sv);
    ck_assert_mem_eq(sf, sf_ref, sizeof sf);
    for (int k = 0; k < 9; ++k)
        ck_assert_msg(fabs(fp[k] - fp_ref[k]) <= 1e-6, "f[%d] = %g", k, fp[k]);
    mm_dense_free(&ones_v), mm_dense_free(&ones_f), mm_dense_free(&C), mm_dense_free(&N);
    mm_dense_free(&SV), mm_dense_free(&SF), mm_dense_free(&FP);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* Expects st to be MM_ERR_INVALID_ARGUMENT with `text` in the message. */
static void expect_refusal(mm_context ctx, mm_status st, const char *text)
{
    ck_assert_int_eq(st, MM_ERR_INVALID_ARGUMENT);
    ck_assert_msg(strstr(mm_last_error(ctx), text) != NULL, "message \"%s\" lacks \"%s\"",
                  mm_last_error(ctx), text);
    ck_assert_msg(strncmp(mm_last_error(ctx), "mm_spmv: ", 9) == 0, "%s", mm_last_error(ctx));
}

START_TEST(bad_input_is_refused_precisely)
{
    mm_context ctx = mmt_context(), other = mmt_context_on(MM_BACKEND_CPU);
    sp_seed(3);
    sp_host h = sp_random(MM_FORMAT_CSC, MM_TYPE_FLOAT64, 4, 5, 3, 0);
    mm_matrix A = sp_import(ctx, &h), B = sp_import(other, &h);
    mm_dense x5 = NULL, x4 = NULL, y4 = NULL, y5 = NULL, y4f = NULL, y4d2 = NULL, xo = NULL;
    MMT_OK(ctx, mm_dense_new(ctx, &x5, 5, 3, MM_TYPE_FLOAT64));
    MMT_OK(ctx, mm_dense_new(ctx, &x4, 4, 3, MM_TYPE_FLOAT64));
    MMT_OK(ctx, mm_dense_new(ctx, &y4, 4, 3, MM_TYPE_FLOAT64));
    MMT_OK(ctx, mm_dense_new(ctx, &y5, 5, 3, MM_TYPE_FLOAT64));
    MMT_OK(ctx, mm_dense_new(ctx, &y4f, 4, 3, MM_TYPE_FLOAT32));
    MMT_OK(ctx, mm_dense_new(ctx, &y4d2, 4, 2, MM_TYPE_FLOAT64));
    MMT_OK(other, mm_dense_new(other, &xo, 5, 3, MM_TYPE_FLOAT64));
    mm_map one = {MM_MAP_ONE, NULL, 0, {0}, 0, NULL, NULL, NULL};
    mm_map circ = {MM_MAP_CIRCULANT, NULL, 0, {1}, 1, NULL, NULL, NULL};
    mm_map tab = {MM_MAP_TABLE, NULL, 3, {0}, 0, NULL, NULL, NULL};
    mm_map user = {MM_MAP_USER, NULL, 0, {0}, 0, NULL, NULL, NULL};
    ck_assert_int_eq(mm_spmv(NULL, &one, A, 0, x5, y4, 0), MM_ERR_INVALID_ARGUMENT);
    expect_refusal(ctx, mm_spmv(ctx, NULL, A, 0, x5, y4, 0), "map is NULL");
    expect_refusal(ctx, mm_spmv(ctx, &one, NULL, 0, x5, y4, 0), "A is NULL");
    expect_refusal(ctx, mm_spmv(ctx, &one, A, 0, NULL, y4, 0), "x is NULL");
    expect_refusal(ctx, mm_spmv(ctx, &one, A, 0, x5, NULL, 0), "y is NULL");
    expect_refusal(ctx, mm_spmv(ctx, &one, A, 0, x4, y4, 0), "x is 4 × 3, but op(A) has 5 columns");
    expect_refusal(ctx, mm_spmv(ctx, &one, A, 1, x4, y4, 0), "y is 4 × 3, but op(A) has 5 rows");
    expect_refusal(ctx, mm_spmv(ctx, &one, A, 0, x5, y4d2, 0), "x has 3 columns, but y has 2");
    expect_refusal(ctx, mm_spmv(ctx, &one, A, 0, x5, y4f, 0), "x is float64, but y is float32");
    expect_refusal(ctx, mm_spmv(ctx, &one, A, 0, xo, y4, 0), "x was made on another context");
    expect_refusal(ctx, mm_spmv(ctx, &one, B, 0, x5, y4, 0), "A was made on another context");
    expect_refusal(ctx, mm_spmv(ctx, &circ, A, 0, x5, y4, 0), "not an SpMV map");
    expect_refusal(ctx, mm_spmv(ctx, &tab, A, 0, x5, y4, 0), "table NULL");
    expect_refusal(ctx, mm_spmv(ctx, &user, A, 0, x5, y4, 0),
                   "neither a host function nor source");
    user.user = sp_user_map;
    if (mm_context_backend(ctx) == MM_BACKEND_CUDA)
        expect_refusal(ctx, mm_spmv(ctx, &user, A, 0, x5, y4, 0), "needs source");
    else
        MMT_OK(ctx, mm_spmv(ctx, &user, A, 0, x5, y4, 0));
    mm_dense_free(&x5), mm_dense_free(&x4), mm_dense_free(&y4), mm_dense_free(&y5);
    mm_dense_free(&y4f), mm_dense_free(&y4d2), mm_dense_free(&xo);
    mm_matrix_free(&A), mm_matrix_free(&B);
    sp_free(&h);
    mm_context_free(&ctx), mm_context_free(&other);
}
END_TEST

/* Every allocation of mm_spmv fails in turn (the regrouping, the table copy):
 * each failure is MM_ERR_OUT_OF_MEMORY and leaks nothing; y is right after. */
START_TEST(allocation_failures_leak_nothing)
{
    mm_context ctx = mmt_context();
    sp_seed(5);
    const mm_format formats[2] = {MM_FORMAT_COO, MM_FORMAT_CSC};
    mm_map tab = {MM_MAP_TABLE, table5, 5, {0}, 0, NULL, NULL, NULL};
    for (int fi = 0; fi < 2; ++fi) {
        sp_host h = sp_random(formats[fi], MM_TYPE_PATTERN, 7, 6, 4, 0);
        mm_matrix A = sp_import(ctx, &h);
        double x[6 * 2], y[7 * 2], ref[7 * 2], mag[7 * 2];
        for (int k = 0; k < 12; ++k) x[k] = k - 3.5;
        mm_dense X = NULL, Y = NULL;
        MMT_OK(ctx, mm_dense_import(ctx, &X, 6, 2, MM_TYPE_FLOAT64, x));
        MMT_OK(ctx, mm_dense_new(ctx, &Y, 7, 2, MM_TYPE_FLOAT64));
        int64_t host = mm_context_bytes_in_use(ctx, MM_MEMORY_HOST);
        int64_t dev = mm_context_bytes_in_use(ctx, MM_MEMORY_DEVICE);
        mm_status st = MM_ERR_OUT_OF_MEMORY;
        int n = 0;
        for (; st != MM_OK && n < 100; ++n) {
            mmi_test_fail_alloc_after(ctx, n);
            st = mm_spmv(ctx, &tab, A, 0, X, Y, 0);
            mmi_test_fail_alloc_after(ctx, -1);
            ck_assert_msg(st == MM_OK || st == MM_ERR_OUT_OF_MEMORY, "%s", mm_last_error(ctx));
            ck_assert_int_eq(mm_context_bytes_in_use(ctx, MM_MEMORY_HOST), host);
            ck_assert_int_eq(mm_context_bytes_in_use(ctx, MM_MEMORY_DEVICE), dev);
        }
        ck_assert_int_eq(st, MM_OK);
        ck_assert_int_gt(n, 1);
        MMT_OK(ctx, mm_dense_export(Y, y));
        sp_reference(&h, 0, &tab, 2, x, NULL, 0, ref, mag);
        for (int k = 0; k < 14; ++k) ck_assert(fabs(y[k] - ref[k]) <= 1e-12 * mag[k]);
        mm_dense_free(&X), mm_dense_free(&Y);
        mm_matrix_free(&A);
        sp_free(&h);
    }
    mm_context_free(&ctx);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("spmv");
    TCase *tc = tcase_create("spmv");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, random_matrices_match_the_dense_reference);
    tcase_add_test(tc, uniform_and_single_entry_matrices);
    tcase_add_test(tc, one_quad_valences_and_centroid);
    tcase_add_test(tc, mixed_mesh_equations_2_3_10);
    tcase_add_test(tc, bad_input_is_refused_precisely);
    tcase_add_test(tc, allocation_failures_leak_nothing);
    suite_add_tcase(s, tc);
    return mmt_run(s);
}
