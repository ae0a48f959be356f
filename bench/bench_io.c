/* bench_io.c: mesh file throughput. Builds a large triangle mesh in memory (a
 * torus grid of n × n vertices, 2n² triangles, coordinates with full float64
 * precision as subdivision produces them) or reads one, then writes it as
 * OBJ, OFF, binary PLY and ASCII PLY into a folder (default /dev/shm, a
 * RAM-backed file system: the figures are the library's, not the disk's),
 * reads each file back (checking that the vertices and faces come back
 * bit-exactly) and reports MB/s (MB = 10^6 bytes; median of the runs).
 *   usage: bench_io OUT_DIR [--n N] [--mesh FILE] [--dir DIR] [--runs R]
 *                   [--name NAME] [--previous FILE.json]
 * writes OUT_DIR/NAME.{json,md} (NAME: io-build-machine). --previous names
 * the JSON of an earlier run (another build, same mesh) whose figures the
 * Markdown puts beside these. The mesh files are removed at the end. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bench_util.h"

#define NUM_FORMATS 5
#define MAX_RUNS 20

/* glTF binary is written only (mm_mesh_write): its read columns stay empty. */
static const struct {
    const char *name, *ext;
    mm_file_format format;
    int write_only;
} formats[NUM_FORMATS] = {{"obj", "obj", MM_FILE_OBJ, 0},
                          {"off", "off", MM_FILE_OFF, 0},
                          {"ply-binary", "ply", MM_FILE_PLY_BINARY, 0},
                          {"ply-ascii", "ply", MM_FILE_PLY_ASCII, 0},
                          {"glb", "glb", MM_FILE_GLB, 1}};

typedef struct format_result {
    double bytes, write_s, read_s; /* medians; NAN when not measured */
} format_result;

/* The torus grid: n × n vertices, each grid square split into two triangles. */
static mm_status make_torus(mm_context ctx, int64_t n, mm_mesh *mesh)
{
    double *xyz = malloc(sizeof(double) * 3 * (size_t)(n * n));
    uint32_t *ids = malloc(sizeof(uint32_t) * 6 * (size_t)(n * n));
    if (xyz == NULL || ids == NULL) {
        fprintf(stderr, "bench_io: no memory for a %lld × %lld grid\n", (long long)n,
                (long long)n);
        exit(1);
    }
    const double pi = 3.14159265358979323846;
    for (int64_t j = 0; j < n; ++j)
        for (int64_t i = 0; i < n; ++i) {
            double u = 2 * pi * (double)i / (double)n, v = 2 * pi * (double)j / (double)n;
            double *p = xyz + 3 * (j * n + i);
            p[0] = (1.0 + 0.35 * cos(v)) * cos(u);
            p[1] = (1.0 + 0.35 * cos(v)) * sin(u);
            p[2] = 0.35 * sin(v);
        }
    for (int64_t j = 0; j < n; ++j)
        for (int64_t i = 0; i < n; ++i) {
            uint32_t a = (uint32_t)(j * n + i), b = (uint32_t)(j * n + (i + 1) % n);
            uint32_t c = (uint32_t)(((j + 1) % n) * n + (i + 1) % n);
            uint32_t d = (uint32_t)(((j + 1) % n) * n + i);
            uint32_t *t = ids + 6 * (j * n + i);
            t[0] = a, t[1] = b, t[2] = c, t[3] = a, t[4] = c, t[5] = d;
        }
    mm_mesh_desc desc = {0};
    desc.num_vertices = n * n;
    desc.dim = 3;
    desc.vertex_type = MM_TYPE_FLOAT64;
    desc.vertices = xyz;
    desc.num_faces = 2 * n * n;
    desc.face_order = 3;
    desc.face_vertices = ids;
    desc.precision = MM_TYPE_FLOAT64;
    mm_status st = mm_mesh_new(ctx, mesh, &desc);
    free(xyz);
    free(ids);
    return st;
}

/* The mesh's vertices and faces on the host (free with free_arrays). */
static void export_arrays(mm_context ctx, mm_mesh mesh, mm_mesh_info *info, mm_mesh_arrays *a)
{
    BU_MM_OK(ctx, mm_mesh_info_get(mesh, info));
    memset(a, 0, sizeof *a);
    size_t real = info->precision == MM_TYPE_FLOAT32 ? 4 : 8;
    a->vertices = malloc(real * (size_t)(info->num_vertices * info->dim) + 1);
    a->face_offsets = malloc(sizeof(int64_t) * (size_t)(info->num_faces + 1));
    a->face_vertices = malloc(sizeof(uint32_t) * (size_t)info->nnz + 1);
    if (!a->vertices || !a->face_offsets || !a->face_vertices) {
        fprintf(stderr, "bench_io: no memory to export the mesh\n");
        exit(1);
    }
    BU_MM_OK(ctx, mm_mesh_export(mesh, a));
}

