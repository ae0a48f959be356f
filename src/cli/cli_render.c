/* cli_render.c: `meshmat render IN -o OUT.png [--size WxH] [--wireframe]`:
 * read any mesh the tool reads, draw it (render_raster.h) and write the PNG
 * (png_write.h) atomically through the library's output file
 * (mesh_write_file.h: a temporary beside OUT, renamed over it when whole). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../mesh/mesh_write_file.h"
#include "cli.h"
#include "png_write.h"
#include "render_raster.h"

#define MAX_SIDE 4096

static const char usage[] =
    "usage: meshmat render IN -o OUT.png [--size WxH] [--wireframe]\n"
    "                      [--precision f32|f64] [--backend auto|cpu|cuda] [--strict]\n"
    "\n"
    "Draws IN (any format the tool reads) as a PNG picture: a perspective view\n"
    "from the front right, above, fitted to the mesh's bounding box, flat-shaded\n"
    "faces (back faces warm grey) on white; --wireframe draws the polygons' edges\n"
    "on top. --size: the picture in pixels, 1 to 4096 each way (default 640x480).\n";

/* "WxH" with both in [1, MAX_SIDE]; 0, or -1. */
static int parse_size(const char *s, int *w, int *h)
{
    char *end;
    long a = strtol(s, &end, 10);
    if (end == s || (*end != 'x' && *end != 'X') || a < 1 || a > MAX_SIDE) return -1;
    const char *t = end + 1;
    long b = strtol(t, &end, 10);
    if (end == t || *end != '\0' || b < 1 || b > MAX_SIDE || *t == '+' || *t == '-') return -1;
    *w = (int)a;
    *h = (int)b;
    return 0;
}

/* The mesh in host memory as the renderer reads it (coordinates as doubles,
 * zeros past the mesh's columns, holes hidden). */
typedef struct host_copy {
    mm_mesh_info info;
    double *xyz;
    void *vertices;
    int64_t *offsets;
    uint32_t *ids, *holes;
    unsigned char *hidden;
} host_copy;

static void host_copy_free(host_copy *h)
{
    free(h->xyz);
    free(h->vertices);
    free(h->offsets);
    free(h->ids);
    free(h->holes);
    free(h->hidden);
}

/* Prints why and returns the exit code on failure. */
static int host_copy_get(mm_context ctx, mm_mesh mesh, const char *path, host_copy *h)
{
    mm_status st = mm_mesh_info_get(mesh, &h->info);
    const mm_mesh_info *in = &h->info;
    if (st != MM_OK) return cli_fail("render", ctx, st);
    int single = in->precision == MM_TYPE_FLOAT32;
    size_t nv = (size_t)in->num_vertices, nf = (size_t)in->num_faces;
    h->vertices = malloc(nv * (size_t)in->dim * (single ? sizeof(float) : sizeof(double)) + 1);
    h->xyz = malloc(3 * nv * sizeof *h->xyz + 1);
    h->offsets = malloc((nf + 1) * sizeof *h->offsets);
    h->ids = malloc((size_t)in->nnz * sizeof *h->ids + 1);
    h->holes = malloc((size_t)in->num_holes * sizeof *h->holes + 1);
    h->hidden = calloc(nf + 1, 1);
    if (!h->vertices || !h->xyz || !h->offsets || !h->ids || !h->holes || !h->hidden) {
        fprintf(stderr, "meshmat render: out of memory for a host copy of %s\n", path);
        return CLI_FAILED;
    }
    mm_mesh_arrays a = {h->vertices, h->offsets, h->ids, NULL, NULL, NULL, NULL, h->holes};
    if ((st = mm_mesh_export(mesh, &a)) != MM_OK) return cli_fail("render", ctx, st);
    for (size_t v = 0; v < nv; ++v)
        for (int k = 0; k < 3; ++k) {
            size_t i = v * (size_t)in->dim + (size_t)k;
            h->xyz[3 * v + (size_t)k] = k >= in->dim ? 0
                                        : single     ? ((const float *)h->vertices)[i]
                                                     : ((const double *)h->vertices)[i];
        }
    for (int64_t i = 0; i < in->num_holes; ++i) h->hidden[h->holes[i]] = 1;
    return CLI_OK;
}

