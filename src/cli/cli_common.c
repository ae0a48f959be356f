/* cli_common.c: option parsing, context creation and error printing shared by
 * the meshmat subcommands. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "cli.h"

void cli_common_default(cli_common *c)
{
    c->backend = MM_BACKEND_AUTO;
    c->precision = MM_TYPE_FLOAT64;
    c->strict = 0;
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
    return mm_mesh_read(ctx, mesh, path, &o);
}

double cli_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}
