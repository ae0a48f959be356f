/* masks.h: what a subdivision rule is, independent of any scheme, path or
 * backend (paper §3–5; OpenSubdiv's Sdc assigns the same masks): every new
 * point is a fixed weighted sum of old points, and a scheme's rules are
 * functions of plain values (a valence, a vertex's rule) that return those
 * weights. The generic path writes them into its stencils and per-vertex
 * weights, static mode into R_l, the specialized kernels apply them to the
 * points they gather; CPU and CUDA run the same MM_HD functions. So a rule
 * exists once (catmark_masks.h, loop_masks.h, sqrt3_masks.h), and creases
 * arrive as data: a vertex's rule comes from the sharp edges around it. */
#ifndef MESHMAT_RULES_MASKS_H
#define MESHMAT_RULES_MASKS_H

#include <stdint.h>

#include "../core/hd.h"

/* A vertex's rule, classified as Sdc does from the sharp edges around it
 * (a boundary edge is infinitely sharp): none smooth, one a dart (moved by
 * the smooth rule), two a crease, more a corner. A vertex in no face, and
 * with EDGE_AND_CORNER a boundary vertex in one face, is a corner. */
typedef enum mmi_vertex_rule {
    MMI_RULE_SMOOTH = 0,
    MMI_RULE_DART = 1,
    MMI_RULE_CREASE = 2,
    MMI_RULE_CORNER = 3
} mmi_vertex_rule;

/* faces: the faces around the vertex; sharp: its sharp (boundary) edges;
 * one_face_corner: the boundary interpolation is EDGE_AND_CORNER. */
MM_HD mmi_vertex_rule mmi_vertex_rule_of(int64_t faces, int64_t sharp, int one_face_corner)
{
    if (faces == 0 || sharp > 2 || (one_face_corner && sharp > 0 && faces == 1))
        return MMI_RULE_CORNER;
    return sharp == 2 ? MMI_RULE_CREASE : sharp == 1 ? MMI_RULE_DART : MMI_RULE_SMOOTH;
}

/* A vertex's kind as the specialized paths carry it from level to level:
 * its valence (faces around it) and whether its rule is the crease or the
 * corner rule (a dart is moved as a smooth vertex). */
#define MMI_KIND_VALENCE_MASK 0x3fffffffu
#define MMI_KIND_CREASE (1u << 30)
#define MMI_KIND_CORNER (1u << 31)

MM_HD uint32_t mmi_kind_of(int64_t valence, mmi_vertex_rule rule)
{
    return (uint32_t)valence | (rule == MMI_RULE_CREASE ? MMI_KIND_CREASE : 0u) |
           (rule == MMI_RULE_CORNER ? MMI_KIND_CORNER : 0u);
}

MM_HD mmi_vertex_rule mmi_kind_rule(uint32_t kind)
{
    return kind & MMI_KIND_CORNER ? MMI_RULE_CORNER
           : kind & MMI_KIND_CREASE ? MMI_RULE_CREASE
                                    : MMI_RULE_SMOOTH;
}

MM_HD double mmi_kind_valence(uint32_t kind)
{
    return (double)(kind & MMI_KIND_VALENCE_MASK);
}

/* A vertex's new position: weight `vertex` on itself, `edge` on each edge
 * neighbour (the far end of each of its edges), `face` on each of its faces'
 * new face points (Catmull-Clark; 0 in the triangle schemes) and `crease` on
 * each of the two neighbours along its sharp edges. */
typedef struct mmi_vertex_mask {
    double vertex, edge, face, crease;
} mmi_vertex_mask;

/* A new point on an edge: `end` on each of its two ends, `side` on each of
 * the two points beside it (Catmull-Clark: its faces' points; Loop: the
 * vertices opposite it). */
typedef struct mmi_edge_mask {
    double end, side;
} mmi_edge_mask;

/* The rules Catmull-Clark and Loop share (Sdc's crease and corner masks;
 * paper §5.3 eq. 20 on the boundary): a sharp edge's point is its midpoint,
 * a crease vertex moves to 3/4 p + 1/8 (its two neighbours along the
 * crease), a corner stays. */
MM_HD mmi_edge_mask mmi_sharp_edge_mask(void)
{
    mmi_edge_mask m = {0.5, 0.0};
    return m;
}

MM_HD mmi_vertex_mask mmi_crease_vertex_mask(void)
{
    mmi_vertex_mask m = {0.75, 0.0, 0.0, 0.125};
    return m;
}

MM_HD mmi_vertex_mask mmi_corner_vertex_mask(void)
{
    mmi_vertex_mask m = {1.0, 0.0, 0.0, 0.0};
    return m;
}

#endif
