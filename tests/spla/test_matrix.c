/* test_matrix.c: sparse matrix import/export in every format and value type
 * on the backend under test, the implicit (uniform) pointer, and every
 * refusal of bad input with the entry it names. */
#include <stdlib.h>
#include <string.h>

#include "test_util.h"

/* The 3 × 4 matrix, by hand:
 *   [ 1 . 4 . ]
 *   [ . 3 . 6 ]
 *   [ 2 . 5 . ]   CSC column pointer {0,2,3,5,6}, rows {0,2, 1, 0,2, 1}. */
static int64_t csc_ptr[] = {0, 2, 3, 5, 6};
static uint32_t csc_rows[] = {0, 2, 1, 0, 2, 1};
static double csc_vals[] = {1, 2, 3, 4, 5, 6};
/* The same matrix by rows: {0,2,4,6}, columns {0,2, 1,3, 0,2}, values {1,4, 3,6, 2,5}. */
static int64_t csr_ptr[] = {0, 2, 4, 6};
static uint32_t csr_cols[] = {0, 2, 1, 3, 0, 2};
static double csr_vals[] = {1, 4, 3, 6, 2, 5};

START_TEST(csc_float64_round_trips)
{
    mm_context ctx = mmt_context();
    mm_matrix A = NULL;
    mm_matrix_arrays in = {csc_ptr, csc_rows, NULL, csc_vals};
    MMT_OK(ctx, mm_matrix_import(ctx, &A, MM_FORMAT_CSC, MM_TYPE_FLOAT64, 3, 4, 6, &in));
    mm_matrix_info info;
    MMT_OK(ctx, mm_matrix_info_get(A, &info));
    ck_assert_int_eq(info.nrows, 3);
    ck_assert_int_eq(info.ncols, 4);
    ck_assert_int_eq(info.nnz, 6);
    ck_assert_int_eq(info.uniform, 0);
    ck_assert_int_eq(info.where, mmt_backend() == MM_BACKEND_CUDA ? MM_MEMORY_DEVICE
                                                                   : MM_MEMORY_HOST);
    int64_t ptr[5];
    uint32_t rows[6];
    double vals[6];
    mm_matrix_arrays out = {ptr, rows, NULL, vals};
    MMT_OK(ctx, mm_matrix_export(A, &out));
    ck_assert_mem_eq(ptr, csc_ptr, sizeof ptr);
    ck_assert_mem_eq(rows, csc_rows, sizeof rows);
    ck_assert_mem_eq(vals, csc_vals, sizeof vals);
    mm_matrix_free(&A);
    ck_assert_ptr_null(A);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(csr_int32_round_trips)
{
    mm_context ctx = mmt_context();
    int32_t ivals[6];
    for (int k = 0; k < 6; ++k) ivals[k] = (int32_t)csr_vals[k] - 10;
    mm_matrix A = NULL;
    mm_matrix_arrays in = {csr_ptr, NULL, csr_cols, ivals};
    MMT_OK(ctx, mm_matrix_import(ctx, &A, MM_FORMAT_CSR, MM_TYPE_INT32, 3, 4, 6, &in));
    int64_t ptr[4];
    uint32_t cols[6];
    int32_t vals[6];
    mm_matrix_arrays out = {ptr, NULL, cols, vals};
    MMT_OK(ctx, mm_matrix_export(A, &out));
    ck_assert_mem_eq(ptr, csr_ptr, sizeof ptr);
    ck_assert_mem_eq(cols, csr_cols, sizeof cols);
    ck_assert_mem_eq(vals, ivals, sizeof vals);
    mm_matrix_free(&A);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(coo_keeps_duplicates_in_order)
{
    mm_context ctx = mmt_context();
    uint32_t r[] = {2, 0, 2, 2}, c[] = {1, 0, 1, 3};
    float v[] = {0.5f, -1.0f, 0.25f, 3.0f};
    mm_matrix A = NULL;
    mm_matrix_arrays in = {NULL, r, c, v};
    MMT_OK(ctx, mm_matrix_import(ctx, &A, MM_FORMAT_COO, MM_TYPE_FLOAT32, 3, 4, 4, &in));
    uint32_t r2[4], c2[4];
    float v2[4];
    mm_matrix_arrays out = {NULL, r2, c2, v2};
    MMT_OK(ctx, mm_matrix_export(A, &out));
    ck_assert_mem_eq(r2, r, sizeof r);
    ck_assert_mem_eq(c2, c, sizeof c);
    ck_assert_mem_eq(v2, v, sizeof v);
    mm_matrix_free(&A);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(uniform_pattern_exports_its_implicit_pointer)
{
    mm_context ctx = mmt_context();
    /* Two quads sharing an edge: 6 vertices, columns (0 1 4 3) and (1 2 5 4). */
    uint32_t rows[] = {0, 1, 4, 3, 1, 2, 5, 4};
    mm_matrix M = NULL;
    MMT_OK(ctx, mm_matrix_import_uniform(ctx, &M, MM_FORMAT_CSC, MM_TYPE_PATTERN, 6, 2, 4, rows,
                                         NULL));
    mm_matrix_info info;
    MMT_OK(ctx, mm_matrix_info_get(M, &info));
    ck_assert_int_eq(info.uniform, 4);
    ck_assert_int_eq(info.nnz, 8);
    ck_assert_int_eq(info.type, MM_TYPE_PATTERN);
    int64_t ptr[3];
    uint32_t got[8];
    mm_matrix_arrays out = {ptr, got, NULL, NULL};
    MMT_OK(ctx, mm_matrix_export(M, &out));
    ck_assert_int_eq(ptr[0], 0);
    ck_assert_int_eq(ptr[1], 4);
    ck_assert_int_eq(ptr[2], 8);
    ck_assert_mem_eq(got, rows, sizeof rows);
    mm_matrix_free(&M);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(empty_shapes_are_allowed)
{
    mm_context ctx = mmt_context();
    int64_t ptr[6] = {0, 0, 0, 0, 0, 0};
    mm_matrix A = NULL;
    mm_matrix_arrays in = {ptr, NULL, NULL, NULL};
    MMT_OK(ctx, mm_matrix_import(ctx, &A, MM_FORMAT_CSC, MM_TYPE_FLOAT64, 0, 5, 0, &in));
    mm_matrix_free(&A);
    MMT_OK(ctx, mm_matrix_import(ctx, &A, MM_FORMAT_CSR, MM_TYPE_PATTERN, 5, 0, 0, &in));
    mm_matrix_free(&A);
    mm_matrix_arrays coo = {NULL, NULL, NULL, NULL};
    MMT_OK(ctx, mm_matrix_import(ctx, &A, MM_FORMAT_COO, MM_TYPE_PATTERN, 0, 0, 0, &coo));
    mm_matrix_free(&A);
    mm_matrix_free(NULL);
    mm_context_free(&ctx);
}
END_TEST

/* Imports with one thing wrong; each must fail with `want` and a message
 * containing `says`. */
static void refuse(mm_format f, mm_type t, int64_t nr, int64_t nc, int64_t nnz,
                   mm_matrix_arrays in, mm_status want, const char *says)
{
    mm_context ctx = mmt_context();
    mm_matrix A = NULL;
    ck_assert_int_eq(mm_matrix_import(ctx, &A, f, t, nr, nc, nnz, &in), want);
    ck_assert_ptr_null(A);
    ck_assert_msg(strstr(mm_last_error(ctx), says) != NULL, "message '%s' lacks '%s'",
                  mm_last_error(ctx), says);
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, MM_MEMORY_HOST), 0);
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, MM_MEMORY_DEVICE), 0);
    mm_context_free(&ctx);
}

