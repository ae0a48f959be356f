/* test_mesh_new.c: building meshes from face lists: the mesh matrix and its
 * implicit pointer, vertex precision, crease data, and one test per refusal
 * of DESIGN §3 (bad index, short face, repeated vertex, non-finite value, bad
 * creases, overflow), each checking the face, vertex or line it names. */
#include <math.h>
#include <string.h>

#include "test_util.h"

/* A unit square split into a triangle and a quad, plus an unused vertex 5:
 *   3---4
 *   |   |\      faces (0 1 4 3) and (1 2 4)
 *   0---1-2 */
static const double pos[] = {0, 0, 0, 1, 0, 0, 2, 0, 0, 0, 1, 0, 1, 1, 0, 9, 9, 9};
static const int64_t offsets[] = {0, 4, 7};
static const uint32_t corners[] = {0, 1, 4, 3, 1, 2, 4};

static mm_mesh_desc mixed_desc(void)
{
    mm_mesh_desc d;
    memset(&d, 0, sizeof d);
    d.num_vertices = 6;
    d.dim = 3;
    d.vertex_type = MM_TYPE_FLOAT64;
    d.vertices = pos;
    d.num_faces = 2;
    d.face_offsets = offsets;
    d.face_vertices = corners;
    return d;
}

START_TEST(mixed_mesh_builds_its_matrix)
{
    mm_context ctx = mmt_context();
    mm_mesh_desc d = mixed_desc();
    mm_mesh mesh = NULL;
    MMT_OK(ctx, mm_mesh_new(ctx, &mesh, &d));
    mm_mesh_info info;
    MMT_OK(ctx, mm_mesh_info_get(mesh, &info));
    ck_assert_int_eq(info.num_vertices, 6); /* the unreferenced vertex is kept */
    ck_assert_int_eq(info.num_faces, 2);
    ck_assert_int_eq(info.nnz, 7);
    ck_assert_int_eq(info.uniform_order, 0);
    ck_assert_int_eq(info.dim, 3);
    ck_assert_int_eq(info.precision, MM_TYPE_FLOAT64);
    mm_matrix_info mi;
    MMT_OK(ctx, mm_matrix_info_get(mm_mesh_matrix(mesh), &mi));
    ck_assert_int_eq(mi.format, MM_FORMAT_CSC);
    ck_assert_int_eq(mi.nrows, 6);
    ck_assert_int_eq(mi.ncols, 2);
    int64_t off[3];
    uint32_t fv[7];
    double p[18];
    mm_mesh_arrays out = {p, off, fv, NULL, NULL, NULL, NULL, NULL};
    MMT_OK(ctx, mm_mesh_export(mesh, &out));
    ck_assert_mem_eq(off, offsets, sizeof off);
    ck_assert_mem_eq(fv, corners, sizeof fv);
    ck_assert_mem_eq(p, pos, sizeof p);
    mm_mesh_free(&mesh);
    ck_assert_ptr_null(mesh);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(one_order_meshes_have_an_implicit_pointer)
{
    mm_context ctx = mmt_context();
    /* Two triangles given with explicit offsets still store no pointer. */
    static const int64_t off[] = {0, 3, 6};
    static const uint32_t tri[] = {0, 1, 4, 1, 2, 4};
    mm_mesh_desc d = mixed_desc();
    d.face_offsets = off;
    d.face_vertices = tri;
    mm_mesh mesh = NULL;
    MMT_OK(ctx, mm_mesh_new(ctx, &mesh, &d));
    mm_mesh_info info;
    MMT_OK(ctx, mm_mesh_info_get(mesh, &info));
    ck_assert_int_eq(info.uniform_order, 3);
    mm_mesh_free(&mesh);
    /* And given by face_order alone. */
    d.face_offsets = NULL;
    d.face_order = 3;
    MMT_OK(ctx, mm_mesh_new(ctx, &mesh, &d));
    int64_t got_off[3];
    uint32_t got[6];
    mm_mesh_arrays out = {NULL, got_off, got, NULL, NULL, NULL, NULL, NULL};
    MMT_OK(ctx, mm_mesh_export(mesh, &out));
    ck_assert_mem_eq(got_off, off, sizeof got_off);
    ck_assert_mem_eq(got, tri, sizeof got);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(vertex_data_is_stored_in_the_asked_precision)
{
    mm_context ctx = mmt_context();
    static const double third[] = {1.0 / 3.0, 0, 0, 1, 0, 0, 0, 1, 0};
    static const uint32_t tri[] = {0, 1, 2};
    mm_mesh_desc d = mixed_desc();
    d.num_vertices = 3;
    d.vertices = third;
    d.num_faces = 1;
    d.face_offsets = NULL;
    d.face_order = 3;
    d.face_vertices = tri;
    d.precision = MM_TYPE_FLOAT32;
    mm_mesh mesh = NULL;
    MMT_OK(ctx, mm_mesh_new(ctx, &mesh, &d));
    float p[9];
    mm_mesh_arrays out = {p, NULL, NULL, NULL, NULL, NULL, NULL, NULL};
    MMT_OK(ctx, mm_mesh_export(mesh, &out));
    ck_assert(p[0] == (float)(1.0 / 3.0));
    ck_assert(p[3] == 1.0f && p[7] == 1.0f);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(creases_and_corners_round_trip)
{
    mm_context ctx = mmt_context();
    static const uint32_t cv[] = {0, 1, 1, 4}, kv[] = {3};
    static const float cs[] = {2.5f, 0.0f}, ks[] = {4.0f};
    mm_mesh_desc d = mixed_desc();
    d.num_creases = 2;
    d.crease_vertices = cv;
    d.crease_sharpness = cs;
    d.num_corners = 1;
    d.corner_vertices = kv;
    d.corner_sharpness = ks;
    mm_mesh mesh = NULL;
    MMT_OK(ctx, mm_mesh_new(ctx, &mesh, &d));
    mm_mesh_info info;
    MMT_OK(ctx, mm_mesh_info_get(mesh, &info));
    ck_assert_int_eq(info.num_creases, 2);
    ck_assert_int_eq(info.num_corners, 1);
    uint32_t gcv[4], gkv[1];
    float gcs[2], gks[1];
    mm_mesh_arrays out = {NULL, NULL, NULL, gcv, gcs, gkv, gks, NULL};
    MMT_OK(ctx, mm_mesh_export(mesh, &out));
    ck_assert_mem_eq(gcv, cv, sizeof cv);
    ck_assert_mem_eq(gcs, cs, sizeof cs);
    ck_assert_mem_eq(gkv, kv, sizeof kv);
    ck_assert_mem_eq(gks, ks, sizeof ks);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* Builds d, expecting `want` and a message containing `says`; nothing leaks. */
static void refuse(const mm_mesh_desc *d, mm_status want, const char *says)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = NULL;
    ck_assert_int_eq(mm_mesh_new(ctx, &mesh, d), want);
    ck_assert_ptr_null(mesh);
    ck_assert_msg(strstr(mm_last_error(ctx), says) != NULL, "message '%s' lacks '%s'",
                  mm_last_error(ctx), says);
    ck_assert_msg(strncmp(mm_last_error(ctx), "mm_mesh_new: ", 13) == 0, "'%s'",
                  mm_last_error(ctx));
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, MM_MEMORY_HOST), 0);
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, MM_MEMORY_DEVICE), 0);
    mm_context_free(&ctx);
}

