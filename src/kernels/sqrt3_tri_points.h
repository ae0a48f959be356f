/* sqrt3_tri_points.h: the vertex-data rules of the specialized √3 path
 * below level 0 (paper Appendix A, Kobbelt §4 on the boundary), from level
 * l ≥ 1 to l + 1, reading only what lies next to each element:
 *
 * - one triangle f = (v_0, v_1, v_2) of level l − 1 at a time, with q its
 *   face point and h_c the triangle across its side c (s3_twin / 3), both
 *   born at level l: its children at level l are 3f + c (sqrt3_topology.h).
 *   It writes their face points (eq. 26; on a splitting level l the x and y
 *   of its boundary children) and the points born at level l around it: q
 *   (when level l − 1 did not split) or, on a split boundary triangle, its x
 *   and y (s3_whole_tri_points, s3_split_tri_points);
 * - the vertices of level l − 1 by their carried ring sums
 *   (s3_vertex_step), with no walk around them.
 *
 * As Catmull-Clark's (catmark_quad_points.h), the step before the last takes
 * each vertex it moves two levels down at once instead of keeping its sum
 * (mmi_sk_data's final; odd_next the parity of the level after, whose
 * boundary rule the second step follows), and the last step then leaves
 * those vertices (old_done).
 *
 * Every point has one owner: no shares, no atomics (DESIGN §3). */
#ifndef MESHMAT_KERNELS_SQRT3_TRI_POINTS_H
#define MESHMAT_KERNELS_SQRT3_TRI_POINTS_H

#include "sqrt3_points.h"
#include "sqrt3_topology.h"

/* The kind of a face point born at level l at level l + 1: valence 6. */
#define S3_KIND_BORN mmi_kind_of(6, MMI_RULE_SMOOTH)

/* What a vertex's step out = (v', S') leaves for the levels below, component
 * i of row r, with kind its kind one level down: its ring sum and kind
 * (ring not NULL), or with final its row of the last level, one more step
 * of parity odd_next. */
MM_HD void s3_vertex_keep(double *MM_RESTRICT ring, uint32_t *MM_RESTRICT kinds,
                          void *MM_RESTRICT final, uint32_t kind, int odd_next, int64_t r,
                          const double out[2], int64_t i, int64_t d, int f64)
{
    if (ring) {
        ring[r * d + i] = out[1];
        if (i == 0 && kinds) kinds[r] = kind;
    } else if (final) {
        double next[2];
        s3_vertex_step(kind, odd_next, out[0], out[1], next);
        sk_store(final, f64, r * d + i, next[0]);
    }
}

/* Level l − 1 did not split (on an open mesh: l − 1 is even): f's children
 * at level l are (v_c, fp(h_c), q), or (v_c, v_{c+1}, q) on a boundary
 * side. Inside, their face points (v_c + fp(h_c) + q) / 3; on a splitting
 * level l a boundary child (p, q_c, q) = (v_c, v_{c+1}, q) gets the points x
 * near p and y near q_c instead (mmi_sqrt3_split_mask; p's outer neighbour
 * is S_p − q_c, S the carried sum of the two boundary neighbours). q has
 * the valence 3 + (inner sides) at level l (neighbours v_c and fp(h_c)), and
 * 6 at level l + 1: the face points of its inner children and of the
 * children (v_{c+1}, q, fp(h_c)) across, and x and y of its boundary
 * children, whose sum is its next ring sum (on a closed fan (6 q + 2 S) /
 * 3, s3_vertex_step's). x and y are born at level l + 1: the next step
 * writes their sums. Every load comes before the first store, in two rounds
 * of independent gathers, and each corner's point is loaded once (its next
 * corner's too); rows from component i's column (sk_column). Where level
 * l − 1's topology is not stored (the driver's folds), f's corners are made
 * from level up = l − 2 (s3_corner_below). */
