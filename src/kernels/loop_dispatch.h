/* loop_dispatch.h: one element of any specialized Loop rule, for the CPU loop
 * and the CUDA kernels (which pass the rule as a constant so each kernel
 * keeps only its own rule's code). */
#ifndef MESHMAT_KERNELS_LOOP_DISPATCH_H
#define MESHMAT_KERNELS_LOOP_DISPATCH_H

#include "loop_points.h"
#include "loop_topology.h"

MM_HD void lk_rule_at(const mmi_lk_args *g, int rule, int64_t i)
{
    switch (rule) {
    case MMI_LK_CHILD_CORNERS: lk_child_corner(g, i); break;
    case MMI_LK_EDGE_POINTS: lk_edge_point(g, i); break;
    default: lk_vertex_point(g, i); break;
    }
}

#endif
