/* crease_rules.h: the generic path's element rules for creases and corners
 * (paper §5.1; Catmull-Clark and Loop) over generic_args.h's arguments, their
 * weights from src/rules/crease.h: level 0's tags as sharpness per edge and
 * vertex, each level's sharpness one level down (the hierarchical numbering
 * gives each child its parent, DESIGN §6), and each vertex's weights α, β
 * and column of W when its rule may differ from the smooth one. A boundary
 * edge (τ = 1 in E) is infinitely sharp whatever its tag says. */
#ifndef MESHMAT_SCHEMES_CREASE_RULES_H
#define MESHMAT_SCHEMES_CREASE_RULES_H

#include "../rules/crease.h"
#include "side_rules.h"

/* Level 0: the edge crease tag i names. */
MM_HD void crease_tag_edge(const mmi_generic_args *g, int64_t i)
{
    g->tag_edges[i] = mmi_tag_edge(g->ends, g->ne, g->crease_ends[2 * i], g->crease_ends[2 * i + 1]);
}

/* Tag i's sharpness into its edge (i < crease tags) or vertex (after them),
 * in the arrays child_sharp and child_vsharp point to: level 0's here. The
 * mesh holds each edge and vertex once (mesh_tags.c), so no two tags write
 * one place. */
MM_HD void crease_tag_set(const mmi_generic_args *g, int64_t i)
{
    if (i < g->crease_tags) {
        g->child_sharp[g->tag_edges[i]] = g->crease_values[i];
    } else {
        int64_t k = i - g->crease_tags;
        g->child_vsharp[g->corner_ids[k]] = g->corner_values[k];
    }
}

/* The sharpness the rules see of E's entry q: infinite on a boundary edge. */
MM_HD float crease_entry_sharpness(const mmi_generic_args *g, int64_t q)
{
    return g->E.values[q] == 1 ? MMI_SHARP_INFINITE : g->sharp[g->ids[q]];
}

/* Level 0: the rank of each edge around vertex i in OpenSubdiv's order (Vtr
 * orders a vertex's edges by walking its faces: from the edge leaving i in
 * its first face, or on the boundary in the face whose edge leaving i is a
 * boundary edge, then each edge entering i, face after face). Sharpness sums
 * around a vertex follow this order, so that their float roundings are
 * Sdc's. A vertex keeps its edges' order at every level (its edges' halves),
 * so level 0's ranks serve all. A vertex where the mesh is not a 2-manifold
 * keeps E's order (Vtr leaves its edges in index order, and its rule,
 * corner or crease along two infinitely sharp edges, sums over no more than
 * two): one whose edges and faces cannot make one fan, or where the walk
 * meets a side F does not hold or an edge E does not. */
MM_HD void crease_edge_order(const mmi_generic_args *g, int64_t i)
{
    uint32_t v = (uint32_t)i;
    int64_t fs = csc_col_start(&g->Mt, i), nf = csc_col_start(&g->Mt, i + 1) - fs;
    int64_t es = csc_col_start(&g->E, i), ne = csc_col_start(&g->E, i + 1) - es;
    MM_ROLLED
    for (int64_t k = 0; k < ne; ++k) {
        uint32_t e = g->ids[es + k];
        g->order0[2 * (int64_t)e + (g->ends[2 * e] == v ? 0 : 1)] = (uint32_t)k;
    }
    if (nf == 0 || (ne != nf && ne != nf + 1)) return;
    uint32_t f = g->Mt.rows[fs], out = 0, prev = 0;
    for (int64_t k = 0; k < nf; ++k) {
        uint32_t h = g->Mt.rows[fs + k];
        int64_t s = csc_col_start(&g->M, h), c = csc_col_start(&g->M, (int64_t)h + 1) - s, p = 0;
        while (p < c && g->M.rows[s + p] != v) ++p;
        uint32_t next = g->M.rows[s + (p + 1) % c];
        if (ne == nf && k == 0) out = next, prev = g->M.rows[s + (p + c - 1) % c], f = h;
        if (ne != nf && csc_find(&g->F, next, v) < 0) {
            out = next, prev = g->M.rows[s + (p + c - 1) % c], f = h;
            break;
        }
    }
    uint32_t e = generic_edge_id(g, v, out);
    if (e == UINT32_MAX) return;
    g->order0[2 * (int64_t)e + (g->ends[2 * e] == v ? 0 : 1)] = 0;
    for (uint32_t k = 1; k < (uint32_t)ne; ++k) {
        e = generic_edge_id(g, prev, v);
        if (e == UINT32_MAX) return;
        g->order0[2 * (int64_t)e + (g->ends[2 * e] == v ? 0 : 1)] = k;
        int64_t q = csc_find(&g->F, v, prev);
        if (q < 0) break;
        f = (uint32_t)g->F.values[q];
        int64_t s = csc_col_start(&g->M, f), c = csc_col_start(&g->M, (int64_t)f + 1) - s, p = 0;
        while (p < c && g->M.rows[s + p] != v) ++p;
        if (p == c) return;
        prev = g->M.rows[s + (p + c - 1) % c];
    }
}

