/* catmark_topology.h: the topology rules of the specialized Catmull-Clark
 * path (paper §4.1–4.2): level 0's edges from sorted (min, max) keys instead
 * of an SpGEMM (Alg. 2), and every refined level by formula from its parent
 * (Alg. 3), in DESIGN §3's numbering: no adjacency is rebuilt below level 0. */
#ifndef MESHMAT_KERNELS_CATMARK_TOPOLOGY_H
#define MESHMAT_KERNELS_CATMARK_TOPOLOGY_H

#include "catmark_kernels.h"

/* Alg. 2 for face f of level 0: each side κ → next(κ) gets the key (min <<
 * key_shift) | max, key_shift the width of a vertex id, so sorting the keys
 * orders the edges by (min, max) over no more bits than the ids take. */
MM_HD void sk_edge_keys(const mmi_sk_args *g, int64_t f)
{
    const mmi_sk_level *x = &g->lv[0];
    int64_t first = sk_start(x, f), end = sk_start(x, f + 1);
    for (int64_t k = first; k < end; ++k) {
        uint64_t a = x->verts[k], b = x->verts[k + 1 < end ? k + 1 : first];
        g->keys[k] = a < b ? (a << g->key_shift) | b : (b << g->key_shift) | a;
        g->key_corners[k] = (uint32_t)k;
    }
}

/* Level 0's corner → face array (mmi_sk_level's face_of) for face f. */
MM_HD void sk_face_of(const mmi_sk_args *g, int64_t f)
{
    const mmi_sk_level *x = &g->lv[0];
    for (int64_t k = sk_start(x, f), end = sk_start(x, f + 1); k < end; ++k)
        g->out_face_of[k] = (uint32_t)f;
}

/* Level 0's tables for its point rules (catmark_points.h), made once by a
 * build: each thread of those rules then finds what it gathers in one load
 * (a small cage's level-0 step was a chain of dependent loads per thread:
 * Mᵀ, the face's start, its corners, then the data). Ring step q: Mᵀ's
 * entry q, vertex v's face f and its corner κ there. */
MM_HD void sk_ring_step_rule(const mmi_sk_args *g, int64_t q)
{
    const mmi_sk_level *x = &g->lv[0];
    int64_t f = g->vt_faces[q];
    int64_t k = sk_start(x, f) + g->vt_slots[q] - 1, pk = sk_prev_in(x, f, k);
    mmi_sk_ring_step r = {x->verts[sk_next_in(x, f, k)], x->verts[pk], (uint32_t)f, x->side[k],
                          x->side[pk]};
    g->out_steps[q] = r;
}

/* Edge e's row: its ends a (its first side's corner) and b, and its sides'
 * faces (the second MMI_SK_NONE on the boundary). */
MM_HD void sk_edge_row(const mmi_sk_args *g, int64_t e)
{
    const mmi_sk_level *x = &g->lv[0];
    uint32_t s0 = x->edge_sides[2 * e], s1 = x->edge_sides[2 * e + 1];
    uint32_t *r = g->out_edge_rows + 4 * e;
    r[0] = x->verts[s0];
    r[1] = x->verts[sk_next(x, s0)];
    r[2] = (uint32_t)sk_face(x, s0);
    r[3] = s1 == MMI_SK_NONE ? MMI_SK_NONE : (uint32_t)sk_face(x, s1);
}

/* The ends of an edge key: min and max. */
MM_HD uint32_t sk_key_min(const mmi_sk_args *g, uint64_t key)
{
    return (uint32_t)(key >> g->key_shift);
}

MM_HD uint32_t sk_key_max(const mmi_sk_args *g, uint64_t key)
{
    return (uint32_t)(key & ((((uint64_t)1) << g->key_shift) - 1));
}

MM_HD void sk_edge_heads(const mmi_sk_args *g, int64_t p)
{
    g->key_ids[p] = p == 0 || g->keys[p] != g->keys[p - 1];
}

/* Sorted position p breaks an input rule of docs/schemes.md that the sort
 * shows: a side i → i, a third side on one edge (non-manifold), or a second
 * side running the same way as the first (inconsistent orientation). */
MM_HD int sk_side_suspect(const mmi_sk_args *g, int64_t p, int first, int backward)
{
    uint64_t key = g->keys[p];
    if (sk_key_min(g, key) == sk_key_max(g, key)) return 1;
    if (first) return 0;
    if (p >= 2 && g->keys[p - 2] == key) return 1;
    uint32_t other = g->key_corners[p - 1];
    return (g->lv[0].verts[other] != sk_key_min(g, key)) == backward;
}