MM_HD void s3_whole_tri_points(const mmi_s3_level *up, const mmi_s3_level *x,
                               const mmi_s3_level *xl, const void *MM_RESTRICT P,
                               void *MM_RESTRICT Y,
                               double *MM_RESTRICT ring, int ring_next,
                               uint32_t *MM_RESTRICT kinds, void *MM_RESTRICT final,
                               int odd_next, int64_t f, int64_t i, int64_t d, int f64)
{
    int64_t born = x->nv, faces = xl->nv;
    const void *Pc = sk_column(P, f64, i);
    void *Yc = sk_column(Y, f64, i);
    uint32_t a[3], tw[3];
    double v[3], h[3] = {0.0, 0.0, 0.0};
    for (int c = 0; c < 3; ++c) {
        if (x->verts) {
            a[c] = x->verts[3 * f + c];
            tw[c] = s3_twin(x, 3 * f + c);
        } else {
            s3_corner k = s3_corner_below(up, 3 * f + c);
            a[c] = k.v;
            tw[c] = k.tw;
        }
    }
    double q = sk_load(Pc, f64, (born + f) * d), sum = 0.0, next_sum = 0.0;
    for (int c = 0; c < 3; ++c) {
        v[c] = sk_load(Pc, f64, (int64_t)a[c] * d);
        if (tw[c] != MMI_SK_NONE) h[c] = sk_load(Pc, f64, (born + tw[c] / 3) * d);
    }
    int inner = 0;
    double w = mmi_sqrt3_face_weight();
    mmi_sqrt3_split_mask sm = mmi_sqrt3_split_mask_of();
    for (int c = 0; c < 3; ++c) {
        int n = c == 2 ? 0 : c + 1;
        int64_t t = 3 * f + c;
        if (tw[c] != MMI_SK_NONE) {
            double face = (v[c] + h[c] + q) * w;
            sk_store(Yc, f64, (faces + t) * d, face);
            sum += v[c] + h[c];
            next_sum += face + (v[n] + q + h[c]) * w;
            ++inner;
        } else {
            /* The outer neighbour is S_p − q_c. */
            double xp = sm.outer * (ring[a[c] * d + i] - v[n]) + sm.near * v[c] + sm.far * v[n];
            double yp = sm.outer * (ring[a[n] * d + i] - v[c]) + sm.near * v[n] + sm.far * v[c];
            sk_store(Yc, f64, (faces + t) * d, xp);
            sk_store(Yc, f64, (int64_t)s3_y_point(xl, t) * d, yp);
            sum += v[c];
            next_sum += xp + yp;
        }
    }
    double out[2];
    if (inner == 3) {
        s3_vertex_step(S3_KIND_BORN, 0, q, sum, out);
    } else {
        s3_vertex_step(mmi_kind_of(3 + inner, MMI_RULE_SMOOTH), 0, q, sum, out);
        out[1] = next_sum;
    }
    sk_store(Yc, f64, (born + f) * d, out[0]);
    s3_vertex_keep(ring_next ? ring : NULL, kinds, final, S3_KIND_BORN, odd_next, born + f, out,
                   i, d, f64);
}

/* Level l − 1 split (l even): f's children at level l (s3_child) get their
 * centroids. Born at level l: q = fp(f) of an inner triangle, valence 6
 * (neighbours v_c and the points pt(h_c) across), by s3_vertex_step; or x
 * and y of a boundary triangle (p, q_b, c), which stay (even level) with
 * the sums of their boundary neighbours p + y and x + q_b. */
MM_HD void s3_split_tri_points(const mmi_s3_level *x, const mmi_s3_level *xl,
                               const void *MM_RESTRICT P, void *MM_RESTRICT Y,
                               double *MM_RESTRICT ring, int ring_next,
                               uint32_t *MM_RESTRICT kinds, void *MM_RESTRICT final,
                               int odd_next, int64_t f, int64_t i, int64_t d, int f64)
{
    int64_t born = x->nv, faces = xl->nv, p = -1, q = -1;
    double sum = 0.0;
    for (int c = 0; c < 3; ++c) {
        s3_corner a = s3_load_corner(x, 3 * f + c), b = s3_across(x, &a);
        double u = sk_load(P, f64, (int64_t)s3_child_vertex(x, &a, &b, 0) * d + i);
        double v = sk_load(P, f64, (int64_t)s3_child_vertex(x, &a, &b, 1) * d + i);
        double w = sk_load(P, f64, (int64_t)s3_child_vertex(x, &a, &b, 2) * d + i);
        sk_store(Y, f64, (faces + 3 * f + c) * d + i, (u + v + w) * mmi_sqrt3_face_weight());
        sum += u + v;
        if (a.tw == MMI_SK_NONE) p = a.v, q = a.vn;
    }
    int64_t xr = born + f;
    double xp = sk_load(P, f64, xr * d + i);
    double *keep = ring_next ? ring : NULL;
    if (p < 0) {
        double out[2];
        s3_vertex_step(S3_KIND_BORN, 0, xp, sum, out);
        sk_store(Y, f64, xr * d + i, out[0]);
        s3_vertex_keep(keep, kinds, final, S3_KIND_BORN, odd_next, xr, out, i, d, f64);
        return;
    }
    int64_t yr = s3_y_point(x, f);
    double yp = sk_load(P, f64, yr * d + i);
    sk_store(Y, f64, xr * d + i, xp);
    sk_store(Y, f64, yr * d + i, yp);
    if (!keep && !final) return;
    double ox[2] = {xp, sk_load(P, f64, p * d + i) + yp};
    double oy[2] = {yp, xp + sk_load(P, f64, q * d + i)};
    uint32_t crease = mmi_kind_of(0, MMI_RULE_CREASE);
    s3_vertex_keep(keep, kinds, final, crease, odd_next, xr, ox, i, d, f64);
    s3_vertex_keep(keep, kinds, final, crease, odd_next, yr, oy, i, d, f64);
}

