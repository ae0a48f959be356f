/* test_context.c: contexts (backend choice, device availability), status
 * strings, error messages, memory accounting, stage timers, and handles that
 * detect misuse (src/core/handle.h): a context freed before its handles, a
 * handle of another type, a second free through a copy. */
#include <string.h>

#include "core/memory.h"
#include "core/timer.h"
#include "mmt_shapes.h"
#include "test_util.h"

START_TEST(cpu_context_reports_cpu)
{
    mm_context ctx = mmt_context_on(MM_BACKEND_CPU);
    ck_assert_ptr_nonnull(ctx);
    ck_assert_int_eq(mm_context_backend(ctx), MM_BACKEND_CPU);
    ck_assert_str_eq(mm_context_device_name(ctx), "CPU");
    ck_assert_str_eq(mm_last_error(ctx), "");
    MMT_OK(ctx, mm_context_synchronize(ctx));
    mm_context_free(&ctx);
    ck_assert_ptr_null(ctx);
}
END_TEST

START_TEST(auto_context_picks_cuda_only_with_a_device)
{
    mm_context ctx = mmt_context_on(MM_BACKEND_AUTO);
    ck_assert_ptr_nonnull(ctx);
    ck_assert_int_eq(mm_context_backend(ctx),
                     mm_cuda_available() ? MM_BACKEND_CUDA : MM_BACKEND_CPU);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(cuda_context_without_device_is_refused)
{
    mm_context_options o = mm_context_options_default();
    o.backend = MM_BACKEND_CUDA;
    mm_context ctx = NULL;
    mm_status st = mm_context_new(&ctx, &o);
    if (mm_cuda_available()) {
        ck_assert_int_eq(st, MM_OK);
        ck_assert_int_eq(mm_context_backend(ctx), MM_BACKEND_CUDA);
        ck_assert_str_ne(mm_context_device_name(ctx), "");
        mm_context_free(&ctx);
        o.device = 1 << 20; /* no machine has this many devices */
        ck_assert_int_eq(mm_context_new(&ctx, &o), MM_ERR_NO_DEVICE);
    } else {
        ck_assert_int_eq(st, MM_ERR_NO_DEVICE);
    }
    ck_assert_ptr_null(ctx);
}
END_TEST

START_TEST(bad_backend_is_an_invalid_argument)
{
    mm_context_options o = mm_context_options_default();
    o.backend = (mm_backend)7;
    mm_context ctx = NULL;
    ck_assert_int_eq(mm_context_new(&ctx, &o), MM_ERR_INVALID_ARGUMENT);
    ck_assert_ptr_null(ctx);
    ck_assert_int_eq(mm_context_new(NULL, NULL), MM_ERR_INVALID_ARGUMENT);
}
END_TEST

START_TEST(every_status_has_distinct_text)
{
    const mm_status all[] = {MM_OK, MM_ERR_INVALID_ARGUMENT, MM_ERR_OUT_OF_MEMORY, MM_ERR_OVERFLOW,
                             MM_ERR_IO, MM_ERR_PARSE, MM_ERR_INVALID_MESH, MM_ERR_INVALID_MATRIX,
                             MM_ERR_NO_DEVICE, MM_ERR_CUDA, MM_ERR_FORMAT, MM_ERR_JIT};
    const int n = (int)(sizeof all / sizeof all[0]);
    for (int i = 0; i < n; ++i) {
        ck_assert_ptr_nonnull(strstr(mm_status_string(all[i]), "MM_"));
        for (int j = 0; j < i; ++j)
            ck_assert_str_ne(mm_status_string(all[i]), mm_status_string(all[j]));
    }
    ck_assert_str_eq(mm_status_string((mm_status)-99), "unknown mm_status");
}
END_TEST

START_TEST(error_message_names_the_public_function)
{
    mm_context ctx = mmt_context();
    mm_dense X = NULL;
    ck_assert_int_eq(mm_dense_new(ctx, &X, 4, 3, MM_TYPE_INT32), MM_ERR_INVALID_ARGUMENT);
    ck_assert_ptr_null(X);
    ck_assert_msg(strncmp(mm_last_error(ctx), "mm_dense_new: ", 14) == 0, "got '%s'",
                  mm_last_error(ctx));
    mm_context_free(&ctx);
}
END_TEST

START_TEST(memory_is_accounted_current_and_peak)
{
    mm_context ctx = mmt_context();
    mm_memory where = mm_context_backend(ctx) == MM_BACKEND_CUDA ? MM_MEMORY_DEVICE : MM_MEMORY_HOST;
    int64_t base = mm_context_bytes_in_use(ctx, where);
    mm_dense A = NULL, B = NULL;
    MMT_OK(ctx, mm_dense_new(ctx, &A, 10, 3, MM_TYPE_FLOAT64)); /* 240 bytes */
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, where), base + 240);
    MMT_OK(ctx, mm_dense_new(ctx, &B, 5, 2, MM_TYPE_FLOAT32)); /* 40 bytes */
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, where), base + 280);
    mm_dense_free(&A);
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, where), base + 40);
    ck_assert_int_eq(mm_context_peak_bytes(ctx, where), base + 280);
    mm_context_reset_peak(ctx);
    ck_assert_int_eq(mm_context_peak_bytes(ctx, where), base + 40);
    mm_dense_free(&B);
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, where), base);
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, (mm_memory)5), 0);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(allocation_hook_fails_cleanly)
{
    mm_context ctx = mmt_context();
    mm_dense X = NULL;
    mmi_test_fail_alloc_after(ctx, 0);
    ck_assert_int_eq(mm_dense_new(ctx, &X, 8, 3, MM_TYPE_FLOAT32), MM_ERR_OUT_OF_MEMORY);
    ck_assert_ptr_null(X);
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, MM_MEMORY_HOST), 0);
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, MM_MEMORY_DEVICE), 0);
    mmi_test_fail_alloc_after(ctx, -1);
    MMT_OK(ctx, mm_dense_new(ctx, &X, 8, 3, MM_TYPE_FLOAT32));
    mm_dense_free(&X);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(stages_are_recorded_only_with_timing)
{
    mm_context_options o = mm_context_options_default();
    o.backend = mmt_backend();
    mm_context plain = NULL, timed = NULL;
    MMT_OK(plain, mm_context_new(&plain, &o));
    ck_assert_int_eq(mmi_stage_begin(plain, "nothing"), -1);
    ck_assert_int_eq(mm_context_stage_count(plain), 0);
    o.timing = 1;
    MMT_OK(timed, mm_context_new(&timed, &o));
    int a = mmi_stage_begin(timed, "first");
    int b = mmi_stage_begin(timed, "second");
    mmi_stage_end(timed, b);
    mmi_stage_end(timed, a);
    ck_assert_int_eq(mm_context_stage_count(timed), 2);
    const char *name;
    double ms_a, ms_b;
    MMT_OK(timed, mm_context_stage(timed, 0, &name, &ms_a));
    ck_assert_str_eq(name, "first");
    MMT_OK(timed, mm_context_stage(timed, 1, &name, &ms_b));
    ck_assert_str_eq(name, "second");
    ck_assert(ms_a >= ms_b && ms_b >= 0.0); /* the outer stage encloses the inner one */
    ck_assert_int_eq(mm_context_stage(timed, 2, &name, &ms_a), MM_ERR_INVALID_ARGUMENT);
    ck_assert_ptr_nonnull(strstr(mm_last_error(timed), "stage 2"));
    mm_context_clear_stages(timed);
    ck_assert_int_eq(mm_context_stage_count(timed), 0);
    mm_context_free(&plain);
    mm_context_free(&timed);
}
END_TEST

