/* sharp_kernels_cpu.c: the CPU launchers of the crease rules of the
 * specialized paths (sharp_rules.h) and their dispatch to the context's
 * backend. */
#include "cpu_launchers.h"
#include "sharp_rules.h"

MMI_CPU_RANGE(tag_edges, mmi_sharp_args, sharp_tag_edge)
MMI_CPU_RANGE(candidates, mmi_sharp_args, sharp_candidate)
MMI_CPU_RANGE(heads, mmi_sharp_args, sharp_head)
MMI_CPU_RANGE(emit, mmi_sharp_args, sharp_emit)
MMI_CPU_RANGE(child, mmi_sharp_args, sharp_child)
MMI_CPU_RANGE(points, mmi_sharp_args, sharp_point)
MMI_CPU_RANGE(tag_count, mmi_sharp_args, sharp_tag_count)
MMI_CPU_RANGE(tags, mmi_sharp_args, sharp_tag)
MMI_CPU_RANGE(levels, mmi_sharp_args, sharp_levels)

mm_status mmi_sharp_run_cpu(mm_context ctx, const mmi_sharp_args *g)
{
    /* In mmi_sharp_rule's order. */
    static const mmi_cpu_range_fn rules[] = {tag_edges, candidates, heads, emit,  child,
                                             points,    tag_count,  tags,  levels};
    (void)ctx;
    mmi_cpu_for(g->count, rules[g->rule], g);
    return MM_OK;
}

mm_status mmi_sharp_run(mm_context ctx, const mmi_sharp_args *g)
{
    return MMI_BACKEND_CALL(ctx, mmi_sharp_run, ctx, g);
}
