/* loop_tri_points.h: the vertex-data rules of the specialized Loop path below
 * level 0 (paper Appendix B), from level l ≥ 1 to l + 1, reading only what
 * lies next to each element:
 *
 * - one triangle f = (v_0, v_1, v_2) of level l − 1 at a time, with m_c the
 *   edge point of its side c (v_c → v_{c+1}, edge e_c), born at level l. Its
 *   children at level l are 4f + c = (v_c, m_c, m_{c−1}) and the centre
 *   4f + 3 = (m_0, m_1, m_2) (DESIGN §3). It writes level l + 1's points of
 *   its three inner edges and, for each side that is its edge's first side,
 *   the points of the edge's halves and the vertex m_c, from both sides (the
 *   face across gives two edge points);
 * - the vertices of level l − 1 by their ring sums (lk_vertex_step), with no
 *   walk around them.
 *
 * Inner edge 2|E| + 3f + c = (m_c, m_{c−1}) lies in 4f + c (opposite v_c)
 * and in the centre (opposite m_{c+1}): Figure 13 gives 3/8 (m_c + m_{c−1}) +
 * 1/8 (v_c + m_{c+1}).
 *
 * Every point has one writer (no shares, no atomics), so results are bitwise
 * stable run to run and the same rule on CPU and GPU. */
#ifndef MESHMAT_KERNELS_LOOP_TRI_POINTS_H
#define MESHMAT_KERNELS_LOOP_TRI_POINTS_H

#include "loop_points.h"

/* Where lk_tri_face_points writes: born is level l's first new vertex (m of
 * level l − 1's edge 0, |V_{l−1}|), halves level l + 1's point of level l's
 * edge 0 (|V_l|), inner that of level l's first inner edge (|V_l| +
 * 2|E_{l−1}|). */
typedef struct lk_tri_ids {
    int64_t born, halves, inner;
} lk_tri_ids;

/* Kinds of the vertices born at level l (lk_vertex_step). */
#define LK_KIND_EDGE_INSIDE 6u
#define LK_KIND_EDGE_BOUNDARY (3u | MMI_SK_KIND_BOUNDARY)

/* What lk_tri_face_points reads of level l − 1 besides P: its triangles'
 * side codes and vertices, the sides of its edges, and where it writes level
 * l + 1 (ring NULL when no level follows). The arrays never overlap, hence
 * restrict. */
typedef struct lk_tri_in {
    const uint32_t *MM_RESTRICT side;
    const uint32_t *MM_RESTRICT verts;
    const uint32_t *MM_RESTRICT edge_sides;
    const void *MM_RESTRICT P;
    void *MM_RESTRICT Y;
    double *MM_RESTRICT ring;
    uint32_t *MM_RESTRICT kinds;
} lk_tri_in;

/* The points on e_c = corner k's out side, written by the triangle of e_c's
 * first side (so its code, k1 the other side or MMI_SK_NONE), component i:
 * m_c and the points of e_c's halves. Inside, the face across (corner k1 at
 * v_{c+1}) has m' = the edge points of its sides before and after k1: the
 * half at v_c is 3/8 (v_c + m_c) + 1/8 (m_{c−1} + m'(after k1)), the half at
 * v_{c+1} 3/8 (m_c + v_{c+1}) + 1/8 (m_{c+1} + m'(before k1)) (Figure 13),
 * and m_c has valence 6 with S1 = v_c + v_{c+1} + m_{c−1} + m_{c+1} + both
 * m'. On the boundary: midpoints, and m_c lies in three triangles with
 * boundary neighbours v_c and v_{c+1}. */
MM_HD void lk_tri_owned_edge(const lk_tri_in *in, lk_tri_ids at, uint32_t so, uint32_t k1,
                             double pv, double pvn, double pm, double pmi, double pmn, int64_t i,
                             int64_t d, int f64)
{
    int64_t m = at.born + (so >> 2);
    int64_t ho = at.halves + 2 * (int64_t)(so >> 2) + (so & 1);
    int64_t hn = at.halves + 2 * (int64_t)(so >> 2) + 1 - (so & 1);
    uint32_t kind = LK_KIND_EDGE_INSIDE;
    double out[2];
    if (k1 == MMI_SK_NONE) {
        kind = LK_KIND_EDGE_BOUNDARY;
        sk_store(in->Y, f64, ho * d + i, 0.5 * (pv + pm));
        sk_store(in->Y, f64, hn * d + i, 0.5 * (pm + pvn));
        lk_vertex_step(kind, pm, pv + pvn, out);
    } else {
        double qi = sk_load(in->P, f64, (at.born + (in->side[lk_prev(k1)] >> 2)) * d + i);
        double qn = sk_load(in->P, f64, (at.born + (in->side[lk_next(k1)] >> 2)) * d + i);
        sk_store(in->Y, f64, ho * d + i, 0.375 * (pv + pm) + 0.125 * (pmi + qn));
        sk_store(in->Y, f64, hn * d + i, 0.375 * (pm + pvn) + 0.125 * (pmn + qi));
        lk_vertex_step(kind, pm, pv + pvn + pmi + pmn + qi + qn, out);
    }
    sk_store(in->Y, f64, m * d + i, out[0]);
    if (!in->ring) return;
    in->ring[m * d + i] = out[1];
    if (i == 0) in->kinds[m] = kind;
}

