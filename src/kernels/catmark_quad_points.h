/* catmark_quad_points.h: the vertex-data rules of the specialized Catmull-Clark
 * path below level 0 (paper §4.3, Alg. 8–9), from level l ≥ 1 (all quads) to
 * l + 1, reading only what lies next to each element:
 *
 * - one face f of level l − 1 at a time (its corners κ are the quads κ of
 *   level l, rebuilt by sk_quad_of's formula): the face points of those quads,
 *   the edge points of their spokes, f's face point born at level l, and on
 *   each edge whose first side is f's, from both sides, the vertex born on it
 *   at level l and the edge points of its two halves;
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
 * data's type: its rounding stays far below the positions' own). The step
 * before the last takes each vertex two levels down at once instead of
 * keeping its sums (mmi_sk_data's final): the last step then neither reads
 * the sums nor passes over those vertices.
 *
 * Every row of level l + 1 is written by one element, so the results do not
 * depend on the order the elements run in (the shares of an edge's two faces
 * never meet in memory). */
#ifndef MESHMAT_KERNELS_CATMARK_QUAD_POINTS_H
#define MESHMAT_KERNELS_CATMARK_QUAD_POINTS_H

#include "catmark_points.h"

/* One vertex one level down from p and its ring sums, as above, with the
 * weights of its rule (mmi_catmark_vertex_mask) and of the new points around
 * it (face and edge masks): out = (v', S1', S2'). A crease vertex's S1 holds
 * its two neighbours along the crease b, whose new neighbours there are the
 * edge points of its two sharp edges: b' = Σ end (p + b_j); a corner stays.
 * Linear in (p, S1, S2) for a given kind, so shares add up. */
MM_HD void sk_vertex_step(uint32_t kind, double p, double s1, double s2, double out[3])
{
    /* The mask is taken in each branch with its rule a constant, so the
     * compiler folds the others away. */
    double n = mmi_kind_valence(kind);
    mmi_vertex_rule rule = mmi_kind_rule(kind);
    if (rule == MMI_RULE_CORNER) {
        out[0] = p, out[1] = s1, out[2] = s2;
    } else if (rule == MMI_RULE_CREASE) {
        mmi_vertex_mask m = mmi_catmark_vertex_mask(MMI_RULE_CREASE, n);
        mmi_edge_mask e = mmi_catmark_edge_mask(1);
        out[0] = m.vertex * p + m.crease * s1;
        out[1] = 2.0 * e.end * p + e.end * s1, out[2] = 0.0;
    } else {
        mmi_vertex_mask m = mmi_catmark_vertex_mask(MMI_RULE_SMOOTH, n);
        mmi_edge_mask e = mmi_catmark_edge_mask(0);
        double f = mmi_catmark_face_weight(4) * (n * p + 2.0 * s1 + s2);
        out[0] = m.vertex * p + m.edge * s1 + m.face * f;
        out[1] = n * e.end * p + e.end * s1 + 2.0 * e.side * f;
        out[2] = f;
    }
}

/* Rows of d values in base, row k of a stream at base + (row0 + k) d: where
 * sk_quad_corner_points writes its points, one after another for consecutive
 * faces (the CUDA launcher may point them at shared memory and copy them out
 * whole). */
typedef struct sk_stream {
    void *base;
    int64_t row0;
} sk_stream;

/* The ids the rules of face f work with: f's face-point vertex fv, the
 * first edge-point vertex eb of level l and the first edge point ye of level
 * l + 1 (vertex ids: 32 bits, so that the rows they make need no 64-bit
 * arithmetic on the device, where it was a fifth of the last step's
 * instructions, bench/results/eval-instruction-mix); and the streams of the
 * face points of level l's quads (by corner κ), of their spoke edge points
 * (by κ) and of f's face-point vertex (by f). */
typedef struct sk_quad_ids {
    uint32_t fv, eb, ye;
    sk_stream faces, spokes, face_vertex;
} sk_quad_ids;

