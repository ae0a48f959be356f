/* sqrt3_topology.h: the topology rules of the specialized √3 path (paper
 * Appendix A, Figure 12; Kobbelt §4 on the boundary): every refined level by
 * formula from its parent in the generic path's numbering (DESIGN §3,
 * docs/schemes.md), one thread per refined triangle (per parent for the
 * last level, whose parent is never stored); no adjacency is rebuilt
 * below level 0 (edge_sort.h), the triangle across each side follows from
 * the parent's twins (MMI_SK_NONE on the boundary).
 *
 * Corner t of level l (vertex k, side k → l in triangle f = t / 3, twin τ,
 * h = τ / 3; b the boundary corner of a boundary triangle) makes triangle t
 * of level l + 1 = (k, pt(τ), pt(t)), pt(κ) the point triangle κ / 3 places
 * beside κ's side: the flip of edge kl is implicit. pt(κ) = fp(κ / 3) =
 * |V| + κ / 3, except on the odd levels of an open mesh (bcount set), where
 * a boundary triangle (p, q, c) (boundary side p → q, exactly one) has x =
 * fp beside c → p and p → q, and y = |V| + |F| + rank beside q → c. A
 * boundary corner (τ = NONE) makes (k, l, fp(f)) on even levels, the middle
 * (x, y, c) on odd ones. Twins of level l + 1 (s3_child_twin, derived side
 * by side in docs/schemes.md):
 *
 *   even | 3t: 3 next(τ) + 2, NONE on the boundary; 3t + 1: 3τ + 1, or
 *        | 3 next(t) + 2 on the boundary; 3t + 2: 3 twin(prev(t)), or
 *        | 3 prev(t) + 1 when prev(t)'s side is on the boundary.
 *   odd  | inside: 3t: 3 prev(τ) + 1 when τ = next(b_h) (side c → y),
 *        | NONE when τ = prev(b_h) (p → x), else 3 next(τ) + 2; 3t + 1: 3τ + 1;
 *        | 3t + 2: NONE when t = next(b) (y → q), 3 next(t) + 2 when t =
 *        | prev(b) (x → c), else 3 twin(prev(t)). Boundary corner b: NONE,
 *        | 3 twin(next(b)), 3 prev(b) + 2.
 *
 * On a closed mesh every formula is the first one of its case. */
#ifndef MESHMAT_KERNELS_SQRT3_TOPOLOGY_H
#define MESHMAT_KERNELS_SQRT3_TOPOLOGY_H

#include "sqrt3_kernels.h"

/* Corner t of a level with its triangle: the vertices and twins of t,
 * next(t) and prev(t) (fields, not an array, so that a thread's registers
 * hold them whatever t's position in its triangle). */
typedef struct s3_corner {
    int64_t t;
    uint32_t v, vn, vp, tw, twn, twp;
} s3_corner;

/* The boundary triangles of level x split (its odd levels of an open mesh). */
MM_HD int s3_splits(const mmi_s3_level *x)
{
    return x->bcount != NULL;
}

/* Corner t as read from level x. Where x does not split, the formulas below
 * read only v, tw, twp and, on the boundary, vn: the other fields stay 0
 * and are not loaded (closed meshes then load what they did before the
 * boundary rule: the topology rules are bound by these loads). */
MM_HD s3_corner s3_load_corner(const mmi_s3_level *x, int64_t t)
{
    int64_t n = lk_next(t), p = lk_prev(t);
    s3_corner a = {t, x->verts[t], 0, 0, s3_twin(x, t), 0, s3_twin(x, p)};
    if (a.tw == MMI_SK_NONE || s3_splits(x)) a.vn = x->verts[n];
    if (s3_splits(x)) a.vp = x->verts[p], a.twn = s3_twin(x, n);
    return a;
}

/* y of boundary triangle f of a splitting level. */
MM_HD uint32_t s3_y_point(const mmi_s3_level *x, int64_t f)
{
    return (uint32_t)(x->nv + x->nf + x->bcount[f] - 1);
}

/* pt(a): y when a's side is q → c (prev(a)'s side is the boundary) on a
 * splitting level, else fp(a / 3). */
MM_HD uint32_t s3_point(const mmi_s3_level *x, const s3_corner *a)
{
    if (s3_splits(x) && a->twp == MMI_SK_NONE) return s3_y_point(x, lk_tri_of(a->t));
    return (uint32_t)(x->nv + lk_tri_of(a->t));
}

/* Whether b, the corner across a's side, is read: on a splitting level,
 * inside. */
MM_HD int s3_reads_across(const mmi_s3_level *x, const s3_corner *a)
{
    return s3_splits(x) && a->tw != MMI_SK_NONE;
}

/* The corner across a's side where s3_reads_across, else a itself (unread). */
MM_HD s3_corner s3_across(const mmi_s3_level *x, const s3_corner *a)
{
    return s3_reads_across(x, a) ? s3_load_corner(x, a->tw) : *a;
}

