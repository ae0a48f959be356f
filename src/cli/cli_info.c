/* cli_info.c: `meshmat info FILE [--json]`: read a mesh and print its
 * statistics (mm_mesh_stats_get) and its face-varying channels for people,
 * or as one JSON object. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char usage[] =
    "usage: meshmat info FILE [--json] [--backend auto|cpu|cuda] [--precision f32|f64] [--strict]\n"
    "                         [--weld [TOL] | --no-weld]\n"
    "\n"
    "Reads FILE (.obj, .off, .ply, .stl: welded unless --no-weld) and prints vertex, face and edge counts, the face-order\n"
    "histogram, boundary edges and loops, non-manifold edges and vertices, components,\n"
    "inconsistently oriented edges, unreferenced vertices and faces that repeat a vertex,\n"
    "and the face-varying channels (an OBJ's vt as \"uv\", vn as \"normal\": dim, values)\n"
    "and the named vertex data columns (a PLY file's further vertex properties).\n"
    "  --json       one JSON object on stdout instead of the table\n"
    "  --strict     refuse faces that repeat a vertex (by default they are counted)\n"
    "  --backend    where the mesh is stored (default auto: CUDA when a device is present)\n"
    "  --precision  vertex data type (default f64)\n";

static void json_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s; ++s) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\') fprintf(out, "\\%c", ch);
        else if (ch < 0x20) fprintf(out, "\\u%04x", ch);
        else fputc(ch, out);
    }
    fputc('"', out);
}

/* The number of values of channel k (0 when it cannot be read). */
static long long fvar_values(mm_mesh mesh, int k)
{
    mm_mesh_info vi;
    return mm_mesh_info_get(mm_mesh_fvar(mesh, k), &vi) == MM_OK ? (long long)vi.num_vertices : 0;
}

static long long fvar_dim(mm_mesh mesh, int k)
{
    mm_mesh_info vi;
    return mm_mesh_info_get(mm_mesh_fvar(mesh, k), &vi) == MM_OK ? (long long)vi.dim : 0;
}

/* "fvar": [{"name": "uv", "dim": 2, "values": 14}, …], "fvar_dropped": n */
static void json_fvar(FILE *out, mm_mesh mesh, const mm_mesh_info *mi)
{
    fprintf(out, ", \"fvar\": [");
    for (int k = 0; k < mm_mesh_num_fvar(mesh); ++k) {
        fprintf(out, "%s{\"name\": ", k > 0 ? ", " : "");
        json_string(out, mm_mesh_fvar_name(mesh, k));
        fprintf(out, ", \"dim\": %lld, \"values\": %lld}", fvar_dim(mesh, k),
                fvar_values(mesh, k));
    }
    fprintf(out, "], \"fvar_dropped\": %lld", (long long)mi->fvar_dropped);
}

static void print_json(FILE *out, const char *path, mm_context ctx, mm_mesh mesh,
                       const mm_mesh_stats *s, const mm_mesh_info *mi, const int64_t *hist,
                       double read_ms, double stats_ms)
{
    fprintf(out, "{\"file\": ");
    json_string(out, path);
    fprintf(out, ", \"backend\": ");
    json_string(out, mm_context_device_name(ctx));
    fprintf(out,
            ", \"vertices\": %lld, \"faces\": %lld, \"nnz\": %lld, \"edges\": %lld"
            ", \"face_orders\": {",
            (long long)s->vertices, (long long)s->faces, (long long)s->nnz, (long long)s->edges);
    const char *sep = "";
    for (int64_t k = 0; k <= s->max_order; ++k) {
        if (hist[k] == 0) continue;
        fprintf(out, "%s\"%lld\": %lld", sep, (long long)k, (long long)hist[k]);
        sep = ", ";
    }
    fprintf(out,
            "}, \"boundary_edges\": %lld, \"boundary_loops\": %lld"
            ", \"nonmanifold_edges\": %lld, \"nonmanifold_vertices\": %lld, \"components\": %lld"
            ", \"flipped_edges\": %lld, \"unreferenced_vertices\": %lld, \"degenerate_faces\": %lld"
            ", \"creases\": %lld, \"corners\": %lld",
            (long long)s->boundary_edges, (long long)s->boundary_loops,
            (long long)s->nonmanifold_edges, (long long)s->nonmanifold_vertices,
            (long long)s->components, (long long)s->flipped_edges,
            (long long)s->unreferenced_vertices, (long long)s->degenerate_faces,
            (long long)mi->num_creases, (long long)mi->num_corners);
    json_fvar(out, mesh, mi);
    fprintf(out, ", \"timings_ms\": {\"read\": %.3f, \"stats\": %.3f}}\n", read_ms, stats_ms);
}

/* "uv (dim 2, 14 values), normal (dim 3, 8 values)", or "none". */
static void print_fvar(FILE *out, mm_mesh mesh, const mm_mesh_info *mi)
{
    fprintf(out, "channels       ");
    for (int k = 0; k < mm_mesh_num_fvar(mesh); ++k)
        fprintf(out, "%s %s (dim %lld, %lld values)", k > 0 ? "," : "", mm_mesh_fvar_name(mesh, k),
                fvar_dim(mesh, k), fvar_values(mesh, k));
    if (mm_mesh_num_fvar(mesh) == 0) fprintf(out, " none");
    if (mi->fvar_dropped > 0)
        fprintf(out, " (%lld corners' vt / vn dropped)", (long long)mi->fvar_dropped);
    fputc('\n', out);
}

