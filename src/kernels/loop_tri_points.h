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
 * As Catmull-Clark's (catmark_quad_points.h), the step before the last takes
 * each vertex it moves two levels down at once instead of keeping its sum
 * (mmi_sk_data's final), and the last step then leaves those vertices
 * (old_done): no ring sums pass between the last two steps.
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
 * 2|E_{l−1}|). Vertex ids, 32 bits as Catmull-Clark's (sk_quad_ids): the
 * rows made from them need no 64-bit arithmetic. */
typedef struct lk_tri_ids {
    uint32_t born, halves, inner;
} lk_tri_ids;


/* What lk_tri_face_points reads of level l − 1 besides P: its triangles'
 * side codes and vertices, the sides and across edges (lk_across_edge) of
 * its edges, and where it writes level
 * l + 1 (ring NULL when no level follows; final, the last level's data,
 * where the step before the last writes the rows of the vertices it moves).
 * The arrays never overlap, hence restrict. */
typedef struct lk_tri_in {
    const uint32_t *MM_RESTRICT side;
    const uint32_t *MM_RESTRICT verts;
    const uint32_t *MM_RESTRICT edge_sides;
    const uint32_t *MM_RESTRICT across;
    const void *MM_RESTRICT P;
    void *MM_RESTRICT Y;
    void *MM_RESTRICT ring;
    uint32_t *MM_RESTRICT kinds;
    void *MM_RESTRICT final;
} lk_tri_in;

/* The value a vertex's step out = (v', S1') (lk_vertex_step with kind)
 * leaves for the levels below: its ring sum (to_ring), else its row of the
 * last level, one step further. */
MM_HD double lk_vertex_kept(int to_ring, uint32_t kind, const double out[2])
{
    double next[2];
    if (to_ring) return out[1];
    lk_vertex_step(kind, out[0], out[1], next);
    return next[0];
}

/* lk_vertex_kept stored at row r of columns ring or final (component i;
 * neither: nothing), with the ring sum (i = 0, kinds not NULL) its kind. */
MM_HD void lk_vertex_keep(void *MM_RESTRICT ring, uint32_t *MM_RESTRICT kinds,
                          void *MM_RESTRICT final, uint32_t kind, int64_t r, const double out[2],
                          int64_t i, int64_t d, int f64)
{
    if (!ring && !final) return;
    sk_store(ring ? ring : final, f64, r * d, lk_vertex_kept(ring != NULL, kind, out));
    sk_keep_kind(ring, kinds, kind, r, i);
}

/* What the triangle of e_c's first side reads from across e_c (corner k1
 * at v_{c+1}, MMI_SK_NONE on the boundary): m' and m'', the edge points of
 * k1's sides before and after it, component i. */
typedef struct lk_across {
    uint32_t k1;
    double qi, qn;
} lk_across;

/* The rows (level l) of m' and m'' across e_c (k1 not MMI_SK_NONE) from its
 * across edges (lk_across_edge). */
MM_HD void lk_across_rows(lk_tri_ids at, const uint32_t across[2], int64_t rows[2])
{
    rows[0] = at.born + across[0];
    rows[1] = at.born + across[1];
}

/* The points on e_c, from the triangle of e_c's first side: the points of
 * e_c's halves, h[0] at v_c and h[1] at v_{c+1}, and m_c's step out = (m_c',
 * S1') (lk_vertex_step); returns m_c's kind. Inside, with a = the face
 * across: h[0] = 3/8 (v_c + m_c) + 1/8 (m_{c−1} + a.qn), h[1] = 3/8 (m_c +
 * v_{c+1}) + 1/8 (m_{c+1} + a.qi) (Figure 13), and m_c has valence 6 with
 * S1 = v_c + v_{c+1} + m_{c−1} + m_{c+1} + a.qi + a.qn. On the boundary:
 * midpoints, and m_c lies in three triangles with boundary neighbours v_c
 * and v_{c+1}. */
MM_HD uint32_t lk_tri_edge_values(lk_across a, double pv, double pvn, double pm, double pmi,
                                  double pmn, double h[2], double out[2])
{
    if (a.k1 == MMI_SK_NONE) {
        mmi_edge_mask e = mmi_loop_edge_mask(1);
        uint32_t kind = mmi_kind_of(3, MMI_RULE_CREASE);
        h[0] = e.end * (pv + pm), h[1] = e.end * (pm + pvn);
        lk_vertex_step(kind, pm, pv + pvn, out);
        return kind;
    }
    mmi_edge_mask e = mmi_loop_edge_mask(0);
    uint32_t kind = mmi_kind_of(6, MMI_RULE_SMOOTH);
    h[0] = e.end * (pv + pm) + e.side * (pmi + a.qn);
    h[1] = e.end * (pm + pvn) + e.side * (pmn + a.qi);
    lk_vertex_step(kind, pm, pv + pvn + pmi + pmn + a.qi + a.qn, out);
    return kind;
}

