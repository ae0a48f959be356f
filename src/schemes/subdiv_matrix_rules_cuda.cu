/* subdiv_matrix_rules_cuda.cu: the CUDA launcher of the static-mode rules
 * (subdiv_matrix_rules.h): one thread per column, the CPU's sm_rule_at. */
#include "../core/grid_for.cuh"
#include "subdiv_matrix_rules.h"

MMI_CUDA_LAUNCHER(mmi_sm_run, mmi_sm_args, sm_rule_at, "a static-mode rule kernel launch")