/* Sorted position p, after the scan of the heads (key_ids = 1 + edge id): the
 * side code of its corner, its slot among the edge's sides, and at the first
 * side the edge's ends (a, b) = (min, max). One side alone: a boundary edge. */
MM_HD void sk_edge_emit(const mmi_sk_args *g, int64_t p)
{
    uint64_t key = g->keys[p];
    uint32_t e = g->key_ids[p] - 1, k = g->key_corners[p], a = sk_key_min(g, key);
    int first = p == 0 || g->keys[p - 1] != key;
    int last = p + 1 == g->count || g->keys[p + 1] != key;
    int boundary = first && last, backward = g->lv[0].verts[k] != a;
    g->out_side[k] = (e << 2) | (uint32_t)boundary << 1 | (uint32_t)backward;
    if (g->suspect && sk_side_suspect(g, p, first, backward)) *g->suspect = 1;
    g->out_edge_sides[2 * (int64_t)e + !first] = k;
    if (boundary) g->out_edge_sides[2 * (int64_t)e + 1] = MMI_SK_NONE;
    if (first && g->ends) {
        g->ends[2 * (int64_t)e] = a;
        g->ends[2 * (int64_t)e + 1] = sk_key_max(g, key);
    }
    if (p + 1 == g->count && g->edge_count) *g->edge_count = e + 1;
}

/* The other side of corner κ's side at level 0 (MMI_SK_NONE on the boundary). */
MM_HD uint32_t sk_twin(const mmi_sk_level *x, uint32_t k)
{
    uint32_t s = x->side[k];
    if (sk_on_boundary(s)) return MMI_SK_NONE;
    const uint32_t *es = x->edge_sides + 2 * (int64_t)(s >> 2);
    return es[0] == k ? es[1] : es[0];
}

/* Vertex v of level 0 against the input rules the sort cannot show: a face
 * listing v twice (Mᵀ's column holds it twice, next to each other: its faces
 * are in order), and v's corners in more than one fan. Where the edges are
 * sound (two opposite sides at most), the fan of a corner at v is walked
 * across its out side (κ → next(twin(κ))), then, stopped by the boundary,
 * across its in side (κ → twin(prev(κ))); v is manifold when the walk meets
 * all its corners. Steps are capped, so unsound edges cannot trap the walk. */
MM_HD void sk_check_fan(const mmi_sk_args *g, int64_t v)
{
    const mmi_sk_level *x = &g->lv[0];
    int64_t first = g->vt_ptr[v], n = g->vt_ptr[v + 1] - first, seen = 1;
    if (n == 0) return;
    for (int64_t q = first + 1; q < first + n; ++q)
        if (g->vt_faces[q] == g->vt_faces[q - 1]) *g->suspect = 1;
    uint32_t start = (uint32_t)(sk_start(x, g->vt_faces[first]) + g->vt_slots[first] - 1);
    uint32_t k = start, t;
    int closed = 0;
    while (seen <= n && (t = sk_twin(x, k)) != MMI_SK_NONE) {
        k = (uint32_t)sk_next(x, t);
        if ((closed = k == start)) break;
        ++seen;
    }
    for (k = start; !closed && seen <= n && (t = sk_twin(x, (uint32_t)sk_prev(x, k))) != MMI_SK_NONE;
         ++seen)
        k = t;
    if (seen != n) *g->suspect = 1;
}

/* Edge j of quad κ's sides (sk_quad_of's s[j] >> 2) from κ's out and in side
 * codes so and si and its previous corner π, without an array (a run-time
 * index into one would put it in local memory on the device). */
MM_HD uint32_t sk_quad_edge(uint32_t so, uint32_t si, uint32_t spokes, uint32_t k, uint32_t p, int j)
{
    return j == 0   ? 2 * (so >> 2) + (so & 1)
           : j == 1 ? spokes + k
           : j == 2 ? spokes + p
                    : 2 * (si >> 2) + 1 - (si & 1);
}

/* Alg. 3 for corner κ of level l (face f, previous corner π, out edge e_o,
 * in edge e_i): refined quad κ = (v_κ, ep(e_o), fp(f), ep(e_i)) (eq. 12,
 * DESIGN §3) into q, and its side codes into s: its sides lie on edge 2e_o or
 * 2e_o + 1 (the half of e_o at v_κ, same direction), spoke 2|E| + κ
 * (forward), spoke 2|E| + π (backward) and the half of e_i at v_κ. */
