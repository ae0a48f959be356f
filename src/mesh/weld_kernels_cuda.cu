/* weld_kernels_cuda.cu: the CUDA launchers of mm_mesh_weld's rules: one
 * grid-stride kernel per rule (grid_for.cuh), one thread per element. */
#include "../core/grid_for.cuh"
#include "weld_kernels.h"

static const char kWhat[] = "a weld kernel launch";

MMI_CUDA_LAUNCHER(mmi_weld_keys, mmi_weld_args, weld_key, kWhat)
MMI_CUDA_LAUNCHER(mmi_weld_heads, mmi_weld_args, weld_head, kWhat)
MMI_CUDA_LAUNCHER(mmi_weld_run_starts, mmi_weld_args, weld_run_start, kWhat)
MMI_CUDA_LAUNCHER(mmi_weld_exact_classes, mmi_weld_args, weld_exact_class, kWhat)
MMI_CUDA_LAUNCHER(mmi_weld_link_steps, mmi_weld_args, weld_link_step, kWhat)
MMI_CUDA_LAUNCHER(mmi_weld_jumps, mmi_weld_args, weld_jump, kWhat)
MMI_CUDA_LAUNCHER(mmi_weld_is_reps, mmi_weld_args, weld_is_rep, kWhat)
MMI_CUDA_LAUNCHER(mmi_weld_renumber, mmi_weld_args, weld_renumber, kWhat)
MMI_CUDA_LAUNCHER(mmi_weld_face_counts, mmi_weld_args, weld_face_count, kWhat)
MMI_CUDA_LAUNCHER(mmi_weld_face_fills, mmi_weld_args, weld_face_fill, kWhat)
MMI_CUDA_LAUNCHER(mmi_weld_order_checks, mmi_weld_args, weld_order_check, kWhat)
