/* test_cli_render.c: `meshmat render` as a user runs it. Its pictures are
 * decoded by an independent reader (tests/cli/read_png.py: Python's zlib and
 * the PNG spec; those checks are skipped without python3): the size asked
 * for, the shipped cube covering the centre and leaving the corners white,
 * a wireframe picture differing from the plain one by dark pixels only.
 * Bad input: a missing file (exit 1 with the library's message), bad sizes
 * and command lines (exit 2), a mesh without faces, an output that cannot be
 * written (exit 1, nothing left behind, an existing picture untouched). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mmt_cli.h"

/* A picture decoded by read_png.py: its size, the CRC of its pixels, and the
 * pixels asked for (at most 8). */
typedef struct picture {
    int width, height;
    unsigned long crc;
    int rgb[8][3];
} picture;

static void decode(const char *path, const char *points, picture *p)
{
    char out[4096], cmd[1024];
    snprintf(cmd, sizeof cmd, "python3 tests/cli/read_png.py '%s' %s", path, points);
    ck_assert_msg(mmt_shell(out, sizeof out, cmd) == 0, "%s: %s", cmd, out);
    const char *s = out;
    int used = 0;
    ck_assert_int_eq(sscanf(s, "%d %d %lu%n", &p->width, &p->height, &p->crc, &used), 3);
    s += used;
    for (int i = 0; i < 8 && sscanf(s, "%d %d %d%n", &p->rgb[i][0], &p->rgb[i][1],
                                    &p->rgb[i][2], &used) == 3; ++i)
        s += used;
}

static int is_white(const int rgb[3])
{
    return rgb[0] == 255 && rgb[1] == 255 && rgb[2] == 255;
}

static void temp_name(char *buf, size_t len, const char *name)
{
    snprintf(buf, len, "/tmp/meshmat_render_%d_%s", (int)getpid(), name);
}

START_TEST(cube_fills_the_centre_and_leaves_the_corners_white)
{
    char out[16384], args[1024], path[256];
    picture p;
    temp_name(path, sizeof path, "cube.png");
    snprintf(args, sizeof args, "render models/cube.obj -o %s", path);
    ck_assert_msg(mmt_cli(out, sizeof out, args) == 0, "%s", out);
    ck_assert_ptr_nonnull(strstr(out, "640x480, 6 faces"));
    decode(path, "320,240 0,0 639,0 0,479 639,479", &p);
    ck_assert_int_eq(p.width, 640); /* the default size */
    ck_assert_int_eq(p.height, 480);
    ck_assert(!is_white(p.rgb[0]));
    for (int i = 1; i < 5; ++i) ck_assert_msg(is_white(p.rgb[i]), "corner %d", i);
    remove(path);
}
END_TEST

/* --size is honoured, odd sizes and one pixel included; the wireframe
 * picture differs from the plain one, where it differs darker. */
START_TEST(sizes_and_wireframe)
{
    char out[16384], args[1024], plain[256], wire[256];
    picture a, b;
    temp_name(plain, sizeof plain, "plain.png");
    temp_name(wire, sizeof wire, "wire.png");
    const char *sizes[] = {"201x133", "1x1", "37x300"};
    const int w[] = {201, 1, 37}, h[] = {133, 1, 300};
    for (int s = 0; s < 3; ++s) {
        snprintf(args, sizeof args, "render models/torus_quads.obj -o %s --size %s", plain,
                 sizes[s]);
        ck_assert_msg(mmt_cli(out, sizeof out, args) == 0, "%s", out);
        decode(plain, "", &a);
        ck_assert_int_eq(a.width, w[s]);
        ck_assert_int_eq(a.height, h[s]);
    }
    snprintf(args, sizeof args, "render --size 240x180 models/polygons_open.obj -o %s", plain);
    ck_assert_int_eq(mmt_cli(out, sizeof out, args), 0);
    snprintf(args, sizeof args,
             "render models/polygons_open.obj --wireframe -o %s --size 240x180", wire);
    ck_assert_int_eq(mmt_cli(out, sizeof out, args), 0);
    ck_assert_ptr_nonnull(strstr(out, "with their edges"));
    decode(plain, "", &a);
    decode(wire, "", &b);
    ck_assert_int_eq(b.width, 240);
    ck_assert_uint_ne(a.crc, b.crc);
    /* the same pictures pixel by pixel: every changed pixel got darker */
    char cmd[1024];
    snprintf(cmd, sizeof cmd,
             "python3 -c \"import runpy; "
             "m = runpy.run_path('tests/cli/read_png.py', run_name='lib'); "
             "_, _, p = m['decode'](open('%s', 'rb').read()); "
             "_, _, q = m['decode'](open('%s', 'rb').read()); "
             "d = [(x, y) for x, y in zip(p, q) if x != y]; "
             "print(len(d), sum(y < x for x, y in d))\"",
             plain, wire);
    long changed = -1, darker = -2;
    ck_assert_msg(mmt_shell(out, sizeof out, cmd) == 0, "%s", out);
    ck_assert_int_eq(sscanf(out, "%ld %ld", &changed, &darker), 2);
    ck_assert_int_gt(changed, 500); /* edges of 19 polygons across 240x180 */
    ck_assert_int_eq(darker, changed);
    remove(plain);
    remove(wire);
}
END_TEST

