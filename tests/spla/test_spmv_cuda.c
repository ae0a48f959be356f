/* test_spmv_cuda.c: the CUDA launchers of transpose and mapped SpMV against
 * the CPU backend on the same random inputs: transposes identical array for
 * array (DESIGN §3), SpMV within float rounding and bitwise equal run to run.
 * Without a GPU the whole executable reports itself skipped (exit 77). */
#include <stdio.h>

#include "spla_testing.h"

/* Exports every array of T into one host buffer for comparison. */
static void *export_all(mm_matrix T, size_t *bytes)
{
    mm_matrix_info info;
    ck_assert_int_eq(mm_matrix_info_get(T, &info), MM_OK);
    size_t np = info.format == MM_FORMAT_COO ? 0
                : (size_t)(info.format == MM_FORMAT_CSC ? info.ncols : info.nrows) + 1;
    size_t n = (size_t)info.nnz;
    *bytes = np * 8 + 2 * n * 4 + n * mm_type_size(info.type);
    char *buf = calloc(*bytes + 8, 1);
    mm_matrix_arrays a = {(int64_t *)(void *)buf, (uint32_t *)(void *)(buf + np * 8),
                          (uint32_t *)(void *)(buf + np * 8 + n * 4), buf + np * 8 + 2 * n * 4};
    ck_assert_int_eq(mm_matrix_export(T, &a), MM_OK);
    return buf;
}

START_TEST(transposes_are_identical)
{
    mm_context ctx[2] = {mmt_context_on(MM_BACKEND_CPU), mmt_context_on(MM_BACKEND_CUDA)};
    const mm_type types[] = {MM_TYPE_PATTERN, MM_TYPE_INT32, MM_TYPE_FLOAT32, MM_TYPE_FLOAT64};
    sp_seed(21);
    for (int f = MM_FORMAT_CSC; f <= MM_FORMAT_COO; ++f)
        for (int ty = 0; ty < 4; ++ty)
            for (int u = 0; u < 2; ++u) {
                if (u && f == MM_FORMAT_COO) continue;
                sp_host h = sp_random((mm_format)f, types[ty], 3000, 2000, 12, u ? 4 : 0);
                void *out[2];
                size_t bytes[2];
                for (int b = 0; b < 2; ++b) {
                    mm_matrix A = sp_import(ctx[b], &h), T = NULL;
                    MMT_OK(ctx[b], mm_matrix_transpose(ctx[b], A, &T));
                    out[b] = export_all(T, &bytes[b]);
                    mm_matrix_free(&T), mm_matrix_free(&A);
                }
                ck_assert_int_eq(bytes[0], bytes[1]);
                ck_assert_msg(memcmp(out[0], out[1], bytes[0]) == 0, "format %d type %d uniform %d",
                              f, (int)types[ty], u);
                free(out[0]), free(out[1]);
                sp_free(&h);
            }
    ck_assert_int_eq(mm_context_bytes_in_use(ctx[1], MM_MEMORY_DEVICE), 0);
    mm_context_free(&ctx[0]), mm_context_free(&ctx[1]);
}
END_TEST