/* Level l + 1's rows of the points on e_c = side code so's edge: the vertex
 * m_c and the halves' points, ho at so's corner v_c and hn at v_{c+1}. */
MM_HD void lk_tri_edge_rows(lk_tri_ids at, uint32_t so, int64_t *m, int64_t *ho, int64_t *hn)
{
    *m = at.born + (so >> 2);
    *ho = at.halves + 2 * (so >> 2) + (so & 1);
    *hn = at.halves + 2 * (so >> 2) + 1 - (so & 1);
}

/* The points on e_c = corner k's out side, written by the triangle of e_c's
 * first side (so its code), component i: m_c and the points of e_c's
 * halves (lk_tri_edge_values), and what m_c leaves below (lk_vertex_keep).
 * in's P, Y, ring and final start at component i (sk_column). */
MM_HD void lk_tri_owned_edge(const lk_tri_in *in, lk_tri_ids at, uint32_t so, lk_across a,
                             double pv, double pvn, double pm, double pmi, double pmn, int64_t i,
                             int64_t d, int f64)
{
    int64_t m, ho, hn;
    double h[2], out[2];
    lk_tri_edge_rows(at, so, &m, &ho, &hn);
    uint32_t kind = lk_tri_edge_values(a, pv, pvn, pm, pmi, pmn, h, out);
    sk_store(in->Y, f64, ho * d, h[0]);
    sk_store(in->Y, f64, hn * d, h[1]);
    sk_store(in->Y, f64, m * d, out[0]);
    lk_vertex_keep(in->ring, in->kinds, in->final, kind, m, out, i, d, f64);
}

/* What triangle f's rules read of its sides (corners 3f + c): their codes
 * s[c], whether f holds its edge's first side (own[c]) and the side across
 * (k1[c], MMI_SK_NONE on the boundary). */
typedef struct lk_tri_sides {
    uint32_t s[3], own[3], k1[3];
} lk_tri_sides;

/* Side c of the triangle of corners [k, k + 3) into t, and level l's rows
 * at its corner (side code s) from column col (sk_column): the corner v[c]
 * and the point m[c] born on the side. side and verts are in's, as the
 * caller holds them: lk_tri_face_points' restrict copies let CUDA load them
 * through the read-only path. */
MM_HD void lk_tri_side_at(const lk_tri_in *in, const uint32_t *side, int64_t k, int c,
                          lk_tri_sides *t)
{
    const uint32_t *es = in->edge_sides + 2 * (int64_t)(side[k + c] >> 2);
    t->s[c] = side[k + c];
    t->own[c] = es[0] == (uint32_t)(k + c);
    t->k1[c] = es[1];
}

MM_HD void lk_tri_rows_at(const uint32_t *verts, lk_tri_ids at, int64_t k, int c, uint32_t s,
                          const void *col, double v[3], double m[3], int64_t d, int f64)
{
    v[c] = sk_load(col, f64, (int64_t)verts[k + c] * d);
    m[c] = sk_load(col, f64, (at.born + (s >> 2)) * d);
}

/* The point of inner edge 2|E| + 3f + c (Figure 13, as above). */
MM_HD double lk_inner_point(const double v[3], const double m[3], int c)
{
    mmi_edge_mask inner = mmi_loop_edge_mask(0);
    int n = lk_slot_next(c), p = lk_slot_prev(c);
    return inner.end * (m[c] + m[p]) + inner.side * (v[c] + m[n]);
}

/* in from component i on (sk_column), into col (returned as a copy
 * instead, it cost the element kernel the read-only loads of its across
 * points). */
MM_HD void lk_tri_column(lk_tri_in *col, const lk_tri_in *in, int64_t i, int f64)
{
    *col = *in;
    col->P = sk_column(in->P, f64, i);
    col->Y = sk_column(in->Y, f64, i);
    col->ring = in->ring ? sk_column(in->ring, f64, i) : NULL;
    col->final = in->final ? sk_column(in->final, f64, i) : NULL;
}

/* Component i of level l + 1's points around triangle f of level l − 1, P of
 * level l, Y of level l + 1: inner edge 2|E| + 3f + c's point, and the
 * points on side c where f holds the side's edge's first side. Every load
 * comes before the first store: first the topology, in three rounds (the
 * side codes and corners; their edges' sides; the owned edges' across
 * edges), then every row in one round of independent gathers, so that a
 * thread waits four memory latencies rather than one per corner and round.
 * Between the two, mmi_wait_prior_grid: in a kernel launched early the
 * rows' round alone waits on the step before (it returns at once where the
 * kernel was not, and on the CPU). Rows are addressed from component i's
 * column (sk_column). d and f64 are passed so that a CUDA kernel can fold
 * them as constants. */