/* "red (uchar), green (uchar), quality (float)": the named vertex data
 * columns past x, y, z (a PLY file's further vertex properties), or "none". */
static void print_vertex_properties(FILE *out, mm_mesh mesh, const mm_mesh_info *mi)
{
    int named = 0;
    fprintf(out, "vertex data     %lld columns; properties", (long long)mi->dim);
    for (int64_t c = 3; c < mi->dim; ++c) {
        const char *name = mm_mesh_vertex_property_name(mesh, (int)c);
        if (name == NULL) continue;
        fprintf(out, "%s %s (%s)", named++ ? "," : "", name,
                mm_mesh_vertex_property_type(mesh, (int)c));
    }
    fprintf(out, "%s\n", named ? "" : " none");
}

static void print_table(FILE *out, const char *path, mm_context ctx, mm_mesh mesh,
                        const mm_mesh_stats *s, const mm_mesh_info *mi, const int64_t *hist,
                        double read_ms, double stats_ms)
{
    fprintf(out, "file            %s\n", path);
    fprintf(out, "vertices        %lld (%lld unreferenced)\n", (long long)s->vertices,
            (long long)s->unreferenced_vertices);
    fprintf(out, "faces           %lld (%lld corners)\n", (long long)s->faces, (long long)s->nnz);
    fprintf(out, "face orders    ");
    for (int64_t k = 0; k <= s->max_order; ++k)
        if (hist[k] != 0) fprintf(out, " %lld:%lld", (long long)k, (long long)hist[k]);
    fprintf(out, "\nedges           %lld\n", (long long)s->edges);
    if (s->boundary_edges == 0)
        fprintf(out, "boundary        closed\n");
    else
        fprintf(out, "boundary        %lld edges in %lld loops\n", (long long)s->boundary_edges,
                (long long)s->boundary_loops);
    if (s->nonmanifold_edges == 0 && s->nonmanifold_vertices == 0)
        fprintf(out, "manifold        yes\n");
    else
        fprintf(out, "manifold        no (%lld non-manifold edges, %lld non-manifold vertices)\n",
                (long long)s->nonmanifold_edges, (long long)s->nonmanifold_vertices);
    fprintf(out, "components      %lld\n", (long long)s->components);
    fprintf(out, "flipped edges   %lld\n", (long long)s->flipped_edges);
    fprintf(out, "degenerate      %lld faces repeat a vertex\n", (long long)s->degenerate_faces);
    fprintf(out, "creases         %lld edges, %lld corners\n", (long long)mi->num_creases,
            (long long)mi->num_corners);
    print_fvar(out, mesh, mi);
    print_vertex_properties(out, mesh, mi);
    fprintf(out, "backend         %s\n", mm_context_device_name(ctx));
    fprintf(out, "time            read %.2f ms, statistics %.2f ms\n", read_ms, stats_ms);
}

int cli_info(int argc, char **argv)
{
    cli_common c;
    cli_common_default(&c);
    const char *path = NULL;
    int json = 0;
    for (int i = 1; i < argc; ++i) {
        int r = cli_common_parse(&c, argc, argv, &i);
        if (r < 0) return CLI_USAGE;
        if (r > 0) continue;
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(usage, stdout);
            return CLI_OK;
        }
        if (strcmp(argv[i], "--json") == 0) {
            json = 1;
        } else if (argv[i][0] == '-' || path != NULL) {
            fprintf(stderr, "meshmat info: unexpected argument '%s'\n\n%s", argv[i], usage);
            return CLI_USAGE;
        } else {
            path = argv[i];
        }
    }
    if (path == NULL) {
        fputs(usage, stderr);
        return CLI_USAGE;
    }
    mm_context ctx = NULL;
    int rc = cli_context(&c, &ctx);
    if (rc != CLI_OK) return rc;
    mm_mesh mesh = NULL;
    mm_mesh_stats s;
    mm_mesh_info mi;
    int64_t *hist = NULL;
    double t0 = cli_now_ms();
    mm_status st = cli_read(ctx, &c, path, &mesh);
    double t1 = cli_now_ms();
    if (st == MM_OK) st = mm_mesh_stats_get(ctx, mesh, &s);
    double t2 = cli_now_ms();
    if (st == MM_OK) st = mm_mesh_info_get(mesh, &mi);
    if (st == MM_OK && (hist = calloc((size_t)s.max_order + 1, sizeof *hist)) == NULL)
        st = MM_ERR_OUT_OF_MEMORY;
    if (st == MM_OK) st = mm_mesh_order_histogram(ctx, mesh, s.max_order, hist);
    if (st != MM_OK) {
        rc = cli_fail("info", ctx, st);
    } else if (json) {
        print_json(stdout, path, ctx, mesh, &s, &mi, hist, t1 - t0, t2 - t1);
    } else {
        print_table(stdout, path, ctx, mesh, &s, &mi, hist, t1 - t0, t2 - t1);
    }
    free(hist);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
    return rc;
}
