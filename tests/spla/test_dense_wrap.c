/* test_dense_wrap.c: the caller's memory as meshmat's arrays (meshmat/dense.h,
 * matrix.h) on the backend under test: mm_dense_wrap over caller-owned
 * backend memory (read and written in place, not copied, not counted, not
 * freed by mm_dense_free), wrapped arrays computing as made ones,
 * mm_dense_data of any array, mm_matrix_data of every format against the
 * export, and the refusals. With a CUDA device: host memory refused on CUDA
 * (pinned or not), managed memory accepted, device memory refused on the
 * CPU backend. */
#include <stdint.h>
#include <string.h>

#ifdef MESHMAT_HAVE_CUDA
#include <cuda_runtime.h>
#endif

#include "mmt_backend_memory.h"

enum { N = 5, D = 3, MAX_BYTES = (N * D + 1) * 8 };

/* Value k of a host array of type t. */
static void put(void *h, mm_type t, int64_t k, double v)
{
    if (t == MM_TYPE_FLOAT64) ((double *)h)[k] = v;
    else ((float *)h)[k] = (float)v;
}

static double get(const void *h, mm_type t, int64_t k)
{
    return t == MM_TYPE_FLOAT64 ? ((const double *)h)[k] : ((const float *)h)[k];
}

static void assert_counts(mm_context ctx, int64_t host, int64_t device)
{
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, MM_MEMORY_HOST), host);
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, MM_MEMORY_DEVICE), device);
}

/* _i: float64, float32. */
START_TEST(wrap_uses_the_callers_memory)
{
    mm_context ctx = mmt_context();
    mm_type t = _i ? MM_TYPE_FLOAT32 : MM_TYPE_FLOAT64, got;
    size_t size = mm_type_size(t), bytes = N * D * size;
    unsigned char host[MAX_BYTES], back[MAX_BYTES];
    for (int k = 0; k < N * D; ++k) put(host, t, k, k + 0.25);
    put(host, t, N * D, -7.0); /* a sentinel past the array */
    unsigned char *p = mmt_backend_alloc(ctx, bytes + size);
    mmt_backend_write(ctx, p, host, bytes + size);
    int64_t in_host = mm_context_bytes_in_use(ctx, MM_MEMORY_HOST);
    int64_t in_device = mm_context_bytes_in_use(ctx, MM_MEMORY_DEVICE);
    mm_dense X = NULL;
    MMT_OK(ctx, mm_dense_wrap(ctx, &X, N, D, t, p));
    ck_assert_ptr_eq(mm_dense_data(X), p);
    assert_counts(ctx, in_host, in_device); /* not the context's memory */
    int64_t n, d;
    MMT_OK(ctx, mm_dense_shape(X, &n, &d, &got));
    ck_assert(n == N && d == D && got == t);
    MMT_OK(ctx, mm_dense_export(X, back));
    ck_assert(memcmp(back, host, bytes) == 0);
    /* written in place, and nothing past it */
    MMT_OK(ctx, mm_dense_fill(ctx, X, 2.5));
    mmt_backend_read(ctx, back, p, bytes + size);
    for (int k = 0; k < N * D; ++k) ck_assert(get(back, t, k) == 2.5);
    ck_assert(get(back, t, N * D) == -7.0);
    mm_dense_free(&X);
    ck_assert_ptr_null(X);
    /* still the caller's: written and read after the free, then freed once */
    mmt_backend_write(ctx, p, host, bytes + size);
    mmt_backend_read(ctx, back, p, bytes + size);
    ck_assert(memcmp(back, host, bytes + size) == 0);
    assert_counts(ctx, in_host, in_device);
    mmt_backend_free(ctx, p);
    mm_context_free(&ctx);
}
END_TEST

/* A row-scaled sum of a wrapped X into a wrapped Y equals that of an
 * imported X into a new Y, bit for bit. _i: float64, float32. */
