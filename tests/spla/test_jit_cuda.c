/* test_jit_cuda.c: user maps and lambdas compiled by NVRTC on the CUDA
 * backend (ops.h, src/spla/jit_cuda.cu), in mm_spmv and in mm_spgemm's
 * kernels: the source's results against the host function on the CPU backend
 * and a dense reference, compiler errors as MM_ERR_JIT with the log, the
 * in-memory and the disk cache (seen through the stage names), and the
 * refusals. Without a GPU the whole executable reports itself skipped (exit
 * 77); the device-free parts are in test_jit.c. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "spgemm_reference.h"
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

/* Removes a cache folder and its files; 0, or -1 with a message on stderr. */
static int remove_cache(const char *dir)
{
    char file[256];
    while (files_in(dir, file, sizeof file) > 0)
        if (remove(file) != 0) {
            fprintf(stderr, "test_jit_cuda: cannot remove %s: %s\n", file, strerror(errno));
            return -1;
        }
    if (rmdir(dir) != 0) {
        fprintf(stderr, "test_jit_cuda: cannot remove %s: %s\n", dir, strerror(errno));
        return -1;
    }
    return 0;
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
    ck_assert_int_eq(remove_cache(dir), 0);
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

/* Overwrites the image's checksum and start (after the program text's NUL):
 * a damaged file must be a miss, compiled and stored again (without asking
 * the driver to load it: jit_disk.c checks the image's hash). */
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

/* ---- mm_spgemm with user functions: each as a host function and as source ---- */

/* μ(a, b, c) = 0 when a = b (no entry), else a - b + c / 2 (a constant in the text). */
static double gemm_map(double a, double b, int64_t c, const void *data)
{
    (void)data;
    return a == b ? 0.0 : a - b + (double)c * 0.5;
}
static const char gemm_map_source[] = "if (a == b) return 0.0;\n"
                                      "return a - b + (double)c * 0.5;";

/* λ depends on every argument, so a wrong i, j, k, a or b shows. */
static double gemm_lambda(double m, uint32_t i, uint32_t j, uint32_t k, double a, double b,
                          const void *data)
{
    (void)data;
    return m * 100.0 + (double)i - (double)j + (double)k * 0.25 + a * b;
}
static const char gemm_lambda_source[] =
    "return m * 100.0 + (double)i - (double)j + (double)k * 0.25 + a * b;";

static const mm_map user_map = {MM_MAP_USER, NULL, 0, {0}, 0, gemm_map, NULL, gemm_map_source};
static const mm_lambda user_lambda = {MM_LAMBDA_USER, gemm_lambda, NULL, gemm_lambda_source};

/* A small product on ctx (with empty columns), the same operands every call. */
static mm_status small_product(mm_context ctx, const mm_spgemm_op *op, mm_matrix *C)
{
    sp_seed(5);
    sp_host hA = sp_random(MM_FORMAT_CSC, MM_TYPE_FLOAT64, 30, 20, 5, 0);
    sp_host hB = sp_random(MM_FORMAT_CSC, MM_TYPE_FLOAT32, 20, 25, 5, 0);
    mm_matrix A = sp_import(ctx, &hA), B = sp_import(ctx, &hB);
    mm_status st = mm_spgemm(ctx, op, A, B, C);
    mm_matrix_free(&A), mm_matrix_free(&B);
    sp_free(&hA), sp_free(&hB);
    return st;
}

/* m × n times n × p, at most `most` entries per column (every third column
 * empty), `uniform` entries in every column of A when > 0. */
static const struct shape {
    int64_t m, n, p;
    int most;
    int64_t uniform;
} shapes[] = {
    {6, 5, 7, 3, 0}, {0, 3, 4, 2, 0}, {3, 5, 0, 2, 0}, {40, 30, 50, 8, 0}, {30, 40, 30, 6, 4},
    {300, 40, 30, 120, 0}, /* long columns: the spill kernel */
};

/* The cache folder of the shapes' runs (made by main): each runs in its own
 * process, so the first compiles the three programs and the others load them. */
static char shapes_cache[64];

/* User map, user lambda, both: every ⊕, mask and out type (PATTERN: the
 * pattern variant) on CUDA and on the CPU against the dense reference. */
START_TEST(spgemm_user_functions_equal_cpu_and_reference)
{
    mm_context cpu = mmt_context_on(MM_BACKEND_CPU), gpu = mmt_context_on(MM_BACKEND_CUDA);
    const struct shape *s = &shapes[_i];
    const mm_map product = {MM_MAP_PRODUCT, NULL, 0, {0}, 0, NULL, NULL, NULL};
    const mm_lambda map_value = {MM_LAMBDA_MAP, NULL, NULL, NULL};
    const struct {
        mm_map map;
        mm_lambda lambda;
    } users[] = {{user_map, map_value}, {product, user_lambda}, {user_map, user_lambda}};
    char what[128];
    setenv("MESHMAT_JIT_CACHE", shapes_cache, 1);
    sp_seed(100 + (uint64_t)_i);
    sp_host hA = sp_random(MM_FORMAT_CSC, MM_TYPE_FLOAT64, s->m, s->n, s->most, s->uniform);
    sp_host hB = sp_random(MM_FORMAT_CSC, MM_TYPE_FLOAT32, s->n, s->p, s->most, 0);
    mm_matrix A[2] = {sp_import(cpu, &hA), sp_import(gpu, &hA)};
    mm_matrix B[2] = {sp_import(cpu, &hB), sp_import(gpu, &hB)};
    mm_context ctx[2] = {cpu, gpu};
    for (int u = 0; u < 3; ++u)
        for (int r = MM_REDUCE_SUM; r <= MM_REDUCE_FIRST; ++r)
            for (int mask = MM_MASK_NONE; mask <= MM_MASK_UPPER; ++mask)
                for (int t = MM_TYPE_PATTERN; t <= MM_TYPE_FLOAT64; ++t)
                    for (int b = 0; b < 2; ++b) {
                        mm_spgemm_op op = {users[u].map, users[u].lambda, (mm_reduce)r,
                                           (mm_mask)mask, (mm_type)t};
                        snprintf(what, sizeof what, "%s: shape %d user %d reduce %d mask %d "
                                 "type %d", b ? "CUDA" : "CPU", _i, u, r, mask, t);
                        check_product(ctx[b], &op, &hA, &hB, A[b], B[b], what);
                    }
    for (int b = 0; b < 2; ++b) mm_matrix_free(&A[b]), mm_matrix_free(&B[b]);
    sp_free(&hA), sp_free(&hB);
    ck_assert_int_eq(mm_context_bytes_in_use(gpu, MM_MEMORY_DEVICE), 0);
    mm_context_free(&cpu), mm_context_free(&gpu);
}
END_TEST

static void expect_spgemm_jit_error(mm_context ctx, const mm_spgemm_op *op, const char *what,
                                    const char *text)
{
    mm_matrix C = NULL;
    mm_status st = small_product(ctx, op, &C);
    ck_assert_msg(st == MM_ERR_JIT, "gave %s", mm_status_string(st));
    ck_assert_ptr_null(C);
    ck_assert_msg(strstr(mm_last_error(ctx), text) != NULL, "'%s' lacks '%s'",
                  mm_last_error(ctx), text);
    ck_assert_msg(strstr(mm_last_error(ctx), what) != NULL, "'%s' lacks '%s'",
                  mm_last_error(ctx), what);
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, MM_MEMORY_DEVICE), 0);
}

