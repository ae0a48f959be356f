/* generic_args.h: what the generic paths' element rules (paper §3.2,
 * Appendix A, B) see of one level, for every scheme: the lambdas the
 * built-in maps of src/spla cannot express because they read captured data
 * (edge ids, |V|, |F|, the stencils, the weights). The rules themselves are
 * in catmark_rules.h and tri_rules.h, dispatched by generic_rules.h; this file
 * holds their arguments and what they all use (a CSC view, the search of an
 * entry, the level-0 edge enumeration and numbering, the split of an edge, a
 * vertex's rule). */
#ifndef MESHMAT_SCHEMES_GENERIC_ARGS_H
#define MESHMAT_SCHEMES_GENERIC_ARGS_H

#include <math.h>
#include <stdint.h>

#include "../core/hd.h"
#include "../rules/catmark_masks.h"
#include "../rules/loop_masks.h"
#include "../rules/sqrt3_masks.h"
#include "meshmat/matrix.h"

typedef enum mmi_generic_rule {
    MMI_EDGE_ENDS = 0,   /* i < |V|: column i of E's lower triangle gives edges (i, row)  */
    MMI_EDGE_IDS = 1,    /* i < |E|: edge i's two entries in E get id i                   */
    MMI_CC_CHILD_EDGES = 2, /* i < 2|E| + nnz: the ends of refined edge i (DESIGN §3)        */
    MMI_CC_QUADS = 3,       /* i < |F|: σ (eq. 12) for face i's corners, one quad each    */
    MMI_CC_STENCIL = 4,     /* i < |E|: the 4 weighted sources of edge point i               */
    MMI_CC_VERTEX_WEIGHTS = 5, /* i < |V|: α, β, β_b of the vertex update                    */
    MMI_FACE_WEIGHTS = 6,   /* i < |F|: 1 / c_i (eq. 3)                                  */
    MMI_LOOP_STENCIL = 7,      /* i < |E|: the 8 sources of Loop edge point i (tri_rules.h) */
    MMI_LOOP_VERTEX_WEIGHTS = 8, /* i < |V|: α, β, β_b of eq. 28–29                          */
    MMI_LOOP_TRIANGLES = 9,    /* i < |F|: the 4 children of triangle i                     */
    MMI_LOOP_CHILD_EDGES = 10, /* i < 2|E| + 3|F|: the ends of refined edge i               */
    MMI_SQRT3_VERTEX_WEIGHTS = 11, /* i < |V|: α, β, β_b of eq. 24–25                       */
    MMI_SQRT3_TRIANGLES = 12,  /* i < nnz: the refined triangle of corner i (Figure 12)     */
    MMI_SQRT3_CHILD_EDGES = 13, /* i < |E| + nnz (+ |B|): the ends of refined edge i        */
    MMI_SQRT3_STENCIL = 14,    /* i < |F| + |B|: the 3 sources of new vertex i              */
    MMI_SQRT3_FLAGS = 15,      /* i < |F|: 1 for a triangle with a boundary side            */
    MMI_SQRT3_RANKS = 16,      /* i < |B|: boundary triangle bfaces[i] gets rank i          */
    MMI_CREASE_TAG_EDGES = 17, /* i < tags: the level-0 edge a crease tag names (crease_rules.h) */
    MMI_CREASE_TAG_SET = 18,   /* i < tags + corners: the tags' sharpness into sharp, vsharp  */
    MMI_CREASE_CHILD_EDGES = 19,    /* i < |E'|: each refined edge's sharpness (eq. 14–15)  */
    MMI_CREASE_CHILD_VERTICES = 20, /* i < |V'|: each refined vertex's sharpness             */
    MMI_CC_CREASE_WEIGHTS = 21,   /* i < |V|: α, β and column i of W with creases          */
    MMI_LOOP_CREASE_WEIGHTS = 22, /* i < |V|: the same with Loop's masks                    */
    MMI_CREASE_EDGE_ORDER = 23,   /* i < |V_0|: the rank of each edge around vertex i        */
    MMI_HOLE_SET = 24,            /* i < |F_0|: 1 for the faces the hole tags name           */
    MMI_HOLE_CHILDREN = 25,       /* i < |F|: face i's children inherit its hole flag        */
    MMI_HOLE_BOUNDARY = 26,       /* i < |F_0|: MM_BOUNDARY_NONE's holes at the boundary     */
    MMI_SIDE_EDGE_ENTRIES = 27,   /* i < |V|: column i of E, one entry per edge (side_rules.h) */
    MMI_CC_CHILD_SIDES = 28,      /* i < |F|: the edges of the sides of face i's quads       */
    MMI_LOOP_CHILD_SIDES = 29     /* i < |F|: the edges of the sides of triangle i's children */
} mmi_generic_rule;