/* Draws and writes the picture; prints why and returns the exit code on failure. */
static int draw_and_write(const host_copy *h, int wireframe, int width, int height,
                          const char *out, double *draw_ms)
{
    render_mesh m = {h->info.num_vertices, h->info.num_faces, h->xyz, h->offsets, h->ids,
                     h->hidden};
    unsigned char *rgb = malloc((size_t)width * (size_t)height * 3);
    double t0 = cli_now_ms();
    int err = rgb == NULL ? ENOMEM : render_draw(&m, wireframe, width, height, rgb);
    *draw_ms = cli_now_ms() - t0;
    mmi_out_file file;
    const char *step = "cannot open for writing";
    if (err == 0 && (err = mmi_out_open(&file, out)) == 0) {
        step = "write failed";
        if ((err = png_write(file.f, width, height, rgb)) != 0) mmi_out_abort(&file);
        else err = mmi_out_commit(&file, &step);
    }
    free(rgb);
    if (err == 0) return CLI_OK;
    if (err == ENOMEM)
        fprintf(stderr, "meshmat render: out of memory for a %dx%d picture\n", width, height);
    else
        fprintf(stderr, "meshmat render: %s: %s: %s\n", out, step, strerror(err));
    return CLI_FAILED;
}

int cli_render(int argc, char **argv)
{
    cli_common c;
    cli_common_default(&c);
    const char *in = NULL, *out = NULL;
    int width = 640, height = 480, wireframe = 0;
    for (int i = 1; i < argc; ++i) {
        int r = cli_common_parse(&c, argc, argv, &i);
        if (r < 0) return CLI_USAGE;
        if (r > 0) continue;
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            fputs(usage, stdout);
            return CLI_OK;
        }
        if (strcmp(a, "--wireframe") == 0) {
            wireframe = 1;
        } else if (strcmp(a, "-o") == 0 || strcmp(a, "--size") == 0) {
            if (i + 1 >= argc) {
                fprintf(stderr, "meshmat render: %s needs a value\n", a);
                return CLI_USAGE;
            }
            const char *v = argv[++i];
            if (a[1] == 'o') {
                out = v;
            } else if (parse_size(v, &width, &height) != 0) {
                fprintf(stderr, "meshmat render: --size takes WxH, each 1 to %d (e.g. 640x480), "
                        "not '%s'\n", MAX_SIDE, v);
                return CLI_USAGE;
            }
        } else if (a[0] == '-' || in != NULL) {
            fprintf(stderr, "meshmat render: unexpected argument '%s'\n\n%s", a, usage);
            return CLI_USAGE;
        } else {
            in = a;
        }
    }
    if (in == NULL || out == NULL) {
        fputs(usage, stderr);
        return CLI_USAGE;
    }
    mm_context ctx = NULL;
    int rc = cli_context(&c, &ctx);
    if (rc != CLI_OK) return rc;
    mm_mesh mesh = NULL;
    host_copy h;
    memset(&h, 0, sizeof h);
    double t0 = cli_now_ms(), draw_ms = 0;
    mm_status st = cli_read(ctx, &c, in, &mesh);
    double t1 = cli_now_ms();
    if (st != MM_OK) {
        rc = cli_fail("render", ctx, st);
    } else if ((rc = host_copy_get(ctx, mesh, in, &h)) != CLI_OK) {
        /* printed */
    } else if (h.info.num_faces - h.info.num_holes == 0) {
        fprintf(stderr, "meshmat render: %s has no faces to draw (%lld vertices, %lld faces, "
                "%lld of them holes)\n", in, (long long)h.info.num_vertices,
                (long long)h.info.num_faces, (long long)h.info.num_holes);
        rc = CLI_FAILED;
    } else {
        double t2 = cli_now_ms();
        rc = draw_and_write(&h, wireframe, width, height, out, &draw_ms);
        if (rc == CLI_OK)
            printf("%s -> %s: %dx%d, %lld faces%s (read %.2f ms, draw %.2f ms, write %.2f ms)\n",
                   in, out, width, height, (long long)(h.info.num_faces - h.info.num_holes),
                   wireframe ? " with their edges" : "", t1 - t0, draw_ms,
                   cli_now_ms() - t2 - draw_ms);
    }
    host_copy_free(&h);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
    return rc;
}