/* What face f's rule reads of level l − 1: the level (counts, face starts),
 * its side codes and vertices, the sides of its edges, and where it writes
 * level l + 1 (ring NULL when no level follows). The arrays never overlap,
 * hence restrict (the compiler may then issue later loads before these
 * stores). */
typedef struct sk_quad_in {
    const mmi_sk_level *x;
    const uint32_t *MM_RESTRICT side;
    const uint32_t *MM_RESTRICT verts;
    const uint32_t *MM_RESTRICT edge_sides;
    const void *MM_RESTRICT P;
    void *MM_RESTRICT Y;
    void *MM_RESTRICT ring;
    uint32_t *MM_RESTRICT kinds;
    void *MM_RESTRICT final;
    int level0; /* level l − 1 is level 0 */
} sk_quad_in;

/* Whether corner κ (side code so) is the first side of its edge, whose
 * face writes the points on it (sk_quad_owned_edge), and the edge's other
 * side (MMI_SK_NONE on the boundary; read only when κ owns the edge): below
 * level 0 by κ's code alone (sk_first_by_code). */
MM_HD int sk_owns_edge(const sk_quad_in *in, uint32_t so, int64_t k, uint32_t *other)
{
    const uint32_t *es = in->edge_sides + 2 * (int64_t)(so >> 2);
    /* `!= 0`: so the ternary compiles to the PTX of the rule spelt out in
       place (without it a branch was laid out differently,
       bench/results/loop-edge-sides) */
    int owns = in->level0 ? es[0] == (uint32_t)k : sk_first_by_code(so) != 0;
    if (owns) *other = sk_on_boundary(so) && !in->level0 ? MMI_SK_NONE : es[1];
    return owns;
}

/* What a vertex's step out = (v', S1', S2') (sk_vertex_step with kind) leaves
 * for the levels below, component c of row r: its ring sums and (kinds not
 * NULL) its kind, or with final its row of the last level, one step further. */
MM_HD void sk_vertex_keep(void *MM_RESTRICT ring, uint32_t *MM_RESTRICT kinds,
                          void *MM_RESTRICT final, uint32_t kind, int64_t r, const double out[3],
                          int64_t c, int64_t d, int f64)
{
    if (ring) {
        sk_store(ring, f64, r * 2 * d + c, out[1]);
        sk_store(ring, f64, r * 2 * d + d + c, out[2]);
        sk_keep_kind(ring, kinds, kind, r, c);
    } else if (final) {
        double next[3];
        sk_vertex_step(kind, out[0], out[1], out[2], next);
        sk_store(final, f64, r * d + c, next[0]);
    }
}

/* What the points on an edge read of its other side k1 (a corner of level
 * l − 1, not MMI_SK_NONE): the rows (level l) of k1's face point and of the
 * edge points of the corners before and after k1, into rows = (pf1, pi1,
 * pon1); and their component c, into twin. */
MM_HD void sk_quad_twin_rows(const sk_quad_in *in, sk_quad_ids at, uint32_t k1, int64_t rows[3])
{
    const mmi_sk_level *x = in->x;
    int64_t n1 = sk_next(x, k1), p1 = sk_prev(x, k1);
    rows[0] = (uint32_t)x->nv + (uint32_t)sk_face(x, k1);
    rows[1] = at.eb + (in->side[p1] >> 2);
    rows[2] = at.eb + (in->side[n1] >> 2);
}

MM_HD void sk_quad_twin_load(const sk_quad_in *in, sk_quad_ids at, uint32_t k1, double twin[3],
                             int64_t c, int64_t d, int f64)
{
    int64_t rows[3];
    sk_quad_twin_rows(in, at, k1, rows);
    for (int j = 0; j < 3; ++j) twin[j] = sk_load(in->P, f64, rows[j] * d + c);
}

