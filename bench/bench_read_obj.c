/* bench_read_obj.c: OBJ reading throughput on one CPU core. Writes a grid of
 * n × n quads (n = 1000 by default: 1M faces) as a real file would look
 * ("%.6f" coordinates), reads it with mm_mesh_read on a CPU context, and
 * reports MB/s (median of the runs) against a plain strtod/strtol parser.
 *   usage: bench_read_obj OUT_DIR [n] [runs]   → OUT_DIR/io_read_obj.{json,md} */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench_util.h"

/* The grid OBJ: (n+1)² vertices on a gentle bump, n² quads. */
static int write_grid(FILE *f, int n)
{
    for (int j = 0; j <= n; ++j)
        for (int i = 0; i <= n; ++i) {
            double x = (double)i / n, y = (double)j / n;
            fprintf(f, "v %.6f %.6f %.6f\n", x, y, 0.1 * sin(6.0 * x) * cos(5.0 * y));
        }
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) {
            long a = (long)j * (n + 1) + i + 1;
            fprintf(f, "f %ld %ld %ld %ld\n", a, a + 1, a + n + 2, a + n + 1);
        }
    return ferror(f) ? -1 : 0;
}

/* The baseline: the same statements parsed with strtod/strtol into arrays,
 * no validation and no mesh; returns the number of values read. */
static long baseline_parse(const char *data, size_t size, double *xyz, long *ids)
{
    long nv = 0, ni = 0;
    const char *p = data, *end = data + size;
    while (p < end) {
        char *q;
        if (p[0] == 'v' && p[1] == ' ') {
            p += 2;
            for (int k = 0; k < 3; ++k, p = q) xyz[nv++] = strtod(p, &q);
        } else if (p[0] == 'f' && p[1] == ' ') {
            p += 2;
            for (long v; (v = strtol(p, &q, 10)) != 0 || q != p; p = q) ids[ni++] = v;
        }
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        p = nl ? nl + 1 : end;
    }
    return nv + ni;
}

