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

/* The value a vertex's step out = (v', S') leaves for the levels below,
 * with kind its kind one level down: its ring sum (to_ring), else its row
 * of the last level, one more step of parity odd_next. */
MM_HD double s3_vertex_kept(int to_ring, uint32_t kind, int odd_next, const double out[2])
{
    double next[2];
    if (to_ring) return out[1];
    s3_vertex_step(kind, odd_next, out[0], out[1], next);
    return next[0];
}

/* s3_vertex_kept stored at component i of row r of ring or final (neither:
 * nothing), with the ring sum (i = 0, kinds not NULL) the kind. */
MM_HD void s3_vertex_keep(void *MM_RESTRICT ring, uint32_t *MM_RESTRICT kinds,
                          void *MM_RESTRICT final, uint32_t kind, int odd_next, int64_t r,
                          const double out[2], int64_t i, int64_t d, int f64)
{
    if (!ring && !final) return;
    sk_store(ring ? ring : final, f64, r * d + i, s3_vertex_kept(ring != NULL, kind, odd_next, out));
    sk_keep_kind(ring, kinds, kind, r, i);
}

/* Triangle f of level l − 1 as its rule reads it: corner c's vertex a[c]
 * and the corner across side c, tw[c] (MMI_SK_NONE on the boundary), loaded
 * or, where level l − 1's topology is not stored (the driver's folds), made
 * from level up = l − 2 (s3_corner_below). */
typedef struct s3_tri_corners {
    uint32_t a[3], tw[3];
} s3_tri_corners;

MM_HD void s3_tri_corners_of(const mmi_s3_level *up, const mmi_s3_level *x, int64_t f,
                             s3_tri_corners *k)
{
    for (int c = 0; c < 3; ++c) {
        if (x->verts) {
            k->a[c] = x->verts[3 * f + c];
            k->tw[c] = s3_twin(x, 3 * f + c);
        } else {
            s3_corner b = s3_corner_below(up, 3 * f + c);
            k->a[c] = b.v;
            k->tw[c] = b.tw;
        }
    }
}

/* Level l's rows around f that its rule reads, from column Pc (sk_column):
 * its face point q (row born + f: vertex ids, 32 bits), its corners v[c] and
 * the face points h[c] of the triangles across its inner sides (0 on the
 * boundary). */
typedef struct s3_tri_rows {
    double q, v[3], h[3];
} s3_tri_rows;

