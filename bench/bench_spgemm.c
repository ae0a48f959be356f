/* bench_spgemm.c: mapped SpGEMM on the GPU against cuSPARSE (issue #3): the
 * edge matrix E = M Mᵀ {Q_c + Q_c^{c-1}} [τ] (eq. 4, lower mask) and the plain
 * product M Mᵀ through mm_spgemm, and cuSPARSE SpGEMM (CSR float32) computing
 * the plain product of the same matrices, on n × n quad grid-tori.
 *   usage: bench_spgemm OUT_DIR [max_n] [runs]  → OUT_DIR/spgemm.{json,md}
 * n runs over 1024, 2048, 4096, 5504 (1M, 4M, 16M, 30M faces) up to max_n
 * (5504); each time is the median of `runs` (20) after a warm-up. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_median.h"
#include "meshmat.h"

#ifndef MESHMAT_HAVE_CUDA
int main(void)
{
    printf("skipped: no CUDA device\n");
    return 0;
}
#else
#include <cuda_runtime.h>
#include <cusparse.h>

#define CUDA_OK(x)                                                                         \
    do {                                                                                   \
        cudaError_t e_ = (x);                                                              \
        if (e_ != cudaSuccess) {                                                           \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); \
            exit(1);                                                                       \
        }                                                                                  \
    } while (0)
#define SPARSE_OK(x)                                                                       \
    do {                                                                                   \
        cusparseStatus_t s_ = (x);                                                         \
        if (s_ != CUSPARSE_STATUS_SUCCESS) {                                               \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x,                    \
                    cusparseGetErrorString(s_));                                           \
            exit(1);                                                                       \
        }                                                                                  \
    } while (0)
#define MM_OK(ctx, x)                                                                      \
    do {                                                                                   \
        mm_status m_ = (x);                                                                \
        if (m_ != MM_OK) {                                                                 \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, mm_last_error(ctx)); \
            exit(1);                                                                       \
        }                                                                                  \
    } while (0)

#define MAX_RUNS 64

static float elapsed(cudaEvent_t a, cudaEvent_t b)
{
    float ms = 0.0f;
    CUDA_OK(cudaEventElapsedTime(&ms, a, b));
    return ms;
}

/* The n × n quad torus: vertex (x, y) is y·n + x, face (x, y) is
 * ((x,y), (x+1,y), (x+1,y+1), (x,y+1)) with wrap-around: every vertex has valence 4. */
static mm_mesh torus(mm_context ctx, int64_t n)
{
    int64_t nv = n * n;
    float *xyz = calloc((size_t)(3 * nv), sizeof *xyz);
    uint32_t *fv = malloc((size_t)(4 * nv) * sizeof *fv);
    if (xyz == NULL || fv == NULL) exit(1);
    for (int64_t y = 0; y < n; ++y)
        for (int64_t x = 0; x < n; ++x) {
            int64_t f = y * n + x, x1 = (x + 1) % n, y1 = (y + 1) % n;
            xyz[3 * f] = (float)x;
            xyz[3 * f + 1] = (float)y;
            fv[4 * f] = (uint32_t)(y * n + x);
            fv[4 * f + 1] = (uint32_t)(y * n + x1);
            fv[4 * f + 2] = (uint32_t)(y1 * n + x1);
            fv[4 * f + 3] = (uint32_t)(y1 * n + x);
        }
    mm_mesh_desc d;
    memset(&d, 0, sizeof d);
    d.num_vertices = nv;
    d.dim = 3;
    d.vertex_type = MM_TYPE_FLOAT32;
    d.vertices = xyz;
    d.num_faces = nv;
    d.face_order = 4;
    d.face_vertices = fv;
    mm_mesh mesh = NULL;
    MM_OK(ctx, mm_mesh_new(ctx, &mesh, &d));
    free(xyz);
    free(fv);
    return mesh;
}

/* A CSC matrix read back as the CSR of its transpose (int32 indices, float32
 * ones) in device memory, for cuSPARSE. */
typedef struct csr32 {
    int64_t rows, cols, nnz;
    int32_t *d_ptr, *d_idx;
    float *d_val;
} csr32;