static void free_arrays(mm_mesh_arrays *a)
{
    free(a->vertices);
    free(a->face_offsets);
    free(a->face_vertices);
}

/* Does mesh hold exactly the vertices and faces of ref? */
static int same_mesh(mm_context ctx, mm_mesh mesh, const mm_mesh_info *ri,
                     const mm_mesh_arrays *ra)
{
    mm_mesh_info info;
    mm_mesh_arrays a;
    export_arrays(ctx, mesh, &info, &a);
    size_t real = info.precision == MM_TYPE_FLOAT32 ? 4 : 8;
    int same = info.num_vertices == ri->num_vertices && info.num_faces == ri->num_faces &&
               info.nnz == ri->nnz && info.dim == ri->dim && info.precision == ri->precision &&
               memcmp(a.vertices, ra->vertices, real * (size_t)(info.num_vertices * info.dim)) ==
                   0 &&
               memcmp(a.face_offsets, ra->face_offsets,
                      sizeof(int64_t) * (size_t)(info.num_faces + 1)) == 0 &&
               memcmp(a.face_vertices, ra->face_vertices, sizeof(uint32_t) * (size_t)info.nnz) ==
                   0;
    free_arrays(&a);
    return same;
}

/* Writes and reads the mesh in format k `runs` times; the medians into *r. */
static void measure(mm_context ctx, mm_mesh mesh, const char *dir, int k, int runs,
                    const mm_mesh_info *ri, const mm_mesh_arrays *ra, mm_type precision,
                    format_result *r)
{
    char path[4096];
    double tw[MAX_RUNS], tr[MAX_RUNS];
    snprintf(path, sizeof path, "%s/meshmat_bench_io_%s.%s", dir, formats[k].name,
             formats[k].ext);
    for (int i = 0; i < runs; ++i) {
        double t0 = bu_now_ms();
        BU_MM_OK(ctx, mm_mesh_write(ctx, mesh, path, formats[k].format));
        tw[i] = (bu_now_ms() - t0) * 1e-3;
    }
    struct stat sb;
    r->bytes = stat(path, &sb) == 0 ? (double)sb.st_size : NAN;
    mm_read_options o = mm_read_options_default();
    o.precision = precision;
    for (int i = 0; i < runs && !formats[k].write_only; ++i) {
        mm_mesh back = NULL;
        double t0 = bu_now_ms();
        BU_MM_OK(ctx, mm_mesh_read(ctx, &back, path, &o));
        tr[i] = (bu_now_ms() - t0) * 1e-3;
        if (i == 0 && !same_mesh(ctx, back, ri, ra)) {
            fprintf(stderr, "bench_io: %s does not read back to the mesh written\n", path);
            exit(1);
        }
        mm_mesh_free(&back);
    }
    unlink(path);
    r->write_s = bu_median(tw, runs);
    r->read_s = formats[k].write_only ? NAN : bu_median(tr, runs);
    printf("%-10s %8.1f MB  write %7.3f s %8.1f MB/s   read %7.3f s %8.1f MB/s\n",
           formats[k].name, r->bytes * 1e-6, r->write_s, r->bytes * 1e-6 / r->write_s,
           r->read_s, r->bytes * 1e-6 / r->read_s);
    fflush(stdout);
}

/* An earlier run's figures from its JSON (one line per format, as written
 * below); formats not found stay NAN. */
static void read_previous(const char *path, format_result prev[NUM_FORMATS], char label[256])
{
    for (int k = 0; k < NUM_FORMATS; ++k) prev[k].bytes = prev[k].write_s = prev[k].read_s = NAN;
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        fprintf(stderr, "bench_io: cannot read %s\n", path);
        exit(1);
    }
    char line[1024], name[64];
    while (fgets(line, sizeof line, f) != NULL) {
        const char *b = strstr(line, "\"build\": \"");
        if (b != NULL) sscanf(b + 10, "%255[^\"]", label);
        format_result r;
        if (sscanf(line, " {\"format\": \"%63[^\"]\", \"bytes\": %lf, \"write_s\": %lf, "
                         "\"read_s\": %lf",
                   name, &r.bytes, &r.write_s, &r.read_s) != 4)
            continue;
        for (int k = 0; k < NUM_FORMATS; ++k)
            if (strcmp(name, formats[k].name) == 0) prev[k] = r;
    }
    fclose(f);
}