/* The sharp edges around vertex v, as E's entries in OpenSubdiv's order
 * (crease_edge_order) where v is a level-0 vertex, else in E's order (no sum
 * over fewer than three depends on the order, and only level-0 vertices get
 * more than two sharp edges). Past MMI_CREASE_RING sharp edges (n = −1) the
 * walk is E's whole column in E's order. */
#define MMI_CREASE_RING 32

typedef struct crease_ring {
    int n;
    int64_t start, q[MMI_CREASE_RING];
} crease_ring;

MM_HD uint32_t crease_rank(const mmi_generic_args *g, int64_t q, uint32_t v)
{
    uint32_t e0 = g->ids[q] >> g->level;
    return g->order0[2 * (int64_t)e0 + (g->ends0[2 * e0] == v ? 0 : 1)];
}

MM_HD crease_ring crease_ring_at(const mmi_generic_args *g, uint32_t v)
{
    crease_ring r;
    r.n = 0;
    r.start = csc_col_start(&g->E, v);
    for (int64_t q = r.start; q < csc_col_start(&g->E, (int64_t)v + 1); ++q) {
        if (!mmi_is_sharp(crease_entry_sharpness(g, q))) continue;
        if (r.n == MMI_CREASE_RING) {
            r.n = -1;
            return r;
        }
        r.q[r.n++] = q;
    }
    if ((int64_t)v >= g->nv0) return r;
    for (int a = 1; a < r.n; ++a)
        for (int b = a; b > 0 && crease_rank(g, r.q[b], v) < crease_rank(g, r.q[b - 1], v); --b) {
            int64_t t = r.q[b];
            r.q[b] = r.q[b - 1], r.q[b - 1] = t;
        }
    return r;
}

/* The walk's length and its k-th entry of E. */
MM_HD int64_t crease_ring_count(const mmi_generic_args *g, const crease_ring *r, uint32_t v)
{
    return r->n >= 0 ? r->n : csc_col_start(&g->E, (int64_t)v + 1) - r->start;
}

MM_HD int64_t crease_ring_entry(const crease_ring *r, int64_t k)
{
    return r->n >= 0 ? r->q[k] : r->start + k;
}

/* The semi-sharp edges around vertex v for Chaikin's rule, summed in
 * OpenSubdiv's order. */
MM_HD mmi_semi_sharp_sum crease_semi_sharp_at(const mmi_generic_args *g, uint32_t v)
{
    mmi_semi_sharp_sum t = {0.0f, 0};
    crease_ring r = crease_ring_at(g, v);
    for (int64_t k = 0; k < crease_ring_count(g, &r, v); ++k)
        mmi_semi_sharp_add(&t, crease_entry_sharpness(g, crease_ring_entry(&r, k)));
    return t;
}

/* Whether edge e (< |E|) has more than one face: its pair's τ in E, or with
 * edges by face side its own corners. */
