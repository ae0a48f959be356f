/* catmark_two_steps.h: the last two steps of a Catmull-Clark evaluation in
 * one pass, level L − 2 → L, where levels L − 3 … L are quads (L ≥ 4) and no
 * tag moves a point: level L − 1's points are made, used and dropped inside
 * the pass, never written nor read back (in spot's evaluation to 48.0M
 * quads, 144 MB written and read again at d = 3, and level L − 2's topology,
 * 144 MB more, read). The rules are the two steps' own
 * (catmark_quad_points.h); only where their inputs come from changes.
 *
 * The unit is corner j of face g of level L − 3 (κ = 4g + j; v_j its vertex,
 * m_j the edge point of its out edge e_j, c g's face point, all rows of
 * level L − 2). Level L − 1's points inside g (a 5 × 5 grid) are those of the
 * step L − 2 → L − 1 around g, each made by one corner (sk_two_part): v_j one
 * level down, m_j one level down and the halves of e_j (both sides' rows:
 * e_j's other side k1 and its rows as sk_quad_twin_rows reads them), the
 * face point of quad κ and the edge point of spoke κ, and g's face point one
 * level down (made by all four, summed in one order). Quad κ of level L − 2
 * then takes its step L − 1 → L as the last step takes it (sk_two_last),
 * with its neighbours' parts (corners j ± 1 of g) and, on the edges of g it
 * owns, the other side's rows of level L − 1: those come from the faces of
 * level L − 3 around v_j and v_{j+1}, g's neighbour g' across e_j and the
 * faces across g''s other edges at those vertices (the corners k2 and k3).
 *
 * Level L's rows are written as the two steps write them, each by one
 * element: the step before the last's moves of the vertices born at level
 * L − 2 (m_j by e_j's owner, c by corner 0) and of level L − 3's vertices
 * (sk_two_old_vertex, by their ring sums), then every row the last step
 * writes. The arguments are the last step's (level L − 1: its counts and ids),
 * with level L − 3's topology, P level L − 2's data and Y the last level's
 * (data.final too); data.ring and kinds: level L − 3's vertices' sums. */
#ifndef MESHMAT_KERNELS_CATMARK_TWO_STEPS_H
#define MESHMAT_KERNELS_CATMARK_TWO_STEPS_H

#include "catmark_quad_points.h"

/* The other side of side code so's edge below level 0 (an edge lists its
 * forward side first), MMI_SK_NONE on the boundary. */
MM_HD uint32_t sk_twin_below(const mmi_sk_level *x, uint32_t so)
{
    if (so & 2) return MMI_SK_NONE;
    return x->edge_sides[2 * (int64_t)(so >> 2) + 1 - (so & 1)];
}

/* Whether side code so's corner owns its edge below level 0 (sk_owns_edge). */
MM_HD int sk_owns_below(uint32_t so)
{
    return (so & 2) || !(so & 1);
}

/* What corner j of face g reads of level L − 2: g's nine rows (sk_quad_rows:
 * its corners' vertices, their out edges' points, its face point), its own
 * and its previous corner's side codes so and si, e_j's other side k1 and
 * its rows (twin: fp(g'), m at v_{j+1}'s other edge e'_B, m at v_j's other
 * edge e'_A), and where κ owns e_j the rows across e'_A at v_j (da: the face
 * point and the next edge point of the face of corner k2) and across e'_B at
 * v_{j+1} (db: of corner k3's face), each absent (has_da, has_db 0) where
 * that edge is on the boundary. */
typedef struct sk_two_rows {
    int64_t g, rows[9], twin[3], da[2], db[2];
    uint32_t so, si, k1;
    int j, owns, has_da, has_db;
} sk_two_rows;

/* The ids of the step L − 2 → L − 1 around face g (sk_quad_ids_of one level
 * up) and what its rules read there. */
MM_HD sk_quad_in sk_two_in(const mmi_sk_points_args *g)
{
    const mmi_sk_level *x = &g->lv[g->level - 2];
    sk_quad_in in = {x, x->side, x->verts, x->edge_sides, g->data.P, NULL, NULL, NULL, NULL, 0};
    return in;
}

MM_HD sk_quad_ids sk_two_ids(const mmi_sk_points_args *g, int64_t f)
{
    const mmi_sk_level *x = &g->lv[g->level - 2];
    sk_quad_ids at = {x->nv + f, x->nv + x->nf, 0, {NULL, 0}, {NULL, 0}, {NULL, 0}};
    return at;
}

