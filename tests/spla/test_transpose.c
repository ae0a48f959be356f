/* test_transpose.c: mm_matrix_transpose on the backend under test: random
 * matrices of every format and value type against a transpose built inside
 * the test (stable: ties keep their order), the mesh matrix's implicit values
 * becoming INT32 positions, refusals, and allocation failures. */
#include <stdio.h>

#include "core/memory.h"
#include "spla_testing.h"

/* The expected transpose of a CSC (CSR) h: line i lists, in storage order,
 * the entries of h whose index is i, each with its source line and value. */
static void reference(const sp_host *h, int64_t *ptr, uint32_t *idx, void *vals)
{
    int csc = h->f == MM_FORMAT_CSC;
    int64_t lines = csc ? h->nr : h->nc, p = 0;
    size_t size = h->t == MM_TYPE_PATTERN ? 4 : mm_type_size(h->t);
    ptr[0] = 0;
    for (int64_t i = 0; i < lines; ++i) {
        for (int64_t k = 0; k < h->nnz; ++k) {
            uint32_t r, c;
            double seen;
            sp_entry(h, k, &r, &c, &seen);
            if ((csc ? r : c) != (uint32_t)i) continue;
            idx[p] = csc ? c : r;
            if (h->t == MM_TYPE_PATTERN) ((int32_t *)vals)[p] = (int32_t)seen;
            else
                memcpy((char *)vals + (size_t)p * size, (const char *)h->vals + (size_t)k * size,
                       size);
            ++p;
        }
        ptr[i + 1] = p;
    }
}

static void check_transpose(mm_context ctx, const sp_host *h)
{
    mm_matrix A = sp_import(ctx, h), T = NULL;
    MMT_OK(ctx, mm_matrix_transpose(ctx, A, &T));
    mm_matrix_info info;
    MMT_OK(ctx, mm_matrix_info_get(T, &info));
    ck_assert_int_eq(info.format, h->f);
    ck_assert_int_eq(info.nrows, h->nc);
    ck_assert_int_eq(info.ncols, h->nr);
    ck_assert_int_eq(info.nnz, h->nnz);
    ck_assert_int_eq(info.type, h->t == MM_TYPE_PATTERN && h->f != MM_FORMAT_COO ? MM_TYPE_INT32
                                                                                : h->t);
    int64_t lines = h->f == MM_FORMAT_CSR ? h->nc : h->nr;
    size_t n = (size_t)h->nnz + 1;
    int64_t *ptr = malloc(((size_t)lines + 1) * 8), *ref_ptr = malloc(((size_t)lines + 1) * 8);
    uint32_t *rows = malloc(n * 4), *cols = malloc(n * 4), *ref_idx = malloc(n * 4);
    void *vals = malloc(n * 8), *ref_vals = malloc(n * 8);
    mm_matrix_arrays out = {ptr, rows, cols, vals};
    MMT_OK(ctx, mm_matrix_export(T, &out));
    size_t vsize = mm_type_size(info.type) * (size_t)h->nnz;
    if (h->f == MM_FORMAT_COO) {
        ck_assert_mem_eq(rows, h->cols, (size_t)h->nnz * 4);
        ck_assert_mem_eq(cols, h->rows, (size_t)h->nnz * 4);
        ck_assert_mem_eq(vals, h->vals, vsize);
    } else {
        reference(h, ref_ptr, ref_idx, ref_vals);
        ck_assert_mem_eq(ptr, ref_ptr, ((size_t)lines + 1) * 8);
        ck_assert_mem_eq(h->f == MM_FORMAT_CSC ? rows : cols, ref_idx, (size_t)h->nnz * 4);
        ck_assert_mem_eq(vals, ref_vals, vsize);
    }
    free(ptr), free(ref_ptr), free(rows), free(cols), free(ref_idx), free(vals), free(ref_vals);
    mm_matrix_free(&T);
    mm_matrix_free(&A);
}

START_TEST(random_matrices_match_the_reference)
{
    mm_context ctx = mmt_context();
    const int64_t shapes[][2] = {{13, 9}, {9, 17}, {1, 1}, {0, 5}, {5, 0}, {0, 0}, {300, 200}};
    const mm_type types[] = {MM_TYPE_PATTERN, MM_TYPE_INT32, MM_TYPE_FLOAT32, MM_TYPE_FLOAT64};
    sp_seed(13);
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; ++s)
        for (int f = MM_FORMAT_CSC; f <= MM_FORMAT_COO; ++f)
            for (int ty = 0; ty < 4; ++ty) {
                sp_host h = sp_random((mm_format)f, types[ty], shapes[s][0], shapes[s][1], 6, 0);
                check_transpose(ctx, &h);
                sp_free(&h);
                if (f != MM_FORMAT_COO) {
                    h = sp_random((mm_format)f, types[ty], shapes[s][0], shapes[s][1], 0, 3);
                    check_transpose(ctx, &h);
                    sp_free(&h);
                }
            }
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, MM_MEMORY_HOST), 0);
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, MM_MEMORY_DEVICE), 0);
    mm_context_free(&ctx);
}
END_TEST

