/* spgemm_cuda.cu: the CUDA launcher of mapped SpGEMM (paper §3.1, eq. 4–7): the
 * per-column kernels of spgemm_kernels.cuh, precompiled for the built-in maps
 * and lambdas or compiled by NVRTC around a user map or lambda (jit.h), and
 * scans for the pointers (core/scan_sort.h). */
#include <cuda_runtime.h>

#include "../core/context_impl.h"
#include "../core/cuda_check.cuh"
#include "../core/error.h"
#include "../core/memory.h"
#include "../core/scan_sort.h"
#include "../core/timer.h"
#include "jit.h"
#include "spgemm_kernels.cuh"

#define BLOCK 128

/* The user functions of a product without any: never called, as the kernels
 * call U only for the USER kinds, which run the NVRTC-compiled kernels. */
struct no_user {
    __device__ static double map(double, double, int64_t) { return 0.0; }
    __device__ static double lambda(double, uint32_t, uint32_t, uint32_t, double, double)
    {
        return 0.0;
    }
};

__global__ static void count_kernel(mmi_spgemm_kernel_args x) { spgemm_count<no_user>(&x); }
__global__ static void spill_kernel(mmi_spgemm_kernel_args x) { spgemm_spill<no_user>(&x); }
__global__ static void fill_kernel(mmi_spgemm_kernel_args x) { spgemm_fill<no_user>(&x); }

/* Launches kernel (one of the three, either compiler's) over the columns. */
static mm_status launch(mm_context ctx, const void *kernel, mmi_spgemm_kernel_args *x,
                        const char *what)
{
    void *args[] = {x};
    unsigned grid = (unsigned)((x->g.p + BLOCK) / BLOCK);
    return mmi_cuda_check(ctx,
                          cudaLaunchKernel(kernel, dim3(grid), dim3(BLOCK), args, 0,
                                           (cudaStream_t)ctx->stream),
                          what);
}

/* In-place exclusive sum of x[0, n) on ctx's stream; *total = x[n - 1] after. */
static mm_status scan(mm_context ctx, uint64_t *x, int64_t n, uint64_t *total)
{
    mm_status st = MM_OK;
    MM_TRY(mmi_scan_exclusive_u64(ctx, n, x, x));
    MM_TRY(mmi_copy(ctx, total, MM_MEMORY_HOST, x + n - 1, MM_MEMORY_DEVICE, sizeof *total));
done:
    return st;
}

/* The count, spill and fill kernels for op: precompiled, or NVRTC's. */
static mm_status kernels_for(mm_context ctx, const mm_spgemm_op *op, const void *kernels[3])
{
    int user_map = op->map.kind == MM_MAP_USER, user_lambda = op->lambda.kind == MM_LAMBDA_USER;
    if (user_map || user_lambda)
        return mmi_jit_spgemm_kernels_cuda(ctx, user_map ? op->map.source : NULL,
                                           user_lambda ? op->lambda.source : NULL, kernels);
    kernels[0] = (const void *)count_kernel;
    kernels[1] = (const void *)spill_kernel;
    kernels[2] = (const void *)fill_kernel;
    return MM_OK;
}

mm_status mmi_spgemm_cuda(mm_context ctx, const mm_spgemm_op *op, const mmi_spgemm_args *g,
                          mm_matrix *C)
{
    mm_status st = MM_OK;
    const void *kernels[3];
    mmi_spgemm_kernel_args x = {*g, NULL, NULL, NULL, NULL, NULL, NULL, NULL};
    uint64_t nnz = 0, spilled = 0;
    int64_t ptr_bytes = (g->p + 1) * (int64_t)sizeof(uint64_t);
    int64_t spill_rows_bytes = 0, spill_acc_bytes = 0;
    int stage = -1;
    MM_TRY(kernels_for(ctx, op, kernels));
    stage = mmi_stage_begin(ctx, "spgemm_symbolic");
    MM_TRY(mmi_alloc(ctx, MM_MEMORY_DEVICE, ptr_bytes, (void **)&x.count));
    MM_TRY(mmi_alloc(ctx, MM_MEMORY_DEVICE, ptr_bytes, (void **)&x.spill));
    MM_TRY(launch(ctx, kernels[0], &x, "the SpGEMM count kernel"));
    MM_TRY(scan(ctx, x.spill, g->p + 1, &spilled));
    if (spilled > 0) {
        /* Each bound is at most m · nnz(A's column), so their sum fits in 2^64. */
        if (spilled > ((uint64_t)1 << 62) / sizeof(double))
            MM_FAIL(ctx, MM_ERR_OVERFLOW, "the long columns of C need %llu scratch entries",
                    (unsigned long long)spilled);
        spill_rows_bytes = (int64_t)spilled * (int64_t)sizeof(uint32_t);
        if (g->out_type != MM_TYPE_PATTERN)
            spill_acc_bytes = (int64_t)spilled * (int64_t)sizeof(double);
        MM_TRY(mmi_alloc(ctx, MM_MEMORY_DEVICE, spill_rows_bytes, (void **)&x.spill_rows));
        MM_TRY(mmi_alloc(ctx, MM_MEMORY_DEVICE, spill_acc_bytes, (void **)&x.spill_acc));
        MM_TRY(launch(ctx, kernels[1], &x, "the SpGEMM spill kernel"));
    }
    MM_TRY(scan(ctx, x.count, g->p + 1, &nnz));
    mmi_stage_end(ctx, stage);
    stage = -1;

    MM_TRY(mmi_spgemm_new_result(ctx, g, nnz, C));
    stage = mmi_stage_begin(ctx, "spgemm_numeric");
    MM_TRY(mmi_copy(ctx, (*C)->ptr, MM_MEMORY_DEVICE, x.count, MM_MEMORY_DEVICE, ptr_bytes));
    x.c_ptr = (*C)->ptr;
    x.c_rows = (*C)->rows;
    x.c_values = (*C)->values;
    MM_TRY(launch(ctx, kernels[2], &x, "the SpGEMM fill kernel"));
done:
    mmi_stage_end(ctx, stage);
    mmi_free(ctx, MM_MEMORY_DEVICE, x.count, ptr_bytes);
    mmi_free(ctx, MM_MEMORY_DEVICE, x.spill, ptr_bytes);
    mmi_free(ctx, MM_MEMORY_DEVICE, x.spill_rows, spill_rows_bytes);
    mmi_free(ctx, MM_MEMORY_DEVICE, x.spill_acc, spill_acc_bytes);
    if (st != MM_OK) mm_matrix_free(C);
    return st;
}
