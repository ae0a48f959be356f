/* loop_points.h: the level-0 vertex-data rules of the specialized Loop path
 * (paper Appendix B, "New vertex points" and "Vertex update"): edge points
 * and updated vertices of level 1 from level 0's data, each a gather (no
 * atomics: bitwise deterministic, DESIGN §3), the updated vertices over
 * level 0's Mᵀ. The vertex rule also leaves each vertex's kind and ring sum
 * for the levels below (loop_tri_points.h). */
#ifndef MESHMAT_KERNELS_LOOP_POINTS_H
#define MESHMAT_KERNELS_LOOP_POINTS_H

#include "../rules/loop_masks.h"
#include "loop_kernels.h"

/* One vertex one level down from p and its ring sum S1 (the sum of its edge
 * neighbours; for a crease vertex of its two neighbours b along the crease):
 * out = (v', S1'), with the weights of its rule (mmi_loop_vertex_mask). The
 * new neighbours are the edge points around v (mmi_loop_edge_mask), inside
 * end (p + p_j) + side (p_{j−1} + p_{j+1}) (Figure 13), so S1' = n end p +
 * (end + 2 side) S1; along a crease end (p + b_j), so b' = 2 end p + end b. A
 * corner stays. Linear in (p, S1) for a given kind, so shares add up. */
MM_HD void lk_vertex_step(uint32_t kind, double p, double s1, double out[2])
{
    /* The mask is taken in each branch with its rule a constant, so the
     * compiler folds the others away. */
    double n = mmi_kind_valence(kind);
    mmi_vertex_rule rule = mmi_kind_rule(kind);
    if (rule == MMI_RULE_CORNER) {
        out[0] = p, out[1] = s1;
    } else if (rule == MMI_RULE_CREASE) {
        mmi_vertex_mask m = mmi_loop_vertex_mask(MMI_RULE_CREASE, n);
        mmi_edge_mask e = mmi_loop_edge_mask(1);
        out[0] = m.vertex * p + m.crease * s1;
        out[1] = 2.0 * e.end * p + e.end * s1;
    } else {
        mmi_vertex_mask m = mmi_loop_vertex_mask(MMI_RULE_SMOOTH, n);
        mmi_edge_mask e = mmi_loop_edge_mask(0);
        out[0] = m.vertex * p + m.edge * s1;
        out[1] = e.end * n * p + (e.end + 2.0 * e.side) * s1;
    }
}

/* Edge point e (mmi_loop_edge_mask) from its ends and the corners c and d
 * opposite it in its two triangles (G(a, b) and G(b, a) of eq. 30: the
 * corner before each side); from its ends alone on a boundary edge. Y row
 * |V| + e (sk_edge_sum), block i of the launch (sk_block_of: e and a block
 * of its components). Width d and type f64 as arguments (constants on CUDA,
 * fold_data.cuh). */
MM_HD void lk_edge_point(const mmi_sk_points0_args *g, int64_t i, int64_t d, int f64)
{
    const mmi_sk_level *x = &g->x;
    const mmi_sk_data *io = &g->data;
    sk_block blk = sk_block_of(i, d);
    int64_t e = blk.at;
    uint32_t s0 = x->edge_sides[2 * e], s1 = x->edge_sides[2 * e + 1];
    int boundary = s1 == MMI_SK_NONE;
    int64_t a = x->verts[s0] * d, b = x->verts[lk_next(s0)] * d, y = (x->nv + e) * d;
    int64_t o0 = boundary ? 0 : x->verts[lk_prev(s0)] * d;
    int64_t o1 = boundary ? 0 : x->verts[lk_prev(s1)] * d;
    mmi_edge_mask m = mmi_loop_edge_mask(boundary);
    sk_edge_sum(io->Y, y, io->P, a, b, io->P, o0, o1, !boundary, m.end, m.side, blk, f64);
}

/* Updated vertex v of level 0 by lk_vertex_step, its S1 and its rule's
 * boundary count from one walk over its column of Mᵀ (lk_ring_sum), its rule
 * by mmi_vertex_rule_of. With a ring, also v's kind and S1 at level 1. Block
 * i of the launch (sk_block_of: v and a block of its components). */
MM_HD void lk_vertex_point(const mmi_sk_points0_args *g, int64_t i, int64_t d, int f64)
{
    const mmi_sk_data *io = &g->data;
    sk_block blk = sk_block_of(i, d);
    int64_t v = blk.at, c0 = blk.c0, nf = g->vt.ptr[v + 1] - g->vt.ptr[v];
    double s1[SK_BLOCK];
    int64_t sharp = lk_ring_sum(g, v, c0, blk.w, d, f64, s1);
    uint32_t kind = mmi_kind_of(nf, mmi_vertex_rule_of(nf, sharp, g->corners));
    for (int j = 0; j < SK_BLOCK; ++j) {
        if (j >= blk.w) break;
        double out[2];
        lk_vertex_step(kind, sk_load(io->P, f64, v * d + c0 + j), s1[j], out);
        sk_store(io->Y, f64, v * d + c0 + j, out[0]);
        if (io->ring) sk_store(io->ring, f64, v * d + c0 + j, out[1]);
    }
    sk_keep_kind(io->ring, io->kinds, kind, v, c0);
}

/* Element i of level 1's points: the updated vertices (|V_0| blocks of
 * components) and then the edge points. The vertex rule reads only level
 * 0's data, not the edge points, so both run in one launch (two cost a
 * small cage's evaluation one more kernel's latency), the vertices' longer
 * walks first. */
MM_HD void lk_level0_point(const mmi_sk_points0_args *g, int64_t i, int64_t d, int f64)
{
    int64_t vertices = g->x.nv * sk_blocks(d);
    if (i < vertices) lk_vertex_point(g, i, d, f64);
    else lk_edge_point(g, i - vertices, d, f64);
}

#endif
