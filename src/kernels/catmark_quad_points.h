/* catmark_quad_points.h: the vertex-data rules of the specialized Catmull-Clark
 * path below level 0 (paper §4.3, Alg. 8–9), from level l ≥ 1 (all quads) to
 * l + 1, reading only what lies next to each element:
 *
 * - one face f of level l − 1 at a time (its corners κ are the quads κ of
 *   level l, rebuilt by sk_quad_of's formula): the face points of those quads,
 *   the edge points of their spokes, and the vertices born at level l there
 *   (f's face point, and its share of each edge point of f's sides);
 * - the vertices of level l − 1 by their ring sums, with no walk around them.
 *
 * Ring sums: for a vertex v of valence n whose faces are quads, S1 = Σ of its
 * edge neighbours and S2 = Σ of its diagonal (opposite) corners. Around v the
 * new face points sum to F = (n p + 2 S1 + S2) / 4 and the new edge points to
 * (n p + S1 + 2F) / 4, so (eq. 9, 11) v' = (1 − 2/n) p + (S1 + F) / n², and
 * v's ring sums one level down are S1' = (n p + S1 + 2F) / 4, S2' = F. On the
 * boundary (eq. 20) S1 holds the two boundary neighbours b: v' = 3/4 p + b/8,
 * b' = p + b/2 (the new boundary neighbours are edge midpoints). A vertex's
 * sums are gathered once, at the level after its birth, then carried (in the
 * data's type: its rounding stays far below the positions' own).
 *
 * Edge points of half edges and newborn edge vertices have one share from
 * each of their two faces, added with sk_add: exactly two addends on a zeroed
 * value, so the sum does not depend on which face comes first. */
#ifndef MESHMAT_KERNELS_CATMARK_QUAD_POINTS_H
#define MESHMAT_KERNELS_CATMARK_QUAD_POINTS_H

#include "catmark_points.h"

/* One vertex one level down from p and its ring sums, as above: out = (v',
 * S1', S2'). Linear in (p, S1, S2) for a given kind, so shares add up. */
MM_HD void sk_vertex_step(uint32_t kind, double p, double s1, double s2, double out[3])
{
    double n = (double)(kind & MMI_SK_VALENCE_MASK);
    if (kind & MMI_SK_KIND_FIXED) {
        out[0] = p, out[1] = s1, out[2] = s2;
    } else if (kind & MMI_SK_KIND_BOUNDARY) {
        out[0] = 0.75 * p + 0.125 * s1, out[1] = p + 0.5 * s1, out[2] = 0.0;
    } else {
        double f = (n * p + 2.0 * s1 + s2) * 0.25;
        out[0] = (1.0 - 2.0 / n) * p + (s1 + f) / (n * n);
        out[1] = (n * p + s1 + 2.0 * f) * 0.25;
        out[2] = f;
    }
}

/* Level l + 1's points around face f of level l − 1 (g->level = l). Level l's
 * quad κ is (v_κ, ep(e_o), fp(f), ep(e_i)) for f's corner κ; with the next
 * corner ν, quad ν is (v_ν, ep(e_ν), fp(f), ep(e_o)). Writes: the face point
 * of each quad κ; the edge point of spoke 2|E| + κ (quads κ and ν); shares of
 * the edge points of quad κ's two half edges (plain midpoints on the
 * boundary); f's face-point vertex, born at level l (valence c, S1 = Σ ep(e_o),
 * S2 = Σ v_κ); and the share of ep(e_o) (valence 4: S1 = v_κ + v_ν + both
 * faces' points, S2 = ep(e_i) + ep(e_ν) + the other face's two). One
 * component c per element (i = f d + c), so a warp's loads and stores of a
 * point are adjacent; d and f64 are g's, passed so that a CUDA kernel can
 * fold them as constants. */
/* Rows of d values in base, row k of a stream at base + (row0 + k) d: where
 * sk_quad_face_points writes the points it alone writes, one after another
 * for consecutive faces (the CUDA launcher may point them at shared memory
 * and copy them out whole). */