MM_HD int crease_edge_inside(const mmi_generic_args *g, int64_t e)
{
    if (g->side) return side_edge_faces(g, e) > 1;
    int64_t q = csc_find(&g->E, g->ends[2 * e + 1], g->ends[2 * e]);
    return q >= 0 && g->E.values[q] != 1;
}

/* Refined edge i: the half 2e or 2e + 1 of edge e takes its parent's
 * sharpness refined at the end it keeps (a_e, b_e); the edges inside faces
 * are smooth, and so are the halves of a boundary edge as tagged (the
 * boundary makes them infinitely sharp, whatever a tag said). */
MM_HD void crease_child_edge(const mmi_generic_args *g, int64_t i)
{
    float s = 0.0f;
    int64_t e = i / 2;
    if (i < 2 * g->ne && crease_edge_inside(g, e)) {
        uint32_t v = g->ends[2 * e + i % 2];
        int64_t edges = csc_col_start(&g->E, (int64_t)v + 1) - csc_col_start(&g->E, v);
        mmi_semi_sharp_sum around = {0.0f, 0};
        if (g->chaikin && mmi_is_semi_sharp(g->sharp[e])) around = crease_semi_sharp_at(g, v);
        s = mmi_child_edge_sharpness(g->sharp[e], g->chaikin, edges, around);
    }
    g->child_sharp[i] = s;
}

/* Refined vertex i: an old vertex's sharpness one level down; new ones are
 * smooth. */
MM_HD void crease_child_vertex(const mmi_generic_args *g, int64_t i)
{
    g->child_vsharp[i] = i < g->nv ? mmi_sharpness_decrement(g->vsharp[i]) : 0.0f;
}

/* The child sharpness the rules see of E's entry q at vertex i: that of the
 * half of edge ids[q] that keeps i; infinite on a boundary edge. */
MM_HD float crease_entry_child_sharpness(const mmi_generic_args *g, int64_t q, uint32_t i)
{
    if (g->E.values[q] == 1) return MMI_SHARP_INFINITE;
    uint32_t e = g->ids[q];
    return g->child_sharp[2 * (int64_t)e + (g->ends[2 * e] == i ? 0 : 1)];
}

/* The scheme's vertex mask for a rule (Catmull-Clark or Loop by g->rule). */
MM_HD mmi_vertex_mask crease_scheme_mask(const mmi_generic_args *g, mmi_vertex_rule rule, double n)
{
    return g->rule == MMI_CC_CREASE_WEIGHTS ? mmi_catmark_vertex_mask(rule, n)
                                            : mmi_loop_vertex_mask(rule, n);
}

/* Vertex i (Sdc's ComputeVertexVertexMask): its rules at this level and one
 * level down from the sharpness of its edges and its own
 * (mmi_crease_vertex_rules), their masks blended where they differ. A vertex
 * in no face, and with EDGE_AND_CORNER a vertex in one face with two edges,
 * is infinitely sharp.
 * Writes α_i, β_i and W's column i (the crease weights per neighbour). */
MM_HD void crease_vertex_weights(const mmi_generic_args *g, int64_t i)
{
    int64_t s = csc_col_start(&g->E, i), e = csc_col_start(&g->E, i + 1);
    int64_t sharp = 0, child_sharp = 0;
    float vs = g->vsharp[i];
    if (g->n[i] == 0.0 || (g->corners && g->n[i] == 1.0 && e - s == 2)) vs = MMI_SHARP_INFINITE;
    mmi_transition t = {0.0f, 0};
    mmi_transition_add(&t, vs, mmi_sharpness_decrement(vs));
    crease_ring r = crease_ring_at(g, (uint32_t)i);
    for (int64_t k = 0; k < crease_ring_count(g, &r, (uint32_t)i); ++k) {
        int64_t q = crease_ring_entry(&r, k);
        float ps = crease_entry_sharpness(g, q), cs = crease_entry_child_sharpness(g, q, (uint32_t)i);
        sharp += mmi_is_sharp(ps);
        child_sharp += mmi_is_sharp(cs);
        mmi_transition_add(&t, ps, cs);
    }
    mmi_vertex_rules vr = mmi_crease_vertex_rules(vs, sharp, child_sharp, t);
    mmi_vertex_mask pm = crease_scheme_mask(g, vr.parent, g->n[i]);
    mmi_vertex_blend b = {pm, pm.crease, 0.0};
    b.mask.crease = 0.0;
    if (vr.child != vr.parent)
        b = mmi_blend_vertex_masks(pm, crease_scheme_mask(g, vr.child, g->n[i]), vr.weight);
    g->alpha[i] = b.mask.vertex;
    g->beta[i] = b.mask.edge;
    for (int64_t q = s; q < e; ++q) {
        float ps = crease_entry_sharpness(g, q), cs = crease_entry_child_sharpness(g, q, (uint32_t)i);
        g->crease_w[q] = (mmi_is_sharp(ps) ? b.parent_crease : 0.0) +
                         (mmi_is_sharp(cs) ? b.child_crease : 0.0);
    }
}

