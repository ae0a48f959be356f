/* test_fuzz_regressions.c: the fuzzers' findings that are fixed, as Check
 * tests on their inputs (tests/fuzz/regressions/<harness>-<what>; for
 * fuzz_round_trip two option bytes, then the file), so that the plain and
 * sanitizer suites keep them fixed without libFuzzer. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mmt_mesh_io.h"

/* The file part of a regression input: past fuzz_round_trip's option bytes. */
static char *round_trip_input(const char *name, size_t *size)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/tests/fuzz/regressions/%s", MESHMAT_SOURCE_DIR, name);
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    static char data[4096];
    size_t n = fread(data, 1, sizeof data, f);
    fclose(f);
    ck_assert_uint_ge(n, 2);
    *size = n - 2;
    return data + 2;
}

/* Every face id of mesh names one of its vertices. */
static void assert_ids_name_vertices(mm_context ctx, mm_mesh mesh)
{
    mmt_host_mesh h;
    mmt_host_mesh_get(ctx, mesh, &h);
    for (int64_t k = 0; k < h.info.nnz; ++k)
        ck_assert_msg(h.ids[k] < (uint64_t)h.info.num_vertices, "face id %u of %lld vertices",
                      h.ids[k], (long long)h.info.num_vertices);
    mmt_host_mesh_free(&h);
}

/* fuzz_round_trip-empty-boundary-none: "#\n", the empty mesh, refined one
 * level with MM_BOUNDARY_NONE (or EDGE_AND_CORNER) is the empty mesh carrying
 * that rule; written as OBJ it was a lone `t interpolateboundary` statement,
 * which the reader refuses ("found end of file before any 'v' or 'f'
 * statement"). It now reads back: empty, with the rule. */
START_TEST(empty_mesh_with_a_boundary_rule_reads_back_from_obj)
{
    static const mm_boundary rules[] = {MM_BOUNDARY_NONE, MM_BOUNDARY_EDGE_AND_CORNER};
    mm_context ctx = mmt_context();
    mm_mesh mesh = NULL, fine = NULL, back = NULL;
    size_t size;
    const char *data = round_trip_input("fuzz_round_trip-empty-boundary-none", &size);
    MMT_OK(ctx, mm_mesh_read_memory(ctx, &mesh, data, size, "empty.obj", NULL));
    mm_subdiv_options o = mm_subdiv_options_default();
    o.boundary = rules[_i];
    MMT_OK(ctx, mm_subdivide(ctx, mesh, &o, &fine));
    const char *dir = mmt_temp_dir();
    char path[512];
    mmt_temp_path(path, sizeof path, dir, "empty.obj");
    MMT_OK(ctx, mm_mesh_write(ctx, fine, path, MM_FILE_AUTO));
    MMT_OK(ctx, mm_mesh_read(ctx, &back, path, NULL));
    mm_mesh_info in;
    MMT_OK(ctx, mm_mesh_info_get(back, &in));
    ck_assert_int_eq(in.num_vertices, 0);
    ck_assert_int_eq(in.num_faces, 0);
    ck_assert_int_eq(in.boundary, rules[_i]);
    mmt_temp_dir_remove(dir);
    mm_mesh_free(&back);
    mm_mesh_free(&fine);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* fuzz_round_trip-nonmanifold-crease / -boundary-none: three triangles on
 * the edge {0, 1} (a non-manifold edge), with a crease tag or refined with
 * MM_BOUNDARY_NONE, on the default path. The mesh checks were chosen from the
 * path asked for (AUTO: the specialized kernels, which check on the device),
 * but the tags route the run to the generic path, which checked nothing: the
 * result held uninitialised vertex ids. Such meshes were then refused; now
 * they refine by OpenSubdiv's non-manifold rules (test_subdiv_creases'
 * "nonmanifold" case compares with Far): one refined face per corner (Loop:
 * four per triangle), every id one of the result's vertices. */
