/* loop_topology.h: the topology rule of the specialized Loop path (paper
 * Appendix B, "Topology refinement"): every refined level by formula from
 * its parent in DESIGN §3's numbering, one thread per refined triangle (per
 * grandparent for the last level, whose parent is never stored); no
 * adjacency is rebuilt below level 0 (edge_sort.h). */
#ifndef MESHMAT_KERNELS_LOOP_TOPOLOGY_H
#define MESHMAT_KERNELS_LOOP_TOPOLOGY_H

#include "loop_kernels.h"

/* A triangle of a level: its vertices and the side codes of its corners'
 * out sides (corner_level.h's coding). */
typedef struct lk_tri {
    uint32_t v[3], s[3];
} lk_tri;

MM_HD lk_tri lk_load_tri(const mmi_sk_level *x, int64_t f)
{
    const uint32_t *v = x->verts + 3 * f, *s = x->side + 3 * f;
    lk_tri t = {{v[0], v[1], v[2]}, {s[0], s[1], s[2]}};
    return t;
}

/* a[i], i < 3, by selects: with i known at run time, an index into the
 * array would put it in local memory on the device. */
MM_HD uint32_t lk_pick(const uint32_t a[3], int i)
{
    return i == 0 ? a[0] : i == 1 ? a[1] : a[2];
}

/* Child c of triangle p = f of a level with nv vertices, inner = 2|E| + 3f
 * its first inner edge (DESIGN §3, ep(e) = |V| + e): for c < 3 corner c's
 * triangle (v_c, ep(e_o), ep(e_i)) with sides on the half of e_o at v_c
 * (running as e_o's side), inner edge 2|E| + 3f + c = (ep(e_o), ep(e_i))
 * (forward) and the half of e_i at v_c; for c = 3 the centre (ep of f's
 * three sides), side j on inner edge 2|E| + 3f + j + 1 (backward). */
MM_HD lk_tri lk_child(const lk_tri *p, int c, uint32_t nv, uint32_t inner)
{
    lk_tri t;
    if (c == 3) {
        for (int j = 0; j < 3; ++j) {
            t.v[j] = nv + (p->s[j] >> 2);
            t.s[j] = (inner + (uint32_t)lk_slot_next(j)) << 2 | 1u;
        }
        return t;
    }
    uint32_t so = lk_pick(p->s, c), si = lk_pick(p->s, lk_slot_prev(c));
    t.v[0] = lk_pick(p->v, c);
    t.v[1] = nv + (so >> 2);
    t.v[2] = nv + (si >> 2);
    t.s[0] = (2 * (so >> 2) + (so & 1)) << 2 | (so & 3);
    t.s[1] = (inner + (uint32_t)c) << 2;
    t.s[2] = (2 * (si >> 2) + 1 - (si & 1)) << 2 | (si & 3);
    return t;
}

/* The sides of level l + 1's edges that corner k = 3f + c of level l (out
 * side code so: edge e, b: backward) refines, by lk_child's formula: inner
 * edge 2|E| + 3f + c lies on side 1 of child 4f + c (forward) and side
 * (c + 2) mod 3 of the centre 4f + 3; the half of e at v_c, 2e + b, on side
 * 0 of child 4f + c, the half at v_{c+1} on side 2 of child 4f + (c + 1) mod
 * 3, both running as k's side does. Side j of child t is corner 3t + j. Each
 * edge lists its forward side first, a boundary side alone. */
