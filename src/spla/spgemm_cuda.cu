/* spgemm_cuda.cu: the CUDA launcher of mapped SpGEMM (paper §3.1, eq. 4–7). One
 * thread per column of C keeps its rows sorted in a thread-local list while the
 * collisions arrive in increasing k; columns with more rows than the list holds
 * (a high-valence pole) spill to global scratch. CUB scans give the pointers. */
#include <cub/device/device_scan.cuh>
#include <cuda_runtime.h>

#include "../core/context_impl.h"
#include "../core/cuda_check.cuh"
#include "../core/error.h"
#include "../core/memory.h"
#include "../core/timer.h"
#include "spgemm.h"

/* Rows a thread keeps in its local list (a quad mesh's E column has 2–5). */
#define LOCAL_ROWS 32
#define BLOCK 128

/* Adds contribution v to row i of the sorted list rows[0, n) (capacity cap);
 * returns the new length, or -1 when a new row does not fit. */
__device__ static int64_t list_add(const mmi_spgemm_args *g, uint32_t *rows, double *acc,
                                   int64_t n, int64_t cap, uint32_t i, double v, int values)
{
    int64_t lo = 0, hi = n;
    while (lo < hi) {
        int64_t mid = lo + (hi - lo) / 2;
        if (rows[mid] < i) lo = mid + 1;
        else hi = mid;
    }
    if (lo < n && rows[lo] == i) {
        if (values) acc[lo] = mmi_reduce(g->reduce, acc[lo], v);
        return n;
    }
    if (n == cap) return -1;
    for (int64_t t = n; t > lo; --t) {
        rows[t] = rows[t - 1];
        if (values) acc[t] = acc[t - 1];
    }
    rows[lo] = i;
    if (values) acc[lo] = mmi_reduce_start(g->reduce, v);
    return n + 1;
}

/* Column j of C into rows/acc (capacity cap), collisions in (k, B position,
 * A position) order as on the CPU; returns its length, or -1 when it overflows. */
__device__ static int64_t column_at(const mmi_spgemm_args *g, int64_t j, uint32_t *rows,
                                    double *acc, int64_t cap, int values)
{
    int64_t n = 0;
    int64_t bs = spgemm_col_start(&g->b, j), be = spgemm_col_start(&g->b, j + 1);
    int sorted = spgemm_b_sorted(&g->b, bs, be);
    for (int64_t eb = spgemm_b_next(&g->b, bs, be, sorted, -1); eb >= 0;
         eb = spgemm_b_next(&g->b, bs, be, sorted, eb)) {
        uint32_t k = g->b.rows[eb];
        double b = spgemm_value_at(&g->b, eb, eb - bs + 1);
        int64_t as = spgemm_col_start(&g->a, k), ae = spgemm_col_start(&g->a, (int64_t)k + 1);
        for (int64_t ea = as; ea < ae; ++ea) {
            uint32_t i = g->a.rows[ea];
            if (!mmi_mask_keeps(g->mask, i, (uint32_t)j)) continue;
            double mu = mmi_map_eval2(&g->map, spgemm_value_at(&g->a, ea, ea - as + 1), b, ae - as);
            if (mu == 0.0) continue;
            double v = values ? mmi_lambda_eval(g->lambda, mu, i, (uint32_t)j, k) : 0.0;
            n = list_add(g, rows, acc, n, cap, i, v, values);
            if (n < 0) return -1;
        }
    }
    return n;
}

/* Symbolic, local lists: d_count[j] = entries of column j; a column that does not
 * fit gets 0 there and d_spill[j] = its collision count (a bound on its rows). */
