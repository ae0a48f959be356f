/* loop_topology.h: the topology rule of the specialized Loop path (paper
 * Appendix B, "Topology refinement"): every refined level by formula from
 * its parent in DESIGN §3's numbering, one thread per corner, three per
 * triangle; no adjacency is rebuilt below level 0 (edge_sort.h). */
#ifndef MESHMAT_KERNELS_LOOP_TOPOLOGY_H
#define MESHMAT_KERNELS_LOOP_TOPOLOGY_H

#include "loop_kernels.h"

/* Corner κ = 3f + c of level l (out edge e_o, in edge e_i): its corner
 * triangle 4f + c = (v_κ, ep(e_o), ep(e_i)) and entry c of the centre
 * 4f + 3, ep(e_o) (ep(e) = |V| + e). The corner triangle's sides lie on the
 * half of e_o at v_κ (same direction), on inner edge 2|E| + 3f + c =
 * (ep(e_o), ep(e_i)) (forward) and on the half of e_i at v_κ; the centre's
 * side c on inner edge 2|E| + 3f + c + 1 (backward). */
MM_HD void lk_child_corner(const mmi_lk_args *g, int64_t k)
{
    const mmi_lk_level *x = &g->lv[g->level];
    int64_t f = k / 3, c = k % 3, t = 3 * (4 * f + c), centre = 3 * (4 * f + 3);
    uint32_t so = x->side[k], si = x->side[lk_prev(k)], eo = so >> 2, ei = si >> 2;
    uint32_t inner = (uint32_t)(2 * x->ne + 3 * f);
    g->out_tris[t] = x->verts[k];
    g->out_tris[t + 1] = g->out_tris[centre + c] = (uint32_t)x->nv + eo;
    g->out_tris[t + 2] = (uint32_t)x->nv + ei;
    if (g->out_side) {
        g->out_side[t] = ((2 * eo + (so & 1)) << 2) | (so & 3);
        g->out_side[t + 1] = (inner + (uint32_t)c) << 2;
        g->out_side[t + 2] = ((2 * ei + 1 - (si & 1)) << 2) | (si & 3);
        g->out_side[centre + c] = ((inner + (uint32_t)(c + 1) % 3) << 2) | 1;
    }
}

/* Level l's edge under side j of its triangle 4f + c (c = 3: the centre),
 * from corner c's out and in side codes so, si at level l − 1 and f's first
 * inner edge, as lk_child_corner numbers them; selects, not an array (a
 * run-time index into one would put it in local memory on the device). */
MM_HD uint32_t lk_child_side_edge(uint32_t so, uint32_t si, uint32_t inner, int c, int j)
{
    if (c == 3) return inner + (uint32_t)(j + 1) % 3;
    return j == 0   ? 2 * (so >> 2) + (so & 1)
           : j == 1 ? inner + (uint32_t)c
                    : 2 * (si >> 2) + 1 - (si & 1);
}

/* Triangle t = 4(4f + c) + j of level l + 1 from level l − 1 alone: level
 * l's triangle 4f + c by lk_child_corner's formula, then its child j by the
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