/* Asserts that st refuses a dead or foreign handle; with ctx, that the
 * message holds `what`. */
static void expect_invalid(mm_context ctx, mm_status st, const char *what)
{
    ck_assert_int_eq(st, MM_ERR_INVALID_ARGUMENT);
    if (ctx != NULL)
        ck_assert_msg(strstr(mm_last_error(ctx), what) != NULL, "'%s' does not say '%s'",
                      mm_last_error(ctx), what);
}

static mm_mesh cube_mesh(mm_context ctx)
{
    static mmt_shape_faces cube;
    mmt_make_shape(&cube, MMT_SHAPE_CUBE);
    return mmt_shape_mesh(ctx, &cube, MM_TYPE_FLOAT64);
}

/* A path whose directory does not exist: a write the checks let through
 * fails with MM_ERR_IO, not MM_ERR_INVALID_ARGUMENT. */
#define NO_FILE "/nonexistent-meshmat-dir/mesh.obj"

START_TEST(context_freed_first_closes_until_its_last_handle)
{
    mm_context ctx = mmt_context(), other = mmt_context();
    mm_mesh mesh = cube_mesh(ctx);
    mm_subdiv_options o = mm_subdiv_options_default();
    mm_subdiv s = NULL;
    mm_matrix A = NULL, T = NULL, C = NULL;
    mm_dense X = NULL, XL = NULL, Xo = NULL, Yo = NULL;
    MMT_OK(ctx, mm_subdiv_build(ctx, mesh, &o, &s));
    MMT_OK(ctx, mm_matrix_transpose(ctx, mm_mesh_matrix(mesh), &A)); /* 6 × 8 */
    MMT_OK(ctx, mm_dense_new(ctx, &X, 8, 3, MM_TYPE_FLOAT64));
    MMT_OK(other, mm_dense_new(other, &Xo, 8, 3, MM_TYPE_FLOAT64));
    MMT_OK(other, mm_dense_new(other, &Yo, 6, 3, MM_TYPE_FLOAT64));
    mm_context closed = ctx, copy = ctx;
    mm_context_free(&ctx); /* handles alive: closed, not released */
    ck_assert_ptr_null(ctx);

    /* the context itself, through copies of its handle */
    ck_assert_ptr_nonnull(strstr(mm_last_error(closed), "mm_context_free"));
    ck_assert_int_eq(mm_context_backend(closed), MM_BACKEND_CPU);
    ck_assert_str_eq(mm_context_device_name(closed), "");
    ck_assert_int_eq(mm_context_bytes_in_use(closed, MM_MEMORY_HOST), 0);
    ck_assert_int_eq(mm_context_peak_bytes(closed, MM_MEMORY_HOST), 0);
    mm_context_reset_peak(closed);
    ck_assert_int_eq(mm_context_stage_count(closed), 0);
    mm_context_clear_stages(closed);
    const char *name;
    double ms;
    ck_assert_int_eq(mm_context_stage(closed, 0, &name, &ms), MM_ERR_INVALID_ARGUMENT);
    ck_assert_int_eq(mm_context_synchronize(closed), MM_ERR_INVALID_ARGUMENT);
    mm_dense D = NULL;
    ck_assert_int_eq(mm_dense_new(closed, &D, 2, 3, MM_TYPE_FLOAT64), MM_ERR_INVALID_ARGUMENT);
    ck_assert_ptr_null(D);
    double h[6] = {0};
    ck_assert_int_eq(mm_dense_import(closed, &D, 2, 3, MM_TYPE_FLOAT64, h),
                     MM_ERR_INVALID_ARGUMENT);
    mm_mesh M2 = NULL;
    ck_assert_int_eq(mm_mesh_read_memory(closed, &M2, "v 0 0 0\n", 8, "x.obj", NULL),
                     MM_ERR_INVALID_ARGUMENT);
    ck_assert_ptr_null(M2);
    mm_context_free(&copy); /* a second free through a copy: nothing happens */
    ck_assert_ptr_nonnull(strstr(mm_last_error(closed), "mm_context_free"));

    /* the mesh: refused on its own, with the closed context, and with another */
    mm_mesh_info info;
    ck_assert_int_eq(mm_mesh_info_get(mesh, &info), MM_ERR_INVALID_ARGUMENT);
    ck_assert_ptr_null(mm_mesh_matrix(mesh));
    ck_assert_ptr_null(mm_mesh_vertices(mesh));
    mm_mesh_arrays none = {0};
    ck_assert_int_eq(mm_mesh_export(mesh, &none), MM_ERR_INVALID_ARGUMENT);
    ck_assert_int_eq(mm_mesh_write(closed, mesh, NO_FILE, MM_FILE_OBJ), MM_ERR_INVALID_ARGUMENT);
    const char *foreign = "the mesh was made on another context, since freed";
    expect_invalid(other, mm_mesh_write(other, mesh, NO_FILE, MM_FILE_OBJ), foreign);
    mm_mesh_stats stats;
    expect_invalid(other, mm_mesh_stats_get(other, mesh, &stats), foreign);
    int64_t counts[5];
    expect_invalid(other, mm_mesh_order_histogram(other, mesh, 4, counts), foreign);
    mm_mesh out = NULL;
    expect_invalid(other, mm_subdivide(other, mesh, &o, &out), foreign);
    ck_assert_ptr_null(out);
    mm_subdiv s2 = NULL;
    expect_invalid(other, mm_subdiv_build(other, mesh, &o, &s2), foreign);
    ck_assert_ptr_null(s2);

    /* the matrix */
    mm_matrix_info mi;
    ck_assert_int_eq(mm_matrix_info_get(A, &mi), MM_ERR_INVALID_ARGUMENT);
    mm_matrix_arrays ma = {0};
    ck_assert_int_eq(mm_matrix_export(A, &ma), MM_ERR_INVALID_ARGUMENT);
    expect_invalid(other, mm_matrix_transpose(other, A, &T), "A was made on another context");
    ck_assert_ptr_null(T);
    mm_map one = {MM_MAP_ONE, NULL, 0, {0}, 0, NULL, NULL, NULL};
    expect_invalid(other, mm_spmv(other, &one, A, 0, Xo, Yo, 0), "A was made on another context");
    mm_spgemm_op op = {one, {MM_LAMBDA_MAP, NULL, NULL, NULL}, MM_REDUCE_SUM, MM_MASK_NONE,
                       MM_TYPE_FLOAT64};
    expect_invalid(other, mm_spgemm(other, &op, A, A, &C), "A was made on another context");
    ck_assert_ptr_null(C);

    /* the dense array */
    int64_t n = -1;
    ck_assert_int_eq(mm_dense_shape(X, &n, NULL, NULL), MM_ERR_INVALID_ARGUMENT);
    ck_assert_int_eq(n, -1);
    ck_assert_int_eq(mm_dense_export(X, h), MM_ERR_INVALID_ARGUMENT);
    expect_invalid(other, mm_dense_fill(other, X, 1.0), "X was made on another context");
    expect_invalid(other, mm_dense_scale_add(other, NULL, X, 0.0, Xo),
                   "X was made on another context");
    expect_invalid(other, mm_dense_scale_add(other, X, Xo, 0.0, Xo),
                   "w was made on another context");

    /* the subdivision */
    ck_assert_int_eq(mm_subdiv_eval(s, X, &XL), MM_ERR_INVALID_ARGUMENT);
    ck_assert_ptr_null(XL);
    ck_assert_int_eq(mm_subdiv_levels(s), 0);
    mm_subdiv_counts sc;
    ck_assert_int_eq(mm_subdiv_level_counts(s, 0, &sc), MM_ERR_INVALID_ARGUMENT);
    ck_assert_ptr_null(mm_subdiv_level_matrix(s, 0));
    ck_assert_ptr_null(mm_subdiv_matrix(s, 0, 1));
    uint32_t ends[64];
    ck_assert_int_eq(mm_subdiv_level_edges(s, 0, ends), MM_ERR_INVALID_ARGUMENT);
    float sharp[64];
    ck_assert_int_eq(mm_subdiv_level_sharpness(s, 0, sharp, NULL), MM_ERR_INVALID_ARGUMENT);

    /* the frees still work; the last releases the context (LeakSanitizer
     * checks that nothing is left) */
    mm_subdiv_free(&s);
    ck_assert_ptr_null(s);
    mm_matrix_free(&A);
    ck_assert_ptr_null(A);
    mm_dense_free(&X);
    ck_assert_ptr_null(X);
    mm_mesh_free(&mesh);
    ck_assert_ptr_null(mesh);
    ck_assert_str_eq(mm_last_error(other), mm_last_error(other)); /* other is untouched */
    MMT_OK(other, mm_dense_fill(other, Xo, 1.0));
    mm_dense_free(&Xo);
    mm_dense_free(&Yo);
    mm_context_free(&other);
}
END_TEST

