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
 * sum of its new edge points, of which the sharp ones moved. Each edge's
 * correction leaves its move, and the next step's correction of each end
 * adds what its smooth step missed for it (the step is linear in the sums),
 * so that a step's corrections are one launch: no vertex reads an edge point
 * the same launch rewrites. Every interior vertex keeps full ring sums (its
 * kind stays smooth), so a crease that fades out leaves a smooth vertex with
 * the sums the smooth rule needs; a boundary vertex keeps the kernels' sums
 * along the boundary, whose edges are never corrected. */
#ifndef MESHMAT_KERNELS_SHARP_RULES_H
#define MESHMAT_KERNELS_SHARP_RULES_H

#include "../rules/crease.h"
#include "catmark_quad_points.h"
#include "catmark_topology.h"
#include "loop_points.h"
#include "sharp_kernels.h"

/* Chaikin's rule averages over a vertex's other semi-sharp edges unless the
 * vertex has fewer than two edges; every end of a sharp interior edge has at
 * least two (each of the edge's two faces brings one more). */
#define SHARP_END_EDGES 2

/* --- Level 0 ------------------------------------------------------------ */

/* Tag i's edge {a, b} (mmi_tag_edge) and its chain: the edge and its
 * sharpness where the edge is inside the mesh and the sharpness above 0,
 * else none. */