typedef struct sk_stream {
    void *base;
    int64_t row0;
} sk_stream;

/* The ids sk_quad_face_points works with: f's face-point vertex fv and the
 * first edge-point vertex eb of level l, the first edge point of level l + 1
 * (ye); and the streams of the face points of level l's quads (by corner κ),
 * of their spoke edge points (by κ) and of f's face-point vertex (by f). */
typedef struct sk_quad_ids {
    int64_t fv, eb, ye;
    sk_stream faces, spokes, face_vertex;
} sk_quad_ids;

/* Corner κ's part of sk_quad_face_points, component c: pv, po, pi its vertex,
 * out and in edge points, pvn, pon the next corner's vertex and out edge
 * point, pf the face point (all of level l); so, si its out and in side
 * codes. ring NULL when no level follows. The arrays never overlap, hence
 * restrict (the compiler may then issue later loads before these stores). */
MM_HD void sk_quad_corner_points(void *MM_RESTRICT Y, void *MM_RESTRICT ring,
                                 uint32_t *MM_RESTRICT kinds, sk_quad_ids at, int64_t k,
                                 uint32_t so, uint32_t si, double pv, double po, double pi,
                                 double pvn, double pon, double pf, int64_t c, int64_t d, int f64)
{
    int64_t eo = at.eb + (so >> 2), d2 = 2 * d;
    int64_t h0 = at.ye + 2 * (int64_t)(so >> 2) + (so & 1);
    int64_t h3 = at.ye + 2 * (int64_t)(si >> 2) + 1 - (si & 1);
    double fk = (pv + po + pf + pi) * 0.25, fn = (pvn + pon + pf + po) * 0.25, out[3];
    sk_store(at.faces.base, f64, (at.faces.row0 + k) * d + c, fk);
    sk_store(at.spokes.base, f64, (at.spokes.row0 + k) * d + c, (po + pf + fk + fn) * 0.25);
    if (so & 2) sk_store(Y, f64, h0 * d + c, (pv + po) * 0.5);
    else sk_add(Y, f64, h0 * d + c, (pv + po) * 0.125 + fk * 0.25);
    if (si & 2) sk_store(Y, f64, h3 * d + c, (pi + pv) * 0.5);
    else sk_add(Y, f64, h3 * d + c, (pi + pv) * 0.125 + fk * 0.25);
    if (so & 2) {
        sk_vertex_step(2 | MMI_SK_KIND_BOUNDARY, po, pv + pvn, 0.0, out);
        sk_store(Y, f64, eo * d + c, out[0]);
        if (ring) sk_store(ring, f64, eo * d2 + c, out[1]);
    } else {
        sk_vertex_step(4, 0.5 * po, 0.5 * (pv + pvn) + pf, pi + pon, out);
        sk_add(Y, f64, eo * d + c, out[0]);
        if (ring) {
            sk_add(ring, f64, eo * d2 + c, out[1]);
            sk_add(ring, f64, eo * d2 + d + c, out[2]);
        }
    }
    if (ring && c == 0) kinds[eo] = so & 2 ? 2 | MMI_SK_KIND_BOUNDARY : 4;
}

/* Component c of sk_quad_face for face f with corners [first, end) of level
 * l − 1 (side codes, vertices), P of level l, Y of level l + 1. A quad loads
 * its four corners' data first; a polygon (level 0) rolls over its corners,
 * each taking over the previous one's next vertex and edge point. */