__global__ static void count_kernel(mmi_spgemm_args g, uint64_t *d_count, uint64_t *d_spill)
{
    int64_t j = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (j > g.p) return;
    d_count[j] = 0;
    d_spill[j] = 0;
    if (j == g.p) return;
    uint32_t rows[LOCAL_ROWS];
    double acc[1];
    int64_t n = column_at(&g, j, rows, acc, LOCAL_ROWS, 0);
    if (n >= 0) {
        d_count[j] = (uint64_t)n;
        return;
    }
    uint64_t bound = 0;
    for (int64_t eb = spgemm_col_start(&g.b, j); eb < spgemm_col_start(&g.b, j + 1); ++eb) {
        uint32_t k = g.b.rows[eb];
        bound += (uint64_t)(spgemm_col_start(&g.a, (int64_t)k + 1) - spgemm_col_start(&g.a, k));
    }
    d_spill[j] = bound;
}

/* Symbolic, spilled columns: the whole column (values too) into its scratch
 * slice [d_spill[j], d_spill[j + 1]). */
__global__ static void spill_kernel(mmi_spgemm_args g, uint64_t *d_count,
                                    const uint64_t *d_spill, uint32_t *d_spill_rows,
                                    double *d_spill_acc)
{
    int64_t j = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (j >= g.p || d_spill[j + 1] == d_spill[j]) return;
    int values = g.out_type != MM_TYPE_PATTERN;
    int64_t s = (int64_t)d_spill[j];
    d_count[j] = (uint64_t)column_at(&g, j, d_spill_rows + s, values ? d_spill_acc + s : NULL,
                                     (int64_t)(d_spill[j + 1] - d_spill[j]), values);
}

/* Numeric: column j of C at d_ptr[j], recomputed in a local list or copied from
 * its scratch slice. */
__global__ static void fill_kernel(mmi_spgemm_args g, const int64_t *d_ptr,
                                   const uint64_t *d_spill, const uint32_t *d_spill_rows,
                                   const double *d_spill_acc, uint32_t *d_c_rows, void *d_c_values)
{
    int64_t j = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (j >= g.p) return;
    int values = g.out_type != MM_TYPE_PATTERN;
    int64_t q = d_ptr[j], n = d_ptr[j + 1] - q;
    if (d_spill[j + 1] != d_spill[j]) {
        int64_t s = (int64_t)d_spill[j];
        for (int64_t t = 0; t < n; ++t) {
            d_c_rows[q + t] = d_spill_rows[s + t];
            if (values) spgemm_store(g.out_type, d_c_values, q + t, d_spill_acc[s + t]);
        }
        return;
    }
    uint32_t rows[LOCAL_ROWS];
    double acc[LOCAL_ROWS];
    column_at(&g, j, rows, acc, LOCAL_ROWS, values);
    for (int64_t t = 0; t < n; ++t) {
        d_c_rows[q + t] = rows[t];
        if (values) spgemm_store(g.out_type, d_c_values, q + t, acc[t]);
    }
}

/* In-place exclusive sum of x[0, n) on ctx's stream; *total = x[n - 1] after. */
static mm_status scan(mm_context ctx, uint64_t *x, int64_t n, uint64_t *total)
{
    mm_status st = MM_OK;
    void *temp = NULL;
    size_t temp_bytes = 0;
    cudaStream_t stream = (cudaStream_t)ctx->stream;
    MM_TRY(mmi_cuda_check(ctx, cub::DeviceScan::ExclusiveSum(NULL, temp_bytes, x, n, stream),
                 "CUB scan size"));
    MM_TRY(mmi_alloc(ctx, MM_MEMORY_DEVICE, (int64_t)temp_bytes, &temp));
    MM_TRY(mmi_cuda_check(ctx, cub::DeviceScan::ExclusiveSum(temp, temp_bytes, x, n, stream),
                          "CUB scan"));
    MM_TRY(mmi_copy(ctx, total, MM_MEMORY_HOST, x + n - 1, MM_MEMORY_DEVICE, sizeof *total));
done:
    mmi_free(ctx, MM_MEMORY_DEVICE, temp, (int64_t)temp_bytes);
    return st;
}

