/* loop_dispatch.h: one element of any specialized Loop rule, for the CPU loop
 * and the CUDA kernels (which pass the rule as a constant so each kernel
 * keeps only its own rule's code, and for the rules below level 0 the width
 * d and the type as constants too; the CPU passes g's). */
#ifndef MESHMAT_KERNELS_LOOP_DISPATCH_H
#define MESHMAT_KERNELS_LOOP_DISPATCH_H

#include "loop_topology.h"
#include "loop_tri_points.h"

MM_HD void lk_rule_at(const mmi_lk_args *g, int rule, int64_t i, int64_t d, int f64)
{
    switch (rule) {
    case MMI_LK_CHILD_TRIS: lk_child_tri(g, i); break;
    case MMI_LK_GRANDCHILD_TRIS:
        lk_grandchild_tris(g, i, 0, 1, g->out_tris + LK_GRANDCHILD_WORDS * i);
        break;
    case MMI_LK_EDGE_POINTS: lk_edge_point(g, i); break;
    case MMI_LK_VERTEX_POINTS: lk_vertex_point(g, i); break;
    case MMI_LK_TRI_FACES: lk_tri_face(g, i / d, i % d, d, f64); break;
    default: lk_old_vertex(g, i, d, f64); break;
    }
}

/* The GRANDCHILD_TRIS call that a TRI_FACES call g with out_tris makes
 * besides its points: every triangle of level l − 1. */
static inline mmi_lk_args lk_grandchild_call(const mmi_lk_args *g)
{
    mmi_lk_args q = *g;
    q.rule = MMI_LK_GRANDCHILD_TRIS;
    q.count = g->lv[g->level - 1].nf;
    return q;
}

#endif