START_TEST(bad_matrices_are_refused_naming_the_entry)
{
    int64_t p_start[] = {1, 2, 3, 5, 6}, p_down[] = {0, 2, 1, 5, 6}, p_end[] = {0, 2, 3, 5, 7};
    uint32_t r_big[] = {0, 2, 1, 0, 3, 1};
    mm_matrix_arrays ok = {csc_ptr, csc_rows, NULL, csc_vals};
    mm_matrix_arrays a = ok;
    a.ptr = p_start;
    refuse(MM_FORMAT_CSC, MM_TYPE_FLOAT64, 3, 4, 6, a, MM_ERR_INVALID_MATRIX, "ptr[0] is 1");
    a.ptr = p_down;
    refuse(MM_FORMAT_CSC, MM_TYPE_FLOAT64, 3, 4, 6, a, MM_ERR_INVALID_MATRIX, "column 1");
    a.ptr = p_end;
    refuse(MM_FORMAT_CSC, MM_TYPE_FLOAT64, 3, 4, 6, a, MM_ERR_INVALID_MATRIX, "ptr[4] is 7");
    a = ok;
    a.rows = r_big;
    refuse(MM_FORMAT_CSC, MM_TYPE_FLOAT64, 3, 4, 6, a, MM_ERR_INVALID_MATRIX, "entry 4 has row index 3");
    a = ok;
    a.values = NULL;
    refuse(MM_FORMAT_CSC, MM_TYPE_FLOAT64, 3, 4, 6, a, MM_ERR_INVALID_ARGUMENT, "values is NULL");
    a = ok;
    a.rows = NULL;
    refuse(MM_FORMAT_CSC, MM_TYPE_FLOAT64, 3, 4, 6, a, MM_ERR_INVALID_ARGUMENT, "NULL");
    refuse(MM_FORMAT_CSR, MM_TYPE_FLOAT64, 3, 4, 6, ok, MM_ERR_INVALID_ARGUMENT, "NULL");
    refuse((mm_format)9, MM_TYPE_FLOAT64, 3, 4, 6, ok, MM_ERR_INVALID_ARGUMENT, "format 9");
    refuse(MM_FORMAT_CSC, (mm_type)9, 3, 4, 6, ok, MM_ERR_INVALID_ARGUMENT, "type 9");
    refuse(MM_FORMAT_CSC, MM_TYPE_FLOAT64, -1, 4, 6, ok, MM_ERR_INVALID_ARGUMENT, "negative");
    refuse(MM_FORMAT_CSC, MM_TYPE_FLOAT64, (int64_t)1 << 32, 4, 6, ok, MM_ERR_OVERFLOW, "32-bit");
    mm_matrix_arrays coo = {NULL, csc_rows, csr_cols, NULL};
    refuse(MM_FORMAT_COO, MM_TYPE_PATTERN, 3, 3, 6, coo, MM_ERR_INVALID_MATRIX,
           "entry 3 has column index 3");
}
END_TEST

