/* catmark_points.h: the vertex-data rules of the specialized Catmull-Clark
 * path (paper §4.3, Alg. 4–9): face points, edge points and updated vertices
 * of level l + 1 from level l's data, each a gather (no atomics: bitwise
 * deterministic, DESIGN §3). The updated vertices find their faces by formula
 * from the level each vertex was born at, not from a rebuilt adjacency. */
#ifndef MESHMAT_KERNELS_CATMARK_POINTS_H
#define MESHMAT_KERNELS_CATMARK_POINTS_H

#include "../rules/catmark_masks.h"
#include "catmark_kernels.h"

/* Components are accumulated in blocks of this many (any d); the loops over
 * a block have this constant bound so the sums stay in registers. */
#define SK_BLOCK 4

/* Face point f = the mean of its corners (eq. 3, Alg. 4): Y row |V| + f. */
MM_HD void sk_face_point(const mmi_sk_points0_args *g, int64_t f)
{
    const mmi_sk_level *x = &g->x;
    const mmi_sk_data *io = &g->data;
    int64_t first = sk_start(x, f), end = sk_start(x, f + 1), d = io->d;
    double inv = mmi_catmark_face_weight(end - first);
    for (int64_t c = 0; c < d; ++c) {
        double sum = 0.0;
        for (int64_t k = first; k < end; ++k) sum += sk_load(io->P, io->f64, x->verts[k] * d + c);
        sk_store(io->Y, io->f64, (x->nv + f) * d + c, sum * inv);
    }
}

/* Edge point e (Alg. 5) from its two sides' faces (their points already in
 * Y), or from its ends alone on a boundary edge (§5.3): mmi_catmark_edge_mask. */
MM_HD void sk_edge_point(const mmi_sk_points0_args *g, int64_t e)
{
    const mmi_sk_level *x = &g->x;
    const mmi_sk_data *io = &g->data;
    uint32_t s0 = x->edge_sides[2 * e], s1 = x->edge_sides[2 * e + 1];
    int64_t d = io->d, a = x->verts[s0] * d, b = x->verts[sk_next(x, s0)] * d;
    int64_t y = (x->nv + x->nf + e) * d;
    mmi_edge_mask m = mmi_catmark_edge_mask(s1 == MMI_SK_NONE);
    if (s1 == MMI_SK_NONE) {
        for (int64_t c = 0; c < d; ++c)
            sk_store(io->Y, io->f64, y + c,
                     m.end * (sk_load(io->P, io->f64, a + c) + sk_load(io->P, io->f64, b + c)));
        return;
    }
    int64_t f0 = (x->nv + sk_face(x, s0)) * d, f1 = (x->nv + sk_face(x, s1)) * d;
    for (int64_t c = 0; c < d; ++c)
        sk_store(io->Y, io->f64, y + c,
                 m.end * (sk_load(io->P, io->f64, a + c) + sk_load(io->P, io->f64, b + c)) +
                     m.side * (sk_load(io->Y, io->f64, f0 + c) + sk_load(io->Y, io->f64, f1 + c)));
}

/* Updated vertex v of level 0 (§4.3), a gather over its column of Mᵀ with
 * one neighbour per face (the next corner): its rule from the boundary edges
 * the same walk meets (mmi_vertex_rule_of), its weights from
 * mmi_catmark_vertex_mask, applied to the sums of its edge neighbours, its
 * face points and its boundary neighbours. With a ring, also v's kind and its ring sums at
 * level 1 for catmark_quad_points.h: S1 = Σ of its new edge points (the two
 * boundary ones on the boundary), S2 = Σ of its new face points, both
 * already in Y. */
MM_HD void sk_vertex_point(const mmi_sk_points0_args *g, int64_t v)
{
    const mmi_sk_level *x = &g->x;
    const mmi_sk_data *io = &g->data;
    int64_t d = io->d, first = g->vt.ptr[v], nf = g->vt.ptr[v + 1] - first;
    int64_t eb = x->nv + x->nf;
    for (int64_t c0 = 0; c0 < d; c0 += SK_BLOCK) {
        int w = d - c0 < SK_BLOCK ? (int)(d - c0) : SK_BLOCK;
        double ring[SK_BLOCK] = {0.0}, faces[SK_BLOCK] = {0.0}, rim[SK_BLOCK] = {0.0};
        double s1[SK_BLOCK] = {0.0}, rim1[SK_BLOCK] = {0.0};
        int64_t sharp = 0;
        for (int64_t i = 0; i < nf; ++i) {
            int64_t q = first + i, f = g->vt.faces[q];
            int64_t k = sk_start(x, f) + g->vt.slots[q] - 1, pk = sk_prev_in(x, f, k);
            int64_t out = x->verts[sk_next_in(x, f, k)] * d + c0, in = x->verts[pk] * d + c0;
            int64_t fp = (x->nv + f) * d + c0;
            int64_t ep_out = (eb + (x->side[k] >> 2)) * d + c0;
            int64_t ep_in = (eb + (x->side[pk] >> 2)) * d + c0;
            int b_out = (x->side[k] >> 1) & 1, b_in = (x->side[pk] >> 1) & 1;
            sharp += b_out + b_in;
            for (int j = 0; j < SK_BLOCK; ++j) {
                if (j >= w) break;
                double p_out = sk_load(io->P, io->f64, out + j);
                ring[j] += p_out;
                faces[j] += sk_load(io->Y, io->f64, fp + j);
                if (b_out) rim[j] += p_out;
                if (b_in) rim[j] += sk_load(io->P, io->f64, in + j);
                if (!io->ring) continue;
                double e_out = sk_load(io->Y, io->f64, ep_out + j);
                s1[j] += e_out;
                if (b_out) rim1[j] += e_out;
                if (b_in) rim1[j] += sk_load(io->Y, io->f64, ep_in + j);
            }
        }
        mmi_vertex_rule rule = mmi_vertex_rule_of(nf, sharp, g->corners);
        mmi_vertex_mask m = mmi_catmark_vertex_mask(rule, (double)nf);
        for (int j = 0; j < SK_BLOCK; ++j) {
            if (j >= w) break;
            double p = sk_load(io->P, io->f64, v * d + c0 + j);
            sk_store(io->Y, io->f64, v * d + c0 + j,
                     m.vertex * p + m.edge * ring[j] + m.face * faces[j] + m.crease * rim[j]);
            if (!io->ring) continue;
            sk_store(io->ring, io->f64, v * 2 * d + c0 + j, sharp > 0 ? rim1[j] : s1[j]);
            sk_store(io->ring, io->f64, v * 2 * d + d + c0 + j, faces[j]);
        }
        if (io->ring && c0 == 0) io->kinds[v] = mmi_kind_of(nf, rule);
    }
}

#endif
