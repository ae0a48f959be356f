/* cli_subdiv.c: `meshmat subdiv`: refine a mesh (meshmat/subdiv.h) with its
 * face-varying channels, optionally move it to the limit surface (--limit),
 * and write the result; prints the counts, the channels carried, the time of
 * each level's build and evaluation (progress on stderr) and the context's
 * stage timers summed by name. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char usage[] =
    "usage: meshmat subdiv --levels N IN -o OUT [--scheme catmull-clark|loop|sqrt3]\n"
    "                      [--boundary edge-only|edge-and-corner|none] [--creasing uniform|chaikin]\n"
    "                      [--path auto|specialized|generic] [--mode dynamic|static]\n"
    "                      [--backend auto|cpu|cuda] [--precision f32|f64] [--strict]\n"
    "                      [--max-memory BYTES[K|M|G]] [--weld [TOL] | --no-weld]\n"
    "                      [--fvar-interp none|corners-only|corners-plus1|corners-plus2|\n"
    "                                     boundaries|all] [--limit] [--progress]\n"
    "\n"
    "Refines IN N times (1 <= N <= 30) and writes OUT (OBJ, OFF or PLY by its\n"
    "extension). IN may be STL: its triangle soup is welded first (exactly; --weld\n"
    "TOL merges vertices closer than TOL, --no-weld keeps the soup; --weld welds\n"
    "any input). --scheme: catmull-clark (the default; any polygons in, quads out),\n"
    "loop (triangles in, 1 -> 4 triangles) or sqrt3 (triangles in, 1 -> 3 triangles).\n"
    "--path specialized refines with hand-written kernels for the scheme, the fast\n"
    "path; auto (the default) is the same. --path generic refines with the paper's\n"
    "sparse-matrix formulas (mapped SpMV and SpGEMM): the same mesh, positions equal\n"
    "up to rounding, slower. --mode static also builds the subdivision matrices and\n"
    "evaluates by SpMV.\n"
    "Creases, corners and holes (OpenSubdiv's OBJ tags `t crease`, `t corner`,\n"
    "`t hole`) are applied as OpenSubdiv applies them; --creasing picks how semi-sharp\n"
    "creases soften from level to level (uniform, the default, or chaikin). Creases\n"
    "and corners run on either path; a mesh with holes, or --boundary none, is\n"
    "refined on the generic path (docs/creases.md).\n"
    "A run whose predicted peak memory passes what the machine has free (or\n"
    "--max-memory) is refused before it starts, naming the first level that does\n"
    "not fit.\n"
    "Non-manifold input (an edge of three faces, a bow-tie vertex), inconsistent\n"
    "orientation and faces that repeat a vertex are refined by OpenSubdiv's rules\n"
    "for them, written out as sharp creases and corners (Catmull-Clark and Loop: a\n"
    "face passing a pair of vertices twice gets an edge for each pass, as in\n"
    "OpenSubdiv, and so do Loop's triangles back to back; docs/creases.md). sqrt3\n"
    "splits non-manifold input into a 2-manifold, a face that repeats a vertex\n"
    "taking a copy of it per repeat (--weld instead removes repeated consecutive\n"
    "vertices and drops the faces still repeating one).\n"
    "Texture coordinates and normals (OBJ vt, vn named at every face corner) are\n"
    "refined as face-varying channels and written back as vt / vn (OBJ; glb as\n"
    "TEXCOORD_0 / NORMAL);\n"
    "--fvar-interp picks OpenSubdiv's face-varying rule: none (smooth everywhere),\n"
    "corners-only, corners-plus1, corners-plus2, boundaries (the default: linear\n"
    "along UV seams and boundaries) or all (linear everywhere); on non-manifold\n"
    "input, as OpenSubdiv does. Channels that cannot be refined (sqrt3, --boundary\n"
    "none, faces that repeat a vertex on a non-manifold mesh) or written (OFF, PLY,\n"
    "glb) are dropped with a warning on stderr. Normals are interpolated like any\n"
    "channel, not recomputed.\n"
    "A PLY file's vertex properties besides x, y, z (colours, normals, quality, ...)\n"
    "are refined like the positions and written back to PLY with their names and\n"
    "types (integers rounded: colours stay uchar); OBJ, OFF and glb drop them with\n"
    "a warning on stderr.\n"
    "--limit (catmull-clark, loop) moves the result's vertices to their limit\n"
    "positions and writes the limit surface's unit normals as its normals (vn); on\n"
    "a mesh that is not a 2-manifold, whose tangents are not defined there, the\n"
    "positions alone, with a warning.\n";

typedef struct progress_state {
    double last;
} progress_state;

static void show_progress(void *user, const char *phase, int level, int levels)
{
    progress_state *p = user;
    double now = cli_now_ms();
    fprintf(stderr, "meshmat subdiv: %s level %d/%d done (%.2f ms)\n", phase, level, levels,
            now - p->last);
    p->last = now;
}

/* The value of option argv[*i] into *value, or -1 with a message. */
static int option_value(int argc, char **argv, int *i, const char **value)
{
    if (*i + 1 >= argc) {
        fprintf(stderr, "meshmat subdiv: %s needs a value\n", argv[*i]);
        return -1;
    }
    *value = argv[++*i];
    return 0;
}

