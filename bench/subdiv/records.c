/* records.c: bench_subdiv's result records and their JSON and Markdown
 * (records.h). */
#include "records.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"

void sd_add(sd_records *all, const sd_record *rec)
{
    if (all->count == all->cap) {
        int cap = all->cap ? 2 * all->cap : 64;
        sd_record *r = realloc(all->r, (size_t)cap * sizeof *r);
        if (r == NULL) exit(1);
        all->r = r;
        all->cap = cap;
    }
    all->r[all->count++] = *rec;
}

double sd_roofline(const sd_records *all, const sd_record *rec)
{
    if (rec->host || strcmp(rec->status, "ok") != 0) return NAN;
    return rec->min_bytes / (rec->total_ms * 1e6) / all->copy_GBps;
}

static int is_ok(const sd_record *r)
{
    return strcmp(r->status, "ok") == 0;
}

/* The ok record of (mesh, scheme, level, method), or NULL. */
static const sd_record *find(const sd_records *all, const char *mesh, const char *scheme,
                             int level, const char *method)
{
    for (int i = 0; i < all->count; ++i) {
        const sd_record *r = &all->r[i];
        if (r->level == level && is_ok(r) && strcmp(r->mesh, mesh) == 0 &&
            strcmp(r->scheme, scheme) == 0 && strcmp(r->method, method) == 0)
            return r;
    }
    return NULL;
}

static void write_record(FILE *j, const sd_records *all, const sd_record *r)
{
    fputs("    {\"device\": ", j);
    bu_json_string(j, r->host ? all->host_cpu : all->device);
    fprintf(j, ", \"date\": \"%s\", \"mesh\": ", all->date);
    bu_json_string(j, r->mesh);
    fprintf(j, ", \"scheme\": \"%s\", \"level\": %d, \"method\": \"%s\", \"where\": \"%s\", "
               "\"control_faces\": %lld, \"refined_faces\": %lld, \"stages_ms\": {",
            r->scheme, r->level, r->method, r->host ? "host" : "gpu",
            (long long)r->control_faces, (long long)r->refined_faces);
    for (int s = 0; s < r->num_stages; ++s)
        fprintf(j, "%s\"%s\": %.4f", s ? ", " : "", r->stage_names[s], r->stage_ms[s]);
    fputs("}, \"total_ms\": ", j);
    bu_json_number(j, "%.4f", r->total_ms);
    fputs(", \"setup_ms\": ", j);
    bu_json_number(j, "%.3f", r->setup_ms);
    fputs(", \"peak_bytes\": ", j);
    bu_json_number(j, "%.0f", r->peak_bytes);
    fputs(", \"min_bytes\": ", j);
    bu_json_number(j, "%.0f", r->min_bytes);
    fputs(", \"final_mesh_bytes\": ", j);
    bu_json_number(j, "%.0f", r->final_bytes);
    fputs(", \"roofline_fraction\": ", j);
    bu_json_number(j, "%.4f", sd_roofline(all, r));
    fprintf(j, ", \"runs\": %d, \"status\": \"%s\", \"message\": ", r->runs, r->status);
    bu_json_string(j, r->message);
    fputs("}", j);
}

static void write_json(const sd_records *all, const char *dir)
{
    FILE *j = bu_open_result(dir, "subdiv.json");
    fputs("{\n  \"benchmark\": \"subdiv\",\n  \"device\": ", j);
    bu_json_string(j, all->device);
    fputs(",\n  \"host_cpu\": ", j);
    bu_json_string(j, all->host_cpu);
    fprintf(j, ",\n  \"date\": \"%s\",\n  \"copy_GBps\": %.1f,\n  \"records\": [\n", all->date,
            all->copy_GBps);
    for (int i = 0; i < all->count; ++i) {
        write_record(j, all, &all->r[i]);
        fputs(i + 1 < all->count ? ",\n" : "\n", j);
    }
    fputs("  ]\n}\n", j);
    if (fclose(j) != 0) exit(1);
}

/* Whether record i is the first of its (mesh, scheme), of its method within
 * that, or of its level within that: tables and columns follow the order in
 * which records were added. */
