/* cli_convert.c: `meshmat convert IN OUT`: read any supported mesh file and
 * write it in the format OUT's extension (or --format) names, with its faces
 * and vertices renumbered in a local order on --reorder (mm_mesh_reorder). */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const char usage[] =
    "usage: meshmat convert IN OUT [--format obj|off|ply|ply-ascii|glb] [--precision f32|f64]\n"
    "                               [--backend auto|cpu|cuda] [--strict] [--progress]\n"
    "                               [--weld [TOL] | --no-weld] [--reorder]\n"
    "\n"
    "Reads IN and writes OUT. The format follows OUT's extension (.ply: binary\n"
    "little-endian; .glb: glTF 2.0 binary, written only) unless --format names one.\n"
    "Values are written with enough digits to read back exactly; OBJ keeps creases\n"
    "and corners as OpenSubdiv 't' tags, and texture coordinates and normals (vt, vn)\n"
    "named at every face corner; other formats drop those with a warning.\n"
    "PLY keeps a PLY file's vertex properties besides x, y, z (colours, normals,\n"
    "...) with their names and types; OBJ, OFF and glb drop them with a warning.\n"
    "A write that takes over a second shows its progress on stderr when that is a\n"
    "terminal, or always with --progress.\n"
    "IN may also be STL (binary or ASCII): its triangle soup is welded (vertices at\n"
    "the same position merged) unless --no-weld; --weld welds any input, --weld TOL\n"
    "merges vertices closer than TOL (docs/cli.md). The weld's report goes to stderr.\n"
    "--reorder renumbers the faces by the Morton order of their centroids and the\n"
    "vertices by first use (meshmat/reorder.h): the same mesh, whose subdivision\n"
    "evaluates faster on the GPU when the file's faces came in no local order.\n";

static int parse_format(const char *v, mm_file_format *f)
{
    if (strcmp(v, "obj") == 0) *f = MM_FILE_OBJ;
    else if (strcmp(v, "off") == 0) *f = MM_FILE_OFF;
    else if (strcmp(v, "ply") == 0) *f = MM_FILE_PLY_BINARY;
    else if (strcmp(v, "ply-ascii") == 0) *f = MM_FILE_PLY_ASCII;
    else if (strcmp(v, "glb") == 0) *f = MM_FILE_GLB;
    else return -1;
    return 0;
}

/* Replaces *mesh by mm_mesh_reorder's result, reporting it on stderr. */
static mm_status reorder_mesh(mm_context ctx, const char *path, mm_mesh *mesh)
{
    double t0 = cli_now_ms();
    mm_mesh out = NULL;
    mm_status st = mm_mesh_reorder(ctx, *mesh, &out, NULL, NULL);
    if (st != MM_OK) return st;
    mm_mesh_free(mesh);
    *mesh = out;
    fprintf(stderr,
            "meshmat: reorder %s: faces by the Morton order of their centroids, vertices by "
            "first use (%.2f ms)\n",
            path, cli_now_ms() - t0);
    return MM_OK;
}

int cli_convert(int argc, char **argv)
{
    cli_common c;
    cli_common_default(&c);
    const char *paths[2] = {NULL, NULL};
    int npaths = 0;
    mm_file_format format = MM_FILE_AUTO;
    int progress = cli_take_flag(&argc, argv, "--progress");
    int reorder = cli_take_flag(&argc, argv, "--reorder");
    for (int i = 1; i < argc; ++i) {
        int r = cli_common_parse(&c, argc, argv, &i);
        if (r < 0) return CLI_USAGE;
        if (r > 0) continue;
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(usage, stdout);
            return CLI_OK;
        }
        if (strcmp(argv[i], "--format") == 0) {
            if (i + 1 >= argc || parse_format(argv[i + 1], &format) != 0) {
                fprintf(stderr,
                        "meshmat convert: --format takes obj, off, ply, ply-ascii or glb\n");
                return CLI_USAGE;
            }
            ++i;
        } else if (argv[i][0] == '-' || npaths == 2) {
            fprintf(stderr, "meshmat convert: unexpected argument '%s'\n\n%s", argv[i], usage);
            return CLI_USAGE;
        } else {
            paths[npaths++] = argv[i];
        }
    }
    if (npaths != 2) {
        fputs(usage, stderr);
        return CLI_USAGE;
    }
    mm_context ctx = NULL;
    int rc = cli_context(&c, &ctx);
    if (rc != CLI_OK) return rc;
    mm_mesh mesh = NULL;
    double t0 = cli_now_ms();
    mm_status st = cli_read(ctx, &c, paths[0], &mesh);
    if (st == MM_OK && reorder) st = reorder_mesh(ctx, paths[0], &mesh);
    double t1 = cli_now_ms();
    mm_write_options wo = mm_write_options_default();
    cli_progress bar;
    cli_progress_start(&bar, "convert", paths[1], progress);
    wo.format = format;
    wo.progress = cli_progress_report;
    wo.progress_user = &bar;
    if (st == MM_OK) cli_warn_unkept_fvar(mesh, paths[1], format);
    if (st == MM_OK) cli_warn_unkept_vertex_properties(mesh, paths[1], format);
    if (st == MM_OK) st = mm_mesh_write_opts(ctx, mesh, paths[1], &wo);
    cli_progress_end(&bar);
    double t2 = cli_now_ms();
    if (st != MM_OK) {
        rc = cli_fail("convert", ctx, st);
    } else {
        mm_mesh_info mi;
        mm_mesh_info_get(mesh, &mi);
        printf("%s -> %s: %lld vertices, %lld faces (read%s %.2f ms, write %.2f ms)\n", paths[0],
               paths[1], (long long)mi.num_vertices, (long long)mi.num_faces,
               reorder ? " and reorder" : "", t1 - t0, t2 - t1);
    }
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
    return rc;
}
