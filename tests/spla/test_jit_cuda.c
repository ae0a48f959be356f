/* test_jit_cuda.c: user maps compiled by NVRTC on the CUDA backend (ops.h,
 * src/spla/jit_cuda.cu): the source's results against the host function on
 * the CPU backend and a dense reference, compiler errors as MM_ERR_JIT with
 * the log, the in-memory and the disk cache (seen through the stage names),
 * and the refusals. Without a GPU the whole executable reports itself
 * skipped (exit 77); the device-free parts are in test_jit.c. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "spla_testing.h"

/* μ(a) = a² for a > 1, else 1 / (1 + c), in several statements (math, branches). */
static double branchy(double a, double b, int64_t c, const void *data)
{
    (void)b, (void)data;
    return a > 1.0 ? pow(a, 2.0) : 1.0 / (1.0 + (double)c);
}
static const char branchy_source[] =
    "double r;\n"
    "if (a > 1.0) r = pow(a, 2.0);\n"
    "else r = 1.0 / (1.0 + (double)c);\n"
    "return r;\n";

static mm_context timed_cuda_context(void)
{
    mm_context_options o = mm_context_options_default();
    o.backend = MM_BACKEND_CUDA;
    o.timing = 1;
    mm_context ctx = NULL;
    ck_assert_int_eq(mm_context_new(&ctx, &o), MM_OK);
    return ctx;
}

/* How many recorded stages are called name. */
static int stages_named(mm_context ctx, const char *name)
{
    int n = 0;
    for (int i = 0; i < mm_context_stage_count(ctx); ++i) {
        const char *s;
        double ms;
        MMT_OK(ctx, mm_context_stage(ctx, i, &s, &ms));
        n += strcmp(s, name) == 0;
    }
    return n;
}

/* A fresh cache folder for this test (MESHMAT_JIT_CACHE). */
static void fresh_cache(char *dir)
{
    strcpy(dir, "/tmp/meshmat-jit-cuda-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
    setenv("MESHMAT_JIT_CACHE", dir, 1);
}

static int files_in(const char *dir, char *last, size_t n)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    int count = 0;
    while (d != NULL && (e = readdir(d)) != NULL)
        if (e->d_name[0] != '.') count += snprintf(last, n, "%s/%s", dir, e->d_name) > 0;
    if (d != NULL) closedir(d);
    return count;
}

START_TEST(cuda_source_equals_cpu_function_and_reference)
{
    mm_context cpu = mmt_context_on(MM_BACKEND_CPU), gpu = mmt_context_on(MM_BACKEND_CUDA);
    mm_map maps[2] = {
        {MM_MAP_USER, NULL, 0, {0}, 0, sp_user_map, NULL, sp_user_map_source},
        {MM_MAP_USER, NULL, 0, {0}, 0, branchy, NULL, branchy_source}};
    const mm_type types[] = {MM_TYPE_PATTERN, MM_TYPE_INT32, MM_TYPE_FLOAT64};
    char dir[64];
    fresh_cache(dir);
    sp_seed(37);
    for (int f = MM_FORMAT_CSC; f <= MM_FORMAT_COO; ++f)
        for (int ty = 0; ty < 3; ++ty)
            for (int transpose = 0; transpose < 2; ++transpose)
                for (int u = 0; u < 2; ++u) {
                    if (u && f == MM_FORMAT_COO) continue;
                    sp_host h = sp_random((mm_format)f, types[ty], 700, 500, 9, u ? 4 : 0);
                    int64_t d = 1 + 2 * u, rows = transpose ? h.nc : h.nr;
                    int64_t cols = transpose ? h.nr : h.nc;
                    double *x = malloc((size_t)(cols * d) * 8);
                    double *ref = malloc((size_t)(rows * d) * 8);
                    double *mag = malloc((size_t)(rows * d) * 8);
                    for (int64_t k = 0; k < cols * d; ++k) x[k] = (double)(sp_next() % 1001) / 37.0;
                    for (int mi = 0; mi < 2; ++mi) {
                        double *y_cpu = NULL, *y_gpu = NULL;
                        MMT_OK(cpu, sp_spmv_f64(cpu, &maps[mi], &h, transpose, d, x, &y_cpu));
                        MMT_OK(gpu, sp_spmv_f64(gpu, &maps[mi], &h, transpose, d, x, &y_gpu));
                        sp_reference(&h, transpose, &maps[mi], d, x, NULL, 0, ref, mag);
                        for (int64_t k = 0; k < rows * d; ++k) {
                            ck_assert_msg(fabs(y_gpu[k] - y_cpu[k]) <= 1e-12 * (mag[k] + 1.0),
                                          "map %d format %d type %d T=%d u=%d at %lld: cuda "
                                          "%.17g cpu %.17g", mi, f, (int)types[ty], transpose,
                                          u, (long long)k, y_gpu[k], y_cpu[k]);
                            ck_assert_msg(fabs(y_gpu[k] - ref[k]) <= 1e-12 * (mag[k] + 1.0),
                                          "map %d at %lld: cuda %.17g reference %.17g", mi,
                                          (long long)k, y_gpu[k], ref[k]);
                        }
                        free(y_cpu), free(y_gpu);
                    }
                    free(x), free(ref), free(mag);
                    sp_free(&h);
                }
    ck_assert_int_eq(mm_context_bytes_in_use(gpu, MM_MEMORY_DEVICE), 0);
    mm_context_free(&cpu), mm_context_free(&gpu);
}
END_TEST

