/* test_cli.c: the meshmat command-line tool as a user runs it: help and usage
 * errors with their documented exit codes, `info --json` on a shipped mesh
 * against counts derived by hand, `convert` round trips and glTF output, and
 * `subdiv` on the shipped cube against the counts of Catmull-Clark's
 * refinement, and `convert --reorder` against mm_mesh_reorder. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mmt_cli.h"
#include "mmt_mesh_io.h"

/* The integer after "\"key\": " in a JSON text, or -1. */
static long long json_int(const char *json, const char *key)
{
    char pat[128];
    snprintf(pat, sizeof pat, "\"%s\": ", key);
    const char *at = strstr(json, pat);
    return at ? atoll(at + strlen(pat)) : -1;
}

START_TEST(help_and_usage_errors_have_documented_exit_codes)
{
    char out[16384];
    ck_assert_int_eq(mmt_cli(out, sizeof out, "--help"), 0);
    ck_assert_ptr_nonnull(strstr(out, "info FILE"));
    ck_assert_int_eq(mmt_cli(out, sizeof out, "info --help"), 0);
    ck_assert_ptr_nonnull(strstr(out, "--json"));
    ck_assert_int_eq(mmt_cli(out, sizeof out, "convert --help"), 0);
    ck_assert_ptr_nonnull(strstr(out, "--format"));
    ck_assert_int_eq(mmt_cli(out, sizeof out, ""), 2);
    ck_assert_int_eq(mmt_cli(out, sizeof out, "frobnicate"), 2);
    ck_assert_ptr_nonnull(strstr(out, "unknown command 'frobnicate'"));
    ck_assert_int_eq(mmt_cli(out, sizeof out, "info"), 2);
    ck_assert_int_eq(mmt_cli(out, sizeof out, "info a.obj b.obj"), 2);
    ck_assert_int_eq(mmt_cli(out, sizeof out, "info models/cube.obj --backend gpu"), 2);
    ck_assert_ptr_nonnull(strstr(out, "not 'gpu'"));
    ck_assert_int_eq(mmt_cli(out, sizeof out, "convert models/cube.obj"), 2);
    ck_assert_int_eq(mmt_cli(out, sizeof out, "convert a.obj b.obj --format stl"), 2);
}
END_TEST

START_TEST(failures_exit_1_with_the_library_message)
{
    char out[16384];
    ck_assert_int_eq(mmt_cli(out, sizeof out, "info models/no_such_mesh.obj"), 1);
    ck_assert_ptr_nonnull(strstr(out, "MM_ERR_IO"));
    ck_assert_ptr_nonnull(strstr(out, "no_such_mesh.obj"));
    if (!mm_cuda_available()) {
        ck_assert_int_eq(mmt_cli(out, sizeof out, "info models/cube.obj --backend cuda"), 3);
        ck_assert_ptr_nonnull(strstr(out, "MM_ERR_NO_DEVICE"));
    }
}
END_TEST

START_TEST(info_json_matches_hand_counts)
{
    /* models/polygons_open.obj (scripts/make_models.py): an open disc of one octagon,
     * a ring of 8 quads and 8 outer triangles (24 vertices, 8+16+16 = 40 edges, the
     * triangles' 16 outer edges on one boundary loop), and a pentagon and a heptagon
     * sharing one edge (10 vertices, 11 edges, 10 on one boundary loop). */
    char out[16384];
    ck_assert_int_eq(mmt_cli(out, sizeof out, "info --json models/polygons_open.obj --backend cpu"), 0);
    ck_assert_int_eq(json_int(out, "vertices"), 34);
    ck_assert_int_eq(json_int(out, "faces"), 19);
    ck_assert_int_eq(json_int(out, "nnz"), 8 + 32 + 24 + 5 + 7);
    ck_assert_int_eq(json_int(out, "edges"), 51);
    ck_assert_int_eq(json_int(out, "3"), 8);
    ck_assert_int_eq(json_int(out, "4"), 8);
    ck_assert_int_eq(json_int(out, "5"), 1);
    ck_assert_int_eq(json_int(out, "7"), 1);
    ck_assert_int_eq(json_int(out, "8"), 1);
    ck_assert_int_eq(json_int(out, "boundary_edges"), 26);
    ck_assert_int_eq(json_int(out, "boundary_loops"), 2);
    ck_assert_int_eq(json_int(out, "nonmanifold_edges"), 0);
    ck_assert_int_eq(json_int(out, "nonmanifold_vertices"), 0);
    ck_assert_int_eq(json_int(out, "components"), 2);
    ck_assert_int_eq(json_int(out, "flipped_edges"), 0);
    ck_assert_int_eq(json_int(out, "unreferenced_vertices"), 0);
    ck_assert_int_eq(json_int(out, "degenerate_faces"), 0);
}
END_TEST

