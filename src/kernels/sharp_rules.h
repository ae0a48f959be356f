/* sharp_rules.h: the element rules of sharp_kernels.h, on the masks of
 * src/rules/crease.h (the generic path's crease rules apply the same ones
 * through its matrices, crease_rules.h).
 *
 * Why a correction is enough: every rule is linear in the points, and a
 * point's smooth value is what the specialized kernels already wrote. A sharp
 * edge's point is w · its midpoint + (1 − w) · its smooth point
 * (mmi_sharp_edge_weight); a vertex's is its parent rule's point blended with
 * its child rule's (mmi_crease_vertex_rules), where the smooth rule's point is
 * the kernels' and the crease and corner rules read only the vertex and its
 * neighbours along sharp edges. The kernels carry ring sums from level to
 * level instead of walking fans: an interior vertex's S1 one level down is the
 * sum of its new edge points, of which the sharp ones moved, so the vertex
 * rule adds each one's move. Every interior vertex keeps full ring sums (its
 * kind stays smooth), so a crease that fades out leaves a smooth vertex with
 * the sums the smooth rule needs; a boundary vertex keeps the kernels' sums
 * along the boundary, whose edges are never corrected. */
#ifndef MESHMAT_KERNELS_SHARP_RULES_H
#define MESHMAT_KERNELS_SHARP_RULES_H

#include "../rules/crease.h"
#include "catmark_topology.h"
#include "sharp_kernels.h"

/* Chaikin's rule averages over a vertex's other semi-sharp edges unless the
 * vertex has fewer than two edges; every end of a sharp interior edge has at
 * least two (each of the edge's two faces brings one more). */
#define SHARP_END_EDGES 2

/* --- Level 0 ------------------------------------------------------------ */

/* Tag i's edge {a, b}, by binary search of the edges sorted by (a_e, b_e). */
MM_HD void sharp_tag_edge(const mmi_sharp_args *g, int64_t i)
{
    uint32_t a = g->crease_ends[2 * i], b = g->crease_ends[2 * i + 1];
    uint32_t lo_v = a < b ? a : b, hi_v = a < b ? b : a;
    int64_t lo = 0, hi = g->lv0.ne;
    while (lo < hi) {
        int64_t mid = lo + (hi - lo) / 2;
        uint32_t x = g->ends[2 * mid], y = g->ends[2 * mid + 1];
        if (x < lo_v || (x == lo_v && y < hi_v)) lo = mid + 1;
        else hi = mid;
    }
    int found = lo < g->lv0.ne && g->ends[2 * lo] == lo_v && g->ends[2 * lo + 1] == hi_v;
    g->tag_edges[i] = found ? (uint32_t)lo : MMI_SK_NONE;
}

/* The corner of level 0 that is v's in its q-th face of Mᵀ. */
MM_HD int64_t sharp_corner_at(const mmi_sharp_args *g, int64_t q)
{
    return sk_start(&g->lv0, g->vt.faces[q]) + g->vt.slots[q] - 1;
}

/* The rank of edge h around level-0 vertex v in OpenSubdiv's order (Vtr's,
 * as crease_edge_order on the generic path): the edge leaving v in its first
 * face (on the boundary, in the first face whose edge leaving v is a boundary
 * edge), then each edge entering v, face after face across them. */
MM_HD uint32_t sharp_rank(const mmi_sharp_args *g, uint32_t v, uint32_t h)
{
    const mmi_sk_level *x = &g->lv0;
    int64_t first = g->vt.ptr[v], n = g->vt.ptr[v + 1] - first;
    int64_t k = sharp_corner_at(g, first);
    for (int64_t q = first; q < first + n; ++q) {
        int64_t c = sharp_corner_at(g, q);
        if (x->side[c] & 2) {
            k = c;
            break;
        }
    }
    if (x->side[k] >> 2 == h) return 0;
    for (uint32_t r = 1; r <= (uint32_t)n; ++r) {
        int64_t p = sk_prev(x, k);
        if (x->side[p] >> 2 == h) return r;
        uint32_t t = sk_twin(x, (uint32_t)p);
        if (t == MMI_SK_NONE) break;
        k = t;
    }
    return (uint32_t)n + 1; /* h is not at v: not on a mesh this path takes */
}

