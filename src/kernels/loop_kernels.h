/* loop_kernels.h: Loop's specialized path (paper Appendix B, DESIGN §3):
 * what its element rules see of a level (triangles as corners, the side code
 * of each corner and the sides of each edge, in corner_level.h's layout),
 * and its launchers: one rule per call over count elements on the context's
 * backend (loop_kernels_cpu.c, loop_kernels_cuda.cu), with the arguments of
 * rule_args.h. The rules are MM_HD functions in loop_topology.h,
 * loop_points.h (level 0) and loop_tri_points.h (levels ≥ 1). */
#ifndef MESHMAT_KERNELS_LOOP_KERNELS_H
#define MESHMAT_KERNELS_LOOP_KERNELS_H

#include <stdint.h>

#include "rule_args.h"

/* A level as corners (mmi_sk_level): corner κ = 3f + c is corner c of
 * triangle f (M's non-zero κ: every face is a triangle, so level 0 is laid
 * out the same). side[κ] codes the side κ → next(κ) as corner_level.h does:
 * (edge << 2) | boundary << 1 | backward. edge_sides[2e], [2e + 1]: the
 * corners whose sides lie on edge e (level 0: in the sort's order; below:
 * forward first, lk_child_edge_sides), the second MMI_SK_NONE on the
 * boundary. The rules read nv, nf, ne, verts, side, edge_sides and across. */

#ifdef __cplusplus
extern "C" {
#endif

/* t < |F_{l+1}|: triangle t of level l + 1, its side codes and its edges'
 * sides (lk_child_tri). */
MMI_SK_LAUNCHER(mmi_lk_child_tris, mmi_sk_child_args);
/* e < |E_l|: level l's across edges (lk_across_edge). */
MMI_SK_LAUNCHER(mmi_lk_across_edges, mmi_sk_child_args);
/* Level 1's points by gathers (loop_points.h, lk_level0_point), blocks of
 * components (sk_blocks): first updated vertex v < |V_0| (eq. 28–29, 3/4
 * and 1/8 on the boundary) and its kind and ring sum at level 1, then edge
 * point e < |E_0| (Figure 13 (left), midpoints on the boundary). */
MMI_SK_LAUNCHER(mmi_lk_level0_points, mmi_sk_points0_args);
/* l ≥ 1 (loop_tri_points.h): f d + c < |F_{l−1}| d: component c of level
 * l + 1's points around triangle f of level l − 1, with out_faces its 16
 * grandchildren of level l + 1 too (lk_grandchild_tris); v d + c <
 * |V_{l−1}| d: vertex v of level l − 1 by its ring sum. */
MMI_SK_LAUNCHER(mmi_lk_tri_faces, mmi_sk_points_args);
MMI_SK_LAUNCHER(mmi_lk_old_vertices, mmi_sk_points_args);

#ifdef __cplusplus
}
#endif

/* The triangle of corner κ and κ's place in it. A level's corners stay
 * below 2^32 (the driver refuses larger levels, specialized_driver.c), so
 * the division runs in 32 bits: in 64 it takes several instructions a use,
 * and the √3 last step uses it a dozen times a thread (with sk_column, its
 * pass to 38.4M triangles went from 185M to 156M warp instructions, ncu on
 * the H100). */
MM_HD int64_t lk_tri_of(int64_t k)
{
    return (int64_t)((uint32_t)k / 3u);
}

MM_HD int lk_slot_of(int64_t k)
{
    return (int)((uint32_t)k % 3u);
}

/* The slots after and before slot c (0 … 2) in a triangle: where a corner's
 * slot is at hand, its neighbours' slots without a division each. */
MM_HD int lk_slot_next(int c)
{
    return c == 2 ? 0 : c + 1;
}

MM_HD int lk_slot_prev(int c)
{
    return c == 0 ? 2 : c - 1;
}

/* Level l + 1's inner edge c < 3 of triangle f of level l, whose edges are
 * ne: 2|E_l| + 3f + c (DESIGN §3, lk_child), in 32 bits as every id of a
 * level (lk_tri_of's reason). */
MM_HD uint32_t lk_inner_edge(int64_t ne, int64_t f, int c)
{
    return 2 * (uint32_t)ne + 3 * (uint32_t)f + (uint32_t)c;
}

/* The corners after and before κ in its triangle. */
MM_HD int64_t lk_next(int64_t k)
{
    return lk_slot_of(k) == 2 ? k - 2 : k + 1;
}

MM_HD int64_t lk_prev(int64_t k)
{
    return lk_slot_of(k) == 0 ? k + 2 : k - 1;
}

/* The corner of level 0 that entry q of its Mᵀ names: slot slots[q]
 * (1-based) of triangle faces[q]. */
MM_HD int64_t lk_corner_at(const mmi_sk_vertex_faces *vt, int64_t q)
{
    return 3 * (int64_t)vt->faces[q] + vt->slots[q] - 1;
}

/* The ring sum of vertex v of a level 0 of triangles (Loop's S1, √3's
 * ring sum), components [c0, c0 + w) of the data into s, over v's column of
 * Mᵀ: each triangle (v, p_next, p_prev) gives p_next (a closed fan meets
 * every neighbour once); on the boundary instead the other end of each side
 * at v that lies on the boundary (the side codes' boundary bit): p_next,
 * p_prev, both or none. Returns how many of the sides at v (two in each
 * triangle) lie on the boundary, the sharp count of mmi_vertex_rule_of. One
 * walk takes both sums, in Mᵀ's order, and keeps the one v's count asks for;
 * SK_BLOCK triangles' corners are looked up before their rows are summed
 * (the walk was a chain of dependent loads a triangle, Mᵀ → corners → rows,
 * after a first walk for the count). */
MM_HD int64_t lk_ring_sum(const mmi_sk_points0_args *g, int64_t v, int64_t c0, int w, int64_t d,
                          int f64, double s[SK_BLOCK])
{
    const mmi_sk_level *x = &g->x;
    int64_t first = g->vt.ptr[v], nf = g->vt.ptr[v + 1] - first, sharp = 0;
    double rim[SK_BLOCK] = {0.0};
    for (int j = 0; j < SK_BLOCK; ++j) s[j] = 0.0;
    for (int64_t q0 = 0; q0 < nf; q0 += SK_BLOCK) {
        uint32_t out[SK_BLOCK], in[SK_BLOCK], sides = 0; /* bits 2b, 2b + 1: b's two sides */
        for (int b = 0; b < SK_BLOCK && q0 + b < nf; ++b) {
            int64_t k = lk_corner_at(&g->vt, first + q0 + b), pk = lk_prev(k);
            out[b] = x->verts[lk_next(k)], in[b] = x->verts[pk];
            sides |= ((x->side[k] >> 1) & 1u) << 2 * b | ((x->side[pk] >> 1) & 1u) << (2 * b + 1);
        }
        for (int b = 0; b < SK_BLOCK && q0 + b < nf; ++b) {
            uint32_t b_out = (sides >> 2 * b) & 1u, b_in = (sides >> (2 * b + 1)) & 1u;
            sharp += b_out + b_in;
            for (int j = 0; j < SK_BLOCK && j < w; ++j) {
                double p = sk_load(g->data.P, f64, out[b] * d + c0 + j);
                s[j] += p;
                if (b_out) rim[j] += p;
                if (b_in) rim[j] += sk_load(g->data.P, f64, in[b] * d + c0 + j);
            }
        }
    }
    for (int j = 0; j < SK_BLOCK && sharp > 0; ++j) s[j] = rim[j];
    return sharp;
}

#endif
