/* catmark_dispatch.h: one element of any specialized Catmull-Clark rule, for
 * the CPU loop and the CUDA kernels (which pass the rule as a constant so each
 * kernel keeps only its own rule's code, and for the hot vertex-data rules the
 * width d and the type as constants too; the CPU passes g's). */
#ifndef MESHMAT_KERNELS_CATMARK_DISPATCH_H
#define MESHMAT_KERNELS_CATMARK_DISPATCH_H

#include "catmark_quad_points.h"
#include "catmark_topology.h"

MM_HD void sk_rule_at(const mmi_sk_args *g, int rule, int64_t i, int64_t d, int f64)
{
    switch (rule) {
    case MMI_SK_EDGE_KEYS: sk_edge_keys(g, i); break;
    case MMI_SK_EDGE_HEADS: sk_edge_heads(g, i); break;
    case MMI_SK_EDGE_EMIT: sk_edge_emit(g, i); break;
    case MMI_SK_CHILD_CORNERS: sk_child_corner(g, i); break;
    case MMI_SK_GRANDCHILD_QUADS: sk_grandchild_quad(g, i); break;
    case MMI_SK_FACE_POINTS: sk_face_point(g, i); break;
    case MMI_SK_EDGE_POINTS: sk_edge_point(g, i); break;
    case MMI_SK_VERTEX_POINTS: sk_vertex_point(g, i); break;
    case MMI_SK_QUAD_POINTS: sk_quad_point(g, i, d, f64); break;
    default: sk_check_fan(g, i); break;
    }
}

/* The GRANDCHILD_QUADS call that a QUAD_POINTS call g with out_quads makes
 * besides its points: every corner of level l, from level l − 1. */
static inline mmi_sk_args sk_grandchild_call(const mmi_sk_args *g)
{
    mmi_sk_args q = *g;
    q.rule = MMI_SK_GRANDCHILD_QUADS;
    q.count = g->lv[g->level].nnz;
    return q;
}

#endif