mm_status mmi_spgemm_cuda(mm_context ctx, const mmi_spgemm_args *g, mm_matrix *C)
{
    mm_status st = MM_OK;
    cudaStream_t stream = (cudaStream_t)ctx->stream;
    uint64_t *d_count = NULL, *d_spill = NULL, nnz = 0, spilled = 0;
    uint32_t *d_spill_rows = NULL;
    double *d_spill_acc = NULL;
    int64_t ptr_bytes = (g->p + 1) * (int64_t)sizeof(uint64_t);
    int64_t spill_rows_bytes = 0, spill_acc_bytes = 0;
    unsigned grid = (unsigned)((g->p + BLOCK) / BLOCK);
    int stage = mmi_stage_begin(ctx, "spgemm_symbolic");
    MM_TRY(mmi_alloc(ctx, MM_MEMORY_DEVICE, ptr_bytes, (void **)&d_count));
    MM_TRY(mmi_alloc(ctx, MM_MEMORY_DEVICE, ptr_bytes, (void **)&d_spill));
    count_kernel<<<grid, BLOCK, 0, stream>>>(*g, d_count, d_spill);
    MM_TRY(mmi_cuda_check(ctx, cudaGetLastError(), "the SpGEMM count kernel"));
    MM_TRY(scan(ctx, d_spill, g->p + 1, &spilled));
    if (spilled > 0) {
        /* Each bound is at most m · nnz(A's column), so their sum fits in 2^64. */
        if (spilled > ((uint64_t)1 << 62) / sizeof(double))
            MM_FAIL(ctx, MM_ERR_OVERFLOW, "the long columns of C need %llu scratch entries",
                    (unsigned long long)spilled);
        spill_rows_bytes = (int64_t)spilled * (int64_t)sizeof(uint32_t);
        if (g->out_type != MM_TYPE_PATTERN)
            spill_acc_bytes = (int64_t)spilled * (int64_t)sizeof(double);
        MM_TRY(mmi_alloc(ctx, MM_MEMORY_DEVICE, spill_rows_bytes, (void **)&d_spill_rows));
        MM_TRY(mmi_alloc(ctx, MM_MEMORY_DEVICE, spill_acc_bytes, (void **)&d_spill_acc));
        spill_kernel<<<grid, BLOCK, 0, stream>>>(*g, d_count, d_spill, d_spill_rows, d_spill_acc);
        MM_TRY(mmi_cuda_check(ctx, cudaGetLastError(), "the SpGEMM spill kernel"));
    }
    MM_TRY(scan(ctx, d_count, g->p + 1, &nnz));
    mmi_stage_end(ctx, stage);
    stage = -1;

    MM_TRY(mmi_spgemm_new_result(ctx, g, nnz, C));
    stage = mmi_stage_begin(ctx, "spgemm_numeric");
    MM_TRY(mmi_copy(ctx, (*C)->ptr, MM_MEMORY_DEVICE, d_count, MM_MEMORY_DEVICE, ptr_bytes));
    fill_kernel<<<grid, BLOCK, 0, stream>>>(*g, (*C)->ptr, d_spill, d_spill_rows, d_spill_acc,
                                            (*C)->rows, (*C)->values);
    MM_TRY(mmi_cuda_check(ctx, cudaGetLastError(), "the SpGEMM fill kernel"));
done:
    mmi_stage_end(ctx, stage);
    mmi_free(ctx, MM_MEMORY_DEVICE, d_count, ptr_bytes);
    mmi_free(ctx, MM_MEMORY_DEVICE, d_spill, ptr_bytes);
    mmi_free(ctx, MM_MEMORY_DEVICE, d_spill_rows, spill_rows_bytes);
    mmi_free(ctx, MM_MEMORY_DEVICE, d_spill_acc, spill_acc_bytes);
    if (st != MM_OK) mm_matrix_free(C);
    return st;
}