MM_HD void lk_child_edge_sides(int64_t ne, int64_t k, uint32_t so, uint32_t *out)
{
    int64_t f = lk_tri_of(k);
    int c = lk_slot_of(k);
    int64_t inner = lk_inner_edge(ne, f, c);
    uint32_t e = so >> 2, b = so & 1, boundary = (so >> 1) & 1;
    uint32_t slot = boundary ? 0 : b;
    int64_t near = 2 * (int64_t)e + b, far = 2 * (int64_t)e + 1 - b;
    out[2 * inner] = (uint32_t)(3 * (4 * f + c) + 1);
    out[2 * inner + 1] = (uint32_t)(3 * (4 * f + 3) + lk_slot_prev(c));
    out[2 * near + slot] = (uint32_t)(3 * (4 * f + c));
    out[2 * far + slot] = (uint32_t)(3 * (4 * f + lk_slot_next(c)) + 2);
    if (boundary) out[2 * near + 1] = out[2 * far + 1] = MMI_SK_NONE;
}

/* The second side of half 2e + 1 of edge e of level l, from k1, the second
 * side of half 2e, where e's first side runs forward (MMI_SK_NONE on the
 * boundary): by lk_child_edge_sides from the corner c' of triangle f'
 * across, k1 is side 2 of child 4f' + (c' + 1) mod 3 and the other is side
 * 0 of child 4f' + c', so it needs no load. */
MM_HD uint32_t lk_other_half_side(uint32_t k1)
{
    if (k1 == MMI_SK_NONE) return MMI_SK_NONE;
    uint32_t t1 = (uint32_t)lk_tri_of(k1);
    return 3 * ((t1 & ~3u) + (uint32_t)lk_slot_prev((int)(t1 & 3)));
}

/* Triangle t = 4f + c of level l + 1 from triangle f of level l (lk_child),
 * its side codes and, for c < 3 where asked, the sides of the edges corner
 * c refines. One triangle per thread: consecutive threads write consecutive
 * rows. */
MM_HD void lk_child_tri(const mmi_sk_child_args *g, int64_t t)
{
    const mmi_sk_level *x = &g->lv[g->level];
    int64_t f = t >> 2;
    int c = (int)(t & 3);
    lk_tri p = lk_load_tri(x, f);
    lk_tri u = lk_child(&p, c, (uint32_t)x->nv, lk_inner_edge(x->ne, f, 0));
    for (int j = 0; j < 3; ++j) g->out_faces[3 * t + j] = u.v[j];
    if (g->out_side)
        for (int j = 0; j < 3; ++j) g->out_side[3 * t + j] = u.s[j];
    if (g->out_edge_sides && c < 3)
        lk_child_edge_sides(x->ne, 3 * f + c, lk_pick(p.s, c), g->out_edge_sides);
}

/* e < |E_l|: level l's across edges into out_across, the edges on the sides
 * before and after e's second side k1 in k1's triangle (0 on the boundary).
 * The triangle of e's first side writes the points on e and reads the edge
 * points of those two sides: kept with the level (below L − 1), their ids
 * come with e's sides, where reading k1's neighbours' side codes was one
 * more dependent load before them (bench/results/across-edges). */
MM_HD void lk_across_edge(const mmi_sk_child_args *g, int64_t e)
{
    const mmi_sk_level *x = &g->lv[g->level];
    uint32_t k1 = x->edge_sides[2 * e + 1], a = 0, b = 0;
    if (k1 != MMI_SK_NONE) a = x->side[lk_prev(k1)] >> 2, b = x->side[lk_next(k1)] >> 2;
    g->out_across[2 * e] = a;
    g->out_across[2 * e + 1] = b;
}

/* The words of lk_grandchild_tris: 16 triangles. */
#define LK_GRANDCHILD_WORDS 48

/* The 15 vertices of the 16 grandchildren of triangle f of level l − 1:
 * its corners v_c, the points m_c = ep(e_c) of its sides (level l), and at
 * level l + 1 the points of level l's edges inside it: near_c and far_c,
 * the halves of e_c at v_c and at v_{c+1} (2 e_c + b_c and 2 e_c + 1 − b_c,
 * b_c the backward bit), and inner_c, inner edge 2|E_{l−1}| + 3f + c. */
typedef struct lk_grand {
    uint32_t v[3], m[3], near[3], far[3], inner[3];
} lk_grand;

