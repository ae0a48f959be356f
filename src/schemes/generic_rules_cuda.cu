/* generic_rules_cuda.cu: the CUDA launcher of the generic paths' rules
 * (generic_rules.h): one thread per element, the CPU's generic_rule_at. */
#include "../core/grid_for.cuh"
#include "generic_rules.h"

mm_status mmi_generic_run_cuda(mm_context ctx, const mmi_generic_args *g, int64_t count)
{
    return mmi_grid_for<mmi_generic_args, generic_rule_at>(ctx, g, count,
                                                           "a generic-path rule kernel launch");
}