MM_HD void sk_two_rows_of(const mmi_sk_points_args *g, int64_t f, int j, sk_two_rows *r)
{
    const sk_quad_in in = sk_two_in(g);
    const mmi_sk_level *x = in.x;
    const sk_quad_ids at = sk_two_ids(g, f);
    int64_t k = 4 * f + j;
    r->g = f, r->j = j;
    sk_quad_rows(&in, at, 4 * f, r->rows);
    r->so = in.side[k], r->si = in.side[4 * f + ((j + 3) & 3)];
    r->k1 = sk_twin_below(x, r->so);
    r->owns = sk_owns_below(r->so);
    r->has_da = r->has_db = 0;
    if (r->k1 == MMI_SK_NONE) return;
    sk_quad_twin_rows(&in, at, r->k1, r->twin);
    if (!r->owns) return;
    uint32_t k2 = sk_twin_below(x, in.side[sk_next(x, r->k1)]);
    uint32_t k3 = sk_twin_below(x, in.side[sk_prev(x, r->k1)]);
    if ((r->has_da = k2 != MMI_SK_NONE)) {
        r->da[0] = x->nv + sk_face(x, k2);
        r->da[1] = at.eb + (in.side[sk_next(x, k2)] >> 2);
    }
    if ((r->has_db = k3 != MMI_SK_NONE)) {
        r->db[0] = x->nv + sk_face(x, k3);
        r->db[1] = at.eb + (in.side[sk_prev(x, k3)] >> 2);
    }
}

/* Component c of what sk_two_rows names (zeros where absent), and v_j's
 * ring sums and kind. */
typedef struct sk_two_values {
    double pv[4], po[4], pf, twin[3], da[2], db[2], s1, s2;
    uint32_t kind;
} sk_two_values;

MM_HD void sk_two_load(const mmi_sk_points_args *g, const sk_two_rows *r, int64_t c, int64_t d,
                       int f64, sk_two_values *v)
{
    const void *P = g->data.P;
    int64_t a = r->rows[r->j];
    for (int i = 0; i < 4; ++i) {
        v->pv[i] = sk_load(P, f64, r->rows[i] * d + c);
        v->po[i] = sk_load(P, f64, r->rows[4 + i] * d + c);
    }
    v->pf = sk_load(P, f64, r->rows[8] * d + c);
    for (int i = 0; i < 3; ++i)
        v->twin[i] = r->k1 != MMI_SK_NONE ? sk_load(P, f64, r->twin[i] * d + c) : 0.0;
    for (int i = 0; i < 2; ++i) {
        v->da[i] = r->has_da ? sk_load(P, f64, r->da[i] * d + c) : 0.0;
        v->db[i] = r->has_db ? sk_load(P, f64, r->db[i] * d + c) : 0.0;
    }
    v->s1 = sk_load(g->data.ring, f64, a * 2 * d + c);
    v->s2 = sk_load(g->data.ring, f64, a * 2 * d + d + c);
    v->kind = g->data.kinds[a];
}

/* A value of level L − 1 as the step before the last stores it: in the
 * data's type. On the host through a volatile: GCC 12's SLP vectorizer (at
 * -O2) dropped the float round trip of these values, and build + eval then
 * differed from mm_subdivide's unfused steps in the last bit
 * (subdivide_equals_build_and_eval_bitwise). */
MM_HD double sk_two_round(double v, int f64)
{
    if (f64) return v;
#ifdef __CUDA_ARCH__
    return (double)(float)v;
#else
    volatile float t = (float)v;
    return (double)t;
#endif
}

/* Corner j's part of level L − 1 (component c): v_j (vp) and m_j (mp) one
 * level down, the halves of e_j at v_j (h0) and v_{j+1} (h1), spoke κ's edge
 * point and quad κ's face point, g's face point one level down (cp); and
 * where κ owns e_j, the rows of level L − 1 across e_j that the last step
 * reads for its halves (sk_quad_twin_rows' order): ta for the half at v_j
 * (quad κ's side 0), tb for the half at v_{j+1} (side 3 of quad κ + 1). */
typedef struct sk_two_part {
    double vp, mp, h0, h1, spoke, fk, cp, ta[3], tb[3];
} sk_two_part;

