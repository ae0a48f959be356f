/* loop_topology.h: the topology rule of the specialized Loop path (paper
 * Appendix B, "Topology refinement"): every refined level by formula from
 * its parent in DESIGN §3's numbering, one thread per corner, three per
 * triangle; no adjacency is rebuilt below level 0 (edge_sort.h). */
#ifndef MESHMAT_KERNELS_LOOP_TOPOLOGY_H
#define MESHMAT_KERNELS_LOOP_TOPOLOGY_H

#include "loop_kernels.h"

/* The halves of edge e_o (corner κ's out side, code so) at level l + 1: a
 * side κ running a → b puts corner 0 of corner triangle 4f + c on 2e = (a,
 * ep) and corner 2 of 4f + c + 1 on 2e + 1 = (ep, b); running b → a, the
 * other way round. κ keeps its slot on e; a boundary edge's second slot
 * stays empty on both halves. */
MM_HD void lk_child_halves(const mmi_lk_args *g, int64_t k, uint32_t so)
{
    const mmi_lk_level *x = &g->lv[g->level];
    uint32_t e = so >> 2, *out = g->out_edge_sides + 4 * (int64_t)e;
    int slot = x->edge_sides[2 * (int64_t)e] != (uint32_t)k;
    uint32_t here = (uint32_t)lk_child_corner_of(k), there = (uint32_t)lk_child_corner_of(lk_next(k)) + 2;
    int backward = so & 1;
    out[slot] = backward ? there : here;
    out[2 + slot] = backward ? here : there;
    if (so & 2) out[1] = out[3] = MMI_SK_NONE;
}

/* Corner κ = 3f + c of level l (out edge e_o, in edge e_i): its corner
 * triangle 4f + c = (v_κ, ep(e_o), ep(e_i)) and entry c of the centre
 * 4f + 3, ep(e_o) (ep(e) = |V| + e). The corner triangle's sides lie on the
 * half of e_o at v_κ (same direction), on inner edge 2|E| + 3f + c =
 * (ep(e_o), ep(e_i)) (forward) and on the half of e_i at v_κ; the centre's
 * side c on inner edge 2|E| + 3f + c + 1 (backward). Inner edge 2|E| + 3f + c
 * lies on corner 1 of 4f + c and corner c − 1 of the centre. */
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
    if (g->out_edge_sides) {
        uint32_t *es = g->out_edge_sides + 2 * (int64_t)(inner + (uint32_t)c);
        es[0] = (uint32_t)(t + 1);
        es[1] = (uint32_t)(centre + (c + 2) % 3);
        lk_child_halves(g, k, so);
    }
}

#endif