/* "512M", "8G", "1000000": bytes, or -1. */
static int64_t parse_bytes(const char *v)
{
    char *end = NULL;
    double x = strtod(v, &end);
    if (end == v || x <= 0) return -1;
    double unit = *end == 'K' || *end == 'k' ? 1024.0
                  : *end == 'M' || *end == 'm' ? 1048576.0
                  : *end == 'G' || *end == 'g' ? 1073741824.0
                  : *end == '\0' ? 1.0 : -1.0;
    if (unit < 0 || (*end != '\0' && end[1] != '\0') || x * unit > 9.0e18) return -1;
    return (int64_t)(x * unit);
}

/* --fvar-interp's values, in mm_fvar_interp's order. */
static const char *const fvar_interps[] = {"none",          "corners-only", "corners-plus1",
                                           "corners-plus2", "boundaries",   "all"};

static int parse_fvar_interp(const char *v, mm_fvar_interp *f)
{
    for (int k = 0; k < (int)(sizeof fvar_interps / sizeof *fvar_interps); ++k)
        if (strcmp(v, fvar_interps[k]) == 0) {
            *f = (mm_fvar_interp)k;
            return 0;
        }
    return -1;
}

static int parse(int argc, char **argv, cli_common *c, mm_subdiv_options *o, const char **in,
                 const char **out, int64_t *max_memory)
{
    for (int i = 1; i < argc; ++i) {
        int r = cli_common_parse(c, argc, argv, &i);
        const char *v = NULL;
        if (r < 0) return CLI_USAGE;
        if (r > 0) continue;
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(usage, stdout);
            return -1;
        }
        const char *opt = argv[i];
        int known = strcmp(opt, "--levels") == 0 || strcmp(opt, "--scheme") == 0 ||
                    strcmp(opt, "--boundary") == 0 || strcmp(opt, "--path") == 0 ||
                    strcmp(opt, "--mode") == 0 || strcmp(opt, "--creasing") == 0 ||
                    strcmp(opt, "--max-memory") == 0 || strcmp(opt, "--fvar-interp") == 0 ||
                    strcmp(opt, "-o") == 0;
        if (known && option_value(argc, argv, &i, &v) != 0) return CLI_USAGE;
        char *end = NULL;
        if (!known && opt[0] != '-' && *in == NULL) {
            *in = opt;
        } else if (strcmp(opt, "-o") == 0) {
            *out = v;
        } else if (strcmp(opt, "--levels") == 0) {
            long n = strtol(v, &end, 10);
            if (*end != '\0' || n < 1 || n > 30) {
                fprintf(stderr, "meshmat subdiv: --levels takes a number from 1 to 30\n");
                return CLI_USAGE;
            }
            o->levels = (int)n;
        } else if (strcmp(opt, "--scheme") == 0) {
            if (strcmp(v, "catmull-clark") == 0) o->scheme = MM_SCHEME_CATMULL_CLARK;
            else if (strcmp(v, "loop") == 0) o->scheme = MM_SCHEME_LOOP;
            else if (strcmp(v, "sqrt3") == 0) o->scheme = MM_SCHEME_SQRT3;
            else {
                fprintf(stderr, "meshmat subdiv: --scheme takes catmull-clark, loop or sqrt3\n");
                return CLI_USAGE;
            }
        } else if (strcmp(opt, "--boundary") == 0) {
            if (strcmp(v, "edge-only") == 0) o->boundary = MM_BOUNDARY_EDGE_ONLY;
            else if (strcmp(v, "edge-and-corner") == 0) o->boundary = MM_BOUNDARY_EDGE_AND_CORNER;
            else if (strcmp(v, "none") == 0) o->boundary = MM_BOUNDARY_NONE;
            else {
                fprintf(stderr,
                        "meshmat subdiv: --boundary takes edge-only, edge-and-corner or none\n");
                return CLI_USAGE;
            }
        } else if (strcmp(opt, "--path") == 0) {
            if (strcmp(v, "auto") == 0) o->path = MM_PATH_AUTO;
            else if (strcmp(v, "generic") == 0) o->path = MM_PATH_GENERIC;
            else if (strcmp(v, "specialized") == 0) o->path = MM_PATH_SPECIALIZED;
            else {
                fprintf(stderr, "meshmat subdiv: --path takes auto, generic or specialized\n");
                return CLI_USAGE;
            }
        } else if (strcmp(opt, "--max-memory") == 0) {
            if ((*max_memory = parse_bytes(v)) < 0) {
                fprintf(stderr, "meshmat subdiv: --max-memory takes a size such as 512M or 8G\n");
                return CLI_USAGE;
            }
        } else if (strcmp(opt, "--creasing") == 0) {
            if (strcmp(v, "uniform") == 0) o->creasing = MM_CREASING_UNIFORM;
            else if (strcmp(v, "chaikin") == 0) o->creasing = MM_CREASING_CHAIKIN;
            else {
                fprintf(stderr, "meshmat subdiv: --creasing takes uniform or chaikin\n");
                return CLI_USAGE;
            }
        } else if (strcmp(opt, "--fvar-interp") == 0) {
            if (parse_fvar_interp(v, &o->fvar_interp) != 0) {
                fprintf(stderr, "meshmat subdiv: --fvar-interp takes none, corners-only, "
                                "corners-plus1, corners-plus2, boundaries or all, not '%s'\n",
                        v);
                return CLI_USAGE;
            }
        } else if (strcmp(opt, "--mode") == 0) {
            if (strcmp(v, "dynamic") == 0) o->mode = MM_MODE_DYNAMIC;
            else if (strcmp(v, "static") == 0) o->mode = MM_MODE_STATIC;
            else {
                fprintf(stderr, "meshmat subdiv: --mode takes dynamic or static\n");
                return CLI_USAGE;
            }
        } else {
            fprintf(stderr, "meshmat subdiv: unexpected argument '%s'\n\n%s", argv[i], usage);
            return CLI_USAGE;
        }
    }
    if (*in == NULL || *out == NULL) {
        fputs(usage, stderr);
        return CLI_USAGE;
    }
    return CLI_OK;
}

