/* subdiv_matrix_rules_cpu.c: the CPU launcher of the static-mode rules
 * (subdiv_matrix_rules.h; the element loop of cpu_for.h), and the dispatch
 * to the context's backend. */
#include "../core/cpu_for.h"
#include "subdiv_matrix_rules.h"

MMI_CPU_LAUNCHER(mmi_sm_run, mmi_sm_args, sm_rule_at)