START_TEST(torus_is_closed_and_has_euler_characteristic_zero)
{
    char out[16384];
    ck_assert_int_eq(mmt_cli(out, sizeof out, "info --json models/torus_quads.obj"), 0);
    long long v = json_int(out, "vertices"), e = json_int(out, "edges"), f = json_int(out, "faces");
    ck_assert_int_eq(f, 48 * 24);
    ck_assert_int_eq(v - e + f, 0);
    ck_assert_int_eq(json_int(out, "boundary_edges"), 0);
    ck_assert_int_eq(json_int(out, "components"), 1);
    ck_assert_int_eq(mmt_cli(out, sizeof out, "info models/torus_quads.obj"), 0);
    ck_assert_ptr_nonnull(strstr(out, "closed"));
    ck_assert_ptr_nonnull(strstr(out, "manifold        yes"));
}
END_TEST

START_TEST(convert_round_trips_through_every_format)
{
    const char *formats[] = {"obj", "off", "ply", "ply-ascii"};
    char out[16384], ref[16384], args[4096], path[64];
    ck_assert_int_eq(mmt_cli(ref, sizeof ref, "info --json models/polygons_open.obj"), 0);
    for (int i = 0; i < 4; ++i) {
        snprintf(path, sizeof path, "/tmp/meshmat_cli_%d_%d.mesh", (int)getpid(), i);
        snprintf(args, sizeof args, "convert models/polygons_open.obj %s --format %s", path,
                 formats[i]);
        ck_assert_int_eq(mmt_cli(out, sizeof out, args), 0);
        char renamed[96];
        snprintf(renamed, sizeof renamed, "%s.%s", path, i >= 2 ? "ply" : formats[i]);
        ck_assert_int_eq(rename(path, renamed), 0);
        snprintf(args, sizeof args, "info --json %s", renamed);
        ck_assert_int_eq(mmt_cli(out, sizeof out, args), 0);
        const char *keys[] = {"vertices", "faces", "nnz", "edges", "boundary_edges",
                              "boundary_loops", "components"};
        for (int k = 0; k < 7; ++k)
            ck_assert_int_eq(json_int(out, keys[k]), json_int(ref, keys[k]));
        remove(renamed);
    }
}
END_TEST

/* --format glb writes glTF binary whatever OUT's extension: the file starts
 * with the magic "glTF" and version 2. */
START_TEST(convert_writes_glb_by_format)
{
    char out[16384], args[4096], path[64], head[8];
    snprintf(path, sizeof path, "/tmp/meshmat_cli_%d_glb.mesh", (int)getpid());
    snprintf(args, sizeof args, "convert models/polygons_open.obj %s --format glb", path);
    ck_assert_msg(mmt_cli(out, sizeof out, args) == 0, "%s", out);
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(fread(head, 1, sizeof head, f), sizeof head);
    fclose(f);
    remove(path);
    ck_assert_int_eq(memcmp(head, "glTF", 4), 0);
    ck_assert_int_eq(head[4], 2);
    ck_assert_int_eq(head[5] | head[6] | head[7], 0);
}
END_TEST

/* Writes text to /tmp/meshmat_cli_<pid>_<name> (path into buf). */
static const char *write_temp(char *buf, size_t len, const char *name, const char *text)
{
    snprintf(buf, len, "/tmp/meshmat_cli_%d_%s", (int)getpid(), name);
    FILE *f = fopen(buf, "wb");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    ck_assert_int_eq(fclose(f), 0);
    return buf;
}

/* Issue 22: OFF "0 0 0" converts to every format and reads back empty; the
 * empty mesh and a point cloud (no faces: nothing to refine, the vertices
 * kept) go through `info` and `subdiv` with each scheme on both paths; a
 * CR-only OBJ reads as its lines, not as one. */