START_TEST(context_freed_first_releases_with_any_last_handle)
{
    /* each kind of handle as the last one alive */
    for (int last = 0; last < 4; ++last) {
        mm_context ctx = mmt_context();
        mm_mesh mesh = cube_mesh(ctx);
        mm_subdiv_options o = mm_subdiv_options_default();
        mm_subdiv s = NULL;
        mm_matrix A = NULL;
        mm_dense X = NULL;
        MMT_OK(ctx, mm_subdiv_build(ctx, mesh, &o, &s));
        MMT_OK(ctx, mm_matrix_transpose(ctx, mm_mesh_matrix(mesh), &A));
        MMT_OK(ctx, mm_dense_new(ctx, &X, 8, 3, MM_TYPE_FLOAT32));
        if (last != 0) mm_mesh_free(&mesh);
        if (last != 1) mm_subdiv_free(&s);
        if (last != 2) mm_matrix_free(&A);
        if (last != 3) mm_dense_free(&X);
        mm_context_free(&ctx);
        ck_assert_ptr_null(ctx);
        mm_mesh_free(&mesh);
        mm_subdiv_free(&s);
        mm_matrix_free(&A);
        mm_dense_free(&X);
        ck_assert(mesh == NULL && s == NULL && A == NULL && X == NULL);
    }
}
END_TEST