/* The step before the last's rules for corner j (sk_quad_edge_values as
 * e_j's owner runs it, so that both faces sum alike; sk_vertex_step, the
 * quad values), and with store its rows of level L: m_j
 * moved twice where κ owns e_j, c where j = 0 (sk_vertex_keep). Across e_j
 * (g' = the face of k1, whose corner next(k1) lies at v_j): quad next(k1) =
 * (v_j, m(e'_A), fp(g'), m_j) and quad k1 = (v_{j+1}, m_j, fp(g'), m(e'_B));
 * the spoke of k1 lies between them; the half of e'_A at v_j between quad
 * next(k1) and the quad of k2's next corner, (v_j, da[1], da[0], m(e'_A));
 * the half of e'_B at v_{j+1} between quad k1 and quad k3, (v_{j+1}, m(e'_B),
 * db[0], db[1]). */
MM_HD void sk_two_part_of(const mmi_sk_points_args *g, const sk_two_rows *r,
                          const sk_two_values *v, int store, int64_t c, int64_t d, int f64,
                          sk_two_part *out)
{
    const mmi_sk_level *x = &g->lv[g->level - 2];
    int j = r->j, n = (j + 1) & 3, p = (j + 3) & 3;
    double pv = v->pv[j], po = v->po[j], pvn = v->pv[n], pon = v->po[n], pf = v->pf;
    double h[2], step[3], s1 = 0.0, s2 = 0.0;
    sk_vertex_step(v->kind, pv, v->s1, v->s2, step);
    out->vp = sk_two_round(step[0], f64);
    uint32_t kind;
    if (r->owns) {
        kind = sk_quad_edge_values(r->k1, v->twin, pv, po, v->po[p], pvn, pon, pf, h, step);
        out->h0 = sk_two_round(h[0], f64), out->h1 = sk_two_round(h[1], f64);
    } else { /* as the owner k1 sums them, its vertex v_{j+1} first */
        double twin[3] = {pf, v->po[p], pon};
        kind = sk_quad_edge_values(r->k1, twin, pvn, po, v->twin[1], pv, v->twin[2], v->twin[0],
                                   h, step);
        out->h0 = sk_two_round(h[1], f64), out->h1 = sk_two_round(h[0], f64);
    }
    out->mp = sk_two_round(step[0], f64);
    if (store && r->owns)
        sk_vertex_keep(NULL, NULL, g->data.final, kind, x->nv + x->nf + (r->so >> 2), step, c, d,
                       f64);
    double fk = sk_quad_face_value(pv, po, pf, v->po[p]), fn = sk_quad_face_value(pvn, pon, pf, po);
    out->fk = sk_two_round(fk, f64);
    out->spoke = sk_two_round(sk_quad_spoke_value(po, pf, fk, fn), f64);
    for (int i = 0; i < 4; ++i) s1 += v->po[i], s2 += v->pv[i];
    kind = mmi_kind_of(4, MMI_RULE_SMOOTH);
    sk_vertex_step(kind, pf, s1, s2, step);
    out->cp = sk_two_round(step[0], f64);
    if (store && j == 0) sk_vertex_keep(NULL, NULL, g->data.final, kind, x->nv + r->g, step, c, d, f64);
    if (!r->owns || r->k1 == MMI_SK_NONE) return;
    double pf1 = v->twin[0], eb = v->twin[1], ea = v->twin[2];
    double fa = sk_quad_face_value(pv, ea, pf1, po), fb = sk_quad_face_value(pvn, po, pf1, eb);
    double spoke = sk_quad_spoke_value(po, pf1, fb, fa);
    double ha = r->has_da ? sk_quad_half(pv, ea, fa, sk_quad_face_value(pv, v->da[1], v->da[0], ea))
                          : sk_quad_boundary_half(pv, ea);
    double hb = r->has_db
                    ? sk_quad_half(pvn, eb, fb, sk_quad_face_value(pvn, eb, v->db[0], v->db[1]))
                    : sk_quad_boundary_half(pvn, eb);
    out->ta[0] = sk_two_round(fa, f64), out->ta[1] = sk_two_round(spoke, f64);
    out->ta[2] = sk_two_round(ha, f64);
    out->tb[0] = sk_two_round(fb, f64), out->tb[1] = sk_two_round(hb, f64);
    out->tb[2] = out->ta[1];
}

