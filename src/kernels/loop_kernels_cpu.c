/* loop_kernels_cpu.c: the CPU launcher of the specialized Loop rules (a loop
 * over the elements) and the dispatch of loop_kernels.h to the backend. */
#include "../core/context_impl.h"
#include "loop_dispatch.h"

mm_status mmi_lk_run_cpu(mm_context ctx, const mmi_lk_args *g)
{
    (void)ctx;
    for (int64_t i = 0; i < g->count; ++i) lk_rule_at(g, g->rule, i, g->d, g->f64);
    return MM_OK;
}

mm_status mmi_lk_run(mm_context ctx, const mmi_lk_args *g)
{
    return ctx->backend == MM_BACKEND_CUDA ? mmi_lk_run_cuda(ctx, g) : mmi_lk_run_cpu(ctx, g);
}