START_TEST(handle_of_another_type_is_refused)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = cube_mesh(ctx);
    mm_dense X = NULL, Y = NULL;
    MMT_OK(ctx, mm_dense_new(ctx, &X, 8, 3, MM_TYPE_FLOAT64));
    MMT_OK(ctx, mm_dense_new(ctx, &Y, 8, 3, MM_TYPE_FLOAT64));
    mm_mesh fake = (mm_mesh)X;
    mm_mesh_info info;
    ck_assert_int_eq(mm_mesh_info_get(fake, &info), MM_ERR_INVALID_ARGUMENT);
    ck_assert_ptr_null(mm_mesh_matrix(fake));
    expect_invalid(ctx, mm_mesh_write(ctx, fake, NO_FILE, MM_FILE_OBJ),
                   "mm_mesh_write: the mesh is not a live mesh (freed, or not a mesh)");
    mm_mesh_stats stats;
    expect_invalid(ctx, mm_mesh_stats_get(ctx, fake, &stats), "not a live mesh");
    mm_subdiv_options o = mm_subdiv_options_default();
    mm_mesh out = NULL;
    expect_invalid(ctx, mm_subdivide(ctx, fake, &o, &out), "not a live mesh");
    mm_map one = {MM_MAP_ONE, NULL, 0, {0}, 0, NULL, NULL, NULL};
    expect_invalid(ctx, mm_spmv(ctx, &one, (mm_matrix)Y, 0, X, Y, 0),
                   "A is not a live matrix (freed, or not a matrix)");
    expect_invalid(ctx, mm_spmv(ctx, &one, mm_mesh_matrix(mesh), 1, (mm_dense)mesh, Y, 0),
                   "x is not a live dense array");
    ck_assert_int_eq(mm_subdiv_levels((mm_subdiv)mesh), 0);
    /* a handle passed as a context, and a context as a handle */
    mm_dense D = NULL;
    ck_assert_int_eq(mm_dense_new((mm_context)mesh, &D, 2, 2, MM_TYPE_FLOAT64),
                     MM_ERR_INVALID_ARGUMENT);
    ck_assert_ptr_null(D);
    ck_assert_ptr_nonnull(strstr(mm_last_error((mm_context)mesh), "not a live context"));
    ck_assert_int_eq(mm_mesh_info_get((mm_mesh)ctx, &info), MM_ERR_INVALID_ARGUMENT);
    /* freeing through the wrong type does nothing: the handle stays usable */
    mm_mesh_free(&fake);
    mm_context alias = (mm_context)X;
    mm_context_free(&alias);
    mm_matrix not_a_matrix = (mm_matrix)Y;
    mm_matrix_free(&not_a_matrix);
    MMT_OK(ctx, mm_dense_fill(ctx, X, 2.0));
    MMT_OK(ctx, mm_dense_scale_add(ctx, NULL, X, 0.0, Y));
    MMT_OK(ctx, mm_mesh_info_get(mesh, &info));
    mm_dense_free(&X);
    mm_dense_free(&Y);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(freeing_a_copy_of_a_freed_handle_does_nothing)
{
    /* A freed handle struct stays allocated, marked freed, in its context's
     * quarantine (the last 64 frees), so these reads are defined. */
    mm_context ctx = mmt_context();
    mm_mesh mesh = cube_mesh(ctx), mesh_copy = mesh;
    mm_subdiv_options o = mm_subdiv_options_default();
    mm_subdiv s = NULL, s_copy;
    mm_matrix A = NULL, A_copy;
    mm_dense X = NULL, X_copy;
    MMT_OK(ctx, mm_subdiv_build(ctx, mesh, &o, &s));
    MMT_OK(ctx, mm_matrix_transpose(ctx, mm_mesh_matrix(mesh), &A));
    MMT_OK(ctx, mm_dense_new(ctx, &X, 8, 3, MM_TYPE_FLOAT64));
    s_copy = s, A_copy = A, X_copy = X;
    mm_subdiv_free(&s);
    mm_matrix_free(&A);
    mm_dense_free(&X);
    mm_mesh_free(&mesh);
    mm_subdiv_free(&s_copy);
    mm_matrix_free(&A_copy);
    mm_dense_free(&X_copy);
    mm_mesh_free(&mesh_copy);
    mm_mesh_info info;
    ck_assert_int_eq(mm_mesh_info_get(mesh_copy, &info), MM_ERR_INVALID_ARGUMENT);
    ck_assert_ptr_null(mm_mesh_vertices(mesh_copy));
    expect_invalid(ctx, mm_mesh_write(ctx, mesh_copy, NO_FILE, MM_FILE_OBJ),
                   "the mesh is not a live mesh (freed, or not a mesh)");
    mm_matrix_info mi;
    ck_assert_int_eq(mm_matrix_info_get(A_copy, &mi), MM_ERR_INVALID_ARGUMENT);
    ck_assert_int_eq(mm_dense_shape(X_copy, NULL, NULL, NULL), MM_ERR_INVALID_ARGUMENT);
    expect_invalid(ctx, mm_dense_fill(ctx, X_copy, 0.0), "X is not a live dense array");
    ck_assert_int_eq(mm_subdiv_levels(s_copy), 0);
    mm_dense XL = NULL;
    mm_dense_new(ctx, &X, 8, 3, MM_TYPE_FLOAT64);
    ck_assert_int_eq(mm_subdiv_eval(s_copy, X, &XL), MM_ERR_INVALID_ARGUMENT);
    mm_dense_free(&X);
    mm_context_free(&ctx);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("context");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, cpu_context_reports_cpu);
    tcase_add_test(tc, auto_context_picks_cuda_only_with_a_device);
    tcase_add_test(tc, cuda_context_without_device_is_refused);
    tcase_add_test(tc, bad_backend_is_an_invalid_argument);
    tcase_add_test(tc, every_status_has_distinct_text);
    tcase_add_test(tc, error_message_names_the_public_function);
    tcase_add_test(tc, memory_is_accounted_current_and_peak);
    tcase_add_test(tc, allocation_hook_fails_cleanly);
    tcase_add_test(tc, stages_are_recorded_only_with_timing);
    suite_add_tcase(s, tc);
    TCase *handles = tcase_create("handles");
    tcase_add_test(handles, context_freed_first_closes_until_its_last_handle);
    tcase_add_test(handles, context_freed_first_releases_with_any_last_handle);
    tcase_add_test(handles, handle_of_another_type_is_refused);
    tcase_add_test(handles, freeing_a_copy_of_a_freed_handle_does_nothing);
    suite_add_tcase(s, handles);
    return mmt_run(s);
}