/* A CSC pattern as the rules see it: ptr NULL when uniform > 0. */
typedef struct mmi_csc_view {
    const int64_t *ptr;
    int64_t uniform;
    const uint32_t *rows;
    const int32_t *values;  /* INT32 values, or NULL */
} mmi_csc_view;

/* Everything any rule reads or writes (backend memory); each rule uses a few. */
typedef struct mmi_generic_args {
    int rule;
    int64_t nv, nf, ne;         /* |V|, |F|, |E| of the level                        */
    mmi_csc_view M, E, L, F;      /* mesh, edges (eq. 4), E's lower part, sides (eq. 6) */
    mmi_csc_view Mt;            /* Mᵀ: each vertex's faces in increasing order       */
    uint32_t *ids;              /* edge id of each entry of E                        */
    const uint32_t *ends;       /* 2 per edge: (a_e, b_e)                            */
    uint32_t *out_ends;         /* EDGE_ENDS, CHILD_EDGES                            */
    uint32_t *quads;            /* the refined faces (QUADS, TRIANGLES); CHILD_EDGES */
    uint32_t *stencil;          /* the edge / new-point stencil columns              */
    const double *n, *nb, *c;   /* valence (eq. 10), boundary edges, face orders     */
    double *alpha, *beta, *beta_b, *inv_c;
    int corners;                /* EDGE_AND_CORNER: vertices in one face stay put    */
    int odd;                    /* √3: the level's generation is odd (tri_rules.h)   */
    double *weights;            /* the stencil's weights                             */
    uint32_t *flags, *rank;     /* √3, odd levels: boundary triangles, their ranks   */
    const uint32_t *bfaces;     /* √3, odd levels: the boundary triangles in order   */
    const float *sharp, *vsharp;  /* creases: each edge's and vertex's sharpness     */
    float *child_sharp, *child_vsharp; /* level l + 1's (CHILD_*; read by the stencils) */
    int chaikin;                /* MM_CREASING_CHAIKIN                               */
    double *crease_w;           /* creases: W's values, E's pattern (the vertex rule) */
    int64_t crease_tags, corner_tags; /* TAG_*: the mesh's creases and corners      */
    const uint32_t *crease_ends, *corner_ids;
    const float *crease_values, *corner_values;
    uint32_t *tag_edges;        /* TAG_EDGES out, TAG_SET in: UINT32_MAX: no edge    */
    int level;                  /* l                                                 */
    int64_t nv0;                /* |V_0|: the vertices that keep their edges' order  */
    const uint32_t *ends0;      /* level 0's edges                                   */
    uint32_t *order0;           /* 2 |E_0|: the rank of edge e around a_e, then b_e  */
    const uint8_t *hole;        /* |F|: 1 for a hole face (HOLE_SET: its face ids)   */
    uint8_t *child_hole;        /* level l + 1's (level 0's for HOLE_SET)            */
    const uint32_t *hole_faces; /* HOLE_SET: sorted, each once (mesh_tags.c)         */
    int64_t holes;
    int triangles;              /* HOLE_CHILDREN: Loop's 1 → 4, else a face per corner */
    const uint32_t *side;       /* edges by face side (side_rules.h): each corner's   */
    uint32_t *child_side;       /* CHILD_SIDES: level l + 1's                        */
    mmi_csc_view S;             /* with side: each edge's corners (|nnz| × |E|)      */
    mmi_csc_view Vt;            /* SIDE_EDGE_ENTRIES: each vertex's edges (1: a_e)   */
    uint32_t *E_rows;           /* SIDE_EDGE_ENTRIES: E's rows, τ values, edge ids   */
    int32_t *E_tau;
    uint32_t *entry_edge;
} mmi_generic_args;