START_TEST(uniform_refuses_bad_order_and_overflow)
{
    mm_context ctx = mmt_context();
    uint32_t rows[] = {0, 1, 2, 7};
    mm_matrix M = NULL;
    ck_assert_int_eq(mm_matrix_import_uniform(ctx, &M, MM_FORMAT_COO, MM_TYPE_PATTERN, 8, 1, 4,
                                              rows, NULL), MM_ERR_INVALID_ARGUMENT);
    ck_assert_int_eq(mm_matrix_import_uniform(ctx, &M, MM_FORMAT_CSC, MM_TYPE_PATTERN, 8, 1, 0,
                                              rows, NULL), MM_ERR_INVALID_ARGUMENT);
    ck_assert_int_eq(mm_matrix_import_uniform(ctx, &M, MM_FORMAT_CSC, MM_TYPE_PATTERN, 7, 1, 4,
                                              rows, NULL), MM_ERR_INVALID_MATRIX);
    ck_assert_ptr_nonnull(strstr(mm_last_error(ctx), "entry 3 has row index 7"));
    ck_assert_int_eq(mm_matrix_import_uniform(ctx, &M, MM_FORMAT_CSC, MM_TYPE_PATTERN, 8,
                                              UINT32_MAX, INT64_MAX / 2, rows, NULL),
                     MM_ERR_OVERFLOW);
    ck_assert_ptr_null(M);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(export_needs_the_format_arrays)
{
    mm_context ctx = mmt_context();
    mm_matrix A = NULL;
    mm_matrix_arrays in = {csc_ptr, csc_rows, NULL, csc_vals};
    MMT_OK(ctx, mm_matrix_import(ctx, &A, MM_FORMAT_CSC, MM_TYPE_FLOAT64, 3, 4, 6, &in));
    int64_t ptr[5];
    mm_matrix_arrays out = {ptr, NULL, NULL, NULL};
    ck_assert_int_eq(mm_matrix_export(A, &out), MM_ERR_INVALID_ARGUMENT);
    ck_assert_ptr_nonnull(strstr(mm_last_error(ctx), "CSC"));
    ck_assert_int_eq(mm_matrix_export(NULL, &out), MM_ERR_INVALID_ARGUMENT);
    mm_matrix_free(&A);
    mm_context_free(&ctx);
}
END_TEST

static mm_status import_csc(mm_context ctx, void *arg)
{
    (void)arg;
    mm_matrix A = NULL;
    mm_matrix_arrays in = {csc_ptr, csc_rows, NULL, csc_vals};
    mm_status st = mm_matrix_import(ctx, &A, MM_FORMAT_CSC, MM_TYPE_FLOAT64, 3, 4, 6, &in);
    ck_assert(st == MM_OK ? A != NULL : A == NULL);
    mm_matrix_free(&A);
    return st;
}

START_TEST(every_allocation_failure_is_clean)
{
    mm_context ctx = mmt_context();
    ck_assert_int_ge(mmt_sweep_allocations(ctx, import_csc, NULL), 3); /* ptr, rows, values */
    mm_context_free(&ctx);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("matrix");
    TCase *tc = tcase_create("import_export");
    tcase_add_test(tc, csc_float64_round_trips);
    tcase_add_test(tc, csr_int32_round_trips);
    tcase_add_test(tc, coo_keeps_duplicates_in_order);
    tcase_add_test(tc, uniform_pattern_exports_its_implicit_pointer);
    tcase_add_test(tc, empty_shapes_are_allowed);
    tcase_add_test(tc, bad_matrices_are_refused_naming_the_entry);
    tcase_add_test(tc, uniform_refuses_bad_order_and_overflow);
    tcase_add_test(tc, export_needs_the_format_arrays);
    tcase_add_test(tc, every_allocation_failure_is_clean);
    suite_add_tcase(s, tc);
    return mmt_run(s);
}
