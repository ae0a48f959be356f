/* side_rules.h: the generic path's element rules for edges numbered by face
 * side (generic_side.c; docs/creases.md), the route of the meshes where a
 * pair of vertices has several edges, as OpenSubdiv's Vtr makes them: faces
 * that repeat a vertex, and Loop's triangles back to back. There each corner
 * names the edge of its side (g->side) instead of E's entry of its two ends;
 * one level down the sides follow from the parent's by formula, as Vtr
 * builds a child level from its parent's topology, never from vertex pairs.
 * E then holds one entry per edge at each of its ends (a pair joined twice
 * has two), so E_1 P, the boundary counts and W see every edge, and each
 * edge's faces are its corners (g->S). */
#ifndef MESHMAT_SCHEMES_SIDE_RULES_H
#define MESHMAT_SCHEMES_SIDE_RULES_H

#include "../spla/transpose.h"
#include "generic_args.h"

/* The column of x holding entry k (x has ncols columns). */
MM_HD int64_t csc_col_of(const mmi_csc_view *x, int64_t k, int64_t ncols)
{
    return mmi_line_of_entry(x->ptr, x->uniform, ncols, k);
}

/* The faces (sides) on edge e, and its k-th corner in corner order. */
MM_HD int64_t side_edge_faces(const mmi_generic_args *g, int64_t e)
{
    return csc_col_start(&g->S, e + 1) - csc_col_start(&g->S, e);
}

MM_HD int64_t side_edge_corner(const mmi_generic_args *g, int64_t e, int64_t k)
{
    return g->S.rows[csc_col_start(&g->S, e) + k];
}

/* Column v of E from Vᵀ (the edges at v in id order, each with its position
 * in (a_e, b_e), 1-based): one entry per edge, the other end as its row, the
 * edge's faces as τ. A degenerate edge (v, v) gives v two entries, as Vtr
 * lists it twice among v's edges. At level 0 the rows come out sorted (the
 * edges (x, v), x < v, by x, then those (v, y) by y), so E's binary searches
 * still find a pair there (its first edge). */
MM_HD void side_edge_entries(const mmi_generic_args *g, int64_t v)
{
    for (int64_t q = csc_col_start(&g->Vt, v); q < csc_col_start(&g->Vt, v + 1); ++q) {
        uint32_t e = g->Vt.rows[q];
        g->E_rows[q] = g->ends[2 * (int64_t)e + (g->Vt.values[q] == 1 ? 1 : 0)];
        g->E_tau[q] = (int32_t)side_edge_faces(g, e);
        g->entry_edge[q] = e;
    }
}

/* The half of edge e at corner vertex v (2e at a_e, 2e + 1 at b_e); of a
 * degenerate edge, the first half where the edge leaves the corner and the
 * second where it enters it, as Vtr's quad and triangle splits pick them. */
MM_HD uint32_t side_half(const mmi_generic_args *g, uint32_t e, uint32_t v, int entering)
{
    uint32_t a = g->ends[2 * (int64_t)e], b = g->ends[2 * (int64_t)e + 1];
    return 2 * e + (uint32_t)(a == b ? entering : a != v);
}

/* Catmull-Clark (DESIGN §3): corner t of face f makes quad t = (v_t, ep(out_t),
 * fp(f), ep(in_t)), whose sides are the half of out_t at v_t, the spokes
 * 2|E| + t and 2|E| + (the corner before t), and the half of in_t at v_t. */
MM_HD void cc_child_sides(const mmi_generic_args *g, int64_t f)
{
    int64_t s = csc_col_start(&g->M, f), c = csc_col_start(&g->M, f + 1) - s;
    uint32_t spokes = (uint32_t)(2 * g->ne);
    for (int64_t p = 0; p < c; ++p) {
        int64_t t = s + p, prev = s + (p + c - 1) % c;
        uint32_t v = g->M.rows[t];
        uint32_t *cs = g->child_side + 4 * t;
        cs[0] = side_half(g, g->side[t], v, 0);
        cs[1] = spokes + (uint32_t)t;
        cs[2] = spokes + (uint32_t)prev;
        cs[3] = side_half(g, g->side[prev], v, 1);
    }
}

/* Loop (DESIGN §3): corner triangle 4f + c = (v_c, ep(s_c), ep(s_{c−1})) has
 * the half of s_c at v_c, the inner edge 2|E| + 3f + c and the half of
 * s_{c−1} at v_c; the centre (ep(s_0), ep(s_1), ep(s_2)) the inner edges of
 * corners 1, 2, 0 (s_c: the edge of side v_c → v_{c+1}). */
MM_HD void loop_child_sides(const mmi_generic_args *g, int64_t f)
{
    uint32_t inner = (uint32_t)(2 * g->ne + 3 * f);
    uint32_t *cs = g->child_side + 12 * f;
    for (int c = 0; c < 3; ++c) {
        uint32_t v = g->M.rows[3 * f + c];
        cs[3 * c] = side_half(g, g->side[3 * f + c], v, 0);
        cs[3 * c + 1] = inner + (uint32_t)c;
        cs[3 * c + 2] = side_half(g, g->side[3 * f + (c + 2) % 3], v, 1);
        cs[9 + c] = inner + (uint32_t)((c + 1) % 3);
    }
}

#endif
