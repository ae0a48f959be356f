/* tri_rules.h: the element rules of the triangle schemes' generic paths
 * (paper Appendix A, B) over generic_args.h's arguments, their weights from
 * src/rules; generic_rules.h dispatches them with Catmull-Clark's, so one CPU
 * loop and one CUDA kernel run every scheme's rules. Faces are triangles:
 * face f's corners are M's entries 3f, 3f + 1, 3f + 2 in cyclic order. */
#ifndef MESHMAT_SCHEMES_TRI_RULES_H
#define MESHMAT_SCHEMES_TRI_RULES_H

#include "crease_rules.h"

/* Corner c (mod 3) of triangle f. */
MM_HD uint32_t tri_vertex(const mmi_generic_args *g, int64_t f, int64_t c)
{
    return g->M.rows[csc_col_start(&g->M, f) + c % 3];
}

/* The corner of v in triangle f (0, 1, 2), or 3 when v is not in it. */
MM_HD int tri_corner_of(const mmi_generic_args *g, int64_t f, uint32_t v)
{
    int c = 0;
    while (c < 3 && tri_vertex(g, f, c) != v) ++c;
    return c;
}

/* The face with side a → b (F of eq. 6–7), or −1 when b → a is a boundary side. */
MM_HD int64_t tri_side_face(const mmi_generic_args *g, uint32_t a, uint32_t b)
{
    int64_t q = csc_find(&g->F, a, b);
    return q < 0 ? -1 : g->F.values[q];
}

/* The vertex opposite the side leaving corner k (3f + c) of its triangle. */
MM_HD uint32_t tri_corner_opposite(const mmi_generic_args *g, int64_t k)
{
    return tri_vertex(g, k / 3, k % 3 + 2);
}

/* --- Loop (Appendix B) --------------------------------------------------- */

/* G(i, j) of eq. 30: the vertex opposite side i → j, i.e. the one after j in
 * the face F(i, j); UINT32_MAX when no face has the side (a boundary). The
 * lambda reads F (eq. 6–7) and M, so G is never stored. */
MM_HD uint32_t loop_opposite(const mmi_generic_args *g, uint32_t i, uint32_t j)
{
    int64_t f = tri_side_face(g, i, j);
    return f < 0 ? UINT32_MAX : tri_vertex(g, f, tri_corner_of(g, f, j) + 1);
}

/* Row e of the edge-point matrix R (|E| × |V|, 4 weighted entries,
 * mmi_loop_edge_mask): a, b, then p_G(a,b) and p_G(b,a) (Figure 13, left);
 * on a boundary edge (a, b, a, b) with the sides' weights 0. */
MM_HD void loop_stencil(const mmi_generic_args *g, int64_t e)
{
    uint32_t a = g->ends[2 * e], b = g->ends[2 * e + 1], c, d;
    int boundary;
    if (g->side) { /* opposite its first two corners' sides */
        boundary = side_edge_faces(g, e) < 2;
        c = boundary ? a : tri_corner_opposite(g, side_edge_corner(g, e, 0));
        d = boundary ? b : tri_corner_opposite(g, side_edge_corner(g, e, 1));
    } else {
        c = loop_opposite(g, a, b), d = loop_opposite(g, b, a);
        boundary = c == UINT32_MAX || d == UINT32_MAX;
    }
    generic_edge_row(g, e, boundary, c, d, crease_edge_mask(g, e, boundary, mmi_loop_edge_mask(0)));
}

/* S(p_i) = α p_i + β Σ_j p_j + β_b Σ_boundary p_j (mmi_loop_vertex_mask). */
MM_HD void loop_vertex_weights(const mmi_generic_args *g, int64_t i)
{
    generic_vertex_weights(g, i, mmi_loop_vertex_mask(generic_vertex_rule(g, i), g->n[i]));
}

/* The 1 → 4 split of triangle f = (v_0, v_1, v_2) (DESIGN §3): child 4f + c
 * = (v_c, ep(v_c v_{c+1}), ep(v_{c−1} v_c)) is corner c's triangle, child
 * 4f + 3 = (ep(v_0 v_1), ep(v_1 v_2), ep(v_2 v_0)) the centre; ep(e) = |V| + e.
 * All keep the parent's orientation. */
