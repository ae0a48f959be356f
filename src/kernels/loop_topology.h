/* loop_topology.h: the topology rule of the specialized Loop path (paper
 * Appendix B, "Topology refinement"): every refined level by formula from
 * its parent in DESIGN §3's numbering, one thread per refined triangle; no
 * adjacency is rebuilt below level 0 (edge_sort.h). */
#ifndef MESHMAT_KERNELS_LOOP_TOPOLOGY_H
#define MESHMAT_KERNELS_LOOP_TOPOLOGY_H

#include "loop_kernels.h"

/* The edge under side j of child triangle 4f + c (c = 3: the centre) of
 * triangle f, from corner c's out and in side codes so, si and f's first
 * inner edge 2|E| + 3f: the half of e_o at v_c (same direction), inner edge
 * 2|E| + 3f + c = (ep(e_o), ep(e_i)) (forward), the half of e_i at v_c; the
 * centre's side j on inner edge 2|E| + 3f + j + 1 (backward). Selects, not an
 * array (a run-time index into one would put it in local memory on the
 * device). */
MM_HD uint32_t lk_child_side_edge(uint32_t so, uint32_t si, uint32_t inner, int c, int j)
{
    if (c == 3) return inner + (uint32_t)(j + 1) % 3;
    return j == 0   ? 2 * (so >> 2) + (so & 1)
           : j == 1 ? inner + (uint32_t)c
                    : 2 * (si >> 2) + 1 - (si & 1);
}

/* The sides of level l + 1's edges that corner k = 3f + c of level l (out
 * edge e, b: its side is backward) refines, by lk_child_side_edge's formula:
 * inner edge 2|E| + 3f + c lies on side 1 of child 4f + c (forward) and side
 * (c + 2) mod 3 of the centre 4f + 3; the half of e at v_c, 2e + b, on side 0
 * of child 4f + c, the half at v_{c+1} on side 2 of child 4f + (c + 1) mod 3,
 * both running as k's side does. Side j of child t is corner 3t + j. Each
 * edge lists its forward side first, a boundary side alone. */
MM_HD void lk_child_edge_sides(const mmi_lk_level *x, int64_t k, uint32_t *out)
{
    int64_t f = k / 3, c = k % 3, inner = 2 * x->ne + k;
    uint32_t so = x->side[k], e = so >> 2, b = so & 1, boundary = (so >> 1) & 1;
    uint32_t slot = boundary ? 0 : b;
    int64_t near = 2 * (int64_t)e + b, far = 2 * (int64_t)e + 1 - b;
    out[2 * inner] = (uint32_t)(3 * (4 * f + c) + 1);
    out[2 * inner + 1] = (uint32_t)(3 * (4 * f + 3) + (c + 2) % 3);
    out[2 * near + slot] = (uint32_t)(3 * (4 * f + c));
    out[2 * far + slot] = (uint32_t)(3 * (4 * f + (c + 1) % 3) + 2);
    if (boundary) out[2 * near + 1] = out[2 * far + 1] = MMI_SK_NONE;
}

/* Triangle t = 4f + c of level l + 1 (DESIGN §3, ep(e) = |V| + e): corner
 * c's triangle (v_c, ep(e_o), ep(e_i)) for c < 3, the centre (ep of f's
 * three sides) for c = 3, its side codes (lk_child_side_edge) and, for c < 3, the
 * sides of the edges corner c refines. One triangle row per thread. */
MM_HD void lk_child_tri(const mmi_lk_args *g, int64_t t)
{
    const mmi_lk_level *x = &g->lv[g->level];
    int64_t f = t >> 2, k = 3 * f;
    int c = (int)(t & 3);
    uint32_t nv = (uint32_t)x->nv, inner = (uint32_t)(2 * x->ne + 3 * f);
    uint32_t so = x->side[k + (c < 3 ? c : 0)], si = x->side[c == 0 ? k + 2 : k + (c + 2) % 3];
    uint32_t s1 = c == 3 ? x->side[k + 1] : 0u, *out = g->out_tris + 3 * t;
    out[0] = c < 3 ? x->verts[k + c] : nv + (so >> 2);
    out[1] = c < 3 ? nv + (so >> 2) : nv + (s1 >> 2);
    out[2] = nv + (si >> 2);
    if (g->out_edge_sides && c < 3) lk_child_edge_sides(x, k + c, g->out_edge_sides);
    if (!g->out_side) return;
    uint32_t *code = g->out_side + 3 * t;
    for (int j = 0; j < 3; ++j) {
        uint32_t bits = c == 3 ? 1u : j == 0 ? so & 3 : j == 1 ? 0u : si & 3;
        code[j] = lk_child_side_edge(so, si, inner, c, j) << 2 | bits;
    }
}

/* Triangle t = 4(4f + c) + j of level l + 1 from level l − 1 alone: level
 * l's triangle 4f + c by lk_child_tri's formula, then its child j by the
 * same formula again, so level l's M and side codes are never stored (the
 * last step of the fused route). */
MM_HD void lk_grandchild_tri(const mmi_lk_args *g, int64_t t)
{
    const mmi_lk_level *x = &g->lv[g->level - 1];
    int64_t f = t >> 4;
    int c = (int)((t >> 2) & 3), j = (int)(t & 3);
    int64_t k = 3 * f + (c < 3 ? c : j % 3);
    uint32_t so = x->side[k], si = c < 3 ? x->side[lk_prev(k)] : 0u;
    uint32_t inner = (uint32_t)(2 * x->ne + 3 * f), born = (uint32_t)x->nv;
    uint32_t base = (uint32_t)g->lv[g->level].nv, *out = g->out_tris + 3 * t;
    uint32_t e0 = base + lk_child_side_edge(so, si, inner, c, j == 3 ? 0 : j);
    uint32_t e1 = base + lk_child_side_edge(so, si, inner, c, j == 3 ? 1 : (j + 2) % 3);
    uint32_t w = c == 3   ? born + (so >> 2)
                 : j == 0 ? x->verts[k]
                 : j == 1 ? born + (so >> 2)
                          : born + (si >> 2);
    out[0] = j == 3 ? e0 : w;
    out[1] = j == 3 ? e1 : e0;
    out[2] = j == 3 ? base + lk_child_side_edge(so, si, inner, c, 2) : e1;
}

#endif
