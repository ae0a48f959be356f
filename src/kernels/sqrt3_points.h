/* sqrt3_points.h: the level-0 vertex-data rules of the specialized √3 path
 * (paper Appendix A; level 0 is even, so boundary vertices stay): face
 * points and updated vertices of level 1 from level 0's data, each a gather (no atomics: bitwise
 * deterministic, DESIGN §3), the updated vertices over level 0's Mᵀ; and the
 * vertex step by ring sums the levels below share (sqrt3_tri_points.h). */
#ifndef MESHMAT_KERNELS_SQRT3_POINTS_H
#define MESHMAT_KERNELS_SQRT3_POINTS_H

#include "sqrt3_kernels.h"
#include "sqrt3_weights.h"

/* Components are accumulated in blocks of this many (any d); the loops over
 * a block have this constant bound so the sums stay in registers. */
#define S3_BLOCK 4

/* One vertex one level down from p and its ring sum S (the sum of its n
 * neighbours; on the boundary of its two boundary neighbours): out = (v',
 * S'), odd the parity of the level refined. Eq. 24: v' = (1 − α_n) p + α_n
 * / n S. The new neighbours are the face points of v's n triangles (v, w_j,
 * w_{j+1}), each (p + w_j + w_{j+1}) / 3 (eq. 26), and around a closed fan
 * every w_j is in two of them, so S' = (n p + 2 S) / 3 (inside, a vertex
 * older than the level is never the third vertex of a boundary triangle
 * there). Boundary (Kobbelt §4): even levels keep v and its boundary
 * neighbours (S' = S); odd ones give v' = 19/27 p + 4/27 S, and v's new
 * boundary neighbours are the points nearest v on its two boundary edges,
 * (u + 16 p + 10 w) / 27 on the edge to w (u the other neighbour), so S' =
 * (32 p + 11 S) / 27. Fixed vertices (in no face) stay. Linear in (p, S). */
MM_HD void s3_vertex_step(uint32_t kind, int odd, double p, double s, double out[2])
{
    double n = (double)(kind & MMI_SK_VALENCE_MASK);
    if (kind & MMI_SK_KIND_FIXED) {
        out[0] = p, out[1] = s;
    } else if (kind & MMI_SK_KIND_BOUNDARY) {
        out[0] = odd ? (19.0 * p + 4.0 * s) * (1.0 / 27.0) : p;
        out[1] = odd ? (32.0 * p + 11.0 * s) * (1.0 / 27.0) : s;
    } else {
        s3_weights w = s3_vertex_weights(n);
        out[0] = w.alpha * p + w.beta * s;
        out[1] = (n * p + 2.0 * s) * (1.0 / 3.0);
    }
}

/* Face point f (eq. 26): the centroid of triangle f, Y row |V| + f. */
MM_HD void s3_face_point(const mmi_s3_args *g, int64_t f)
{
    const uint32_t *verts = g->lv[0].verts;
    int64_t d = g->d, a = verts[3 * f] * d, b = verts[3 * f + 1] * d, c = verts[3 * f + 2] * d;
    int64_t y = (g->lv[0].nv + f) * d;
    for (int64_t i = 0; i < d; ++i)
        sk_store(g->Y, g->f64, y + i,
                 (sk_load(g->P, g->f64, a + i) + sk_load(g->P, g->f64, b + i) +
                  sk_load(g->P, g->f64, c + i)) / 3.0);
}

/* The vertices corner k of v (in triangle (v, p_next, p_prev)) adds to v's
 * ring sum, into r, and their count: inside p_next (a closed fan meets every
 * neighbour once); on the boundary the other end of each of its sides at v
 * on the boundary (the side codes' boundary bit), none, one or both. */
MM_HD int s3_ring_corners(const mmi_s3_args *g, int64_t k, int boundary, int64_t r[2])
{
    const mmi_s3_level *x = &g->lv[0];
    int64_t next = lk_next(k), prev = lk_prev(k);
    if (!boundary) {
        r[0] = x->verts[next];
        return 1;
    }
    int n = 0;
    if (x->side[k] & 2u) r[n++] = x->verts[next];
    if (x->side[prev] & 2u) r[n++] = x->verts[prev];
    return n;
}

/* Updated vertex v of level 0 by s3_vertex_step, its ring sum gathered over
 * its column of Mᵀ (s3_ring_corners): boundary when one of its sides is.
 * Fixed: in no face. With g->ring, also v's kind and ring sum at level 1. */
MM_HD void s3_vertex_point(const mmi_s3_args *g, int64_t v)
{
    const uint32_t *side = g->lv[0].side;
    int64_t d = g->d, first = g->vt_ptr[v], nf = g->vt_ptr[v + 1] - first;
    uint32_t kind = (uint32_t)nf | (nf == 0 ? MMI_SK_KIND_FIXED : 0u);
    for (int64_t i = 0; i < nf; ++i) {
        int64_t k = 3 * (int64_t)g->vt_faces[first + i] + g->vt_slots[first + i] - 1;
        if ((side[k] | side[lk_prev(k)]) & 2u) kind |= MMI_SK_KIND_BOUNDARY;
    }
    int boundary = (kind & MMI_SK_KIND_BOUNDARY) != 0;
    for (int64_t c0 = 0; c0 < d; c0 += S3_BLOCK) {
        int w = d - c0 < S3_BLOCK ? (int)(d - c0) : S3_BLOCK;
        double s[S3_BLOCK] = {0.0};
        for (int64_t i = 0; i < nf; ++i) {
            int64_t k = 3 * (int64_t)g->vt_faces[first + i] + g->vt_slots[first + i] - 1, r[2];
            int n = s3_ring_corners(g, k, boundary, r);
            for (int m = 0; m < n; ++m)
                for (int j = 0; j < S3_BLOCK; ++j) {
                    if (j >= w) break;
                    s[j] += sk_load(g->P, g->f64, r[m] * d + c0 + j);
                }
        }
        for (int j = 0; j < S3_BLOCK; ++j) {
            if (j >= w) break;
            double out[2];
            s3_vertex_step(kind, 0, sk_load(g->P, g->f64, v * d + c0 + j), s[j], out);
            sk_store(g->Y, g->f64, v * d + c0 + j, out[0]);
            if (g->ring) g->ring[v * d + c0 + j] = out[1];
        }
    }
    if (g->ring) g->kinds[v] = kind;
}

#endif