START_TEST(non_manifold_meshes_routed_to_the_generic_path_refine_whole)
{
    static const char *const names[] = {"fuzz_round_trip-nonmanifold-crease",
                                        "fuzz_round_trip-nonmanifold-boundary-none"};
    static const mm_boundary rules[] = {MM_BOUNDARY_EDGE_ONLY, MM_BOUNDARY_NONE};
    mm_context ctx = mmt_context();
    mm_mesh mesh = NULL, fine = NULL;
    size_t size;
    const char *data = round_trip_input(names[_i], &size);
    MMT_OK(ctx, mm_mesh_read_memory(ctx, &mesh, data, size, "fin.obj", NULL));
    mm_mesh_info in;
    MMT_OK(ctx, mm_mesh_info_get(mesh, &in));
    for (int scheme = 0; scheme < 2; ++scheme) {
        mm_subdiv_options o = mm_subdiv_options_default();
        o.scheme = scheme ? MM_SCHEME_LOOP : MM_SCHEME_CATMULL_CLARK;
        o.boundary = rules[_i];
        MMT_OK(ctx, mm_subdivide(ctx, mesh, &o, &fine));
        mm_mesh_info out;
        MMT_OK(ctx, mm_mesh_info_get(fine, &out));
        if (rules[_i] != MM_BOUNDARY_NONE) /* NONE makes holes of faces at the boundary */
            ck_assert_int_eq(out.num_faces, scheme ? 4 * in.num_faces : in.nnz);
        assert_ids_name_vertices(ctx, fine);
        mm_mesh_free(&fine);
    }
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* fuzz_read_ply-empty-face-list: a binary PLY whose one face lists no vertex,
 * followed by bytes the header does not declare. The fast face path pointed
 * into the face ids' block before there was one (NULL + 0: clang's UBSan in
 * the fuzzer and in the sanitizer pass); the file is refused for its extra
 * bytes, cleanly. */
START_TEST(ply_with_an_empty_face_list_is_refused_cleanly)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/tests/fuzz/regressions/fuzz_read_ply-empty-face-list",
             MESHMAT_SOURCE_DIR);
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    static char data[4096];
    size_t n = fread(data, 1, sizeof data, f);
    fclose(f);
    mm_context ctx = mmt_context();
    mm_mesh mesh = NULL;
    ck_assert_int_eq(mm_mesh_read_memory(ctx, &mesh, data, n, "empty.ply", NULL), MM_ERR_PARSE);
    ck_assert_msg(strstr(mm_last_error(ctx), "after the last element") != NULL, "%s",
                  mm_last_error(ctx));
    ck_assert(mesh == NULL);
    mm_context_free(&ctx);
}
END_TEST

/* fuzz_round_trip-repeated-two-vertices / -one-vertex: with keep_repeated
 * a face may repeat a vertex, so "f 1 1 2" on two vertices and "f 1 1 1" on
 * one are meshes (the harness's check still wanted three vertices per mesh
 * with faces). They read, write in every format and read back with the same
 * face, and refine one level by Catmull-Clark (one quad per corner) and Loop
 * (four triangles) with every id one of the result's vertices. */
