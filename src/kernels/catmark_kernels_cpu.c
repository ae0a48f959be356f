/* catmark_kernels_cpu.c: the CPU launcher of the specialized Catmull-Clark
 * rules (the element loop of cpu_for.h) and the dispatch of catmark_kernels.h
 * to the context's backend. */
#include "../core/backend.h"
#include "../core/cpu_for.h"
#include "catmark_dispatch.h"

static void rule_range(const void *args, int64_t begin, int64_t end)
{
    const mmi_sk_args *g = args;
    for (int64_t i = begin; i < end; ++i) sk_rule_at(g, g->rule, i, g->d, g->f64);
}

mm_status mmi_sk_run_cpu(mm_context ctx, const mmi_sk_args *g)
{
    (void)ctx;
    /* EDGE_EMIT and CHECK_FANS may raise one shared flag from many elements
     * (a data race in C): these level-0 rules run on one thread. */
    if (g->rule == MMI_SK_EDGE_EMIT || g->rule == MMI_SK_CHECK_FANS) rule_range(g, 0, g->count);
    else mmi_cpu_for(g->count, rule_range, g);
    if (g->rule == MMI_SK_QUAD_POINTS && g->out_quads) {
        mmi_sk_args q = sk_grandchild_call(g);
        mmi_cpu_for(q.count, rule_range, &q);
    }
    return MM_OK;
}

mm_status mmi_sk_run(mm_context ctx, const mmi_sk_args *g)
{
    return MMI_BACKEND_CALL(ctx, mmi_sk_run, ctx, g);
}