/* The points on edge e = κ's out edge (k1 its other side, MMI_SK_NONE on
 * the boundary): the edge points of e's halves, h[0] at A = v_κ and h[1] at
 * B = v_ν, and the step out = (v', S1', S2') of the vertex ep(e) born at
 * level l; returns ep(e)'s kind. pv = A, pvn = B, po = ep(e), pi, pon and
 * pf are κ's side's data (sk_quad_corner_points), twin the other side's
 * (sk_quad_twin_load). Inside, each side has a quad at A and one at B (face
 * points (v + po + pf + pi) / 4 and (v' + pon + pf + po) / 4); a half
 * edge's point is (its end + po + the two face points beside it) / 4 (Alg.
 * 5), and ep(e) has valence 4: S1 = A + B + both faces' points, S2 = the
 * four edge points beside e. On the boundary (eq. 20): midpoints, and ep(e)
 * moves between A and B. */
MM_HD uint32_t sk_quad_edge_values(uint32_t k1, const double twin[3], double pv, double po,
                                   double pi, double pvn, double pon, double pf, double h[2],
                                   double out[3])
{
    if (k1 == MMI_SK_NONE) {
        mmi_edge_mask e = mmi_catmark_edge_mask(1);
        uint32_t kind = mmi_kind_of(2, MMI_RULE_CREASE);
        h[0] = e.end * (pv + po), h[1] = e.end * (po + pvn);
        sk_vertex_step(kind, po, pv + pvn, 0.0, out);
        return kind;
    }
    mmi_edge_mask e = mmi_catmark_edge_mask(0);
    uint32_t kind = mmi_kind_of(4, MMI_RULE_SMOOTH);
    double w = mmi_catmark_face_weight(4);
    double pf1 = twin[0], pi1 = twin[1], pon1 = twin[2];
    double fa0 = (pv + po + pf + pi) * w, fb0 = (pvn + pon + pf + po) * w;
    double fb1 = (pvn + po + pf1 + pi1) * w, fa1 = (pv + pon1 + pf1 + po) * w;
    h[0] = e.end * (pv + po) + e.side * (fa0 + fa1);
    h[1] = e.end * (pvn + po) + e.side * (fb0 + fb1);
    sk_vertex_step(kind, po, pv + pvn + pf + pf1, pi + pon + pi1 + pon1, out);
    return kind;
}

/* Level l + 1's rows of the points on edge e = side code so's edge: the
 * vertex ep(e) (eo) and the edge points of e's halves, ha at so's corner
 * and hb at the next. */
MM_HD void sk_quad_edge_rows(sk_quad_ids at, uint32_t so, int64_t *eo, int64_t *ha, int64_t *hb)
{
    uint32_t e = so >> 2;
    *eo = at.eb + e, *ha = at.ye + 2 * e + (so & 1), *hb = at.ye + 2 * e + 1 - (so & 1);
}

/* Level l + 1's points on edge e = κ's out edge, written by the face of e's
 * first side κ (so its code; k1 the other side, MMI_SK_NONE on the
 * boundary), component c: sk_quad_edge_values, twin loaded when NULL, and
 * what ep(e) leaves below (sk_vertex_keep). */
MM_HD void sk_quad_owned_edge(const sk_quad_in *in, sk_quad_ids at, uint32_t so, uint32_t k1,
                              const double twin[3], double pv, double po, double pi, double pvn,
                              double pon, double pf, int64_t c, int64_t d, int f64)
{
    int64_t eo, ha, hb;
    double loaded[3], h[2], out[3];
    sk_quad_edge_rows(at, so, &eo, &ha, &hb);
    if (k1 != MMI_SK_NONE && twin == NULL)
        sk_quad_twin_load(in, at, k1, loaded, c, d, f64), twin = loaded;
    uint32_t kind = sk_quad_edge_values(k1, twin, pv, po, pi, pvn, pon, pf, h, out);
    sk_store(in->Y, f64, ha * d + c, h[0]);
    sk_store(in->Y, f64, hb * d + c, h[1]);
    sk_store(in->Y, f64, eo * d + c, out[0]);
    sk_vertex_keep(in->ring, in->kinds, in->final, kind, eo, out, c, d, f64);
}