START_TEST(spgemm_bad_source_gives_the_compiler_log)
{
    setenv("MESHMAT_JIT_CACHE", "", 1);
    mm_context ctx = mmt_context_on(MM_BACKEND_CUDA);
    mm_spgemm_op op = {{MM_MAP_ONE, NULL, 0, {0}, 0, NULL, NULL, NULL}, user_lambda,
                       MM_REDUCE_SUM, MM_MASK_NONE, MM_TYPE_FLOAT64};
    op.lambda.source = "return m * ;";
    expect_spgemm_jit_error(ctx, &op, "mm_spgemm: user lambda source failed to compile",
                            "user_lambda(1): error");
    op.lambda.source = "double t = m;\nreturn t + no_such_name;";
    expect_spgemm_jit_error(ctx, &op, "user lambda", "user_lambda(2)");
    op.map = user_map;
    op.map.source = "\nreturn a + ;";
    op.lambda.source = gemm_lambda_source;
    expect_spgemm_jit_error(ctx, &op, "user map and lambda source failed", "user_map(2): error");
    /* The context still works after failed compiles. */
    mm_matrix C = NULL;
    op.map.source = gemm_map_source;
    MMT_OK(ctx, small_product(ctx, &op, &C));
    mm_matrix_free(&C);
    mm_context_free(&ctx);
}
END_TEST

/* Fetches C's arrays (CSC float64) into one malloc'd block: ptr, rows, values. */
static void *fetch(mm_matrix C, size_t *bytes)
{
    mm_matrix_info info;
    ck_assert_int_eq(mm_matrix_info_get(C, &info), MM_OK);
    size_t np = (size_t)(info.ncols + 1) * 8, nr = (size_t)info.nnz * 4, nv = (size_t)info.nnz * 8;
    char *block = calloc(1, np + nr + nv + 8);
    mm_matrix_arrays out = {(int64_t *)block, (uint32_t *)(block + np), NULL, block + np + nr};
    ck_assert_int_eq(mm_matrix_export(C, &out), MM_OK);
    *bytes = np + nr + nv;
    return block;
}

/* One program for a map or lambda source, whatever the ⊕, mask and out type:
 * compiled once, then found in the context, then on disk by a fresh context. */