START_TEST(spmv_matches_the_cpu_and_is_stable)
{
    mm_context ctx[2] = {mmt_context_on(MM_BACKEND_CPU), mmt_context_on(MM_BACKEND_CUDA)};
    static const double table[] = {0.25, 1.5, -3.0, 2.0, 9.0, -1.0, 4.0};
    mm_map maps[4] = {{MM_MAP_VALUE, NULL, 0, {0}, 0, NULL, NULL, NULL},
                      {MM_MAP_ONE, NULL, 0, {0}, 0, NULL, NULL, NULL},
                      {MM_MAP_INV_COUNT, NULL, 0, {0}, 0, NULL, NULL, NULL},
                      {MM_MAP_TABLE, table, 7, {0}, 0, NULL, NULL, NULL}};
    const mm_type types[] = {MM_TYPE_PATTERN, MM_TYPE_INT32, MM_TYPE_FLOAT64};
    /* (d, uniform line length): the row-per-thread kernels for each d ≤ 4 and
     * the triangle and quad layouts, and the value-per-thread kernel (d = 6). */
    static const int64_t shapes[][2] = {{1, 0}, {2, 3}, {3, 0}, {3, 4}, {4, 4}, {6, 0}};
    sp_seed(23);
    for (int sh = 0; sh < 6; ++sh)
        for (int f = MM_FORMAT_CSC; f <= MM_FORMAT_COO; ++f)
            for (int ty = 0; ty < 3; ++ty)
                for (int transpose = 0; transpose < 2; ++transpose)
                    for (int prec = 0; prec < 2; ++prec) {
                        mm_type t = prec ? MM_TYPE_FLOAT64 : MM_TYPE_FLOAT32;
                        int64_t nr = 2500, nc = 1700, d = shapes[sh][0];
                        int64_t uniform = f == MM_FORMAT_COO ? 0 : shapes[sh][1];
                        int64_t rows = transpose ? nc : nr, cols = transpose ? nr : nc;
                        sp_host h = sp_random((mm_format)f, types[ty], nr, nc, 9, uniform);
                        size_t nx = (size_t)(cols * d), ny = (size_t)(rows * d);
                        double *x = malloc(nx * 8), *y0 = malloc(ny * 8);
                        for (size_t k = 0; k < nx; ++k)
                            x[k] = (double)(sp_next() % 10007) / 97.0;
                        for (size_t k = 0; k < ny; ++k)
                            y0[k] = (double)(sp_next() % 101) - 50.0;
                        void *hx = malloc(nx * 8), *hy0 = malloc(ny * 8);
                        sp_to_type(t, x, hx, cols * d);
                        sp_to_type(t, y0, hy0, rows * d);
                        for (int mi = 0; mi < 4; ++mi) {
                            void *out[3];
                            for (int run = 0; run < 3; ++run) {
                                mm_context c = ctx[run > 0];
                                mm_matrix A = sp_import(c, &h);
                                mm_dense X = NULL, Y = NULL;
                                MMT_OK(c, mm_dense_import(c, &X, cols, d, t, hx));
                                MMT_OK(c, mm_dense_import(c, &Y, rows, d, t, hy0));
                                MMT_OK(c, mm_spmv(c, &maps[mi], A, transpose, X, Y, mi % 2));
                                out[run] = malloc((size_t)(rows * d) * 8);
                                MMT_OK(c, mm_dense_export(Y, out[run]));
                                mm_dense_free(&X), mm_dense_free(&Y), mm_matrix_free(&A);
                            }
                            ck_assert_mem_eq(out[1], out[2], (size_t)(rows * d) * mm_type_size(t));
                            for (int64_t k = 0; k < rows * d; ++k) {
                                double a = sp_at(t, out[0], k), b = sp_at(t, out[1], k);
                                ck_assert_msg(
                                    fabs(a - b) <= (prec ? 1e-12 : 1e-6) * (fabs(a) + 1.0),
                                    "d %d uniform %d format %d type %d T=%d map %d: cpu "
                                    "%.17g cuda %.17g",
                                    (int)d, (int)uniform, f, (int)types[ty], transpose, mi, a, b);
                            }
                            free(out[0]), free(out[1]), free(out[2]);
                        }
                        free(x), free(y0), free(hx), free(hy0);
                        sp_free(&h);
                    }
    ck_assert_int_eq(mm_context_bytes_in_use(ctx[1], MM_MEMORY_DEVICE), 0);
    mm_context_free(&ctx[0]), mm_context_free(&ctx[1]);
}
END_TEST

int main(void)
{
    if (!mmt_cuda_available()) {
        printf("test_spmv_cuda: no CUDA device: skipped\n");
        return MMT_SKIP_EXIT;
    }
    Suite *s = suite_create("spmv_cuda");
    TCase *tc = tcase_create("cuda_equals_cpu");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, transposes_are_identical);
    tcase_add_test(tc, spmv_matches_the_cpu_and_is_stable);
    suite_add_tcase(s, tc);
    return mmt_run(s);
}
