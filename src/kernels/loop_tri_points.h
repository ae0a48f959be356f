/* loop_tri_points.h: the vertex-data rules of the specialized Loop path below
 * level 0 (paper Appendix B), from level l ≥ 1 to l + 1, reading only what
 * lies next to each element:
 *
 * - one triangle f = (v_0, v_1, v_2) of level l − 1 at a time, with m_c the
 *   edge point of its side c (v_c → v_{c+1}, edge e_c), born at level l. Its
 *   children at level l are 4f + c = (v_c, m_c, m_{c−1}) and the centre
 *   4f + 3 = (m_0, m_1, m_2) (DESIGN §3). It writes level l + 1's points of
 *   its three inner edges, its share of the points of the halves of e_c, and
 *   its share of the vertices m_c;
 * - the vertices of level l − 1 by their ring sums (lk_vertex_step), with no
 *   walk around them.
 *
 * Inner edge 2|E| + 3f + c = (m_c, m_{c−1}) lies in 4f + c (opposite v_c)
 * and in the centre (opposite m_{c+1}): Figure 13 gives 3/8 (m_c + m_{c−1}) +
 * 1/8 (v_c + m_{c+1}). The half of e_c at v_c, (v_c, m_c), lies in 4f + c
 * opposite m_{c−1}; the half of e_{c−1} at v_c, (m_{c−1}, v_c), opposite
 * m_c: f's share of each is 3/16 of its ends plus 1/8 of that opposite vertex
 * (the face across adds the other share), the plain midpoint on the boundary.
 * m_c inside has valence 6 and S1 = v_c + v_{c+1} + m_{c−1} + m_{c+1} + the
 * two of the face across: f's share is (p/2, (v_c + v_{c+1})/2 + m_{c−1} +
 * m_{c+1}), run through lk_vertex_step (linear); on the boundary m_c lies in
 * three triangles with boundary neighbours v_c and v_{c+1}.
 *
 * Shared points have one share from each of their two faces, added with
 * sk_add: exactly two addends on a zeroed value, so the sum does not depend
 * on which face comes first (bitwise deterministic, CPU = GPU). */
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

/* Corner c's part of lk_tri_face_points, component i of d: pv, pvn its vertex
 * and the next; pm, pmi, pmn the edge points m_c, m_{c−1}, m_{c+1}; so, si
 * its out and in side codes; inner its inner edge's row. ring NULL when no
 * level follows. The arrays never overlap, hence restrict. */
MM_HD void lk_tri_corner_points(void *MM_RESTRICT Y, double *MM_RESTRICT ring,
                                uint32_t *MM_RESTRICT kinds, lk_tri_ids at, int64_t inner,
                                uint32_t so, uint32_t si, double pv, double pvn, double pm,
                                double pmi, double pmn, int64_t i, int64_t d, int f64)
{
    int64_t m = at.born + (so >> 2);
    int64_t ho = at.halves + 2 * (int64_t)(so >> 2) + (so & 1);
    int64_t hi = at.halves + 2 * (int64_t)(si >> 2) + 1 - (si & 1);
    double out[2];
    sk_store(Y, f64, inner * d + i, 0.375 * (pm + pmi) + 0.125 * (pv + pmn));
    if (so & 2) sk_store(Y, f64, ho * d + i, 0.5 * (pv + pm));
    else sk_add(Y, f64, ho * d + i, 0.1875 * (pv + pm) + 0.125 * pmi);
    if (si & 2) sk_store(Y, f64, hi * d + i, 0.5 * (pv + pmi));
    else sk_add(Y, f64, hi * d + i, 0.1875 * (pv + pmi) + 0.125 * pm);
    if (so & 2) {
        lk_vertex_step(LK_KIND_EDGE_BOUNDARY, pm, pv + pvn, out);
        sk_store(Y, f64, m * d + i, out[0]);
        if (ring) ring[m * d + i] = out[1];
    } else {
        lk_vertex_step(LK_KIND_EDGE_INSIDE, 0.5 * pm, 0.5 * (pv + pvn) + pmi + pmn, out);
        sk_add(Y, f64, m * d + i, out[0]);
        if (ring) sk_add(ring, 1, m * d + i, out[1]);
    }
    if (ring && i == 0) kinds[m] = so & 2 ? LK_KIND_EDGE_BOUNDARY : LK_KIND_EDGE_INSIDE;
}

/* Component i of level l + 1's points around triangle f of level l − 1
 * (verts, side: its corners and side codes), P of level l, Y of level l + 1.
 * The triangle loads its three corners and edge points first; d and f64 are
 * passed so that a CUDA kernel can fold them as constants. */
MM_HD void lk_tri_face_points(const uint32_t *MM_RESTRICT side, const uint32_t *MM_RESTRICT verts,
                              const void *MM_RESTRICT P, void *MM_RESTRICT Y,
                              double *MM_RESTRICT ring, uint32_t *MM_RESTRICT kinds,
                              lk_tri_ids at, int64_t f, int64_t i, int64_t d, int f64)
{
    int64_t k = 3 * f, inner = at.inner + k;
    uint32_t s0 = side[k], s1 = side[k + 1], s2 = side[k + 2];
    double v0 = sk_load(P, f64, (int64_t)verts[k] * d + i);
    double v1 = sk_load(P, f64, (int64_t)verts[k + 1] * d + i);
    double v2 = sk_load(P, f64, (int64_t)verts[k + 2] * d + i);
    double m0 = sk_load(P, f64, (at.born + (s0 >> 2)) * d + i);
    double m1 = sk_load(P, f64, (at.born + (s1 >> 2)) * d + i);
    double m2 = sk_load(P, f64, (at.born + (s2 >> 2)) * d + i);
    lk_tri_corner_points(Y, ring, kinds, at, inner, s0, s2, v0, v1, m0, m2, m1, i, d, f64);
    lk_tri_corner_points(Y, ring, kinds, at, inner + 1, s1, s0, v1, v2, m1, m0, m2, i, d, f64);
    lk_tri_corner_points(Y, ring, kinds, at, inner + 2, s2, s1, v2, v0, m2, m1, m0, i, d, f64);
}

MM_HD void lk_tri_face(const mmi_lk_args *g, int64_t i, int64_t d, int f64)
{
    const mmi_lk_level *x = &g->lv[g->level - 1], *y = &g->lv[g->level];
    lk_tri_ids at = {x->nv, y->nv, y->nv + 2 * x->ne};
    lk_tri_face_points(x->side, x->verts, g->P, g->Y, g->ring_next ? g->ring : NULL, g->kinds, at,
                       i / d, i % d, d, f64);
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
