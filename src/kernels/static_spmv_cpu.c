/* static_spmv_cpu.c: the CPU loop of the static-mode SpMV (static_spmv.h),
 * one row at a time in stored order, and the dispatch to the backend. */
#include "../core/context_impl.h"
#include "static_spmv.h"

mm_status mmi_static_spmv_cpu(mm_context ctx, const mmi_static_spmv_args *a)
{
    (void)ctx;
    for (int64_t i = 0; i < a->nrows; ++i)
        for (int64_t c0 = 0; c0 < a->d; c0 += MMI_STATIC_SPMV_CHUNK) {
            int width = (int)(a->d - c0 < MMI_STATIC_SPMV_CHUNK ? a->d - c0
                                                                : MMI_STATIC_SPMV_CHUNK);
            double acc[MMI_STATIC_SPMV_CHUNK] = {0.0, 0.0, 0.0, 0.0};
            static_spmv_partial(a, i, 0, 1, c0, width, acc);
            static_spmv_store(a, i, c0, width, acc);
        }
    return MM_OK;
}

mm_status mmi_static_spmv(mm_context ctx, const mmi_static_spmv_args *a)
{
    return ctx->backend == MM_BACKEND_CUDA ? mmi_static_spmv_cuda(ctx, a)
                                           : mmi_static_spmv_cpu(ctx, a);
}
