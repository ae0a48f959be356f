/* sqrt3_kernels_cpu.c: the CPU launcher of the specialized √3 rules (the
 * element loop of cpu_for.h) and the dispatch of sqrt3_kernels.h to the backend. */
#include "../core/backend.h"
#include "../core/cpu_for.h"
#include "sqrt3_dispatch.h"

static void rule_range(const void *args, int64_t begin, int64_t end)
{
    const mmi_s3_args *g = args;
    for (int64_t i = begin; i < end; ++i) s3_rule_at(g, g->rule, i, g->d, g->f64);
}

mm_status mmi_s3_run_cpu(mm_context ctx, const mmi_s3_args *g)
{
    (void)ctx;
    mmi_cpu_for(g->count, rule_range, g);
    if (g->rule == MMI_S3_TRI_FACES && g->out_tris) {
        mmi_s3_args q = s3_grandchild_call(g);
        mmi_cpu_for(q.count, rule_range, &q);
    }
    return MM_OK;
}

mm_status mmi_s3_run(mm_context ctx, const mmi_s3_args *g)
{
    return MMI_BACKEND_CALL(ctx, mmi_s3_run, ctx, g);
}
