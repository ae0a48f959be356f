/* generic_rules.h: every generic-path rule (generic_args.h, catmark_rules.h,
 * tri_rules.h) behind one element function, run over count elements on the
 * context's backend by one launcher (generic_rules_cpu.c: cpu_for.h;
 * generic_rules_cuda.cu: grid_for.cuh). */
#ifndef MESHMAT_SCHEMES_GENERIC_RULES_H
#define MESHMAT_SCHEMES_GENERIC_RULES_H

#include "catmark_rules.h"
#include "crease_rules.h"
#include "tri_rules.h"

MM_HD void generic_rule_at(const mmi_generic_args *g, int64_t i)
{
    switch (g->rule) {
    case MMI_EDGE_ENDS: generic_edge_ends(g, i); break;
    case MMI_EDGE_IDS: generic_edge_ids(g, i); break;
    case MMI_CC_CHILD_EDGES: cc_child_edge(g, i); break;
    case MMI_CC_QUADS: cc_quads(g, i); break;
    case MMI_CC_STENCIL: cc_stencil(g, i); break;
    case MMI_CC_VERTEX_WEIGHTS: cc_vertex_weights(g, i); break;
    case MMI_LOOP_STENCIL: loop_stencil(g, i); break;
    case MMI_LOOP_VERTEX_WEIGHTS: loop_vertex_weights(g, i); break;
    case MMI_LOOP_TRIANGLES: loop_triangles(g, i); break;
    case MMI_LOOP_CHILD_EDGES: loop_child_edge(g, i); break;
    case MMI_SQRT3_VERTEX_WEIGHTS: sqrt3_vertex_weights(g, i); break;
    case MMI_SQRT3_TRIANGLES: sqrt3_triangle(g, i); break;
    case MMI_SQRT3_CHILD_EDGES: sqrt3_child_edge(g, i); break;
    case MMI_SQRT3_STENCIL: sqrt3_stencil(g, i); break;
    case MMI_SQRT3_FLAGS: sqrt3_flag(g, i); break;
    case MMI_SQRT3_RANKS: sqrt3_rank(g, i); break;
    case MMI_CREASE_TAG_EDGES: crease_tag_edge(g, i); break;
    case MMI_CREASE_TAG_SET: crease_tag_set(g, i); break;
    case MMI_CREASE_CHILD_EDGES: crease_child_edge(g, i); break;
    case MMI_CREASE_CHILD_VERTICES: crease_child_vertex(g, i); break;
    case MMI_CC_CREASE_WEIGHTS:
    case MMI_LOOP_CREASE_WEIGHTS: crease_vertex_weights(g, i); break;
    case MMI_CREASE_EDGE_ORDER: crease_edge_order(g, i); break;
    case MMI_HOLE_SET: hole_set(g, i); break;
    case MMI_HOLE_CHILDREN: hole_children(g, i); break;
    case MMI_HOLE_BOUNDARY: hole_boundary(g, i); break;
    case MMI_SIDE_EDGE_ENTRIES: side_edge_entries(g, i); break;
    case MMI_CC_CHILD_SIDES: cc_child_sides(g, i); break;
    case MMI_LOOP_CHILD_SIDES: loop_child_sides(g, i); break;
    default: g->inv_c[i] = mmi_catmark_face_weight((int64_t)g->c[i]); break;
    }
}

#ifdef __cplusplus
extern "C" {
#endif

/* generic_rule_at(g, i) for every i < count, on the context's backend. */
mm_status mmi_generic_run(mm_context ctx, const mmi_generic_args *g, int64_t count);
mm_status mmi_generic_run_cpu(mm_context ctx, const mmi_generic_args *g, int64_t count);
mm_status mmi_generic_run_cuda(mm_context ctx, const mmi_generic_args *g, int64_t count);

#ifdef __cplusplus
}
#endif
#endif