START_TEST(empty_meshes_convert_and_subdivide)
{
    static const char *const formats[] = {"obj", "off", "ply", "ply-ascii"};
    static const char *const schemes[] = {"catmull-clark", "loop", "sqrt3"};
    static const char *const paths[] = {"specialized", "generic"};
    char out[16384], args[4096], empty[96], points[96], path[160], cr[96];
    write_temp(empty, sizeof empty, "empty.off", "OFF\n0 0 0\n");
    write_temp(points, sizeof points, "points.off", "OFF\n3 0 0\n0 0 0\n1 0 0\n0 1 0\n");
    for (int i = 0; i < 4; ++i) {
        snprintf(path, sizeof path, "%s.%d.%s", empty, i, i >= 2 ? "ply" : formats[i]);
        snprintf(args, sizeof args, "convert %s %s --format %s", empty, path, formats[i]);
        ck_assert_int_eq(mmt_cli(out, sizeof out, args), 0);
        snprintf(args, sizeof args, "info --json %s", path);
        ck_assert_msg(mmt_cli(out, sizeof out, args) == 0, "%s", out);
        ck_assert_int_eq(json_int(out, "vertices"), 0);
        ck_assert_int_eq(json_int(out, "faces"), 0);
        remove(path);
    }
    snprintf(path, sizeof path, "%s.out.obj", empty);
    for (int k = 0; k < 6; ++k)
        for (int p = 0; p < 2; ++p) {
            const char *in = p ? points : empty;
            snprintf(args, sizeof args, "subdiv --levels 2 --scheme %s --path %s %s -o %s",
                     schemes[k % 3], paths[k / 3], in, path);
            ck_assert_msg(mmt_cli(out, sizeof out, args) == 0, "%s: %s", args, out);
            snprintf(args, sizeof args, "info --json %s", path);
            ck_assert_int_eq(mmt_cli(out, sizeof out, args), 0);
            ck_assert_int_eq(json_int(out, "vertices"), p ? 3 : 0);
            ck_assert_int_eq(json_int(out, "faces"), 0);
            remove(path);
        }
    write_temp(cr, sizeof cr, "cr.obj", "v 0 0 0\rv 1 0 0\rv 0 1 0\rv 1 1 0\rf 1 2 4 3\r");
    snprintf(args, sizeof args, "info --json %s", cr);
    ck_assert_int_eq(mmt_cli(out, sizeof out, args), 0);
    ck_assert_int_eq(json_int(out, "vertices"), 4);
    ck_assert_int_eq(json_int(out, "faces"), 1);
    remove(cr);
    remove(points);
    remove(empty);
}
END_TEST

START_TEST(subdiv_refines_the_cube_and_refuses_bad_input)
{
    /* Two Catmull-Clark levels of a closed cube: V' = V + F + E per level
     * (8 → 26 → 98), F' = 4 F (6 → 24 → 96), still closed, χ = 2. */
    char out[16384], args[4096], path[64], bad[64];
    snprintf(path, sizeof path, "/tmp/meshmat_cli_%d_cube2.obj", (int)getpid());
    snprintf(args, sizeof args, "subdiv --levels 2 models/cube.obj -o %s", path);
    ck_assert_int_eq(mmt_cli(out, sizeof out, args), 0);
    ck_assert_ptr_nonnull(strstr(out, "98 vertices, 96 faces"));
    ck_assert_ptr_nonnull(strstr(out, "stage"));
    snprintf(args, sizeof args, "info --json %s", path);
    ck_assert_int_eq(mmt_cli(out, sizeof out, args), 0);
    ck_assert_int_eq(json_int(out, "vertices"), 98);
    ck_assert_int_eq(json_int(out, "faces"), 96);
    ck_assert_int_eq(json_int(out, "4"), 96);
    ck_assert_int_eq(json_int(out, "edges"), 192);
    ck_assert_int_eq(json_int(out, "boundary_edges"), 0);
    remove(path);
    /* --mode static: the same refined mesh through the subdivision matrices. */
    snprintf(args, sizeof args, "subdiv --levels 2 models/cube.obj -o %s --mode static", path);
    ck_assert_int_eq(mmt_cli(out, sizeof out, args), 0);
    ck_assert_ptr_nonnull(strstr(out, "static mode"));
    ck_assert_ptr_nonnull(strstr(out, "98 vertices, 96 faces"));
    ck_assert_ptr_nonnull(strstr(out, "subdiv_static_eval"));
    remove(path);

    ck_assert_int_eq(mmt_cli(out, sizeof out, "subdiv --help"), 0);
    ck_assert_ptr_nonnull(strstr(out, "--boundary"));
    ck_assert_int_eq(mmt_cli(out, sizeof out, "subdiv models/cube.obj --levels 1"), 2);
    ck_assert_int_eq(mmt_cli(out, sizeof out, "subdiv models/cube.obj -o x.obj --levels 0"), 2);
    ck_assert_int_eq(mmt_cli(out, sizeof out, "subdiv models/cube.obj -o x.obj --levels 2x"), 2);
    ck_assert_int_eq(mmt_cli(out, sizeof out, "subdiv models/cube.obj -o x.obj --scheme doo"), 2);
    ck_assert_int_eq(mmt_cli(out, sizeof out, "subdiv models/cube.obj -o x.obj --boundary all"), 2);

    /* Three triangles on one edge: non-manifold, refined by OpenSubdiv's rules
     * (the edge's halves written as infinitely sharp creases), and by √3. */
    snprintf(bad, sizeof bad, "/tmp/meshmat_cli_%d_fan.obj", (int)getpid());
    FILE *f = fopen(bad, "w");
    ck_assert_ptr_nonnull(f);
    fputs("v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 -1 0\nv 0 0 1\nf 1 2 3\nf 2 1 4\nf 1 2 5\n", f);
    fclose(f);
    snprintf(args, sizeof args, "subdiv --levels 1 %s -o %s.out.obj", bad, bad);
    ck_assert_int_eq(mmt_cli(out, sizeof out, args), 0);
    snprintf(args, sizeof args, "%s.out.obj", bad);
    FILE *r = fopen(args, "r");
    ck_assert_ptr_nonnull(r);
    int sharp = 0;
    char line[256];
    while (fgets(line, sizeof line, r))
        sharp += strncmp(line, "t crease 2/1/0 ", 15) == 0 && strstr(line, " 10\n") != NULL;
    fclose(r);
    ck_assert_int_eq(sharp, 2);
    remove(args);
    /* √3 splits it into a 2-manifold first (docs/creases.md). */
    snprintf(args, sizeof args, "subdiv --levels 1 --scheme sqrt3 %s -o %s.out.obj", bad, bad);
    ck_assert_int_eq(mmt_cli(out, sizeof out, args), 0);
    snprintf(args, sizeof args, "%s.out.obj", bad);
    remove(args);
    remove(bad);
}
END_TEST