START_TEST(wrapped_arrays_compute_as_made_ones)
{
    mm_context ctx = mmt_context();
    mm_type t = _i ? MM_TYPE_FLOAT32 : MM_TYPE_FLOAT64;
    size_t bytes = N * D * mm_type_size(t);
    unsigned char x[MAX_BYTES], a[MAX_BYTES], b[MAX_BYTES];
    double wv[N];
    for (int k = 0; k < N * D; ++k) put(x, t, k, 1.0 / (k + 3));
    for (int i = 0; i < N; ++i) wv[i] = 0.1 * (i + 1);
    void *px = mmt_backend_alloc(ctx, bytes), *py = mmt_backend_alloc(ctx, bytes);
    mmt_backend_write(ctx, px, x, bytes);
    mm_dense w = NULL, Xi = NULL, Yi = NULL, Xw = NULL, Yw = NULL;
    MMT_OK(ctx, mm_dense_import(ctx, &w, N, 1, MM_TYPE_FLOAT64, wv));
    MMT_OK(ctx, mm_dense_import(ctx, &Xi, N, D, t, x));
    MMT_OK(ctx, mm_dense_new(ctx, &Yi, N, D, t));
    MMT_OK(ctx, mm_dense_wrap(ctx, &Xw, N, D, t, px));
    MMT_OK(ctx, mm_dense_wrap(ctx, &Yw, N, D, t, py));
    MMT_OK(ctx, mm_dense_scale_add(ctx, w, Xi, 0.0, Yi));
    MMT_OK(ctx, mm_dense_scale_add(ctx, w, Xw, 0.0, Yw));
    MMT_OK(ctx, mm_dense_export(Yi, a));
    mmt_backend_read(ctx, b, py, bytes);
    ck_assert(memcmp(a, b, bytes) == 0);
    mm_dense_free(&w), mm_dense_free(&Xi), mm_dense_free(&Yi);
    mm_dense_free(&Xw), mm_dense_free(&Yw);
    mmt_backend_free(ctx, px), mmt_backend_free(ctx, py);
    mm_context_free(&ctx);
}
END_TEST

/* mm_dense_data of arrays meshmat made: their values in place, read and
 * written; NULL for NULL, freed and empty arrays. */