static int first_of_case(const sd_records *all, int i)
{
    for (int k = 0; k < i; ++k)
        if (strcmp(all->r[k].mesh, all->r[i].mesh) == 0 &&
            strcmp(all->r[k].scheme, all->r[i].scheme) == 0)
            return 0;
    return 1;
}

static int first_method_of_case(const sd_records *all, int i)
{
    for (int k = 0; k < i; ++k)
        if (strcmp(all->r[k].mesh, all->r[i].mesh) == 0 &&
            strcmp(all->r[k].scheme, all->r[i].scheme) == 0 &&
            strcmp(all->r[k].method, all->r[i].method) == 0)
            return 0;
    return 1;
}

static int first_level_of_case(const sd_records *all, int i)
{
    for (int k = 0; k < i; ++k)
        if (strcmp(all->r[k].mesh, all->r[i].mesh) == 0 &&
            strcmp(all->r[k].scheme, all->r[i].scheme) == 0 && all->r[k].level == all->r[i].level)
            return 0;
    return 1;
}

/* The table of one (mesh, scheme): a row per level, a column per method
 * (median total ms), then the methods that did not run and why. */
static void write_table(FILE *m, const sd_records *all, int c)
{
    const sd_record *rc = &all->r[c];
    fprintf(m, "\n## %s, %s (%lld control faces)\n\n| level | refined faces |", rc->mesh,
            rc->scheme, (long long)rc->control_faces);
    for (int i = c; i < all->count; ++i)
        if (!strcmp(all->r[i].mesh, rc->mesh) && !strcmp(all->r[i].scheme, rc->scheme) &&
            first_method_of_case(all, i))
            fprintf(m, " %s ms |", all->r[i].method);
    fputs(" roofline | peak / final |\n|---:|---:|", m);
    for (int i = c; i < all->count; ++i)
        if (!strcmp(all->r[i].mesh, rc->mesh) && !strcmp(all->r[i].scheme, rc->scheme) &&
            first_method_of_case(all, i))
            fputs("---:|", m);
    fputs("---:|---:|\n", m);
    for (int l = c; l < all->count; ++l) {
        const sd_record *rl = &all->r[l];
        if (strcmp(rl->mesh, rc->mesh) || strcmp(rl->scheme, rc->scheme) ||
            !first_level_of_case(all, l))
            continue;
        fprintf(m, "| %d | %lld |", rl->level, (long long)rl->refined_faces);
        for (int i = c; i < all->count; ++i) {
            const sd_record *ri = &all->r[i];
            if (strcmp(ri->mesh, rc->mesh) || strcmp(ri->scheme, rc->scheme) ||
                !first_method_of_case(all, i))
                continue;
            const sd_record *r = find(all, rc->mesh, rc->scheme, rl->level, ri->method);
            if (r)
                fprintf(m, " %.3f%s |", r->total_ms, r->runs < 20 ? "*" : "");
            else
                fputs(" n/a |", m);
        }
        const sd_record *d = find(all, rc->mesh, rc->scheme, rl->level, "specialized-dynamic");
        if (d == NULL) d = find(all, rc->mesh, rc->scheme, rl->level, "generic-dynamic");
        if (d)
            fprintf(m, " %.1f%% (%s) | %.2f |\n", 100.0 * sd_roofline(all, d),
                    d->method, d->peak_bytes / d->final_bytes);
        else
            fputs(" n/a | n/a |\n", m);
    }
    for (int i = c; i < all->count; ++i) {
        const sd_record *r = &all->r[i];
        if (strcmp(r->mesh, rc->mesh) || strcmp(r->scheme, rc->scheme) || is_ok(r)) continue;
        int first = 1;
        for (int k = c; k < i && first; ++k)
            first = strcmp(all->r[k].mesh, r->mesh) || strcmp(all->r[k].scheme, r->scheme) ||
                    strcmp(all->r[k].method, r->method) || strcmp(all->r[k].status, r->status) ||
                    is_ok(&all->r[k]);
        if (first)
            fprintf(m, "\n- %s from level %d: %s: %s", r->method, r->level, r->status,
                    r->message);
    }
    fputs("\n", m);
}

/* One bar: the ratio num / den of two methods' totals at the largest level
 * where both ran, against the bar's target; 0 when they never both ran. */