/* Vertex j of triangle a->t of level l + 1 (the header's formula; b the
 * corner across, s3_across). */
MM_HD uint32_t s3_child_vertex(const mmi_s3_level *x, const s3_corner *a, const s3_corner *b,
                               int j)
{
    int inside = a->tw != MMI_SK_NONE;
    if (!s3_splits(x)) {
        if (j == 0) return a->v;
        if (j == 1) return inside ? (uint32_t)x->nv + a->tw / 3 : a->vn;
        return (uint32_t)(x->nv + lk_tri_of(a->t));
    }
    if (inside) return j == 0 ? a->v : j == 1 ? s3_point(x, b) : s3_point(x, a);
    if (j == 0) return (uint32_t)(x->nv + lk_tri_of(a->t));
    return j == 1 ? s3_y_point(x, lk_tri_of(a->t)) : a->vp;
}

/* The twin of corner 3 a->t + j of level l + 1 (the header's formula). */
MM_HD uint32_t s3_child_twin(const mmi_s3_level *x, const s3_corner *a, const s3_corner *b, int j)
{
    const uint32_t N = MMI_SK_NONE;
    uint32_t next = (uint32_t)lk_next(a->t), prev = (uint32_t)lk_prev(a->t);
    if (!s3_splits(x)) {
        if (j == 0) return a->tw != N ? 3 * (uint32_t)lk_next(a->tw) + 2 : N;
        if (j == 1) return a->tw != N ? 3 * a->tw + 1 : 3 * next + 2;
        return a->twp != N ? 3 * a->twp : 3 * prev + 1;
    }
    if (a->tw == N) return j == 0 ? N : j == 1 ? 3 * a->twn : 3 * prev + 2;
    if (j == 0)
        return b->twp == N ? 3 * (uint32_t)lk_prev(a->tw) + 1
               : b->twn == N ? N
                             : 3 * (uint32_t)lk_next(a->tw) + 2;
    if (j == 1) return 3 * a->tw + 1;
    return a->twp == N ? N : a->twn == N ? 3 * next + 2 : 3 * a->twp;
}

/* Corner 3 a->t + j of level l + 1 with its triangle (a level that is never
 * stored, read by formula). */
MM_HD s3_corner s3_child_corner(const mmi_s3_level *x, const s3_corner *a, const s3_corner *b,
                                int j)
{
    int n = lk_slot_next(j), p = lk_slot_prev(j);
    s3_corner c = {3 * a->t + j,
                   s3_child_vertex(x, a, b, j),
                   s3_child_vertex(x, a, b, n),
                   s3_child_vertex(x, a, b, p),
                   s3_child_twin(x, a, b, j),
                   s3_child_twin(x, a, b, n),
                   s3_child_twin(x, a, b, p)};
    return c;
}

/* Corner T of level l from level x = l − 1 alone. */
MM_HD s3_corner s3_corner_below(const mmi_s3_level *x, int64_t T)
{
    s3_corner a = s3_load_corner(x, lk_tri_of(T)), b = s3_across(x, &a);
    return s3_child_corner(x, &a, &b, lk_slot_of(T));
}

/* Corner u of level w, loaded, or where w's topology is not stored (the
 * fused route's last step on a closed mesh reads level L − 3 instead of
 * L − 2: specialized_driver.c's folds) made from the level v above it. */
MM_HD s3_corner s3_corner_at(const mmi_s3_level *v, const mmi_s3_level *w, int64_t u)
{
    return w->verts ? s3_load_corner(w, u) : s3_corner_below(v, u);
}

/* The side code of corner 3t + j one level down (t = a->t, so = side[t]),
 * in the generic path's edge numbering (DESIGN §3): the spoke |E| + κ =
 * (v_κ, pt(κ)) runs from its vertex (on a splitting level's boundary corner
 * the middle third (x, y)); the flipped edge e = (pt(a_e → b_e), pt(b_e →
 * a_e)) runs against t's side on e; a boundary edge stays (even) or keeps
 * its first third (p, x) (odd); |E| + nnz + rank is (c, y). */
MM_HD uint32_t s3_child_side(const mmi_s3_level *x, const s3_corner *a, const s3_corner *b, int j)
{
    const uint32_t N = MMI_SK_NONE;
    int64_t t = a->t;
    uint32_t so = x->side[t], ne = (uint32_t)x->ne, flip = (so & ~1u) | (1u - (so & 1u));
    uint32_t extra = (uint32_t)(x->ne + 3 * x->nf) - 1;
    if (!s3_splits(x)) {
        if (j == 0) return a->tw != N ? (ne + (uint32_t)lk_next(a->tw)) << 2 : so;
        if (j == 1) return a->tw != N ? flip : (ne + (uint32_t)lk_next(t)) << 2;
        return (ne + (uint32_t)t) << 2 | 1u;
    }
    if (a->tw == N) {
        if (j == 0) return (ne + (uint32_t)t) << 2 | 2u;
        if (j == 1) return (extra + x->bcount[lk_tri_of(t)]) << 2 | 1u;
        return (ne + (uint32_t)lk_prev(t)) << 2;
    }
    if (j == 0) {
        if (b->twp == N) return (extra + x->bcount[a->tw / 3]) << 2;
        if (b->twn == N) return x->side[lk_next(a->tw)] & ~1u;
        return (ne + (uint32_t)lk_next(a->tw)) << 2;
    }
    if (j == 1) return flip;
    return (ne + (uint32_t)t) << 2 | 1u | (a->twp == N ? 2u : 0u);
}