static void expect_jit_error(mm_context ctx, const char *source, const char *text)
{
    mm_map m = {MM_MAP_USER, NULL, 0, {0}, 0, NULL, NULL, source};
    sp_host h = sp_random(MM_FORMAT_CSC, MM_TYPE_FLOAT64, 5, 4, 3, 0);
    double x[4] = {1, 2, 3, 4}, *y = NULL;
    mm_status st = sp_spmv_f64(ctx, &m, &h, 0, 1, x, &y);
    ck_assert_msg(st == MM_ERR_JIT, "source '%s' gave %s", source, mm_status_string(st));
    ck_assert_msg(strstr(mm_last_error(ctx), text) != NULL, "'%s' lacks '%s'",
                  mm_last_error(ctx), text);
    ck_assert_ptr_nonnull(strstr(mm_last_error(ctx), "mm_spmv: user map source failed to compile"));
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, MM_MEMORY_DEVICE), 0);
    sp_free(&h);
}

START_TEST(bad_source_gives_the_compiler_log)
{
    setenv("MESHMAT_JIT_CACHE", "", 1);
    mm_context ctx = mmt_context_on(MM_BACKEND_CUDA);
    expect_jit_error(ctx, "return a * ;", "user_map(1): error");
    expect_jit_error(ctx, "double t = a;\nreturn t + no_such_name;", "no_such_name");
    expect_jit_error(ctx, "double t = a;\nreturn t + no_such_name;", "user_map(2)");
    expect_jit_error(ctx, "\n\nreturn \"text\";", "user_map(3): error");
    mm_context_free(&ctx);
}
END_TEST

START_TEST(second_call_hits_the_memory_cache)
{
    setenv("MESHMAT_JIT_CACHE", "", 1);
    mm_context ctx = timed_cuda_context();
    mm_map m = {MM_MAP_USER, NULL, 0, {0}, 0, NULL, NULL, sp_user_map_source};
    sp_host h = sp_random(MM_FORMAT_CSR, MM_TYPE_FLOAT64, 50, 40, 6, 0);
    double x[40], *y1 = NULL, *y2 = NULL;
    for (int k = 0; k < 40; ++k) x[k] = k - 7.5;
    MMT_OK(ctx, sp_spmv_f64(ctx, &m, &h, 0, 1, x, &y1));
    ck_assert_int_eq(stages_named(ctx, "jit_compile"), 1);
    ck_assert_int_eq(stages_named(ctx, "jit_memory_hit"), 0);
    mm_context_clear_stages(ctx);
    MMT_OK(ctx, sp_spmv_f64(ctx, &m, &h, 1, 1, x, &y2)); /* other direction, same map */
    free(y2);
    MMT_OK(ctx, sp_spmv_f64(ctx, &m, &h, 0, 1, x, &y2));
    ck_assert_int_eq(stages_named(ctx, "jit_compile"), 0);
    ck_assert_int_eq(stages_named(ctx, "jit_memory_hit"), 2);
    ck_assert_mem_eq(y1, y2, 50 * sizeof(double));
    /* Other source is another program. */
    m.source = branchy_source;
    mm_context_clear_stages(ctx);
    free(y2);
    MMT_OK(ctx, sp_spmv_f64(ctx, &m, &h, 0, 1, x, &y2));
    ck_assert_int_eq(stages_named(ctx, "jit_compile"), 1);
    free(y1), free(y2);
    sp_free(&h);
    mm_context_free(&ctx);
}
END_TEST