/* Drops mesh's channels, with a warning, where mm_subdivide refuses them
 * before refining anything would tell: √3 and MM_BOUNDARY_NONE. */
static mm_status drop_unrefinable_fvar(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *o)
{
    mm_mesh_info mi;
    mm_status st = mm_mesh_info_get(mesh, &mi);
    if (st != MM_OK || mm_mesh_num_fvar(mesh) == 0) return st;
    mm_boundary b = o->boundary == MM_BOUNDARY_OF_MESH ? mi.boundary : o->boundary;
    if (o->scheme == MM_SCHEME_SQRT3)
        return cli_drop_fvar(ctx, "subdiv", mesh, "sqrt3 has no face-varying rules");
    if (b == MM_BOUNDARY_NONE)
        return cli_drop_fvar(ctx, "subdiv", mesh, "not refined with boundary none");
    return MM_OK;
}

/* mm_subdivide; when it refuses a mesh's channels (MM_ERR_INVALID_ARGUMENT,
 * faces that repeat a vertex on a non-manifold mesh), warns with its reason and
 * refines the mesh without them (a refusal of another kind fails again). */
static mm_status subdivide(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *o,
                           mm_mesh *fine)
{
    mm_status st = mm_subdivide(ctx, mesh, o, fine);
    if (st != MM_ERR_INVALID_ARGUMENT || mm_mesh_num_fvar(mesh) == 0) return st;
    char why[1024];
    snprintf(why, sizeof why, "%s", mm_last_error(ctx));
    st = cli_drop_fvar(ctx, "subdiv", mesh, why);
    return st == MM_OK ? mm_subdivide(ctx, mesh, o, fine) : st;
}

