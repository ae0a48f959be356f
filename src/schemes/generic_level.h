/* generic_level.h: the steps the generic paths of all schemes share (paper
 * §3.2, Appendix A, B): one level's adjacency as mapped products of src/spla
 * (face orders, valences, E of eq. 4, F of eq. 6–7, edge ids, boundary edges),
 * the per-element weights, face points (eq. 3 / 26) and the vertex update
 * α P + β (E_1 P [+ M_1 f]) + β_b E_{τ=1} P that eq. 11 / 20 (Catmull-Clark),
 * eq. 28 / 31 (Loop) and eq. 24 / 27 (√3) all reduce to, over the level
 * data every generic path keeps (mmi_generic_level). */
#ifndef MESHMAT_SCHEMES_GENERIC_LEVEL_H
#define MESHMAT_SCHEMES_GENERIC_LEVEL_H

#include "generic_rules.h"
#include "meshmat/ops.h"
#include "meshmat/subdiv.h"

/* Level 0's edges and the rank of each around each of its ends in
 * OpenSubdiv's order (crease_edge_order): the sums of sharpness around a
 * vertex follow it at every level. */
typedef struct mmi_edge_order {
    uint32_t *rank;       /* 2 |E_0|: around a_e, then around b_e */
    const uint32_t *ends; /* level 0's                            */
    int64_t edges, vertices;
} mmi_edge_order;

/* What level l of a generic path keeps for evaluation and for building level
 * l + 1, for every scheme. All in the context's memory. R is the weighted
 * stencil of the level's new points (Catmull-Clark's edge points, Loop's edge
 * points, √3's face and boundary points); inv_c is unused by Loop. */
typedef struct mmi_generic_level {
    int level;         /* l                                                              */
    int64_t boundary;  /* √3: boundary edges (they set the counts of odd levels)         */
    mm_subdiv_counts n;
    mm_matrix M;       /* |V| × |F| mesh matrix (level 0: borrowed from the mesh)        */
    mm_matrix Mt;      /* Mᵀ, INT32 corner positions: the B operand of eq. 4, 6, 12       */
    mm_matrix E;       /* eq. 4, INT32 τ = faces on the edge (1: boundary)                */
    mm_matrix R;       /* edge-point stencil, |E| × (|V| + |F|) uniform-4 FLOAT64 CSR     */
    mm_dense inv_c;    /* |F| × 1: 1 / c (eq. 2–3)                                       */
    mm_dense alpha, beta, beta_b; /* |V| × 1 weights of the vertex update (eq. 11, 20)   */
    mm_dense sharp;    /* |E| × 1 FLOAT32: each edge's sharpness as tagged (boundary
                          edges are infinitely sharp besides); NULL without tags        */
    mm_dense vsharp;   /* |V| × 1 FLOAT32: each vertex's; NULL without tags            */
    mm_matrix W;       /* with tags: E's pattern, FLOAT64, column i = vertex i's weight
                          on each neighbour along a sharp edge (it replaces β_b)        */
    mmi_edge_order order; /* with tags: level 0's edge order (level 0 owns it)       */
    uint8_t *hole;     /* |F|: 1 for a face that is (or descends from) a hole; NULL
                          without holes                                                 */
    uint32_t *ends;    /* 2 |E|: edge e = (a_e, b_e) in DESIGN §3's order                 */
    uint32_t *side;    /* nnz, with edges by face side (generic_side.c): the edge of the
                          side leaving each corner; NULL where each pair of vertices is
                          one edge (E's entry names it)                                 */
    mm_matrix S;       /* with side: nnz × |E|, each edge's corners in corner order     */
    uint32_t *entry_edge; /* with side: the edge of each entry of E                     */
} mmi_generic_level;

/* Level 0's edges (DESIGN §3): the strict lower triangle of
 * M Mᵀ {Q_c + Q_c^{c−1}} (eq. 4) in CSC order, sorted by (min, max); sets
 * lv->ends and lv->n.edges (and lv->Mt). */
mm_status mmi_generic_enumerate_edges(mm_context ctx, mmi_generic_level *lv);

/* Edges by face side (generic_side.c; docs/creases.md): the route of the
 * meshes where Far joins a pair of vertices by several edges (faces that
 * repeat a vertex; Loop's triangles back to back). Level 0: Vtr's edges
 * numbered on the host (mesh_side_edges.h) as lv->ends and lv->side, the
 * mesh's tags (mmi_crease_level0, a tag naming a pair's first edge, as
 * Far's findEdge finds it), then Vtr's non-manifold tags as Far sharpens
 * them, per edge. */
mm_status mmi_side_level0(mm_context ctx, mmi_generic_level *lv, mm_mesh mesh,
                          mm_boundary boundary);
/* With lv->side: lv->E with one entry per edge at each end (τ: the edge's
 * faces), lv->S and lv->entry_edge. */