START_TEST(faces_repeating_a_vertex_on_fewer_than_three_vertices_round_trip)
{
    static const char *const names[] = {"fuzz_round_trip-repeated-two-vertices",
                                        "fuzz_round_trip-repeated-one-vertex"};
    static const uint32_t faces[2][3] = {{0, 0, 1}, {0, 0, 0}};
    static const char *const files[] = {"rt.obj", "rt.off", "rt.ply"};
    mm_context ctx = mmt_context();
    mm_read_options ro = mm_read_options_default();
    ro.keep_repeated = 1;
    mm_mesh mesh = NULL, back = NULL, fine = NULL;
    size_t size;
    const char *data = round_trip_input(names[_i], &size);
    MMT_OK(ctx, mm_mesh_read_memory(ctx, &mesh, data, size, "rt.obj", &ro));
    const char *dir = mmt_temp_dir();
    for (int k = 0; k < 3; ++k) {
        char path[512];
        mmt_temp_path(path, sizeof path, dir, files[k]);
        MMT_OK(ctx, mm_mesh_write(ctx, mesh, path, MM_FILE_AUTO));
        MMT_OK(ctx, mm_mesh_read(ctx, &back, path, &ro));
        mmt_host_mesh h;
        mmt_host_mesh_get(ctx, back, &h);
        ck_assert_int_eq(h.info.num_vertices, 2 - _i);
        ck_assert_int_eq(h.info.num_faces, 1);
        ck_assert_int_eq(h.offsets[1], 3);
        for (int j = 0; j < 3; ++j) ck_assert_uint_eq(h.ids[j], faces[_i][j]);
        mmt_host_mesh_free(&h);
        mm_mesh_free(&back);
    }
    mmt_temp_dir_remove(dir);
    for (int scheme = 0; scheme < 2; ++scheme) {
        mm_subdiv_options o = mm_subdiv_options_default();
        o.scheme = scheme ? MM_SCHEME_LOOP : MM_SCHEME_CATMULL_CLARK;
        MMT_OK(ctx, mm_subdivide(ctx, mesh, &o, &fine));
        mm_mesh_info out;
        MMT_OK(ctx, mm_mesh_info_get(fine, &out));
        ck_assert_int_eq(out.num_faces, scheme ? 4 : 3);
        assert_ids_name_vertices(ctx, fine);
        mm_mesh_free(&fine);
    }
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* fuzz_round_trip-nul-in-property-name: a PLY vertex property named
 * "\0\0\x7f..red" was read as a column whose name, written back, stopped
 * at its first byte: the file written did not read. Names with a control
 * byte are now refused where the header gives them. */
START_TEST(ply_property_name_with_a_nul_is_refused)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = NULL;
    size_t size;
    const char *data = round_trip_input("fuzz_round_trip-nul-in-property-name", &size);
    MMT_FAILS(ctx, mm_mesh_read_memory(ctx, &mesh, data, size, "nul.ply", NULL), MM_ERR_PARSE,
              "nul.ply:9: expected the property's name (without control characters)");
    ck_assert_ptr_null(mesh);
    mm_context_free(&ctx);
}
END_TEST

/* fuzz_round_trip-uv-on-non-manifold: a seamed UV grid whose mutation puts
 * two fans of faces at a vertex (2). Face-varying channels on such a mesh
 * were refused when the harness met it; they are now refined by Far's rules
 * for it (docs/face-varying.md; test_subdiv_fvar checks the values against
 * Far). Here: the mesh refines with its channel, the channel's faces are the
 * mesh's corner for corner, its ids are in range, its values finite, and the
 * mesh refines to the same faces without it. */
