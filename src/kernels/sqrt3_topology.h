/* sqrt3_topology.h: the topology rules of the specialized √3 path (paper
 * Appendix A, Figure 12) on closed meshes: every refined level by formula
 * from its parent in the generic path's numbering (DESIGN §3,
 * docs/schemes.md), one thread per refined triangle; no adjacency is rebuilt
 * below level 0 (edge_sort.h), the triangle across each side follows from
 * the parent's twins:
 *
 * corner t of level l (vertex k = v_t, side k → l in triangle f = t / 3, h
 * = twin[t] / 3 the triangle across) makes triangle t of level l + 1 =
 * (k, fp(h), fp(f)), fp(x) = |V_l| + x: the flip of edge kl is implicit. Its
 * sides: k → fp(h) is the spoke of corner next(twin[t]) (the corner of h at
 * k), fp(h) → fp(f) the flipped edge kl, fp(f) → k the spoke of t. The twins
 * of level l + 1 follow: 3t's is 3 next(twin[t]) + 2, 3t + 1's is 3 twin[t]
 * + 1, 3t + 2's is 3 twin[prev(t)] (the corner of the triangle across
 * prev(t)'s side, at k). */
#ifndef MESHMAT_KERNELS_SQRT3_TOPOLOGY_H
#define MESHMAT_KERNELS_SQRT3_TOPOLOGY_H

#include "sqrt3_kernels.h"

/* Vertex j of the refined triangle of corner t (vertex v, twin tw) of a
 * level with nv vertices: (v, fp(tw / 3), fp(t / 3)). */
MM_HD uint32_t s3_child_vertex(uint32_t v, uint32_t tw, uint32_t t, uint32_t nv, int j)
{
    return j == 0 ? v : nv + (j == 1 ? tw : t) / 3;
}

/* The twin of corner 3t + j one level down, from twin[t] = tw and
 * twin[prev(t)] = twp (the header's formula). */
MM_HD uint32_t s3_child_twin(uint32_t tw, uint32_t twp, int j)
{
    return j == 0 ? 3 * (uint32_t)lk_next(tw) + 2 : j == 1 ? 3 * tw + 1 : 3 * twp;
}

/* The side code of corner 3t + j one level down (ne = |E_l|, so = side[t]),
 * in the generic path's edge numbering: the spoke |E| + κ = (v_κ, fp(κ / 3))
 * runs from its vertex, so 3t's side (the spoke of next(tw)) is forward and
 * 3t + 2's (t's own, entered at fp(f)) backward; flipped edge e =
 * (fp(F(a_e, b_e)), fp(F(b_e, a_e))) runs against t's side on e. */
MM_HD uint32_t s3_child_side(uint32_t so, uint32_t tw, uint32_t t, uint32_t ne, int j)
{
    if (j == 0) return (ne + (uint32_t)lk_next(tw)) << 2;
    if (j == 1) return (so & ~3u) | (1u - (so & 1u));
    return (ne + t) << 2 | 1u;
}

/* Triangle t of level l + 1 from corner t of level l, and below the last
 * level its twins and (in a build) its side codes. */
MM_HD void s3_child_tri(const mmi_s3_args *g, int64_t t)
{
    const mmi_s3_level *x = &g->lv[g->level];
    uint32_t tw = s3_twin(x, t), v = x->verts[t], nv = (uint32_t)x->nv, u = (uint32_t)t;
    for (int j = 0; j < 3; ++j) g->out_tris[3 * t + j] = s3_child_vertex(v, tw, u, nv, j);
    if (g->out_twin) {
        uint32_t twp = s3_twin(x, lk_prev(t));
        for (int j = 0; j < 3; ++j) g->out_twin[3 * t + j] = s3_child_twin(tw, twp, j);
    }
    if (g->out_side) {
        uint32_t so = x->side[t], ne = (uint32_t)x->ne;
        for (int j = 0; j < 3; ++j) g->out_side[3 * t + j] = s3_child_side(so, tw, u, ne, j);
    }
}

/* Triangle T = 3t + j of level l + 1 from level l − 1 alone: corner T of
 * level l (vertex j of triangle t, its twin by s3_child_twin), then its
 * refined triangle by the same formula, so level l's M and twins are never
 * stored (the last step of the fused route). */
MM_HD void s3_grandchild_tri(const mmi_s3_args *g, int64_t T)
{
    const mmi_s3_level *x = &g->lv[g->level - 1];
    int64_t t = T / 3;
    int j = (int)(T % 3);
    uint32_t tw = s3_twin(x, t), twp = s3_twin(x, lk_prev(t)), u = (uint32_t)t;
    uint32_t v = s3_child_vertex(x->verts[t], tw, u, (uint32_t)x->nv, j);
    uint32_t w = s3_child_twin(tw, twp, j), nv = (uint32_t)g->lv[g->level].nv;
    for (int m = 0; m < 3; ++m) g->out_tris[3 * T + m] = s3_child_vertex(v, w, (uint32_t)T, nv, m);
}

/* Level l + 1's edges (the generic path's sqrt3_child_edge on a closed
 * mesh) by their owners among level l's corners: corner κ writes its spoke
 * |E| + κ = (v_κ, fp(f)) and, when its side runs a_e → b_e, the flip of its
 * edge e = (fp(f), fp(twin / 3)). */
MM_HD void s3_child_ends(const mmi_s3_args *g, int64_t k)
{
    const mmi_s3_level *x = &g->lv[g->level];
    uint32_t so = x->side[k], fp = (uint32_t)(x->nv + k / 3);
    int64_t spoke = x->ne + k;
    g->out_ends[2 * spoke] = x->verts[k];
    g->out_ends[2 * spoke + 1] = fp;
    if (so & 1u) return;
    int64_t e = so >> 2;
    g->out_ends[2 * e] = fp;
    g->out_ends[2 * e + 1] = (uint32_t)x->nv + s3_twin(x, k) / 3;
}

#endif
