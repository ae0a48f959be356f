/* generic_rules_cuda.cu: the CUDA launcher of the generic paths' rules
 * (generic_rules.h): one thread per element, the CPU's generic_rule_at. */
#include "../core/grid_for.cuh"
#include "generic_rules.h"

MMI_CUDA_LAUNCHER(mmi_generic_run, mmi_generic_args, generic_rule_at,
                  "a generic-path rule kernel launch")