START_TEST(out_of_range_vertex_names_face_and_line)
{
    static const uint32_t bad[] = {0, 1, 4, 3, 1, 2, 6};
    static const int64_t face_lines[] = {11, 12}, vertex_lines[] = {1, 2, 3, 4, 5, 6};
    mm_mesh_desc d = mixed_desc();
    d.face_vertices = bad;
    refuse(&d, MM_ERR_INVALID_MESH, "face 1 uses vertex 6 (0-based), but there are 6 vertices");
    d.source = "square.obj";
    d.face_lines = face_lines;
    d.vertex_lines = vertex_lines;
    refuse(&d, MM_ERR_INVALID_MESH, "square.obj:12: face 1 uses vertex 6");
}
END_TEST

START_TEST(short_face_is_refused)
{
    static const int64_t off[] = {0, 4, 6};
    mm_mesh_desc d = mixed_desc();
    d.face_offsets = off;
    refuse(&d, MM_ERR_INVALID_MESH, "face 1 has 2 vertices; a face needs at least 3");
    d.face_offsets = NULL;
    d.face_order = 2;
    refuse(&d, MM_ERR_INVALID_MESH, "face_order is 2");
}
END_TEST

START_TEST(repeated_vertex_is_refused_unless_kept)
{
    static const uint32_t rep[] = {0, 1, 4, 1, 1, 2, 4};
    mm_mesh_desc d = mixed_desc();
    d.face_vertices = rep;
    refuse(&d, MM_ERR_INVALID_MESH, "face 0 repeats vertex 1");
    d.keep_repeated = 1;
    mm_context ctx = mmt_context();
    mm_mesh mesh = NULL;
    MMT_OK(ctx, mm_mesh_new(ctx, &mesh, &d));
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(long_face_repeat_is_found)
{
    /* A 40-gon (sorted check) over 40 vertices on a circle, repeating vertex 7 at the end. */
    double p[40 * 3];
    uint32_t f[40];
    for (int i = 0; i < 40; ++i) {
        p[3 * i] = cos(i * 0.157);
        p[3 * i + 1] = sin(i * 0.157);
        p[3 * i + 2] = 0;
        f[i] = (uint32_t)i;
    }
    f[39] = 7;
    mm_mesh_desc d = mixed_desc();
    d.num_vertices = 40;
    d.vertices = p;
    d.num_faces = 1;
    d.face_offsets = NULL;
    d.face_order = 40;
    d.face_vertices = f;
    refuse(&d, MM_ERR_INVALID_MESH, "face 0 repeats vertex 7");
}
END_TEST

START_TEST(non_finite_coordinate_names_vertex_and_line)
{
    double p[18];
    memcpy(p, pos, sizeof p);
    p[3 * 4 + 2] = NAN;
    static const int64_t vertex_lines[] = {3, 4, 5, 6, 7, 8};
    mm_mesh_desc d = mixed_desc();
    d.vertices = p;
    refuse(&d, MM_ERR_INVALID_MESH, "vertex 4 has a non-finite coordinate 2");
    d.source = "square.obj";
    d.vertex_lines = vertex_lines;
    refuse(&d, MM_ERR_INVALID_MESH, "square.obj:7: vertex 4");
    p[3 * 4 + 2] = 0;
    p[0] = -INFINITY;
    refuse(&d, MM_ERR_INVALID_MESH, "square.obj:3: vertex 0 has a non-finite coordinate 0");
    p[0] = 1e39; /* finite in float64, infinite once stored as float32 */
    d.precision = MM_TYPE_FLOAT32;
    refuse(&d, MM_ERR_INVALID_MESH, "square.obj:3: vertex 0 has a non-finite coordinate 0 (1e+39 overflows float32)");
    d.precision = MM_TYPE_FLOAT64;
    mm_context ctx = mmt_context();
    mm_mesh mesh = NULL;
    MMT_OK(ctx, mm_mesh_new(ctx, &mesh, &d));
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
    float pf[18];
    for (int k = 0; k < 18; ++k) pf[k] = (float)pos[k];
    pf[5] = INFINITY;
    d.vertices = pf;
    d.vertex_type = MM_TYPE_FLOAT32;
    refuse(&d, MM_ERR_INVALID_MESH, "square.obj:4: vertex 1 has a non-finite coordinate 2");
}
END_TEST

START_TEST(bad_creases_and_corners_are_refused)
{
    uint32_t cv[] = {0, 0};
    float cs[] = {1.0f};
    uint32_t kv[] = {6};
    float ks[] = {1.0f};
    mm_mesh_desc d = mixed_desc();
    d.num_creases = 1;
    d.crease_vertices = cv;
    d.crease_sharpness = cs;
    refuse(&d, MM_ERR_INVALID_MESH, "crease 0 joins vertices 0 and 0");
    cv[1] = 9;
    refuse(&d, MM_ERR_INVALID_MESH, "crease 0 joins vertices 0 and 9");
    cv[1] = 1;
    cs[0] = -1.0f;
    refuse(&d, MM_ERR_INVALID_MESH, "crease 0 has sharpness -1");
    cs[0] = NAN;
    refuse(&d, MM_ERR_INVALID_MESH, "crease 0 has sharpness");
    cs[0] = 1.0f;
    d.num_corners = 1;
    d.corner_vertices = kv;
    d.corner_sharpness = ks;
    refuse(&d, MM_ERR_INVALID_MESH, "corner 0 names vertex 6");
    kv[0] = 2;
    ks[0] = -0.5f;
    refuse(&d, MM_ERR_INVALID_MESH, "corner 0 has sharpness -0.5");
    d.crease_sharpness = NULL;
    refuse(&d, MM_ERR_INVALID_ARGUMENT, "NULL");
}
END_TEST

START_TEST(sizes_past_32_bit_ids_overflow)
{
    mm_mesh_desc d = mixed_desc();
    d.num_vertices = (int64_t)1 << 32;
    refuse(&d, MM_ERR_OVERFLOW, "ids are 32-bit");
    d = mixed_desc();
    d.num_faces = (int64_t)UINT32_MAX + 1;
    refuse(&d, MM_ERR_OVERFLOW, "ids are 32-bit");
    d = mixed_desc();
    d.face_offsets = NULL;
    d.face_order = INT64_MAX / 2;
    refuse(&d, MM_ERR_OVERFLOW, "overflow");
}
END_TEST

START_TEST(bad_arguments_are_refused)
{
    mm_mesh_desc d = mixed_desc();
    d.dim = 0;
    refuse(&d, MM_ERR_INVALID_ARGUMENT, "dim < 1");
    d = mixed_desc();
    d.vertex_type = MM_TYPE_INT32;
    refuse(&d, MM_ERR_INVALID_ARGUMENT, "vertex_type");
    d = mixed_desc();
    d.vertices = NULL;
    refuse(&d, MM_ERR_INVALID_ARGUMENT, "vertices is NULL");
    d = mixed_desc();
    d.face_vertices = NULL;
    refuse(&d, MM_ERR_INVALID_ARGUMENT, "face_vertices is NULL");
    static const int64_t down[] = {0, 4, 3};
    d = mixed_desc();
    d.face_offsets = down;
    refuse(&d, MM_ERR_INVALID_ARGUMENT, "decreases at face 1");
    mm_context ctx = mmt_context();
    mm_mesh mesh = NULL;
    ck_assert_int_eq(mm_mesh_new(ctx, &mesh, NULL), MM_ERR_INVALID_ARGUMENT);
    ck_assert_int_eq(mm_mesh_new(NULL, &mesh, &d), MM_ERR_INVALID_ARGUMENT);
    mm_mesh_free(NULL);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(empty_mesh_is_allowed)
{
    mm_context ctx = mmt_context();
    mm_mesh_desc d = mixed_desc();
    d.num_faces = 0;
    mm_mesh mesh = NULL;
    MMT_OK(ctx, mm_mesh_new(ctx, &mesh, &d));
    mm_mesh_info info;
    MMT_OK(ctx, mm_mesh_info_get(mesh, &info));
    ck_assert_int_eq(info.num_faces, 0);
    ck_assert_int_eq(info.nnz, 0);
    ck_assert_int_eq(info.num_vertices, 6);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

static mm_status build(mm_context ctx, void *desc)
{
    mm_mesh mesh = NULL;
    mm_status st = mm_mesh_new(ctx, &mesh, desc);
    ck_assert(st == MM_OK ? mesh != NULL : mesh == NULL);
    /* a failure deep inside (an import, an upload) still names mm_mesh_new */
    if (st != MM_OK)
        ck_assert_msg(strncmp(mm_last_error(ctx), "mm_mesh_new: ", 13) == 0, "%s",
                      mm_last_error(ctx));
    mm_mesh_free(&mesh);
    return st;
}

START_TEST(every_allocation_failure_is_clean)
{
    mm_context ctx = mmt_context();
    static const uint32_t cv[] = {0, 1};
    static const float cs[] = {1.0f};
    mm_mesh_desc d = mixed_desc();
    d.num_creases = 1;
    d.crease_vertices = cv;
    d.crease_sharpness = cs;
    d.precision = MM_TYPE_FLOAT32;
    /* M, vertex scratch and data, crease ids and sharpness */
    ck_assert_int_ge(mmt_sweep_allocations(ctx, build, &d), 5);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(another_contexts_mesh_is_refused)
{
    mm_context a = mmt_context(), b = mmt_context();
    mm_mesh_desc d = mixed_desc();
    mm_mesh mesh = NULL, out = NULL;
    MMT_OK(a, mm_mesh_new(a, &mesh, &d));
    const char *want = "the mesh was made on another context";
    /* a directory that does not exist: a write let through fails with MM_ERR_IO */
    ck_assert_int_eq(mm_mesh_write(b, mesh, "/nonexistent-meshmat-dir/m.obj", MM_FILE_OBJ),
                     MM_ERR_INVALID_ARGUMENT);
    ck_assert_str_eq(mm_last_error(b), "mm_mesh_write: the mesh was made on another context");
    mm_mesh_stats stats;
    ck_assert_int_eq(mm_mesh_stats_get(b, mesh, &stats), MM_ERR_INVALID_ARGUMENT);
    ck_assert_str_eq(mm_last_error(b), "mm_mesh_stats_get: the mesh was made on another context");
    int64_t counts[5];
    ck_assert_int_eq(mm_mesh_order_histogram(b, mesh, 4, counts), MM_ERR_INVALID_ARGUMENT);
    ck_assert_ptr_nonnull(strstr(mm_last_error(b), want));
    mm_subdiv_options o = mm_subdiv_options_default();
    ck_assert_int_eq(mm_subdivide(b, mesh, &o, &out), MM_ERR_INVALID_ARGUMENT);
    ck_assert_str_eq(mm_last_error(b), "mm_subdivide: the mesh was made on another context");
    ck_assert_ptr_null(out);
    mm_subdiv s = NULL;
    ck_assert_int_eq(mm_subdiv_build(b, mesh, &o, &s), MM_ERR_INVALID_ARGUMENT);
    ck_assert_str_eq(mm_last_error(b), "mm_subdiv_build: the mesh was made on another context");
    ck_assert_ptr_null(s);
    /* its borrowed handles too */
    mm_matrix T = NULL;
    ck_assert_int_eq(mm_matrix_transpose(b, mm_mesh_matrix(mesh), &T), MM_ERR_INVALID_ARGUMENT);
    ck_assert_str_eq(mm_last_error(b), "mm_matrix_transpose: A was made on another context");
    ck_assert_int_eq(mm_dense_fill(b, mm_mesh_vertices(mesh), 0.0), MM_ERR_INVALID_ARGUMENT);
    ck_assert_str_eq(mm_last_error(b), "mm_dense_fill: X was made on another context");
    ck_assert_str_eq(mm_last_error(a), ""); /* nothing failed on a */
    MMT_OK(a, mm_mesh_stats_get(a, mesh, &stats));
    ck_assert_int_eq(stats.faces, 2);
    mm_mesh_free(&mesh);
    mm_context_free(&a);
    mm_context_free(&b);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("mesh_new");
    TCase *tc = tcase_create("build");
    tcase_add_test(tc, mixed_mesh_builds_its_matrix);
    tcase_add_test(tc, one_order_meshes_have_an_implicit_pointer);
    tcase_add_test(tc, vertex_data_is_stored_in_the_asked_precision);
    tcase_add_test(tc, creases_and_corners_round_trip);
    tcase_add_test(tc, empty_mesh_is_allowed);
    suite_add_tcase(s, tc);
    TCase *bad = tcase_create("refusals");
    tcase_add_test(bad, out_of_range_vertex_names_face_and_line);
    tcase_add_test(bad, short_face_is_refused);
    tcase_add_test(bad, repeated_vertex_is_refused_unless_kept);
    tcase_add_test(bad, long_face_repeat_is_found);
    tcase_add_test(bad, non_finite_coordinate_names_vertex_and_line);
    tcase_add_test(bad, bad_creases_and_corners_are_refused);
    tcase_add_test(bad, sizes_past_32_bit_ids_overflow);
    tcase_add_test(bad, bad_arguments_are_refused);
    tcase_add_test(bad, every_allocation_failure_is_clean);
    tcase_add_test(bad, another_contexts_mesh_is_refused);
    suite_add_tcase(s, bad);
    return mmt_run(s);
}
