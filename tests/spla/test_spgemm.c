/* test_spgemm.c: mapped SpGEMM C = A B {μ}[λ] with ⊕ (paper §3.1) on the
 * backend under test: every map, lambda, ⊕, mask and out type on seeded random
 * CSC matrices against the dense reference of spgemm_reference.h; E and
 * F (eq. 4–7) of a hand-drawn triangle/quad mesh; user functions; bad input. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/memory.h"
#include "spgemm_reference.h"
#include "spla_testing.h"

/* ---- user functions ---- */

typedef struct user_state {
    double offset;
    int64_t calls;
} user_state;

static double user_map(double a, double b, int64_t c, const void *user_data)
{
    const user_state *s = user_data;
    return a == b ? 0.0 : a - b + (double)c * s->offset;
}

static double user_lambda(double m, uint32_t i, uint32_t j, uint32_t k, double a, double b,
                          const void *user_data)
{
    user_state *s = (user_state *)user_data;
    s->calls++;
    return m * 100.0 + (double)i - (double)j + (double)k * 0.25 + a * b;
}

/* ---- random products: every map × lambda × ⊕ × mask × out type ---- */

/* m × n times n × p, at most `most` entries per column, `uniform` entries in
 * every column of A when > 0 (the mesh-matrix layout). */
static const struct shape {
    int64_t m, n, p;
    int most;
    int64_t uniform;
} shapes[] = {
    {6, 5, 7, 3, 0}, {1, 1, 1, 1, 0}, {0, 3, 4, 2, 0}, {4, 0, 5, 2, 0}, {3, 5, 0, 2, 0},
    {20, 15, 25, 4, 0}, {12, 6, 12, 18, 0}, {40, 40, 40, 2, 0}, {15, 12, 10, 3, 4},
};

static const mm_map maps[] = {
    {MM_MAP_VALUE, NULL, 0, {0}, 0, NULL, NULL, NULL},
    {MM_MAP_ONE, NULL, 0, {0}, 0, NULL, NULL, NULL},
    {MM_MAP_PRODUCT, NULL, 0, {0}, 0, NULL, NULL, NULL},
    {MM_MAP_CIRCULANT, NULL, 0, {1, -1}, 2, NULL, NULL, NULL},
    {MM_MAP_CIRCULANT, NULL, 0, {1, 0, 5, -7}, 4, NULL, NULL, NULL},
};

START_TEST(every_op_matches_dense_reference)
{
    mm_context ctx = mmt_context();
    const struct shape *s = &shapes[_i];
    sp_seed((uint64_t)_i);
    /* Circulant maps read positions: A a pattern (a mesh matrix), B small integers. */
    sp_host num_a = sp_random(MM_FORMAT_CSC, MM_TYPE_FLOAT64, s->m, s->n, s->most, s->uniform);
    sp_host num_b = sp_random(MM_FORMAT_CSC, MM_TYPE_FLOAT32, s->n, s->p, s->most, 0);
    sp_host pat_a = sp_random(MM_FORMAT_CSC, MM_TYPE_PATTERN, s->m, s->n, s->most, s->uniform);
    sp_host pos_b = sp_random(MM_FORMAT_CSC, MM_TYPE_INT32, s->n, s->p, s->most, 0);
    mm_matrix nA = sp_import(ctx, &num_a), nB = sp_import(ctx, &num_b);
    mm_matrix pA = sp_import(ctx, &pat_a), pB = sp_import(ctx, &pos_b);
    char what[128];
    for (size_t mi = 0; mi < sizeof maps / sizeof *maps; ++mi)
        for (int l = MM_LAMBDA_MAP; l <= MM_LAMBDA_COUNT; ++l)
            for (int r = MM_REDUCE_SUM; r <= MM_REDUCE_FIRST; ++r)
                for (int mask = MM_MASK_NONE; mask <= MM_MASK_UPPER; ++mask)
                    for (int t = MM_TYPE_PATTERN; t <= MM_TYPE_FLOAT64; ++t) {
                        mm_spgemm_op op = {maps[mi], {(mm_lambda_kind)l, NULL, NULL, NULL},
                                           (mm_reduce)r, (mm_mask)mask, (mm_type)t};
                        int circ = maps[mi].kind == MM_MAP_CIRCULANT;
                        snprintf(what, sizeof what,
                                 "shape %d map %zu lambda %d reduce %d mask %d type %d", _i, mi,
                                 l, r, mask, t);
                        check_product(ctx, &op, circ ? &pat_a : &num_a, circ ? &pos_b : &num_b,
                                      circ ? pA : nA, circ ? pB : nB, what);
                    }
    mm_matrix_free(&nA);
    mm_matrix_free(&nB);
    mm_matrix_free(&pA);
    mm_matrix_free(&pB);
    sp_free(&num_a);
    sp_free(&num_b);
    sp_free(&pat_a);
    sp_free(&pos_b);
    mm_context_free(&ctx);
}
END_TEST

