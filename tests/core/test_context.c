/* test_context.c: contexts (backend choice, device availability), status
 * strings, error messages, memory accounting and stage timers. */
#include <string.h>

#include "core/memory.h"
#include "core/timer.h"
#include "test_util.h"

START_TEST(cpu_context_reports_cpu)
{
    mm_context ctx = mmt_context_on(MM_BACKEND_CPU);
    ck_assert_ptr_nonnull(ctx);
    ck_assert_int_eq(mm_context_backend(ctx), MM_BACKEND_CPU);
    ck_assert_str_eq(mm_context_device_name(ctx), "CPU");
    ck_assert_str_eq(mm_last_error(ctx), "");
    MMT_OK(ctx, mm_context_synchronize(ctx));
    mm_context_free(&ctx);
    ck_assert_ptr_null(ctx);
}
END_TEST

START_TEST(auto_context_picks_cuda_only_with_a_device)
{
    mm_context ctx = mmt_context_on(MM_BACKEND_AUTO);
    ck_assert_ptr_nonnull(ctx);
    ck_assert_int_eq(mm_context_backend(ctx),
                     mm_cuda_available() ? MM_BACKEND_CUDA : MM_BACKEND_CPU);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(cuda_context_without_device_is_refused)
{
    mm_context_options o = mm_context_options_default();
    o.backend = MM_BACKEND_CUDA;
    mm_context ctx = NULL;
    mm_status st = mm_context_new(&ctx, &o);
    if (mm_cuda_available()) {
        ck_assert_int_eq(st, MM_OK);
        ck_assert_int_eq(mm_context_backend(ctx), MM_BACKEND_CUDA);
        ck_assert_str_ne(mm_context_device_name(ctx), "");
        mm_context_free(&ctx);
        o.device = 1 << 20; /* no machine has this many devices */
        ck_assert_int_eq(mm_context_new(&ctx, &o), MM_ERR_NO_DEVICE);
    } else {
        ck_assert_int_eq(st, MM_ERR_NO_DEVICE);
    }
    ck_assert_ptr_null(ctx);
}
END_TEST

START_TEST(bad_backend_is_an_invalid_argument)
{
    mm_context_options o = mm_context_options_default();
    o.backend = (mm_backend)7;
    mm_context ctx = NULL;
    ck_assert_int_eq(mm_context_new(&ctx, &o), MM_ERR_INVALID_ARGUMENT);
    ck_assert_ptr_null(ctx);
    ck_assert_int_eq(mm_context_new(NULL, NULL), MM_ERR_INVALID_ARGUMENT);
}
END_TEST

START_TEST(every_status_has_distinct_text)
{
    const mm_status all[] = {MM_OK, MM_ERR_INVALID_ARGUMENT, MM_ERR_OUT_OF_MEMORY, MM_ERR_OVERFLOW,
                             MM_ERR_IO, MM_ERR_PARSE, MM_ERR_INVALID_MESH, MM_ERR_INVALID_MATRIX,
                             MM_ERR_NO_DEVICE, MM_ERR_CUDA, MM_ERR_FORMAT, MM_ERR_JIT};
    const int n = (int)(sizeof all / sizeof all[0]);
    for (int i = 0; i < n; ++i) {
        ck_assert_ptr_nonnull(strstr(mm_status_string(all[i]), "MM_"));
        for (int j = 0; j < i; ++j)
            ck_assert_str_ne(mm_status_string(all[i]), mm_status_string(all[j]));
    }
    ck_assert_str_eq(mm_status_string((mm_status)-99), "unknown mm_status");
}
END_TEST

START_TEST(error_message_names_the_public_function)
{
    mm_context ctx = mmt_context();
    mm_dense X = NULL;
    ck_assert_int_eq(mm_dense_new(ctx, &X, 4, 3, MM_TYPE_INT32), MM_ERR_INVALID_ARGUMENT);
    ck_assert_ptr_null(X);
    ck_assert_msg(strncmp(mm_last_error(ctx), "mm_dense_new: ", 14) == 0, "got '%s'",
                  mm_last_error(ctx));
    mm_context_free(&ctx);
}
END_TEST

START_TEST(memory_is_accounted_current_and_peak)
{
    mm_context ctx = mmt_context();
    mm_memory where = mm_context_backend(ctx) == MM_BACKEND_CUDA ? MM_MEMORY_DEVICE : MM_MEMORY_HOST;
    int64_t base = mm_context_bytes_in_use(ctx, where);
    mm_dense A = NULL, B = NULL;
    MMT_OK(ctx, mm_dense_new(ctx, &A, 10, 3, MM_TYPE_FLOAT64)); /* 240 bytes */
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, where), base + 240);
    MMT_OK(ctx, mm_dense_new(ctx, &B, 5, 2, MM_TYPE_FLOAT32)); /* 40 bytes */
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, where), base + 280);
    mm_dense_free(&A);
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, where), base + 40);
    ck_assert_int_eq(mm_context_peak_bytes(ctx, where), base + 280);
    mm_context_reset_peak(ctx);
    ck_assert_int_eq(mm_context_peak_bytes(ctx, where), base + 40);
    mm_dense_free(&B);
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, where), base);
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, (mm_memory)5), 0);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(allocation_hook_fails_cleanly)
{
    mm_context ctx = mmt_context();
    mm_dense X = NULL;
    mmi_test_fail_alloc_after(ctx, 0);
    ck_assert_int_eq(mm_dense_new(ctx, &X, 8, 3, MM_TYPE_FLOAT32), MM_ERR_OUT_OF_MEMORY);
    ck_assert_ptr_null(X);
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, MM_MEMORY_HOST), 0);
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, MM_MEMORY_DEVICE), 0);
    mmi_test_fail_alloc_after(ctx, -1);
    MMT_OK(ctx, mm_dense_new(ctx, &X, 8, 3, MM_TYPE_FLOAT32));
    mm_dense_free(&X);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(stages_are_recorded_only_with_timing)
{
    mm_context_options o = mm_context_options_default();
    o.backend = mmt_backend();
    mm_context plain = NULL, timed = NULL;
    MMT_OK(plain, mm_context_new(&plain, &o));
    ck_assert_int_eq(mmi_stage_begin(plain, "nothing"), -1);
    ck_assert_int_eq(mm_context_stage_count(plain), 0);
    o.timing = 1;
    MMT_OK(timed, mm_context_new(&timed, &o));
    int a = mmi_stage_begin(timed, "first");
    int b = mmi_stage_begin(timed, "second");
    mmi_stage_end(timed, b);
    mmi_stage_end(timed, a);
    ck_assert_int_eq(mm_context_stage_count(timed), 2);
    const char *name;
    double ms_a, ms_b;
    MMT_OK(timed, mm_context_stage(timed, 0, &name, &ms_a));
    ck_assert_str_eq(name, "first");
    MMT_OK(timed, mm_context_stage(timed, 1, &name, &ms_b));
    ck_assert_str_eq(name, "second");
    ck_assert(ms_a >= ms_b && ms_b >= 0.0); /* the outer stage encloses the inner one */
    ck_assert_int_eq(mm_context_stage(timed, 2, &name, &ms_a), MM_ERR_INVALID_ARGUMENT);
    ck_assert_ptr_nonnull(strstr(mm_last_error(timed), "stage 2"));
    mm_context_clear_stages(timed);
    ck_assert_int_eq(mm_context_stage_count(timed), 0);
    mm_context_free(&plain);
    mm_context_free(&timed);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("context");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, cpu_context_reports_cpu);
    tcase_add_test(tc, auto_context_picks_cuda_only_with_a_device);
    tcase_add_test(tc, cuda_context_without_device_is_refused);
    tcase_add_test(tc, bad_backend_is_an_invalid_argument);
    tcase_add_test(tc, every_status_has_distinct_text);
    tcase_add_test(tc, error_message_names_the_public_function);
    tcase_add_test(tc, memory_is_accounted_current_and_peak);
    tcase_add_test(tc, allocation_hook_fails_cleanly);
    tcase_add_test(tc, stages_are_recorded_only_with_timing);
    suite_add_tcase(s, tc);
    return mmt_run(s);
}