START_TEST(uv_channel_on_a_non_manifold_mesh_refines)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = NULL, fine = NULL, plain = NULL;
    size_t size;
    const char *data = round_trip_input("fuzz_round_trip-uv-on-non-manifold", &size);
    MMT_OK(ctx, mm_mesh_read_memory(ctx, &mesh, data, size, "uv.obj", NULL));
    ck_assert_int_eq(mm_mesh_num_fvar(mesh), 1);
    mm_subdiv_options o = mm_subdiv_options_default();
    MMT_OK(ctx, mm_subdivide(ctx, mesh, &o, &fine));
    ck_assert_int_eq(mm_mesh_num_fvar(fine), 1);
    mm_mesh uv = mm_mesh_fvar(fine, 0);
    mm_mesh_info mi, ui;
    MMT_OK(ctx, mm_mesh_info_get(fine, &mi));
    MMT_OK(ctx, mm_mesh_info_get(uv, &ui));
    ck_assert_int_eq(ui.num_faces, mi.num_faces);
    ck_assert_int_eq(ui.nnz, mi.nnz);
    ck_assert_int_eq(ui.precision, MM_TYPE_FLOAT64); /* the reader's default */
    double *values = malloc((size_t)(ui.num_vertices * ui.dim) * sizeof *values);
    uint32_t *ids = malloc((size_t)ui.nnz * sizeof *ids);
    int64_t *offsets = malloc((size_t)(ui.num_faces + 1) * sizeof *offsets);
    ck_assert(values && ids && offsets);
    mm_mesh_arrays a = {0};
    a.vertices = values;
    a.face_offsets = offsets;
    a.face_vertices = ids;
    MMT_OK(ctx, mm_mesh_export(uv, &a));
    for (int64_t k = 0; k < ui.nnz; ++k) ck_assert_uint_lt(ids[k], (uint32_t)ui.num_vertices);
    for (int64_t i = 0; i < ui.num_vertices * ui.dim; ++i) ck_assert(isfinite(values[i]));
    free(offsets);
    free(ids);
    free(values);
    MMT_OK(ctx, mm_mesh_remove_fvar(ctx, mesh, 0));
    MMT_OK(ctx, mm_subdivide(ctx, mesh, &o, &plain));
    mm_mesh_info pi;
    MMT_OK(ctx, mm_mesh_info_get(plain, &pi));
    ck_assert_int_eq(pi.num_faces, mi.num_faces);
    ck_assert_int_eq(pi.num_vertices, mi.num_vertices);
    mm_mesh_free(&plain);
    mm_mesh_free(&fine);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* fuzz_round_trip-repeated-consecutive-uv: a closed cube of quads whose
 * first face lists OBJ's vertex 1 (vertex 0, 0-based, as the refusal names
 * it) twice in a row ("f 1/1 1/1 4/2 3/3 2/4"), read with keep_repeated, with
 * a UV channel. The face-varying walk read the edge of the side from that
 * vertex to itself, which is none (MMI_NO_EDGE), out of
 * bounds. Vtr makes such a side a degenerate edge, non-manifold, and channels
 * on a mesh with faces that repeat a vertex are refined on 2-manifolds only
 * (docs/face-varying.md, "Refused"): refused, naming the face and the vertex.
 * The mesh refines without its channel, a quad per corner. */
START_TEST(uv_channel_on_a_side_from_a_vertex_to_itself_is_refused)
{
    mm_context ctx = mmt_context();
    mm_read_options ro = mm_read_options_default();
    ro.keep_repeated = 1;
    mm_mesh mesh = NULL, fine = NULL;
    size_t size;
    const char *data = round_trip_input("fuzz_round_trip-repeated-consecutive-uv", &size);
    MMT_OK(ctx, mm_mesh_read_memory(ctx, &mesh, data, size, "cube.obj", &ro));
    ck_assert_int_eq(mm_mesh_num_fvar(mesh), 1);
    mm_subdiv_options o = mm_subdiv_options_default();
    MMT_FAILS(ctx, mm_subdivide(ctx, mesh, &o, &fine), MM_ERR_INVALID_ARGUMENT,
              "face 0 passes from vertex 0 to itself");
    ck_assert_ptr_null(fine);
    MMT_OK(ctx, mm_mesh_remove_fvar(ctx, mesh, 0));
    MMT_OK(ctx, mm_subdivide(ctx, mesh, &o, &fine));
    assert_ids_name_vertices(ctx, fine);
    mm_mesh_info info;
    MMT_OK(ctx, mm_mesh_info_get(fine, &info));
    ck_assert_int_eq(info.num_faces, 25); /* a quad per corner */
    mm_mesh_free(&fine);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("fuzz_regressions");
    TCase *tc = tcase_create("regressions");
    tcase_add_loop_test(tc, empty_mesh_with_a_boundary_rule_reads_back_from_obj, 0, 2);
    tcase_add_loop_test(tc, non_manifold_meshes_routed_to_the_generic_path_refine_whole, 0, 2);
    tcase_add_test(tc, ply_with_an_empty_face_list_is_refused_cleanly);
    tcase_add_loop_test(tc, faces_repeating_a_vertex_on_fewer_than_three_vertices_round_trip, 0, 2);
    tcase_add_test(tc, ply_property_name_with_a_nul_is_refused);
    tcase_add_test(tc, uv_channel_on_a_non_manifold_mesh_refines);
    tcase_add_test(tc, uv_channel_on_a_side_from_a_vertex_to_itself_is_refused);
    suite_add_tcase(s, tc);
    return mmt_run(s);
}