MM_HD void s3_tri_rows_at(const void *MM_RESTRICT Pc, uint32_t born, const s3_tri_corners *k,
                          int64_t f, int64_t d, int f64, s3_tri_rows *r)
{
    r->q = sk_load(Pc, f64, (born + (uint32_t)f) * d);
    for (int c = 0; c < 3; ++c) {
        r->v[c] = sk_load(Pc, f64, (int64_t)k->a[c] * d);
        r->h[c] = k->tw[c] != MMI_SK_NONE ? sk_load(Pc, f64, (born + k->tw[c] / 3) * d) : 0.0;
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
 * writes their sums.
 *
 * q's sums as f's sides add to them: its neighbours at level l (sum), at
 * level l + 1 (next_sum) and its inner sides. */
typedef struct s3_born_sums {
    double sum, next_sum;
    int inner;
} s3_born_sums;

/* Side c's points, one component: returns child 3f + c's (its face point
 * inside, x on a boundary side), with y into *y on a boundary side; adds to
 * q's sums. ring: the carried sums' column (sk_column), read on boundary
 * sides; NULL where level l does not split, which says f has no boundary
 * side (of an open mesh's levels l − 1 and l one is odd and splits), so that
 * a kernel for closed meshes folds the boundary rule away. */
MM_HD double s3_side_points(const s3_tri_corners *k, const s3_tri_rows *r,
                            const void *MM_RESTRICT ring, int c, int64_t d, int f64,
                            double *y, s3_born_sums *s)
{
    double w = mmi_sqrt3_face_weight();
    int n = lk_slot_next(c);
    if (ring == NULL || k->tw[c] != MMI_SK_NONE) {
        double face = (r->v[c] + r->h[c] + r->q) * w;
        s->sum += r->v[c] + r->h[c];
        s->next_sum += face + (r->v[n] + r->q + r->h[c]) * w;
        ++s->inner;
        return face;
    }
    /* The outer neighbour is S_p − q_c. */
    mmi_sqrt3_split_mask sm = mmi_sqrt3_split_mask_of();
    double sc = sk_load(ring, f64, k->a[c] * d), sn = sk_load(ring, f64, k->a[n] * d);
    double xp = sm.outer * (sc - r->v[n]) + sm.near * r->v[c] + sm.far * r->v[n];
    *y = sm.outer * (sn - r->v[c]) + sm.near * r->v[n] + sm.far * r->v[c];
    s->sum += r->v[c];
    s->next_sum += xp + *y;
    return xp;
}

/* q's step out = (q', S') once its sides are summed. */
MM_HD void s3_born_step(const s3_born_sums *s, double q, double out[2])
{
    if (s->inner == 3) {
        s3_vertex_step(S3_KIND_BORN, 0, q, s->sum, out);
    } else {
        s3_vertex_step(mmi_kind_of(3 + s->inner, MMI_RULE_SMOOTH), 0, q, s->sum, out);
        out[1] = s->next_sum;
    }
}

/* Component i of f's points where level l − 1 did not split (above): every
 * load before the first store, in two rounds of independent gathers (the
 * corners; their rows), each corner's row loaded once; rows from component
 * i's column (sk_column). */
MM_HD void s3_whole_tri_points(const mmi_s3_level *up, const mmi_s3_level *x,
                               const mmi_s3_level *xl, const void *MM_RESTRICT P,
                               void *MM_RESTRICT Y,
                               void *MM_RESTRICT ring, int ring_next,
                               uint32_t *MM_RESTRICT kinds, void *MM_RESTRICT final,
                               int odd_next, int64_t f, int64_t i, int64_t d, int f64)
{
    int64_t born = x->nv, faces = xl->nv;
    void *Yc = sk_column(Y, f64, i);
    const void *ringc = xl->bcount ? sk_column(ring, f64, i) : NULL;
    s3_tri_corners k;
    s3_tri_rows r;
    s3_born_sums s = {0.0, 0.0, 0};
    s3_tri_corners_of(up, x, f, &k);
    s3_tri_rows_at(sk_column(P, f64, i), (uint32_t)born, &k, f, d, f64, &r);
    for (int c = 0; c < 3; ++c) {
        int64_t t = 3 * f + c;
        double y = 0.0, face = s3_side_points(&k, &r, ringc, c, d, f64, &y, &s);
        sk_store(Yc, f64, (faces + t) * d, face);
        if (ringc && k.tw[c] == MMI_SK_NONE) sk_store(Yc, f64, (int64_t)s3_y_point(xl, t) * d, y);
    }
    double out[2];
    s3_born_step(&s, r.q, out);
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
                               void *MM_RESTRICT ring, int ring_next,
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
    void *keep = ring_next ? ring : NULL;
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
                              void *MM_RESTRICT Y, void *MM_RESTRICT ring, int ring_next,
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
                       io->ring, io->ring_next, io->kinds, io->final,
                       (g->level + 1) & 1, i / d, i % d, d, f64);
}

/* Vertex v of level l − 1, of that kind, one level down from level l by
 * its ring sum (odd: l's parity), a component at a time: its point from its
 * value p and ring sum s (returned) and what it leaves below (*kept,
 * s3_vertex_kept: its kind does not change), to be stored in the same place
 * of sk_keeps' array. */
MM_HD double s3_old_vertex_value(const mmi_s3_tri_args *g, uint32_t kind, double p, double s,
                                 double *kept)
{
    double out[2];
    s3_vertex_step(kind, g->level & 1, p, s, out);
    *kept = s3_vertex_kept(g->data.ring_next, kind, (g->level + 1) & 1, out);
    return out[0];
}

/* Component c of vertex v of level l − 1 for element i = v d + c. */
MM_HD void s3_old_vertex(const mmi_s3_tri_args *g, int64_t i, int64_t d, int f64)
{
    const mmi_sk_data *io = &g->data;
    void *keeps = sk_keeps(io);
    double kept, y = s3_old_vertex_value(g, io->kinds[i / d], sk_load(io->P, f64, i),
                                         sk_load(io->ring, f64, i), &kept);
    sk_store(io->Y, f64, i, y);
    if (keeps) sk_store(keeps, f64, i, kept);
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