static int write_ratio(FILE *m, const sd_records *all, const sd_record *rc, const char *what,
                       const char *num, const char *den, double target)
{
    char label[160];
    snprintf(label, sizeof label, "%s, %s", rc->mesh, rc->scheme);
    for (int level = 64; level >= 0; --level) {
        const sd_record *a = find(all, rc->mesh, rc->scheme, level, num);
        const sd_record *b = find(all, rc->mesh, rc->scheme, level, den);
        if (a && b) {
            double x = a->total_ms / b->total_ms;
            /* two decimals near a bar of a few times, where 1.98 is not 2 */
            fprintf(m, "| %s | %s | %s / %s at level %d (%lld faces) | %.*f× | %.0f× | %s |\n",
                    label, what, num, den, level, (long long)a->refined_faces, x < 10.0 ? 2 : 1,
                    x, target, x >= target ? "met" : "not met");
            return 1;
        }
    }
    fprintf(m, "| %s | %s | %s / %s | n/a | %.0f× | not measured |\n", label, what, num, den,
            target);
    return 0;
}

/* The faster ok dynamic method (specialized or generic) at the largest level. */
static const sd_record *best_dynamic(const sd_records *all, const sd_record *rc)
{
    for (int level = 64; level >= 0; --level) {
        const sd_record *s = find(all, rc->mesh, rc->scheme, level, "specialized-dynamic");
        const sd_record *g = find(all, rc->mesh, rc->scheme, level, "generic-dynamic");
        if (s && g) return s->total_ms <= g->total_ms ? s : g;
        if (s || g) return s ? s : g;
    }
    return NULL;
}

static void write_bars(FILE *m, const sd_records *all, int c)
{
    const sd_record *rc = &all->r[c];
    int sqrt3 = strcmp(rc->scheme, "sqrt3") == 0;
    char label[160];
    snprintf(label, sizeof label, "%s, %s", rc->mesh, rc->scheme);
    write_ratio(m, all, rc, "specialized ≥ 10× generic", "generic-dynamic", "specialized-dynamic",
                10.0);
    const char *peer = sqrt3 ? "openmesh-sqrt3" : "opensubdiv-far";
    const char *bar = sqrt3 ? "≥ 100× OpenMesh √3" : "≥ 1000× OpenSubdiv (prep + eval)";
    double target = sqrt3 ? 100.0 : 1000.0;
    /* Without the specialized path, the generic path's figure against the peer. */
    if (!write_ratio(m, all, rc, bar, peer, "specialized-dynamic", target))
        write_ratio(m, all, rc, bar, peer, "generic-dynamic", target);
    write_ratio(m, all, rc, "static composite faster than cuSPARSE", "cusparse-spmv-R",
                "static-composite", 1.0);
    write_ratio(m, all, rc, "static levels faster than cuSPARSE", "cusparse-spmv-R",
                "static-levels", 1.0);
    const sd_record *d = best_dynamic(all, rc);
    if (d == NULL) {
        fprintf(m, "| %s | roofline ≥ 35%%, peak ≤ 1.5× final | no dynamic run | n/a | | |\n",
                label);
        return;
    }
    double roof = sd_roofline(all, d), peak = d->peak_bytes / d->final_bytes;
    fprintf(m, "| %s | roofline fraction ≥ 35%% | %s at level %d (%lld faces) | %.1f%% | 35%% "
               "| %s |\n",
            label, d->method, d->level, (long long)d->refined_faces, 100.0 * roof,
            roof >= 0.35 ? "met" : "not met");
    fprintf(m, "| %s | peak device memory ≤ 1.5× final mesh | %s at level %d: %.0f MB / %.0f MB "
               "| %.2f× | 1.5× | %s |\n",
            label, d->method, d->level, d->peak_bytes / 1e6, d->final_bytes / 1e6, peak,
            peak <= 1.5 ? "met" : "not met");
}

/* The largest level of (mesh, scheme) where method ran, with at most
 * max_faces refined faces; NULL when none. */
