/* catmark_points.h: the vertex-data rules of the specialized Catmull-Clark
 * path (paper §4.3, Alg. 4–9): face points, edge points and updated vertices
 * of level l + 1 from level l's data, each a gather (no atomics: bitwise
 * deterministic, DESIGN §3). The updated vertices find their faces by formula
 * from the level each vertex was born at, not from a rebuilt adjacency. */
#ifndef MESHMAT_KERNELS_CATMARK_POINTS_H
#define MESHMAT_KERNELS_CATMARK_POINTS_H

#include "catmark_kernels.h"

/* Components are accumulated in blocks of this many (any d); the loops over
 * a block have this constant bound so the sums stay in registers. */
#define SK_BLOCK 4

/* Face point f = the mean of its corners (eq. 3, Alg. 4): Y row |V| + f. */
MM_HD void sk_face_point(const mmi_sk_args *g, int64_t f)
{
    const mmi_sk_level *x = &g->lv[g->level];
    int64_t first = sk_start(x, f), end = sk_start(x, f + 1), d = g->d;
    double inv = 1.0 / (double)(end - first);
    for (int64_t c = 0; c < d; ++c) {
        double sum = 0.0;
        for (int64_t k = first; k < end; ++k) sum += sk_load(g->P, g->f64, x->verts[k] * d + c);
        sk_store(g->Y, g->f64, (x->nv + f) * d + c, sum * inv);
    }
}

/* Edge point e (Alg. 5) = (p_a + p_b + f_1 + f_2) / 4 from its two sides'
 * faces (their points already in Y), the midpoint on a boundary edge (§5.3). */
MM_HD void sk_edge_point(const mmi_sk_args *g, int64_t e)
{
    const mmi_sk_level *x = &g->lv[g->level];
    uint32_t s0 = x->edge_sides[2 * e], s1 = x->edge_sides[2 * e + 1];
    int64_t d = g->d, a = x->verts[s0] * d, b = x->verts[sk_next(x, s0)] * d;
    int64_t y = (x->nv + x->nf + e) * d;
    if (s1 == MMI_SK_NONE) {
        for (int64_t c = 0; c < d; ++c)
            sk_store(g->Y, g->f64, y + c,
                     (sk_load(g->P, g->f64, a + c) + sk_load(g->P, g->f64, b + c)) * 0.5);
        return;
    }
    int64_t f0 = (x->nv + sk_face(x, s0)) * d, f1 = (x->nv + sk_face(x, s1)) * d;
    for (int64_t c = 0; c < d; ++c)
        sk_store(g->Y, g->f64, y + c,
                 (sk_load(g->P, g->f64, a + c) + sk_load(g->P, g->f64, b + c) +
                  sk_load(g->Y, g->f64, f0 + c) + sk_load(g->Y, g->f64, f1 + c)) * 0.25);
}

/* Where vertex v of level l was born and its corners there: at level 0 its
 * column of Mᵀ; at level m ≥ 1 the face point of face u of level m − 1
 * (corner 2 of the quads of u's corners) or the edge point of edge u (corner
 * 1 of quad s and corner 3 of quad next(s) for each side s of u). */
typedef struct sk_fan {
    int m;
    int kind;      /* 0: a level-0 vertex, 1: a face point, 2: an edge point  */
    int64_t n;     /* its valence, the same at every level ≥ m              */
    int64_t first; /* the Mᵀ column's start, the face's first corner, the edge */
} sk_fan;

MM_HD sk_fan sk_fan_of(const mmi_sk_args *g, int64_t v)
{
    sk_fan f = {0, 0, 0, 0};
    if (v < g->lv[0].nv) {
        f.first = g->vt_ptr[v];
        f.n = g->vt_ptr[v + 1] - f.first;
        return f;
    }
    int m = 1;
    while (v >= g->lv[m].nv) ++m;
    const mmi_sk_level *x = &g->lv[m - 1];
    int64_t u = v - x->nv;
    f.m = m;
    if (u < x->nf) {
        f.kind = 1;
        f.first = sk_start(x, u);
        f.n = sk_start(x, u + 1) - f.first;
    } else {
        f.kind = 2;
        f.first = u - x->nf;
        f.n = x->edge_sides[2 * f.first + 1] == MMI_SK_NONE ? 2 : 4;
    }
    return f;
}

/* Corner i of the fan at level l: a vertex at corner γ of quad κ sits at
 * corner 0 of quad 4κ + γ's child, so corners scale by 4 per level. */
MM_HD int64_t sk_fan_corner(const mmi_sk_args *g, const sk_fan *f, int64_t i)
{
    int64_t k;
    if (f->kind == 0) {
        int64_t q = f->first + i;
        k = sk_start(&g->lv[0], g->vt_faces[q]) + g->vt_slots[q] - 1;
    } else if (f->kind == 1) {
        k = 4 * (f->first + i) + 2;
    } else {
        const mmi_sk_level *x = &g->lv[f->m - 1];
        int64_t s = x->edge_sides[2 * f->first + i / 2];
        k = i % 2 ? 4 * sk_next(x, s) + 3 : 4 * s + 1;
    }
    return k << (2 * (g->level - f->m));
}

/* Updated vertex v (§4.3): inside, (1 − 2/n) p + (Σ_j p_j + Σ_f f_f) / n²
 * (eq. 9, 11) with one neighbour per face (the next corner); on the boundary
 * 3/4 p + 1/8 (the two boundary neighbours) (eq. 20); unmoved when in no face
 * or, with EDGE_AND_CORNER, a boundary vertex in one face. */
MM_HD void sk_vertex_point(const mmi_sk_args *g, int64_t v)
{
    const mmi_sk_level *x = &g->lv[g->level];
    sk_fan fan = sk_fan_of(g, v);
    int64_t d = g->d;
    double n = (double)fan.n;
    for (int64_t c0 = 0; c0 < d; c0 += SK_BLOCK) {
        int w = d - c0 < SK_BLOCK ? (int)(d - c0) : SK_BLOCK;
        double ring[SK_BLOCK] = {0.0}, rim[SK_BLOCK] = {0.0};
        int boundary = 0;
        for (int64_t i = 0; i < fan.n; ++i) {
            int64_t k = sk_fan_corner(g, &fan, i), pk = sk_prev(x, k);
            int64_t out = x->verts[sk_next(x, k)] * d + c0, in = x->verts[pk] * d + c0;
            int64_t fp = (x->nv + sk_face(x, k)) * d + c0;
            int b_out = (x->side[k] >> 1) & 1, b_in = (x->side[pk] >> 1) & 1;
            boundary |= b_out | b_in;
            for (int j = 0; j < SK_BLOCK; ++j) {
                if (j >= w) break;
                double p_out = sk_load(g->P, g->f64, out + j);
                ring[j] += p_out + sk_load(g->Y, g->f64, fp + j);
                if (b_out) rim[j] += p_out;
                if (b_in) rim[j] += sk_load(g->P, g->f64, in + j);
            }
        }
        for (int j = 0; j < SK_BLOCK; ++j) {
            if (j >= w) break;
            double p = sk_load(g->P, g->f64, v * d + c0 + j), y = p;
            if (boundary && !(g->corners && fan.n == 1)) y = 0.75 * p + 0.125 * rim[j];
            else if (!boundary && fan.n > 0) y = (1.0 - 2.0 / n) * p + ring[j] / (n * n);
            sk_store(g->Y, g->f64, v * d + c0 + j, y);
        }
    }
}

#endif