/* Triangle t of level l + 1 from corner t of level l, and below the last
 * level its twins and (in a build) its side codes. */
MM_HD void s3_child_tri(const mmi_s3_child_args *g, int64_t t)
{
    const mmi_s3_level *x = &g->lv[g->level];
    s3_corner a = s3_load_corner(x, t), b = s3_across(x, &a);
    for (int j = 0; j < 3; ++j) g->out_faces[3 * t + j] = s3_child_vertex(x, &a, &b, j);
    if (g->out_twin)
        for (int j = 0; j < 3; ++j) g->out_twin[3 * t + j] = s3_child_twin(x, &a, &b, j);
    if (g->out_side)
        for (int j = 0; j < 3; ++j) g->out_side[3 * t + j] = s3_child_side(x, &a, &b, j);
}

/* The words of s3_grandchild_tris: 3 triangles. */
#define S3_GRANDCHILD_WORDS 9

/* Triangles 3u … 3u + 2 of level l + 1 from corner u of level w = l − 1
 * alone (x: level l's counts and bcount; v: level l − 2, read where w is
 * not stored, s3_corner_at), to out[0 … 8]: u's triangle of level l, its
 * corners 3u + j (s3_child_corner) and, on a splitting level l, the corner
 * across each (by s3_corner_below), then each corner's own child, so level
 * l's M and twins are never stored (the last step of the fused route). A
 * caller that knows neither level splits may pass copies with bcount NULL:
 * the compiler then drops the splitting rules. */
MM_HD void s3_grandchild_tris(const mmi_s3_level *v, const mmi_s3_level *w,
                              const mmi_s3_level *x, int64_t u, uint32_t *out)
{
    s3_corner p = s3_corner_at(v, w, u), q = s3_across(w, &p);
    for (int j = 0; j < 3; ++j) {
        s3_corner a = s3_child_corner(w, &p, &q, j), b = a;
        if (s3_reads_across(x, &a)) b = s3_corner_below(w, a.tw);
        for (int m = 0; m < 3; ++m) out[3 * j + m] = s3_child_vertex(x, &a, &b, m);
    }
}

/* Level l + 1's edges (the generic path's sqrt3_child_edge) by their owners
 * among level l's corners: corner κ writes its spoke |E| + κ = (v_κ, pt(κ)),
 * on a splitting level's boundary the middle third (x, y); the edge e of
 * its side when the side runs a_e → b_e or lies on the boundary: the flip
 * (pt(κ), pt(τ)), or the edge itself (even), or its first third (p, x)
 * (odd); and on a splitting level's boundary |E| + nnz + rank = (c, y). */
MM_HD void s3_child_ends(const mmi_s3_child_args *g, int64_t k)
{
    const mmi_s3_level *x = &g->lv[g->level];
    s3_corner a = s3_load_corner(x, k);
    uint32_t so = x->side[k], fp = (uint32_t)(x->nv + lk_tri_of(k)), back = so & 1u;
    uint32_t *spoke = g->out_ends + 2 * (x->ne + k), *e = g->out_ends + 2 * (int64_t)(so >> 2);
    int split = s3_splits(x) && a.tw == MMI_SK_NONE;
    spoke[0] = split ? fp : a.v;
    spoke[1] = split ? s3_y_point(x, lk_tri_of(k)) : s3_point(x, &a);
    if (a.tw != MMI_SK_NONE) {
        if (back) return;
        s3_corner b = s3_across(x, &a);
        e[0] = spoke[1];
        e[1] = s3_splits(x) ? s3_point(x, &b) : (uint32_t)x->nv + a.tw / 3;
    } else if (!s3_splits(x)) {
        e[0] = back ? a.vn : a.v;
        e[1] = back ? a.v : a.vn;
    } else {
        uint32_t *cy = g->out_ends + 2 * (x->ne + 3 * x->nf + x->bcount[lk_tri_of(k)] - 1);
        e[0] = a.v, e[1] = fp;
        cy[0] = a.vp, cy[1] = spoke[1];
    }
}

/* BOUNDARY_FLAGS: whether corner κ's side is on the boundary (the triangle
 * κ of level l + 1 is a boundary triangle, counted by a scan into bcount). */
MM_HD void s3_boundary_flag(const mmi_s3_child_args *g, int64_t k)
{
    g->out_flags[k] = s3_twin(&g->lv[g->level], k) == MMI_SK_NONE;
}

#endif