typedef struct run_info {
    char cpu[256], date[64], source[512], dir[512], build[256];
    long cores;
    int runs, have_previous;
    char previous_build[256];
    mm_mesh_info mesh;
} run_info;

static double mbps(double bytes, double s)
{
    return bytes * 1e-6 / s;
}

/* A figure for JSON (null when not measured) or Markdown (— then), into buf. */
static const char *figure(char *buf, size_t len, const char *fmt, double x, int json)
{
    if (isnan(x)) snprintf(buf, len, "%s", json ? "null" : "—");
    else snprintf(buf, len, fmt, x);
    return buf;
}

static void write_json(const char *out, const char *name, const run_info *ri,
                       const format_result r[NUM_FORMATS])
{
    char file[600];
    snprintf(file, sizeof file, "%s.json", name);
    FILE *j = bu_open_result(out, file);
    fprintf(j, "{\n  \"benchmark\": \"io\",\n  \"device\": \"host CPU: ");
    fprintf(j, "%s\",\n  \"cores\": %ld,\n  \"date\": \"%s\",\n  \"build\": ", ri->cpu,
            ri->cores, ri->date);
    bu_json_string(j, ri->build);
    fprintf(j, ",\n  \"mesh\": ");
    bu_json_string(j, ri->source);
    fprintf(j, ",\n  \"vertices\": %lld,\n  \"faces\": %lld,\n  \"folder\": ",
            (long long)ri->mesh.num_vertices, (long long)ri->mesh.num_faces);
    bu_json_string(j, ri->dir);
    fprintf(j, ",\n  \"runs\": %d,\n  \"formats\": [\n", ri->runs);
    for (int k = 0; k < NUM_FORMATS; ++k) {
        char rs[32], rm[32];
        fprintf(j, "    {\"format\": \"%s\", \"bytes\": %.0f, \"write_s\": %.4f, \"read_s\": "
                   "%s, \"write_mb_s\": %.1f, \"read_mb_s\": %s}%s\n",
                formats[k].name, r[k].bytes, r[k].write_s,
                figure(rs, sizeof rs, "%.4f", r[k].read_s, 1), mbps(r[k].bytes, r[k].write_s),
                figure(rm, sizeof rm, "%.1f", mbps(r[k].bytes, r[k].read_s), 1),
                k + 1 < NUM_FORMATS ? "," : "");
    }
    fprintf(j, "  ]\n}\n");
    if (fclose(j) != 0) exit(1);
}

static void write_markdown(const char *out, const char *name, const run_info *ri,
                           const format_result r[NUM_FORMATS],
                           const format_result prev[NUM_FORMATS])
{
    char file[600];
    snprintf(file, sizeof file, "%s.md", name);
    FILE *m = bu_open_result(out, file);
    fprintf(m,
            "# Mesh file throughput\n\n"
            "Device: host CPU: %s, %ld cores. Date: %s. Build: %s. Mesh: %s, %lld vertices, "
            "%lld faces, float64. Files in %s; %d runs each, MB/s from the median "
            "(MB = 10^6 bytes). Write: `mm_mesh_write` (export to the host, format, "
            "write, fsync, rename); read: `mm_mesh_read` (read the file, parse, validate, "
            "build the mesh), checked bit-exact against the mesh written.\n\n",
            ri->cpu, ri->cores, ri->date, ri->build, ri->source, (long long)ri->mesh.num_vertices,
            (long long)ri->mesh.num_faces, ri->dir, ri->runs);
    fprintf(m, "| format | MB | write s | write MB/s | read s | read MB/s |");
    if (ri->have_previous) fprintf(m, " before: write MB/s | before: read MB/s |");
    fprintf(m, "\n|---|---:|---:|---:|---:|---:|%s\n", ri->have_previous ? "---:|---:|" : "");
    for (int k = 0; k < NUM_FORMATS; ++k) {
        char a[32], b[32];
        fprintf(m, "| %s | %.1f | %.3f | %.1f | %s | %s |", formats[k].name, r[k].bytes * 1e-6,
                r[k].write_s, mbps(r[k].bytes, r[k].write_s),
                figure(a, sizeof a, "%.3f", r[k].read_s, 0),
                figure(b, sizeof b, "%.1f", mbps(r[k].bytes, r[k].read_s), 0));
        if (ri->have_previous)
            fprintf(m, " %s | %s |", figure(a, sizeof a, "%.1f", mbps(prev[k].bytes, prev[k].write_s), 0),
                    figure(b, sizeof b, "%.1f", mbps(prev[k].bytes, prev[k].read_s), 0));
        fprintf(m, "\n");
    }
    if (ri->have_previous)
        fprintf(m, "\nBefore: %s, the same mesh and folder on the same machine.\n",
                ri->previous_build);
    if (fclose(m) != 0) exit(1);
}

