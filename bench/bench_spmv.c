/* bench_spmv.c: mapped SpMV on the GPU (issue #3, DESIGN §5): face points
 * f = Mᵀ_{1/c} P (eq. 3, d = 3 and d = 1, float32, a pure gather over M's
 * columns) and valences n = M_{val→1} x (eq. 10, d = 1) both through the
 * internal regrouping and as a gather over a stored Mᵀ, on quad-torus mesh
 * matrices of 1M, 4M and 16M faces, against the measured device copy bandwidth
 * and cuSPARSE SpMM / SpMV on the same matrices.
 *   usage: bench_spmv OUT_DIR   → OUT_DIR/spmv.{json,md} */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"

#ifndef MESHMAT_HAVE_CUDA
int main(void)
{
    printf("bench_spmv: skipped: no CUDA device (meshmat was built without CUDA)\n");
    return 0;
}
#else
#include <cusparse.h>

enum { WARMUP = 3, RUNS = 20, SIZES = 3, CASES = 7 };

typedef struct row {
    const char *what;
    int64_t faces, nnz;
    double ms, bytes;
} row;

typedef struct spmv_arg {
    mm_context ctx;
    mm_map map;
    mm_matrix M;
    int transpose;
    mm_dense x, y;
} spmv_arg;

static void run_spmv(void *p)
{
    spmv_arg *a = p;
    BU_MM_OK(a->ctx, mm_spmv(a->ctx, &a->map, a->M, a->transpose, a->x, a->y, 0));
}

static double time_spmv(spmv_arg *a)
{
    return bu_cuda_time_ms(run_spmv, a, WARMUP, RUNS);
}

/* cuSPARSE on the CSR of Mᵀ (|F| × |V|, values 1/4): face points by SpMM
 * (d = 3, row-major) and SpMV (d = 1), valences by a transposed SpMV (d = 1). */
typedef struct sparse_arg {
    cusparseHandle_t h;
    cusparseSpMatDescr_t A;
    cusparseDnMatDescr_t B, C;
    cusparseDnVecDescr_t P1, F1, x, y;
    void *buffer;
    int spmm, transpose;
} sparse_arg;

static void run_sparse(void *p)
{
    sparse_arg *a = p;
    float one = 1.0f, zero = 0.0f;
    if (a->spmm)
        BU_SPARSE_OK(cusparseSpMM(a->h, CUSPARSE_OPERATION_NON_TRANSPOSE,
                               CUSPARSE_OPERATION_NON_TRANSPOSE, &one, a->A, a->B, &zero, a->C,
                               CUDA_R_32F, CUSPARSE_SPMM_ALG_DEFAULT, a->buffer));
    else if (a->transpose)
        BU_SPARSE_OK(cusparseSpMV(a->h, CUSPARSE_OPERATION_TRANSPOSE, &one, a->A, a->x, &zero, a->y,
                               CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, a->buffer));
    else
        BU_SPARSE_OK(cusparseSpMV(a->h, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, a->A, a->P1, &zero,
                               a->F1, CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, a->buffer));
}

/* A failed cuSPARSE set-up leaves that peer out (its row reads n/a), not the run. */
static int sparse_try(cusparseStatus_t s, const char *what)
{
    if (s == CUSPARSE_STATUS_SUCCESS) return 1;
    fprintf(stderr, "bench_spmv: %s: %s (peer left out)\n", what, cusparseGetErrorString(s));
    return 0;
}

/* Times one cuSPARSE SpMV (a->transpose says which) into r, or leaves it NAN. */
static void time_sparse_spmv(sparse_arg *a, cusparseDnVecDescr_t x, cusparseDnVecDescr_t y,
                             row *r)
{
    float one = 1.0f, zero = 0.0f;
    size_t bytes = 0;
    cusparseOperation_t op =
        a->transpose ? CUSPARSE_OPERATION_TRANSPOSE : CUSPARSE_OPERATION_NON_TRANSPOSE;
    r->ms = NAN;
    if (!sparse_try(cusparseSpMV_bufferSize(a->h, op, &one, a->A, x, &zero, y, CUDA_R_32F,
                                            CUSPARSE_SPMV_ALG_DEFAULT, &bytes),
                    "cusparseSpMV_bufferSize"))
        return;
    BU_CUDA_OK(cudaMalloc(&a->buffer, bytes + 1));
    r->ms = bu_cuda_time_ms(run_sparse, a, WARMUP, RUNS);
    BU_CUDA_OK(cudaFree(a->buffer));
}