START_TEST(spgemm_program_hits_memory_and_disk_cache)
{
    char dir[64], file[256];
    fresh_cache(dir);
    mm_spgemm_op op = {{MM_MAP_PRODUCT, NULL, 0, {0}, 0, NULL, NULL, NULL}, user_lambda,
                       MM_REDUCE_SUM, MM_MASK_NONE, MM_TYPE_FLOAT64};
    mm_context ctx = timed_cuda_context();
    mm_matrix C = NULL;
    size_t bytes[2];
    void *first, *later;
    MMT_OK(ctx, small_product(ctx, &op, &C));
    ck_assert_int_eq(stages_named(ctx, "jit_compile"), 1);
    ck_assert_int_eq(stages_named(ctx, "jit_memory_hit"), 0);
    ck_assert_int_eq(files_in(dir, file, sizeof file), 1);
    first = fetch(C, &bytes[0]);
    mm_matrix_free(&C);
    mm_context_clear_stages(ctx);
    MMT_OK(ctx, small_product(ctx, &op, &C));
    mm_matrix_free(&C);
    op.reduce = MM_REDUCE_MAX, op.mask = MM_MASK_LOWER, op.out_type = MM_TYPE_PATTERN;
    MMT_OK(ctx, small_product(ctx, &op, &C));
    mm_matrix_free(&C);
    ck_assert_int_eq(stages_named(ctx, "jit_compile"), 0);
    ck_assert_int_eq(stages_named(ctx, "jit_memory_hit"), 2);
    /* The same source as a map is another program. */
    mm_context_clear_stages(ctx);
    op.lambda.kind = MM_LAMBDA_MAP;
    op.map = user_map;
    MMT_OK(ctx, small_product(ctx, &op, &C));
    mm_matrix_free(&C);
    ck_assert_int_eq(stages_named(ctx, "jit_compile"), 1);
    ck_assert_int_eq(files_in(dir, file, sizeof file), 2);
    mm_context_free(&ctx);
    /* A fresh context finds the first program on disk, with the same C. */
    ctx = timed_cuda_context();
    op = (mm_spgemm_op){{MM_MAP_PRODUCT, NULL, 0, {0}, 0, NULL, NULL, NULL}, user_lambda,
                        MM_REDUCE_SUM, MM_MASK_NONE, MM_TYPE_FLOAT64};
    MMT_OK(ctx, small_product(ctx, &op, &C));
    ck_assert_int_eq(stages_named(ctx, "jit_disk_hit"), 1);
    ck_assert_int_eq(stages_named(ctx, "jit_compile"), 0);
    later = fetch(C, &bytes[1]);
    ck_assert_uint_eq(bytes[0], bytes[1]);
    ck_assert_mem_eq(first, later, bytes[0]);
    free(first), free(later);
    mm_matrix_free(&C);
    mm_context_free(&ctx);
    ck_assert_int_eq(remove_cache(dir), 0);
}
END_TEST

START_TEST(cuda_spgemm_refuses_unusable_user_functions)
{
    mm_context ctx = mmt_context_on(MM_BACKEND_CUDA);
    mm_spgemm_op op = {{MM_MAP_ONE, NULL, 0, {0}, 0, NULL, NULL, NULL}, user_lambda,
                       MM_REDUCE_SUM, MM_MASK_NONE, MM_TYPE_FLOAT64};
    op.lambda.source = NULL;
    expect_spgemm_refusal(ctx, &op, "lambda USER on the CUDA backend needs source");
    op.lambda.source = "\t\n";
    expect_spgemm_refusal(ctx, &op, "lambda USER has blank source");
    op.lambda = user_lambda;
    op.map = user_map;
    op.map.source = NULL;
    expect_spgemm_refusal(ctx, &op, "map USER on the CUDA backend needs source");
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
    /* Most cases compile user programs with NVRTC (seconds each) and load
     * them on the device: past Check's default 4 s per test case, more so
     * when ctest runs other tests beside them. */
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, cuda_source_equals_cpu_function_and_reference);
    tcase_add_test(tc, bad_source_gives_the_compiler_log);
    tcase_add_test(tc, second_call_hits_the_memory_cache);
    tcase_add_test(tc, fresh_context_hits_the_disk_cache);
    tcase_add_test(tc, cuda_refuses_unusable_user_maps);
    tcase_add_loop_test(tc, spgemm_user_functions_equal_cpu_and_reference, 0,
                        (int)(sizeof shapes / sizeof *shapes));
    tcase_add_test(tc, spgemm_bad_source_gives_the_compiler_log);
    tcase_add_test(tc, spgemm_program_hits_memory_and_disk_cache);
    tcase_add_test(tc, cuda_spgemm_refuses_unusable_user_functions);
    suite_add_tcase(s, tc);
    strcpy(shapes_cache, "/tmp/meshmat-jit-shapes-XXXXXX");
    if (mkdtemp(shapes_cache) == NULL) return EXIT_FAILURE;
    int rc = mmt_run(s);
    return remove_cache(shapes_cache) == 0 ? rc : EXIT_FAILURE;
}