static void usage(const char *argv0)
{
    fprintf(stderr,
            "usage: %s OUT_DIR [--n N] [--mesh FILE] [--dir DIR] [--runs R] [--name NAME]\n"
            "                  [--build TEXT] [--previous FILE.json]\n",
            argv0);
    exit(2);
}

int main(int argc, char **argv)
{
    if (argc < 2) usage(argv[0]);
    const char *out = argv[1], *mesh_file = NULL, *dir = "/dev/shm", *name = "io-build-machine";
    const char *previous = NULL;
    int64_t n = 2240; /* 10.0M triangles */
    run_info ri;
    memset(&ri, 0, sizeof ri);
    ri.runs = 3;
    snprintf(ri.build, sizeof ri.build, "this tree");
    for (int i = 2; i < argc; ++i) {
        if (i + 1 >= argc) usage(argv[0]);
        const char *v = argv[++i];
        if (strcmp(argv[i - 1], "--n") == 0) n = atoll(v);
        else if (strcmp(argv[i - 1], "--mesh") == 0) mesh_file = v;
        else if (strcmp(argv[i - 1], "--dir") == 0) dir = v;
        else if (strcmp(argv[i - 1], "--runs") == 0) ri.runs = atoi(v);
        else if (strcmp(argv[i - 1], "--name") == 0) name = v;
        else if (strcmp(argv[i - 1], "--build") == 0) snprintf(ri.build, sizeof ri.build, "%s", v);
        else if (strcmp(argv[i - 1], "--previous") == 0) previous = v;
        else usage(argv[0]);
    }
    if (n < 2 || n > 40000 || ri.runs < 1 || ri.runs > MAX_RUNS) usage(argv[0]);
    mm_context_options co = mm_context_options_default();
    co.backend = MM_BACKEND_CPU;
    mm_context ctx = NULL;
    BU_MM_OK(ctx, mm_context_new(&ctx, &co));
    mm_mesh mesh = NULL;
    if (mesh_file != NULL) {
        BU_MM_OK(ctx, mm_mesh_read(ctx, &mesh, mesh_file, NULL));
        snprintf(ri.source, sizeof ri.source, "%s", mesh_file);
    } else {
        BU_MM_OK(ctx, make_torus(ctx, n, &mesh));
        snprintf(ri.source, sizeof ri.source, "torus grid %lld × %lld (generated)",
                 (long long)n, (long long)n);
    }
    mm_mesh_arrays ref;
    export_arrays(ctx, mesh, &ri.mesh, &ref);
    ri.cores = sysconf(_SC_NPROCESSORS_ONLN);
    snprintf(ri.dir, sizeof ri.dir, "%s", dir);
    bu_cpu_model(ri.cpu, sizeof ri.cpu);
    bu_date(ri.date, sizeof ri.date);
    printf("%s, %ld cores: %lld vertices, %lld faces, files in %s\n", ri.cpu, ri.cores,
           (long long)ri.mesh.num_vertices, (long long)ri.mesh.num_faces, dir);
    format_result r[NUM_FORMATS], prev[NUM_FORMATS];
    for (int k = 0; k < NUM_FORMATS; ++k)
        measure(ctx, mesh, dir, k, ri.runs, &ri.mesh, &ref, ri.mesh.precision, &r[k]);
    if (previous != NULL) {
        read_previous(previous, prev, ri.previous_build);
        ri.have_previous = 1;
    }
    write_json(out, name, &ri, r);
    write_markdown(out, name, &ri, r, prev);
    free_arrays(&ref);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
    return 0;
}