START_TEST(dense_data_of_made_arrays)
{
    mm_context ctx = mmt_context();
    double x[N * D], back[N * D];
    for (int k = 0; k < N * D; ++k) x[k] = k * 0.5;
    mm_dense X = NULL, E = NULL;
    MMT_OK(ctx, mm_dense_import(ctx, &X, N, D, MM_TYPE_FLOAT64, x));
    void *p = mm_dense_data(X);
    ck_assert_ptr_nonnull(p);
    mmt_backend_read(ctx, back, p, sizeof x);
    ck_assert(memcmp(back, x, sizeof x) == 0);
    x[7] = -1.0;
    mmt_backend_write(ctx, p, x, sizeof x);
    MMT_OK(ctx, mm_dense_export(X, back));
    ck_assert(back[7] == -1.0);
    MMT_OK(ctx, mm_dense_new(ctx, &E, 0, D, MM_TYPE_FLOAT32));
    ck_assert_ptr_null(mm_dense_data(E));
    mm_dense copy = X;
    mm_dense_free(&X);
    ck_assert_ptr_null(mm_dense_data(copy));
    ck_assert_ptr_null(mm_dense_data(NULL));
    mm_dense_free(&E);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(wrap_refuses_bad_input)
{
    mm_context ctx = mmt_context();
    int64_t in_host = mm_context_bytes_in_use(ctx, MM_MEMORY_HOST);
    int64_t in_device = mm_context_bytes_in_use(ctx, MM_MEMORY_DEVICE);
    void *p = mmt_backend_alloc(ctx, N * D * sizeof(double));
    mm_dense X = NULL;
    ck_assert_int_eq(mm_dense_wrap(NULL, &X, N, D, MM_TYPE_FLOAT64, p), MM_ERR_INVALID_ARGUMENT);
    ck_assert_int_eq(mm_dense_wrap(ctx, NULL, N, D, MM_TYPE_FLOAT64, p), MM_ERR_INVALID_ARGUMENT);
    ck_assert_str_eq(mm_last_error(ctx), "mm_dense_wrap: X is NULL");
    ck_assert_int_eq(mm_dense_wrap(ctx, &X, N, D, MM_TYPE_FLOAT64, NULL),
                     MM_ERR_INVALID_ARGUMENT);
    ck_assert_str_eq(mm_last_error(ctx), "mm_dense_wrap: data is NULL for a 5 × 3 array");
    ck_assert_ptr_null(X);
    ck_assert_int_eq(mm_dense_wrap(ctx, &X, N, D, MM_TYPE_INT32, p), MM_ERR_INVALID_ARGUMENT);
    ck_assert_ptr_nonnull(strstr(mm_last_error(ctx), "float32 or float64"));
    ck_assert_int_eq(mm_dense_wrap(ctx, &X, N, D, MM_TYPE_PATTERN, p), MM_ERR_INVALID_ARGUMENT);
    ck_assert_int_eq(mm_dense_wrap(ctx, &X, -1, D, MM_TYPE_FLOAT64, p), MM_ERR_INVALID_ARGUMENT);
    ck_assert_ptr_nonnull(strstr(mm_last_error(ctx), "negative shape"));
    ck_assert_int_eq(mm_dense_wrap(ctx, &X, INT64_MAX / 2, D, MM_TYPE_FLOAT64, p),
                     MM_ERR_OVERFLOW);
    ck_assert_ptr_null(X);
    /* an empty array needs no data */
    MMT_OK(ctx, mm_dense_wrap(ctx, &X, 0, D, MM_TYPE_FLOAT32, NULL));
    ck_assert_ptr_null(mm_dense_data(X));
    mm_dense_free(&X);
    assert_counts(ctx, in_host, in_device);
    mmt_backend_free(ctx, p);
    mm_context_free(&ctx);
}
END_TEST

/* Every array of A read in place equals the export's; the others NULL. */
static void assert_data_is_export(mm_context ctx, mm_matrix A)
{
    mm_matrix_info in;
    MMT_OK(ctx, mm_matrix_info_get(A, &in));
    int64_t np = in.format == MM_FORMAT_CSC ? in.ncols + 1 : in.nrows + 1;
    int64_t ptr[16], eptr[16];
    uint32_t rows[16], cols[16], erows[16], ecols[16];
    double values[16], evalues[16];
    mm_matrix_arrays e = {eptr, erows, ecols, evalues};
    MMT_OK(ctx, mm_matrix_export(A, &e));
    const int64_t *p;
    const uint32_t *r, *c;
    const void *v;
    MMT_OK(ctx, mm_matrix_data(A, &p, &r, &c, &v));
    int explicit_ptr = in.format != MM_FORMAT_COO && in.uniform == 0;
    ck_assert(explicit_ptr == (p != NULL));
    ck_assert((in.format != MM_FORMAT_CSR) == (r != NULL));
    ck_assert((in.format != MM_FORMAT_CSC) == (c != NULL));
    ck_assert((in.type != MM_TYPE_PATTERN) == (v != NULL));
    size_t idx = (size_t)in.nnz * sizeof(uint32_t);
    if (p) mmt_backend_read(ctx, ptr, p, (size_t)np * sizeof *ptr);
    if (p) ck_assert(memcmp(ptr, eptr, (size_t)np * sizeof *ptr) == 0);
    if (r) mmt_backend_read(ctx, rows, r, idx);
    if (r) ck_assert(memcmp(rows, erows, idx) == 0);
    if (c) mmt_backend_read(ctx, cols, c, idx);
    if (c) ck_assert(memcmp(cols, ecols, idx) == 0);
    if (v) mmt_backend_read(ctx, values, v, (size_t)in.nnz * mm_type_size(in.type));
    if (v) ck_assert(memcmp(values, evalues, (size_t)in.nnz * mm_type_size(in.type)) == 0);
}

START_TEST(matrix_data_reads_the_arrays_in_place)
{
    mm_context ctx = mmt_context();
    /* 3 × 4: (0,0) 1, (2,0) 2, (1,1) 3, (0,3) 4, (2,3) 5 */
    static const int64_t csc_ptr[] = {0, 2, 3, 3, 5}, csr_ptr[] = {0, 2, 3, 5};
    static const uint32_t csc_rows[] = {0, 2, 1, 0, 2}, csr_cols[] = {0, 3, 1, 0, 3};
    static const uint32_t coo_rows[] = {0, 2, 1, 0, 2}, coo_cols[] = {0, 0, 1, 3, 3};
    static const double csc_v[] = {1, 2, 3, 4, 5}, csr_v[] = {1, 4, 3, 2, 5};
    const mm_matrix_arrays arrays[3] = {
        {(int64_t *)csc_ptr, (uint32_t *)csc_rows, NULL, (double *)csc_v},
        {(int64_t *)csr_ptr, NULL, (uint32_t *)csr_cols, (double *)csr_v},
        {NULL, (uint32_t *)coo_rows, (uint32_t *)coo_cols, (double *)csc_v}};
    for (int f = MM_FORMAT_CSC; f <= MM_FORMAT_COO; ++f) {
        mm_matrix A = NULL;
        MMT_OK(ctx, mm_matrix_import(ctx, &A, (mm_format)f, MM_TYPE_FLOAT64, 3, 4, 5, &arrays[f]));
        assert_data_is_export(ctx, A);
        MMT_OK(ctx, mm_matrix_data(A, NULL, NULL, NULL, NULL));
        mm_matrix_free(&A);
    }
    /* two triangles, uniform: no pointer, no values */
    static const uint32_t tris[] = {0, 1, 2, 2, 1, 3};
    mm_matrix T = NULL;
    MMT_OK(ctx, mm_matrix_import_uniform(ctx, &T, MM_FORMAT_CSC, MM_TYPE_PATTERN, 4, 2, 3, tris,
                                         NULL));
    assert_data_is_export(ctx, T);
    mm_matrix copy = T;
    mm_matrix_free(&T);
    const uint32_t *r = NULL;
    ck_assert_int_eq(mm_matrix_data(copy, NULL, &r, NULL, NULL), MM_ERR_INVALID_ARGUMENT);
    ck_assert_int_eq(mm_matrix_data(NULL, NULL, &r, NULL, NULL), MM_ERR_INVALID_ARGUMENT);
    mm_context_free(&ctx);
}
END_TEST

#ifdef MESHMAT_HAVE_CUDA
/* Host memory on CUDA is refused, pinned or not, and so is device memory on
 * the CPU; managed memory serves both. */
START_TEST(cuda_wraps_device_memory_only)
{
    mm_context gpu = mmt_context_on(MM_BACKEND_CUDA), cpu = mmt_context_on(MM_BACKEND_CPU);
    ck_assert(gpu != NULL && cpu != NULL);
    size_t bytes = N * D * sizeof(float);
    float host[N * D], *pinned = NULL, *device = NULL, *managed = NULL;
    ck_assert_int_eq(cudaMallocHost((void **)&pinned, bytes), cudaSuccess);
    ck_assert_int_eq(cudaMalloc((void **)&device, bytes), cudaSuccess);
    ck_assert_int_eq(cudaMallocManaged((void **)&managed, bytes, cudaMemAttachGlobal),
                     cudaSuccess);
    mm_dense X = NULL;
    ck_assert_int_eq(mm_dense_wrap(gpu, &X, N, D, MM_TYPE_FLOAT32, host), MM_ERR_INVALID_ARGUMENT);
    ck_assert_ptr_nonnull(strstr(mm_last_error(gpu), "mm_dense_wrap: data is host memory"));
    ck_assert_int_eq(mm_dense_wrap(gpu, &X, N, D, MM_TYPE_FLOAT32, pinned),
                     MM_ERR_INVALID_ARGUMENT);
    ck_assert_ptr_nonnull(strstr(mm_last_error(gpu), "data is host memory"));
    ck_assert_int_eq(mm_dense_wrap(cpu, &X, N, D, MM_TYPE_FLOAT32, device),
                     MM_ERR_INVALID_ARGUMENT);
    ck_assert_ptr_nonnull(strstr(mm_last_error(cpu), "data is memory of CUDA device"));
    ck_assert_ptr_null(X);
    MMT_OK(gpu, mm_dense_wrap(gpu, &X, N, D, MM_TYPE_FLOAT32, managed));
    MMT_OK(gpu, mm_dense_fill(gpu, X, 4.0));
    MMT_OK(gpu, mm_context_synchronize(gpu));
    for (int k = 0; k < N * D; ++k) ck_assert(managed[k] == 4.0f);
    mm_dense_free(&X);
    MMT_OK(cpu, mm_dense_wrap(cpu, &X, N, D, MM_TYPE_FLOAT32, managed));
    mm_dense_free(&X);
    ck_assert_int_eq(cudaFree(managed), cudaSuccess);
    ck_assert_int_eq(cudaFree(device), cudaSuccess);
    ck_assert_int_eq(cudaFreeHost(pinned), cudaSuccess);
    mm_context_free(&gpu), mm_context_free(&cpu);
}
END_TEST
#endif

int main(void)
{
    Suite *s = suite_create("dense_wrap");
    TCase *tc = tcase_create("dense_wrap");
    tcase_add_loop_test(tc, wrap_uses_the_callers_memory, 0, 2);
    tcase_add_loop_test(tc, wrapped_arrays_compute_as_made_ones, 0, 2);
    tcase_add_test(tc, dense_data_of_made_arrays);
    tcase_add_test(tc, wrap_refuses_bad_input);
    tcase_add_test(tc, matrix_data_reads_the_arrays_in_place);
    suite_add_tcase(s, tc);
    static const char cuda_checks[] = "the pointer checks against CUDA memory";
#ifdef MESHMAT_HAVE_CUDA
    if (mmt_cuda_available()) {
        TCase *cuda = tcase_create("cuda");
        tcase_add_test(cuda, cuda_wraps_device_memory_only);
        suite_add_tcase(s, cuda);
    } else {
        mmt_skip(cuda_checks, "no CUDA device");
    }
#else
    mmt_skip(cuda_checks, "meshmat was built without CUDA");
#endif
    return mmt_run(s);
}
