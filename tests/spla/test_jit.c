/* test_jit.c: user maps and lambdas on the CPU backend and the parts of the
 * NVRTC path that need no device (ops.h, src/spla/jit.h): the host function
 * against a dense reference, the refusals of mm_spmv and mm_spgemm (source
 * without a host function on the CPU, neither, blank source), MM_ERR_JIT's
 * text, the program texts, NVRTC compiling the SpGEMM program with the
 * embedded headers (no device needed), and the disk cache: folder choice,
 * round trip, misses and errors that only skip it. The device side is
 * test_jit_cuda.c. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#ifdef MESHMAT_HAVE_CUDA
#include <nvrtc.h>
#endif

#include "spgemm_reference.h"
#include "spla/jit.h"
#include "spla_testing.h"

START_TEST(cpu_user_map_matches_dense_reference)
{
    mm_context ctx = mmt_context_on(MM_BACKEND_CPU);
    mm_map m = {MM_MAP_USER, NULL, 0, {0}, 0, sp_user_map, NULL, sp_user_map_source};
    const mm_type types[] = {MM_TYPE_PATTERN, MM_TYPE_INT32, MM_TYPE_FLOAT64};
    sp_seed(31);
    for (int f = MM_FORMAT_CSC; f <= MM_FORMAT_COO; ++f)
        for (int ty = 0; ty < 3; ++ty)
            for (int transpose = 0; transpose < 2; ++transpose) {
                sp_host h = sp_random((mm_format)f, types[ty], 40, 30, 7, 0);
                int64_t d = 3, rows = transpose ? h.nc : h.nr, cols = transpose ? h.nr : h.nc;
                double *x = malloc((size_t)(cols * d) * 8), *y = NULL;
                double *ref = malloc((size_t)(rows * d) * 8), *mag = malloc((size_t)(rows * d) * 8);
                for (int64_t k = 0; k < cols * d; ++k) x[k] = (double)(sp_next() % 1001) / 37.0;
                MMT_OK(ctx, sp_spmv_f64(ctx, &m, &h, transpose, d, x, &y));
                sp_reference(&h, transpose, &m, d, x, NULL, 0, ref, mag);
                for (int64_t k = 0; k < rows * d; ++k)
                    ck_assert_msg(fabs(y[k] - ref[k]) <= 1e-12 * (mag[k] + 1.0),
                                  "format %d type %d T=%d at %lld: %.17g, reference %.17g", f,
                                  (int)types[ty], transpose, (long long)k, y[k], ref[k]);
                free(x), free(y), free(ref), free(mag);
                sp_free(&h);
            }
    mm_context_free(&ctx);
}
END_TEST

static void expect_refusal(mm_context ctx, const mm_map *m, const char *text)
{
    sp_host h = sp_random(MM_FORMAT_CSC, MM_TYPE_FLOAT64, 5, 4, 3, 0);
    double x[4] = {1, 2, 3, 4}, *y = NULL;
    ck_assert_int_eq(sp_spmv_f64(ctx, m, &h, 0, 1, x, &y), MM_ERR_INVALID_ARGUMENT);
    ck_assert_msg(strstr(mm_last_error(ctx), text) != NULL, "'%s' lacks '%s'",
                  mm_last_error(ctx), text);
    ck_assert_ptr_null(y);
    sp_free(&h);
}

START_TEST(cpu_refuses_unusable_user_maps)
{
    mm_context ctx = mmt_context_on(MM_BACKEND_CPU);
    mm_map m = {MM_MAP_USER, NULL, 0, {0}, 0, NULL, NULL, NULL};
    expect_refusal(ctx, &m, "mm_spmv: map USER has neither a host function nor source");
    m.source = sp_user_map_source;
    expect_refusal(ctx, &m, "map USER on the CPU backend needs a host function");
    m.user = sp_user_map;
    m.source = "";
    expect_refusal(ctx, &m, "map USER has blank source");
    m.source = " \n\t ";
    expect_refusal(ctx, &m, "map USER has blank source");
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, MM_MEMORY_HOST), 0);
    mm_context_free(&ctx);
}
END_TEST

static double lambda_m_times_a(double m, uint32_t i, uint32_t j, uint32_t k, double a, double b,
                               const void *data)
{
    (void)i, (void)j, (void)k, (void)b, (void)data;
    return m * a;
}

START_TEST(cpu_spgemm_refuses_unusable_user_functions)
{
    mm_context ctx = mmt_context_on(MM_BACKEND_CPU);
    mm_spgemm_op op = {{MM_MAP_ONE, NULL, 0, {0}, 0, NULL, NULL, NULL},
                       {MM_LAMBDA_USER, NULL, NULL, NULL}, MM_REDUCE_SUM, MM_MASK_NONE,
                       MM_TYPE_FLOAT64};
    expect_spgemm_refusal(ctx, &op, "mm_spgemm: lambda USER has neither a host function nor "
                                    "source");
    op.lambda.source = "return m * a;";
    expect_spgemm_refusal(ctx, &op, "lambda USER on the CPU backend needs a host function");
    op.lambda.user = lambda_m_times_a;
    op.lambda.source = " \n\t";
    expect_spgemm_refusal(ctx, &op, "lambda USER has blank source");
    op.lambda.source = "return m * a;";
    op.map = (mm_map){MM_MAP_USER, NULL, 0, {0}, 0, NULL, NULL, sp_user_map_source};
    expect_spgemm_refusal(ctx, &op, "map USER on the CPU backend needs a host function");
    op.map.source = "";
    op.map.user = sp_user_map;
    expect_spgemm_refusal(ctx, &op, "map USER has blank source");
    /* Both host functions (with or without source) run on the CPU. */
    op.map.source = NULL;
    sp_host hA = sp_random(MM_FORMAT_CSC, MM_TYPE_FLOAT64, 9, 7, 4, 0);
    sp_host hB = sp_random(MM_FORMAT_CSC, MM_TYPE_FLOAT64, 7, 8, 4, 0);
    mm_matrix A = sp_import(ctx, &hA), B = sp_import(ctx, &hB);
    check_product(ctx, &op, &hA, &hB, A, B, "host map and lambda");
    mm_matrix_free(&A), mm_matrix_free(&B);
    sp_free(&hA), sp_free(&hB);
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, MM_MEMORY_HOST), 0);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(jit_status_has_its_text)
{
    ck_assert_str_eq(mm_status_string(MM_ERR_JIT), "MM_ERR_JIT: source failed to compile");
}
END_TEST

