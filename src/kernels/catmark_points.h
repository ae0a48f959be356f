/* catmark_points.h: the vertex-data rules of the specialized Catmull-Clark
 * path (paper §4.3, Alg. 4–9): face points, edge points and updated vertices
 * of level l + 1 from level l's data, each a gather (no atomics: bitwise
 * deterministic, DESIGN §3). The updated vertices find their faces by formula
 * from the level each vertex was born at, not from a rebuilt adjacency. */
#ifndef MESHMAT_KERNELS_CATMARK_POINTS_H
#define MESHMAT_KERNELS_CATMARK_POINTS_H

#include "../rules/catmark_masks.h"
#include "catmark_kernels.h"

/* Face point f = the mean of its corners (eq. 3, Alg. 4): Y row |V| + f,
 * block i of the launch (sk_block_of: f and its components [c0, c0 + w)).
 * The loads come before the stores: Y may alias P for all the compiler
 * knows, so a store between them would make each component wait for the
 * previous one's loads (a latency each on a small cage's GPU step). */
MM_HD void sk_face_point(const mmi_sk_points0_args *g, int64_t i, int64_t d, int f64)
{
    const mmi_sk_level *x = &g->x;
    const mmi_sk_data *io = &g->data;
    sk_block b = sk_block_of(i, d);
    int64_t f = b.at, first = sk_start(x, f), end = sk_start(x, f + 1);
    double inv = mmi_catmark_face_weight(end - first);
    double sum[SK_BLOCK] = {0.0};
    for (int64_t k = first; k < end; ++k) {
        int64_t r = x->verts[k] * d + b.c0;
        for (int j = 0; j < SK_BLOCK && j < b.w; ++j) sum[j] += sk_load(io->P, f64, r + j);
    }
    for (int j = 0; j < SK_BLOCK && j < b.w; ++j)
        sk_store(io->Y, f64, (x->nv + f) * d + b.c0 + j, sum[j] * inv);
}

/* Edge point e (Alg. 5) from its two sides' faces (their points already in
 * Y), or from its ends alone on a boundary edge (§5.3): mmi_catmark_edge_mask.
 * Its ends and faces come from the build's row of e (sk_edge_row); the sum
 * is sk_edge_sum's. Block i of the launch (sk_block_of: e and a block of its
 * components). */
MM_HD void sk_edge_point(const mmi_sk_points0_args *g, int64_t i, int64_t d, int f64)
{
    const mmi_sk_level *x = &g->x;
    const mmi_sk_data *io = &g->data;
    sk_block blk = sk_block_of(i, d);
    int64_t e = blk.at;
    const uint32_t *row = g->edge_rows + 4 * e;
    uint32_t ra = row[0], rb = row[1], r0 = row[2], r1 = row[3];
    int boundary = r1 == MMI_SK_NONE;
    int64_t a = ra * d, b = rb * d;
    int64_t y = (x->nv + x->nf + e) * d;
    int64_t f0 = (x->nv + r0) * d, f1 = boundary ? 0 : (x->nv + r1) * d;
    mmi_edge_mask m = mmi_catmark_edge_mask(boundary);
    sk_edge_sum(io->Y, y, io->P, a, b, io->Y, f0, f1, !boundary, m.end, m.side, blk, f64);
}

/* Updated vertex v of level 0 (§4.3), a gather over its column of Mᵀ with
 * one neighbour per face (the next corner): its rule from the boundary edges
 * the same walk meets (mmi_vertex_rule_of), its weights from
 * mmi_catmark_vertex_mask, applied to the sums of its edge neighbours, its
 * face points and its boundary neighbours. With a ring, also v's kind and its ring sums at
 * level 1 for catmark_quad_points.h: S1 = Σ of its new edge points (the two
 * boundary ones on the boundary), S2 = Σ of its new face points, both
 * already in Y. Each face's corners come from the build's ring step of its
 * entry (sk_ring_step_rule), SK_BLOCK faces' at a time before their data is
 * summed in order. Block i of the launch (sk_block_of: v and a block of its
 * components). */
MM_HD void sk_vertex_point(const mmi_sk_points0_args *g, int64_t i, int64_t d, int f64)
{
    const mmi_sk_level *x = &g->x;
    const mmi_sk_data *io = &g->data;
    sk_block blk = sk_block_of(i, d);
    int64_t v = blk.at, c0 = blk.c0;
    int w = blk.w;
    int64_t first = g->vt.ptr[v], nf = g->vt.ptr[v + 1] - first;
    int64_t eb = x->nv + x->nf;
    double ring[SK_BLOCK] = {0.0}, faces[SK_BLOCK] = {0.0}, rim[SK_BLOCK] = {0.0};
    double s1[SK_BLOCK] = {0.0}, rim1[SK_BLOCK] = {0.0};
    int64_t sharp = 0;
    for (int64_t i0 = 0; i0 < nf; i0 += SK_BLOCK) {
        mmi_sk_ring_step at[SK_BLOCK];
        for (int b = 0; b < SK_BLOCK; ++b)
            if (i0 + b < nf) at[b] = g->vt.steps[first + i0 + b];
        for (int b = 0; b < SK_BLOCK && i0 + b < nf; ++b) {
            int64_t out = at[b].out * d + c0, in = at[b].in * d + c0;
            int64_t fp = (x->nv + at[b].f) * d + c0;
            int64_t ep_out = (eb + (at[b].so >> 2)) * d + c0;
            int64_t ep_in = (eb + (at[b].si >> 2)) * d + c0;
            int b_out = (at[b].so >> 1) & 1, b_in = (at[b].si >> 1) & 1;
            sharp += b_out + b_in;
            for (int j = 0; j < SK_BLOCK && j < w; ++j) {
                double p_out = sk_load(io->P, f64, out + j);
                ring[j] += p_out;
                faces[j] += sk_load(io->Y, f64, fp + j);
                if (b_out) rim[j] += p_out;
                if (b_in) rim[j] += sk_load(io->P, f64, in + j);
                if (!io->ring) continue;
                double e_out = sk_load(io->Y, f64, ep_out + j);
                s1[j] += e_out;
                if (b_out) rim1[j] += e_out;
                if (b_in) rim1[j] += sk_load(io->Y, f64, ep_in + j);
            }
        }
    }
    mmi_vertex_rule rule = mmi_vertex_rule_of(nf, sharp, g->corners);
    mmi_vertex_mask m = mmi_catmark_vertex_mask(rule, (double)nf);
    for (int j = 0; j < SK_BLOCK && j < w; ++j) {
        double p = sk_load(io->P, f64, v * d + c0 + j);
        sk_store(io->Y, f64, v * d + c0 + j,
                 m.vertex * p + m.edge * ring[j] + m.face * faces[j] + m.crease * rim[j]);
        if (!io->ring) continue;
        sk_store(io->ring, f64, v * 2 * d + c0 + j, sharp > 0 ? rim1[j] : s1[j]);
        sk_store(io->ring, f64, v * 2 * d + d + c0 + j, faces[j]);
    }
    sk_keep_kind(io->ring, io->kinds, mmi_kind_of(nf, rule), v, c0);
}

#endif
