/* generic_rules_cpu.c: the CPU launcher of the generic paths' rules
 * (generic_rules.h; the element loop of cpu_for.h), and the dispatch to the
 * context's backend. */
#include "../core/backend.h"
#include "../core/cpu_for.h"
#include "generic_rules.h"

static void rule_range(const void *args, int64_t begin, int64_t end)
{
    for (int64_t i = begin; i < end; ++i) generic_rule_at(args, i);
}

mm_status mmi_generic_run_cpu(mm_context ctx, const mmi_generic_args *g, int64_t count)
{
    (void)ctx;
    mmi_cpu_for(count, rule_range, g);
    return MM_OK;
}

mm_status mmi_generic_run(mm_context ctx, const mmi_generic_args *g, int64_t count)
{
    return MMI_BACKEND_CALL(ctx, mmi_generic_run, ctx, g, count);
}
