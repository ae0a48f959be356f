/* loop_points.h: the vertex-data rules of the specialized Loop path (paper
 * Appendix B, "New vertex points" and "Vertex update"): edge points and
 * updated vertices of level l + 1 from level l's data, each a gather (no
 * atomics: bitwise deterministic, DESIGN §3). The updated vertices find their
 * triangles by formula from the level each vertex was born at, not from a
 * rebuilt adjacency. */
#ifndef MESHMAT_KERNELS_LOOP_POINTS_H
#define MESHMAT_KERNELS_LOOP_POINTS_H

#include "loop_kernels.h"
#include "loop_weights.h"

/* Components are accumulated in blocks of this many (any d); the loops over
 * a block have this constant bound so the sums stay in registers. */
#define LK_BLOCK 4

/* Edge point e (Figure 13, left): 3/8 (p_a + p_b) + 1/8 (p_c + p_d), c and d
 * opposite e in its two triangles (G(a, b) and G(b, a) of eq. 30: the corner
 * before each side); the midpoint on a boundary edge. Y row |V| + e. */
MM_HD void lk_edge_point(const mmi_lk_args *g, int64_t e)
{
    const mmi_lk_level *x = &g->lv[g->level];
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

/* Where vertex v of level l was born and its corners there: at level 0 its
 * column of Mᵀ (m = 0); at level m ≥ 1 the edge point of edge u of level
 * m − 1, which sits at three corners per side s = 3f + c of u: corner 1 of
 * 4f + c, corner 2 of 4f + c + 1 and corner c of the centre 4f + 3. */
typedef struct lk_fan {
    int m;
    int64_t n;     /* its triangles, the same at every level ≥ m */
    int64_t first; /* the Mᵀ column's start, or the edge u        */
} lk_fan;

MM_HD lk_fan lk_fan_of(const mmi_lk_args *g, int64_t v)
{
    lk_fan f = {0, 0, 0};
    if (v < g->lv[0].nv) {
        f.first = g->vt_ptr[v];
        f.n = g->vt_ptr[v + 1] - f.first;
        return f;
    }
    int m = 1;
    while (v >= g->lv[m].nv) ++m;
    const mmi_lk_level *x = &g->lv[m - 1];
    f.m = m;
    f.first = v - x->nv;
    f.n = x->edge_sides[2 * f.first + 1] == MMI_SK_NONE ? 3 : 6;
    return f;
}

/* Corner i of the fan at level l: a vertex at corner κ sits at corner 0 of
 * κ's corner triangle one level down (lk_child_corner_of), so from then on
 * corners scale by 4 per level. */
MM_HD int64_t lk_fan_corner(const mmi_lk_args *g, const lk_fan *f, int64_t i)
{
    int64_t k;
    if (f->m == 0) {
        int64_t q = f->first + i;
        k = 3 * (int64_t)g->vt_faces[q] + g->vt_slots[q] - 1;
    } else {
        const mmi_lk_level *x = &g->lv[f->m - 1];
        int64_t s = x->edge_sides[2 * f->first + i / 3], t = 4 * (s / 3), c = s % 3;
        int64_t j = i % 3;
        k = j == 0 ? 3 * (t + c) + 1 : j == 1 ? 3 * (t + (c + 1) % 3) + 2 : 3 * (t + 3) + c;
    }
    if (g->level > f->m) k = lk_child_corner_of(k) << (2 * (g->level - f->m - 1));
    return k;
}

/* Updated vertex v: α p + β Σ_j p_j + β_b Σ_boundary p_j with the weights of
 * loop_weights.h (eq. 28–29 inside, 3/4 p + 1/8 (p_prev + p_next) on the
 * boundary). Each of its triangles (v, p_next, p_prev) gives the neighbour
 * after v (a closed fan meets every neighbour once); a boundary side gives
 * its other end to the boundary sum. */
MM_HD void lk_vertex_point(const mmi_lk_args *g, int64_t v)
{
    const mmi_lk_level *x = &g->lv[g->level];
    lk_fan fan = lk_fan_of(g, v);
    int64_t d = g->d;
    for (int64_t c0 = 0; c0 < d; c0 += LK_BLOCK) {
        int w = d - c0 < LK_BLOCK ? (int)(d - c0) : LK_BLOCK;
        double ring[LK_BLOCK] = {0.0}, rim[LK_BLOCK] = {0.0};
        int boundary = 0;
        for (int64_t i = 0; i < fan.n; ++i) {
            int64_t k = lk_fan_corner(g, &fan, i), pk = lk_prev(k);
            int64_t out = x->verts[lk_next(k)] * d + c0, in = x->verts[pk] * d + c0;
            int b_out = (x->side[k] >> 1) & 1, b_in = (x->side[pk] >> 1) & 1;
            boundary |= b_out | b_in;
            for (int j = 0; j < LK_BLOCK; ++j) {
                if (j >= w) break;
                double p_out = sk_load(g->P, g->f64, out + j);
                ring[j] += p_out;
                if (b_out) rim[j] += p_out;
                if (b_in) rim[j] += sk_load(g->P, g->f64, in + j);
            }
        }
        lk_weights wt = lk_vertex_weights((double)fan.n, boundary, g->corners);
        for (int j = 0; j < LK_BLOCK; ++j) {
            if (j >= w) break;
            double p = sk_load(g->P, g->f64, v * d + c0 + j);
            sk_store(g->Y, g->f64, v * d + c0 + j,
                     wt.alpha * p + wt.beta * ring[j] + wt.beta_b * rim[j]);
        }
    }
}

#endif
