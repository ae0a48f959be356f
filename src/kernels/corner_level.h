/* corner_level.h: what every specialized path (Catmull-Clark, Loop, √3) sees
 * of a level: its corners, the side code of each corner and the sides of
 * each edge (paper §4, Alg. 1–3; DESIGN §3), and vertex data loaded and
 * stored in either precision. Loop and √3 lay their triangle levels out the
 * same way (loop_kernels.h, sqrt3_kernels.h). */
#ifndef MESHMAT_KERNELS_CORNER_LEVEL_H
#define MESHMAT_KERNELS_CORNER_LEVEL_H

#include <stdint.h>

#include "../core/hd.h"

/* Levels 0 … 15: past that, 32-bit corner and edge ids overflow anyway. */
#define MMI_SK_MAX_LEVELS 16
/* No corner: the missing second side of a boundary edge. */
#define MMI_SK_NONE UINT32_MAX

/* A level as corners: corner κ is non-zero κ of M (level 0) or corner κ mod 4
 * of quad κ / 4 (levels ≥ 1; child face κ of level l + 1 is corner κ's).
 * side[κ] codes the side κ → next(κ): (edge << 2) | boundary << 1 | backward,
 * backward when it runs b_e → a_e. edge_sides[2e], [2e + 1]: the corners
 * whose sides lie on edge e (level 0: in the sort's order; below: forward
 * first), the second MMI_SK_NONE on a boundary edge. A level's arrays may be absent (NULL) when
 * no rule reads them: the counts alone are used. */
typedef struct mmi_sk_level {
    int64_t nv, nf, ne, nnz;
    const int64_t *ptr;          /* face starts, NULL when uniform > 0 (4 at levels ≥ 1) */
    int64_t uniform;
    const uint32_t *verts;       /* corner → vertex (M's rows)                         */
    const uint32_t *side;
    const uint32_t *edge_sides;
    const uint32_t *face_of;     /* level 0 of mixed orders (uniform 0): corner → face  */
    const uint32_t *across;      /* 2 |E| where a scheme keeps them (Loop): the
                                    edges on the sides before and after edge e's
                                    second side in its face (lk_across_edge)       */
} mmi_sk_level;

/* The element functions every specialized rule builds on: a face's corners
 * and their neighbours, and vertex data of either precision. */

MM_HD int64_t sk_start(const mmi_sk_level *x, int64_t f)
{
    return x->uniform > 0 ? x->uniform * f : x->ptr[f];
}

/* The face of corner κ: a shift or a division where the faces have one
 * order, else level 0's corner → face array (one load: a search in M's
 * pointer was a chain of dependent loads, the whole time of the small
 * cages' level-0 rules on a GPU). */
MM_HD int64_t sk_face(const mmi_sk_level *x, int64_t k)
{
    if (x->uniform == 4) return k >> 2;
    if (x->uniform > 0) return k / x->uniform;
    return x->face_of[k];
}

/* The corners after and before κ in its face f (Q_c and Q_c^{c−1} of eq. 5). */
MM_HD int64_t sk_next_in(const mmi_sk_level *x, int64_t f, int64_t k)
{
    if (x->uniform == 4) return (k & ~(int64_t)3) | ((k + 1) & 3);
    return k + 1 < sk_start(x, f + 1) ? k + 1 : sk_start(x, f);
}

MM_HD int64_t sk_prev_in(const mmi_sk_level *x, int64_t f, int64_t k)
{
    if (x->uniform == 4) return (k & ~(int64_t)3) | ((k + 3) & 3);
    return k > sk_start(x, f) ? k - 1 : sk_start(x, f + 1) - 1;
}

/* The same where κ's face is not at hand. */
MM_HD int64_t sk_next(const mmi_sk_level *x, int64_t k)
{
    return sk_next_in(x, x->uniform == 4 ? 0 : sk_face(x, k), k);
}

MM_HD int64_t sk_prev(const mmi_sk_level *x, int64_t k)
{
    return sk_prev_in(x, x->uniform == 4 ? 0 : sk_face(x, k), k);
}

/* Whether the side of code s lies on the boundary (its edge has no second
 * side). */
MM_HD int sk_on_boundary(uint32_t s)
{
    return (s & 2) != 0;
}

/* Whether the side of code s is the first its edge lists, the side whose
 * face writes the points on the edge: below level 0 an edge lists its
 * forward side first and a boundary side alone (sk_child_edge_sides,
 * lk_child_edge_sides), so the code tells without loading the edge's
 * sides. Level 0's lists are in the sort's order: there only they tell. */
MM_HD int sk_first_by_code(uint32_t s)
{
    return sk_on_boundary(s) || !(s & 1);
}

/* Vertex data of either type, computed in double. */
MM_HD double sk_load(const void *X, int f64, int64_t i)
{
    return f64 ? ((const double *)X)[i] : (double)((const float *)X)[i];
}

MM_HD void sk_store(void *X, int f64, int64_t i, double v)
{
    if (f64) ((double *)X)[i] = v;
    else ((float *)X)[i] = (float)v;
}

/* Vertex data X from its component i on: row r's component i is then entry
 * r d, one multiply-add per address where X[r d + i] took three. */
MM_HD char *sk_column(const void *X, int f64, int64_t i)
{
    return (char *)X + i * (f64 ? (int64_t)sizeof(double) : (int64_t)sizeof(float));
}

/* The level-0 gathers accumulate components in blocks of this many (any d);
 * the loops over a block have this constant bound so the sums stay in
 * registers. */
#define SK_BLOCK 4

/* Level 0's rules run one block of SK_BLOCK components a thread: element i
 * of their launch (of count × sk_blocks(d)) is element `at` = i /
 * sk_blocks(d)'s components [c0, c0 + w). A cage's level is small, and a
 * thread that ran every block of a wide row one after the other (each its
 * loads, then its stores) made level 0 the longest step of a small cage's
 * evaluation at d = 12. */
typedef struct sk_block {
    int64_t at, c0;
    int w;
} sk_block;

MM_HD int64_t sk_blocks(int64_t d)
{
    return (d + SK_BLOCK - 1) / SK_BLOCK;
}

MM_HD sk_block sk_block_of(int64_t i, int64_t d)
{
    int64_t n = sk_blocks(d);
    sk_block b = {i / n, i % n * SK_BLOCK, 0};
    b.w = d - b.c0 < SK_BLOCK ? (int)(d - b.c0) : SK_BLOCK;
    return b;
}

/* An edge point (Catmull-Clark's Alg. 5, Loop's eq. 30) into Y at y (the
 * offset of its component 0): end (A_a + A_b) + side (S_s0 + S_s1), the
 * side rows left out on the boundary (sides 0); a, b, s0, s1 offsets of
 * component 0; block b's components. They are loaded before any is stored:
 * Y may alias A and S for all the compiler knows, so a store between them
 * would make each component's loads wait for the previous one's store. */
MM_HD void sk_edge_sum(void *Y, int64_t y, const void *A, int64_t a, int64_t b, const void *S,
                       int64_t s0, int64_t s1, int sides, double end, double side, sk_block blk,
                       int f64)
{
    double v[SK_BLOCK];
    for (int j = 0; j < SK_BLOCK && j < blk.w; ++j) {
        int64_t c = blk.c0 + j;
        v[j] = end * (sk_load(A, f64, a + c) + sk_load(A, f64, b + c));
        if (sides) v[j] += side * (sk_load(S, f64, s0 + c) + sk_load(S, f64, s1 + c));
    }
    for (int j = 0; j < SK_BLOCK && j < blk.w; ++j) sk_store(Y, f64, y + blk.c0 + j, v[j]);
}

#endif
