/* bench_jit.c: the cost of user maps and lambdas from C source on the GPU
 * (issue #3, DESIGN §2), for both programs: mm_spmv with a user map (one small
 * kernel) and mm_spgemm with a user lambda (SpGEMM's per-column kernels and
 * their headers). For each: NVRTC compile and load (a program not seen
 * before), a disk cache hit (a fresh context, the program on disk) and an
 * in-memory cache hit (the same context again), each as the context's stage
 * timer ("jit_compile", "jit_disk_hit", "jit_memory_hit") and as the wall time
 * of the whole call on a small matrix (synchronised), next to the same call
 * with built-in functions. Medians over RUNS; the cache lives in a temporary
 * folder.
 *   usage: bench_jit OUT_DIR   → OUT_DIR/jit.{json,md} */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench_util.h"
#include "meshmat.h"

enum { RUNS = 10, HITS = 50, ROWS = 4096, PER_ROW = 4 };

#define MM_OK(ctx, call)                                                                  \
    do {                                                                                  \
        mm_status m_ = (call);                                                            \
        if (m_ != MM_OK) {                                                                \
            fprintf(stderr, "bench_jit: %s: %s\n", #call, mm_last_error(ctx));            \
            exit(1);                                                                      \
        }                                                                                 \
    } while (0)

typedef struct row {
    const char *op, *what, *stage;
    double stage_ms, wall_ms; /* medians */
} row;

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

/* A CUDA context with stage timing, the matrices (ROWS × ROWS, PER_ROW
 * entries a row in A, CSR, and a column in M, CSC) and the vectors of one
 * measured call. */
typedef struct setup {
    mm_context ctx;
    mm_matrix A, M;
    mm_dense x, y;
} setup;

static setup setup_new(void)
{
    setup s = {NULL, NULL, NULL, NULL, NULL};
    mm_context_options o = mm_context_options_default();
    o.backend = MM_BACKEND_CUDA;
    o.timing = 1;
    if (mm_context_new(&s.ctx, &o) != MM_OK) {
        fprintf(stderr, "bench_jit: no CUDA context\n");
        exit(1);
    }
    uint32_t *cols = malloc(ROWS * PER_ROW * sizeof *cols);
    double *vals = malloc(ROWS * PER_ROW * sizeof *vals);
    for (int k = 0; k < ROWS * PER_ROW; ++k) {
        cols[k] = (uint32_t)((k / PER_ROW + 977 * (k % PER_ROW)) % ROWS);
        vals[k] = 1.0 + k % 7;
    }
    MM_OK(s.ctx, mm_matrix_import_uniform(s.ctx, &s.A, MM_FORMAT_CSR, MM_TYPE_FLOAT64, ROWS, ROWS,
                                          PER_ROW, cols, vals));
    MM_OK(s.ctx, mm_matrix_import_uniform(s.ctx, &s.M, MM_FORMAT_CSC, MM_TYPE_FLOAT64, ROWS, ROWS,
                                          PER_ROW, cols, vals));
    MM_OK(s.ctx, mm_dense_new(s.ctx, &s.x, ROWS, 1, MM_TYPE_FLOAT64));
    MM_OK(s.ctx, mm_dense_new(s.ctx, &s.y, ROWS, 1, MM_TYPE_FLOAT64));
    free(cols), free(vals);
    return s;
}

static void setup_free(setup *s)
{
    mm_dense_free(&s->x), mm_dense_free(&s->y), mm_matrix_free(&s->A), mm_matrix_free(&s->M);
    mm_context_free(&s->ctx);
}

/* One measured call: mm_spmv y = A_μ x, or mm_spgemm C = M M {PRODUCT}[λ]
 * (spgemm set) with a SUM. */
typedef struct call {
    int spgemm;
    mm_map map;
    mm_spgemm_op op;
} call;

/* The call with a user function of source (map for SpMV, lambda for
 * SpGEMM), or with built-in ones when source is NULL. */
static call call_of(int spgemm, const char *source)
{
    call c = {spgemm,
              {source ? MM_MAP_USER : MM_MAP_VALUE, NULL, 0, {0}, 0, NULL, NULL, source},
              {{MM_MAP_PRODUCT, NULL, 0, {0}, 0, NULL, NULL, NULL},
               {source ? MM_LAMBDA_USER : MM_LAMBDA_MAP, NULL, NULL, source}, MM_REDUCE_SUM,
               MM_MASK_NONE, MM_TYPE_FLOAT64}};
    return c;
}

/* One synchronised call: its wall time, and the time of stage `stage`
 * (NaN when the call recorded none of that name). */
static double call_ms(setup *s, const call *c, const char *stage, double *stage_ms)
{
    mm_matrix C = NULL;
    MM_OK(s->ctx, mm_context_synchronize(s->ctx));
    mm_context_clear_stages(s->ctx);
    double t0 = now_ms();
    if (c->spgemm) MM_OK(s->ctx, mm_spgemm(s->ctx, &c->op, s->M, s->M, &C));
    else MM_OK(s->ctx, mm_spmv(s->ctx, &c->map, s->A, 0, s->x, s->y, 0));
    MM_OK(s->ctx, mm_context_synchronize(s->ctx));
    double wall = now_ms() - t0;
    mm_matrix_free(&C);
    *stage_ms = NAN;
    for (int i = 0; i < mm_context_stage_count(s->ctx); ++i) {
        const char *name;
        double ms;
        MM_OK(s->ctx, mm_context_stage(s->ctx, i, &name, &ms));
        if (stage != NULL && strcmp(name, stage) == 0) *stage_ms = ms;
    }
    if (stage != NULL && isnan(*stage_ms)) {
        fprintf(stderr, "bench_jit: expected stage %s was not recorded\n", stage);
        exit(1);
    }
    return wall;
}

/* The source of run r: the same function, a different program each run. */
static void source_of(char *buf, size_t n, int spgemm, int r)
{
    snprintf(buf, n, "%s /* bench run %d, pid %ld */",
             spgemm ? "return m * a + (double)k;" : "return a * 0.5 + (double)c;", r,
             (long)getpid());
}

/* The four rows of one op (SpMV with a user map, SpGEMM with a user lambda). */
static void bench(int spgemm, row *rows)
{
    const char *op = spgemm ? "mm_spgemm, user lambda" : "mm_spmv, user map";
    double stage[HITS], wall[HITS];
    char sources[RUNS][96];
    setup s = setup_new();
    call builtin = call_of(spgemm, NULL), user;
    call_ms(&s, &builtin, NULL, &stage[0]); /* warm-up: module loads, pool */
    for (int r = 0; r < RUNS; ++r) {
        source_of(sources[r], sizeof sources[r], spgemm, r);
        user = call_of(spgemm, sources[r]);
        wall[r] = call_ms(&s, &user, "jit_compile", &stage[r]);
    }
    rows[0] = (row){op, "NVRTC compile + load (new program)", "jit_compile", bu_median(stage, RUNS),
                    bu_median(wall, RUNS)};
    for (int r = 0; r < HITS; ++r) wall[r] = call_ms(&s, &user, "jit_memory_hit", &stage[r]);
    rows[1] = (row){op, "in-memory cache hit (same context)", "jit_memory_hit",
                    bu_median(stage, HITS), bu_median(wall, HITS)};
    for (int r = 0; r < HITS; ++r) wall[r] = call_ms(&s, &builtin, NULL, &stage[r]);
    rows[2] = (row){op, spgemm ? "built-in lambda MAP (no JIT), for comparison"
                               : "built-in map VALUE (no JIT), for comparison",
                    "-", NAN, bu_median(wall, HITS)};
    setup_free(&s);
    for (int r = 0; r < RUNS; ++r) {
        setup fresh = setup_new();
        user = call_of(spgemm, sources[r]);
        wall[r] = call_ms(&fresh, &user, "jit_disk_hit", &stage[r]);
        setup_free(&fresh);
    }
    rows[3] = (row){op, "disk cache hit (fresh context)", "jit_disk_hit", bu_median(stage, RUNS),
                    bu_median(wall, RUNS)};
}

static void write_results(const char *dir, const char *device, const char *date, const row *rows,
                          int nrows)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/jit.json", dir);
    FILE *j = fopen(path, "w");
    snprintf(path, sizeof path, "%s/jit.md", dir);
    FILE *md = fopen(path, "w");
    if (j == NULL || md == NULL) {
        fprintf(stderr, "bench_jit: cannot write into %s\n", dir);
        exit(1);
    }
    fprintf(j, "{\n  \"device\": \"%s\",\n  \"date\": \"%s\",\n  \"runs\": %d,\n  \"hits\": %d,\n"
               "  \"matrix\": \"%d x %d, %d per row (SpMV, CSR, d = 1) or column (SpGEMM, CSC), "
               "float64\",\n  \"rows\": [\n",
            device, date, RUNS, HITS, ROWS, ROWS, PER_ROW);
    fprintf(md, "# User maps and lambdas from C source: NVRTC and its caches "
                "(bench/bench_jit.c)\n\n"
                "%s, %s. Median of %d compiles / disk hits and %d memory hits. *stage* is the "
                "context's stage timer of the lookup; *call* the wall time of the whole call "
                "(synchronised): mm_spmv on a %d × %d CSR matrix A with %d entries a row, "
                "d = 1; mm_spgemm M M {PRODUCT}[λ] with SUM, M the %d × %d CSC matrix with %d "
                "entries a column.\n\n"
                "| op | case | stage | stage ms | call ms |\n|---|---|---|---:|---:|\n",
            device, date, RUNS, HITS, ROWS, ROWS, PER_ROW, ROWS, ROWS, PER_ROW);
    for (int r = 0; r < nrows; ++r) {
        const char *sep = r + 1 < nrows ? "," : "";
        if (isnan(rows[r].stage_ms)) {
            fprintf(j, "    {\"op\": \"%s\", \"case\": \"%s\", \"stage\": null, "
                       "\"stage_ms\": null, \"call_ms\": %.4f}%s\n", rows[r].op, rows[r].what,
                    rows[r].wall_ms, sep);
            fprintf(md, "| %s | %s | – | – | %.4f |\n", rows[r].op, rows[r].what,
                    rows[r].wall_ms);
        } else {
            fprintf(j, "    {\"op\": \"%s\", \"case\": \"%s\", \"stage\": \"%s\", "
                       "\"stage_ms\": %.4f, \"call_ms\": %.4f}%s\n", rows[r].op, rows[r].what,
                    rows[r].stage, rows[r].stage_ms, rows[r].wall_ms, sep);
            fprintf(md, "| %s | %s | %s | %.4f | %.4f |\n", rows[r].op, rows[r].what,
                    rows[r].stage, rows[r].stage_ms, rows[r].wall_ms);
        }
        printf("%-23s %-46s %-15s stage %10.4f ms   call %10.4f ms\n", rows[r].op,
               rows[r].what, rows[r].stage, rows[r].stage_ms, rows[r].wall_ms);
    }
    fprintf(j, "  ]\n}\n");
    fclose(j);
    fclose(md);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: bench_jit OUT_DIR\n");
        return 2;
    }
    if (!mm_cuda_available()) {
        printf("bench_jit: skipped: no CUDA device\n");
        return 0;
    }
    char cache[] = "/tmp/meshmat-bench-jit-XXXXXX", date[32];
    if (mkdtemp(cache) == NULL) {
        fprintf(stderr, "bench_jit: no temporary folder\n");
        return 1;
    }
    setenv("MESHMAT_JIT_CACHE", cache, 1);
    time_t now = time(NULL);
    strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", gmtime(&now));
    row rows[8];
    bench(0, rows);
    bench(1, rows + 4);
    setup s = setup_new();
    write_results(argv[1], mm_context_device_name(s.ctx), date, rows, 8);
    setup_free(&s);
    printf("bench_jit: cache files left in %s\n", cache);
    return 0;
}