mm_status mmi_side_edge_matrix(mm_context ctx, mmi_generic_level *lv);
/* With lv->side: next->side by rule (MMI_CC_CHILD_SIDES or
 * MMI_LOOP_CHILD_SIDES); nothing without. */
mm_status mmi_side_refine(mm_context ctx, const mmi_generic_level *lv, mmi_generic_level *next,
                          int rule);

/* Frees what level data owns (not a level-0 M); a level freed before is
 * left as it is. */
void mmi_generic_level_free(mm_context ctx, mmi_generic_level *lv, int owns_m);
/* Frees what only the level's evaluation and static mode's R_l read (Mᵀ, E,
 * the stencil R, the weights, W), keeping its topology and tags. */
void mmi_generic_level_free_eval(mmi_generic_level *lv);

/* One scheme's level steps, driven by generic_path.c: level l + 1's counts
 * (next->n, or MM_ERR_OVERFLOW), its build from level l, the evaluation, and
 * static mode's R_l from a built level (which it leaves without its
 * evaluation data). */
typedef struct mmi_level_scheme {
    mm_status (*next_counts)(mm_context ctx, const mmi_generic_level *lv, mmi_generic_level *next);
    mm_status (*build_level)(mm_context ctx, mmi_generic_level *lv, mmi_generic_level *next,
                             const mm_subdiv_options *opts);
    mm_status (*eval_level)(mm_context ctx, const mmi_generic_level *lv, mm_dense X, mm_dense Y);
    mm_status (*subdivision_matrix)(mm_context ctx, mmi_generic_level *lv, mm_matrix *R);
} mmi_level_scheme;

extern const mmi_level_scheme mmi_loop_levels, mmi_sqrt3_levels;

/* Loop's counts of level l + 1 from level l's (DESIGN §3): |V'| = |V| + |E|,
 * |F'| = 4 |F|, |E'| = 2 |E| + 3 |F|; MM_ERR_OVERFLOW past the id types. */
mm_status mmi_loop_next_counts(mm_context ctx, int level, const mm_subdiv_counts *n,
                               mm_subdiv_counts *next);

/* √3's counts of level l + 1 from level l's (docs/schemes.md): |V'| = |V| +
 * |F| + |B|, |F'| = 3 |F|, |E'| = |E| + 3 |F| + |B|, |B| = 2 |E| − nnz on odd
 * levels, 0 on even ones; MM_ERR_OVERFLOW past the id types. */
mm_status mmi_sqrt3_next_counts(mm_context ctx, int level, const mm_subdiv_counts *n,
                                mm_subdiv_counts *next);

/* MM_ERR_OVERFLOW when level l + 1's counts pass the id types: vertex and
 * edge ids are uint32, face ids int32 (F's values), nnz < 2^62. */
mm_status mmi_level_check_counts(mm_context ctx, int level, const mm_subdiv_counts *next);

/* The rule arguments of a level: rule, counts, M, E (when built), ends, parity. */
mmi_csc_view mmi_csc_of(mm_matrix X);
mmi_generic_args mmi_level_args(int rule, const mmi_generic_level *lv);

/* y = op(A)_μ 1 for a map that needs no table: a count per row of op(A). */
mm_status mmi_level_count_rows(mm_context ctx, const mm_map *map, mm_matrix A, int transpose,
                               mm_dense *y);

/* c = Mᵀ_{val→1} 1 (eq. 2): the face orders. */
mm_status mmi_level_face_orders(mm_context ctx, const mmi_generic_level *lv, mm_dense *c);
/* n = M_{σ→1} 1 (eq. 10): the faces at each vertex (lv->Mt must exist). */
mm_status mmi_level_valences(mm_context ctx, const mmi_generic_level *lv, mm_dense *n);
/* lv->E = M Mᵀ {Q_c + Q_c^{c−1}}[τ] (eq. 4, 5): τ = faces on the edge. */
mm_status mmi_level_edge_matrix(mm_context ctx, mmi_generic_level *lv);
/* F = M Mᵀ {Q_c}[γ] (eq. 6–7): F(i, j) = the face with side i → j. */
mm_status mmi_level_side_faces(mm_context ctx, const mmi_generic_level *lv, mm_matrix *F);
/* The id of each entry of lv->E (*ids, *bytes long, in E's memory): both
 * orientations of edge e carry e. */
mm_status mmi_level_number_edges(mm_context ctx, const mmi_generic_level *lv, uint32_t **ids,
                                 int64_t *bytes);
/* nb = E_{τ→[τ = 1]} 1: the boundary edges at each vertex (§5.3). */
mm_status mmi_level_boundary_edges(mm_context ctx, const mmi_generic_level *lv, mm_dense *nb);

