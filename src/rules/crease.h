/* crease.h: semi-sharp creases as OpenSubdiv's Sdc defines them (paper §5.1,
 * DeRose et al. 1998; docs/creases.md), for Catmull-Clark and Loop alike:
 * how sharpness refines from level to level (CREASE_UNIFORM and
 * CREASE_CHAIKIN, eq. 14–15), a vertex's rule from the sharpness around it,
 * and the masks of a vertex or an edge point whose rule changes between the
 * level and its child, blended by the fractional weight. Sharpness is float,
 * as in Sdc, so that the same values give the same weights bit for bit. */
#ifndef MESHMAT_RULES_CREASE_H
#define MESHMAT_RULES_CREASE_H

#include "masks.h"

/* 10 and above is infinitely sharp: it never decreases. A boundary edge is
 * infinitely sharp. */
#define MMI_SHARP_INFINITE 10.0f

MM_HD int mmi_is_sharp(float s) { return s > 0.0f; }
MM_HD int mmi_is_semi_sharp(float s) { return s > 0.0f && s < MMI_SHARP_INFINITE; }

/* The edge a crease tag {a, b} names among level 0's ne edges, sorted by
 * (a_e, b_e) = (min, max) in ends (DESIGN §3): a binary search; UINT32_MAX
 * when the pair is no edge. */
MM_HD uint32_t mmi_tag_edge(const uint32_t *ends, int64_t ne, uint32_t a, uint32_t b)
{
    uint32_t lo_v = a < b ? a : b, hi_v = a < b ? b : a;
    int64_t lo = 0, hi = ne;
    while (lo < hi) {
        int64_t mid = lo + (hi - lo) / 2;
        uint32_t x = ends[2 * mid], y = ends[2 * mid + 1];
        if (x < lo_v || (x == lo_v && y < hi_v)) lo = mid + 1;
        else hi = mid;
    }
    int found = lo < ne && ends[2 * lo] == lo_v && ends[2 * lo + 1] == hi_v;
    return found ? (uint32_t)lo : UINT32_MAX;
}

/* A vertex's sharpness, and an edge's under CREASE_UNIFORM, one level down. */
MM_HD float mmi_sharpness_decrement(float s)
{
    if (s <= 0.0f) return 0.0f;
    if (s >= MMI_SHARP_INFINITE) return MMI_SHARP_INFINITE;
    return s > 1.0f ? s - 1.0f : 0.0f;
}

/* A vertex's sharpness `levels` levels down. */
MM_HD float mmi_sharpness_after(float s, int levels)
{
    for (int m = 0; m < levels; ++m) s = mmi_sharpness_decrement(s);
    return s;
}

/* The sum and count of the semi-sharp edges around a vertex, which Chaikin's
 * rule averages over. */
typedef struct mmi_semi_sharp_sum {
    float sum;
    int count;
} mmi_semi_sharp_sum;

MM_HD void mmi_semi_sharp_add(mmi_semi_sharp_sum *t, float s)
{
    if (mmi_is_semi_sharp(s)) t->sum += s, t->count += 1;
}

/* The sharpness of the child of an edge of sharpness s at one of its ends v
 * (edges: v's incident edges; around: v's semi-sharp ones). Uniform: s − 1.
 * Chaikin (eq. 14–15): 3/4 s + 1/4 (the mean of v's other semi-sharp edges)
 * − 1, the plain decrement where v has no other. */
MM_HD float mmi_child_edge_sharpness(float s, int chaikin, int64_t edges, mmi_semi_sharp_sum around)
{
    if (!chaikin || edges < 2) return mmi_sharpness_decrement(s);
    if (s <= 0.0f) return 0.0f;
    if (s >= MMI_SHARP_INFINITE) return MMI_SHARP_INFINITE;
    if (around.count > 1) {
        float others = (around.sum - s) / (float)(around.count - 1);
        s = mmi_mul_rn(0.75f, s) + mmi_mul_rn(0.25f, others); /* no FMA: Sdc's roundings */
    }
    s -= 1.0f;
    return s > 0.0f ? s : 0.0f;
}

/* A vertex's rule from its sharpness and its sharp edges (Sdc's
 * DetermineVertexVertexRule): a sharp vertex is a corner; else by the count,
 * as mmi_vertex_rule_of. */
MM_HD mmi_vertex_rule mmi_sharp_vertex_rule(float vertex_sharpness, int64_t sharp_edges)
{
    if (mmi_is_sharp(vertex_sharpness) || sharp_edges > 2) return MMI_RULE_CORNER;
    return sharp_edges == 2 ? MMI_RULE_CREASE : sharp_edges == 1 ? MMI_RULE_DART : MMI_RULE_SMOOTH;
}