MM_HD void sk_quad_face_points(const uint32_t *MM_RESTRICT side, const uint32_t *MM_RESTRICT verts,
                               const void *MM_RESTRICT P, void *MM_RESTRICT Y,
                               void *MM_RESTRICT ring, uint32_t *MM_RESTRICT kinds,
                               sk_quad_ids at, int64_t first, int64_t end, int64_t c, int64_t d,
                               int f64)
{
    int64_t eb = at.eb;
    uint32_t face_kind = (uint32_t)(end - first);
    double pf = sk_load(P, f64, at.fv * d + c), s1 = 0.0, s2 = 0.0, out[3];
    if (end - first == 4) {
        uint32_t sd[4];
        double pv[4], po[4];
        for (int j = 0; j < 4; ++j) {
            sd[j] = side[first + j];
            pv[j] = sk_load(P, f64, (int64_t)verts[first + j] * d + c);
            po[j] = sk_load(P, f64, (eb + (sd[j] >> 2)) * d + c);
        }
        for (int j = 0; j < 4; ++j) {
            int n = (j + 1) & 3, p = (j + 3) & 3;
            sk_quad_corner_points(Y, ring, kinds, at, first + j, sd[j], sd[p], pv[j], po[j], po[p],
                                  pv[n], po[n], pf, c, d, f64);
            s1 += po[j], s2 += pv[j];
        }
    } else {
        uint32_t so = side[first], si = side[end - 1];
        double pv = sk_load(P, f64, (int64_t)verts[first] * d + c);
        double po = sk_load(P, f64, (eb + (so >> 2)) * d + c);
        double pi = sk_load(P, f64, (eb + (si >> 2)) * d + c), v0 = pv, o0 = po;
        for (int64_t k = first; k < end; ++k) {
            int wrap = k + 1 == end;
            uint32_t sn = side[wrap ? first : k + 1];
            double pvn = wrap ? v0 : sk_load(P, f64, (int64_t)verts[k + 1] * d + c);
            double pon = wrap ? o0 : sk_load(P, f64, (eb + (sn >> 2)) * d + c);
            sk_quad_corner_points(Y, ring, kinds, at, k, so, si, pv, po, pi, pvn, pon, pf, c, d,
                                  f64);
            s1 += po, s2 += pv;
            pi = po, pv = pvn, po = pon;
            si = so, so = sn;
        }
    }
    sk_vertex_step(face_kind, pf, s1, s2, out);
    sk_store(at.face_vertex.base, f64, at.face_vertex.row0 * d + c, out[0]);
    if (!ring) return;
    sk_store(ring, f64, at.fv * 2 * d + c, out[1]);
    sk_store(ring, f64, at.fv * 2 * d + d + c, out[2]);
    if (c == 0) kinds[at.fv] = face_kind;
}

/* sk_quad_face's ids for face f, every stream in Y. */
MM_HD sk_quad_ids sk_quad_ids_of(const mmi_sk_args *g, int64_t f)
{
    const mmi_sk_level *x = &g->lv[g->level - 1], *y = &g->lv[g->level];
    int64_t ye = y->nv + y->nf;
    sk_quad_ids at = {x->nv + f, x->nv + x->nf, ye, {g->Y, y->nv}, {g->Y, ye + 2 * x->ne},
                      {g->Y, x->nv + f}};
    return at;
}

MM_HD void sk_quad_face(const mmi_sk_args *g, int64_t i, int64_t d, int f64)
{
    const mmi_sk_level *x = &g->lv[g->level - 1];
    int64_t f = i / d;
    sk_quad_face_points(x->side, x->verts, g->P, g->Y, g->ring_next ? g->ring : NULL, g->kinds,
                        sk_quad_ids_of(g, f), sk_start(x, f), sk_start(x, f + 1), i % d, d, f64);
}

/* Component c of vertex v of level l − 1 (i = v d + c), one level down from
 * level l by its ring sums. */
MM_HD void sk_old_vertex(const mmi_sk_args *g, int64_t i, int64_t d, int f64)
{
    int64_t v = i / d, c = i % d, r = v * 2 * d + c;
    double out[3];
    sk_vertex_step(g->kinds[v], sk_load(g->P, f64, i), sk_load(g->ring, f64, r),
                   sk_load(g->ring, f64, r + d), out);
    sk_store(g->Y, f64, i, out[0]);
    if (!g->ring_next) return;
    sk_store(g->ring, f64, r, out[1]);
    sk_store(g->ring, f64, r + d, out[2]);
}

#endif