/* lv->inv_c = 1 / c per face (the map of eq. 3 and eq. 26). */
mm_status mmi_level_face_weights(mm_context ctx, mmi_generic_level *lv, mm_dense c);
/* lv->alpha, beta, beta_b by the scheme's
 * VERTEX_WEIGHTS rule from n, nb. */
mm_status mmi_level_vertex_weights(mm_context ctx, mmi_generic_level *lv, int rule, mm_dense n,
                                   mm_dense nb, mm_boundary boundary);

/* lv->R, the rows × cols stencil of new points: a uniform-width FLOAT64 CSR
 * matrix (applied with map VALUE) whose rows and weights g's rule writes
 * (g.stencil, g.weights set here; the rest by the caller). */
mm_status mmi_level_stencil(mm_context ctx, mmi_generic_level *lv, mmi_generic_args g, int64_t rows,
                            int64_t cols, int64_t width);

/* f = Mᵀ_{val_{i,*}→1/c_i} P (eq. 3, eq. 26): the face centroids. */
mm_status mmi_level_face_points(mm_context ctx, const mmi_generic_level *lv, mm_dense P, mm_dense f);
/* S = α ⊙ P + β ⊙ (E_1 P + (Mᵀ)ᵀ_1 f) + β_b ⊙ E_{[τ=1]} P (f may be NULL:
 * no face term), with tags Wᵀ P in place of the last term; T is |V| × d
 * scratch. */
mm_status mmi_level_vertex_update(mm_context ctx, const mmi_generic_level *lv, mm_dense P, mm_dense f,
                                  mm_dense T, mm_dense S);

/* Creases and holes (crease_level.c, paper §5.1). Level 0's sharpness from
 * the mesh's tags: lv->sharp and lv->vsharp (none when the mesh has no crease
 * or corner tags), and lv->hole (none without hole tags unless boundary is
 * MM_BOUNDARY_NONE, whose boundary faces it adds); a tag on a vertex pair that
 * is no edge is refused (MM_ERR_INVALID_MESH naming it). */
mm_status mmi_crease_level0(mm_context ctx, mmi_generic_level *lv, mm_mesh mesh,
                            mm_boundary boundary);

/* With lv->hole: next->hole, the children of holes (triangles: Loop's split,
 * else Catmull-Clark's). */
mm_status mmi_hole_build(mm_context ctx, const mmi_generic_level *lv, mmi_generic_level *next,
                         int triangles);

/* With lv's sharpness (and E, its edge ids, F, the valences n): level l + 1's
 * sharpness (next->sharp, next->vsharp) and lv's crease weights (α, β and W
 * by rule, MMI_CC_CREASE_WEIGHTS or MMI_LOOP_CREASE_WEIGHTS). */
mm_status mmi_crease_build(mm_context ctx, mmi_generic_level *lv, mmi_generic_level *next,
                           const uint32_t *ids, mm_matrix F, mm_dense n,
                           const mm_subdiv_options *opts, int rule);

/* Level l's sharpness arrays and hole flags in a generic path's state
 * (generic_path.c), in the backend's memory; NULL without tags. */
void mmi_generic_level_sharpness(const void *state, int level, const float **edges,
                                 const float **vertices, const uint8_t **holes);

/* The tags of level l (n, its edges' ends and sharpness, its vertices'
 * sharpness) onto mm_subdivide's result out: the edges and vertices still
 * sharp, as the mesh's creases and corners (a host pass over the level). */
mm_status mmi_crease_carry_tags(mm_context ctx, mm_subdiv_counts n, const uint32_t *ends,
                                const float *sharp, const float *vsharp, const uint8_t *hole,
                                mm_mesh out);

/* The sharpness a stencil rule reads (none without tags). */
void mmi_level_crease_args(mmi_generic_args *g, const mmi_generic_level *lv,
                           const mmi_generic_level *next);

/* R_l of eq. 21 (paper §6.3; subdiv_matrix.c): the new |V'| × |V| CSR
 * float64 matrix with P_{l+1} = R_l P_l, rows in DESIGN §3's order, from a
 * built level of Catmull-Clark, or of Loop or √3 (one function for both:
 * their new points are the rows of the level's weighted stencil R). The
 * level's evaluation data is freed (mmi_generic_level_free_eval) once R_l's
 * two factors are laid out, before their product: static mode evaluates by
 * R_l, and the factors and the product are its build's peak. */
mm_status mmi_cc_subdivision_matrix(mm_context ctx, mmi_generic_level *lv, mm_matrix *R);
mm_status mmi_tri_subdivision_matrix(mm_context ctx, mmi_generic_level *lv, mm_matrix *R);

/* The n × n identity as a CSR float64 matrix (R of zero levels). */
mm_status mmi_identity_matrix(mm_context ctx, int64_t n, mm_matrix *I);

#endif