static char *read_all(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    rewind(f);
    char *buf = n > 0 ? malloc((size_t)n + 1) : NULL; /* NUL-terminated for strtod */
    if (buf != NULL && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    if (buf != NULL) buf[n] = '\0';
    fclose(f);
    *size = (size_t)n;
    return buf;
}

typedef struct results {
    int n, runs;
    double mb, file_ms, memory_ms, baseline_ms;   /* medians */
    double file_best, memory_best, baseline_best; /* fastest runs */
    long long vertices, faces;
    char cpu[256], date[64];
} results;

static int report(const char *dir, const results *r)
{
    FILE *j = bu_open_result(dir, "io_read_obj.json");
    fprintf(j,
            "{\n  \"benchmark\": \"io_read_obj\",\n  \"device\": \"host CPU: %s\",\n"
            "  \"threads\": 1,\n  \"date\": \"%s\",\n  \"grid\": %d,\n  \"vertices\": %lld,\n"
            "  \"faces\": %lld,\n  \"file_mb\": %.3f,\n  \"runs\": %d,\n"
            "  \"mm_mesh_read_ms\": %.2f,\n  \"mm_mesh_read_best_ms\": %.2f,\n"
            "  \"mm_mesh_read_mb_s\": %.1f,\n"
            "  \"mm_mesh_read_memory_ms\": %.2f,\n  \"mm_mesh_read_memory_best_ms\": %.2f,\n"
            "  \"mm_mesh_read_memory_mb_s\": %.1f,\n"
            "  \"strtod_baseline_ms\": %.2f,\n  \"strtod_baseline_best_ms\": %.2f,\n"
            "  \"strtod_baseline_mb_s\": %.1f\n}\n",
            r->cpu, r->date, r->n, r->vertices, r->faces, r->mb, r->runs, r->file_ms,
            r->file_best, r->mb / (r->file_ms * 1e-3), r->memory_ms, r->memory_best,
            r->mb / (r->memory_ms * 1e-3), r->baseline_ms, r->baseline_best,
            r->mb / (r->baseline_ms * 1e-3));
    int bad = fclose(j) != 0;
    FILE *m = bu_open_result(dir, "io_read_obj.md");
    fprintf(m,
            "# OBJ reading throughput (one core)\n\n"
            "Device: host CPU: %s. Date: %s. Input: %d × %d quad grid, %lld vertices, %lld "
            "faces, %.1f MB (\"%%.6f\" coordinates). %d runs each, one thread; MB = 10^6 "
            "bytes; MB/s from the median.\n\n"
            "| reader | what it does | median ms | best ms | MB/s |\n|---|---|---:|---:|---:|\n"
            "| `mm_mesh_read` | file → validated mesh (CPU context) | %.1f | %.1f | %.1f |\n"
            "| `mm_mesh_read_memory` | buffer → validated mesh | %.1f | %.1f | %.1f |\n"
            "| strtod/strtol baseline | buffer → arrays, no checks, no mesh | %.1f | %.1f | %.1f |\n",
            r->cpu, r->date, r->n, r->n, r->vertices, r->faces, r->mb, r->runs, r->file_ms,
            r->file_best, r->mb / (r->file_ms * 1e-3), r->memory_ms, r->memory_best,
            r->mb / (r->memory_ms * 1e-3), r->baseline_ms, r->baseline_best,
            r->mb / (r->baseline_ms * 1e-3));
    bad |= fclose(m) != 0;
    return bad ? -1 : 0;
}

/* Times `runs` reads of the mesh (from the file, or from memory when data
 * is given) into t; 0, or -1 with the error printed. */
static int time_reads(mm_context ctx, const char *path, const char *data, size_t size, int runs,
                      double *t, results *r)
{
    for (int k = 0; k < runs; ++k) {
        mm_mesh mesh = NULL;
        double t0 = bu_now_ms();
        mm_read_options o = mm_read_options_default();
        o.format = MM_FILE_OBJ; /* the temporary file has no extension */
        mm_status st = data ? mm_mesh_read_memory(ctx, &mesh, data, size, path, &o)
                            : mm_mesh_read(ctx, &mesh, path, &o);
        t[k] = bu_now_ms() - t0;
        if (st != MM_OK) {
            fprintf(stderr, "bench_read_obj: %s\n", mm_last_error(ctx));
            return -1;
        }
        mm_mesh_info info;
        mm_mesh_info_get(mesh, &info);
        r->vertices = info.num_vertices;
        r->faces = info.num_faces;
        mm_mesh_free(&mesh);
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s OUT_DIR [n = 1000] [runs = 7]\n", argv[0]);
        return 2;
    }
    results r = {0};
    r.n = argc > 2 ? atoi(argv[2]) : 1000;
    r.runs = argc > 3 ? atoi(argv[3]) : 7;
    if (r.n < 1 || r.runs < 1 || r.runs > 100) return 2;
    char path[] = "/tmp/meshmat_bench_obj_XXXXXX";
    int fd = mkstemp(path);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (f == NULL || write_grid(f, r.n) != 0 || fclose(f) != 0) {
        fprintf(stderr, "bench_read_obj: cannot write %s\n", path);
        return 1;
    }
    size_t size = 0;
    char *data = read_all(path, &size);
    mm_context_options o = mm_context_options_default();
    o.backend = MM_BACKEND_CPU;
    mm_context ctx = NULL;
    double t[100];
    int rc = 1;
    r.mb = (double)size * 1e-6;
    if (data == NULL || mm_context_new(&ctx, &o) != MM_OK) goto done;
    if (time_reads(ctx, path, NULL, 0, r.runs, t, &r) != 0) goto done;
    r.file_ms = bu_median(t, r.runs); /* sorts t */
    r.file_best = t[0];
    if (time_reads(ctx, path, data, size, r.runs, t, &r) != 0) goto done;
    r.memory_ms = bu_median(t, r.runs); /* sorts t */
    r.memory_best = t[0];
    double *xyz = malloc(3 * sizeof(double) * (size_t)(r.n + 1) * (size_t)(r.n + 1));
    long *ids = malloc(4 * sizeof(long) * (size_t)r.n * (size_t)r.n);
    for (int k = 0; k < r.runs && xyz && ids; ++k) {
        double t0 = bu_now_ms();
        long values = baseline_parse(data, size, xyz, ids);
        t[k] = bu_now_ms() - t0;
        if (values != 3L * (r.n + 1) * (r.n + 1) + 4L * r.n * r.n) t[k] = NAN;
    }
    r.baseline_ms = bu_median(t, r.runs); /* sorts t */
    r.baseline_best = t[0];
    free(xyz);
    free(ids);
    bu_cpu_model(r.cpu, sizeof r.cpu);
    bu_date(r.date, sizeof r.date);
    printf("%s: %.1f MB, mm_mesh_read %.1f ms = %.1f MB/s, from memory %.1f MB/s, "
           "strtod baseline %.1f MB/s\n",
           r.cpu, r.mb, r.file_ms, r.mb / (r.file_ms * 1e-3), r.mb / (r.memory_ms * 1e-3),
           r.mb / (r.baseline_ms * 1e-3));
    rc = report(argv[1], &r) == 0 ? 0 : 1;
done:
    mm_context_free(&ctx);
    free(data);
    unlink(path);
    return rc;
}
