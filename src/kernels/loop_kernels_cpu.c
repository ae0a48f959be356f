/* loop_kernels_cpu.c: the CPU launcher of the specialized Loop rules (a loop
 * over the elements) and the dispatch of loop_kernels.h to the backend. */
#include "../core/context_impl.h"
#include "loop_dispatch.h"

mm_status mmi_lk_run_cpu(mm_context ctx, const mmi_lk_args *g)
{
    (void)ctx;
    for (int64_t i = 0; i < g->count; ++i) lk_rule_at(g, g->rule, i, g->d, g->f64);
    if (g->rule == MMI_LK_TRI_FACES && g->out_tris) {
        mmi_lk_args q = lk_grandchild_call(g);
        for (int64_t f = 0; f < q.count; ++f) lk_rule_at(&q, q.rule, f, q.d, q.f64);
    }
    return MM_OK;
}

mm_status mmi_lk_run(mm_context ctx, const mmi_lk_args *g)
{
    return ctx->backend == MM_BACKEND_CUDA ? mmi_lk_run_cuda(ctx, g) : mmi_lk_run_cpu(ctx, g);
}
