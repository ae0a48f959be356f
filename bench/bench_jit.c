/* bench_jit.c: the cost of user maps from C source on the GPU (issue #3,
 * DESIGN §2): NVRTC compile and load (a program not seen before), a disk
 * cache hit (a fresh context, the program on disk) and an in-memory cache hit
 * (the same context again), each as the context's stage timer ("jit_compile",
 * "jit_disk_hit", "jit_memory_hit") and as the wall time of the whole mm_spmv
 * on a small matrix (synchronised), next to the same mm_spmv with the built-in
 * map VALUE. Medians over RUNS; the cache lives in a temporary folder.
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
    const char *what, *stage;
    double stage_ms, wall_ms; /* medians */
} row;

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

/* A CUDA context with stage timing, the matrix (ROWS × ROWS CSR, PER_ROW
 * entries a row) and the vectors of one measured call. */
typedef struct setup {
    mm_context ctx;
    mm_matrix A;
    mm_dense x, y;
} setup;

static setup setup_new(void)
{
    setup s = {NULL, NULL, NULL, NULL};
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
    MM_OK(s.ctx, mm_dense_new(s.ctx, &s.x, ROWS, 1, MM_TYPE_FLOAT64));
    MM_OK(s.ctx, mm_dense_new(s.ctx, &s.y, ROWS, 1, MM_TYPE_FLOAT64));
    free(cols), free(vals);
    return s;
}

static void setup_free(setup *s)
{
    mm_dense_free(&s->x), mm_dense_free(&s->y), mm_matrix_free(&s->A);
    mm_context_free(&s->ctx);
}

/* One synchronised mm_spmv: its wall time, and the time of stage `stage`
 * (NaN when the call recorded none of that name). */
static double spmv_ms(setup *s, const mm_map *m, const char *stage, double *stage_ms)
{
    MM_OK(s->ctx, mm_context_synchronize(s->ctx));
    mm_context_clear_stages(s->ctx);
    double t0 = now_ms();
    MM_OK(s->ctx, mm_spmv(s->ctx, m, s->A, 0, s->x, s->y, 0));
    MM_OK(s->ctx, mm_context_synchronize(s->ctx));
    double wall = now_ms() - t0;
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

/* The source of run r: the same map, a different program each run. */
static void source_of(char *buf, size_t n, int r)
{
    snprintf(buf, n, "return a * 0.5 + (double)c; /* bench run %d, pid %ld */", r,
             (long)getpid());
}

static void bench(row *rows)
{
    double stage[HITS], wall[HITS];
    char sources[RUNS][96];
    mm_map m = {MM_MAP_USER, NULL, 0, {0}, 0, NULL, NULL, NULL};
    setup s = setup_new();
    mm_map value = {MM_MAP_VALUE, NULL, 0, {0}, 0, NULL, NULL, NULL};
    spmv_ms(&s, &value, NULL, &stage[0]); /* warm-up: module loads, pool */
    for (int r = 0; r < RUNS; ++r) {
        source_of(sources[r], sizeof sources[r], r);
        m.source = sources[r];
        wall[r] = spmv_ms(&s, &m, "jit_compile", &stage[r]);
    }
    rows[0] = (row){"NVRTC compile + load (new program)", "jit_compile", bu_median(stage, RUNS),
                    bu_median(wall, RUNS)};
    for (int r = 0; r < HITS; ++r) wall[r] = spmv_ms(&s, &m, "jit_memory_hit", &stage[r]);
    rows[1] = (row){"in-memory cache hit (same context)", "jit_memory_hit", bu_median(stage, HITS),
                    bu_median(wall, HITS)};
    for (int r = 0; r < HITS; ++r) wall[r] = spmv_ms(&s, &value, NULL, &stage[r]);
    rows[2] = (row){"built-in map VALUE (no JIT), for comparison", "-", NAN, bu_median(wall, HITS)};
    setup_free(&s);
    for (int r = 0; r < RUNS; ++r) {
        setup fresh = setup_new();
        m.source = sources[r];
        wall[r] = spmv_ms(&fresh, &m, "jit_disk_hit", &stage[r]);
        setup_free(&fresh);
    }
    rows[3] = (row){"disk cache hit (fresh context)", "jit_disk_hit", bu_median(stage, RUNS),
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
               "  \"matrix\": \"%d x %d CSR, %d per row, float64, d = 1\",\n  \"rows\": [\n",
            device, date, RUNS, HITS, ROWS, ROWS, PER_ROW);
    fprintf(md, "# User maps from C source: NVRTC and its caches (bench/bench_jit.c)\n\n"
                "%s, %s. Median of %d compiles / disk hits and %d memory hits. *stage* is the "
                "context's stage timer of the lookup; *mm_spmv* the wall time of the whole call "
                "(synchronised) on a %d × %d CSR matrix with %d entries a row, d = 1.\n\n"
                "| case | stage | stage ms | mm_spmv ms |\n|---|---|---:|---:|\n",
            device, date, RUNS, HITS, ROWS, ROWS, PER_ROW);
    for (int r = 0; r < nrows; ++r) {
        const char *sep = r + 1 < nrows ? "," : "";
        if (isnan(rows[r].stage_ms)) {
            fprintf(j, "    {\"case\": \"%s\", \"stage\": null, \"stage_ms\": null, "
                       "\"spmv_ms\": %.4f}%s\n", rows[r].what, rows[r].wall_ms, sep);
            fprintf(md, "| %s | – | – | %.4f |\n", rows[r].what, rows[r].wall_ms);
        } else {
            fprintf(j, "    {\"case\": \"%s\", \"stage\": \"%s\", \"stage_ms\": %.4f, "
                       "\"spmv_ms\": %.4f}%s\n", rows[r].what, rows[r].stage, rows[r].stage_ms,
                    rows[r].wall_ms, sep);
            fprintf(md, "| %s | %s | %.4f | %.4f |\n", rows[r].what, rows[r].stage,
                    rows[r].stage_ms, rows[r].wall_ms);
        }
        printf("%-46s %-15s stage %10.4f ms   mm_spmv %10.4f ms\n", rows[r].what, rows[r].stage,
               rows[r].stage_ms, rows[r].wall_ms);
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
    row rows[4];
    bench(rows);
    setup s = setup_new();
    write_results(argv[1], mm_context_device_name(s.ctx), date, rows, 4);
    setup_free(&s);
    printf("bench_jit: cache files left in %s\n", cache);
    return 0;
}