/* normalize(t1 × t2) of n rows of 3 into normals (of type), in double;
 * (0, 0, 1) where the cross product is zero (a vertex in no face), as the
 * glTF writer's normals. */
static void unit_normals(const double *t1, const double *t2, int64_t n, mm_type type,
                         void *normals)
{
    for (int64_t v = 0; v < n; ++v) {
        const double *a = t1 + 3 * v, *b = t2 + 3 * v;
        double c[3] = {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2],
                       a[0] * b[1] - a[1] * b[0]};
        double len = sqrt(c[0] * c[0] + c[1] * c[1] + c[2] * c[2]);
        for (int k = 0; k < 3; ++k) {
            double x = len > 0 ? c[k] / len : (k == 2 ? 1.0 : 0.0);
            if (type == MM_TYPE_FLOAT32) ((float *)normals)[3 * v + k] = (float)x;
            else ((double *)normals)[3 * v + k] = x;
        }
    }
}

/* The first three columns of X (n × d, d ≥ 3: a PLY file's other vertex
 * properties follow x, y, z) as doubles into out (n × 3). */
static mm_status dense_doubles(mm_dense X, int64_t n, int64_t d, mm_type type, double *out)
{
    size_t size = type == MM_TYPE_FLOAT32 ? sizeof(float) : sizeof(double);
    void *all = malloc((size_t)(n * d) * size + 1);
    if (all == NULL) return MM_ERR_OUT_OF_MEMORY;
    mm_status st = mm_dense_export(X, all);
    for (int64_t v = 0; st == MM_OK && v < n; ++v)
        for (int64_t k = 0; k < 3; ++k)
            out[3 * v + k] = type == MM_TYPE_FLOAT32 ? ((const float *)all)[v * d + k]
                                                     : ((const double *)all)[v * d + k];
    free(all);
    return st;
}

/* The per-vertex channel "normal" of fine from its limit tangents (its value
 * v is vertex v's normal, each corner names its vertex), replacing any
 * channel of that name. */
static mm_status set_limit_normals(mm_context ctx, mm_mesh fine, mm_dense T1, mm_dense T2)
{
    mm_mesh_info mi;
    int64_t n = 0, d = 0;
    mm_type type = MM_TYPE_FLOAT64;
    mm_status st = mm_mesh_info_get(fine, &mi);
    if (st == MM_OK) st = mm_dense_shape(T1, &n, &d, &type);
    if (st != MM_OK) return st;
    double *t = malloc((size_t)(6 * n) * sizeof *t + 1);
    void *normals = malloc((size_t)(3 * n) * sizeof(double) + 1);
    uint32_t *corners = malloc((size_t)mi.nnz * sizeof *corners + 1);
    int64_t *offsets = malloc((size_t)(mi.num_faces + 1) * sizeof *offsets);
    if (t == NULL || normals == NULL || corners == NULL || offsets == NULL)
        st = MM_ERR_OUT_OF_MEMORY;
    if (st == MM_OK) st = dense_doubles(T1, n, d, type, t);
    if (st == MM_OK) st = dense_doubles(T2, n, d, type, t + 3 * n);
    mm_mesh_arrays h = {0};
    h.face_offsets = offsets; /* asked for with the ids; not needed */
    h.face_vertices = corners;
    if (st == MM_OK) st = mm_mesh_export(fine, &h);
    for (int k = mm_mesh_num_fvar(fine) - 1; st == MM_OK && k >= 0; --k)
        if (strcmp(mm_mesh_fvar_name(fine, k), "normal") == 0)
            st = mm_mesh_remove_fvar(ctx, fine, k);
    if (st == MM_OK) {
        unit_normals(t, t + 3 * n, n, type, normals);
        mm_fvar_desc desc = {"normal", n, 3, type, normals, corners};
        st = mm_mesh_add_fvar(ctx, fine, &desc);
    }
    free(t), free(normals), free(corners), free(offsets);
    return st;
}

