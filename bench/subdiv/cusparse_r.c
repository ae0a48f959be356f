/* cusparse_r.c: cuSPARSE SpMM on meshmat's composite subdivision matrix R
 * (cusparse_r.h). R is exported to the host and uploaded as cuSPARSE's CSR
 * (int32 indices when they fit, else int64; float32 values), X0 as a
 * row-major |V_0| × 3 matrix. */
#include "cusparse_r.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bench_util.h"
#include "measure.h"

#include <cusparse.h>

typedef struct spmm {
    cusparseHandle_t h;
    cusparseSpMatDescr_t R;
    cusparseDnMatDescr_t X, Y;
    void *buffer;
} spmm;

static mm_status run_spmm(void *p)
{
    spmm *a = p;
    float one = 1.0f, zero = 0.0f;
    cusparseStatus_t st = cusparseSpMM(a->h, CUSPARSE_OPERATION_NON_TRANSPOSE,
                                       CUSPARSE_OPERATION_NON_TRANSPOSE, &one, a->R, a->X, &zero,
                                       a->Y, CUDA_R_32F, CUSPARSE_SPMM_ALG_DEFAULT, a->buffer);
    return st == CUSPARSE_STATUS_SUCCESS ? MM_OK : MM_ERR_CUDA;
}

static void release_nothing(void *p)
{
    (void)p;
}

/* Device copies of R's CSR arrays: ptr and cols in 32 or 64 bits, values float32. */
typedef struct device_csr {
    int64_t rows, cols, nnz;
    int wide;
    void *ptr, *idx, *val;
} device_csr;

/* Uploads R; 0, or −1 with rec's message set. */
static int upload(mm_context ctx, mm_matrix R, device_csr *d, sd_record *rec)
{
    mm_matrix_info info;
    if (mm_matrix_info_get(R, &info) != MM_OK || info.format != MM_FORMAT_CSR ||
        (info.type != MM_TYPE_FLOAT32 && info.type != MM_TYPE_FLOAT64)) {
        snprintf(rec->message, sizeof rec->message, "R is not a float CSR matrix");
        return -1;
    }
    int64_t *ptr = malloc((size_t)(info.nrows + 1) * sizeof *ptr);
    uint32_t *cols = malloc((size_t)info.nnz * sizeof *cols);
    double *vals = malloc((size_t)info.nnz * sizeof *vals);
    float *val32 = malloc((size_t)info.nnz * sizeof *val32);
    d->rows = info.nrows, d->cols = info.ncols, d->nnz = info.nnz;
    d->wide = info.nnz >= INT32_MAX;
    size_t isz = d->wide ? 8 : 4;
    void *ptr_out = malloc((size_t)(info.nrows + 1) * isz);
    void *idx_out = malloc((size_t)info.nnz * isz);
    if (!ptr || !cols || !vals || !val32 || !ptr_out || !idx_out) exit(1);
    mm_matrix_arrays h = {ptr, NULL, cols, vals};
    BU_MM_OK(ctx, mm_matrix_export(R, &h));
    for (int64_t k = 0; k < info.nnz; ++k) {
        val32[k] = info.type == MM_TYPE_FLOAT32 ? ((float *)vals)[k] : (float)vals[k];
        if (d->wide)
            ((int64_t *)idx_out)[k] = cols[k];
        else
            ((int32_t *)idx_out)[k] = (int32_t)cols[k];
    }
    for (int64_t r = 0; r <= info.nrows; ++r) {
        if (d->wide)
            ((int64_t *)ptr_out)[r] = ptr[r];
        else
            ((int32_t *)ptr_out)[r] = (int32_t)ptr[r];
    }
    BU_CUDA_OK(cudaMalloc(&d->ptr, (size_t)(info.nrows + 1) * isz));
    BU_CUDA_OK(cudaMalloc(&d->idx, (size_t)info.nnz * isz));
    BU_CUDA_OK(cudaMalloc(&d->val, (size_t)info.nnz * sizeof(float)));
    BU_CUDA_OK(cudaMemcpy(d->ptr, ptr_out, (size_t)(info.nrows + 1) * isz,
                          cudaMemcpyHostToDevice));
    BU_CUDA_OK(cudaMemcpy(d->idx, idx_out, (size_t)info.nnz * isz, cudaMemcpyHostToDevice));
    BU_CUDA_OK(cudaMemcpy(d->val, val32, (size_t)info.nnz * sizeof(float),
                          cudaMemcpyHostToDevice));
    free(ptr), free(cols), free(vals), free(val32), free(ptr_out), free(idx_out);
    return 0;
}

