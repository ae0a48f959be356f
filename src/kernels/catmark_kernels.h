/* catmark_kernels.h: Catmull-Clark's specialized path (paper §4, Alg. 1–9):
 * what its element rules see of a level (its corners, the edge of each side,
 * and at level 0 the sides of each edge), the arguments of every rule, and
 * the launchers: one rule per call over count elements on the context's
 * backend (catmark_kernels_cpu.c, catmark_kernels_cuda.cu); Alg. 2's level-0
 * edge enumeration sorts and scans with core/scan_sort.h. The rules are MM_HD
 * functions in catmark_topology.h, catmark_points.h (level 0) and
 * catmark_quad_points.h (levels ≥ 1). */
#ifndef MESHMAT_KERNELS_CATMARK_KERNELS_H
#define MESHMAT_KERNELS_CATMARK_KERNELS_H

#include <stdint.h>

#include "../core/hd.h"
#include "meshmat/context.h"

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
} mmi_sk_level;

typedef enum mmi_sk_rule {
    MMI_SK_EDGE_KEYS = 0,     /* f < |F_0|: the (min, max) key of each side (Alg. 2)   */
    MMI_SK_EDGE_HEADS = 1,    /* p < nnz_0: 1 where a new key starts in sorted order   */
    MMI_SK_EDGE_EMIT = 2,     /* p < nnz_0: level 0's side codes, edge sides and ends  */
    MMI_SK_CHILD_CORNERS = 3, /* κ < nnz_l: quad κ of level l + 1 (Alg. 3), its side
                                 codes and the sides of the edges on κ's sides     */
    MMI_SK_GRANDCHILD_QUADS = 4, /* c < 4 nnz_{l−1}: quad c of level l + 1 straight
                                 from level l − 1 (level l is never stored)         */
    MMI_SK_FACE_POINTS = 5,   /* f < |F_0|: eq. 3 (Alg. 4), level 0                     */
    MMI_SK_EDGE_POINTS = 6,   /* e < |E_0|: Alg. 5, midpoints on the boundary (§5.3)    */
    MMI_SK_VERTEX_POINTS = 7, /* v < |V_0|: eq. 9 / 11, eq. 20 on the boundary (§4.3),
                                 and v's ring sums at level 1                        */
    MMI_SK_CHECK_FANS = 8,    /* v < |V_0|: faces repeating v, v's corners in one fan   */
    MMI_SK_QUAD_POINTS = 9    /* l ≥ 1, i < (|F_{l−1}| + |V_{l−1}|) d: component c of
                                 level l + 1's points around face f of level l − 1
                                 for i = f d + c (face and spoke points, f's face
                                 vertex, the points on the edges whose first side
                                 is f's), then of vertex v of level l − 1 for
                                 i = (|F_{l−1}| + v) d + c (by its ring sums);
                                 with out_quads, GRANDCHILD_QUADS' quads too        */
} mmi_sk_rule;

typedef struct mmi_sk_args {
    int rule;
    int level;                         /* l: the level the rule reads                  */
    int corners;                       /* EDGE_AND_CORNER: one-face vertices stay put  */
    int64_t count;                     /* the number of elements of this call          */
    mmi_sk_level lv[MMI_SK_MAX_LEVELS]; /* levels 0 … l (the vertex rule reads them all) */
    const int64_t *vt_ptr;             /* Mᵀ of level 0: vertex → (face, 1-based slot)  */
    const uint32_t *vt_faces;
    const int32_t *vt_slots;
    uint64_t *keys;                    /* level-0 edge enumeration (Alg. 2)             */
    uint32_t *key_corners, *key_ids;
    int key_shift;                     /* a key is (min << key_shift) | max             */
    uint32_t *ends;                    /* EDGE_EMIT: level 0's (a_e, b_e), may be NULL  */
    uint32_t *out_quads;               /* CHILD_CORNERS, GRANDCHILD_QUADS: M rows;
                                          QUAD_POINTS: level l + 1's, or NULL         */
    uint32_t *out_side;                /* EDGE_EMIT, CHILD_CORNERS (may be NULL)        */
    uint32_t *out_edge_sides;          /* EDGE_EMIT, CHILD_CORNERS (may be NULL there)  */
    uint32_t *suspect;                 /* EDGE_EMIT, CHECK_FANS: set to 1 where level 0
                                          may break the input rules (may be NULL)      */
    uint32_t *edge_count;              /* EDGE_EMIT: |E_0|, from the last sorted side  */
    const void *P;                     /* level l's vertex data, |V_l| × d              */
    void *Y;                           /* level l + 1's, |V_{l+1}| × d                  */
    int64_t d;
    int f64;                           /* float64 data, else float32                    */
    void *ring;                        /* per vertex 2d ring sums (S1 then S2), P's type:
                                          read for the old vertices, written for the
                                          next level when ring_next                    */
    int ring_next;
    uint32_t *kinds;                   /* per vertex: mmi_kind_of (src/rules/masks.h)   */
} mmi_sk_args;

#ifdef __cplusplus
extern "C" {
#endif

/* The rule g->rule for every element i < g->count, on the context's backend. */
mm_status mmi_sk_run(mm_context ctx, const mmi_sk_args *g);
mm_status mmi_sk_run_cpu(mm_context ctx, const mmi_sk_args *g);
mm_status mmi_sk_run_cuda(mm_context ctx, const mmi_sk_args *g);

#ifdef __cplusplus
}
#endif

/* The element functions every rule builds on. */

MM_HD int64_t sk_start(const mmi_sk_level *x, int64_t f)
{
    return x->uniform > 0 ? x->uniform * f : x->ptr[f];
}

/* The face of corner κ: a shift at levels ≥ 1, a search in M's pointer at level 0. */
MM_HD int64_t sk_face(const mmi_sk_level *x, int64_t k)
{
    if (x->uniform == 4) return k >> 2;
    if (x->uniform > 0) return k / x->uniform;
    int64_t lo = 0, hi = x->nf;
    while (hi - lo > 1) {
        int64_t mid = lo + (hi - lo) / 2;
        if (x->ptr[mid] <= k) lo = mid;
        else hi = mid;
    }
    return lo;
}

/* The corners after and before κ in its face (Q_c and Q_c^{c−1} of eq. 5). */
MM_HD int64_t sk_next(const mmi_sk_level *x, int64_t k)
{
    if (x->uniform == 4) return (k & ~(int64_t)3) | ((k + 1) & 3);
    int64_t f = sk_face(x, k);
    return k + 1 < sk_start(x, f + 1) ? k + 1 : sk_start(x, f);
}

MM_HD int64_t sk_prev(const mmi_sk_level *x, int64_t k)
{
    if (x->uniform == 4) return (k & ~(int64_t)3) | ((k + 3) & 3);
    int64_t f = sk_face(x, k);
    return k > sk_start(x, f) ? k - 1 : sk_start(x, f + 1) - 1;
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

#endif
