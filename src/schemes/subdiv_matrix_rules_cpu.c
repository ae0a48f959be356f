/* subdiv_matrix_rules_cpu.c: the CPU launcher of the static-mode rules
 * (subdiv_matrix_rules.h), and the dispatch to the context's backend. */
#include "../core/context_impl.h"
#include "subdiv_matrix_rules.h"

mm_status mmi_sm_run_cpu(mm_context ctx, const mmi_sm_args *g, int64_t count)
{
    (void)ctx;
    for (int64_t i = 0; i < count; ++i) sm_rule_at(g, i);
    return MM_OK;
}

mm_status mmi_sm_run(mm_context ctx, const mmi_sm_args *g, int64_t count)
{
    return ctx->backend == MM_BACKEND_CUDA ? mmi_sm_run_cuda(ctx, g, count)
                                           : mmi_sm_run_cpu(ctx, g, count);
}
