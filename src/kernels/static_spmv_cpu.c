/* static_spmv_cpu.c: the CPU loop of the static-mode SpMV (static_spmv.h),
 * one row per element (cpu_for.h), and the dispatch to the backend. */
#include "../core/backend.h"
#include "../core/cpu_for.h"
#include "static_spmv.h"

static void row_range(const void *args, int64_t begin, int64_t end)
{
    const mmi_static_spmv_args *a = args;
    for (int64_t i = begin; i < end; ++i)
        for (int64_t c0 = 0; c0 < a->d; c0 += MMI_STATIC_SPMV_CHUNK) {
            int width = (int)(a->d - c0 < MMI_STATIC_SPMV_CHUNK ? a->d - c0
                                                                : MMI_STATIC_SPMV_CHUNK);
            double acc[MMI_STATIC_SPMV_CHUNK] = {0.0, 0.0, 0.0, 0.0};
            static_spmv_partial(a, i, 0, 1, c0, width, acc);
            static_spmv_store(a, i, c0, width, acc);
        }
}

mm_status mmi_static_spmv_cpu(mm_context ctx, const mmi_static_spmv_args *a)
{
    (void)ctx;
    mmi_cpu_for(a->nrows, row_range, a);
    return MM_OK;
}

mm_status mmi_static_spmv(mm_context ctx, const mmi_static_spmv_args *a)
{
    return MMI_BACKEND_CALL(ctx, mmi_static_spmv, ctx, a);
}