/* Component i of level l + 1's points around triangle f of level l − 1 (x,
 * level l's counts in xl, level l − 2 in up), P of level l, Y of level
 * l + 1; ring_next when a level follows, final (odd_next: l + 1's parity)
 * on the step before the last. The arrays never overlap, hence restrict; d
 * and f64 are passed so that a CUDA kernel can fold them as constants. */
MM_HD void s3_tri_face_points(const mmi_s3_level *up, const mmi_s3_level *x,
                              const mmi_s3_level *xl, const void *MM_RESTRICT P,
                              void *MM_RESTRICT Y, double *MM_RESTRICT ring, int ring_next,
                              uint32_t *MM_RESTRICT kinds, void *MM_RESTRICT final,
                              int odd_next, int64_t f, int64_t i, int64_t d, int f64)
{
    if (s3_splits(x))
        s3_split_tri_points(x, xl, P, Y, ring, ring_next, kinds, final, odd_next, f, i, d, f64);
    else
        s3_whole_tri_points(up, x, xl, P, Y, ring, ring_next, kinds, final, odd_next, f, i, d,
                            f64);
}

/* Element f d + c of the triangle faces: component c around triangle f. */
MM_HD void s3_tri_face(const mmi_s3_tri_args *g, int64_t i, int64_t d, int f64)
{
    const mmi_sk_data *io = &g->data;
    s3_tri_face_points(s3_level_above(g), &g->lv[g->level - 1], &g->lv[g->level], io->P, io->Y,
                       (double *)io->ring, io->ring_next, io->kinds, io->final,
                       (g->level + 1) & 1, i / d, i % d, d, f64);
}

/* Component c of vertex v of level l − 1 (i = v d + c), one level down from
 * level l by its ring sum (odd: l's parity), and what it leaves below
 * (s3_vertex_keep: its kind does not change). */
MM_HD void s3_old_vertex(const mmi_s3_tri_args *g, int64_t i, int64_t d, int f64)
{
    const mmi_sk_data *io = &g->data;
    double *ring = (double *)io->ring;
    int64_t v = i / d;
    uint32_t kind = io->kinds[v];
    double out[2];
    s3_vertex_step(kind, g->level & 1, sk_load(io->P, f64, i), ring[i], out);
    sk_store(io->Y, f64, i, out[0]);
    s3_vertex_keep(io->ring_next ? ring : NULL, NULL, io->final, kind, (g->level + 1) & 1, v,
                   out, i % d, d, f64);
}

/* The elements of the grandchildren pass: the corners of level l − 1. */
MM_HD int64_t s3_grandchild_count(const mmi_s3_tri_args *g)
{
    return 3 * g->lv[g->level - 1].nf;
}

/* Element u of the grandchildren pass on its own: the 3 triangles below
 * corner u of level l − 1, whole. */
MM_HD void s3_grandchild_row(const mmi_s3_tri_args *g, int64_t u)
{
    s3_grandchild_tris(s3_level_above(g), &g->lv[g->level - 1], &g->lv[g->level], u,
                       g->out_faces + S3_GRANDCHILD_WORDS * u);
}

#endif