/* The number of entries in dir whose names start with prefix. */
static int count_entries(const char *dir, const char *prefix)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    int n = 0;
    ck_assert_ptr_nonnull(d);
    while ((e = readdir(d)) != NULL) n += strncmp(e->d_name, prefix, strlen(prefix)) == 0;
    closedir(d);
    return n;
}

START_TEST(bad_input_exits_with_a_clear_message)
{
    char out[16384], args[1024], path[256], points[256], prefix[64];
    temp_name(path, sizeof path, "bad.png");
    ck_assert_int_eq(mmt_cli(out, sizeof out, "--help"), 0);
    ck_assert_ptr_nonnull(strstr(out, "render IN -o PNG"));
    ck_assert_int_eq(mmt_cli(out, sizeof out, "render --help"), 0);
    ck_assert_ptr_nonnull(strstr(out, "--wireframe"));
    ck_assert_int_eq(mmt_cli(out, sizeof out, "render models/no_such_mesh.obj -o /tmp/x.png"), 1);
    ck_assert_ptr_nonnull(strstr(out, "MM_ERR_IO"));
    ck_assert_ptr_nonnull(strstr(out, "no_such_mesh.obj"));
    const char *bad_sizes[] = {"abc", "0x10", "10x0", "4097x10", "10x", "x10", "10x10x",
                               "-5x10", "10x+5", "640*480"};
    for (int i = 0; i < 10; ++i) {
        snprintf(args, sizeof args, "render models/cube.obj -o %s --size %s", path, bad_sizes[i]);
        ck_assert_msg(mmt_cli(out, sizeof out, args) == 2, "--size %s: %s", bad_sizes[i], out);
        ck_assert_ptr_nonnull(strstr(out, "--size takes WxH, each 1 to 4096"));
    }
    ck_assert_int_eq(mmt_cli(out, sizeof out, "render models/cube.obj"), 2);           /* no -o */
    ck_assert_int_eq(mmt_cli(out, sizeof out, "render -o x.png"), 2);                  /* no IN */
    ck_assert_int_eq(mmt_cli(out, sizeof out, "render models/cube.obj -o"), 2);
    ck_assert_ptr_nonnull(strstr(out, "-o needs a value"));
    ck_assert_int_eq(mmt_cli(out, sizeof out, "render models/cube.obj -o x.png --shadows"), 2);
    ck_assert_ptr_nonnull(strstr(out, "unexpected argument '--shadows'"));
    ck_assert_int_eq(mmt_cli(out, sizeof out, "render a.obj b.obj -o x.png"), 2);
    ck_assert_int_eq(access(path, F_OK), -1);

    /* no faces to draw: exit 1, no picture */
    temp_name(points, sizeof points, "points.off");
    FILE *f = fopen(points, "w");
    ck_assert_ptr_nonnull(f);
    fputs("OFF\n3 0 0\n0 0 0\n1 0 0\n0 1 0\n", f);
    ck_assert_int_eq(fclose(f), 0);
    snprintf(args, sizeof args, "render %s -o %s", points, path);
    ck_assert_int_eq(mmt_cli(out, sizeof out, args), 1);
    ck_assert_ptr_nonnull(strstr(out, "has no faces to draw (3 vertices, 0 faces"));
    ck_assert_int_eq(access(path, F_OK), -1);
    remove(points);

    /* outputs that cannot be written: exit 1, nothing left beside them, an
     * existing picture untouched */
    ck_assert_int_eq(mmt_cli(out, sizeof out, "render models/cube.obj -o /nonexistent/dir/x.png"), 1);
    ck_assert_ptr_nonnull(strstr(out, "/nonexistent/dir/x.png: cannot open for writing: No such"));
    struct stat sb;
    if (stat("/dev/full", &sb) == 0) {
        ck_assert_int_eq(mmt_cli(out, sizeof out, "render models/cube.obj -o /dev/full"), 1);
        ck_assert_ptr_nonnull(strstr(out, "/dev/full: write failed: No space left on device"));
    }
    f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs("old picture", f);
    ck_assert_int_eq(fclose(f), 0);
    snprintf(args, sizeof args, "render models/cube.obj -o %s --size 0x0", path);
    ck_assert_int_eq(mmt_cli(out, sizeof out, args), 2);
    snprintf(args, sizeof args, "render %s -o %s", path, path); /* not a mesh: .png */
    ck_assert_int_eq(mmt_cli(out, sizeof out, args), 1);
    ck_assert_ptr_nonnull(strstr(out, "unknown extension"));
    ck_assert_int_eq(stat(path, &sb), 0);
    ck_assert_int_eq(sb.st_size, 11);
    snprintf(prefix, sizeof prefix, ".meshmat_render_%d", (int)getpid());
    ck_assert_int_eq(count_entries("/tmp", prefix), 0); /* no temporary left */
    remove(path);
}
END_TEST

/* Whether python3 with zlib can run the reader. */
static int python_available(void)
{
    return system("python3 -c 'import zlib' >/dev/null 2>&1") == 0;
}

int main(void)
{
    Suite *s = suite_create("cli_render");
    TCase *tc = tcase_create("render");
    tcase_set_timeout(tc, 120);
    if (python_available()) {
        tcase_add_test(tc, cube_fills_the_centre_and_leaves_the_corners_white);
        tcase_add_test(tc, sizes_and_wireframe);
    } else {
        mmt_skip("render pictures decoded", "no python3 with zlib to read them");
    }
    tcase_add_test(tc, bad_input_exits_with_a_clear_message);
    suite_add_tcase(s, tc);
    return mmt_run(s);
}