/* Level l + 1's points around face f of level l − 1 (P: level l). Level
 * l's quad κ is (v_κ, ep(e_o), fp(f), ep(e_i)) for f's corner κ; with the
 * next corner ν, quad ν is (v_ν, ep(e_ν), fp(f), ep(e_o)). Corner κ's part,
 * component c: the face point of quad κ, the edge point of spoke 2|E| + κ
 * (both its quads are f's) and, where κ is the first side of its out edge,
 * the points on that edge (sk_quad_owned_edge); pv, po, pi are κ's vertex,
 * out and in edge points, pvn, pon ν's vertex and out edge point, pf f's face
 * point (all of level l). Each row of level l + 1 is written by one face.
 * Without edges the owned edge is left to the caller (the CUDA launcher
 * gathers the owned edges of a block first, so that no lane idles). */
MM_HD void sk_quad_corner_points(const sk_quad_in *in, sk_quad_ids at, int64_t k, double pv,
                                 double po, double pi, double pvn, double pon, double pf,
                                 int edges, int64_t c, int64_t d, int f64)
{
    mmi_edge_mask e = mmi_catmark_edge_mask(0);
    double w = mmi_catmark_face_weight(4);
    double fk = (pv + po + pf + pi) * w, fn = (pvn + pon + pf + po) * w;
    sk_store(at.faces.base, f64, (at.faces.row0 + k) * d + c, fk);
    sk_store(at.spokes.base, f64, (at.spokes.row0 + k) * d + c,
             e.end * (po + pf) + e.side * (fk + fn));
    if (!edges) return;
    uint32_t so = in->side[k], other;
    if (sk_owns_edge(in, so, k, &other))
        sk_quad_owned_edge(in, at, so, other, NULL, pv, po, pi, pvn, pon, pf, c, d, f64);
}

/* f's face-point vertex, born at level l: valence `order`, S1 = Σ ep(e_o),
 * S2 = Σ v_κ (and its ring sums and kind when a level follows). */
MM_HD void sk_quad_face_vertex(const sk_quad_in *in, sk_quad_ids at, uint32_t order, double pf,
                               double s1, double s2, int64_t c, int64_t d, int f64)
{
    double out[3];
    uint32_t kind = mmi_kind_of(order, MMI_RULE_SMOOTH);
    sk_vertex_step(kind, pf, s1, s2, out);
    sk_store(at.face_vertex.base, f64, at.face_vertex.row0 * d + c, out[0]);
    sk_vertex_keep(in->ring, in->kinds, in->final, kind, at.fv, out, c, d, f64);
}

/* The rows of level l that quad f's rules read (corners [first, first + 4)
 * of level l − 1): rows[j] its corner j's vertex, rows[4 + j] that corner's
 * out edge point, rows[8] f's face point. */
MM_HD void sk_quad_rows(const sk_quad_in *in, sk_quad_ids at, int64_t first, int64_t rows[9])
{
    const uint32_t *MM_RESTRICT side = in->side, *MM_RESTRICT verts = in->verts;
    for (int j = 0; j < 4; ++j) {
        rows[j] = verts[first + j];
        rows[4 + j] = at.eb + (side[first + j] >> 2);
    }
    rows[8] = at.fv;
}

/* Component c of the rows sk_quad_rows names: the corners' vertices pv and
 * out edge points po; returns the face point. */
MM_HD double sk_quad_load_rows(const sk_quad_in *in, const int64_t rows[9], double pv[4],
                               double po[4], int64_t c, int64_t d, int f64)
{
    for (int j = 0; j < 4; ++j) {
        pv[j] = sk_load(in->P, f64, rows[j] * d + c);
        po[j] = sk_load(in->P, f64, rows[4 + j] * d + c);
    }
    return sk_load(in->P, f64, rows[8] * d + c);
}

/* Component c of quad f's data at level l (sk_quad_rows, sk_quad_load_rows). */
MM_HD double sk_quad_load(const sk_quad_in *in, sk_quad_ids at, int64_t first, double pv[4],
                          double po[4], int64_t c, int64_t d, int f64)
{
    int64_t rows[9];
    sk_quad_rows(in, at, first, rows);
    return sk_quad_load_rows(in, rows, pv, po, c, d, f64);
}

