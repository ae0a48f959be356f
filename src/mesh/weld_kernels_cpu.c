/* weld_kernels_cpu.c: the CPU launchers of mm_mesh_weld's rules (the element
 * loop of cpu_for.h) and their dispatch to the context's backend. */
#include "../core/cpu_for.h"
#include "weld_kernels.h"

MMI_CPU_LAUNCHER(mmi_weld_keys, mmi_weld_args, weld_key)
MMI_CPU_LAUNCHER(mmi_weld_heads, mmi_weld_args, weld_head)
MMI_CPU_LAUNCHER(mmi_weld_run_starts, mmi_weld_args, weld_run_start)
MMI_CPU_LAUNCHER(mmi_weld_exact_classes, mmi_weld_args, weld_exact_class)
MMI_CPU_LAUNCHER(mmi_weld_link_steps, mmi_weld_args, weld_link_step)
MMI_CPU_LAUNCHER(mmi_weld_jumps, mmi_weld_args, weld_jump)
MMI_CPU_LAUNCHER(mmi_weld_is_reps, mmi_weld_args, weld_is_rep)
MMI_CPU_LAUNCHER(mmi_weld_renumber, mmi_weld_args, weld_renumber)
MMI_CPU_LAUNCHER(mmi_weld_face_counts, mmi_weld_args, weld_face_count)
MMI_CPU_LAUNCHER(mmi_weld_face_fills, mmi_weld_args, weld_face_fill)
MMI_CPU_LAUNCHER(mmi_weld_order_checks, mmi_weld_args, weld_order_check)