START_TEST(program_wraps_the_body)
{
    char *p = mmi_jit_map_program(sp_user_map_source, "sm_90, NVRTC 13.0");
    ck_assert_ptr_nonnull(p);
    ck_assert_ptr_nonnull(strstr(p, "sm_90, NVRTC 13.0"));
    ck_assert_ptr_nonnull(strstr(p, "double user_map(double a, double b, int64_t c)\n{\n"
                                    "#line 1 \"user_map\"\n"
                                    "return 2.0 * a + (double)c + b;\n}"));
    ck_assert_ptr_nonnull(strstr(p, "__global__ void " MMI_JIT_MAP_KERNEL "("));
    free(p);
}
END_TEST

START_TEST(spgemm_program_wraps_both_bodies)
{
    const char *target = "sm_90, NVRTC 13.0";
    char *both = mmi_jit_spgemm_program("return a - b;", "return m * a;", target);
    char *map_only = mmi_jit_spgemm_program("return a - b;", NULL, target);
    char *again = mmi_jit_spgemm_program("return a - b;", NULL, target);
    ck_assert_ptr_nonnull(both);
    ck_assert_ptr_nonnull(map_only);
    ck_assert_ptr_nonnull(again);
    ck_assert_ptr_nonnull(strstr(both, target));
    ck_assert_ptr_nonnull(strstr(both, "#include \"spgemm_kernels.cuh\""));
    ck_assert_ptr_nonnull(strstr(both, "double user_map(double a, double b, int64_t c)\n{\n"
                                       "#line 1 \"user_map\"\nreturn a - b;\n}"));
    ck_assert_ptr_nonnull(strstr(both, "double a, double b)\n{\n"
                                       "#line 1 \"user_lambda\"\nreturn m * a;\n}"));
    ck_assert_ptr_null(strstr(map_only, "#line 1 \"user_lambda\""));
    ck_assert_ptr_nonnull(strstr(both, "__global__ void " MMI_JIT_SPGEMM_COUNT "("));
    ck_assert_ptr_nonnull(strstr(both, "__global__ void " MMI_JIT_SPGEMM_SPILL "("));
    ck_assert_ptr_nonnull(strstr(both, "__global__ void " MMI_JIT_SPGEMM_FILL "("));
    ck_assert_str_eq(map_only, again); /* the text is the cache key */
    ck_assert_str_ne(map_only, both);
    free(both), free(map_only), free(again);
}
END_TEST