/* What the transition weight of a vertex sums: a sharp vertex that becomes
 * smooth, and each sharp edge that becomes smooth (uniform creasing: each of
 * sharpness ≤ 1, which is the same thing). */
typedef struct mmi_transition {
    float sum;
    int count;
} mmi_transition;

MM_HD void mmi_transition_add(mmi_transition *t, float parent, float child)
{
    if (mmi_is_sharp(parent) && !mmi_is_sharp(child)) t->sum += parent, t->count += 1;
}

/* The parent rule's weight in the blend (Sdc's ComputeFractionalWeightAtVertex):
 * the mean sharpness of what turned smooth, at most 1. */
MM_HD float mmi_transition_weight(mmi_transition t)
{
    if (t.count == 0) return 0.0f;
    float w = t.sum / (float)t.count;
    return w > 1.0f ? 1.0f : w;
}

/* A vertex whose rule changes from parent to child: w · the parent's mask +
 * (1 − w) · the child's. The crease weights stay apart because they apply to
 * different neighbours: the parent's to its sharp edges, the child's to the
 * edges still sharp one level down. */
typedef struct mmi_vertex_blend {
    mmi_vertex_mask mask;   /* vertex, edge and face weights blended             */
    double parent_crease;   /* on each edge sharp at this level                  */
    double child_crease;    /* on each edge whose child is sharp                 */
} mmi_vertex_blend;

MM_HD mmi_vertex_blend mmi_blend_vertex_masks(mmi_vertex_mask parent, mmi_vertex_mask child, double w)
{
    mmi_vertex_blend b;
    double c = 1.0 - w;
    b.mask.vertex = w * parent.vertex + c * child.vertex;
    b.mask.edge = w * parent.edge + c * child.edge;
    b.mask.face = w * parent.face + c * child.face;
    b.mask.crease = 0.0;
    b.parent_crease = w * parent.crease;
    b.child_crease = c * child.crease;
    return b;
}

/* A vertex's rule at this level and one level down, and the parent rule's
 * weight in the blend (Sdc's ComputeVertexVertexMask), from its sharpness vs,
 * its sharp edges (boundary edges included) at this level and whose children
 * at the vertex are sharp, and what turned smooth (t): a dart moves as a
 * smooth vertex, a smooth parent takes the smooth mask, an unchanged rule
 * its own mask (weight 1), a changed one the blend by the transition
 * weight. A vertex that is a corner whatever its tags (in no face, or with
 * EDGE_AND_CORNER in one face) comes with vs infinite. */
typedef struct mmi_vertex_rules {
    mmi_vertex_rule parent, child;
    double weight;
} mmi_vertex_rules;

MM_HD mmi_vertex_rules mmi_crease_vertex_rules(float vs, int64_t sharp, int64_t child_sharp,
                                               mmi_transition t)
{
    mmi_vertex_rules r;
    r.parent = mmi_sharp_vertex_rule(vs, sharp);
    r.child = mmi_sharp_vertex_rule(mmi_sharpness_decrement(vs), child_sharp);
    if (r.parent == MMI_RULE_DART) r.parent = MMI_RULE_SMOOTH;
    if (r.child == MMI_RULE_DART) r.child = MMI_RULE_SMOOTH;
    if (r.parent == MMI_RULE_SMOOTH) r.child = MMI_RULE_SMOOTH;
    r.weight = r.child != r.parent ? (double)mmi_transition_weight(t) : 1.0;
    return r;
}

/* The weight of the midpoint in the point of an edge of sharpness s (Sdc's
 * ComputeEdgeVertexMask), child_crease when its point is a crease vertex one
 * level down (both child edges sharp): 0 for s = 0 (the smooth mask alone),
 * 1 for a crease child, else s, unclamped as Sdc leaves it. The point is
 * w · midpoint + (1 − w) · the smooth point. */
MM_HD double mmi_sharp_edge_weight(float s, int child_crease)
{
    if (!mmi_is_sharp(s)) return 0.0;
    return child_crease ? 1.0 : (double)s;
}

/* That point's mask from the scheme's smooth mask. */
MM_HD mmi_edge_mask mmi_sharp_edge_blend(mmi_edge_mask smooth, float s, int child_crease)
{
    double w = mmi_sharp_edge_weight(s, child_crease), c = 1.0 - w;
    mmi_edge_mask m = {w * mmi_sharp_edge_mask().end + c * smooth.end, c * smooth.side};
    return m;
}

#endif