static csr32 csr_of_transpose(mm_context ctx, mm_matrix X)
{
    mm_matrix_info info;
    MM_OK(ctx, mm_matrix_info_get(X, &info));
    int64_t *ptr = malloc((size_t)(info.ncols + 1) * sizeof *ptr);
    uint32_t *idx = malloc((size_t)info.nnz * sizeof *idx);
    void *vals = malloc((size_t)info.nnz * (mm_type_size(info.type) + 1));
    int32_t *ptr32 = malloc((size_t)(info.ncols + 1) * sizeof *ptr32);
    float *ones = malloc((size_t)info.nnz * sizeof *ones);
    if (ptr == NULL || idx == NULL || vals == NULL || ptr32 == NULL || ones == NULL) exit(1);
    mm_matrix_arrays out = {ptr, idx, NULL, vals};
    MM_OK(ctx, mm_matrix_export(X, &out));
    for (int64_t j = 0; j <= info.ncols; ++j) ptr32[j] = (int32_t)ptr[j];
    for (int64_t e = 0; e < info.nnz; ++e) ones[e] = 1.0f;
    csr32 c = {info.ncols, info.nrows, info.nnz, NULL, NULL, NULL};
    CUDA_OK(cudaMalloc((void **)&c.d_ptr, (size_t)(c.rows + 1) * sizeof(int32_t)));
    CUDA_OK(cudaMalloc((void **)&c.d_idx, (size_t)c.nnz * sizeof(int32_t)));
    CUDA_OK(cudaMalloc((void **)&c.d_val, (size_t)c.nnz * sizeof(float)));
    CUDA_OK(cudaMemcpy(c.d_ptr, ptr32, (size_t)(c.rows + 1) * sizeof(int32_t),
                       cudaMemcpyHostToDevice));
    CUDA_OK(cudaMemcpy(c.d_idx, idx, (size_t)c.nnz * sizeof(int32_t), cudaMemcpyHostToDevice));
    CUDA_OK(cudaMemcpy(c.d_val, ones, (size_t)c.nnz * sizeof(float), cudaMemcpyHostToDevice));
    free(ptr);
    free(idx);
    free(vals);
    free(ptr32);
    free(ones);
    return c;
}

static void csr_free(csr32 *c)
{
    cudaFree(c->d_ptr);
    cudaFree(c->d_idx);
    cudaFree(c->d_val);
}

/* Median ms of mm_spgemm(op, M, Mt) over runs after one warm-up; *nnz gets nnz(C). */
static double time_meshmat(mm_context ctx, const mm_spgemm_op *op, mm_matrix M, mm_matrix Mt,
                           int runs, int64_t *nnz, int64_t *peak)
{
    double t[MAX_RUNS];
    cudaEvent_t a, b;
    CUDA_OK(cudaEventCreate(&a));
    CUDA_OK(cudaEventCreate(&b));
    mm_context_reset_peak(ctx);
    for (int r = -1; r < runs; ++r) {
        mm_matrix C = NULL;
        CUDA_OK(cudaDeviceSynchronize());
        CUDA_OK(cudaEventRecord(a, 0));
        MM_OK(ctx, mm_spgemm(ctx, op, M, Mt, &C));
        CUDA_OK(cudaEventRecord(b, 0));
        CUDA_OK(cudaEventSynchronize(b));
        if (r >= 0) t[r] = elapsed(a, b);
        mm_matrix_info info;
        MM_OK(ctx, mm_matrix_info_get(C, &info));
        *nnz = info.nnz;
        mm_matrix_free(&C);
    }
    *peak = mm_context_peak_bytes(ctx, MM_MEMORY_DEVICE);
    cudaEventDestroy(a);
    cudaEventDestroy(b);
    return median(t, runs);
}

/* cuSPARSE C = A B as a user runs it (descriptors, buffer queries and
 * allocations, work estimation, compute, copy); median ms over runs after a
 * warm-up, *compute_ms the median of the compute and copy calls alone. */