/* Level-0 vertex v's flags, by the rule the kernels give it
 * (sk_vertex_point: its boundary sides). */
MM_HD uint32_t sharp_level0_flags(const mmi_sharp_args *g, uint32_t v)
{
    const mmi_sk_level *x = &g->lv0;
    int64_t first = g->vt.ptr[v], n = g->vt.ptr[v + 1] - first, sharp = 0;
    for (int64_t q = first; q < first + n; ++q) {
        int64_t c = sharp_corner_at(g, q);
        sharp += ((x->side[c] >> 1) & 1) + ((x->side[sk_prev(x, c)] >> 1) & 1);
    }
    mmi_vertex_rule r = mmi_vertex_rule_of(n, sharp, g->corners);
    return (r == MMI_RULE_CREASE ? MMI_SHARP_ON_BOUNDARY : 0u) |
           (r == MMI_RULE_CORNER ? MMI_SHARP_ALWAYS_CORNER : 0u);
}

/* Candidate i: corner tags first (a vertex's entry), then four per crease tag
 * t: the edge's entries at a_e and b_e, and a vertex entry for each end. The
 * sort by vertex, then rank (0: the vertex's own entry), groups them; equal
 * keys are one vertex's entry, of which the first (a corner tag's, the
 * sort being stable) is kept. Untagged (sharpness 0) and boundary edges make
 * none. */
MM_HD void sharp_candidate(const mmi_sharp_args *g, int64_t i)
{
    uint64_t key = UINT64_MAX;
    g->values[i] = (uint32_t)i;
    if (i < g->corner_tags) {
        if (g->corner_values[i] > 0.0f) key = (uint64_t)g->corner_ids[i] << 32;
    } else {
        int64_t t = (i - g->corner_tags) / 4;
        int r = (int)((i - g->corner_tags) % 4);
        uint32_t h = g->tag_edges[t];
        if (h != MMI_SK_NONE && g->crease_values[t] > 0.0f &&
            g->lv0.edge_sides[2 * (int64_t)h + 1] != MMI_SK_NONE) {
            uint32_t v = g->ends[2 * (int64_t)h + (r & 1)];
            key = (uint64_t)v << 32 | (r < 2 ? 1u + sharp_rank(g, v, h) : 0u);
        }
    }
    g->keys[i] = key;
}

MM_HD void sharp_level0_head(const mmi_sharp_args *g, int64_t p)
{
    uint64_t k = g->sorted_keys[p];
    g->heads[p] = k != UINT64_MAX && (p == 0 || k != g->sorted_keys[p - 1]);
}

MM_HD void sharp_put(const mmi_sharp_list *x, int64_t i, uint32_t vertex, uint32_t other,
                     uint32_t edge, uint32_t twin, float s)
{
    x->vertex[i] = vertex, x->other[i] = other, x->edge[i] = edge;
    x->twin[i] = twin, x->s[i] = s, x->child[i] = 0.0f;
}

/* Sorted candidate p into its entry (heads: the inclusive scan of the
 * flags); an edge's entry holds its candidate in `twin` until LEVEL0_TWINS. */
MM_HD void sharp_level0_emit(const mmi_sharp_args *g, int64_t p)
{
    uint64_t k = g->sorted_keys[p];
    if (k == UINT64_MAX || (p > 0 && k == g->sorted_keys[p - 1])) return;
    int64_t slot = g->heads[p] - 1;
    uint32_t c = g->sorted_values[p], v = (uint32_t)(k >> 32);
    if (c < g->corner_tags) {
        sharp_put(&g->out, slot, v, sharp_level0_flags(g, v), MMI_SHARP_VERTEX, 0,
                  g->corner_values[c]);
        return;
    }
    int64_t t = (c - g->corner_tags) / 4;
    int r = (int)((c - g->corner_tags) % 4);
    uint32_t h = g->tag_edges[t];
    if (r >= 2) {
        sharp_put(&g->out, slot, v, sharp_level0_flags(g, v), MMI_SHARP_VERTEX, 0, 0.0f);
        return;
    }
    sharp_put(&g->out, slot, v, g->ends[2 * (int64_t)h + 1 - r], h << 1 | (uint32_t)r, c,
              g->crease_values[t]);
    g->slot_of[c] = (uint32_t)slot;
}

