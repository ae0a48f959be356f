/* subdiv_matrix_rules_cuda.cu: the CUDA launcher of the static-mode rules
 * (subdiv_matrix_rules.h): one thread per column, the CPU's sm_rule_at. */
#include "../core/grid_for.cuh"
#include "subdiv_matrix_rules.h"

mm_status mmi_sm_run_cuda(mm_context ctx, const mmi_sm_args *g, int64_t count)
{
    return mmi_grid_for<mmi_sm_args, sm_rule_at>(ctx, g, count,
                                                 "a static-mode rule kernel launch");
}