static void time_cusparse(int64_t nf, int64_t nv, const uint32_t *fv, row *face, row *face1,
                          row *valence)
{
    int64_t nnz = 4 * nf;
    int32_t *ptr = malloc((size_t)(nf + 1) * 4);
    float *vals = malloc((size_t)nnz * 4);
    for (int64_t f = 0; f <= nf; ++f) ptr[f] = (int32_t)(4 * f);
    for (int64_t k = 0; k < nnz; ++k) vals[k] = 0.25f;
    void *d_ptr, *d_idx, *d_vals, *d_P, *d_F, *d_x, *d_y;
    BU_CUDA_OK(cudaMalloc(&d_ptr, (size_t)(nf + 1) * 4));
    BU_CUDA_OK(cudaMalloc(&d_idx, (size_t)nnz * 4));
    BU_CUDA_OK(cudaMalloc(&d_vals, (size_t)nnz * 4));
    BU_CUDA_OK(cudaMalloc(&d_P, (size_t)nv * 12));
    BU_CUDA_OK(cudaMalloc(&d_F, (size_t)nf * 12));
    BU_CUDA_OK(cudaMalloc(&d_x, (size_t)nf * 4));
    BU_CUDA_OK(cudaMalloc(&d_y, (size_t)nv * 4));
    BU_CUDA_OK(cudaMemcpy(d_ptr, ptr, (size_t)(nf + 1) * 4, cudaMemcpyHostToDevice));
    BU_CUDA_OK(cudaMemcpy(d_idx, fv, (size_t)nnz * 4, cudaMemcpyHostToDevice));
    BU_CUDA_OK(cudaMemcpy(d_vals, vals, (size_t)nnz * 4, cudaMemcpyHostToDevice));
    BU_CUDA_OK(cudaMemset(d_P, 0, (size_t)nv * 12));
    BU_CUDA_OK(cudaMemset(d_x, 0, (size_t)nf * 4));
    sparse_arg a;
    memset(&a, 0, sizeof a);
    float one = 1.0f, zero = 0.0f;
    size_t bytes = 0;
    BU_SPARSE_OK(cusparseCreate(&a.h));
    BU_SPARSE_OK(cusparseCreateCsr(&a.A, nf, nv, nnz, d_ptr, d_idx, d_vals, CUSPARSE_INDEX_32I,
                                CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
    BU_SPARSE_OK(cusparseCreateDnMat(&a.B, nv, 3, 3, d_P, CUDA_R_32F, CUSPARSE_ORDER_ROW));
    BU_SPARSE_OK(cusparseCreateDnMat(&a.C, nf, 3, 3, d_F, CUDA_R_32F, CUSPARSE_ORDER_ROW));
    BU_SPARSE_OK(cusparseCreateDnVec(&a.x, nf, d_x, CUDA_R_32F));
    BU_SPARSE_OK(cusparseCreateDnVec(&a.y, nv, d_y, CUDA_R_32F));
    BU_SPARSE_OK(cusparseCreateDnVec(&a.P1, nv, d_P, CUDA_R_32F));
    BU_SPARSE_OK(cusparseCreateDnVec(&a.F1, nf, d_F, CUDA_R_32F));
    a.spmm = 1;
    face->ms = NAN;
    if (sparse_try(cusparseSpMM_bufferSize(a.h, CUSPARSE_OPERATION_NON_TRANSPOSE,
                                           CUSPARSE_OPERATION_NON_TRANSPOSE, &one, a.A, a.B, &zero,
                                           a.C, CUDA_R_32F, CUSPARSE_SPMM_ALG_DEFAULT, &bytes),
                   "cusparseSpMM_bufferSize")) {
        BU_CUDA_OK(cudaMalloc(&a.buffer, bytes + 1));
        face->ms = bu_cuda_time_ms(run_sparse, &a, WARMUP, RUNS);
        BU_CUDA_OK(cudaFree(a.buffer));
    }
    a.spmm = 0;
    time_sparse_spmv(&a, a.P1, a.F1, face1);
    a.transpose = 1;
    time_sparse_spmv(&a, a.x, a.y, valence);
    cusparseDestroySpMat(a.A), cusparseDestroyDnMat(a.B), cusparseDestroyDnMat(a.C);
    cusparseDestroyDnVec(a.x), cusparseDestroyDnVec(a.y);
    cusparseDestroyDnVec(a.P1), cusparseDestroyDnVec(a.F1), cusparseDestroy(a.h);
    void *d[] = {d_ptr, d_idx, d_vals, d_P, d_F, d_x, d_y};
    for (int k = 0; k < 7; ++k) BU_CUDA_OK(cudaFree(d[k]));
    free(ptr), free(vals);
}

/* The n × n quad torus: vertex (i, j) = j n + i, face (i, j) = its corner with
 * the next i and j, counter-clockwise, wrapping around. */
static void torus(int64_t n, uint32_t *fv, float *pos)
{
    for (int64_t j = 0; j < n; ++j)
        for (int64_t i = 0; i < n; ++i) {
            int64_t f = j * n + i, i1 = (i + 1) % n, j1 = (j + 1) % n;
            fv[4 * f] = (uint32_t)(j * n + i), fv[4 * f + 1] = (uint32_t)(j * n + i1);
            fv[4 * f + 2] = (uint32_t)(j1 * n + i1), fv[4 * f + 3] = (uint32_t)(j1 * n + i);
            pos[3 * f] = (float)i, pos[3 * f + 1] = (float)j, pos[3 * f + 2] = (float)((i ^ j) & 7);
        }
}

/* Times the CASES cases on the n × n torus into rows[0 … CASES - 1]. */
static void bench_size(mm_context ctx, int64_t n, row *rows)
{
    int64_t nf = n * n, nv = n * n, nnz = 4 * nf;
    uint32_t *fv = malloc((size_t)nnz * 4);
    float *pos = malloc((size_t)nv * 12);
    torus(n, fv, pos);
    mm_mesh_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.num_vertices = nv, desc.dim = 3, desc.vertex_type = MM_TYPE_FLOAT32, desc.vertices = pos;
    desc.num_faces = nf, desc.face_order = 4, desc.face_vertices = fv;
    mm_mesh mesh = NULL;
    BU_MM_OK(ctx, mm_mesh_new(ctx, &mesh, &desc));
    mm_matrix M = mm_mesh_matrix(mesh), Mt = NULL;
    spmv_arg a = {ctx, {.kind = MM_MAP_INV_COUNT}, M, 1, mm_mesh_vertices(mesh), NULL};
    /* Minimal bytes: indices once, x once, y once (M's pointer is implicit,
     * a stored Mᵀ's is not). */
    double face_bytes = 4.0 * (double)nnz + 12.0 * (double)nv + 12.0 * (double)nf;
    double scalar_bytes = 4.0 * (double)nnz + 4.0 * (double)nf + 4.0 * (double)nv;
    double ptr_bytes = 8.0 * (double)(nv + 1);
    BU_MM_OK(ctx, mm_dense_new(ctx, &a.y, nf, 3, MM_TYPE_FLOAT32));
    rows[0] = (row){"meshmat f = Mᵀ_{1/c} P (d=3)", nf, nnz, time_spmv(&a), face_bytes};
    mm_dense_free(&a.y);
    BU_MM_OK(ctx, mm_dense_new(ctx, &a.x, nv, 1, MM_TYPE_FLOAT32));
    BU_MM_OK(ctx, mm_dense_new(ctx, &a.y, nf, 1, MM_TYPE_FLOAT32));
    rows[2] = (row){"meshmat f = Mᵀ_{1/c} x (d=1)", nf, nnz, time_spmv(&a), scalar_bytes};
    mm_dense_free(&a.x), mm_dense_free(&a.y);
    a.map.kind = MM_MAP_ONE, a.transpose = 0;
    BU_MM_OK(ctx, mm_dense_new(ctx, &a.x, nf, 1, MM_TYPE_FLOAT32));
    BU_MM_OK(ctx, mm_dense_new(ctx, &a.y, nv, 1, MM_TYPE_FLOAT32));
    rows[4] = (row){"meshmat n = M_{1} x, regrouped (d=1)", nf, nnz, time_spmv(&a),
                    scalar_bytes};
    BU_MM_OK(ctx, mm_matrix_transpose(ctx, M, &Mt));
    a.M = Mt, a.transpose = 1;
    rows[5] = (row){"meshmat n = (Mᵀ)ᵀ_{1} x, stored Mᵀ (d=1)", nf, nnz, time_spmv(&a),
                    scalar_bytes + ptr_bytes};
    mm_dense_free(&a.x), mm_dense_free(&a.y), mm_matrix_free(&Mt);
    mm_mesh_free(&mesh);
    rows[1] = (row){"cuSPARSE SpMM Mᵀ P (d=3)", nf, nnz, 0, face_bytes};
    rows[3] = (row){"cuSPARSE SpMV Mᵀ x (d=1)", nf, nnz, 0, scalar_bytes};
    rows[6] = (row){"cuSPARSE SpMV (Mᵀ)ᵀ x (d=1)", nf, nnz, 0, scalar_bytes};
    time_cusparse(nf, nv, fv, &rows[1], &rows[3], &rows[6]);
    free(fv), free(pos);
}

static void write_results(const char *dir, const char *device, const char *date, double copy,
                          const row *rows, int nrows)
{
    FILE *j = bu_open_result(dir, "spmv.json"), *m = bu_open_result(dir, "spmv.md");
    fprintf(j, "{\n  \"device\": \"%s\",\n  \"date\": \"%s\",\n  \"copy_GBps\": %.1f,\n"
               "  \"runs\": %d,\n  \"rows\": [\n", device, date, copy, RUNS);
    fprintf(m, "# Mapped SpMV (bench/bench_spmv.c)\n\n%s, %s. Device copy bandwidth %.0f GB/s "
               "(read + write). Median of %d runs after %d warm-ups; GB/s counts the minimal "
               "bytes (indices, x and y once each).\n\n"
               "| case | faces | nnz | ms | GB/s | of copy |\n|---|---:|---:|---:|---:|---:|\n",
            device, date, copy, RUNS, WARMUP);
    for (int r = 0; r < nrows; ++r) {
        double gbps = rows[r].bytes / (rows[r].ms * 1e6);
        const char *sep = r + 1 < nrows ? "," : "";
        fprintf(j, "    {\"case\": \"%s\", \"faces\": %lld, \"nnz\": %lld, ", rows[r].what,
                (long long)rows[r].faces, (long long)rows[r].nnz);
        if (isnan(rows[r].ms)) {
            fprintf(j, "\"ms\": null, \"GBps\": null, \"fraction_of_copy\": null}%s\n", sep);
            fprintf(m, "| %s | %lld | %lld | n/a | n/a | n/a |\n", rows[r].what,
                    (long long)rows[r].faces, (long long)rows[r].nnz);
            continue;
        }
        fprintf(j, "\"ms\": %.4f, \"GBps\": %.1f, \"fraction_of_copy\": %.3f}%s\n", rows[r].ms,
                gbps, gbps / copy, sep);
        fprintf(m, "| %s | %lld | %lld | %.3f | %.0f | %.0f%% |\n", rows[r].what,
                (long long)rows[r].faces, (long long)rows[r].nnz, rows[r].ms, gbps,
                100.0 * gbps / copy);
        printf("%-40s faces %9lld  %8.3f ms  %7.0f GB/s  %5.1f%% of copy\n", rows[r].what,
               (long long)rows[r].faces, rows[r].ms, gbps, 100.0 * gbps / copy);
    }
    fprintf(j, "  ]\n}\n");
    fclose(j);
    fclose(m);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: bench_spmv OUT_DIR\n");
        return 2;
    }
    if (!mm_cuda_available()) {
        printf("bench_spmv: skipped: no CUDA device\n");
        return 0;
    }
    mm_context_options o = mm_context_options_default();
    o.backend = MM_BACKEND_CUDA;
    mm_context ctx = NULL;
    if (mm_context_new(&ctx, &o) != MM_OK) {
        printf("bench_spmv: skipped: no CUDA device\n");
        return 0;
    }
    char date[32];
    bu_date(date, sizeof date);
    double copy = bu_copy_bandwidth_GBps();
    printf("device %s, copy bandwidth %.0f GB/s\n", mm_context_device_name(ctx), copy);
    row rows[SIZES * CASES];
    const int64_t sizes[SIZES] = {1024, 2048, 4096};
    for (int s = 0; s < SIZES; ++s) bench_size(ctx, sizes[s], rows + CASES * s);
    write_results(argv[1], mm_context_device_name(ctx), date, copy, rows, SIZES * CASES);
    mm_context_free(&ctx);
    return 0;
}
#endif
