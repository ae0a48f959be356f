/* cli_common.c: option parsing, context creation and error printing shared by
 * the meshmat subcommands. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "cli.h"

void cli_common_default(cli_common *c)
{
    c->backend = MM_BACKEND_AUTO;
    c->precision = MM_TYPE_FLOAT64;
    c->strict = 0;
    c->weld = CLI_WELD_STL;
    c->weld_tolerance = 0.0;
}

/* --weld [TOL] and --no-weld; TOL is taken when the next argument is a
 * number. Returns as cli_common_parse. */
static int parse_weld(cli_common *c, int argc, char **argv, int *i)
{
    if (strcmp(argv[*i], "--no-weld") == 0) {
        c->weld = CLI_WELD_NEVER;
        return 1;
    }
    if (strcmp(argv[*i], "--weld") != 0) return 0;
    c->weld = CLI_WELD_ALWAYS;
    c->weld_tolerance = 0.0;
    char *end = NULL;
    double t = *i + 1 < argc ? strtod(argv[*i + 1], &end) : 0.0;
    if (end == NULL || end == argv[*i + 1] || *end != '\0') return 1;
    ++*i;
    if (!(t >= 0.0) || !isfinite(t)) {
        fprintf(stderr, "meshmat: --weld takes a tolerance >= 0, not '%s'\n", argv[*i]);
        return -1;
    }
    c->weld_tolerance = t;
    return 1;
}

static int parse_backend(const char *v, mm_backend *b)
{
    if (strcmp(v, "auto") == 0) *b = MM_BACKEND_AUTO;
    else if (strcmp(v, "cpu") == 0) *b = MM_BACKEND_CPU;
    else if (strcmp(v, "cuda") == 0) *b = MM_BACKEND_CUDA;
    else return -1;
    return 0;
}

static int parse_precision(const char *v, mm_type *t)
{
    if (strcmp(v, "f32") == 0) *t = MM_TYPE_FLOAT32;
    else if (strcmp(v, "f64") == 0) *t = MM_TYPE_FLOAT64;
    else return -1;
    return 0;
}

int cli_common_parse(cli_common *c, int argc, char **argv, int *i)
{
    const char *a = argv[*i];
    int weld = parse_weld(c, argc, argv, i);
    if (weld != 0) return weld;
    if (strcmp(a, "--strict") == 0) {
        c->strict = 1;
        return 1;
    }
    int is_backend = strcmp(a, "--backend") == 0, is_precision = strcmp(a, "--precision") == 0;
    if (!is_backend && !is_precision) return 0;
    if (*i + 1 >= argc) {
        fprintf(stderr, "meshmat: %s needs a value\n", a);
        return -1;
    }
    const char *v = argv[++*i];
    if (is_backend && parse_backend(v, &c->backend) != 0) {
        fprintf(stderr, "meshmat: --backend takes auto, cpu or cuda, not '%s'\n", v);
        return -1;
    }
    if (is_precision && parse_precision(v, &c->precision) != 0) {
        fprintf(stderr, "meshmat: --precision takes f32 or f64, not '%s'\n", v);
        return -1;
    }
    return 1;
}

int cli_context(const cli_common *c, mm_context *ctx)
{
    mm_context_options o = mm_context_options_default();
    o.backend = c->backend;
    mm_status st = mm_context_new(ctx, &o);
    if (st == MM_OK) return CLI_OK;
    fprintf(stderr, "meshmat: cannot use the %s backend: %s\n",
            c->backend == MM_BACKEND_CUDA ? "CUDA" : "requested", mm_status_string(st));
    return st == MM_ERR_NO_DEVICE ? CLI_NO_DEVICE : CLI_FAILED;
}

int cli_fail(const char *cmd, mm_context ctx, mm_status st)
{
    fprintf(stderr, "meshmat %s: %s\n  %s\n", cmd, mm_status_string(st), mm_last_error(ctx));
    return CLI_FAILED;
}

mm_status cli_read(mm_context ctx, const cli_common *c, const char *path, mm_mesh *mesh)
{
    mm_read_options o = mm_read_options_default();
    o.precision = c->precision;
    o.keep_repeated = !c->strict;
    mm_status st = mm_mesh_read(ctx, mesh, path, &o);
    size_t n = strlen(path);
    int stl = n >= 4 && strcasecmp(path + n - 4, ".stl") == 0;
    if (st == MM_OK) cli_warn_reader_fvar(path, *mesh);
    if (st != MM_OK || c->weld == CLI_WELD_NEVER || (c->weld == CLI_WELD_STL && !stl)) return st;
    mm_weld_options w = mm_weld_options_default();
    w.tolerance = c->weld_tolerance;
    mm_weld_report r;
    mm_mesh welded = NULL;
    double t0 = cli_now_ms();
    st = mm_mesh_weld(ctx, *mesh, &w, &welded, &r);
    if (st == MM_OK) st = mm_context_synchronize(ctx);
    double t1 = cli_now_ms();
    mm_mesh_free(mesh);
    *mesh = welded;
    if (st != MM_OK) return st;
    char mode[48] = "exact";
    if (w.tolerance > 0) snprintf(mode, sizeof mode, "tolerance %g", w.tolerance);
    fprintf(stderr,
            "meshmat: weld %s (%s): %lld -> %lld vertices (%lld merged), %lld faces kept, %lld "
            "reduced, %lld dropped (%.2f ms)\n",
            path, mode, (long long)r.vertices_in,
            (long long)r.vertices_out, (long long)(r.vertices_in - r.vertices_out),
            (long long)r.faces_out, (long long)r.faces_reduced, (long long)r.faces_dropped,
            t1 - t0);
    if (r.creases_dropped + r.corners_dropped + r.holes_dropped > 0)
        fprintf(stderr, "meshmat: weld %s: tags dropped: %lld creases, %lld corners, %lld holes\n",
                path, (long long)r.creases_dropped, (long long)r.corners_dropped,
                (long long)r.holes_dropped);
    return MM_OK;
}

double cli_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}
