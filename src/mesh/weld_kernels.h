/* weld_kernels.h: the launchers of mm_mesh_weld's element rules
 * (weld_rules.h): x(ctx, g, count) runs the rule for every element < count
 * on the context's backend, through x_cpu (weld_kernels_cpu.c) or x_cuda
 * (weld_kernels_cuda.cu). */
#ifndef MESHMAT_MESH_WELD_KERNELS_H
#define MESHMAT_MESH_WELD_KERNELS_H

#include "meshmat/context.h"
#include "weld_rules.h"

#ifdef __cplusplus
extern "C" {
#endif

#define MMI_WELD_LAUNCHER(x)                                                   \
    mm_status x(mm_context ctx, const mmi_weld_args *g, int64_t count);        \
    mm_status x##_cpu(mm_context ctx, const mmi_weld_args *g, int64_t count);  \
    mm_status x##_cuda(mm_context ctx, const mmi_weld_args *g, int64_t count)

MMI_WELD_LAUNCHER(mmi_weld_keys);         /* i < |V|: weld_key         */
MMI_WELD_LAUNCHER(mmi_weld_heads);        /* j < |V|: weld_head        */
MMI_WELD_LAUNCHER(mmi_weld_run_starts);   /* j < |V|: weld_run_start   */
MMI_WELD_LAUNCHER(mmi_weld_exact_classes); /* j < |V|: weld_exact_class */
MMI_WELD_LAUNCHER(mmi_weld_link_steps);   /* i < |V|: weld_link_step   */
MMI_WELD_LAUNCHER(mmi_weld_jumps);        /* i < |V|: weld_jump        */
MMI_WELD_LAUNCHER(mmi_weld_is_reps);      /* i < |V|: weld_is_rep      */
MMI_WELD_LAUNCHER(mmi_weld_renumber);     /* i < |V|: weld_renumber    */
MMI_WELD_LAUNCHER(mmi_weld_face_counts);  /* f < |F|: weld_face_count  */
MMI_WELD_LAUNCHER(mmi_weld_face_fills);   /* f ≤ |F|: weld_face_fill   */
MMI_WELD_LAUNCHER(mmi_weld_order_checks); /* g < |F'|: weld_order_check */

#undef MMI_WELD_LAUNCHER

#ifdef __cplusplus
}
#endif
#endif
