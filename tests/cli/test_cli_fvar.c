/* test_cli_fvar.c: texture coordinates and normals through the meshmat tool:
 * a textured cage (tests/cli/textured_cube.obj, a cube with a cross-shaped
 * UV layout) through `subdiv --levels 2` keeps its vt and f v/vt, the UVs
 * tile the layout (every refined face turns the right way in UV space, and
 * their areas add up to the cross's, since --fvar-interp boundaries keeps the
 * seams straight); every warning about channels left out (the reader, an
 * output format, sqrt3, --boundary none, a non-manifold mesh, a weld);
 * --fvar-interp's values; --limit's positions and unit normals (vn); and
 * `info` listing the channels. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mmt_cli.h"
#include "mmt_mesh_io.h"

#define CUBE "tests/cli/textured_cube.obj"

/* The test's own folder (each test runs in a process of its own): made by
 * the fixture before each test, removed after it. */
static char dir[512];

static void make_dir(void)
{
    snprintf(dir, sizeof dir, "%s", mmt_temp_dir());
}

static void remove_dir(void)
{
    mmt_temp_dir_remove(dir);
}

static const char *tmp(char *buf, size_t len, const char *name)
{
    return mmt_temp_path(buf, len, dir, name);
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

/* Lines of path that start with prefix. */
static int count_lines(const char *path, const char *prefix)
{
    FILE *f = fopen(path, "r");
    ck_assert_ptr_nonnull(f);
    char line[4096];
    int n = 0;
    while (fgets(line, sizeof line, f)) n += strncmp(line, prefix, strlen(prefix)) == 0;
    fclose(f);
    return n;
}

/* A file read back by the library, with its first channel's values and
 * corner ids (the channel named name). */
typedef struct read_back {
    mm_context ctx;
    mm_mesh mesh;
    mmt_host_mesh h, ch;
} read_back;

static void read_back_get(read_back *r, const char *path, const char *name)
{
    r->ctx = mmt_context();
    r->mesh = NULL;
    MMT_OK(r->ctx, mm_mesh_read(r->ctx, &r->mesh, path, NULL));
    mmt_host_mesh_get(r->ctx, r->mesh, &r->h);
    int k = 0;
    while (k < mm_mesh_num_fvar(r->mesh) && strcmp(mm_mesh_fvar_name(r->mesh, k), name) != 0) ++k;
    ck_assert_msg(k < mm_mesh_num_fvar(r->mesh), "%s has no channel %s", path, name);
    mmt_host_mesh_get(r->ctx, mm_mesh_fvar(r->mesh, k), &r->ch);
}

static void read_back_free(read_back *r)
{
    mmt_host_mesh_free(&r->h);
    mmt_host_mesh_free(&r->ch);
    mm_mesh_free(&r->mesh);
    mm_context_free(&r->ctx);
}

/* The signed area of face f in UV space (shoelace over its corners). */
static double uv_area(const read_back *r, int64_t f)
{
    const double *uv = r->ch.vertices;
    double a = 0;
    for (int64_t i = r->h.offsets[f]; i < r->h.offsets[f + 1]; ++i) {
        int64_t j = i + 1 < r->h.offsets[f + 1] ? i + 1 : r->h.offsets[f];
        const double *p = uv + 2 * r->ch.ids[i], *q = uv + 2 * r->ch.ids[j];
        a += p[0] * q[1] - q[0] * p[1];
    }
    return a / 2;
}

START_TEST(textured_cage_keeps_its_uvs_through_subdiv)
{
    char out[16384], args[4096], path[512];
    tmp(path, sizeof path, "cube2.obj");
    snprintf(args, sizeof args, "subdiv --levels 2 %s -o %s", CUBE, path);
    ck_assert_int_eq(mmt_cli(out, sizeof out, args), 0);
    ck_assert_ptr_nonnull(strstr(out, "carried face-varying channels: uv (2) (--fvar-interp "
                                      "boundaries)"));
    ck_assert_ptr_null(strstr(out, "warning"));
    ck_assert_int_eq(count_lines(path, "v "), 98);
    ck_assert_int_eq(count_lines(path, "f "), 96);
    int vt = count_lines(path, "vt ");
    ck_assert_int_gt(vt, 98); /* the seams split vertices */
    read_back r;
    read_back_get(&r, path, "uv");
    ck_assert_int_eq(r.ch.info.num_vertices, vt);
    ck_assert_int_eq(r.ch.info.num_faces, 96);
    double total = 0;
    const double *uv = r.ch.vertices;
    for (int64_t i = 0; i < vt; ++i) {
        ck_assert(uv[2 * i] >= 0.125 && uv[2 * i] <= 0.875);
        ck_assert(uv[2 * i + 1] >= 0 && uv[2 * i + 1] <= 1);
    }
    for (int64_t f = 0; f < 96; ++f) {
        double a = uv_area(&r, f);
        ck_assert_msg(a > 0, "face %lld turns the wrong way in UV space (%g)", (long long)f, a);
        total += a;
    }
    ck_assert_msg(fabs(total - 6 * 0.0625) < 1e-12, "UV area %.17g", total);
    read_back_free(&r);
    /* every corner of the file names a vt: f v/vt */
    FILE *f = fopen(path, "r");
    char line[4096];
    while (fgets(line, sizeof line, f))
        if (line[0] == 'f') {
            int a, b, c, d, e, g, h, k;
            ck_assert_int_eq(sscanf(line, "f %d/%d %d/%d %d/%d %d/%d", &a, &b, &c, &d, &e, &g,
                                    &h, &k), 8);
        }
    fclose(f);
}
END_TEST

/* Each --fvar-interp value is taken and named; none and all refine the UVs
 * differently; a bad or missing value is a usage error. */
START_TEST(fvar_interp_values_and_refusals)
{
    static const char *const values[] = {"none",          "corners-only", "corners-plus1",
                                         "corners-plus2", "boundaries",   "all"};
    char out[16384], args[4096], path[512], expected[128];
    char *texts[2] = {NULL, NULL};
    tmp(path, sizeof path, "interp.obj");
    for (int k = 0; k < 6; ++k) {
        snprintf(args, sizeof args, "subdiv --levels 1 %s -o %s --fvar-interp %s", CUBE, path,
                 values[k]);
        ck_assert_int_eq(mmt_cli(out, sizeof out, args), 0);
        snprintf(expected, sizeof expected, "(--fvar-interp %s)", values[k]);
        ck_assert_ptr_nonnull(strstr(out, expected));
        if (k == 0 || k == 5) {
            FILE *f = fopen(path, "r");
            char *t = calloc(1, 1 << 16);
            ck_assert_int_gt(fread(t, 1, (1 << 16) - 1, f), 0);
            fclose(f);
            texts[k == 5] = t;
        }
    }
    ck_assert_str_ne(texts[0], texts[1]);
    free(texts[0]), free(texts[1]);
    snprintf(args, sizeof args, "subdiv --levels 1 %s -o %s --fvar-interp linear", CUBE, path);
    ck_assert_int_eq(mmt_cli(out, sizeof out, args), 2);
    ck_assert_ptr_nonnull(strstr(out, "--fvar-interp takes none, corners-only, corners-plus1, "
                                      "corners-plus2, boundaries or all, not 'linear'"));
    snprintf(args, sizeof args, "subdiv --levels 1 %s -o %s --fvar-interp", CUBE, path);
    ck_assert_int_eq(mmt_cli(out, sizeof out, args), 2);
    ck_assert_ptr_nonnull(strstr(out, "--fvar-interp needs a value"));
    ck_assert_int_eq(mmt_cli(out, sizeof out, "subdiv --help"), 0);
    ck_assert_ptr_nonnull(strstr(out, "--fvar-interp"));
    ck_assert_ptr_nonnull(strstr(out, "--limit"));
}
END_TEST

/* Channels dropped with a warning on stderr, the run going on: the reader's
 * partial vt, formats without channels, sqrt3, --boundary none, a
 * non-manifold mesh, a weld; convert warns as subdiv does. */
START_TEST(dropped_channels_are_warned_about)
{
    char out[16384], args[4096], in[512], path[512];
    /* some corners name a vt, the last face's do not */
    tmp(in, sizeof in, "partial.obj");
    write_file(in, "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nvt 0 0\nvt 1 0\nvt 1 1\n"
                   "f 1/1 2/2 3/3\nf 1 3 4\n");
    tmp(path, sizeof path, "partial2.obj");
    snprintf(args, sizeof args, "subdiv --levels 1 %s -o %s", in, path);
    ck_assert_int_eq(mmt_cli(out, sizeof out, args), 0);
    ck_assert_ptr_nonnull(strstr(out, "warning: "));
    ck_assert_ptr_nonnull(strstr(out, "3 face corners name a vt or vn where other corners name "
                                      "none"));
    ck_assert_ptr_null(strstr(out, "carried"));
    ck_assert_int_eq(count_lines(path, "vt "), 0);
    snprintf(args, sizeof args, "info %s", in);
    ck_assert_int_eq(mmt_cli(out, sizeof out, args), 0);
    ck_assert_ptr_nonnull(strstr(out, "channels        none (3 corners' vt / vn dropped)"));

    /* formats that hold no channels (glb holds uv and normal: no warning) */
    static const char *const formats[] = {"out.off", "out.ply", "out.glb"};
    for (int i = 0; i < 3; ++i) {
        tmp(path, sizeof path, formats[i]);
        snprintf(args, sizeof args, "subdiv --levels 1 %s -o %s", CUBE, path);
        ck_assert_int_eq(mmt_cli(out, sizeof out, args), 0);
        const char *said = strstr(out, "face-varying channels not written: uv (only OBJ and glb");
        ck_assert(i < 2 ? said != NULL : said == NULL);
        snprintf(args, sizeof args, "convert %s %s", CUBE, path);
        ck_assert_int_eq(mmt_cli(out, sizeof out, args), 0);
        said = strstr(out, "face-varying channels not written: uv");
        ck_assert(i < 2 ? said != NULL : said == NULL);
    }
    tmp(path, sizeof path, "convert.obj");
    snprintf(args, sizeof args, "convert %s %s", CUBE, path);
    ck_assert_int_eq(mmt_cli(out, sizeof out, args), 0);
    ck_assert_ptr_null(strstr(out, "warning"));
    ck_assert_int_eq(count_lines(path, "vt "), 14);

    /* sqrt3 and --boundary none: refined without them */
    tmp(in, sizeof in, "tri.obj");
    write_file(in, "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nvt 0 0\nvt 1 0\nvt 1 1\nvt 0 1\n"
                   "f 1/1 2/2 3/3\nf 1/1 3/3 4/4\n");
    tmp(path, sizeof path, "tri2.obj");
    snprintf(args, sizeof args, "subdiv --levels 1 --scheme sqrt3 %s -o %s", in, path);
    ck_assert_int_eq(mmt_cli(out, sizeof out, args), 0);
    ck_assert_ptr_nonnull(strstr(out, "face-varying channels dropped: uv (2) (sqrt3 has no "
                                      "face-varying rules)"));
    ck_assert_int_eq(count_lines(path, "vt "), 0);
    snprintf(args, sizeof args, "subdiv --levels 1 --boundary none %s -o %s", CUBE, path);
    ck_assert_int_eq(mmt_cli(out, sizeof out, args), 0);
    ck_assert_ptr_nonnull(strstr(out, "face-varying channels dropped: uv (2) (not refined with "
                                      "boundary none)"));
    snprintf(args, sizeof args, "subdiv --levels 1 --scheme loop %s -o %s", in, path);
    ck_assert_int_eq(mmt_cli(out, sizeof out, args), 0);
    ck_assert_ptr_null(strstr(out, "warning"));
    ck_assert_int_gt(count_lines(path, "vt "), 0);

    /* three triangles on one edge: refined by OpenSubdiv's rules, uv too
     * (values checked against Far in test_subdiv_fvar): every corner of the
     * 9 quads names a vt */
    tmp(in, sizeof in, "fan.obj");
    write_file(in, "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 -1 0\nv 0 0 1\nvt 0 0\nvt 1 0\nvt 0 1\n"
                   "f 1/1 2/2 3/3\nf 2/2 1/1 4/3\nf 1/1 2/2 5/3\n");
    tmp(path, sizeof path, "fan2.obj");
    snprintf(args, sizeof args, "subdiv --levels 1 %s -o %s", in, path);
    ck_assert_int_eq(mmt_cli(out, sizeof out, args), 0);
    ck_assert_ptr_null(strstr(out, "warning"));
    ck_assert_int_gt(count_lines(path, "vt "), 0);
    ck_assert_int_eq(count_lines(path, "f "), 9);
    read_back fan;
    read_back_get(&fan, path, "uv");
    ck_assert_int_eq(fan.ch.info.num_faces, 9);
    ck_assert_int_eq(fan.ch.info.nnz, 36);
    read_back_free(&fan);

    /* a weld carries them, corner for corner: two triangles as a soup (their
     * shared edge's ends written twice) become one mesh of 4 vertices, and
     * every corner names the same uv as before */
    tmp(in, sizeof in, "soup.obj");
    write_file(in, "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\n"
                   "vt 0 0\nvt 1 0\nvt 0 1\nvt 0.5 0\nvt 1 1\nvt 0 0.5\n"
                   "f 1/1 2/2 3/3\nf 4/4 5/5 6/6\n");
    tmp(path, sizeof path, "welded.obj");
    snprintf(args, sizeof args, "convert --weld %s %s", in, path);
    ck_assert_int_eq(mmt_cli(out, sizeof out, args), 0);
    ck_assert_ptr_null(strstr(out, "warning"));
    ck_assert_int_eq(count_lines(path, "v "), 4);
    read_back before, after;
    read_back_get(&before, in, "uv");
    read_back_get(&after, path, "uv");
    ck_assert_int_eq(after.ch.info.nnz, before.ch.info.nnz);
    for (int64_t k = 0; k < before.ch.info.nnz; ++k)
        for (int c = 0; c < 2; ++c)
            ck_assert(((const double *)after.ch.vertices)[2 * after.ch.ids[k] + c] ==
                      ((const double *)before.ch.vertices)[2 * before.ch.ids[k] + c]);
    read_back_free(&after);
    read_back_free(&before);
}
END_TEST

static double dot(const double *a, const double *b)
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/* --limit: every vertex moved to its limit position (inside the refined
 * cage; the values against Far are test_subdiv_limit's) and one unit,
 * outward normal per vertex, named at every corner as f v/vt/vn; Loop too
 * (f v//vn); sqrt3 refused. */
START_TEST(limit_writes_positions_and_normals)
{
    char out[16384], args[4096], plain[512], path[512];
    tmp(plain, sizeof plain, "plain.obj");
    tmp(path, sizeof path, "limit.obj");
    snprintf(args, sizeof args, "subdiv --levels 2 %s -o %s", CUBE, plain);
    ck_assert_int_eq(mmt_cli(out, sizeof out, args), 0);
    snprintf(args, sizeof args, "subdiv --levels 2 --limit %s -o %s", CUBE, path);
    ck_assert_int_eq(mmt_cli(out, sizeof out, args), 0);
    ck_assert_ptr_nonnull(strstr(out, "98 vertices, 96 faces (limit positions)"));
    ck_assert_ptr_nonnull(strstr(out, "uv (2), normal (3)"));
    ck_assert_int_eq(count_lines(path, "vn "), 98);
    read_back a, b;
    read_back_get(&a, plain, "uv");
    read_back_get(&b, path, "normal");
    ck_assert_int_eq(mm_mesh_num_fvar(b.mesh), 2);
    const double *p = a.h.vertices, *q = b.h.vertices, *n = b.ch.vertices;
    int moved = 0;
    for (int64_t v = 0; v < 98; ++v) {
        const double *nv = n + 3 * v, *x = q + 3 * v, *y = p + 3 * v;
        ck_assert(fabs(dot(nv, nv) - 1) < 1e-12);
        ck_assert(dot(nv, x) > 0); /* outward */
        moved += x[0] != y[0] || x[1] != y[1] || x[2] != y[2];
        /* the limit points lie inside the refined cage's hull: |x| shrinks */
        ck_assert(dot(x, x) <= dot(y, y) + 1e-12);
    }
    ck_assert_int_gt(moved, 90);
    /* per vertex: each corner names its vertex's normal */
    ck_assert_mem_eq(b.ch.ids, b.h.ids, (size_t)b.h.info.nnz * sizeof(uint32_t));
    read_back_free(&a);
    read_back_free(&b);
    FILE *f = fopen(path, "r");
    char line[4096];
    while (fgets(line, sizeof line, f))
        if (line[0] == 'f') {
            int x[12];
            ck_assert_int_eq(sscanf(line, "f %d/%d/%d %d/%d/%d %d/%d/%d %d/%d/%d", &x[0], &x[1],
                                    &x[2], &x[3], &x[4], &x[5], &x[6], &x[7], &x[8], &x[9],
                                    &x[10], &x[11]), 12);
            ck_assert(x[0] == x[2] && x[3] == x[5] && x[6] == x[8] && x[9] == x[11]);
        }
    fclose(f);
    /* Loop on the cube's triangles (no uv): f v//vn */
    char in[512];
    tmp(in, sizeof in, "tet.obj");
    write_file(in, "v 1 1 1\nv 1 -1 -1\nv -1 1 -1\nv -1 -1 1\nf 1 2 3\nf 1 3 4\nf 1 4 2\n"
                   "f 2 4 3\n");
    snprintf(args, sizeof args, "subdiv --levels 2 --scheme loop --limit %s -o %s", in, path);
    ck_assert_int_eq(mmt_cli(out, sizeof out, args), 0);
    ck_assert_int_eq(count_lines(path, "vn "), count_lines(path, "v "));
    f = fopen(path, "r");
    while (fgets(line, sizeof line, f))
        if (line[0] == 'f') ck_assert_ptr_nonnull(strstr(line, "//"));
    fclose(f);
    snprintf(args, sizeof args, "subdiv --levels 1 --scheme sqrt3 --limit %s -o %s", in, path);
    ck_assert_int_eq(mmt_cli(out, sizeof out, args), 2);
    ck_assert_ptr_nonnull(strstr(out, "--limit needs --scheme catmull-clark or loop"));
    /* three triangles on one edge (with vn): the limit positions alone, the
     * normals dropped with a warning naming the vertex (its tangents are not
     * defined; test_subdiv_limit checks the positions against Far) */
    tmp(in, sizeof in, "fin.obj");
    write_file(in, "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 -1 0\nv 0 0 1\nvn 0 0 1\n"
                   "f 1//1 2//1 3//1\nf 2//1 1//1 4//1\nf 1//1 2//1 5//1\n");
    snprintf(args, sizeof args, "subdiv --levels 1 --limit %s -o %s", in, path);
    ck_assert_int_eq(mmt_cli(out, sizeof out, args), 0);
    ck_assert_ptr_nonnull(strstr(out, "warning: subdiv: --limit wrote limit positions without "
                                      "normals (mm_subdiv_limit: vertex "));
    ck_assert_ptr_nonnull(strstr(out, "15 vertices, 9 faces (limit positions)"));
    ck_assert_int_eq(count_lines(path, "vn "), 0);
    ck_assert_int_eq(count_lines(path, "v "), 15);
}
END_TEST

START_TEST(info_lists_the_channels)
{
    char out[16384], args[4096], in[512];
    snprintf(args, sizeof args, "info %s", CUBE);
    ck_assert_int_eq(mmt_cli(out, sizeof out, args), 0);
    ck_assert_ptr_nonnull(strstr(out, "channels        uv (dim 2, 14 values)\n"));
    snprintf(args, sizeof args, "info --json %s", CUBE);
    ck_assert_int_eq(mmt_cli(out, sizeof out, args), 0);
    ck_assert_ptr_nonnull(strstr(out, "\"fvar\": [{\"name\": \"uv\", \"dim\": 2, \"values\": "
                                      "14}], \"fvar_dropped\": 0"));
    tmp(in, sizeof in, "both.obj");
    write_file(in, "v 0 0 0\nv 1 0 0\nv 0 1 0\nvt 0 0\nvt 1 0\nvt 0 1\nvn 0 0 1\n"
                   "f 1/1/1 2/2/1 3/3/1\n");
    snprintf(args, sizeof args, "info %s", in);
    ck_assert_int_eq(mmt_cli(out, sizeof out, args), 0);
    ck_assert_ptr_nonnull(strstr(out, "uv (dim 2, 3 values), normal (dim 3, 1 values)"));
    ck_assert_int_eq(mmt_cli(out, sizeof out, "info models/cube.obj"), 0);
    ck_assert_ptr_nonnull(strstr(out, "channels        none\n"));
}
END_TEST

int main(void)
{
    Suite *s = suite_create("cli_fvar");
    TCase *tc = tcase_create("meshmat");
    tcase_set_timeout(tc, 60);
    tcase_add_checked_fixture(tc, make_dir, remove_dir);
    tcase_add_test(tc, textured_cage_keeps_its_uvs_through_subdiv);
    tcase_add_test(tc, fvar_interp_values_and_refusals);
    tcase_add_test(tc, dropped_channels_are_warned_about);
    tcase_add_test(tc, limit_writes_positions_and_normals);
    tcase_add_test(tc, info_lists_the_channels);
    suite_add_tcase(s, tc);
    return mmt_run(s);
}