/* Mᵀ of the mesh matrix of two quads sharing an edge keeps each vertex's
 * position in its face:  M (6 × 2) columns (0,1,4,3), (1,2,5,4); Mᵀ (2 × 6) CSC
 * has column v = the faces of v, with values = v's position in each. */
START_TEST(mesh_matrix_positions_survive)
{
    mm_context ctx = mmt_context();
    double pos[18] = {0};
    uint32_t fv[8] = {0, 1, 4, 3, 1, 2, 5, 4};
    mm_mesh_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.num_vertices = 6, desc.dim = 3, desc.vertex_type = MM_TYPE_FLOAT64, desc.vertices = pos;
    desc.num_faces = 2, desc.face_order = 4, desc.face_vertices = fv;
    mm_mesh mesh = NULL;
    MMT_OK(ctx, mm_mesh_new(ctx, &mesh, &desc));
    mm_matrix T = NULL;
    MMT_OK(ctx, mm_matrix_transpose(ctx, mm_mesh_matrix(mesh), &T));
    int64_t ptr[7];
    uint32_t rows[8];
    int32_t vals[8];
    mm_matrix_arrays out = {ptr, rows, NULL, vals};
    MMT_OK(ctx, mm_matrix_export(T, &out));
    const int64_t ptr_ref[7] = {0, 1, 3, 4, 5, 7, 8};
    const uint32_t rows_ref[8] = {0, 0, 1, 1, 0, 0, 1, 1};
    const int32_t vals_ref[8] = {1, 2, 1, 2, 4, 3, 4, 3};
    ck_assert_mem_eq(ptr, ptr_ref, sizeof ptr);
    ck_assert_mem_eq(rows, rows_ref, sizeof rows);
    ck_assert_mem_eq(vals, vals_ref, sizeof vals);
    mm_matrix_free(&T);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(bad_input_is_refused)
{
    mm_context ctx = mmt_context(), other = mmt_context_on(MM_BACKEND_CPU);
    sp_seed(2);
    sp_host h = sp_random(MM_FORMAT_CSR, MM_TYPE_FLOAT32, 4, 5, 3, 0);
    mm_matrix A = sp_import(other, &h), T = A;
    ck_assert_int_eq(mm_matrix_transpose(NULL, A, &T), MM_ERR_INVALID_ARGUMENT);
    ck_assert_int_eq(mm_matrix_transpose(ctx, A, NULL), MM_ERR_INVALID_ARGUMENT);
    ck_assert_int_eq(mm_matrix_transpose(ctx, NULL, &T), MM_ERR_INVALID_ARGUMENT);
    ck_assert_ptr_null(T);
    ck_assert_str_eq(mm_last_error(ctx), "mm_matrix_transpose: A is NULL");
    ck_assert_int_eq(mm_matrix_transpose(ctx, A, &T), MM_ERR_INVALID_ARGUMENT);
    ck_assert_str_eq(mm_last_error(ctx), "mm_matrix_transpose: A was made on another context");
    mm_matrix_free(&A);
    sp_free(&h);
    mm_context_free(&ctx), mm_context_free(&other);
}
END_TEST

START_TEST(allocation_failures_leak_nothing)
{
    mm_context ctx = mmt_context();
    sp_seed(9);
    for (int f = MM_FORMAT_CSC; f <= MM_FORMAT_COO; ++f) {
        sp_host h = sp_random((mm_format)f, MM_TYPE_PATTERN, 8, 7, 4, 0);
        mm_matrix A = sp_import(ctx, &h), T = NULL;
        int64_t host = mm_context_bytes_in_use(ctx, MM_MEMORY_HOST);
        int64_t dev = mm_context_bytes_in_use(ctx, MM_MEMORY_DEVICE);
        mm_status st = MM_ERR_OUT_OF_MEMORY;
        int n = 0;
        for (; st != MM_OK && n < 100; ++n) {
            mmi_test_fail_alloc_after(ctx, n);
            st = mm_matrix_transpose(ctx, A, &T);
            mmi_test_fail_alloc_after(ctx, -1);
            if (st != MM_OK) {
                ck_assert_int_eq(st, MM_ERR_OUT_OF_MEMORY);
                ck_assert_ptr_null(T);
                ck_assert_int_eq(mm_context_bytes_in_use(ctx, MM_MEMORY_HOST), host);
                ck_assert_int_eq(mm_context_bytes_in_use(ctx, MM_MEMORY_DEVICE), dev);
            }
        }
        ck_assert_int_eq(st, MM_OK);
        ck_assert_int_gt(n, 1);
        mm_matrix_free(&T);
        mm_matrix_free(&A);
        check_transpose(ctx, &h);
        sp_free(&h);
    }
    mm_context_free(&ctx);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("transpose");
    TCase *tc = tcase_create("transpose");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, random_matrices_match_the_reference);
    tcase_add_test(tc, mesh_matrix_positions_survive);
    tcase_add_test(tc, bad_input_is_refused);
    tcase_add_test(tc, allocation_failures_leak_nothing);
    suite_add_tcase(s, tc);
    return mmt_run(s);
}
