/* sqrt3_tri_points.h: the vertex-data rules of the specialized √3 path
 * below level 0 (paper Appendix A), from level l ≥ 1 to l + 1 on a closed
 * mesh, reading only what lies next to each element:
 *
 * - one triangle f = (v_0, v_1, v_2) of level l − 1 at a time, with q its
 *   face point and h_c the triangle across its side c (s3_twin / 3),
 *   both born at level l: its children at level l are 3f + c =
 *   (v_c, fp(h_c), q) (sqrt3_topology.h). It writes their face points
 *   (eq. 26) and q's update: q has valence 6 at level l, its neighbours
 *   are v_0, v_1, v_2 (spokes) and fp(h_0), fp(h_1), fp(h_2) (flipped
 *   edges), so its ring sum is their sum and s3_vertex_step gives q' and
 *   the ring sum below;
 * - the vertices of level l − 1 by their carried ring sums
 *   (s3_vertex_step), with no walk around them.
 *
 * Every point has one owner: no shares, no atomics (DESIGN §3). */
#ifndef MESHMAT_KERNELS_SQRT3_TRI_POINTS_H
#define MESHMAT_KERNELS_SQRT3_TRI_POINTS_H

#include "sqrt3_points.h"

/* The kind of a vertex born at level l (a face point: valence 6). */
#define S3_KIND_BORN 6u

/* Component i of level l + 1's points around triangle f of level l − 1
 * (x; born = |V_{l−1}|, the first vertex born at level l; faces = |V_l|,
 * the row of level l's first face point), P of level l, Y of level l + 1;
 * ring NULL when no level follows. The arrays never overlap, hence
 * restrict; d and f64 are passed so that a CUDA kernel can fold them as
 * constants. */
MM_HD void s3_tri_face_points(const mmi_s3_level *x, const void *MM_RESTRICT P,
                              void *MM_RESTRICT Y, double *MM_RESTRICT ring,
                              uint32_t *MM_RESTRICT kinds, int64_t faces, int64_t f, int64_t i,
                              int64_t d, int f64)
{
    const uint32_t *MM_RESTRICT verts = x->verts;
    int64_t k = 3 * f, born = x->nv;
    double q = sk_load(P, f64, (born + f) * d + i), sum = 0.0;
    for (int c = 0; c < 3; ++c) {
        double v = sk_load(P, f64, (int64_t)verts[k + c] * d + i);
        double h = sk_load(P, f64, (born + s3_twin(x, k + c) / 3) * d + i);
        sk_store(Y, f64, (faces + k + c) * d + i, (v + h + q) / 3.0);
        sum += v + h;
    }
    double out[2];
    s3_vertex_step(S3_KIND_BORN, q, sum, out);
    sk_store(Y, f64, (born + f) * d + i, out[0]);
    if (ring) ring[(born + f) * d + i] = out[1];
    if (ring && i == 0) kinds[born + f] = S3_KIND_BORN;
}

MM_HD void s3_tri_face(const mmi_s3_args *g, int64_t i, int64_t d, int f64)
{
    s3_tri_face_points(&g->lv[g->level - 1], g->P, g->Y, g->ring_next ? g->ring : NULL, g->kinds,
                       g->lv[g->level].nv, i / d, i % d, d, f64);
}

/* Component c of vertex v of level l − 1 (i = v d + c), one level down from
 * level l by its ring sum. */
MM_HD void s3_old_vertex(const mmi_s3_args *g, int64_t i, int64_t d, int f64)
{
    double out[2];
    s3_vertex_step(g->kinds[i / d], sk_load(g->P, f64, i), g->ring[i], out);
    sk_store(g->Y, f64, i, out[0]);
    if (g->ring_next) g->ring[i] = out[1];
}

#endif
