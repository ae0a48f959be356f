/* catmark_rules.h: the element rules of Catmull-Clark's generic path (paper
 * §3.2, eq. 12; DESIGN §3) over generic_args.h's arguments: the refined
 * edges, σ of eq. 12 (the refined quads), the edge-point stencil and the
 * per-vertex weights of eq. 11 / 20, their weights from src/rules. */
#ifndef MESHMAT_SCHEMES_CATMARK_RULES_H
#define MESHMAT_SCHEMES_CATMARK_RULES_H

#include "crease_rules.h"

/* Refined edges (DESIGN §3): 2e = (a_e, ep(e)), 2e+1 = (ep(e), b_e), and the
 * spoke 2|E| + k = (ep(out_k), fp(face_k)) of corner k, read off its quad. */
MM_HD void cc_child_edge(const mmi_generic_args *g, int64_t i)
{
    uint32_t x, y;
    if (i < 2 * g->ne) {
        generic_split_edge(g, i, g->nv + g->nf, &x, &y);
    } else {
        int64_t k = i - 2 * g->ne;
        x = g->quads[4 * k + 1];
        y = g->quads[4 * k + 2];
    }
    g->out_ends[2 * i] = x;
    g->out_ends[2 * i + 1] = y;
}

/* σ of eq. 12 over face k's entries of T = M Mᵀ {Q_c}: each is a side
 * i → j of face k, i.e. a corner t of M where i stands in column k, between
 * prev and j. Its refined face (i, ep(E(i,j)), fp(k), ep(E(prev,i))) is
 * column t of M_{l+1} (DESIGN §3 numbers refined faces in M's non-zero
 * order, not T's). Walked per face rather than over F = M Mᵀ {Q_c}[γ]'s
 * columns: F keeps one face per side i → j, and a mesh that is not a
 * 2-manifold can have two (an edge of three faces, or passed twice the same
 * way), each of which needs its quad. */
MM_HD void cc_quads(const mmi_generic_args *g, int64_t k)
{
    int64_t s = csc_col_start(&g->M, k), c = csc_col_start(&g->M, k + 1) - s;
    uint32_t base = (uint32_t)(g->nv + g->nf);
    for (int64_t p = 0; p < c; ++p) {
        uint32_t i = g->M.rows[s + p], j = g->M.rows[s + (p + 1) % c];
        uint32_t prev = g->M.rows[s + (p + c - 1) % c];
        uint32_t *quad = g->quads + 4 * (s + p);
        quad[0] = i;
        quad[1] = base + (g->side ? g->side[s + p] : generic_edge_id(g, i, j));
        quad[2] = (uint32_t)(g->nv + k);
        quad[3] = base + (g->side ? g->side[s + (p + c - 1) % c] : generic_edge_id(g, prev, i));
    }
}

/* Row e of the edge-point matrix R (|E| × (|V| + |F|), 4 weighted entries
 * over [P; f], mmi_catmark_edge_mask): (a, b, fp, fp') on an interior edge,
 * (a, b, a, b) with the sides' weights 0 on a boundary edge (§5.3). */
MM_HD void cc_stencil(const mmi_generic_args *g, int64_t e)
{
    uint32_t a = g->ends[2 * e], b = g->ends[2 * e + 1], fa, fb;
    int boundary;
    if (g->side) { /* the faces of its first two corners */
        boundary = side_edge_faces(g, e) < 2;
        fa = boundary ? 0 : (uint32_t)csc_col_of(&g->M, side_edge_corner(g, e, 0), g->nf);
        fb = boundary ? 0 : (uint32_t)csc_col_of(&g->M, side_edge_corner(g, e, 1), g->nf);
    } else {
        int64_t ab = csc_find(&g->F, a, b), ba = csc_find(&g->F, b, a);
        boundary = ab < 0 || ba < 0;
        fa = boundary ? 0 : (uint32_t)g->F.values[ab];
        fb = boundary ? 0 : (uint32_t)g->F.values[ba];
    }
    generic_edge_row(g, e, boundary, (uint32_t)g->nv + fa, (uint32_t)g->nv + fb,
                     crease_edge_mask(g, e, boundary, mmi_catmark_edge_mask(0)));
}

/* S(p_i) = α p_i + β (Σ_j p_j + Σ_j f_j) + β_b Σ_boundary p_j with the
 * weights of mmi_catmark_vertex_mask (eq. 9/11 inside, eq. 20 on the
 * boundary; its edge and face weights are equal). */
MM_HD void cc_vertex_weights(const mmi_generic_args *g, int64_t i)
{
    generic_vertex_weights(g, i, mmi_catmark_vertex_mask(generic_vertex_rule(g, i), g->n[i]));
}

#endif
