/* loop_points.h: the level-0 vertex-data rules of the specialized Loop path
 * (paper Appendix B, "New vertex points" and "Vertex update"): edge points
 * and updated vertices of level 1 from level 0's data, each a gather (no
 * atomics: bitwise deterministic, DESIGN §3), the updated vertices over
 * level 0's Mᵀ. The vertex rule also leaves each vertex's kind and ring sum
 * for the levels below (loop_tri_points.h). */
#ifndef MESHMAT_KERNELS_LOOP_POINTS_H
#define MESHMAT_KERNELS_LOOP_POINTS_H

#include "loop_kernels.h"
#include "loop_weights.h"

/* Components are accumulated in blocks of this many (any d); the loops over
 * a block have this constant bound so the sums stay in registers. */
#define LK_BLOCK 4

/* One vertex one level down from p and its ring sum S1 (the sum of its edge
 * neighbours; on the boundary of its two boundary neighbours b): out = (v',
 * S1'). Inside (valence n), eq. 28: v' = (1 − n β) p + β S1 with β of eq.
 * 29; the new neighbours are the edge points around v, each 3/8 (p + p_j) +
 * 1/8 (p_{j−1} + p_{j+1}) (Figure 13), so S1' = 3n/8 p + 5/8 S1. On the
 * boundary v' = 3/4 p + b/8 and the new boundary neighbours are midpoints,
 * S1' = p + b/2. Fixed vertices stay. Linear in (p, S1) for a given kind, so
 * shares add up. */
MM_HD void lk_vertex_step(uint32_t kind, double p, double s1, double out[2])
{
    double n = (double)(kind & MMI_SK_VALENCE_MASK);
    if (kind & MMI_SK_KIND_FIXED) {
        out[0] = p, out[1] = s1;
    } else if (kind & MMI_SK_KIND_BOUNDARY) {
        out[0] = 0.75 * p + 0.125 * s1, out[1] = p + 0.5 * s1;
    } else {
        lk_weights w = lk_vertex_weights(n, 0, 0);
        out[0] = w.alpha * p + w.beta * s1;
        out[1] = 0.375 * n * p + 0.625 * s1;
    }
}

/* Edge point e (Figure 13, left): 3/8 (p_a + p_b) + 1/8 (p_c + p_d), c and d
 * opposite e in its two triangles (G(a, b) and G(b, a) of eq. 30: the corner
 * before each side); the midpoint on a boundary edge. Y row |V| + e. */
MM_HD void lk_edge_point(const mmi_lk_args *g, int64_t e)
{
    const mmi_lk_level *x = &g->lv[0];
    uint32_t s0 = x->edge_sides[2 * e], s1 = x->edge_sides[2 * e + 1];
    int64_t d = g->d, a = x->verts[s0] * d, b = x->verts[lk_next(s0)] * d, y = (x->nv + e) * d;
    if (s1 == MMI_SK_NONE) {
        for (int64_t c = 0; c < d; ++c)
            sk_store(g->Y, g->f64, y + c,
                     0.5 * (sk_load(g->P, g->f64, a + c) + sk_load(g->P, g->f64, b + c)));
        return;
    }
    int64_t o0 = x->verts[lk_prev(s0)] * d, o1 = x->verts[lk_prev(s1)] * d;
    for (int64_t c = 0; c < d; ++c)
        sk_store(g->Y, g->f64, y + c,
                 0.375 * (sk_load(g->P, g->f64, a + c) + sk_load(g->P, g->f64, b + c)) +
                     0.125 * (sk_load(g->P, g->f64, o0 + c) + sk_load(g->P, g->f64, o1 + c)));
}

/* Updated vertex v of level 0 by lk_vertex_step, its S1 gathered over its
 * column of Mᵀ: each of its triangles (v, p_next, p_prev) gives the
 * neighbour after v (a closed fan meets every neighbour once); a boundary
 * side gives its other end to the boundary sum. Fixed: in no face or, with
 * EDGE_AND_CORNER, a boundary vertex in one face (lk_vertex_weights). With
 * g->ring, also v's kind and S1 at level 1. */
MM_HD void lk_vertex_point(const mmi_lk_args *g, int64_t v)
{
    const mmi_lk_level *x = &g->lv[0];
    int64_t d = g->d, first = g->vt_ptr[v], nf = g->vt_ptr[v + 1] - first;
    int boundary = 0;
    for (int64_t i = 0; i < nf; ++i) {
        int64_t k = 3 * (int64_t)g->vt_faces[first + i] + g->vt_slots[first + i] - 1;
        boundary |= ((x->side[k] | x->side[lk_prev(k)]) >> 1) & 1;
    }
    int fixed = nf == 0 || (boundary && g->corners && nf == 1);
    uint32_t kind = (uint32_t)nf | (boundary ? MMI_SK_KIND_BOUNDARY : 0u) |
                    (fixed ? MMI_SK_KIND_FIXED : 0u);
    for (int64_t c0 = 0; c0 < d; c0 += LK_BLOCK) {
        int w = d - c0 < LK_BLOCK ? (int)(d - c0) : LK_BLOCK;
        double s1[LK_BLOCK] = {0.0};
        for (int64_t i = 0; i < nf; ++i) {
            int64_t k = 3 * (int64_t)g->vt_faces[first + i] + g->vt_slots[first + i] - 1;
            int64_t pk = lk_prev(k);
            int64_t out = x->verts[lk_next(k)] * d + c0, in = x->verts[pk] * d + c0;
            int b_out = (x->side[k] >> 1) & 1, b_in = (x->side[pk] >> 1) & 1;
            for (int j = 0; j < LK_BLOCK; ++j) {
                if (j >= w) break;
                if (!boundary || b_out) s1[j] += sk_load(g->P, g->f64, out + j);
                if (b_in) s1[j] += sk_load(g->P, g->f64, in + j);
            }
        }
        for (int j = 0; j < LK_BLOCK; ++j) {
            if (j >= w) break;
            double out[2];
            lk_vertex_step(kind, sk_load(g->P, g->f64, v * d + c0 + j), s1[j], out);
            sk_store(g->Y, g->f64, v * d + c0 + j, out[0]);
            if (g->ring) g->ring[v * d + c0 + j] = out[1];
        }
    }
    if (g->ring) g->kinds[v] = kind;
}

#endif
