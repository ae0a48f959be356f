/* sharp_kernels.h: creases and corners on the specialized paths of
 * Catmull-Clark and Loop (paper §5.1; docs/creases.md). The sharp edges and
 * vertices of a level are a small set beside the smooth majority; the
 * specialized kernels refine every point by the smooth rules, and these rules
 * then correct the few points sharpness changes, so that a cage without tags
 * runs exactly as before and a tagged one pays in proportion to its tags.
 *
 * A level's sharp set is a list of entries grouped by vertex (an
 * mmi_sharp_list): each group starts with its vertex's entry (the vertex's
 * sharpness) and goes on with one entry per sharp edge at that vertex, in
 * OpenSubdiv's order of the edges around it (so that sums of sharpness round
 * as Sdc's do). Each sharp edge has two entries, one per end, twins of each
 * other. The list of level l + 1 follows from level l's by the hierarchical
 * numbering (DESIGN §3: half 2e = (a_e, ep(e)), 2e + 1 = (ep(e), b_e)): a
 * vertex keeps its group, the halves still sharp in the same order, and the
 * point born on a sharp edge gets a group of its two halves. Only interior
 * edges are listed: a boundary edge is infinitely sharp already, and the
 * smooth kernels refine it as such. */
#ifndef MESHMAT_KERNELS_SHARP_KERNELS_H
#define MESHMAT_KERNELS_SHARP_KERNELS_H

#include <stdint.h>

#include "../core/hd.h"
#include "rule_args.h"

/* The edge field of a vertex's entry. */
#define MMI_SHARP_VERTEX UINT32_MAX
/* The flags a vertex's entry keeps in its `other` field: the vertex is on the
 * boundary (its kernel value is the crease rule along the boundary), or a
 * corner whatever its tags (in no face; with EDGE_AND_CORNER in one face). */
#define MMI_SHARP_ON_BOUNDARY 1u
#define MMI_SHARP_ALWAYS_CORNER 2u

/* A level's sharp set, n entries in backend memory. Entry i: */
typedef struct mmi_sharp_list {
    int64_t n;
    uint32_t *vertex; /* its vertex                                               */
    uint32_t *other;  /* an edge's: the edge's other end; a vertex's: its flags   */
    uint32_t *edge;   /* an edge's: edge id << 1 | 0 at a_e, 1 at b_e; a vertex's:
                         MMI_SHARP_VERTEX                                        */
    uint32_t *twin;   /* an edge's: the entry of its other end                    */
    float *s;         /* the edge's or the vertex's sharpness                     */
    float *child;     /* one level down: the half at the vertex, the vertex's     */
} mmi_sharp_list;

typedef enum mmi_sharp_rule {
    /* Level 0, from the mesh's tags. */
    MMI_SHARP_TAG_EDGES = 0, /* i < creases: tag i's edge, MMI_SK_NONE if none     */
    MMI_SHARP_CANDIDATES,    /* i < corners + 4 creases: sort keys of the entries  */
    MMI_SHARP_LEVEL0_HEADS,  /* p < candidates: 1 where a new entry starts         */
    MMI_SHARP_LEVEL0_EMIT,   /* p < candidates: the entries                        */
    MMI_SHARP_LEVEL0_TWINS,  /* i < entries: edge entries' twins                   */
    /* Each level. */
    MMI_SHARP_CHILD,         /* i < entries: the sharpness one level down          */
    MMI_SHARP_COUNT,         /* i ≤ entries: what i makes of the next level        */
    MMI_SHARP_EMIT,          /* i < entries: the next level's entries              */
    MMI_SHARP_VERTICES,      /* i < entries: a vertex's point and ring sum         */
    MMI_SHARP_EDGES,         /* i < entries: an edge's point (at a_e's entry)      */
    MMI_SHARP_TAG_COUNT,     /* i ≤ entries: i's creases and corners as tags       */
    MMI_SHARP_TAGS           /* i < entries: the level as tags (mm_mesh's)         */
} mmi_sharp_rule;

typedef struct mmi_sharp_args {
    int rule;
    int64_t count;
    mmi_sharp_list in;         /* level l's list                                   */
    mmi_sharp_list out;        /* EMIT, LEVEL0_*: the list being made              */
    uint64_t *counts;          /* COUNT, TAG_COUNT: n + 1 packed counts;
                                  EMIT, TAGS: their exclusive scan                  */
    int chaikin;               /* CHILD: MM_CREASING_CHAIKIN                       */
    uint32_t ep_base;          /* level l + 1's id of the point on level l's edge 0 */
    /* Level 0. */
    mmi_sk_level lv0;          /* corners, side codes, edge sides                  */
    mmi_sk_vertex_faces vt;    /* Mᵀ                                               */
    const uint32_t *ends;      /* (a_e, b_e), sorted                                */
    int corners;               /* EDGE_AND_CORNER                                  */
    int64_t creases, corner_tags;
    const uint32_t *crease_ends, *corner_ids;
    const float *crease_values, *corner_values;
    uint32_t *tag_edges;       /* per crease tag                                   */
    uint64_t *keys;            /* per candidate: vertex << 32 | rank + 1 (0: the
                                  vertex's entry), UINT64_MAX when none             */
    uint32_t *values;          /* per candidate: its index                         */
    const uint64_t *sorted_keys;
    const uint32_t *sorted_values;
    uint32_t *heads;           /* HEADS: flags; EMIT: their inclusive scan         */
    uint32_t *slot_of;         /* per candidate: its entry                          */
    /* Vertex data: P of level l, Y of level l + 1 (smooth, corrected here), the
     * ring sums (S1 first in each row of ring_stride) the smooth kernels
     * wrote for level l + 1, NULL when none follows. */
    const void *P;
    void *Y;
    int64_t d;
    int f64;
    void *ring;
    int ring_f64;
    int64_t ring_stride;
    /* TAGS: the level's creases (2 ids and a value each) and corners. */
    uint32_t *tag_ends, *tag_corners;
    float *tag_s, *tag_vs;
} mmi_sharp_args;

#ifdef __cplusplus
extern "C" {
#endif

/* The rule g->rule for every element i < g->count, on the context's backend. */
mm_status mmi_sharp_run(mm_context ctx, const mmi_sharp_args *g);
mm_status mmi_sharp_run_cpu(mm_context ctx, const mmi_sharp_args *g);
mm_status mmi_sharp_run_cuda(mm_context ctx, const mmi_sharp_args *g);

#ifdef __cplusplus
}
#endif

#endif