MM_HD lk_grand lk_grand_ids(const mmi_sk_level *w, const mmi_sk_level *x, int64_t f)
{
    lk_tri p = lk_load_tri(w, f);
    uint32_t nv = (uint32_t)w->nv, nx = (uint32_t)x->nv;
    uint32_t inner = nx + lk_inner_edge(w->ne, f, 0);
    lk_grand q;
    for (int c = 0; c < 3; ++c) {
        uint32_t e = p.s[c] >> 2, b = p.s[c] & 1u;
        q.v[c] = p.v[c];
        q.m[c] = nv + e;
        q.near[c] = nx + 2 * e + b;
        q.far[c] = nx + 2 * e + 1 - b;
        q.inner[c] = inner + (uint32_t)c;
    }
    return q;
}

/* Of a, b, c the one at i < 3, by selects (lk_pick's reason). */
MM_HD uint32_t lk_sel(int i, uint32_t a, uint32_t b, uint32_t c)
{
    return i == 0 ? a : i == 1 ? b : c;
}

/* Vertex j of each of the 16 grandchildren, to out[3n + j] for triangle
 * 16f + n, n = 4c + k: lk_child's child k of lk_child's child c, written
 * out. Child c < 3 = (v_c, m_c, m_{c−1}) has sides on near_c, inner_c and
 * far_{c−1}; the centre (m_0, m_1, m_2) on inner_1, inner_2, inner_0. */
MM_HD void lk_grandchild_vertex(const lk_grand *q, int j, uint32_t *out)
{
    for (int c = 0; c < 3; ++c) {
        int p = lk_slot_prev(c);
        uint32_t *o = out + 12 * c + j;
        o[0] = lk_sel(j, q->v[c], q->near[c], q->far[p]);
        o[3] = lk_sel(j, q->m[c], q->inner[c], q->near[c]);
        o[6] = lk_sel(j, q->m[p], q->far[p], q->inner[c]);
        o[9] = lk_sel(j, q->near[c], q->inner[c], q->far[p]);
    }
    uint32_t *o = out + 36 + j;
    o[0] = lk_sel(j, q->m[0], q->inner[1], q->inner[0]);
    o[3] = lk_sel(j, q->m[1], q->inner[2], q->inner[1]);
    o[6] = lk_sel(j, q->m[2], q->inner[0], q->inner[2]);
    o[9] = lk_sel(j, q->inner[1], q->inner[2], q->inner[0]);
}

/* Triangles 16f … 16f + 15 of level l + 1 from triangle f of level l − 1
 * alone, to out[0 … 47]: vertices j = part, part + parts, … < 3 of each
 * (parts threads share f's), so level l's M and side codes are never
 * stored (the last step of the fused route). By the closed form of
 * lk_grandchild_vertex: from the parent's 15 vertex ids, a dozen selects
 * per vertex slot. Applying lk_child twice per triangle was half of the
 * last step's instructions: with this form and staged_rows.cuh's store
 * loop, the pass to 33.9M triangles issues 192M warp instructions instead
 * of 265M (ncu on the H100). */
MM_HD void lk_grandchild_tris(const mmi_sk_points_args *g, int64_t f, int part, int parts,
                              uint32_t *out)
{
    lk_grand q = lk_grand_ids(&g->lv[g->level - 1], &g->lv[g->level], f);
    for (int j = part; j < 3; j += parts) lk_grandchild_vertex(&q, j, out);
}

/* The elements of the grandchildren pass: the triangles of level l − 1. */
MM_HD int64_t lk_grandchild_count(const mmi_sk_points_args *g)
{
    return g->lv[g->level - 1].nf;
}

/* Element f of the grandchildren pass on its own: triangle f's 16, whole. */
MM_HD void lk_grandchild_row(const mmi_sk_points_args *g, int64_t f)
{
    lk_grandchild_tris(g, f, 0, 1, g->out_faces + LK_GRANDCHILD_WORDS * f);
}

#endif