static const sd_record *largest(const sd_records *all, const sd_record *rc, const char *method,
                                int64_t max_faces)
{
    for (int level = 64; level >= 0; --level) {
        const sd_record *r = find(all, rc->mesh, rc->scheme, level, method);
        if (r && r->refined_faces <= max_faces) return r;
    }
    return NULL;
}

/* Issue 19's bars for one case with eval-only methods: each width's roofline
 * at the last level (a bar from 30M faces), eval against the dynamic
 * subdivide, and a small level's call in the loop (up to 50,000 faces, as
 * spot's cage to level 4). */
static void write_eval_bars(FILE *m, const sd_records *all, int c)
{
    static const char *const widths[2] = {"specialized-eval-d3", "specialized-eval-d12"};
    const sd_record *rc = &all->r[c];
    const sd_record *last[2] = {largest(all, rc, widths[0], INT64_MAX),
                                largest(all, rc, widths[1], INT64_MAX)};
    if (last[0] == NULL) return;
    char label[160];
    snprintf(label, sizeof label, "%s, %s", rc->mesh, rc->scheme);
    for (int k = 0; k < 2; ++k) {
        const sd_record *e = last[k];
        if (e == NULL) continue;
        double roof = sd_roofline(all, e);
        fprintf(m, "| %s | eval roofline ≥ 60%% | %s at level %d (%lld faces) | %.1f%% | 60%% | %s |\n",
                label, e->method, e->level, (long long)e->refined_faces, 100.0 * roof,
                e->refined_faces < 30000000 ? "n/a (below 30M faces)"
                                             : roof >= 0.60 ? "met" : "not met");
    }
    write_ratio(m, all, rc, "eval ≥ 2× the dynamic subdivide", "specialized-dynamic", widths[0],
                2.0);
    const sd_record *small = largest(all, rc, "specialized-eval-loop", 50000);
    if (small)
        fprintf(m, "| %s | a small level's call ≤ 25 µs | specialized-eval-loop at level %d (%lld "
                   "faces) | %.1f µs | 25 µs | %s |\n",
                label, small->level, (long long)small->refined_faces, 1e3 * small->total_ms,
                1e3 * small->total_ms <= 25.0 ? "met" : "not met");
}

static void write_md(const sd_records *all, const char *dir)
{
    FILE *m = bu_open_result(dir, "subdiv.md");
    fprintf(m,
            "# Uniform subdivision (bench/bench_subdiv.c)\n\n"
            "GPU: %s. Host peers: %s (one thread). Date: %s. Device copy bandwidth %.0f GB/s "
            "(read + write).\n\n"
            "Each cell is the median total in ms: GPU methods with CUDA events after a warm-up, "
            "over 20 runs (* fewer: a run budget caps the largest sizes, see `runs` in "
            "subdiv.json); host peers with a monotonic clock over 1–3 runs. Dynamic methods "
            "and host peers time the whole refinement (topology and positions); static and "
            "cuSPARSE methods time the evaluation only, after one build (`setup_ms`). Roofline "
            "= (minimal bytes / time) / copy bandwidth, minimal bytes = control mesh and its "
            "vertex data read once + final topology (uint32) and vertex data written once "
            "(vertex data alone for eval-only methods); peak / final = peak device bytes over "
            "the bytes of the final refined mesh. Stage times are in subdiv.json.\n",
            all->device, all->host_cpu, all->date, all->copy_GBps);
    for (int c = 0; c < all->count; ++c)
        if (first_of_case(all, c)) write_table(m, all, c);
    fputs("\n## Issue bars (issues 5 and 6)\n\n| mesh | bar | measured | figure | target | "
          "verdict |\n|---|---|---|---:|---:|---|\n", m);
    for (int c = 0; c < all->count; ++c)
        if (first_of_case(all, c)) write_bars(m, all, c);
    fputs("\n## Evaluation bars (issue 19: float32, roofline by its byte model)\n\n| mesh | bar "
          "| measured | figure | target | verdict |\n|---|---|---|---:|---:|---|\n", m);
    for (int c = 0; c < all->count; ++c)
        if (first_of_case(all, c)) write_eval_bars(m, all, c);
    if (fclose(m) != 0) exit(1);
}

void sd_write(const sd_records *all, const char *dir)
{
    write_json(all, dir);
    write_md(all, dir);
}