MM_HD void loop_triangles(const mmi_generic_args *g, int64_t f)
{
    uint32_t v[3], ep[3];
    for (int c = 0; c < 3; ++c) v[c] = tri_vertex(g, f, c);
    for (int c = 0; c < 3; ++c)
        ep[c] = (uint32_t)g->nv +
                (g->side ? g->side[3 * f + c] : generic_edge_id(g, v[c], v[(c + 1) % 3]));
    uint32_t *t = g->quads + 12 * f;
    for (int c = 0; c < 3; ++c) {
        t[3 * c] = v[c];
        t[3 * c + 1] = ep[c];
        t[3 * c + 2] = ep[(c + 2) % 3];
    }
    t[9] = ep[0], t[10] = ep[1], t[11] = ep[2];
}

/* Refined edges: the halves 2e, 2e + 1 (ep(e) = |V| + e), then three inner
 * edges per face, 2|E| + 3f + c = (ep(v_c v_{c+1}), ep(v_{c−1} v_c)): the side
 * of corner triangle 4f + c that faces the centre. */
MM_HD void loop_child_edge(const mmi_generic_args *g, int64_t i)
{
    uint32_t x, y;
    if (i < 2 * g->ne) {
        generic_split_edge(g, i, g->nv, &x, &y);
    } else {
        int64_t k = i - 2 * g->ne, f = k / 3, c = k % 3;
        x = g->quads[3 * (4 * f + c) + 1];
        y = g->quads[3 * (4 * f + c) + 2];
    }
    g->out_ends[2 * i] = x;
    g->out_ends[2 * i + 1] = y;
}

/* --- √3 (Appendix A) ------------------------------------------------------ */

/* The corner c of triangle f whose side v_c → v_{c+1} is on the boundary, or
 * −1. On odd levels a triangle has at most one (docs/schemes.md). */
MM_HD int sqrt3_boundary_corner(const mmi_generic_args *g, int64_t f)
{
    for (int c = 0; c < 3; ++c)
        if (tri_side_face(g, tri_vertex(g, f, c + 1), tri_vertex(g, f, c)) < 0) return c;
    return -1;
}

/* The new vertex that triangle f places beside its side a → b: its face point
 * |V| + f (eq. 26), except on odd levels for a triangle (p, q, c) with the
 * boundary side p → q, which gets two points on that side instead (Kobbelt
 * §4, OpenMesh Sqrt3T): x (near p) = |V| + f beside c → p, and y (near q) =
 * |V| + |F| + rank(f) beside q → c. */
MM_HD uint32_t sqrt3_point(const mmi_generic_args *g, int64_t f, uint32_t a)
{
    int c = g->odd ? sqrt3_boundary_corner(g, f) : -1;
    if (c >= 0 && a == tri_vertex(g, f, c + 1)) return (uint32_t)(g->nv + g->nf + g->rank[f]);
    return (uint32_t)(g->nv + f);
}

/* Figure 12's triangle-centric rule: corner t (vertex k, side k → l of face
 * f) makes refined triangle t = (k, point of F(l, k) beside l → k, point of f
 * beside k → l), the flip of edge kl done implicitly. A boundary side k → l
 * is not flipped: (k, l, fp(f)) on even levels; on odd levels it is split in
 * three and corner t makes the middle triangle (x, y, c). */
MM_HD void sqrt3_triangle(const mmi_generic_args *g, int64_t t)
{
    int64_t f = t / 3, c = t % 3;
    uint32_t k = tri_vertex(g, f, c), l = tri_vertex(g, f, c + 1);
    int64_t h = tri_side_face(g, l, k);
    uint32_t *out = g->quads + 3 * t;
    if (h >= 0) {
        out[0] = k, out[1] = sqrt3_point(g, h, l), out[2] = sqrt3_point(g, f, k);
    } else if (!g->odd) {
        out[0] = k, out[1] = l, out[2] = (uint32_t)(g->nv + f);
    } else {
        out[0] = (uint32_t)(g->nv + f);
        out[1] = (uint32_t)(g->nv + g->nf + g->rank[f]);
        out[2] = tri_vertex(g, f, c + 2);
    }
}

/* Refined edges (|E| + nnz, plus |B| on odd levels with B the boundary
 * triangles): edge e becomes the flipped edge between the points beside it,
 * or stays (a, b) on the boundary of an even level, or its first third
 * (p, x) on an odd one; corner t adds (k, point of f beside k → l), on a
 * boundary side (k, fp(f)) (even) or the middle third (x, y) (odd); then
 * boundary triangle number r adds (c, y). */