/* Component c of sk_quad_face for quad f from its loaded data: its corners'
 * parts (with or without the owned edges) and its face-point vertex. */
MM_HD void sk_quad_points(const sk_quad_in *in, sk_quad_ids at, int64_t first,
                          const double pv[4], const double po[4], double pf, int edges,
                          int64_t c, int64_t d, int f64)
{
    double s1 = 0.0, s2 = 0.0;
    for (int j = 0; j < 4; ++j) {
        int n = (j + 1) & 3, p = (j + 3) & 3;
        sk_quad_corner_points(in, at, first + j, pv[j], po[j], po[p], pv[n], po[n], pf, edges, c,
                              d, f64);
        s1 += po[j], s2 += pv[j];
    }
    sk_quad_face_vertex(in, at, 4, pf, s1, s2, c, d, f64);
}

/* What sk_quad_face reads and writes, and its ids for face f with every
 * stream in Y. */
MM_HD sk_quad_in sk_quad_in_of(const mmi_sk_points_args *g)
{
    const mmi_sk_level *x = &g->lv[g->level - 1];
    const mmi_sk_data *io = &g->data;
    sk_quad_in in = {x, x->side, x->verts, x->edge_sides, io->P, io->Y,
                     sk_ring_kept(io), io->kinds, io->final, g->level == 1};
    return in;
}

MM_HD sk_quad_ids sk_quad_ids_of(const mmi_sk_points_args *g, int64_t f)
{
    const mmi_sk_level *x = &g->lv[g->level - 1], *y = &g->lv[g->level];
    void *Y = g->data.Y;
    int64_t ye = y->nv + y->nf;
    sk_quad_ids at = {(uint32_t)(x->nv + f), (uint32_t)(x->nv + x->nf), (uint32_t)ye, {Y, y->nv},
                      {Y, ye + 2 * x->ne}, {Y, x->nv + f}};
    return at;
}

/* Component c of quad f's points (i = f d + c): its corners' parts with
 * their owned edges, and its face-point vertex. Its rows' ids come before
 * mmi_wait_prior_grid (hd.h) and their loads after it: in a kernel launched
 * early only the loads of level l's data wait on the step before. */
MM_HD void sk_quad_face(const mmi_sk_points_args *g, int64_t i, int64_t d, int f64)
{
    int64_t f = i / d, c = i % d, rows[9];
    sk_quad_in in = sk_quad_in_of(g);
    sk_quad_ids at = sk_quad_ids_of(g, f);
    sk_quad_rows(&in, at, 4 * f, rows);
    mmi_wait_prior_grid();
    double pv[4], po[4], pf = sk_quad_load_rows(&in, rows, pv, po, c, d, f64);
    sk_quad_points(&in, at, 4 * f, pv, po, pf, 1, c, d, f64);
}

/* A level of faces of any order (level 0 of a mixed cage) runs one element
 * per corner and one per face, where a loop over a face's corners made each
 * corner's loads (its owned edge's other side above all) wait for the
 * previous corner's: the whole time of a small cage's step from level 1.
 * Component c of corner κ's part (sk_quad_corner_points) for i = κ d + c. */
MM_HD void sk_polygon_corner(const mmi_sk_points_args *g, int64_t i, int64_t d, int f64)
{
    const mmi_sk_level *x = &g->lv[g->level - 1];
    int64_t k = i / d, c = i % d, f = sk_face(x, k);
    int64_t first = sk_start(x, f), end = sk_start(x, f + 1);
    int64_t n = k + 1 < end ? k + 1 : first, p = k > first ? k - 1 : end - 1;
    sk_quad_in in = sk_quad_in_of(g);
    sk_quad_ids at = sk_quad_ids_of(g, f);
    const uint32_t *MM_RESTRICT side = in.side, *MM_RESTRICT verts = in.verts;
    double pv = sk_load(in.P, f64, (int64_t)verts[k] * d + c);
    double pvn = sk_load(in.P, f64, (int64_t)verts[n] * d + c);
    double po = sk_load(in.P, f64, (at.eb + (side[k] >> 2)) * d + c);
    double pon = sk_load(in.P, f64, (at.eb + (side[n] >> 2)) * d + c);
    double pi = sk_load(in.P, f64, (at.eb + (side[p] >> 2)) * d + c);
    double pf = sk_load(in.P, f64, at.fv * d + c);
    sk_quad_corner_points(&in, at, k, pv, po, pi, pvn, pon, pf, 1, c, d, f64);
}