/* The last step for quad κ = 4g + j of level L − 2 (component c) from the
 * parts of corners j (own), j − 1 (prev) and j + 1 (next): its corners of
 * level L − 1 are (v_j, m_j, c, m_{j−1}) moved, its sides the half of e_j at
 * v_j, spoke κ, spoke κ − 1 and the half of e_{j−1} at v_j (sk_quad_of),
 * its face point fk. It writes what sk_quad_points writes for it, and the
 * points on the edges it owns (sk_quad_owned_edge): side 0 where κ owns e_j
 * (other side: own ta), spoke κ (quad κ + 1's fk and spoke, own h1) and
 * side 3 where corner j − 1 owns e_{j−1} (its tb). */
MM_HD void sk_two_last(const mmi_sk_points_args *g, const sk_two_rows *r, const sk_two_part *own,
                       const sk_two_part *prev, const sk_two_part *next, int64_t c, int64_t d,
                       int f64)
{
    const mmi_sk_level *x3 = &g->lv[g->level - 2], *x2 = &g->lv[g->level - 1];
    sk_quad_in in = {x2, NULL, NULL, NULL, NULL, g->data.Y, NULL, NULL, NULL, 0};
    int64_t k = 4 * r->g + r->j;
    sk_quad_ids at = sk_quad_ids_of(g, k);
    double pv[4] = {own->vp, own->mp, own->cp, prev->mp};
    double po[4] = {own->h0, own->spoke, prev->spoke, prev->h1}, pf = own->fk;
    sk_quad_points(&in, at, 4 * k, pv, po, pf, 0, c, d, f64);
    uint32_t so = r->so, si = r->si;
    uint32_t s0 = (2 * (so >> 2) + (so & 1)) << 2 | (so & 3);
    uint32_t s3 = (2 * (si >> 2) + 1 - (si & 1)) << 2 | (si & 3);
    uint32_t s1 = (uint32_t)(2 * x3->ne + k) << 2;
    double tw[3] = {next->fk, next->spoke, own->h1};
    if (r->owns)
        sk_quad_owned_edge(&in, at, s0, r->k1, own->ta, pv[0], po[0], po[3], pv[1], po[1], pf, c,
                           d, f64);
    sk_quad_owned_edge(&in, at, s1, 0, tw, pv[1], po[1], po[0], pv[2], po[2], pf, c, d, f64);
    if (sk_owns_below(si))
        sk_quad_owned_edge(&in, at, s3, si & 2 ? MMI_SK_NONE : 0, prev->tb, pv[3], po[3], po[2],
                           pv[0], po[0], pf, c, d, f64);
}

/* Component c of vertex v of level L − 3, two levels down by its ring sums
 * (its row of level L; the sums carry it to level L − 1, and the step that
 * stores it, sk_vertex_keep's final, one more). */
MM_HD void sk_two_old_vertex(const mmi_sk_points_args *g, int64_t v, int64_t c, int64_t d, int f64)
{
    double out[3];
    uint32_t kind = sk_old_vertex_step(&g->data, v, c, d, f64, out);
    sk_vertex_keep(NULL, NULL, g->data.final, kind, v, out, c, d, f64);
}

/* The elements of mmi_sk_two_steps, d components each: level L − 3's faces,
 * then its vertices. */
MM_HD int64_t sk_two_count(const mmi_sk_points_args *g)
{
    const mmi_sk_level *x = &g->lv[g->level - 2];
    return (x->nf + x->nv) * g->data.d;
}

/* Element i: component c of face g's four corners (parts, then last steps),
 * or of a vertex. */
MM_HD void sk_two_element(const mmi_sk_points_args *g, int64_t i, int64_t d, int f64)
{
    const mmi_sk_level *x = &g->lv[g->level - 2];
    int64_t f = i / d, c = i % d;
    if (f >= x->nf) {
        sk_two_old_vertex(g, f - x->nf, c, d, f64);
        return;
    }
    sk_two_rows r[4];
    sk_two_part part[4];
    for (int j = 0; j < 4; ++j) {
        sk_two_values v;
        sk_two_rows_of(g, f, j, &r[j]);
        sk_two_load(g, &r[j], c, d, f64, &v);
        sk_two_part_of(g, &r[j], &v, 1, c, d, f64, &part[j]);
    }
    for (int j = 0; j < 4; ++j)
        sk_two_last(g, &r[j], &part[j], &part[(j + 3) & 3], &part[(j + 1) & 3], c, d, f64);
}

#endif