MM_HD void sharp_level0_twin(const mmi_sharp_args *g, int64_t i)
{
    if (g->out.edge[i] == MMI_SHARP_VERTEX) return;
    uint32_t c = g->out.twin[i];
    int r = (int)((c - g->corner_tags) % 4);
    g->out.twin[i] = g->slot_of[c + 1 - 2 * r];
}

/* --- Each level ----------------------------------------------------------- */

/* The end of the group that starts at vertex entry i. */
MM_HD int64_t sharp_group_end(const mmi_sharp_list *x, int64_t i)
{
    int64_t j = i + 1;
    while (j < x->n && x->edge[j] != MMI_SHARP_VERTEX) ++j;
    return j;
}

/* At vertex entry i: the sharpness one level down of the vertex and of each
 * of its edges' halves at it (Chaikin's over the group's semi-sharp edges,
 * summed in order). */
MM_HD void sharp_child(const mmi_sharp_args *g, int64_t i)
{
    const mmi_sharp_list *x = &g->in;
    if (x->edge[i] != MMI_SHARP_VERTEX) return;
    int64_t end = sharp_group_end(x, i);
    mmi_semi_sharp_sum around = {0.0f, 0};
    for (int64_t j = i + 1; j < end; ++j) mmi_semi_sharp_add(&around, x->s[j]);
    x->child[i] = mmi_sharpness_decrement(x->s[i]);
    for (int64_t j = i + 1; j < end; ++j)
        x->child[j] = mmi_child_edge_sharpness(x->s[j], g->chaikin, SHARP_END_EDGES, around);
}

/* Entry i's share of the next level, packed: the entries its vertex keeps (an
 * edge's half still sharp; a vertex entry while the vertex or any half at it
 * stays sharp) | at a_e's entry, the entries of the edge's point (its own and
 * its sharp halves') << 32. Entry n: 0, so that the exclusive scan ends on
 * the totals. */
MM_HD void sharp_count(const mmi_sharp_args *g, int64_t i)
{
    const mmi_sharp_list *x = &g->in;
    uint64_t keep = 0, point = 0;
    if (i < x->n && x->edge[i] == MMI_SHARP_VERTEX) {
        keep = mmi_is_sharp(x->child[i]);
        for (int64_t j = i + 1; j < sharp_group_end(x, i); ++j) keep |= mmi_is_sharp(x->child[j]);
    } else if (i < x->n) {
        int k0 = mmi_is_sharp(x->child[i]), k1 = mmi_is_sharp(x->child[x->twin[i]]);
        keep = (uint64_t)k0;
        if ((x->edge[i] & 1) == 0 && (k0 || k1)) point = 1 + (uint64_t)k0 + (uint64_t)k1;
    }
    g->counts[i] = keep | point << 32;
}

/* Entry i into the next level's list (counts: the exclusive scan of
 * sharp_count's): its vertex's entry at the low offset, and at a_e's entry
 * the group of the edge's point ep(e) = ep_base + e after all the kept
 * ones: its entry, then the halves 2e (ep(e) at its b end) and 2e + 1 (at its
 * a end) that stay sharp, each the twin of its old end's entry. */
