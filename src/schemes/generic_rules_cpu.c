/* generic_rules_cpu.c: the CPU launcher of the generic paths' rules
 * (generic_rules.h; the element loop of cpu_for.h), and the dispatch to the
 * context's backend. */
#include "../core/cpu_for.h"
#include "generic_rules.h"

MMI_CPU_LAUNCHER(mmi_generic_run, mmi_generic_args, generic_rule_at)