/* Overwrites the start of the image (after the program text's NUL): a file
 * that does not load must be a miss, compiled and stored again. */
static void damage_image(const char *file)
{
    FILE *f = fopen(file, "r+b");
    ck_assert_ptr_nonnull(f);
    int c;
    while ((c = fgetc(f)) != EOF && c != 0) continue;
    ck_assert_int_eq(c, 0);
    fseek(f, 0, SEEK_CUR);
    fputs("not an ELF image", f);
    fclose(f);
}

START_TEST(fresh_context_hits_the_disk_cache)
{
    char dir[64], file[256];
    fresh_cache(dir);
    mm_map m = {MM_MAP_USER, NULL, 0, {0}, 0, NULL, NULL, branchy_source};
    sp_host h = sp_random(MM_FORMAT_CSC, MM_TYPE_PATTERN, 60, 30, 5, 0);
    double x[60], *y[3] = {NULL, NULL, NULL};
    for (int k = 0; k < 60; ++k) x[k] = 0.25 * k;
    const char *expect[3] = {"jit_compile", "jit_disk_hit", "jit_compile"};
    for (int run = 0; run < 3; ++run) {
        if (run == 2) damage_image(file);
        mm_context ctx = timed_cuda_context();
        MMT_OK(ctx, sp_spmv_f64(ctx, &m, &h, 1, 1, x, &y[run]));
        ck_assert_msg(stages_named(ctx, expect[run]) == 1, "run %d: no stage %s", run,
                      expect[run]);
        ck_assert_int_eq(files_in(dir, file, sizeof file), 1);
        ck_assert_ptr_nonnull(strstr(file, ".jit"));
        mm_context_free(&ctx);
    }
    ck_assert_mem_eq(y[0], y[1], 30 * sizeof(double));
    ck_assert_mem_eq(y[0], y[2], 30 * sizeof(double));
    free(y[0]), free(y[1]), free(y[2]);
    sp_free(&h);
    remove(file);
    rmdir(dir);
}
END_TEST

START_TEST(cuda_refuses_unusable_user_maps)
{
    mm_context ctx = mmt_context_on(MM_BACKEND_CUDA);
    mm_map m = {MM_MAP_USER, NULL, 0, {0}, 0, sp_user_map, NULL, NULL};
    sp_host h = sp_random(MM_FORMAT_CSC, MM_TYPE_FLOAT64, 5, 4, 3, 0);
    double x[4] = {1, 2, 3, 4}, *y = NULL;
    ck_assert_int_eq(sp_spmv_f64(ctx, &m, &h, 0, 1, x, &y), MM_ERR_INVALID_ARGUMENT);
    ck_assert_ptr_nonnull(strstr(mm_last_error(ctx), "map USER on the CUDA backend needs source"));
    m.source = "\n";
    ck_assert_int_eq(sp_spmv_f64(ctx, &m, &h, 0, 1, x, &y), MM_ERR_INVALID_ARGUMENT);
    ck_assert_ptr_nonnull(strstr(mm_last_error(ctx), "blank source"));
    m.user = NULL;
    m.source = NULL;
    ck_assert_int_eq(sp_spmv_f64(ctx, &m, &h, 0, 1, x, &y), MM_ERR_INVALID_ARGUMENT);
    ck_assert_ptr_nonnull(strstr(mm_last_error(ctx), "neither a host function nor source"));
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, MM_MEMORY_DEVICE), 0);
    sp_free(&h);
    mm_context_free(&ctx);
}
END_TEST

int main(void)
{
    if (!mmt_cuda_available()) {
        printf("test_jit_cuda: no CUDA device: skipped\n");
        return MMT_SKIP_EXIT;
    }
    Suite *s = suite_create("jit_cuda");
    TCase *tc = tcase_create("nvrtc");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, cuda_source_equals_cpu_function_and_reference);
    tcase_add_test(tc, bad_source_gives_the_compiler_log);
    tcase_add_test(tc, second_call_hits_the_memory_cache);
    tcase_add_test(tc, fresh_context_hits_the_disk_cache);
    tcase_add_test(tc, cuda_refuses_unusable_user_maps);
    suite_add_tcase(s, tc);
    return mmt_run(s);
}
