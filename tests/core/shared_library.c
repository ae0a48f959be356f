/* shared_library.c: the test_shared_library test, linked against libmeshmat.so
 * instead of the static library the test_*.c files get (tests/CMakeLists.txt):
 * public functions of each layer, mm_matrix_transpose among them, resolve and
 * work through the shared library's exports alone. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "meshmat.h"

static mm_context cpu_context(void)
{
    mm_context ctx = NULL;
    mm_context_options o = mm_context_options_default();
    o.backend = MM_BACKEND_CPU;
    ck_assert_int_eq(mm_context_new(&ctx, &o), MM_OK);
    return ctx;
}

/* A = [1 0 2; 0 3 0] (CSC) and Aᵀ = [1 0; 0 3; 2 0], in A's format. */
START_TEST(transpose_through_the_shared_library)
{
    mm_context ctx = cpu_context();
    int64_t ptr[] = {0, 1, 2, 3};
    uint32_t rows[] = {0, 1, 0};
    double values[] = {1, 3, 2};
    mm_matrix_arrays h = {ptr, rows, NULL, values};
    mm_matrix A = NULL, T = NULL;
    ck_assert_int_eq(mm_matrix_import(ctx, &A, MM_FORMAT_CSC, MM_TYPE_FLOAT64, 2, 3, 3, &h),
                     MM_OK);
    ck_assert_int_eq(mm_matrix_transpose(ctx, A, &T), MM_OK);
    mm_matrix_info info;
    ck_assert_int_eq(mm_matrix_info_get(T, &info), MM_OK);
    ck_assert(info.format == MM_FORMAT_CSC && info.nrows == 3 && info.ncols == 2 && info.nnz == 3);
    int64_t tptr[3];
    uint32_t trows[3];
    double tvalues[3];
    mm_matrix_arrays t = {tptr, trows, NULL, tvalues};
    ck_assert_int_eq(mm_matrix_export(T, &t), MM_OK);
    ck_assert(tptr[0] == 0 && tptr[1] == 2 && tptr[2] == 3);
    ck_assert(trows[0] == 0 && trows[1] == 2 && trows[2] == 1);
    ck_assert(tvalues[0] == 1 && tvalues[1] == 2 && tvalues[2] == 3);
    mm_matrix_free(&T);
    ck_assert_int_eq(mm_matrix_transpose(ctx, NULL, &T), MM_ERR_INVALID_ARGUMENT);
    ck_assert_str_eq(mm_last_error(ctx), "mm_matrix_transpose: A is NULL");
    mm_matrix_free(&A);
    mm_context_free(&ctx);
}
END_TEST

/* A quad subdivided once (Catmull-Clark) has 4 quads on 9 vertices. */
START_TEST(subdivide_through_the_shared_library)
{
    mm_context ctx = cpu_context();
    static const double xyz[] = {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0};
    static const uint32_t ids[] = {0, 1, 2, 3};
    static const int64_t offsets[] = {0, 4};
    mm_mesh_desc d = {0};
    d.num_vertices = 4;
    d.dim = 3;
    d.vertex_type = MM_TYPE_FLOAT64;
    d.vertices = xyz;
    d.num_faces = 1;
    d.face_offsets = offsets;
    d.face_vertices = ids;
    mm_mesh mesh = NULL, out = NULL;
    ck_assert_int_eq(mm_mesh_new(ctx, &mesh, &d), MM_OK);
    mm_subdiv_options o = mm_subdiv_options_default();
    ck_assert_int_eq(mm_subdivide(ctx, mesh, &o, &out), MM_OK);
    mm_mesh_info info;
    ck_assert_int_eq(mm_mesh_info_get(out, &info), MM_OK);
    ck_assert(info.num_vertices == 9 && info.num_faces == 4);
    ck_assert_int_eq(mm_subdivide(ctx, mesh, &o, NULL), MM_ERR_INVALID_ARGUMENT);
    ck_assert_str_eq(mm_last_error(ctx), "mm_subdivide: out is NULL");
    mm_mesh_free(&out);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("shared_library");
    TCase *tc = tcase_create("shared_library");
    tcase_add_test(tc, transpose_through_the_shared_library);
    tcase_add_test(tc, subdivide_through_the_shared_library);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
