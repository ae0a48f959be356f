/* sqrt3_points.h: the level-0 vertex-data rules of the specialized √3 path
 * (paper Appendix A; level 0 is even, so boundary vertices stay): face
 * points and updated vertices of level 1 from level 0's data, each a gather (no atomics: bitwise
 * deterministic, DESIGN §3), the updated vertices over level 0's Mᵀ; and the
 * vertex step by ring sums the levels below share (sqrt3_tri_points.h). */
#ifndef MESHMAT_KERNELS_SQRT3_POINTS_H
#define MESHMAT_KERNELS_SQRT3_POINTS_H

#include "../rules/sqrt3_masks.h"
#include "sqrt3_kernels.h"

/* One vertex one level down from p and its ring sum S (the sum of its n
 * neighbours; for a boundary (crease) vertex of its two boundary
 * neighbours): out = (v', S'), odd the parity of the level refined, with
 * the weights of its rule (mmi_sqrt3_vertex_mask). The new neighbours
 * inside are the face points of v's n triangles (v, w_j, w_{j+1}), each
 * w (p + w_j + w_{j+1}) with w the face weight, and around a closed fan
 * every w_j is in two of them, so S' = n w p + 2 w S (a vertex older than
 * the level is never the third vertex of a boundary triangle there).
 * Boundary: even levels keep v and its boundary neighbours (S' = S); on odd
 * ones v's new boundary neighbours are the points nearest v on its two
 * boundary edges (mmi_sqrt3_split_mask: near p + far w + outer u on the edge
 * to w, u the other neighbour), so S' = 2 near p + (far + outer) S. A corner
 * stays. Linear in (p, S). */
MM_HD void s3_vertex_step(uint32_t kind, int odd, double p, double s, double out[2])
{
    /* The mask is taken in each branch with its rule a constant, so the
     * compiler folds the others away. */
    double n = mmi_kind_valence(kind);
    mmi_vertex_rule rule = mmi_kind_rule(kind);
    if (rule == MMI_RULE_CORNER) {
        out[0] = p, out[1] = s;
    } else if (rule == MMI_RULE_CREASE) {
        mmi_vertex_mask m = mmi_sqrt3_vertex_mask(MMI_RULE_CREASE, n, odd);
        mmi_sqrt3_split_mask x = mmi_sqrt3_split_mask_of();
        out[0] = m.vertex * p + m.crease * s;
        out[1] = odd ? 2.0 * x.near * p + (x.far + x.outer) * s : s;
    } else {
        mmi_vertex_mask m = mmi_sqrt3_vertex_mask(MMI_RULE_SMOOTH, n, odd);
        double w = mmi_sqrt3_face_weight();
        out[0] = m.vertex * p + m.edge * s;
        out[1] = (n * p + 2.0 * s) * w;
    }
}

/* Face point f (eq. 26, mmi_sqrt3_face_weight), Y row |V| + f, block i of
 * the launch (sk_block_of: f and a block of its components). Width d and
 * type f64 as arguments (constants on CUDA, fold_data.cuh); the loads before
 * the stores (as sk_edge_sum's, corner_level.h). */
MM_HD void s3_face_point(const mmi_sk_points0_args *g, int64_t i, int64_t d, int f64)
{
    const uint32_t *verts = g->x.verts;
    const mmi_sk_data *io = &g->data;
    sk_block blk = sk_block_of(i, d);
    int64_t f = blk.at;
    int64_t a = verts[3 * f] * d, b = verts[3 * f + 1] * d, c = verts[3 * f + 2] * d;
    int64_t y = (g->x.nv + f) * d;
    double w = mmi_sqrt3_face_weight(), v[SK_BLOCK];
    for (int j = 0; j < SK_BLOCK && j < blk.w; ++j) {
        int64_t k = blk.c0 + j;
        v[j] = (sk_load(io->P, f64, a + k) + sk_load(io->P, f64, b + k) +
                sk_load(io->P, f64, c + k)) * w;
    }
    for (int j = 0; j < SK_BLOCK && j < blk.w; ++j) sk_store(io->Y, f64, y + blk.c0 + j, v[j]);
}

/* Updated vertex v of level 0 by s3_vertex_step, its ring sum and its
 * rule's boundary count from one walk over its column of Mᵀ (lk_ring_sum,
 * the same sums as Loop's S1), its rule by mmi_vertex_rule_of (√3 has no
 * EDGE_AND_CORNER corners). With a ring, also v's kind and ring sum at level
 * 1. Block i of the launch (sk_block_of: v and a block of its components). */
MM_HD void s3_vertex_point(const mmi_sk_points0_args *g, int64_t i, int64_t d, int f64)
{
    const mmi_sk_data *io = &g->data;
    sk_block blk = sk_block_of(i, d);
    int64_t v = blk.at, c0 = blk.c0, nf = g->vt.ptr[v + 1] - g->vt.ptr[v];
    double s[SK_BLOCK];
    int64_t sharp = lk_ring_sum(g, v, c0, blk.w, d, f64, s);
    uint32_t kind = mmi_kind_of(nf, mmi_vertex_rule_of(nf, sharp, 0));
    for (int j = 0; j < SK_BLOCK; ++j) {
        if (j >= blk.w) break;
        double out[2];
        s3_vertex_step(kind, 0, sk_load(io->P, f64, v * d + c0 + j), s[j], out);
        sk_store(io->Y, f64, v * d + c0 + j, out[0]);
        if (io->ring) sk_store(io->ring, f64, v * d + c0 + j, out[1]);
    }
    sk_keep_kind(io->ring, io->kinds, kind, v, c0);
}

/* Element i of level 1's points: the updated vertices (|V_0| blocks of
 * components) and then the face points, in one launch as Loop's
 * (lk_level0_point): the vertex rule reads only level 0's data. */
MM_HD void s3_level0_point(const mmi_sk_points0_args *g, int64_t i, int64_t d, int f64)
{
    int64_t vertices = g->x.nv * sk_blocks(d);
    if (i < vertices) s3_vertex_point(g, i, d, f64);
    else s3_face_point(g, i - vertices, d, f64);
}

#endif