/* Repeated rows: A's column holds row 1 twice and B's column names k = 0
 * twice, so C(1,0) gets four contributions, combined in (B, A) order. */
START_TEST(repeated_rows_combine_in_order)
{
    mm_context ctx = mmt_context();
    int64_t aptr[] = {0, 3};
    uint32_t arows[] = {1, 0, 1};
    double avals[] = {2, 5, 3};
    int64_t bptr[] = {0, 2};
    uint32_t brows[] = {0, 0};
    double bvals[] = {7, 11};
    sp_host hA = {MM_FORMAT_CSC, MM_TYPE_FLOAT64, 2, 1, 3, 0, aptr, arows, NULL, avals};
    sp_host hB = {MM_FORMAT_CSC, MM_TYPE_FLOAT64, 1, 1, 2, 0, bptr, brows, NULL, bvals};
    mm_matrix A = sp_import(ctx, &hA), B = sp_import(ctx, &hB);
    mm_spgemm_op op = {{MM_MAP_PRODUCT, NULL, 0, {0}, 0, NULL, NULL, NULL},
                       {MM_LAMBDA_MAP, NULL, NULL, NULL},
                       MM_REDUCE_SUM, MM_MASK_NONE, MM_TYPE_FLOAT64};
    /* By hand: C(0,0) = 5·7 + 5·11 = 90, C(1,0) = 2·7 + 3·7 + 2·11 + 3·11 = 90. */
    char has[2] = {1, 1};
    double want[2] = {90, 90};
    mm_matrix C = NULL;
    MMT_OK(ctx, mm_spgemm(ctx, &op, A, B, &C));
    expect_equals_reference(C, &op, has, want, 2, 1, "sum");
    mm_matrix_free(&C);
    /* FIRST keeps B's first entry, then A's first: C(1,0) = 2·7, C(0,0) = 5·7. */
    op.reduce = MM_REDUCE_FIRST;
    want[0] = 35;
    want[1] = 14;
    MMT_OK(ctx, mm_spgemm(ctx, &op, A, B, &C));
    expect_equals_reference(C, &op, has, want, 2, 1, "first");
    mm_matrix_free(&C);
    mm_matrix_free(&A);
    mm_matrix_free(&B);
    mm_context_free(&ctx);
}
END_TEST

/* ---- E and F of a hand-drawn mesh (paper Figure 3, eq. 4–7) ----
 *   3 ───── 4 ───── 5      f0 = (0 1 4 3)  quad
 *   │  f0   │ f1 ╱ f2       f1 = (1 2 4)    triangle
 *   │       │  ╱   │        f2 = (2 5 4)    triangle
 *   0 ───── 1 ───── 2      boundary: all edges but {1,4} and {2,4}. */
static const int64_t fig_offsets[] = {0, 4, 7, 10};
static const uint32_t fig_faces[] = {0, 1, 4, 3, 1, 2, 4, 2, 5, 4};
static const double fig_xyz[] = {0, 0, 0, 1, 0, 0, 2, 0, 0, 0, 1, 0, 1, 1, 0, 2, 1, 0};
/* Mᵀ (3 × 6) by hand: column v lists v's faces, value = v's position in the face. */
static int64_t mt_ptr[] = {0, 1, 3, 5, 6, 9, 10};
static uint32_t mt_rows[] = {0, 0, 1, 1, 2, 0, 0, 1, 2, 2};
static int32_t mt_vals[] = {1, 2, 1, 2, 1, 4, 3, 3, 3, 2};