/* --limit: fine's vertices moved to their limit positions (mm_subdiv_limit
 * on the refined mesh, which carries the last level's tags) and the limit
 * normals as its channel "normal" (from the tangents' x, y, z columns; the
 * columns after them, a PLY file's other vertex properties, move to their
 * limits too). Where the tangents are refused and the positions are not (a
 * vertex that is not a 2-manifold one: docs/limit.md), the positions alone,
 * any "normal" channel dropped, with a warning; *normals says which. */
static mm_status move_to_limit(mm_context ctx, mm_mesh fine, const mm_subdiv_options *o,
                               int *normals)
{
    mm_dense P = NULL, T1 = NULL, T2 = NULL;
    char why[512];
    mm_status st = mm_subdiv_limit(ctx, fine, o, NULL, &P, &T1, &T2);
    *normals = st == MM_OK;
    if (st == MM_ERR_INVALID_MESH) {
        snprintf(why, sizeof why, "%s", mm_last_error(ctx));
        st = mm_subdiv_limit(ctx, fine, o, NULL, &P, NULL, NULL);
        for (int k = mm_mesh_num_fvar(fine) - 1; st == MM_OK && k >= 0; --k)
            if (strcmp(mm_mesh_fvar_name(fine, k), "normal") == 0)
                st = mm_mesh_remove_fvar(ctx, fine, k);
        if (st == MM_OK)
            fprintf(stderr, "meshmat: warning: subdiv: --limit wrote limit positions without "
                    "normals (%s)\n", why);
    }
    if (st == MM_OK) st = mm_dense_scale_add(ctx, NULL, P, 0.0, mm_mesh_vertices(fine));
    if (st == MM_OK && *normals) st = set_limit_normals(ctx, fine, T1, T2);
    mm_dense_free(&P), mm_dense_free(&T1), mm_dense_free(&T2);
    return st;
}

/* The context's stages, summed by name, in order of first appearance. */
static void print_stages(mm_context ctx)
{
    int n = mm_context_stage_count(ctx);
    const char **names = calloc((size_t)n + 1, sizeof *names);
    double *ms = calloc((size_t)n + 1, sizeof *ms);
    int *count = calloc((size_t)n + 1, sizeof *count);
    int distinct = 0;
    for (int i = 0; names && ms && count && i < n; ++i) {
        const char *name;
        double t;
        if (mm_context_stage(ctx, i, &name, &t) != MM_OK) continue;
        int k = 0;
        while (k < distinct && strcmp(names[k], name) != 0) ++k;
        if (k == distinct) names[distinct++] = name;
        ms[k] += t;
        ++count[k];
    }
    for (int k = 0; k < distinct; ++k)
        printf("  stage %-18s %10.3f ms  (%d calls)\n", names[k], ms[k], count[k]);
    free(names), free(ms), free(count);
}