MM_HD void sharp_emit(const mmi_sharp_args *g, int64_t i)
{
    const mmi_sharp_list *x = &g->in, *y = &g->out;
    const uint64_t *at = g->counts;
    uint32_t kept = (uint32_t)at[x->n], slot = (uint32_t)at[i];
    int keep = (uint32_t)at[i + 1] != slot;
    if (x->edge[i] == MMI_SHARP_VERTEX) {
        if (keep) sharp_put(y, slot, x->vertex[i], x->other[i], MMI_SHARP_VERTEX, 0, x->child[i]);
        return;
    }
    uint32_t b = x->edge[i] & 1, e = x->edge[i] >> 1, ep = g->ep_base + e;
    uint32_t a_end = b ? x->twin[i] : (uint32_t)i, b_end = b ? (uint32_t)i : x->twin[i];
    int k0 = mmi_is_sharp(x->child[a_end]), k1 = mmi_is_sharp(x->child[b_end]);
    uint32_t q = kept + (uint32_t)(at[a_end] >> 32);
    if (keep)
        sharp_put(y, slot, x->vertex[i], ep, (2 * e + b) << 1 | b, b ? q + 1 + k0 : q + 1,
                  x->child[i]);
    if (b || !(k0 || k1)) return;
    sharp_put(y, q, ep, 0u, MMI_SHARP_VERTEX, 0, 0.0f);
    if (k0)
        sharp_put(y, q + 1, ep, x->vertex[a_end], (2 * e) << 1 | 1u, (uint32_t)at[a_end],
                  x->child[a_end]);
    if (k1)
        sharp_put(y, q + 1 + k0, ep, x->vertex[b_end], (2 * e + 1) << 1, (uint32_t)at[b_end],
                  x->child[b_end]);
}

/* The weight of the midpoint in edge entry j's point. */
MM_HD double sharp_edge_weight(const mmi_sharp_list *x, int64_t j)
{
    int child_crease = mmi_is_sharp(x->child[j]) && mmi_is_sharp(x->child[x->twin[j]]);
    return mmi_sharp_edge_weight(x->s[j], child_crease);
}

/* Component c of the midpoint of edge entry j, whose vertex has value p. */
MM_HD double sharp_midpoint(const mmi_sharp_args *g, int64_t j, double p, int64_t c)
{
    double q = sk_load(g->P, g->f64, (int64_t)g->in.other[j] * g->d + c);
    return mmi_sharp_edge_mask().end * (p + q);
}

/* Component c of the point of vertex entry i (p: its value at level l, y:
 * the kernels' at l + 1) by one rule: smooth is the kernels' value, and so is
 * the crease rule on the boundary; inside, the crease mask over the edges
 * sharp at this level (child 0) or whose halves are sharp one level down
 * (child 1). */
MM_HD double sharp_rule_point(const mmi_sharp_args *g, int64_t i, int64_t end,
                              mmi_vertex_rule rule, int child, int boundary, double p, double y,
                              int64_t c)
{
    const mmi_sharp_list *x = &g->in;
    if (rule == MMI_RULE_SMOOTH || (rule == MMI_RULE_CREASE && boundary)) return y;
    if (rule == MMI_RULE_CORNER) return mmi_corner_vertex_mask().vertex * p;
    mmi_vertex_mask m = mmi_crease_vertex_mask();
    double sum = 0.0;
    for (int64_t j = i + 1; j < end; ++j)
        if (mmi_is_sharp(child ? x->child[j] : x->s[j]))
            sum += sk_load(g->P, g->f64, (int64_t)x->other[j] * g->d + c);
    return m.vertex * p + m.crease * sum;
}

/* At vertex entry i: the vertex's point by its rules (mmi_crease_vertex_rules,
 * a boundary's two edges counted infinitely sharp), and where ring sums
 * follow and the vertex is inside, S1 moved by the moves of its sharp edges'
 * points (read before sharp_edge_point writes them). */