static double time_cusparse(const csr32 *A, const csr32 *B, int runs, int64_t *nnz,
                            double *compute_ms)
{
    double t[MAX_RUNS], tc[MAX_RUNS];
    cudaEvent_t ev[5];
    for (int e = 0; e < 5; ++e) CUDA_OK(cudaEventCreate(&ev[e]));
    cusparseHandle_t h;
    SPARSE_OK(cusparseCreate(&h));
    float alpha = 1.0f, beta = 0.0f;
    cusparseOperation_t op = CUSPARSE_OPERATION_NON_TRANSPOSE;
    for (int r = -1; r < runs; ++r) {
        cusparseSpMatDescr_t a, b, c;
        cusparseSpGEMMDescr_t desc;
        void *buf1 = NULL, *buf2 = NULL;
        size_t size1 = 0, size2 = 0;
        int32_t *c_ptr = NULL, *c_idx = NULL;
        float *c_val = NULL;
        int64_t rows, cols, c_nnz;
        CUDA_OK(cudaDeviceSynchronize());
        CUDA_OK(cudaEventRecord(ev[0], 0));
        SPARSE_OK(cusparseCreateCsr(&a, A->rows, A->cols, A->nnz, A->d_ptr, A->d_idx, A->d_val,
                                    CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                                    CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
        SPARSE_OK(cusparseCreateCsr(&b, B->rows, B->cols, B->nnz, B->d_ptr, B->d_idx, B->d_val,
                                    CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                                    CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
        SPARSE_OK(cusparseCreateCsr(&c, A->rows, B->cols, 0, NULL, NULL, NULL, CUSPARSE_INDEX_32I,
                                    CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
        CUDA_OK(cudaMalloc((void **)&c_ptr, (size_t)(A->rows + 1) * sizeof(int32_t)));
        SPARSE_OK(cusparseSpGEMM_createDescr(&desc));
        SPARSE_OK(cusparseSpGEMM_workEstimation(h, op, op, &alpha, a, b, &beta, c, CUDA_R_32F,
                                                CUSPARSE_SPGEMM_DEFAULT, desc, &size1, NULL));
        CUDA_OK(cudaMalloc(&buf1, size1));
        SPARSE_OK(cusparseSpGEMM_workEstimation(h, op, op, &alpha, a, b, &beta, c, CUDA_R_32F,
                                                CUSPARSE_SPGEMM_DEFAULT, desc, &size1, buf1));
        SPARSE_OK(cusparseSpGEMM_compute(h, op, op, &alpha, a, b, &beta, c, CUDA_R_32F,
                                         CUSPARSE_SPGEMM_DEFAULT, desc, &size2, NULL));
        CUDA_OK(cudaMalloc(&buf2, size2));
        CUDA_OK(cudaEventRecord(ev[1], 0));
        SPARSE_OK(cusparseSpGEMM_compute(h, op, op, &alpha, a, b, &beta, c, CUDA_R_32F,
                                         CUSPARSE_SPGEMM_DEFAULT, desc, &size2, buf2));
        CUDA_OK(cudaEventRecord(ev[2], 0));
        SPARSE_OK(cusparseSpMatGetSize(c, &rows, &cols, &c_nnz));
        CUDA_OK(cudaMalloc((void **)&c_idx, (size_t)c_nnz * sizeof(int32_t)));
        CUDA_OK(cudaMalloc((void **)&c_val, (size_t)c_nnz * sizeof(float)));
        SPARSE_OK(cusparseCsrSetPointers(c, c_ptr, c_idx, c_val));
        CUDA_OK(cudaEventRecord(ev[3], 0));
        SPARSE_OK(cusparseSpGEMM_copy(h, op, op, &alpha, a, b, &beta, c, CUDA_R_32F,
                                      CUSPARSE_SPGEMM_DEFAULT, desc));
        CUDA_OK(cudaEventRecord(ev[4], 0));
        CUDA_OK(cudaEventSynchronize(ev[4]));
        if (r >= 0) {
            t[r] = elapsed(ev[0], ev[4]);
            tc[r] = elapsed(ev[1], ev[2]) + elapsed(ev[3], ev[4]);
        }
        *nnz = c_nnz;
        SPARSE_OK(cusparseSpGEMM_destroyDescr(desc));
        SPARSE_OK(cusparseDestroySpMat(a));
        SPARSE_OK(cusparseDestroySpMat(b));
        SPARSE_OK(cusparseDestroySpMat(c));
        cudaFree(buf1);
        cudaFree(buf2);
        cudaFree(c_ptr);
        cudaFree(c_idx);
        cudaFree(c_val);
    }
    SPARSE_OK(cusparseDestroy(h));
    for (int e = 0; e < 5; ++e) cudaEventDestroy(ev[e]);
    *compute_ms = median(tc, runs);
    return median(t, runs);
}

typedef struct row {
    int64_t n, faces, nnz_e, nnz_plain, nnz_cusparse, peak_e;
    double e_ms, plain_ms, cusparse_ms, cusparse_compute_ms;
} row;

static int report(const char *dir, const char *device, const char *date, int runs,
                  const row *rows, int count)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/spgemm.json", dir);
    FILE *j = fopen(path, "w");
    if (j == NULL) return -1;
    fprintf(j, "{\n  \"benchmark\": \"spgemm\",\n  \"device\": \"%s\",\n  \"date\": \"%s\",\n"
               "  \"runs\": %d,\n  \"meshes\": [\n", device, date, runs);
    for (int i = 0; i < count; ++i) {
        const row *r = &rows[i];
        fprintf(j,
                "    {\"torus_n\": %lld, \"faces\": %lld, \"nnz_E_lower\": %lld, "
                "\"mapped_E_ms\": %.3f, \"mapped_E_peak_device_bytes\": %lld, "
                "\"nnz_plain\": %lld, \"mapped_plain_ms\": %.3f, \"nnz_cusparse\": %lld, "
                "\"cusparse_ms\": %.3f, \"cusparse_compute_ms\": %.3f, "
                "\"speedup_E_vs_cusparse\": %.2f, \"speedup_plain_vs_cusparse\": %.2f}%s\n",
                (long long)r->n, (long long)r->faces, (long long)r->nnz_e, r->e_ms,
                (long long)r->peak_e, (long long)r->nnz_plain, r->plain_ms,
                (long long)r->nnz_cusparse, r->cusparse_ms, r->cusparse_compute_ms,
                r->cusparse_ms / r->e_ms, r->cusparse_ms / r->plain_ms, i + 1 < count ? "," : "");
    }
    fprintf(j, "  ]\n}\n");
    int bad = fclose(j) != 0;
    snprintf(path, sizeof path, "%s/spgemm.md", dir);
    FILE *m = fopen(path, "w");
    if (m == NULL) return -1;
    fprintf(m,
            "# Mapped SpGEMM vs cuSPARSE\n\n"
            "Device: %s. Date: %s. Quad grid-tori (n × n faces, valence 4). Median of %d runs "
            "after a warm-up, CUDA events. `E` = M Mᵀ {Q_c + Q_c^{c-1}} [τ] with the lower "
            "mask (INT32, eq. 4); `plain` = mm_spgemm computing M Mᵀ (map ONE, FLOAT32); "
            "cuSPARSE computes the same plain product (CSR, float32) including descriptor "
            "set-up, buffer queries and allocations; its compute column is the compute and "
            "copy calls alone. Speed-up = cuSPARSE total / mapped E.\n\n"
            "| faces | nnz(E lower) | E ms | E peak MB | nnz(M Mᵀ) | plain ms | cuSPARSE ms | "
            "cuSPARSE compute ms | speed-up E | speed-up plain |\n"
            "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
            device, date, runs);
    for (int i = 0; i < count; ++i) {
        const row *r = &rows[i];
        fprintf(m, "| %lld | %lld | %.2f | %.0f | %lld | %.2f | %.2f | %.2f | %.2f× | %.2f× |\n",
                (long long)r->faces, (long long)r->nnz_e, r->e_ms, (double)r->peak_e / 1e6,
                (long long)r->nnz_plain, r->plain_ms, r->cusparse_ms, r->cusparse_compute_ms,
                r->cusparse_ms / r->e_ms, r->cusparse_ms / r->plain_ms);
    }
    bad |= fclose(m) != 0;
    return bad ? -1 : 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: bench_spgemm OUT_DIR [max_n] [runs]\n");
        return 2;
    }
    if (!mm_cuda_available()) {
        printf("skipped: no CUDA device\n");
        return 0;
    }
    int64_t max_n = argc > 2 ? atoll(argv[2]) : 5504;
    int runs = argc > 3 ? atoi(argv[3]) : 20;
    if (runs < 5) runs = 5;
    if (runs > MAX_RUNS) runs = MAX_RUNS;
    mm_context ctx = NULL;
    mm_context_options o = mm_context_options_default();
    o.backend = MM_BACKEND_CUDA;
    if (mm_context_new(&ctx, &o) != MM_OK) {
        printf("skipped: no CUDA device\n");
        return 0;
    }
    const mm_spgemm_op edge_op = {{MM_MAP_CIRCULANT, NULL, 0, {1, -1}, 2, NULL, NULL, NULL},
                                  {MM_LAMBDA_COUNT, NULL, NULL, NULL}, MM_REDUCE_SUM, MM_MASK_LOWER,
                                  MM_TYPE_INT32};
    const mm_spgemm_op plain_op = {{MM_MAP_ONE, NULL, 0, {0}, 0, NULL, NULL, NULL},
                                   {MM_LAMBDA_MAP, NULL, NULL, NULL}, MM_REDUCE_SUM, MM_MASK_NONE,
                                   MM_TYPE_FLOAT32};
    static const int64_t sizes[] = {1024, 2048, 4096, 5504};
    enum { SIZES = sizeof sizes / sizeof sizes[0] };
    row rows[SIZES];
    int count = 0;
    for (; count < SIZES && sizes[count] <= max_n; ++count) {
        int64_t n = sizes[count];
        mm_mesh mesh = torus(ctx, n);
        mm_matrix M = mm_mesh_matrix(mesh), Mt = NULL;
        MM_OK(ctx, mm_matrix_transpose(ctx, M, &Mt));
        row *r = &rows[count];
        r->n = n;
        r->faces = n * n;
        r->e_ms = time_meshmat(ctx, &edge_op, M, Mt, runs, &r->nnz_e, &r->peak_e);
        int64_t peak;
        r->plain_ms = time_meshmat(ctx, &plain_op, M, Mt, runs, &r->nnz_plain, &peak);
        /* CSR of M is the CSC of Mᵀ read across, and the other way round. */
        csr32 A = csr_of_transpose(ctx, Mt), B = csr_of_transpose(ctx, M);
        r->cusparse_ms = time_cusparse(&A, &B, runs, &r->nnz_cusparse, &r->cusparse_compute_ms);
        csr_free(&A);
        csr_free(&B);
        if (r->nnz_plain != r->nnz_cusparse) {
            fprintf(stderr, "n %lld: nnz(M Mᵀ) is %lld from mm_spgemm but %lld from cuSPARSE\n",
                    (long long)n, (long long)r->nnz_plain, (long long)r->nnz_cusparse);
            return 1;
        }
        printf("n %lld: faces %lld, E %.2f ms (nnz %lld), plain %.2f ms (nnz %lld), cuSPARSE "
               "%.2f ms (compute %.2f, nnz %lld)\n",
               (long long)n, (long long)r->faces, r->e_ms, (long long)r->nnz_e, r->plain_ms,
               (long long)r->nnz_plain, r->cusparse_ms, r->cusparse_compute_ms,
               (long long)r->nnz_cusparse);
        fflush(stdout);
        mm_matrix_free(&Mt);
        mm_mesh_free(&mesh);
    }
    char date[64];
    time_t now = time(NULL);
    strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", gmtime(&now));
    int bad = report(argv[1], mm_context_device_name(ctx), date, runs, rows, count);
    mm_context_free(&ctx);
    return bad ? 1 : 0;
}
#endif