/* convert --reorder writes mm_mesh_reorder's mesh (read back: the same
 * faces and bit-identical vertices, OBJ keeping every digit) and says so on
 * stderr; its usage names the option. */
START_TEST(convert_reorder_writes_the_reordered_mesh)
{
    char out[16384], args[4096], path[96];
    ck_assert_int_eq(mmt_cli(out, sizeof out, "convert --help"), 0);
    ck_assert_ptr_nonnull(strstr(out, "--reorder"));
    snprintf(path, sizeof path, "/tmp/meshmat_cli_%d_reordered.obj", (int)getpid());
    snprintf(args, sizeof args, "convert models/torus_quads.obj %s --reorder", path);
    ck_assert_int_eq(mmt_cli(out, sizeof out, args), 0);
    ck_assert_ptr_nonnull(strstr(out, "meshmat: reorder models/torus_quads.obj: faces by"));
    mm_context ctx = mmt_context();
    mm_mesh in = NULL, want = NULL, got = NULL;
    ck_assert_int_eq(mm_mesh_read(ctx, &in, mmt_project_path("models/torus_quads.obj"), NULL),
                     MM_OK);
    ck_assert_int_eq(mm_mesh_reorder(ctx, in, &want, NULL, NULL), MM_OK);
    ck_assert_int_eq(mm_mesh_read(ctx, &got, path, NULL), MM_OK);
    mmt_host_mesh a, b;
    mmt_host_mesh_get(ctx, want, &a);
    mmt_host_mesh_get(ctx, got, &b);
    mmt_assert_same_mesh(&a, &b, 1);
    mmt_host_mesh_free(&b);
    mmt_host_mesh_free(&a);
    mm_mesh_free(&got);
    mm_mesh_free(&want);
    mm_mesh_free(&in);
    mm_context_free(&ctx);
    remove(path);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("cli");
    TCase *tc = tcase_create("meshmat");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, help_and_usage_errors_have_documented_exit_codes);
    tcase_add_test(tc, failures_exit_1_with_the_library_message);
    tcase_add_test(tc, info_json_matches_hand_counts);
    tcase_add_test(tc, torus_is_closed_and_has_euler_characteristic_zero);
    tcase_add_test(tc, convert_round_trips_through_every_format);
    tcase_add_test(tc, convert_writes_glb_by_format);
    tcase_add_test(tc, empty_meshes_convert_and_subdivide);
    tcase_add_test(tc, subdiv_refines_the_cube_and_refuses_bad_input);
    tcase_add_test(tc, convert_reorder_writes_the_reordered_mesh);
    suite_add_tcase(s, tc);
    return mmt_run(s);
}