MM_HD void sharp_tag_edge(const mmi_sharp_args *g, int64_t i)
{
    const mmi_sharp_set *x = &g->set;
    uint32_t a = g->crease_ends[2 * i], b = g->crease_ends[2 * i + 1];
    uint32_t h = mmi_tag_edge(g->ends, g->lv0.ne, a, b);
    int found = h != UINT32_MAX;
    int sharp = found && g->crease_values[i] > 0.0f &&
                g->lv0.edge_sides[2 * (int64_t)h + 1] != MMI_SK_NONE;
    x->missing[i] = !found;
    x->edge0[i] = sharp ? h : MMI_SK_NONE;
    x->ends[2 * i] = a < b ? a : b, x->ends[2 * i + 1] = a < b ? b : a;
    x->sharp[0][i] = sharp ? g->crease_values[i] : 0.0f;
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
        if (sk_on_boundary(x->side[c])) {
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

/* Level-0 vertex v's kind as the smooth kernels give it (sk_vertex_point,
 * lk_vertex_point: its faces and boundary sides). */
MM_HD uint32_t sharp_level0_kind(const mmi_sharp_args *g, uint32_t v)
{
    const mmi_sk_level *x = &g->lv0;
    int64_t first = g->vt.ptr[v], n = g->vt.ptr[v + 1] - first, sharp = 0;
    for (int64_t q = first; q < first + n; ++q) {
        int64_t c = sharp_corner_at(g, q);
        sharp += ((x->side[c] >> 1) & 1) + ((x->side[sk_prev(x, c)] >> 1) & 1);
    }
    return mmi_kind_of(n, mmi_vertex_rule_of(n, sharp, g->corners));
}

/* Candidate i: corner tags first (a vertex's entry), then four per crease tag
 * t: the chain's entries at a_e and b_e, and a vertex entry for each end.
 * The sort by vertex, then rank (0: the vertex's own entry), groups them;
 * equal keys are one vertex's entry, of which the first (a corner tag's, the
 * sort being stable) is kept. Corners of sharpness 0 and tags without a
 * chain make none. */
MM_HD void sharp_candidate(const mmi_sharp_args *g, int64_t i)
{
    uint64_t key = UINT64_MAX;
    g->values[i] = (uint32_t)i;
    if (i < g->corner_tags) {
        if (g->corner_values[i] > 0.0f) key = (uint64_t)g->corner_ids[i] << 32;
    } else {
        int64_t t = (i - g->corner_tags) / 4;
        int r = (int)((i - g->corner_tags) % 4);
        uint32_t h = g->set.edge0[t];
        if (h != MMI_SK_NONE) {
            uint32_t v = g->set.ends[2 * t + (r & 1)];
            key = (uint64_t)v << 32 | (r < 2 ? 1u + sharp_rank(g, v, h) : 0u);
        }
    }
    g->keys[i] = key;
}

MM_HD void sharp_head(const mmi_sharp_args *g, int64_t p)
{
    uint64_t k = g->sorted_keys[p];
    g->heads[p] = k != UINT64_MAX && (p == 0 || k != g->sorted_keys[p - 1]);
}

/* Sorted candidate p into its entry (heads: the inclusive scan of the
 * flags); the last candidate writes the count. */
MM_HD void sharp_emit(const mmi_sharp_args *g, int64_t p)
{
    const mmi_sharp_set *x = &g->set;
    uint64_t k = g->sorted_keys[p];
    if (p + 1 == g->candidates) *x->size = g->heads[p];
    if (k == UINT64_MAX || (p > 0 && k == g->sorted_keys[p - 1])) return;
    int64_t slot = g->heads[p] - 1;
    uint32_t c = g->sorted_values[p], v = (uint32_t)(k >> 32);
    int64_t t = (c - g->corner_tags) / 4;
    int r = (int)((c - g->corner_tags) % 4);
    x->vertex[slot] = v;
    if (c >= g->corner_tags && r < 2) {
        x->code[slot] = (uint32_t)t << 1 | (uint32_t)r;
        x->kind[slot] = 0u, x->vs[slot] = 0.0f;
        x->entry[2 * t + r] = (uint32_t)slot;
        return;
    }
    x->code[slot] = MMI_SHARP_VERTEX;
    x->kind[slot] = sharp_level0_kind(g, v);
    x->vs[slot] = c < g->corner_tags ? g->corner_values[c] : 0.0f;
}

/* --- A level's chains and groups ------------------------------------------ */

/* The vertex at position p of chain t at level l (sharp_kernels.h). */
MM_HD uint32_t sharp_chain_vertex(const mmi_sharp_args *g, uint32_t t, int l, int64_t p)
{
    if (p == 0) return g->set.ends[2 * (int64_t)t];
    if (p == (int64_t)1 << l) return g->set.ends[2 * (int64_t)t + 1];
    int j = 0;
    while (((p >> j) & 1) == 0) ++j;
    int m = l - j; /* born at level m, on an edge of level m − 1 */
    int64_t e = ((int64_t)g->set.edge0[t] << (m - 1)) + (p >> (j + 1));
    return g->ep_base[m - 1] + (uint32_t)e;
}

/* The start and end of the group of level-0 entry i. */
MM_HD int64_t sharp_group_start(const mmi_sharp_set *x, int64_t i)
{
    while (x->code[i] != MMI_SHARP_VERTEX) --i;
    return i;
}

MM_HD int64_t sharp_group_end(const mmi_sharp_set *x, int64_t i)
{
    int64_t j = i + 1, n = *x->size;
    while (j < n && x->code[j] != MMI_SHARP_VERTEX) ++j;
    return j;
}

/* The level-l edge at the level-0 end of chain entry code c. */
MM_HD int64_t sharp_end_edge(uint32_t c, int l)
{
    return c & 1 ? ((int64_t)1 << l) - 1 : 0;
}

/* That edge's slot at level l (chain-major, sharp_kernels.h). */
MM_HD int64_t sharp_end_slot(uint32_t c, int l)
{
    return ((int64_t)(c >> 1) << l) + sharp_end_edge(c, l);
}

/* The sharpness at level l of the edges of the group whose entry is i,
 * semi-sharp ones summed in order (Chaikin's mean). */
MM_HD mmi_semi_sharp_sum sharp_group_semi_sharp(const mmi_sharp_args *g, int64_t i)
{
    const mmi_sharp_set *x = &g->set;
    int l = g->level;
    mmi_semi_sharp_sum around = {0.0f, 0};
    int64_t first = sharp_group_start(x, i), end = sharp_group_end(x, first);
    for (int64_t j = first + 1; j < end; ++j) {
        uint32_t c = x->code[j];
        mmi_semi_sharp_add(&around, x->sharp[l][sharp_end_slot(c, l)]);
    }
    return around;
}

/* Slot i = (t, k) of level l (chain t's edge k, t = i >> l): its halves'
 * sharpness at level l + 1, slots 2i (at its a end, position k) and 2i + 1
 * (at its b end). Chaikin's mean at an inner vertex of the chain is over
 * the chain's two edges there; at a level-0 end over its group. */
MM_HD void sharp_child(const mmi_sharp_args *g, int64_t i)
{
    const mmi_sharp_set *x = &g->set;
    int l = g->level;
    int64_t t = i >> l, k = i & (((int64_t)1 << l) - 1), last = ((int64_t)1 << l) - 1;
    float s = x->sharp[l][i], *next = x->sharp[l + 1];
    for (int b = 0; b < 2; ++b) {
        mmi_semi_sharp_sum around = {0.0f, 0};
        if (g->chaikin && mmi_is_semi_sharp(s)) {
            if (b == 0 ? k == 0 : k == last) {
                around = sharp_group_semi_sharp(g, x->entry[2 * t + b]);
            } else {
                mmi_semi_sharp_add(&around, x->sharp[l][b ? i : i - 1]);
                mmi_semi_sharp_add(&around, x->sharp[l][b ? i + 1 : i]);
            }
        }
        next[2 * i + b] = mmi_child_edge_sharpness(s, g->chaikin, SHARP_END_EDGES, around);
    }
}

/* A level-l edge of chain t (its edge k) seen from one end (at_b: its b
 * end): its sharpness, its half's at that end one level down, whether its
 * point is a crease one level down (both halves sharp), the vertex at its
 * other end, and the row of its point at level l + 1. */
typedef struct sharp_edge {
    float s, child;
    int child_crease;
    uint32_t other;
    int64_t point;
} sharp_edge;

MM_HD sharp_edge sharp_edge_of(const mmi_sharp_args *g, uint32_t t, int at_b, int64_t k)
{
    int l = g->level;
    int64_t i = ((int64_t)t << l) + k;
    const float *next = g->set.sharp[l + 1];
    float ha = next[2 * i], hb = next[2 * i + 1];
    sharp_edge e;
    e.s = g->set.sharp[l][i];
    e.child = at_b ? hb : ha;
    e.child_crease = mmi_is_sharp(ha) && mmi_is_sharp(hb);
    e.other = sharp_chain_vertex(g, t, l, at_b ? k : k + 1);
    e.point = (int64_t)g->ep_base[l] + ((int64_t)g->set.edge0[t] << l) + k;
    return e;
}

/* The sharp edges around a vertex: an inner vertex of chain t (position k,
 * between its edges k − 1 and k; size 0), or the chains of the group whose
 * vertex entry is first, up to the next vertex entry or the set's size. */
typedef struct sharp_around {
    uint32_t t;
    int64_t k, first, size;
} sharp_around;

/* Edge j around a into *e, with the level-(l − 1) slot of the edge it
 * halves at the vertex into *up (−1 where the vertex was born at level l:
 * its sums were gathered there, not carried); 0 past the last edge. */
MM_HD int sharp_around_at(const mmi_sharp_args *g, const sharp_around *a, int64_t j,
                          sharp_edge *e, int64_t *up)
{
    int l = g->level;
    if (a->size == 0) {
        if (j >= 2) return 0;
        *e = sharp_edge_of(g, a->t, j == 0, j == 0 ? a->k - 1 : a->k);
        /* at an even position it was the vertex at k / 2 one level up,
           between slots k / 2 − 1 and k / 2 */
        *up = a->k & 1 ? -1 : ((int64_t)a->t << (l - 1)) + a->k / 2 - (j == 0);
        return 1;
    }
    int64_t i = a->first + 1 + j;
    uint32_t code = i < a->size ? g->set.code[i] : MMI_SHARP_VERTEX;
    if (code == MMI_SHARP_VERTEX) return 0;
    *e = sharp_edge_of(g, code >> 1, (int)(code & 1), sharp_end_edge(code, l));
    *up = l > 0 ? sharp_end_slot(code, l - 1) : -1;
    return 1;
}

/* A vertex's point by one rule (p: its value at level l, y: its smooth
 * value at l + 1, sum: its neighbours along the edges sharp for that rule,
 * at this level for the parent rule, one level down for the child rule):
 * smooth is y, and so is the crease rule on the boundary; inside, the
 * crease mask. */
MM_HD double sharp_rule_point(mmi_vertex_rule rule, int boundary, double p, double y, double sum)
{
    if (rule == MMI_RULE_SMOOTH || (rule == MMI_RULE_CREASE && boundary)) return y;
    if (rule == MMI_RULE_CORNER) return mmi_corner_vertex_mask().vertex * p;
    mmi_vertex_mask m = mmi_crease_vertex_mask();
    return m.vertex * p + m.crease * sum;
}

/* The kind of a vertex born on an interior edge (a chain's inner vertex):
 * smooth, in four quads or six triangles. */
MM_HD uint32_t sharp_inner_kind(const mmi_sharp_set *x)
{
    return mmi_kind_of(x->order == 3 ? 6 : 4, MMI_RULE_SMOOTH);
}

/* The smooth step of a vertex of kind from (p, S1, S2), the scheme's
 * (sk_vertex_step, lk_vertex_step; Loop's has no S2): out = (v', S1', S2'). */
MM_HD void sharp_step(const mmi_sharp_set *x, uint32_t kind, double p, double s1, double s2,
                      double out[3])
{
    if (x->order == 3) {
        lk_vertex_step(kind, p, s1, out);
        out[2] = 0.0;
    } else {
        sk_vertex_step(kind, p, s1, s2, out);
    }
}

/* Component c of vertex v's final row (the kernels took v two levels down by
 * its kind's smooth step from its point and sums as they made them) moved by
 * the changes dp to its point, ds1 and ds2 to its S1 and S2: the step is
 * linear in (p, S1, S2). */
MM_HD void sharp_final_move(const mmi_sharp_args *g, uint32_t kind, uint32_t v, int64_t c,
                            double dp, double ds1, double ds2)
{
    double next[3];
    if (dp == 0.0 && ds1 == 0.0 && ds2 == 0.0) return;
    sharp_step(&g->set, kind, dp, ds1, ds2, next);
    int64_t i = (int64_t)v * g->d + c;
    sk_store(g->final, g->f64, i, sk_load(g->final, g->f64, i) + next[0]);
}

/* Component c of vertex v with sharpness vs and kind, its sharp edges a
 * (one pass over them: each edge's data, its neighbour and its move one
 * step up are loaded once): what the kernels' step made of v (its point,
 * and its sums or final row) moved by the step of the move its carried S1
 * missed (the moves of its sharp edges' points one step up, boundary
 * vertices none), then its point by its rules (mmi_crease_vertex_rules, a
 * boundary's two edges counted infinitely sharp; with final rows, the
 * final row moved by the step of that change too). */
MM_HD void sharp_vertex_point(const mmi_sharp_args *g, uint32_t v, float vs, uint32_t kind,
                              const sharp_around *a, int64_t c)
{
    int boundary = mmi_kind_rule(kind) == MMI_RULE_CREASE;
    int64_t sharp = boundary ? 2 : 0, child_sharp = sharp, d = g->d, up;
    if (mmi_kind_rule(kind) == MMI_RULE_CORNER) vs = MMI_SHARP_INFINITE;
    mmi_transition t = {0.0f, 0};
    mmi_transition_add(&t, vs, mmi_sharpness_decrement(vs));
    double sum = 0.0, child_sum = 0.0, missed = 0.0;
    sharp_edge e;
    for (int64_t j = 0; sharp_around_at(g, a, j, &e, &up); ++j) {
        int now = mmi_is_sharp(e.s), next = mmi_is_sharp(e.child);
        sharp += now, child_sharp += next;
        mmi_transition_add(&t, e.s, e.child);
        if (now || next) {
            double q = sk_load(g->P, g->f64, (int64_t)e.other * d + c);
            if (now) sum += q;
            if (next) child_sum += q;
        }
        /* a smooth edge's move is 0, and not stored where its chain was
           not run (moved_some, mmi_sharp_rank) */
        if (!boundary && up >= 0 && g->moved != NULL &&
            (!g->moved_some || mmi_is_sharp(g->set.sharp[g->level - 1][up])))
            missed += g->moved[up * d + c];
    }
    mmi_vertex_rules r = mmi_crease_vertex_rules(vs, sharp, child_sharp, t);
    double was[3] = {0.0, 0.0, 0.0};
    if (missed != 0.0) sharp_step(&g->set, kind, 0.0, missed, 0.0, was);
    double p = sk_load(g->P, g->f64, (int64_t)v * d + c);
    mmi_wait_prior_grid(); /* the smooth kernels' Y, sums and final rows */
    double y = sk_load(g->Y, g->f64, (int64_t)v * d + c), smooth = y + was[0], moved = smooth;
    if (g->ring != NULL && (was[1] != 0.0 || was[2] != 0.0)) {
        int64_t s1 = (int64_t)v * g->ring_stride + c;
        sk_store(g->ring, g->f64, s1, sk_load(g->ring, g->f64, s1) + was[1]);
        if (g->set.order != 3)
            sk_store(g->ring, g->f64, s1 + d, sk_load(g->ring, g->f64, s1 + d) + was[2]);
    }
    if (r.parent != MMI_RULE_SMOOTH) {
        double pa = sharp_rule_point(r.parent, boundary, p, smooth, sum);
        moved = r.child == r.parent ? pa
                                    : r.weight * pa + (1.0 - r.weight) *
                                          sharp_rule_point(r.child, boundary, p, smooth, child_sum);
    }
    if (moved != y) sk_store(g->Y, g->f64, (int64_t)v * d + c, moved);
    if (g->final != NULL) sharp_final_move(g, kind, v, c, moved - y, was[1], was[2]);
}

/* Whether slot i's vertex (position k ≥ 1 of its chain, between slots i − 1
 * and i) is left as the kernels made it: both its edges smooth at level l,
 * so their halves one level down too (sharpness never grows), and, where it
 * is a vertex of level l − 1 (k even) with carried moves, the two edges
 * those halve (slots i / 2 − 1 and i / 2 of level l − 1) smooth there, so
 * that their moves, which its sums missed, are 0. Its rules are then the
 * smooth one and its correction changes nothing; where creases are many and
 * most are semi-sharp (the benchmark's random tags: sharpness 0.5 to 3 on
 * four in five), most slots are such by the last levels, and their threads
 * stop after these loads. */
MM_HD int sharp_inner_unmoved(const mmi_sharp_args *g, int64_t i, int64_t k)
{
    const float *s = g->set.sharp[g->level];
    if (mmi_is_sharp(s[i - 1]) || mmi_is_sharp(s[i])) return 0;
    if (k & 1 || g->moved == NULL) return 1;
    const float *up = g->set.sharp[g->level - 1];
    return !mmi_is_sharp(up[i / 2 - 1]) && !mmi_is_sharp(up[i / 2]);
}

/* The slot of element i < live 2^l of level l: edge k = i mod 2^l of chain
 * *t = ranked[i >> l] (i >> l where ranked is NULL: every chain runs). */
MM_HD int64_t sharp_ranked_slot(const mmi_sharp_args *g, int64_t i, int64_t *t, int64_t *k)
{
    int l = g->level;
    *t = g->set.ranked ? g->set.ranked[i >> l] : i >> l, *k = i & (((int64_t)1 << l) - 1);
    return (*t << l) + *k;
}

/* Element q = i d + c of level l, component c of element i: i < live 2^l,
 * the inner vertex of a ranked chain t at position k (sharp_ranked_slot,
 * k ≥ 1); past them, level-0 vertex entry i − live 2^l with its group.
 * A component an element, so that a correction's loads are one round
 * whatever the width (a level's corrections are few and wait on latency). */
MM_HD void sharp_vertex(const mmi_sharp_args *g, int64_t q)
{
    const mmi_sharp_set *x = &g->set;
    int l = g->level;
    int64_t slots = g->live << l, i = q / g->d, c = q % g->d;
    if (i < slots) {
        int64_t t, k, at = sharp_ranked_slot(g, i, &t, &k);
        if (k == 0 || x->edge0[t] == MMI_SK_NONE || sharp_inner_unmoved(g, at, k)) return;
        sharp_around a = {(uint32_t)t, k, 0, 0};
        sharp_vertex_point(g, sharp_chain_vertex(g, (uint32_t)t, l, k), 0.0f, sharp_inner_kind(x),
                           &a, c);
        return;
    }
    int64_t e = i - slots, size = *x->size;
    if (e >= size || x->code[e] != MMI_SHARP_VERTEX) return;
    sharp_around a = {0u, 0, e, size};
    sharp_vertex_point(g, x->vertex[e], mmi_sharpness_after(x->vs[e], l), x->kind[e], &a, c);
}

/* Element q = i d + c of level l, i < live 2^l: component c of the edge
 * point of ranked slot i (sharp_ranked_slot), w · midpoint + (1 − w) · the
 * kernels' smooth point, and its move left for the next step's correction
 * of its ends (0 for a smooth edge, whose weight is 0: its thread then
 * neither walks nor waits). */
MM_HD void sharp_edge_point(const mmi_sharp_args *g, int64_t q)
{
    int l = g->level;
    int64_t d = g->d, c = q % d, t, k, at = sharp_ranked_slot(g, q / d, &t, &k);
    if (g->set.edge0[t] == MMI_SK_NONE) return;
    double move = 0.0;
    if (mmi_is_sharp(g->set.sharp[l][at])) {
        sharp_edge e = sharp_edge_of(g, (uint32_t)t, 0, k);
        double w = mmi_sharp_edge_weight(e.s, e.child_crease);
        int64_t a = sharp_chain_vertex(g, (uint32_t)t, l, k);
        double pa = sk_load(g->P, g->f64, a * d + c);
        double pb = sk_load(g->P, g->f64, (int64_t)e.other * d + c);
        double mid = mmi_sharp_edge_mask().end * (pa + pb);
        mmi_wait_prior_grid(); /* the smooth kernels' Y */
        double y = sk_load(g->Y, g->f64, e.point * d + c);
        move = w * (mid - y);
        sk_store(g->Y, g->f64, e.point * d + c, y + move);
    }
    if (g->moves != NULL) g->moves[at * d + c] = move;
}

/* Element q of level l's corrections: the vertices' components first
 * (sharp_vertex: the longer walks), then the edges' (sharp_edge_point).
 * Neither reads what the other writes. On CUDA they are launched early
 * (mmi_grid_for_early): each walks its sharp edges and loads level l's
 * points, which were made before the smooth kernels of this step began,
 * and computes its rules while those kernels run; it waits for them
 * (mmi_wait_prior_grid) before it reads or writes level l + 1's points, the
 * ring sums or the final rows. (The moves of level l, which a smooth edge
 * stores without waiting, are no kernel's of this step: the last to touch
 * their half of the buffer was the correction before.) */
MM_HD void sharp_point(const mmi_sharp_args *g, int64_t q)
{
    int64_t vertices = ((g->live << g->level) + g->set.cap) * g->d;
    if (q < vertices) sharp_vertex(g, q);
    else sharp_edge_point(g, q - vertices);
}

/* Chain i's sharp levels: 1 + the last level l < L where one of its edges
 * is sharp, 0 where none is (a smooth edge's halves are smooth: from the
 * last level up, the first with one). Step l's corrections change its
 * points only where it is sharp at l, or at l − 1 for the moves its
 * vertices' sums missed: where its sharp levels are at least l (and 1). */
MM_HD void sharp_levels(const mmi_sharp_args *g, int64_t i)
{
    const mmi_sharp_set *x = &g->set;
    uint32_t n = 0;
    for (int l = x->levels - 1; l >= 0 && n == 0; --l)
        for (int64_t k = 0; k < ((int64_t)1 << l) && n == 0; ++k)
            if (mmi_is_sharp(x->sharp[l][(i << l) + k])) n = (uint32_t)l + 1;
    g->sharp_levels[i] = n;
}

/* --- The level as tags ------------------------------------------------------- */

/* Element i of level l, as sharp_vertex's: a crease at a sharp slot | a
 * corner at a sharp vertex's entry << 32; past them 0 (the scan's end). */
MM_HD void sharp_tag_count(const mmi_sharp_args *g, int64_t i)
{
    const mmi_sharp_set *x = &g->set;
    int l = g->level;
    int64_t slots = x->chains << l, e = i - slots;
    uint64_t crease = 0, corner = 0;
    if (i < slots) crease = x->edge0[i >> l] != MMI_SK_NONE && mmi_is_sharp(x->sharp[l][i]);
    else if (e < *x->size && x->code[e] == MMI_SHARP_VERTEX)
        corner = mmi_is_sharp(mmi_sharpness_after(x->vs[e], l));
    g->counts[i] = crease | corner << 32;
}

/* Element i as a tag, at its offset in the scan of sharp_tag_count's. */
MM_HD void sharp_tag(const mmi_sharp_args *g, int64_t i)
{
    const mmi_sharp_set *x = &g->set;
    int l = g->level;
    int64_t slots = x->chains << l;
    uint64_t at = g->counts[i], next = g->counts[i + 1];
    uint32_t k = (uint32_t)at, m = (uint32_t)(at >> 32);
    if ((uint32_t)next != k) {
        uint32_t t = (uint32_t)(i >> l);
        int64_t p = i & (((int64_t)1 << l) - 1);
        g->tag_ends[2 * (int64_t)k] = sharp_chain_vertex(g, t, l, p);
        g->tag_ends[2 * (int64_t)k + 1] = sharp_chain_vertex(g, t, l, p + 1);
        g->tag_s[k] = x->sharp[l][i];
    }
    if ((uint32_t)(next >> 32) != m) {
        int64_t e = i - slots;
        g->tag_corners[m] = x->vertex[e];
        g->tag_vs[m] = mmi_sharpness_after(x->vs[e], l);
    }
}

#endif