int cli_subdiv(int argc, char **argv)
{
    cli_common c;
    cli_common_default(&c);
    mm_subdiv_options o = mm_subdiv_options_default();
    const char *in = NULL, *out = NULL;
    int64_t max_memory = 0;
    int forced_progress = cli_take_flag(&argc, argv, "--progress");
    int limit = cli_take_flag(&argc, argv, "--limit");
    int rc = parse(argc, argv, &c, &o, &in, &out, &max_memory);
    if (rc != CLI_OK) return rc < 0 ? CLI_OK : rc;
    if (limit && o.scheme == MM_SCHEME_SQRT3) {
        fprintf(stderr, "meshmat subdiv: --limit needs --scheme catmull-clark or loop: sqrt3 "
                        "has no limit rules\n");
        return CLI_USAGE;
    }
    mm_context_options co = mm_context_options_default();
    co.backend = c.backend;
    co.timing = 1;
    co.max_memory = max_memory;
    mm_context ctx = NULL;
    mm_status st = mm_context_new(&ctx, &co);
    if (st != MM_OK) {
        fprintf(stderr, "meshmat subdiv: cannot use the requested backend: %s\n",
                mm_status_string(st));
        return st == MM_ERR_NO_DEVICE ? CLI_NO_DEVICE : CLI_FAILED;
    }
    mm_mesh mesh = NULL, fine = NULL;
    progress_state p = {cli_now_ms()};
    o.progress = show_progress;
    o.progress_user = &p;
    double t0 = cli_now_ms();
    st = cli_read(ctx, &c, in, &mesh);
    double t1 = cli_now_ms();
    p.last = t1;
    if (st == MM_OK) st = drop_unrefinable_fvar(ctx, mesh, &o);
    if (st == MM_OK) st = subdivide(ctx, mesh, &o, &fine);
    int normals = 0;
    if (st == MM_OK && limit) st = move_to_limit(ctx, fine, &o, &normals);
    if (st == MM_OK) st = mm_context_synchronize(ctx);
    double t2 = cli_now_ms();
    mm_write_options wo = mm_write_options_default();
    cli_progress bar;
    cli_progress_start(&bar, "subdiv", out, forced_progress);
    wo.progress = cli_progress_report;
    wo.progress_user = &bar;
    if (st == MM_OK) cli_warn_unkept_fvar(fine, out, wo.format);
    if (st == MM_OK) cli_warn_unkept_vertex_properties(fine, out, wo.format);
    if (st == MM_OK) st = mm_mesh_write_opts(ctx, fine, out, &wo);
    cli_progress_end(&bar);
    double t3 = cli_now_ms();
    if (st != MM_OK) {
        rc = cli_fail("subdiv", ctx, st);
    } else {
        mm_mesh_info a, b;
        mm_mesh_info_get(mesh, &a);
        mm_mesh_info_get(fine, &b);
        static const char *schemes[] = {"Catmull-Clark", "Loop", "sqrt(3)"};
        static const char *boundaries[] = {"edge-only", "edge-and-corner", "boundary none"};
        printf("%s -> %s: %s, %d levels, %s, %s path, %s mode, %s backend (%s)\n", in, out,
               schemes[o.scheme], o.levels,
               boundaries[b.boundary], /* the rule applied: the file's unless --boundary */
               o.path == MM_PATH_GENERIC       ? "generic"
               : o.path == MM_PATH_SPECIALIZED ? "specialized"
                                               : "auto",
               o.mode == MM_MODE_DYNAMIC ? "dynamic" : "static",
               mm_context_backend(ctx) == MM_BACKEND_CUDA ? "cuda" : "cpu",
               mm_context_device_name(ctx));
        printf("  in:  %lld vertices, %lld faces, %lld face corners\n",
               (long long)a.num_vertices, (long long)a.num_faces, (long long)a.nnz);
        if (a.num_creases + a.num_corners + a.num_holes > 0)
            printf("  tags applied: %lld creases, %lld corners, %lld holes (%s creasing); "
                   "out: %lld creases, %lld corners, %lld holes\n",
                   (long long)a.num_creases, (long long)a.num_corners, (long long)a.num_holes,
                   o.creasing == MM_CREASING_CHAIKIN ? "chaikin" : "uniform",
                   (long long)b.num_creases, (long long)b.num_corners, (long long)b.num_holes);
        printf("  out: %lld vertices, %lld faces%s\n", (long long)b.num_vertices,
               (long long)b.num_faces, limit ? " (limit positions)" : "");
        char names[1024];
        if (mm_mesh_num_fvar(fine) > 0)
            printf("  carried face-varying channels: %s (--fvar-interp %s%s)\n",
                   cli_fvar_list(fine, names, sizeof names), fvar_interps[o.fvar_interp],
                   normals ? "; normal: the limit normals" : "");
        printf("  read %.2f ms, subdivide %.2f ms, write %.2f ms\n", t1 - t0, t2 - t1, t3 - t2);
        print_stages(ctx);
    }
    mm_mesh_free(&fine);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
    return rc;
}