/* Corner k's part of lk_tri_face_points, component i of d: pv, pvn its
 * vertex and the next; pm, pmi, pmn the edge points m_c, m_{c−1}, m_{c+1};
 * inner its inner edge's row: the inner edge's point, and the points on its
 * out side where k is that edge's first side. */
MM_HD void lk_tri_corner_points(const lk_tri_in *in, lk_tri_ids at, int64_t inner, int64_t k,
                                uint32_t so, double pv, double pvn, double pm, double pmi,
                                double pmn, int64_t i, int64_t d, int f64)
{
    const uint32_t *es = in->edge_sides + 2 * (int64_t)(so >> 2);
    sk_store(in->Y, f64, inner * d + i, 0.375 * (pm + pmi) + 0.125 * (pv + pmn));
    if (es[0] == (uint32_t)k) lk_tri_owned_edge(in, at, so, es[1], pv, pvn, pm, pmi, pmn, i, d, f64);
}

/* Component i of level l + 1's points around triangle f of level l − 1, P of
 * level l, Y of level l + 1. The triangle loads its three corners and edge
 * points first; d and f64 are passed so that a CUDA kernel can fold them as
 * constants. */
MM_HD void lk_tri_face_points(const lk_tri_in *in, lk_tri_ids at, int64_t f, int64_t i, int64_t d,
                              int f64)
{
    const uint32_t *MM_RESTRICT side = in->side, *MM_RESTRICT verts = in->verts;
    int64_t k = 3 * f, inner = at.inner + k;
    uint32_t s0 = side[k], s1 = side[k + 1], s2 = side[k + 2];
    double v0 = sk_load(in->P, f64, (int64_t)verts[k] * d + i);
    double v1 = sk_load(in->P, f64, (int64_t)verts[k + 1] * d + i);
    double v2 = sk_load(in->P, f64, (int64_t)verts[k + 2] * d + i);
    double m0 = sk_load(in->P, f64, (at.born + (s0 >> 2)) * d + i);
    double m1 = sk_load(in->P, f64, (at.born + (s1 >> 2)) * d + i);
    double m2 = sk_load(in->P, f64, (at.born + (s2 >> 2)) * d + i);
    lk_tri_corner_points(in, at, inner, k, s0, v0, v1, m0, m2, m1, i, d, f64);
    lk_tri_corner_points(in, at, inner + 1, k + 1, s1, v1, v2, m1, m0, m2, i, d, f64);
    lk_tri_corner_points(in, at, inner + 2, k + 2, s2, v2, v0, m2, m1, m0, i, d, f64);
}

/* Component i of level l + 1's points around triangle f of level l − 1. */
MM_HD void lk_tri_face(const mmi_lk_args *g, int64_t f, int64_t i, int64_t d, int f64)
{
    const mmi_lk_level *x = &g->lv[g->level - 1], *y = &g->lv[g->level];
    lk_tri_ids at = {x->nv, y->nv, y->nv + 2 * x->ne};
    lk_tri_in in = {x->side, x->verts, x->edge_sides, g->P, g->Y, g->ring_next ? g->ring : NULL,
                    g->kinds};
    lk_tri_face_points(&in, at, f, i, d, f64);
}

/* Component c of vertex v of level l − 1 (i = v d + c), one level down from
 * level l by its ring sum. */
MM_HD void lk_old_vertex(const mmi_lk_args *g, int64_t i, int64_t d, int f64)
{
    int64_t v = i / d;
    double out[2];
    lk_vertex_step(g->kinds[v], sk_load(g->P, f64, i), g->ring[i], out);
    sk_store(g->Y, f64, i, out[0]);
    if (g->ring_next) g->ring[i] = out[1];
}

#endif