MM_HD void sharp_vertex(const mmi_sharp_args *g, int64_t i)
{
    const mmi_sharp_list *x = &g->in;
    if (x->edge[i] != MMI_SHARP_VERTEX) return;
    int64_t end = sharp_group_end(x, i), d = g->d, v = x->vertex[i];
    int boundary = (x->other[i] & MMI_SHARP_ON_BOUNDARY) != 0;
    float vs = x->other[i] & MMI_SHARP_ALWAYS_CORNER ? MMI_SHARP_INFINITE : x->s[i];
    int64_t sharp = boundary ? 2 : 0, child_sharp = sharp;
    mmi_transition t = {0.0f, 0};
    mmi_transition_add(&t, vs, mmi_sharpness_decrement(vs));
    for (int64_t j = i + 1; j < end; ++j) {
        sharp += mmi_is_sharp(x->s[j]);
        child_sharp += mmi_is_sharp(x->child[j]);
        mmi_transition_add(&t, x->s[j], x->child[j]);
    }
    mmi_vertex_rules r = mmi_crease_vertex_rules(vs, sharp, child_sharp, t);
    int ring = g->ring != NULL && !boundary;
    for (int64_t c = 0; c < d; ++c) {
        double p = sk_load(g->P, g->f64, v * d + c), y = sk_load(g->Y, g->f64, v * d + c);
        if (ring) {
            double move = 0.0;
            for (int64_t j = i + 1; j < end; ++j) {
                double w = sharp_edge_weight(x, j);
                if (w == 0.0) continue;
                double ye = sk_load(g->Y, g->f64, ((int64_t)g->ep_base + (x->edge[j] >> 1)) * d + c);
                move += w * (sharp_midpoint(g, j, p, c) - ye);
            }
            int64_t s1 = v * g->ring_stride + c;
            sk_store(g->ring, g->ring_f64, s1, sk_load(g->ring, g->ring_f64, s1) + move);
        }
        if (r.parent == MMI_RULE_SMOOTH) continue;
        double a = sharp_rule_point(g, i, end, r.parent, 0, boundary, p, y, c);
        double b = r.child == r.parent ? a
                                       : sharp_rule_point(g, i, end, r.child, 1, boundary, p, y, c);
        sk_store(g->Y, g->f64, v * d + c, r.child == r.parent ? a : r.weight * a + (1.0 - r.weight) * b);
    }
}

/* At edge entry i at a_e: the edge's point, w · midpoint + (1 − w) · the
 * kernels' smooth point. */
MM_HD void sharp_edge_point(const mmi_sharp_args *g, int64_t i)
{
    const mmi_sharp_list *x = &g->in;
    if (x->edge[i] == MMI_SHARP_VERTEX || (x->edge[i] & 1)) return;
    double w = sharp_edge_weight(x, i);
    if (w == 0.0) return;
    int64_t d = g->d, row = ((int64_t)g->ep_base + (x->edge[i] >> 1)) * d;
    for (int64_t c = 0; c < d; ++c) {
        double p = sk_load(g->P, g->f64, (int64_t)x->vertex[i] * d + c);
        double y = sk_load(g->Y, g->f64, row + c);
        sk_store(g->Y, g->f64, row + c, w * sharp_midpoint(g, i, p, c) + (1.0 - w) * y);
    }
}

/* --- The level as tags ------------------------------------------------------- */

/* Entry i's tags, packed as sharp_count's: a crease at a_e's entry | a corner
 * at a sharp vertex's << 32; entry n: 0. */
MM_HD void sharp_tag_count(const mmi_sharp_args *g, int64_t i)
{
    const mmi_sharp_list *x = &g->in;
    uint64_t crease = 0, corner = 0;
    if (i < x->n && x->edge[i] == MMI_SHARP_VERTEX) corner = mmi_is_sharp(x->s[i]);
    else if (i < x->n) crease = (x->edge[i] & 1) == 0;
    g->counts[i] = crease | corner << 32;
}

/* Entry i as a tag, at its offset in the scan of sharp_tag_count's. */
MM_HD void sharp_tag(const mmi_sharp_args *g, int64_t i)
{
    const mmi_sharp_list *x = &g->in;
    uint64_t at = g->counts[i], next = g->counts[i + 1];
    uint32_t k = (uint32_t)at, m = (uint32_t)(at >> 32);
    if ((uint32_t)next != k) {
        g->tag_ends[2 * (int64_t)k] = x->vertex[i];
        g->tag_ends[2 * (int64_t)k + 1] = x->other[i];
        g->tag_s[k] = x->s[i];
    }
    if ((uint32_t)(next >> 32) != m) g->tag_corners[m] = x->vertex[i], g->tag_vs[m] = x->s[i];
}

#endif
