/* bench_weld.c: mm_mesh_weld on a large triangle soup. A torus of
 * nu × nv quads cut into triangles (≥ 10M by default) is written as a soup
 * in memory, as an STL file holds it (float32, three vertex copies per
 * triangle, the copies shuffled), and welded exactly on the context's backend
 * (CUDA when there is a device, else the CPU on every core), against a host
 * baseline on one thread: qsort of (x, y, z, index) records, then a scan of
 * the sorted runs and the faces re-indexed. Both must find the torus's
 * nu · nv vertices and drop no face, or the bench fails.
 *   usage: bench_weld OUT_DIR [triangles] [runs] [stem]
 *          → OUT_DIR/<stem>.{json,md} (stem: weld) */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unistd.h>

#include "bench_util.h"

typedef struct soup {
    int64_t nu, nv, triangles, vertices;
    float *xyz;    /* 3 per soup vertex */
    uint32_t *ids; /* 3 per triangle    */
} soup;

static uint64_t lcg(uint64_t *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return *s >> 33;
}

/* The torus (radii 1 and 0.4) as a shuffled soup of 2 nu nv triangles. */
static int make_soup(soup *s, int64_t triangles)
{
    s->nv = (int64_t)ceil(sqrt((double)triangles / 4.0));
    s->nu = 2 * s->nv;
    s->triangles = 2 * s->nu * s->nv;
    s->vertices = 3 * s->triangles;
    s->xyz = malloc((size_t)s->vertices * 3 * sizeof *s->xyz);
    s->ids = malloc((size_t)s->vertices * sizeof *s->ids);
    uint32_t *perm = malloc((size_t)s->vertices * sizeof *perm);
    if (s->xyz == NULL || s->ids == NULL || perm == NULL) return -1;
    for (int64_t i = 0; i < s->vertices; ++i) perm[i] = (uint32_t)i;
    uint64_t seed = 12345;
    for (int64_t i = s->vertices - 1; i > 0; --i) {
        int64_t j = (int64_t)(((lcg(&seed) << 31) ^ lcg(&seed)) % (uint64_t)(i + 1));
        uint32_t t = perm[i];
        perm[i] = perm[j];
        perm[j] = t;
    }
    const double pi = 3.14159265358979323846;
    int64_t c = 0;
    for (int64_t j = 0; j < s->nv; ++j)
        for (int64_t i = 0; i < s->nu; ++i) {
            int64_t q[4][2] = {{i, j}, {i + 1, j}, {i + 1, j + 1}, {i, j + 1}};
            static const int cut[6] = {0, 1, 2, 0, 2, 3};
            for (int k = 0; k < 6; ++k, ++c) {
                /* the grid wraps: index nu is index 0, the same bits */
                double u = 2 * pi * (double)(q[cut[k]][0] % s->nu) / (double)s->nu;
                double v = 2 * pi * (double)(q[cut[k]][1] % s->nv) / (double)s->nv;
                float *x = s->xyz + 3 * (int64_t)perm[c];
                x[0] = (float)((1.0 + 0.4 * cos(v)) * cos(u));
                x[1] = (float)((1.0 + 0.4 * cos(v)) * sin(u));
                x[2] = (float)(0.4 * sin(v));
                s->ids[c] = perm[c];
            }
        }
    free(perm);
    return 0;
}

/* ---- the baseline: one thread, qsort ---------------------------------- */

typedef struct record {
    float x, y, z;
    uint32_t index;
} record;

static int by_position_then_index(const void *pa, const void *pb)
{
    const record *a = pa, *b = pb;
    if (a->x != b->x) return a->x < b->x ? -1 : 1;
    if (a->y != b->y) return a->y < b->y ? -1 : 1;
    if (a->z != b->z) return a->z < b->z ? -1 : 1;
    return a->index < b->index ? -1 : a->index > b->index;
}

/* The same classes and numbering as mm_mesh_weld (representative = smallest
 * index, classes in its order), faces re-indexed, collapsed ones dropped;
 * returns the number of classes, *faces the faces kept. */