MM_HD void sqrt3_child_edge(const mmi_generic_args *g, int64_t i)
{
    uint32_t x, y;
    int64_t nnz = 3 * g->nf;
    if (i < g->ne) {
        uint32_t a = g->ends[2 * i], b = g->ends[2 * i + 1];
        int64_t fab = tri_side_face(g, a, b), fba = tri_side_face(g, b, a);
        if (fab >= 0 && fba >= 0) {
            x = sqrt3_point(g, fab, a), y = sqrt3_point(g, fba, b);
        } else if (!g->odd) {
            x = a, y = b;
        } else {
            x = fab >= 0 ? a : b;
            y = (uint32_t)(g->nv + (fab >= 0 ? fab : fba));
        }
    } else if (i < g->ne + nnz) {
        int64_t t = i - g->ne, f = t / 3, c = t % 3;
        uint32_t k = tri_vertex(g, f, c), l = tri_vertex(g, f, c + 1);
        x = k, y = (uint32_t)(g->nv + f);
        if (tri_side_face(g, l, k) >= 0) y = sqrt3_point(g, f, k);
        else if (g->odd) x = (uint32_t)(g->nv + f), y = (uint32_t)(g->nv + g->nf + g->rank[f]);
    } else {
        int64_t r = i - g->ne - nnz, f = g->bfaces[r];
        x = tri_vertex(g, f, sqrt3_boundary_corner(g, f) + 2);
        y = (uint32_t)(g->nv + g->nf + r);
    }
    g->out_ends[2 * i] = x;
    g->out_ends[2 * i + 1] = y;
}

/* S(p_i) = α p_i + β Σ_j p_j + β_b Σ_boundary p_j (mmi_sqrt3_vertex_mask,
 * on the level's parity; √3 has no EDGE_AND_CORNER corners). */
MM_HD void sqrt3_vertex_weights(const mmi_generic_args *g, int64_t i)
{
    mmi_vertex_rule rule = mmi_vertex_rule_of((int64_t)g->n[i], (int64_t)g->nb[i], 0);
    generic_vertex_weights(g, i, mmi_sqrt3_vertex_mask(rule, g->n[i], g->odd));
}

/* The other boundary neighbour of boundary vertex p (not q): the entry of E's
 * column p with τ = 1 and another row; p itself when there is none. */
MM_HD uint32_t sqrt3_boundary_next(const mmi_generic_args *g, uint32_t p, uint32_t q)
{
    for (int64_t s = csc_col_start(&g->E, p); s < csc_col_start(&g->E, (int64_t)p + 1); ++s)
        if (g->E.values[s] == 1 && g->E.rows[s] != q) return g->E.rows[s];
    return p;
}

/* Row r of the new-point matrix (|F| + |B| rows over P, 3 weighted entries):
 * r < |F|: face f = r's point, its centroid (eq. 26), or on odd levels for a
 * boundary triangle (p, q, c) the point x near p of the split side p → q;
 * r = |F| + rank: the point y near q (mmi_sqrt3_split_mask: Kobbelt's
 * boundary rule as OpenMesh Sqrt3T evaluates it). */
MM_HD void sqrt3_stencil(const mmi_generic_args *g, int64_t r)
{
    int64_t f = r < g->nf ? r : g->bfaces[r - g->nf];
    int c = g->odd ? sqrt3_boundary_corner(g, f) : -1;
    uint32_t *col = g->stencil + 3 * r;
    double *w = g->weights + 3 * r;
    if (c < 0) {
        for (int k = 0; k < 3; ++k) col[k] = tri_vertex(g, f, k), w[k] = mmi_sqrt3_face_weight();
        return;
    }
    uint32_t p = tri_vertex(g, f, c), q = tri_vertex(g, f, c + 1);
    int near_p = r < g->nf;
    mmi_sqrt3_split_mask m = mmi_sqrt3_split_mask_of();
    col[0] = near_p ? sqrt3_boundary_next(g, p, q) : sqrt3_boundary_next(g, q, p);
    col[1] = near_p ? p : q;
    col[2] = near_p ? q : p;
    w[0] = m.outer, w[1] = m.near, w[2] = m.far;
}

/* Odd levels: flags[f] = 1 for a boundary triangle (the row of f in the
 * 2 × |F| matrix whose transpose ranks them), and rank[bfaces[r]] = r. */
MM_HD void sqrt3_flag(const mmi_generic_args *g, int64_t f)
{
    g->flags[f] = sqrt3_boundary_corner(g, f) >= 0;
}

MM_HD void sqrt3_rank(const mmi_generic_args *g, int64_t r)
{
    g->rank[g->bfaces[r]] = (uint32_t)r;
}

#endif