MM_HD void sk_quad_of(const mmi_sk_level *x, int64_t k, uint32_t q[4], uint32_t s[4])
{
    int64_t p = sk_prev(x, k);
    uint32_t so = x->side[k], si = x->side[p], spokes = (uint32_t)(2 * x->ne);
    uint32_t base = (uint32_t)(x->nv + x->nf);
    q[0] = x->verts[k];
    q[1] = base + (so >> 2);
    q[2] = (uint32_t)(x->nv + sk_face(x, k));
    q[3] = base + (si >> 2);
    for (int j = 0; j < 4; ++j) {
        uint32_t bits = j == 0 ? so & 3 : j == 1 ? 0 : j == 2 ? 1 : si & 3;
        s[j] = sk_quad_edge(so, si, spokes, (uint32_t)k, (uint32_t)p, j) << 2 | bits;
    }
}

/* Four ids to a 16-byte aligned place: one vector store on the device. */
MM_HD void sk_store4(uint32_t *dst, uint32_t a, uint32_t b, uint32_t c, uint32_t e)
{
#ifdef __CUDA_ARCH__
    *(uint4 *)dst = make_uint4(a, b, c, e);
#else
    dst[0] = a, dst[1] = b, dst[2] = c, dst[3] = e;
#endif
}

/* The sides of level l + 1's edges that corner κ of level l (next corner ν)
 * refines, by formula: spoke 2|E| + κ lies on side 1 of quad κ (forward) and
 * side 2 of quad ν; the half of κ's out edge e at v_κ, 2e + b (b: κ's side
 * is backward), on side 0 of quad κ, the half at v_ν on side 3 of quad ν,
 * both running as κ's side does. Side j of quad κ is corner 4κ + j. Each
 * half edge lists its forward side first, its boundary side alone. */
MM_HD void sk_child_edge_sides(const mmi_sk_level *x, int64_t k, uint32_t *out)
{
    uint32_t so = x->side[k], e = so >> 2, b = so & 1, boundary = (so >> 1) & 1;
    uint32_t slot = boundary ? 0 : b, nu = (uint32_t)sk_next(x, k), kk = (uint32_t)k;
    int64_t spoke = 2 * x->ne + k, near = 2 * (int64_t)e + b, far = 2 * (int64_t)e + 1 - b;
    out[2 * spoke] = 4 * kk + 1;
    out[2 * spoke + 1] = 4 * nu + 2;
    out[2 * near + slot] = 4 * kk;
    out[2 * far + slot] = 4 * nu + 3;
    if (boundary) out[2 * near + 1] = out[2 * far + 1] = MMI_SK_NONE;
}

MM_HD void sk_child_corner(const mmi_sk_child_args *g, int64_t k)
{
    mmi_sk_level x = g->lv[g->level]; /* a copy: its fields load once */
    uint32_t q[4], s[4];
    sk_quad_of(&x, k, q, s);
    sk_store4(g->out_faces + 4 * k, q[0], q[1], q[2], q[3]);
    if (g->out_side) sk_store4(g->out_side + 4 * k, s[0], s[1], s[2], s[3]);
    if (g->out_edge_sides) sk_child_edge_sides(&x, k, g->out_edge_sides);
}

/* Quad c = 4κ + j of level l + 1 from level l − 1 alone: corner j of quad κ
 * of level l (sk_quad_of) and its two sides give quad c by Alg. 3 again, so
 * level l's M and side codes are never stored (the last step of the fused
 * route). */
MM_HD void sk_grandchild_quad(const mmi_sk_points_args *g, int64_t c)
{
    mmi_sk_level x = g->lv[g->level - 1]; /* a copy: its fields load once */
    int64_t k = c >> 2, p = sk_prev(&x, k);
    int j = (int)(c & 3);
    uint32_t so = x.side[k], si = x.side[p], spokes = (uint32_t)(2 * x.ne);
    uint32_t base = (uint32_t)(x.nv + x.nf), nv = (uint32_t)g->lv[g->level].nv;
    uint32_t ybase = nv + (uint32_t)g->lv[g->level].nf;
    uint32_t v = j == 0   ? x.verts[k]
                 : j == 1 ? base + (so >> 2)
                 : j == 2 ? (uint32_t)(x.nv + sk_face(&x, k))
                          : base + (si >> 2);
    sk_store4(g->out_faces + 4 * c, v, ybase + sk_quad_edge(so, si, spokes, (uint32_t)k, (uint32_t)p, j),
              nv + (uint32_t)k, ybase + sk_quad_edge(so, si, spokes, (uint32_t)k, (uint32_t)p, (j + 3) & 3));
}

/* The elements of sk_grandchild_quad: level l + 1's quads, one per corner
 * of level l. */
MM_HD int64_t sk_grandchild_count(const mmi_sk_points_args *g)
{
    return g->lv[g->level].nnz;
}

#endif