static void figure_mesh(mm_context ctx, mm_mesh *mesh, mm_matrix *Mt)
{
    mm_mesh_desc d;
    memset(&d, 0, sizeof d);
    d.num_vertices = 6;
    d.dim = 3;
    d.vertex_type = MM_TYPE_FLOAT64;
    d.vertices = fig_xyz;
    d.num_faces = 3;
    d.face_offsets = fig_offsets;
    d.face_vertices = fig_faces;
    MMT_OK(ctx, mm_mesh_new(ctx, mesh, &d));
    mm_matrix_arrays in = {mt_ptr, mt_rows, NULL, mt_vals};
    MMT_OK(ctx, mm_matrix_import(ctx, Mt, MM_FORMAT_CSC, MM_TYPE_INT32, 3, 6, 10, &in));
}

/* Asserts the INT32 C is exactly ptr/rows/vals. */
static void expect_csc(mm_matrix C, const int64_t *ptr, const uint32_t *rows, const int32_t *vals,
                       int64_t p, int64_t nnz)
{
    mm_matrix_info info;
    ck_assert_int_eq(mm_matrix_info_get(C, &info), MM_OK);
    ck_assert_int_eq(info.ncols, p);
    ck_assert_int_eq(info.nnz, nnz);
    int64_t got_ptr[16];
    uint32_t got_rows[32];
    int32_t got_vals[32];
    mm_matrix_arrays out = {got_ptr, got_rows, NULL, got_vals};
    ck_assert_int_eq(mm_matrix_export(C, &out), MM_OK);
    ck_assert_mem_eq(got_ptr, ptr, (size_t)(p + 1) * sizeof *ptr);
    ck_assert_mem_eq(got_rows, rows, (size_t)nnz * sizeof *rows);
    ck_assert_mem_eq(got_vals, vals, (size_t)nnz * sizeof *vals);
}

START_TEST(edge_matrix_counts_faces_per_edge)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = NULL;
    mm_matrix Mt = NULL, E = NULL;
    figure_mesh(ctx, &mesh, &Mt);
    /* E = M Mᵀ {Q_c + Q_c^{c-1}} [τ], lower triangle: 1 on boundary edges, 2 inside. */
    mm_spgemm_op op = {{MM_MAP_CIRCULANT, NULL, 0, {1, -1}, 2, NULL, NULL, NULL},
                       {MM_LAMBDA_COUNT, NULL, NULL, NULL}, MM_REDUCE_SUM, MM_MASK_LOWER,
                       MM_TYPE_INT32};
    MMT_OK(ctx, mm_spgemm(ctx, &op, mm_mesh_matrix(mesh), Mt, &E));
    const int64_t e_ptr[] = {0, 2, 4, 6, 7, 8, 8};
    const uint32_t e_rows[] = {1, 3, 2, 4, 4, 5, 4, 5};
    const int32_t e_vals[] = {1, 1, 1, 2, 2, 1, 1, 1};
    expect_csc(E, e_ptr, e_rows, e_vals, 6, 8);
    mm_matrix_free(&E);
    /* Without the mask E is symmetric: each edge twice, no diagonal. */
    op.mask = MM_MASK_NONE;
    MMT_OK(ctx, mm_spgemm(ctx, &op, mm_mesh_matrix(mesh), Mt, &E));
    const int64_t s_ptr[] = {0, 2, 5, 8, 10, 14, 16};
    const uint32_t s_rows[] = {1, 3, 0, 2, 4, 1, 4, 5, 0, 4, 1, 2, 3, 5, 2, 4};
    const int32_t s_vals[] = {1, 1, 1, 1, 2, 1, 2, 1, 1, 1, 2, 2, 1, 1, 1, 1};
    expect_csc(E, s_ptr, s_rows, s_vals, 6, 16);
    mm_matrix_free(&E);
    mm_matrix_free(&Mt);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(edge_face_matrix_names_face_of_each_directed_edge)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = NULL;
    mm_matrix Mt = NULL, F = NULL;
    figure_mesh(ctx, &mesh, &Mt);
    /* F = M Mᵀ {Q_c} [γ]: F(i,j) = the face holding i → j (eq. 6–7). */
    mm_spgemm_op op = {{MM_MAP_CIRCULANT, NULL, 0, {1}, 1, NULL, NULL, NULL},
                       {MM_LAMBDA_K, NULL, NULL, NULL}, MM_REDUCE_FIRST, MM_MASK_NONE,
                       MM_TYPE_INT32};
    MMT_OK(ctx, mm_spgemm(ctx, &op, mm_mesh_matrix(mesh), Mt, &F));
    /* Column j: the i with i → j. 3→0 f0; 0→1 f0, 4→1 f1; 1→2 f1, 4→2 f2;
     * 4→3 f0; 1→4 f0, 2→4 f1, 5→4 f2; 2→5 f2. */
    const int64_t f_ptr[] = {0, 1, 3, 5, 6, 9, 10};
    const uint32_t f_rows[] = {3, 0, 4, 1, 4, 4, 1, 2, 5, 2};
    const int32_t f_vals[] = {0, 0, 1, 1, 2, 0, 0, 1, 2, 2};
    expect_csc(F, f_ptr, f_rows, f_vals, 6, 10);
    mm_matrix_free(&F);
    mm_matrix_free(&Mt);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* ---- user functions, stages, bad input, allocation failures ---- */

