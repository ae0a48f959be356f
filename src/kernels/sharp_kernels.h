/* sharp_kernels.h: creases and corners on the specialized paths of
 * Catmull-Clark and Loop (paper §5.1; docs/creases.md). The sharp edges and
 * vertices are a small set beside the smooth majority: the specialized
 * kernels refine every point by the smooth rules, and these rules then
 * correct the few points sharpness changes, so a cage without tags runs
 * exactly as before and a tagged one pays in proportion to its tags.
 *
 * The set is carried through the hierarchical numbering (DESIGN §3: edge e
 * splits into 2e = (a_e, ep(e)) and 2e + 1 = (ep(e), b_e)), with no list
 * rebuilt: the descendants of a level-0 edge e at level l are the edges
 * e 2^l + k, k < 2^l, end to end from a_e to b_e, so a crease tag is a
 * chain whose level-l sharpness is one array of 2^l values. The vertex at
 * position p of the chain (p = 0 … 2^l) is a_e, b_e, or the point born at
 * level l − j on edge e 2^(l−j−1) + (p >> (j + 1)) for p = odd · 2^j: it
 * lies on that chain alone, between edges p − 1 and p. The level-0 vertices
 * that end chains, or carry a corner tag, form groups built once: the
 * vertex's entry (its sharpness and its kind: valence, and whether it is on
 * the boundary or a corner whatever its tags) and one entry per chain ending
 * there, in OpenSubdiv's order of the edges around it (so that sums of
 * sharpness round as Sdc's).
 * Only interior edges make chains: a boundary edge is infinitely sharp
 * already, and the smooth kernels refine it as such. */
#ifndef MESHMAT_KERNELS_SHARP_KERNELS_H
#define MESHMAT_KERNELS_SHARP_KERNELS_H

#include <stdint.h>

#include "../core/hd.h"
#include "rule_args.h"

/* The code of a vertex's entry in a group (else chain << 1 | end: 0 where
 * the vertex is the chain's a_e). */
#define MMI_SHARP_VERTEX UINT32_MAX
/* A mesh's sharp set, in backend memory. */
typedef struct mmi_sharp_set {
    /* Level 0's groups: *size entries (counted on the device) of cap. */
    int64_t cap;
    uint32_t *size;
    uint32_t *vertex; /* the entry's level-0 vertex                              */
    uint32_t *code;   /* MMI_SHARP_VERTEX, or chain << 1 | end                   */
    uint32_t *kind;   /* a vertex's entry: its kind as the smooth kernels carry
                         it (mmi_kind_of): on the boundary its rule is the
                         crease rule along it; a corner whatever its tags (in no
                         face; with EDGE_AND_CORNER in one face)                 */
    float *vs;        /* a vertex's entry: its sharpness at level 0              */
    /* One chain per crease tag. */
    int64_t chains;
    uint32_t *edge0;  /* its level-0 edge, MMI_SK_NONE for none (a tag naming no
                         edge, a boundary edge, sharpness 0)                     */
    uint32_t *ends;   /* (a_e, b_e) of that edge                                 */
    uint32_t *entry;  /* 2 per chain: its entries at a_e and b_e                 */
    uint32_t *missing; /* per chain: 1 where its tag names no edge, then the
                          inclusive scan of those                                */
    /* The chains ranked by the levels they stay sharp, most first
     * (mmi_sharp_rank, at a build's end): step l's corrections run the
     * first live[l] (host), until then all. A step's arguments hold NULL
     * where all run, in tag order (one load less). */
    uint32_t *ranked;
    int64_t live[MMI_SK_MAX_LEVELS];
    int levels;       /* L                                                       */
    int order;        /* the scheme's faces below level 0: 4 Catmull-Clark's
                         quads, 3 Loop's triangles (whose vertex step the
                         corrections apply to carried moves and final rows)     */
    float *sharp[MMI_SK_MAX_LEVELS + 1]; /* level l: 2^l per chain, chain-major  */
} mmi_sharp_set;

typedef enum mmi_sharp_rule {
    /* Level 0, from the mesh's tags. */
    MMI_SHARP_TAG_EDGES = 0, /* i < creases: tag i's edge and chain             */
    MMI_SHARP_CANDIDATES,    /* i < corners + 4 creases: sort keys of the entries */
    MMI_SHARP_HEADS,         /* p < candidates: 1 where a new entry starts        */
    MMI_SHARP_EMIT,          /* p < candidates: the entries and their count      */
    /* Each level l. */
    MMI_SHARP_CHILD,         /* i < chains 2^l: the halves' sharpness at l + 1    */
    MMI_SHARP_POINTS,        /* i < (2 live 2^l + cap) d: a vertex's point and
                                sums, then an edge's point, a component each       */
    MMI_SHARP_TAG_COUNT,     /* i ≤ chains 2^l + cap: i's creases and corners     */
    MMI_SHARP_TAGS,          /* i < chains 2^l + cap: the level as tags           */
    /* Once, at the route's end. */
    MMI_SHARP_LEVELS         /* i < chains: the levels chain i stays sharp        */
} mmi_sharp_rule;

typedef struct mmi_sharp_args {
    int rule;
    int64_t count;
    mmi_sharp_set set;
    int level;                 /* l                                                */
    int64_t live;              /* POINTS: the chains it runs, ranked's first       */
    int moved_some;            /* POINTS: level l − 1's ran fewer (moved holds
                                  theirs alone)                                   */
    int chaikin;               /* CHILD: MM_CREASING_CHAIKIN                       */
    /* Level m + 1's id of the point on level m's edge 0 (m < L). */
    uint32_t ep_base[MMI_SK_MAX_LEVELS];
    /* Level 0. */
    mmi_sk_level lv0;          /* corners, side codes, edge sides                  */
    mmi_sk_vertex_faces vt;    /* Mᵀ                                               */
    const uint32_t *ends;      /* (a_e, b_e), sorted                                */
    int corners;               /* EDGE_AND_CORNER                                  */
    int64_t creases, corner_tags, candidates;
    const uint32_t *crease_ends, *corner_ids;
    const float *crease_values, *corner_values;
    uint64_t *keys;            /* per candidate: vertex << 32 | rank + 1 (0: the
                                  vertex's entry), UINT64_MAX when none             */
    uint32_t *values;          /* per candidate: its index                         */
    const uint64_t *sorted_keys;
    const uint32_t *sorted_values;
    uint32_t *heads;           /* HEADS: flags; EMIT: their inclusive scan         */
    uint32_t *sharp_levels;    /* LEVELS: per chain                                */
    /* Vertex data: P of level l, Y of level l + 1 (smooth, corrected here), the
     * ring sums (S1 first in each row of ring_stride) the smooth kernels
     * wrote for level l + 1, NULL when none follows; at the step before the
     * last where the kernels wrote final rows (mmi_sk_data's final), those
     * rows instead, else NULL. */
    const void *P;
    void *Y;
    void *final;
    /* The moves of the sharp edges' points, per slot of chains 2^m and
     * component: level l − 1's (m = l − 1), which level l's carried ring sums
     * missed (NULL at level 0), and where level l's go (NULL at the last
     * step). */
    const double *moved;
    double *moves;
    int64_t d;
    int f64;
    void *ring; /* in the data's type (f64) */
    int64_t ring_stride;
    /* TAG_COUNT, TAGS: the packed counts (creases | corners << 32) and their
     * exclusive scan; the level's creases (2 ids and a value each), corners. */
    uint64_t *counts;
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