static int64_t baseline_weld(const soup *s, uint32_t *new_ids, int64_t *faces)
{
    int64_t n = s->vertices, classes = 0, kept = 0;
    record *r = malloc((size_t)n * sizeof *r);
    uint32_t *rep = malloc((size_t)n * sizeof *rep);
    uint32_t *rank = malloc((size_t)n * sizeof *rank);
    if (r == NULL || rep == NULL || rank == NULL) exit(1);
    for (int64_t i = 0; i < n; ++i)
        r[i] = (record){s->xyz[3 * i], s->xyz[3 * i + 1], s->xyz[3 * i + 2], (uint32_t)i};
    qsort(r, (size_t)n, sizeof *r, by_position_then_index);
    for (int64_t k = 0; k < n; ++k) {
        int same = k > 0 && r[k].x == r[k - 1].x && r[k].y == r[k - 1].y && r[k].z == r[k - 1].z;
        rep[r[k].index] = same ? rep[r[k - 1].index] : r[k].index;
    }
    for (int64_t i = 0; i < n; ++i)
        if (rep[i] == (uint32_t)i) rank[i] = (uint32_t)classes++;
    for (int64_t t = 0; t < s->triangles; ++t) {
        uint32_t a = rank[rep[s->ids[3 * t]]], b = rank[rep[s->ids[3 * t + 1]]],
                 c = rank[rep[s->ids[3 * t + 2]]];
        if (a == b || b == c || c == a) continue;
        new_ids[3 * kept] = a, new_ids[3 * kept + 1] = b, new_ids[3 * kept + 2] = c;
        ++kept;
    }
    free(r);
    free(rep);
    free(rank);
    *faces = kept;
    return classes;
}

/* ---- results -------------------------------------------------------------- */

typedef struct results {
    const char *device;
    char cpu[256], date[64];
    int threads, runs, baseline_runs;
    int64_t triangles, vertices_in, vertices_out;
    double weld_ms, weld_best, stage_ms, baseline_ms, baseline_best;
} results;

static int report(const char *dir, const char *stem, const results *r)
{
    char name[256];
    snprintf(name, sizeof name, "%s.json", stem);
    FILE *j = bu_open_result(dir, name);
    fprintf(j, "{\n  \"benchmark\": \"weld\",\n  \"device\": ");
    bu_json_string(j, r->device);
    fprintf(j, ",\n  \"host_cpu\": ");
    bu_json_string(j, r->cpu);
    fprintf(j,
            ",\n  \"cpu_threads\": %d,\n  \"date\": \"%s\",\n  \"input\": \"torus soup, float32, "
            "vertex copies shuffled\",\n  \"triangles\": %lld,\n  \"vertices_in\": %lld,\n"
            "  \"vertices_out\": %lld,\n  \"runs\": %d,\n  \"baseline_runs\": %d,\n",
            r->threads, r->date, (long long)r->triangles, (long long)r->vertices_in,
            (long long)r->vertices_out, r->runs, r->baseline_runs);
    fprintf(j, "  \"mm_mesh_weld_ms\": ");
    bu_json_number(j, "%.2f", r->weld_ms);
    fprintf(j, ",\n  \"mm_mesh_weld_best_ms\": ");
    bu_json_number(j, "%.2f", r->weld_best);
    fprintf(j, ",\n  \"weld_stage_ms\": ");
    bu_json_number(j, "%.2f", r->stage_ms);
    fprintf(j, ",\n  \"baseline_qsort_ms\": ");
    bu_json_number(j, "%.2f", r->baseline_ms);
    fprintf(j, ",\n  \"baseline_qsort_best_ms\": ");
    bu_json_number(j, "%.2f", r->baseline_best);
    fprintf(j, ",\n  \"speedup\": ");
    bu_json_number(j, "%.2f", r->baseline_ms / r->weld_ms);
    fprintf(j, "\n}\n");
    int bad = fclose(j) != 0;
    snprintf(name, sizeof name, "%s.md", stem);
    FILE *m = bu_open_result(dir, name);
    double mv = (double)r->vertices_in * 1e-6;
    fprintf(m,
            "# Welding a triangle soup (mm_mesh_weld, exact)\n\n"
            "Device: %s (host CPU: %s, %d threads). Date: %s. Input: a torus of %lld "
            "triangles as a soup, %lld float32 vertex copies in shuffled order (an STL file's "
            "layout), welded to %lld vertices. mm_mesh_weld: median of %d runs after one "
            "warm-up, synchronized; the baseline: one host thread, qsort of (x, y, z, index) "
            "records, a scan of the runs, the faces re-indexed, median of %d runs.\n\n"
            "| method | median ms | best ms | M input vertices/s |\n|---|---:|---:|---:|\n"
            "| `mm_mesh_weld` (%s) | %.1f | %.1f | %.1f |\n"
            "| qsort baseline (1 thread) | %.1f | %.1f | %.1f |\n\n"
            "Speed-up: %.1f×. The weld's `weld` stage (context timer): %.1f ms.\n",
            r->device, r->cpu, r->threads, r->date, (long long)r->triangles,
            (long long)r->vertices_in, (long long)r->vertices_out, r->runs, r->baseline_runs,
            r->device, r->weld_ms, r->weld_best, mv / (r->weld_ms * 1e-3), r->baseline_ms,
            r->baseline_best, mv / (r->baseline_ms * 1e-3), r->baseline_ms / r->weld_ms,
            r->stage_ms);
    bad |= fclose(m) != 0;
    return bad ? -1 : 0;
}