START_TEST(user_map_and_lambda_run_on_cpu_only)
{
    mm_context ctx = mmt_context();
    sp_seed(12345);
    sp_host hA = sp_random(MM_FORMAT_CSC, MM_TYPE_FLOAT64, 9, 7, 4, 0);
    sp_host hB = sp_random(MM_FORMAT_CSC, MM_TYPE_INT32, 7, 8, 4, 0);
    mm_matrix A = sp_import(ctx, &hA), B = sp_import(ctx, &hB), C = NULL;
    user_state state = {0.5, 0}, ref_state = {0.5, 0};
    mm_spgemm_op op = {{MM_MAP_USER, NULL, 0, {0}, 0, user_map, &state, NULL},
                       {MM_LAMBDA_USER, user_lambda, &state, NULL}, MM_REDUCE_SUM, MM_MASK_NONE,
                       MM_TYPE_FLOAT64};
    if (mmt_backend() == MM_BACKEND_CUDA) {
        ck_assert_int_eq(mm_spgemm(ctx, &op, A, B, &C), MM_ERR_INVALID_ARGUMENT);
        ck_assert_ptr_nonnull(strstr(mm_last_error(ctx), "NVRTC"));
        ck_assert_ptr_null(C);
    } else {
        /* The reference runs on its own state, so both call counts can be compared. */
        mm_spgemm_op ref_op = op;
        ref_op.map.user_data = &ref_state;
        ref_op.lambda.user_data = &ref_state;
        char has[9 * 8];
        double val[9 * 8];
        reference(&ref_op, &hA, &hB, has, val);
        MMT_OK(ctx, mm_spgemm(ctx, &op, A, B, &C));
        expect_equals_reference(C, &op, has, val, 9, 8, "user");
        /* The lambda ran once per surviving collision. */
        ck_assert_int_eq(state.calls, ref_state.calls);
        ck_assert_int_gt(state.calls, 0);
        mm_matrix_free(&C);
    }
    mm_matrix_free(&A);
    mm_matrix_free(&B);
    sp_free(&hA);
    sp_free(&hB);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(phases_are_timed)
{
    mm_context ctx = NULL;
    mm_context_options o = mm_context_options_default();
    o.backend = mmt_backend();
    o.timing = 1;
    ck_assert_int_eq(mm_context_new(&ctx, &o), MM_OK);
    mm_mesh mesh = NULL;
    mm_matrix Mt = NULL, E = NULL;
    figure_mesh(ctx, &mesh, &Mt);
    mm_context_clear_stages(ctx);
    mm_spgemm_op op = {{MM_MAP_CIRCULANT, NULL, 0, {1, -1}, 2, NULL, NULL, NULL},
                       {MM_LAMBDA_COUNT, NULL, NULL, NULL}, MM_REDUCE_SUM, MM_MASK_LOWER,
                       MM_TYPE_INT32};
    MMT_OK(ctx, mm_spgemm(ctx, &op, mm_mesh_matrix(mesh), Mt, &E));
    int seen = 0;
    for (int s = 0; s < mm_context_stage_count(ctx); ++s) {
        const char *name;
        double ms;
        MMT_OK(ctx, mm_context_stage(ctx, s, &name, &ms));
        seen |= (strcmp(name, "spgemm_symbolic") == 0) | (strcmp(name, "spgemm_numeric") == 0) << 1;
        ck_assert(ms >= 0.0);
    }
    ck_assert_int_eq(seen, 3);
    mm_matrix_free(&E);
    mm_matrix_free(&Mt);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(bad_input_is_refused_with_shapes_named)
{
    mm_context ctx = mmt_context();
    int64_t ptr[] = {0, 1, 1, 2, 2};
    uint32_t rows[] = {0, 2};
    mm_matrix_arrays in = {ptr, rows, NULL, NULL};
    mm_matrix A = NULL, B = NULL, R = NULL, S = NULL, C = NULL;
    MMT_OK(ctx, mm_matrix_import(ctx, &A, MM_FORMAT_CSC, MM_TYPE_PATTERN, 3, 4, 2, &in));
    MMT_OK(ctx, mm_matrix_import(ctx, &S, MM_FORMAT_CSC, MM_TYPE_PATTERN, 4, 4, 2, &in));
    MMT_OK(ctx, mm_matrix_import(ctx, &B, MM_FORMAT_CSC, MM_TYPE_PATTERN, 5, 4, 2, &in));
    mm_matrix_arrays rin = {ptr, NULL, rows, NULL};
    MMT_OK(ctx, mm_matrix_import(ctx, &R, MM_FORMAT_CSR, MM_TYPE_PATTERN, 4, 3, 2, &rin));
    mm_spgemm_op op = {{MM_MAP_ONE, NULL, 0, {0}, 0, NULL, NULL, NULL},
                       {MM_LAMBDA_MAP, NULL, NULL, NULL},
                       MM_REDUCE_SUM, MM_MASK_NONE, MM_TYPE_FLOAT64};
    ck_assert_int_eq(mm_spgemm(ctx, &op, A, B, &C), MM_ERR_INVALID_ARGUMENT);
    ck_assert_ptr_nonnull(strstr(mm_last_error(ctx), "3 × 4"));
    ck_assert_ptr_nonnull(strstr(mm_last_error(ctx), "5 × 4"));
    ck_assert_int_eq(mm_spgemm(ctx, &op, R, A, &C), MM_ERR_INVALID_ARGUMENT);
    ck_assert_ptr_nonnull(strstr(mm_last_error(ctx), "CSR"));
    ck_assert_int_eq(mm_spgemm(ctx, NULL, A, A, &C), MM_ERR_INVALID_ARGUMENT);
    ck_assert_int_eq(mm_spgemm(ctx, &op, A, NULL, &C), MM_ERR_INVALID_ARGUMENT);
    ck_assert_int_eq(mm_spgemm(ctx, &op, A, R, NULL), MM_ERR_INVALID_ARGUMENT);
    ck_assert_int_eq(mm_spgemm(NULL, &op, A, R, &C), MM_ERR_INVALID_ARGUMENT);
    mm_spgemm_op bad = op;
    bad.map.kind = MM_MAP_TABLE;
    ck_assert_int_eq(mm_spgemm(ctx, &bad, A, S, &C), MM_ERR_INVALID_ARGUMENT);
    ck_assert_ptr_nonnull(strstr(mm_last_error(ctx), "not a SpGEMM map"));
    bad.map.kind = MM_MAP_INV_COUNT;
    ck_assert_int_eq(mm_spgemm(ctx, &bad, A, S, &C), MM_ERR_INVALID_ARGUMENT);
    bad.map.kind = MM_MAP_CIRCULANT;
    bad.map.num_shifts = 5;
    ck_assert_int_eq(mm_spgemm(ctx, &bad, A, S, &C), MM_ERR_INVALID_ARGUMENT);
    bad = op;
    bad.map.kind = MM_MAP_USER;
    ck_assert_int_eq(mm_spgemm(ctx, &bad, A, S, &C), MM_ERR_INVALID_ARGUMENT);
    bad = op;
    bad.lambda.kind = MM_LAMBDA_USER;
    ck_assert_int_eq(mm_spgemm(ctx, &bad, A, S, &C), MM_ERR_INVALID_ARGUMENT);
    bad = op;
    bad.reduce = (mm_reduce)9;
    ck_assert_int_eq(mm_spgemm(ctx, &bad, A, S, &C), MM_ERR_INVALID_ARGUMENT);
    bad = op;
    bad.mask = (mm_mask)3;
    ck_assert_int_eq(mm_spgemm(ctx, &bad, A, S, &C), MM_ERR_INVALID_ARGUMENT);
    bad = op;
    bad.out_type = (mm_type)7;
    ck_assert_int_eq(mm_spgemm(ctx, &bad, A, S, &C), MM_ERR_INVALID_ARGUMENT);
    ck_assert_ptr_null(C);
    mm_matrix_free(&A);
    mm_matrix_free(&B);
    mm_matrix_free(&R);
    mm_matrix_free(&S);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(allocation_failures_leak_nothing)
{
    mm_context ctx = mmt_context();
    sp_seed(777);
    sp_host hA = sp_random(MM_FORMAT_CSC, MM_TYPE_PATTERN, 30, 20, 8, 0);
    sp_host hB = sp_random(MM_FORMAT_CSC, MM_TYPE_INT32, 20, 25, 8, 0);
    mm_matrix A = sp_import(ctx, &hA), B = sp_import(ctx, &hB), C = NULL;
    mm_spgemm_op op = {{MM_MAP_VALUE, NULL, 0, {0}, 0, NULL, NULL, NULL},
                       {MM_LAMBDA_MAP, NULL, NULL, NULL},
                       MM_REDUCE_MAX, MM_MASK_NONE, MM_TYPE_FLOAT64};
    int64_t host = mm_context_bytes_in_use(ctx, MM_MEMORY_HOST);
    int64_t device = mm_context_bytes_in_use(ctx, MM_MEMORY_DEVICE);
    mm_status st = MM_ERR_OUT_OF_MEMORY;
    int64_t n;
    for (n = 0; st != MM_OK && n < 100; ++n) {
        mmi_test_fail_alloc_after(ctx, n);
        st = mm_spgemm(ctx, &op, A, B, &C);
        mmi_test_fail_alloc_after(ctx, -1);
        if (st == MM_OK) break;
        ck_assert_int_eq(st, MM_ERR_OUT_OF_MEMORY);
        ck_assert_ptr_null(C);
        ck_assert_int_eq(mm_context_bytes_in_use(ctx, MM_MEMORY_HOST), host);
        ck_assert_int_eq(mm_context_bytes_in_use(ctx, MM_MEMORY_DEVICE), device);
    }
    ck_assert_int_eq(st, MM_OK);
    ck_assert_int_gt(n, 2);
    mm_matrix_free(&C);
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, MM_MEMORY_HOST), host);
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, MM_MEMORY_DEVICE), device);
    mm_matrix_free(&A);
    mm_matrix_free(&B);
    sp_free(&hA);
    sp_free(&hB);
    mm_context_free(&ctx);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("spgemm");
    TCase *tc = tcase_create("spgemm");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, every_op_matches_dense_reference, 0,
                        (int)(sizeof shapes / sizeof *shapes));
    tcase_add_test(tc, repeated_rows_combine_in_order);
    tcase_add_test(tc, edge_matrix_counts_faces_per_edge);
    tcase_add_test(tc, edge_face_matrix_names_face_of_each_directed_edge);
    tcase_add_test(tc, user_map_and_lambda_run_on_cpu_only);
    tcase_add_test(tc, phases_are_timed);
    tcase_add_test(tc, bad_input_is_refused_with_shapes_named);
    tcase_add_test(tc, allocation_failures_leak_nothing);
    suite_add_tcase(s, tc);
    return mmt_run(s);
}