/* Edge e's sharpness as its point's rule sees it: infinite on the boundary,
 * 0 without tags; and whether its point is a crease vertex one level down
 * (both halves sharp). */
MM_HD float crease_edge_sharpness(const mmi_generic_args *g, int64_t e, int boundary)
{
    if (boundary) return MMI_SHARP_INFINITE;
    return g->sharp ? g->sharp[e] : 0.0f;
}

MM_HD int crease_edge_child_crease(const mmi_generic_args *g, int64_t e, int boundary)
{
    if (boundary) return 1;
    return g->sharp && mmi_is_sharp(g->child_sharp[2 * e]) && mmi_is_sharp(g->child_sharp[2 * e + 1]);
}

/* Edge e's mask from the scheme's smooth one (mmi_sharp_edge_blend). */
MM_HD mmi_edge_mask crease_edge_mask(const mmi_generic_args *g, int64_t e, int boundary,
                                     mmi_edge_mask smooth)
{
    return mmi_sharp_edge_blend(smooth, crease_edge_sharpness(g, e, boundary),
                                crease_edge_child_crease(g, e, boundary));
}

/* --- Holes: faces left out of the output that still shape their neighbours */

/* Level 0's face f is a hole when the tags name it (a binary search). */
MM_HD void hole_set(const mmi_generic_args *g, int64_t f)
{
    int64_t lo = 0, hi = g->holes;
    while (lo < hi) {
        int64_t mid = lo + (hi - lo) / 2;
        if ((int64_t)g->hole_faces[mid] < f) lo = mid + 1;
        else hi = mid;
    }
    g->child_hole[f] = lo < g->holes && (int64_t)g->hole_faces[lo] == f;
}

/* MM_BOUNDARY_NONE, as Far's VTX_BOUNDARY_NONE: level 0's face f is also a
 * hole when one of its vertices ends a boundary edge (τ = 1 in E) whose tag
 * does not make it infinitely sharp (sharp NULL: no crease tags). */
MM_HD void hole_boundary(const mmi_generic_args *g, int64_t f)
{
    for (int64_t k = csc_col_start(&g->M, f); k < csc_col_start(&g->M, f + 1); ++k) {
        uint32_t v = g->M.rows[k];
        for (int64_t q = csc_col_start(&g->E, v); q < csc_col_start(&g->E, (int64_t)v + 1); ++q) {
            if (g->E.values[q] != 1) continue;
            float s = g->sharp ? g->sharp[mmi_tag_edge(g->ends, g->ne, v, g->E.rows[q])] : 0.0f;
            if (s < MMI_SHARP_INFINITE) {
                g->child_hole[f] = 1;
                return;
            }
        }
    }
}

/* Face f's children (DESIGN §3: Loop's 4f … 4f + 3, Catmull-Clark's one per
 * corner of f) are holes when f is. */
MM_HD void hole_children(const mmi_generic_args *g, int64_t f)
{
    int64_t s = g->triangles ? 4 * f : csc_col_start(&g->M, f);
    int64_t e = g->triangles ? 4 * f + 4 : csc_col_start(&g->M, f + 1);
    for (int64_t k = s; k < e; ++k) g->child_hole[k] = g->hole[f];
}

#endif
