/* test_dense_ops.c: mm_dense_fill and mm_dense_scale_add (meshmat/dense_ops.h)
 * on the backend under test: the header's example, both precisions, w of
 * either type or NULL, aliasing X = Y, and bad input. */
#include <string.h>

#include "test_util.h"

START_TEST(header_example_and_fill)
{
    mm_context ctx = mmt_context();
    mm_type t = _i ? MM_TYPE_FLOAT32 : MM_TYPE_FLOAT64;
    static const double wv[] = {0.5, 0.25}, xv[] = {2, 4, 4, 8};
    static const float xf[] = {2, 4, 4, 8};
    mm_dense w = NULL, X = NULL, Y = NULL;
    MMT_OK(ctx, mm_dense_import(ctx, &w, 2, 1, MM_TYPE_FLOAT64, wv));
    MMT_OK(ctx, mm_dense_import(ctx, &X, 2, 2, t, _i ? (const void *)xf : (const void *)xv));
    MMT_OK(ctx, mm_dense_new(ctx, &Y, 2, 2, t));
    MMT_OK(ctx, mm_dense_fill(ctx, Y, 1.0));
    MMT_OK(ctx, mm_dense_scale_add(ctx, w, X, 1.0, Y));
    double y[4];
    float yf[4];
    MMT_OK(ctx, mm_dense_export(Y, _i ? (void *)yf : (void *)y));
    for (int k = 0; _i && k < 4; ++k) y[k] = yf[k];
    ck_assert(y[0] == 2 && y[1] == 3 && y[2] == 2 && y[3] == 3);
    /* X = Y, w NULL, beta 2: Y = 3 Y. */
    MMT_OK(ctx, mm_dense_scale_add(ctx, NULL, Y, 2.0, Y));
    MMT_OK(ctx, mm_dense_export(Y, _i ? (void *)yf : (void *)y));
    for (int k = 0; _i && k < 4; ++k) y[k] = yf[k];
    ck_assert(y[0] == 6 && y[1] == 9 && y[2] == 6 && y[3] == 9);
    mm_dense_free(&w), mm_dense_free(&X), mm_dense_free(&Y);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(bad_input_is_refused)
{
    mm_context ctx = mmt_context();
    mm_dense X = NULL, Y = NULL, Z = NULL, w = NULL;
    MMT_OK(ctx, mm_dense_new(ctx, &X, 3, 2, MM_TYPE_FLOAT64));
    MMT_OK(ctx, mm_dense_new(ctx, &Y, 3, 2, MM_TYPE_FLOAT32));
    MMT_OK(ctx, mm_dense_new(ctx, &Z, 4, 2, MM_TYPE_FLOAT64));
    MMT_OK(ctx, mm_dense_new(ctx, &w, 3, 2, MM_TYPE_FLOAT64));
    ck_assert_int_eq(mm_dense_fill(ctx, NULL, 1.0), MM_ERR_INVALID_ARGUMENT);
    ck_assert_int_eq(mm_dense_fill(NULL, X, 1.0), MM_ERR_INVALID_ARGUMENT);
    ck_assert_int_eq(mm_dense_scale_add(ctx, NULL, X, 0.0, Y), MM_ERR_INVALID_ARGUMENT);
    ck_assert_int_eq(mm_dense_scale_add(ctx, NULL, X, 0.0, Z), MM_ERR_INVALID_ARGUMENT);
    ck_assert_int_eq(mm_dense_scale_add(ctx, w, X, 0.0, X), MM_ERR_INVALID_ARGUMENT);
    ck_assert(strstr(mm_last_error(ctx), "w is 3 × 2") != NULL);
    ck_assert_int_eq(mm_dense_scale_add(ctx, NULL, NULL, 0.0, X), MM_ERR_INVALID_ARGUMENT);
    mm_dense_free(&X), mm_dense_free(&Y), mm_dense_free(&Z), mm_dense_free(&w);
    mm_context_free(&ctx);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("dense_ops");
    TCase *tc = tcase_create("dense_ops");
    tcase_add_loop_test(tc, header_example_and_fill, 0, 2);
    tcase_add_test(tc, bad_input_is_refused);
    suite_add_tcase(s, tc);
    return mmt_run(s);
}