#ifdef MESHMAT_HAVE_CUDA
/* NVRTC's result for program (sm_90, the embedded headers), its log in log. */
static nvrtcResult nvrtc_compile(const char *program, char *log, size_t n)
{
    const char *const *texts, *const *names;
    int nheaders = mmi_jit_headers(&texts, &names);
    const char *options[] = {"--gpu-architecture=sm_90", MMI_JIT_NVRTC_OPTION};
    nvrtcProgram prog;
    size_t size = 0;
    ck_assert_int_eq(nvrtcCreateProgram(&prog, program, "user.cu", nheaders, texts, names),
                     NVRTC_SUCCESS);
    nvrtcResult r = nvrtcCompileProgram(prog, 2, options);
    ck_assert_int_eq(nvrtcGetProgramLogSize(prog, &size), NVRTC_SUCCESS);
    ck_assert_uint_le(size, n);
    ck_assert_int_eq(nvrtcGetProgramLog(prog, log), NVRTC_SUCCESS);
    nvrtcDestroyProgram(&prog);
    return r;
}

/* The headers embedded at build time are all the SpGEMM program needs. */
START_TEST(spgemm_program_compiles_with_the_embedded_headers)
{
    static char log[1 << 16];
    char *p = mmi_jit_spgemm_program("return a - b;", "return m * a + (double)(i + j + k);",
                                     "sm_90, NVRTC 13.0");
    nvrtcResult r = nvrtc_compile(p, log, sizeof log);
    if (r != NVRTC_SUCCESS) fprintf(stderr, "NVRTC's log:\n%s\n", log);
    ck_assert_int_eq(r, NVRTC_SUCCESS);
    free(p);
    p = mmi_jit_spgemm_program(NULL, "double t = m;\nreturn t +;", "sm_90, NVRTC 13.0");
    ck_assert_int_eq(nvrtc_compile(p, log, sizeof log), NVRTC_ERROR_COMPILATION);
    ck_assert_ptr_nonnull(strstr(log, "user_lambda(2): error"));
    free(p);
}
END_TEST
#endif

START_TEST(cache_folder_follows_the_environment)
{
    char dir[64];
    setenv("MESHMAT_JIT_CACHE", "/tmp/mine", 1);
    ck_assert(mmi_jit_cache_dir(dir, sizeof dir));
    ck_assert_str_eq(dir, "/tmp/mine");
    ck_assert(!mmi_jit_cache_dir(dir, 5)); /* does not fit */
    setenv("MESHMAT_JIT_CACHE", "", 1);
    ck_assert(!mmi_jit_cache_dir(dir, sizeof dir));
    unsetenv("MESHMAT_JIT_CACHE");
    setenv("XDG_CACHE_HOME", "/x", 1);
    ck_assert(mmi_jit_cache_dir(dir, sizeof dir));
    ck_assert_str_eq(dir, "/x/meshmat");
    unsetenv("XDG_CACHE_HOME");
    setenv("HOME", "/h", 1);
    ck_assert(mmi_jit_cache_dir(dir, sizeof dir));
    ck_assert_str_eq(dir, "/h/.cache/meshmat");
    unsetenv("HOME");
    ck_assert(!mmi_jit_cache_dir(dir, sizeof dir));
}
END_TEST

/* The one file in dir (a path into path), or 0 when there is not exactly one. */
static int only_file(const char *dir, char *path, size_t n)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    int count = 0;
    if (d == NULL) return 0;
    while ((e = readdir(d)) != NULL)
        if (e->d_name[0] != '.') count += snprintf(path, n, "%s/%s", dir, e->d_name) > 0;
    closedir(d);
    return count == 1;
}