/* Component c of face f's face-point vertex (sk_quad_face_vertex) for
 * i = f d + c: S1 and S2 summed over its corners in order. */
MM_HD void sk_polygon_face_vertex(const mmi_sk_points_args *g, int64_t i, int64_t d, int f64)
{
    const mmi_sk_level *x = &g->lv[g->level - 1];
    int64_t f = i / d, c = i % d, first = sk_start(x, f), end = sk_start(x, f + 1);
    sk_quad_in in = sk_quad_in_of(g);
    sk_quad_ids at = sk_quad_ids_of(g, f);
    double s1 = 0.0, s2 = 0.0;
    for (int64_t k = first; k < end; ++k) {
        s1 += sk_load(in.P, f64, (at.eb + (in.side[k] >> 2)) * d + c);
        s2 += sk_load(in.P, f64, (int64_t)in.verts[k] * d + c);
    }
    sk_quad_face_vertex(&in, at, (uint32_t)(end - first), sk_load(in.P, f64, at.fv * d + c), s1,
                        s2, c, d, f64);
}

/* Component c of vertex v of level l − 1, one level down from level l by
 * its ring sums. */
MM_HD void sk_old_vertex_at(const mmi_sk_points_args *g, int64_t v, int64_t c, int64_t d, int f64)
{
    const mmi_sk_data *io = &g->data;
    int64_t i = v * d + c, r = v * 2 * d + c;
    double out[3];
    uint32_t kind = io->kinds[v];
    sk_vertex_step(kind, sk_load(io->P, f64, i), sk_load(io->ring, f64, r),
                   sk_load(io->ring, f64, r + d), out);
    sk_store(io->Y, f64, i, out[0]);
    sk_vertex_keep(sk_ring_kept(io), NULL, io->final, kind, v, out, c, d, f64);
}

/* The same for element i = v d + c. */
MM_HD void sk_old_vertex(const mmi_sk_points_args *g, int64_t i, int64_t d, int f64)
{
    sk_old_vertex_at(g, i / d, i % d, d, f64);
}

/* The elements of mmi_sk_quad_points over level l − 1 of g, d components
 * each: its faces (quads) or its corners and faces (any order), then its
 * vertices unless the step before took them down already (old_done). */
MM_HD int64_t sk_quad_point_count(const mmi_sk_points_args *g)
{
    const mmi_sk_level *x = &g->lv[g->level - 1];
    return ((x->uniform == 4 ? 0 : x->nnz) + x->nf + (g->data.old_done ? 0 : x->nv)) * g->data.d;
}

/* Element i of mmi_sk_quad_points: a quad's component, or a corner's and a
 * face's; then a vertex's. A quad waits on the step before itself
 * (sk_quad_face), every other element first. */
MM_HD void sk_quad_point(const mmi_sk_points_args *g, int64_t i, int64_t d, int f64)
{
    const mmi_sk_level *x = &g->lv[g->level - 1];
    int64_t corners = x->uniform == 4 ? 0 : x->nnz * d, faces = x->nf * d;
    if (i < corners + faces && corners == 0) {
        sk_quad_face(g, i, d, f64);
        return;
    }
    mmi_wait_prior_grid();
    if (i < corners) sk_polygon_corner(g, i, d, f64);
    else if (i < corners + faces) sk_polygon_face_vertex(g, i - corners, d, f64);
    else sk_old_vertex(g, i - corners - faces, d, f64);
}

#endif