MM_HD int64_t csc_col_start(const mmi_csc_view *x, int64_t j)
{
    return x->uniform > 0 ? x->uniform * j : x->ptr[j];
}

/* The index of entry (r, j) of x (rows sorted in each column), or -1. */
MM_HD int64_t csc_find(const mmi_csc_view *x, uint32_t r, uint32_t j)
{
    int64_t lo = csc_col_start(x, j), hi = csc_col_start(x, (int64_t)j + 1);
    while (lo < hi) {
        int64_t mid = lo + (hi - lo) / 2;
        if (x->rows[mid] < r) lo = mid + 1;
        else hi = mid;
    }
    return lo < csc_col_start(x, (int64_t)j + 1) && x->rows[lo] == r ? lo : -1;
}

/* The id of the edge {a, b}: E's entries carry it in both orientations. */
MM_HD uint32_t generic_edge_id(const mmi_generic_args *g, uint32_t a, uint32_t b)
{
    int64_t q = csc_find(&g->E, a, b);
    return q < 0 ? UINT32_MAX : g->ids[q];
}

/* Level 0 (DESIGN §3): the edges are E's strict lower triangle in CSC order,
 * a_e = the column (min), b_e = the row (max). */
MM_HD void generic_edge_ends(const mmi_generic_args *g, int64_t j)
{
    for (int64_t q = csc_col_start(&g->L, j); q < csc_col_start(&g->L, j + 1); ++q) {
        g->out_ends[2 * q] = (uint32_t)j;
        g->out_ends[2 * q + 1] = g->L.rows[q];
    }
}

MM_HD void generic_edge_ids(const mmi_generic_args *g, int64_t e)
{
    uint32_t a = g->ends[2 * e], b = g->ends[2 * e + 1];
    int64_t q = csc_find(&g->E, a, b), r = csc_find(&g->E, b, a);
    if (q >= 0) g->ids[q] = (uint32_t)e;
    if (r >= 0) g->ids[r] = (uint32_t)e;
}

/* Refined edge i < 2|E| (DESIGN §3, every scheme that splits edges): the
 * halves 2e = (a_e, ep(e)) and 2e+1 = (ep(e), b_e), ep(e) = base + e. */
MM_HD void generic_split_edge(const mmi_generic_args *g, int64_t i, int64_t base, uint32_t *x,
                          uint32_t *y)
{
    int64_t e = i / 2;
    uint32_t ep = (uint32_t)(base + e);
    *x = i % 2 ? ep : g->ends[2 * e];
    *y = i % 2 ? g->ends[2 * e + 1] : ep;
}

/* The rule of vertex i (mmi_vertex_rule_of) from its faces n and boundary
 * edges nb. */
MM_HD mmi_vertex_rule generic_vertex_rule(const mmi_generic_args *g, int64_t i)
{
    return mmi_vertex_rule_of((int64_t)g->n[i], (int64_t)g->nb[i], g->corners);
}

/* Row e of a 4-wide edge stencil with edge mask m: its ends a, b, then the
 * two points beside it (s0, s1; on a boundary edge, which has one, a and b
 * again, whose side weights are 0). */
MM_HD void generic_edge_row(const mmi_generic_args *g, int64_t e, int boundary, uint32_t s0,
                            uint32_t s1, mmi_edge_mask m)
{
    uint32_t a = g->ends[2 * e], b = g->ends[2 * e + 1];
    uint32_t *col = g->stencil + 4 * e;
    double *w = g->weights + 4 * e;
    col[0] = a, col[1] = b;
    col[2] = boundary ? a : s0, col[3] = boundary ? b : s1;
    w[0] = w[1] = m.end;
    w[2] = w[3] = m.side;
}

/* Vertex i's weights α, β, β_b from its mask. β also scales the face points
 * of Catmull-Clark: its masks weigh each edge neighbour and each face point
 * alike (m.face = m.edge: 1/n², or 0 on a crease or corner, and so every
 * blend of them), so the update sums both before one scaling. */
MM_HD void generic_vertex_weights(const mmi_generic_args *g, int64_t i, mmi_vertex_mask m)
{
    g->alpha[i] = m.vertex;
    g->beta[i] = m.edge;
    g->beta_b[i] = m.crease;
}

#endif