/* The median of the context's "weld" stage over the timed runs. */
static double weld_stage_ms(mm_context ctx)
{
    double t[100];
    int n = 0;
    for (int i = 0; i < mm_context_stage_count(ctx) && n < 100; ++i) {
        const char *name;
        double ms;
        if (mm_context_stage(ctx, i, &name, &ms) == MM_OK && strcmp(name, "weld") == 0)
            t[n++] = ms;
    }
    return bu_median(t, n);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s OUT_DIR [triangles = 10000000] [runs = 5] [stem = weld]\n",
                argv[0]);
        return 2;
    }
    int64_t triangles = argc > 2 ? atoll(argv[2]) : 10000000;
    results r = {0};
    r.runs = argc > 3 ? atoi(argv[3]) : 5;
    r.baseline_runs = r.runs < 3 ? r.runs : 3;
    const char *stem = argc > 4 ? argv[4] : "weld";
    if (triangles < 1 || r.runs < 1 || r.runs > 100) return 2;
    soup s;
    if (make_soup(&s, triangles) != 0) {
        fprintf(stderr, "bench_weld: no memory for the soup\n");
        return 1;
    }
    r.triangles = s.triangles;
    r.vertices_in = s.vertices;
    mm_context_options o = mm_context_options_default();
    o.timing = 1;
    mm_context ctx = NULL;
    BU_MM_OK(ctx, mm_context_new(&ctx, &o));
    mm_mesh_desc d = {0};
    d.num_vertices = s.vertices;
    d.dim = 3;
    d.vertex_type = MM_TYPE_FLOAT32;
    d.vertices = s.xyz;
    d.num_faces = s.triangles;
    d.face_order = 3;
    d.face_vertices = s.ids;
    mm_mesh mesh = NULL;
    BU_MM_OK(ctx, mm_mesh_new(ctx, &mesh, &d));
    double t[100];
    for (int k = -1; k < r.runs; ++k) {
        mm_mesh out = NULL;
        mm_weld_report w;
        if (k == 0) mm_context_clear_stages(ctx);
        double t0 = bu_now_ms();
        BU_MM_OK(ctx, mm_mesh_weld(ctx, mesh, NULL, &out, &w));
        BU_MM_OK(ctx, mm_context_synchronize(ctx));
        if (k >= 0) t[k] = bu_now_ms() - t0;
        mm_mesh_free(&out);
        if (w.vertices_out != s.nu * s.nv || w.faces_dropped != 0) {
            fprintf(stderr, "bench_weld: %lld vertices, %lld faces dropped; expected %lld, 0\n",
                    (long long)w.vertices_out, (long long)w.faces_dropped,
                    (long long)(s.nu * s.nv));
            return 1;
        }
        r.vertices_out = w.vertices_out;
    }
    r.weld_ms = bu_median(t, r.runs); /* sorts t */
    r.weld_best = t[0];
    r.stage_ms = weld_stage_ms(ctx);
    uint32_t *new_ids = malloc((size_t)s.vertices * sizeof *new_ids);
    for (int k = 0; k < r.baseline_runs && new_ids; ++k) {
        int64_t faces = 0;
        double t0 = bu_now_ms();
        int64_t classes = baseline_weld(&s, new_ids, &faces);
        t[k] = bu_now_ms() - t0;
        if (classes != r.vertices_out || faces != s.triangles) {
            fprintf(stderr, "bench_weld: the baseline found %lld vertices, %lld faces\n",
                    (long long)classes, (long long)faces);
            return 1;
        }
    }
    r.baseline_ms = bu_median(t, r.baseline_runs);
    r.baseline_best = t[0];
    free(new_ids);
    r.device = mm_context_device_name(ctx);
    /* the CPU backend's threads: OMP_NUM_THREADS, else one per online core */
    const char *omp = getenv("OMP_NUM_THREADS");
    r.threads = omp && atoi(omp) > 0 ? atoi(omp) : (int)sysconf(_SC_NPROCESSORS_ONLN);
    bu_cpu_model(r.cpu, sizeof r.cpu);
    bu_date(r.date, sizeof r.date);
    printf("%s: %lld triangles, %lld -> %lld vertices: mm_mesh_weld %.1f ms, qsort baseline "
           "%.1f ms (%.1fx)\n",
           r.device, (long long)r.triangles, (long long)r.vertices_in,
           (long long)r.vertices_out, r.weld_ms, r.baseline_ms, r.baseline_ms / r.weld_ms);
    int rc = report(argv[1], stem, &r) == 0 ? 0 : 1;
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
    free(s.xyz);
    free(s.ids);
    return rc;
}
