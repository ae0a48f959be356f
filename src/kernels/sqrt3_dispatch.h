/* sqrt3_dispatch.h: one element of any specialized √3 rule, for the CPU loop
 * and the CUDA kernels (which pass the rule as a constant so each kernel
 * keeps only its own rule's code, and for the rules below level 0 the width
 * d and the type as constants too; the CPU passes g's). */
#ifndef MESHMAT_KERNELS_SQRT3_DISPATCH_H
#define MESHMAT_KERNELS_SQRT3_DISPATCH_H

#include "sqrt3_tri_points.h"

MM_HD void s3_rule_at(const mmi_s3_args *g, int rule, int64_t i, int64_t d, int f64)
{
    switch (rule) {
    case MMI_S3_CHILD_TRIS: s3_child_tri(g, i); break;
    case MMI_S3_GRANDCHILD_TRIS:
        s3_grandchild_tris(s3_level_above(g), &g->lv[g->level - 1], &g->lv[g->level], i,
                           g->out_tris + S3_GRANDCHILD_WORDS * i);
        break;
    case MMI_S3_CHILD_ENDS: s3_child_ends(g, i); break;
    case MMI_S3_FACE_POINTS: s3_face_point(g, i); break;
    case MMI_S3_VERTEX_POINTS: s3_vertex_point(g, i); break;
    case MMI_S3_TRI_FACES: s3_tri_face(g, i, d, f64); break;
    case MMI_S3_BOUNDARY_FLAGS: s3_boundary_flag(g, i); break;
    default: s3_old_vertex(g, i, d, f64); break;
    }
}

/* The GRANDCHILD_TRIS call that a TRI_FACES call g with out_tris makes
 * besides its points: every corner of level l − 1. */
static inline mmi_s3_args s3_grandchild_call(const mmi_s3_args *g)
{
    mmi_s3_args q = *g;
    q.rule = MMI_S3_GRANDCHILD_TRIS;
    q.count = 3 * g->lv[g->level - 1].nf;
    return q;
}

#endif