START_TEST(disk_cache_round_trip_and_misses)
{
    char root[] = "/tmp/meshmat-jit-XXXXXX", dir[128], path[256];
    ck_assert_ptr_nonnull(mkdtemp(root));
    snprintf(dir, sizeof dir, "%s/a/b", root); /* folders made on the way */
    setenv("MESHMAT_JIT_CACHE", dir, 1);
    const char image[] = "\x7f" "ELF not really\0with a NUL";
    size_t bytes = 0;
    ck_assert_ptr_null(mmi_jit_disk_load("program one", &bytes));
    mmi_jit_disk_store("program one", image, sizeof image);
    ck_assert(only_file(dir, path, sizeof path));
    ck_assert_ptr_nonnull(strstr(path, ".jit"));
    void *back = mmi_jit_disk_load("program one", &bytes);
    ck_assert_ptr_nonnull(back);
    ck_assert_uint_eq(bytes, sizeof image);
    ck_assert_mem_eq(back, image, sizeof image);
    free(back);
    ck_assert_ptr_null(mmi_jit_disk_load("program two", &bytes));
    ck_assert_uint_eq(bytes, 0);
    /* A file whose text is not the program (a hash collision or damage) is a miss. */
    FILE *f = fopen(path, "wb");
    fputs("meshmat-jit 2\nprogram 0ne", f);
    fclose(f);
    ck_assert_ptr_null(mmi_jit_disk_load("program one", &bytes));
    /* The right program with a changed or cut image is a miss before any
     * loader sees it: one byte of the image flipped, then its last byte cut. */
    mmi_jit_disk_store("program one", image, sizeof image);
    long image_at = (long)(strlen("meshmat-jit 2\n") + sizeof "program one" + 8);
    f = fopen(path, "r+b");
    fseek(f, image_at + 3, SEEK_SET);
    fputc('e', f);
    fclose(f);
    ck_assert_ptr_null(mmi_jit_disk_load("program one", &bytes));
    mmi_jit_disk_store("program one", image, sizeof image);
    ck_assert_int_eq(truncate(path, image_at + (long)sizeof image - 1), 0);
    ck_assert_ptr_null(mmi_jit_disk_load("program one", &bytes));
    f = fopen(path, "wb");
    fclose(f);
    ck_assert_ptr_null(mmi_jit_disk_load("program one", &bytes));
    remove(path);
    /* An unusable folder only skips the cache. */
    snprintf(dir, sizeof dir, "%s/file", root);
    f = fopen(dir, "wb");
    fclose(f);
    snprintf(path, sizeof path, "%s/below", dir);
    setenv("MESHMAT_JIT_CACHE", path, 1);
    mmi_jit_disk_store("program one", image, sizeof image);
    ck_assert_ptr_null(mmi_jit_disk_load("program one", &bytes));
    remove(dir);
    snprintf(dir, sizeof dir, "%s/a/b", root);
    rmdir(dir);
    snprintf(dir, sizeof dir, "%s/a", root);
    rmdir(dir);
    ck_assert_int_eq(rmdir(root), 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("jit");
    TCase *tc = tcase_create("cpu");
    tcase_add_test(tc, cpu_user_map_matches_dense_reference);
    tcase_add_test(tc, cpu_refuses_unusable_user_maps);
    tcase_add_test(tc, cpu_spgemm_refuses_unusable_user_functions);
    tcase_add_test(tc, jit_status_has_its_text);
    tcase_add_test(tc, program_wraps_the_body);
    tcase_add_test(tc, spgemm_program_wraps_both_bodies);
    tcase_add_test(tc, cache_folder_follows_the_environment);
    tcase_add_test(tc, disk_cache_round_trip_and_misses);
    suite_add_tcase(s, tc);
#ifdef MESHMAT_HAVE_CUDA
    /* Two NVRTC compilations of the SpGEMM program with every embedded header:
     * seconds each, past Check's default 4 s per test case when ctest runs
     * other tests beside it (-j16). The device-free cases above keep the 4 s. */
    TCase *nvrtc = tcase_create("nvrtc");
    tcase_set_timeout(nvrtc, 120);
    tcase_add_test(nvrtc, spgemm_program_compiles_with_the_embedded_headers);
    suite_add_tcase(s, nvrtc);
#endif
    return mmt_run(s);
}
