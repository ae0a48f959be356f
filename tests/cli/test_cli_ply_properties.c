/* test_cli_ply_properties.c: a PLY file's vertex properties through the
 * meshmat tool: `subdiv --levels 1` of a cube with uchar colours writes a
 * PLY whose colours are the refined ones, rounded (the face points: their
 * faces' mean colours), under the same names and types; OBJ, OFF and glb
 * outputs warn that the properties are not written; --limit takes the
 * positions' columns of a mesh with more. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "mmt_cli.h"
#include "mmt_mesh_io.h"

static const unsigned char rgb[8][3] = {{255, 0, 0},   {0, 255, 0},   {0, 0, 255},
                                        {255, 255, 0}, {255, 0, 255}, {0, 255, 255},
                                        {255, 255, 255}, {0, 0, 0}};
static const int quads[6][4] = {{0, 3, 2, 1}, {4, 5, 6, 7}, {0, 1, 5, 4},
                                {1, 2, 6, 5}, {2, 3, 7, 6}, {3, 0, 4, 7}};

/* The coloured cube as ASCII PLY at path. */
static void write_cube(const char *path)
{
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs("ply\nformat ascii 1.0\nelement vertex 8\nproperty float x\nproperty float y\n"
          "property float z\nproperty uchar red\nproperty uchar green\nproperty uchar blue\n"
          "element face 6\nproperty list uchar int vertex_indices\nend_header\n", f);
    for (int v = 0; v < 8; ++v)
        fprintf(f, "%d %d %d %d %d %d\n", v == 1 || v == 2 || v == 5 || v == 6,
                v == 2 || v == 3 || v == 6 || v == 7, v >= 4, rgb[v][0], rgb[v][1], rgb[v][2]);
    for (int q = 0; q < 6; ++q)
        fprintf(f, "4 %d %d %d %d\n", quads[q][0], quads[q][1], quads[q][2], quads[q][3]);
    fclose(f);
}

START_TEST(subdiv_writes_the_refined_colours)
{
    char out[8192], args[2048], in[512], fine[512];
    const char *dir = mmt_temp_dir();
    mmt_temp_path(in, sizeof in, dir, "cube.ply");
    mmt_temp_path(fine, sizeof fine, dir, "cube1.ply");
    write_cube(in);
    snprintf(args, sizeof args, "subdiv '%s' -o '%s' --levels 1", in, fine);
    ck_assert_msg(mmt_cli(out, sizeof out, args) == 0, "%s", out);
    ck_assert_ptr_null(strstr(out, "warning"));
    /* info lists the named columns of the refined file */
    snprintf(args, sizeof args, "info '%s'", fine);
    ck_assert_msg(mmt_cli(out, sizeof out, args) == 0, "%s", out);
    ck_assert_msg(strstr(out, "vertex data     6 columns; properties red (uchar), green (uchar), "
                              "blue (uchar)") != NULL, "%s", out);
    mm_context ctx = mmt_context();
    mm_mesh mesh = NULL;
    MMT_OK(ctx, mm_mesh_read(ctx, &mesh, fine, NULL));
    static const char *const names[3] = {"red", "green", "blue"};
    for (int k = 0; k < 3; ++k) {
        ck_assert_str_eq(mm_mesh_vertex_property_name(mesh, 3 + k), names[k]);
        ck_assert_str_eq(mm_mesh_vertex_property_type(mesh, 3 + k), "uchar");
    }
    mmt_host_mesh h;
    mmt_host_mesh_get(ctx, mesh, &h);
    ck_assert_int_eq(h.info.num_vertices, 26);
    ck_assert_int_eq(h.info.dim, 6);
    /* face point of face q (vertex 8 + q): the mean of its corners' colours,
     * rounded to the nearest uchar, halves up: face 0 (0 3 2 1) is
     * (255+255+0+0)/4 = 127.5 -> 128 red, (0+255+0+255)/4 = 127.5 -> 128
     * green, (0+0+255+0)/4 = 63.75 -> 64 blue */
    ck_assert(mmt_coord(&h, 8, 3) == 128 && mmt_coord(&h, 8, 4) == 128 &&
              mmt_coord(&h, 8, 5) == 64);
    for (int q = 0; q < 6; ++q)
        for (int k = 0; k < 3; ++k) {
            int sum = 0;
            for (int i = 0; i < 4; ++i) sum += rgb[quads[q][i]][k];
            ck_assert_msg(mmt_coord(&h, 8 + q, 3 + k) == (sum * 2 + 4) / 8,
                          "face %d colour %d: %g, expected (%d + 2) / 4", q, k,
                          mmt_coord(&h, 8 + q, 3 + k), sum);
        }
    mmt_host_mesh_free(&h);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
    mmt_temp_dir_remove(dir);
}
END_TEST

START_TEST(formats_without_vertex_properties_warn)
{
    static const char *const outs[3] = {"cube1.obj", "cube1.off", "cube1.glb"};
    char out[8192], args[2048], in[512], path[512];
    const char *dir = mmt_temp_dir();
    mmt_temp_path(in, sizeof in, dir, "cube.ply");
    write_cube(in);
    for (int i = 0; i < 3; ++i) {
        mmt_temp_path(path, sizeof path, dir, outs[i]);
        snprintf(args, sizeof args, "subdiv '%s' -o '%s' --levels 1", in, path);
        ck_assert_msg(mmt_cli(out, sizeof out, args) == 0, "%s", out);
        ck_assert_msg(strstr(out, "vertex properties not written: red, green, blue (only PLY "
                                  "holds them)") != NULL, "%s", out);
        snprintf(args, sizeof args, "convert '%s' '%s'", in, path);
        ck_assert_msg(mmt_cli(out, sizeof out, args) == 0, "%s", out);
        ck_assert_msg(strstr(out, "vertex properties not written: red, green, blue") != NULL,
                      "%s", out);
    }
    mmt_temp_path(path, sizeof path, dir, "cube2.ply");
    snprintf(args, sizeof args, "convert '%s' '%s' --format ply-ascii", in, path);
    ck_assert_msg(mmt_cli(out, sizeof out, args) == 0, "%s", out);
    ck_assert_ptr_null(strstr(out, "warning"));
    /* --limit with columns past x, y, z: the normals from the positions' */
    snprintf(args, sizeof args, "subdiv '%s' -o '%s' --levels 1 --limit", in, path);
    ck_assert_msg(mmt_cli(out, sizeof out, args) == 0, "%s", out);
    mmt_temp_dir_remove(dir);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("cli_ply_properties");
    TCase *tc = tcase_create("meshmat");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, subdiv_writes_the_refined_colours);
    tcase_add_test(tc, formats_without_vertex_properties_warn);
    suite_add_tcase(s, tc);
    return mmt_run(s);
}