/* The largest |Y − XL| over all entries (Y on the device, row-major). */
static double max_difference(const float *d_Y, mm_dense XL, int64_t n)
{
    float *y = malloc((size_t)n * 3 * sizeof *y), *x = malloc((size_t)n * 3 * sizeof *x);
    if (!y || !x) exit(1);
    BU_CUDA_OK(cudaMemcpy(y, d_Y, (size_t)n * 3 * sizeof *y, cudaMemcpyDeviceToHost));
    double worst = mm_dense_export(XL, x) == MM_OK ? 0.0 : NAN;
    for (int64_t k = 0; k < 3 * n && !isnan(worst); ++k) worst = fmax(worst, fabs(y[k] - x[k]));
    free(y), free(x);
    return worst;
}

void sd_cusparse_r(mm_context ctx, mm_subdiv s, mm_dense X0, mm_dense XL, int runs,
                   double budget_ms, sd_record *rec)
{
    double t0 = bu_now_ms();
    mm_matrix R = mm_subdiv_matrix(s, 0, mm_subdiv_levels(s));
    device_csr d = {0};
    rec->status = "unavailable";
    if (R == NULL) {
        snprintf(rec->message, sizeof rec->message, "mm_subdiv_matrix: %s", mm_last_error(ctx));
        return;
    }
    if (upload(ctx, R, &d, rec) != 0) return;
    int64_t n0, dim;
    mm_type type;
    BU_MM_OK(ctx, mm_dense_shape(X0, &n0, &dim, &type));
    float *x = malloc((size_t)(n0 * dim) * sizeof *x);
    if (x == NULL || dim != 3 || type != MM_TYPE_FLOAT32) exit(1);
    BU_MM_OK(ctx, mm_dense_export(X0, x));
    float *d_X, *d_Y;
    BU_CUDA_OK(cudaMalloc((void **)&d_X, (size_t)(n0 * 3) * sizeof(float)));
    BU_CUDA_OK(cudaMalloc((void **)&d_Y, (size_t)(d.rows * 3) * sizeof(float)));
    BU_CUDA_OK(cudaMemcpy(d_X, x, (size_t)(n0 * 3) * sizeof(float), cudaMemcpyHostToDevice));
    free(x);
    spmm a = {0};
    cusparseIndexType_t it = d.wide ? CUSPARSE_INDEX_64I : CUSPARSE_INDEX_32I;
    float one = 1.0f, zero = 0.0f;
    size_t bytes = 0;
    BU_SPARSE_OK(cusparseCreate(&a.h));
    BU_SPARSE_OK(cusparseCreateCsr(&a.R, d.rows, d.cols, d.nnz, d.ptr, d.idx, d.val, it, it,
                                   CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
    BU_SPARSE_OK(cusparseCreateDnMat(&a.X, n0, 3, 3, d_X, CUDA_R_32F, CUSPARSE_ORDER_ROW));
    BU_SPARSE_OK(cusparseCreateDnMat(&a.Y, d.rows, 3, 3, d_Y, CUDA_R_32F, CUSPARSE_ORDER_ROW));
    cusparseStatus_t st = cusparseSpMM_bufferSize(
        a.h, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, a.R, a.X,
        &zero, a.Y, CUDA_R_32F, CUSPARSE_SPMM_ALG_DEFAULT, &bytes);
    if (st != CUSPARSE_STATUS_SUCCESS) {
        snprintf(rec->message, sizeof rec->message, "cusparseSpMM_bufferSize: %s",
                 cusparseGetErrorString(st));
    } else {
        BU_CUDA_OK(cudaMalloc(&a.buffer, bytes + 1));
        BU_CUDA_OK(cudaDeviceSynchronize());
        rec->setup_ms = bu_now_ms() - t0;
        sd_method m = {ctx, run_spmm, release_nothing, &a, "cusparseSpMM"};
        sd_measure(&m, runs, budget_ms, rec);
        /* cuSPARSE's arrays do not pass through the context: its peak is theirs. */
        rec->peak_bytes = (double)((d.rows + 1 + d.nnz) * (d.wide ? 8 : 4) + 4 * d.nnz +
                                   12 * (n0 + d.rows) + (int64_t)bytes);
        if (strcmp(rec->status, "unavailable") == 0)
            snprintf(rec->message, sizeof rec->message, "cusparseSpMM failed");
        else if (XL != NULL)
            snprintf(rec->message, sizeof rec->message,
                     "nnz(R) %lld; max |R X0 - static eval| = %.3g", (long long)d.nnz,
                     max_difference(d_Y, XL, d.rows));
        BU_CUDA_OK(cudaFree(a.buffer));
    }
    cusparseDestroySpMat(a.R), cusparseDestroyDnMat(a.X), cusparseDestroyDnMat(a.Y);
    cusparseDestroy(a.h);
    BU_CUDA_OK(cudaFree(d_X));
    BU_CUDA_OK(cudaFree(d_Y));
    BU_CUDA_OK(cudaFree(d.ptr));
    BU_CUDA_OK(cudaFree(d.idx));
    BU_CUDA_OK(cudaFree(d.val));
}