MM_HD void lk_tri_face_points(const lk_tri_in *in, lk_tri_ids at, int64_t f, int64_t i, int64_t d,
                              int f64)
{
    const uint32_t *MM_RESTRICT side = in->side, *MM_RESTRICT verts = in->verts;
    lk_tri_in col;
    lk_tri_column(&col, in, i, f64);
    int64_t k = 3 * f;
    lk_tri_sides t;
    uint32_t vid[3];
    for (int c = 0; c < 3; ++c) {
        lk_tri_side_at(in, side, k, c, &t);
        vid[c] = verts[k + c];
    }
    int64_t across[3][2] = {{0, 0}, {0, 0}, {0, 0}};
    for (int c = 0; c < 3; ++c)
        if (t.own[c] && t.k1[c] != MMI_SK_NONE)
            lk_across_rows(at, in->across + 2 * (int64_t)(t.s[c] >> 2), across[c]);
    mmi_wait_prior_grid();
    double v[3], m[3];
    lk_across a[3];
    for (int c = 0; c < 3; ++c) {
        a[c].k1 = t.k1[c];
        a[c].qi = a[c].qn = 0.0;
        lk_tri_rows_at(vid, at, 0, c, t.s[c], col.P, v, m, d, f64);
        if (t.own[c] && a[c].k1 != MMI_SK_NONE) {
            a[c].qi = sk_load(col.P, f64, across[c][0] * d);
            a[c].qn = sk_load(col.P, f64, across[c][1] * d);
        }
    }
    for (int c = 0; c < 3; ++c) {
        int n = lk_slot_next(c), p = lk_slot_prev(c);
        sk_store(col.Y, f64, (uint32_t)(at.inner + k + c) * d, lk_inner_point(v, m, c));
        if (t.own[c])
            lk_tri_owned_edge(&col, at, t.s[c], a[c], v[c], v[n], m[c], m[p], m[n], i, d, f64);
    }
}

/* What the triangle rules of g read and write (in), and where (at). */
MM_HD void lk_tri_args(const mmi_sk_points_args *g, lk_tri_in *in, lk_tri_ids *at)
{
    const mmi_sk_level *x = &g->lv[g->level - 1], *y = &g->lv[g->level];
    const mmi_sk_data *io = &g->data;
    lk_tri_ids ids = {(uint32_t)x->nv, (uint32_t)y->nv, (uint32_t)(y->nv + 2 * x->ne)};
    lk_tri_in arrays = {x->side, x->verts, x->edge_sides, x->across, io->P, io->Y,
                        sk_ring_kept(io), io->kinds, io->final};
    *in = arrays, *at = ids;
}

/* Component i of level l + 1's points around triangle f of level l − 1. */
MM_HD void lk_tri_face(const mmi_sk_points_args *g, int64_t f, int64_t i, int64_t d, int f64)
{
    lk_tri_in in;
    lk_tri_ids at;
    lk_tri_args(g, &in, &at);
    lk_tri_face_points(&in, at, f, i, d, f64);
}

/* Element f d + c of the triangle faces: component c around triangle f. */
MM_HD void lk_tri_face_element(const mmi_sk_points_args *g, int64_t i, int64_t d, int f64)
{
    lk_tri_face(g, i / d, i % d, d, f64);
}

/* Vertex v of level l − 1, of that kind, one level down from level l by
 * its ring sum, a component at a time: its point from its value p and ring
 * sum s (returned) and what it leaves below (*kept, lk_vertex_kept), to be
 * stored in the same place of sk_keeps' array. */
MM_HD double lk_old_vertex_value(const mmi_sk_points_args *g, uint32_t kind, double p, double s,
                                 double *kept)
{
    double out[2];
    lk_vertex_step(kind, p, s, out);
    *kept = lk_vertex_kept(g->data.ring_next, kind, out);
    return out[0];
}

/* Component c of vertex v of level l − 1 for element i = v d + c. */
MM_HD void lk_old_vertex(const mmi_sk_points_args *g, int64_t i, int64_t d, int f64)
{
    const mmi_sk_data *io = &g->data;
    void *keeps = sk_keeps(io);
    double kept, y = lk_old_vertex_value(g, io->kinds[i / d], sk_load(io->P, f64, i),
                                         sk_load(io->ring, f64, i), &kept);
    sk_store(io->Y, f64, i, y);
    if (keeps) sk_store(keeps, f64, i, kept);
}

#endif
