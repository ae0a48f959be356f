/* sqrt3_kernels_cpu.c: the CPU launcher of the specialized √3 rules (a loop
 * over the elements) and the dispatch of sqrt3_kernels.h to the backend. */
#include "../core/context_impl.h"
#include "sqrt3_dispatch.h"

mm_status mmi_s3_run_cpu(mm_context ctx, const mmi_s3_args *g)
{
    (void)ctx;
    for (int64_t i = 0; i < g->count; ++i) s3_rule_at(g, g->rule, i, g->d, g->f64);
    if (g->rule == MMI_S3_TRI_FACES && g->out_tris) {
        mmi_s3_args q = s3_grandchild_call(g);
        for (int64_t u = 0; u < q.count; ++u) s3_rule_at(&q, q.rule, u, q.d, q.f64);
    }
    return MM_OK;
}

mm_status mmi_s3_run(mm_context ctx, const mmi_s3_args *g)
{
    return ctx->backend == MM_BACKEND_CUDA ? mmi_s3_run_cuda(ctx, g) : mmi_s3_run_cpu(ctx, g);
}
