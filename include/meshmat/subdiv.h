/* meshmat/subdiv.h: uniform subdivision (DESIGN §1, paper §3 and §6): a
 * build step refines the topology of every level once (mm_subdiv_build), an
 * evaluation step refines any vertex data through all of them (mm_subdiv_eval),
 * and mm_subdivide does both for a mesh (the modelling case). Refined elements
 * are numbered hierarchically (DESIGN §3); docs/schemes.md gives the rules. */
#ifndef MESHMAT_SUBDIV_H
#define MESHMAT_SUBDIV_H

#include "mesh.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mm_subdiv_s *mm_subdiv;

/* Loop and √3 refuse faces that are not triangles (MM_ERR_INVALID_MESH naming
 * the first); docs/schemes.md gives each scheme's rules and numbering. */
typedef enum mm_scheme {
    MM_SCHEME_CATMULL_CLARK = 0, /* faces of any order ≥ 3 in, quads out (paper §3.2)  */
    MM_SCHEME_LOOP = 1,          /* triangles in, 1 → 4 triangles (paper Appendix B):
                                    OpenSubdiv's Loop (Loop's β), both boundary rules   */
    MM_SCHEME_SQRT3 = 2          /* triangles in, 1 → 3 triangles (paper Appendix A):
                                    Kobbelt's √3 with his boundary rule as OpenMesh
                                    Sqrt3T applies it (EDGE_ONLY only)                 */
} mm_scheme;

/* How semi-sharp edge sharpness decreases from level to level (OpenSubdiv's
 * Sdc CREASE_UNIFORM and CREASE_CHAIKIN; docs/creases.md). Both: a sharpness
 * of 10 or more is infinitely sharp and never decreases, a vertex's
 * sharpness decreases by 1 per level. */
typedef enum mm_creasing {
    MM_CREASING_UNIFORM = 0, /* each child edge: σ − 1 (0 once it reaches 0)              */
    MM_CREASING_CHAIKIN = 1  /* each child edge at vertex v: 3/4 σ + 1/4 (the mean of v's
                                other semi-sharp edges) − 1 (paper §5.1 eq. 14–15)     */
} mm_creasing;

/* Which implementation refines (DESIGN §2). */
typedef enum mm_subdiv_path {
    MM_PATH_GENERIC = 0,     /* the formulas as mapped SpMV / SpGEMM of src/spla       */
    MM_PATH_SPECIALIZED = 1, /* hand-written kernels of src/kernels (paper §4)        */
    MM_PATH_AUTO = 2         /* the specialized path                                  */
} mm_subdiv_path;

/* How mm_subdiv_eval refines vertex data (paper §6). */
typedef enum mm_subdiv_mode {
    MM_MODE_DYNAMIC = 0, /* level by level from the topology the build kept: the
                            modelling case, where every call may follow an edit   */
    MM_MODE_STATIC = 1   /* the build also makes the subdivision matrices R_l
                            (eq. 21–23) and their product R = R_{L−1} … R_0; eval
                            is then SpMV: the rendering case, build once, eval many.
                            Every scheme, any path: the matrices come from the
                            generic path's level data (built for them a level at
                            a time, before the path's own build, when opts.path
                            is another). The build's peak memory stays within
                            3 × the bytes of R (mm_static_eval defines them):
                            1.2–2.8 × measured on real cages from one level on,
                            the most for √3's first level; a cage of a few dozen
                            faces may pass 3 × at one level */
} mm_subdiv_mode;

/* Which evaluation mm_subdiv_eval runs in MM_MODE_STATIC, and what "the bytes
 * of R" are for the build's peak: a CSR matrix's row pointers, column ids and
 * float64 values plus the float32 copy of its values that float32 data is
 * multiplied with. Every choice keeps every R_l in float64 and lends R
 * (mm_subdiv_matrix). */
typedef enum mm_static_eval {
    MM_STATIC_AUTO = 0,      /* the fastest for this mesh: the build times one run of
                                each candidate (after a warm-up) on the backend with
                                |V_0| × 3 float32 data: the composite, the levels
                                (from 2 levels) and, where the handle's path is the
                                specialized one, its points-only evaluation (that of
                                MM_MODE_DYNAMIC, over the levels the handle keeps
                                anyway; often the fastest); keeps the float32 copies
                                its choice reads. R's bytes: the composite's and the
                                R_l's (it builds and times both)                      */
    MM_STATIC_COMPOSITE = 1, /* one SpMV with the composite R (|V_L| × |V_0|); R's
                                bytes: the composite's                                */
    MM_STATIC_LEVELS = 2     /* one SpMV per level with R_l; R's bytes: the R_l's (the
                                composite is made at its first request,
                                mm_subdiv_matrix, not by the build)                   */
} mm_static_eval;

/* Called after each level of the build and of the evaluation (phase "build" or
 * "eval", level 1 … levels), on the calling thread; for progress displays. */
typedef void (*mm_subdiv_progress_fn)(void *user, const char *phase, int level, int levels);

/* How face-varying channels (mm_mesh_add_fvar) are refined: OpenSubdiv's
 * Sdc::Options::FVarLinearInterpolation, in its order (docs/face-varying.md).
 * Where a channel's values match across every edge at a vertex they follow
 * the vertex's own rule; the options say which of the others are sharpened. */
typedef enum mm_fvar_interp {
    MM_FVAR_LINEAR_NONE = 0,         /* smooth everywhere, seams as smooth boundaries    */
    MM_FVAR_LINEAR_CORNERS_ONLY = 1, /* and a value in one face is a corner              */
    MM_FVAR_LINEAR_CORNERS_PLUS1 = 2,/* and values where more than two regions meet      */
    MM_FVAR_LINEAR_CORNERS_PLUS2 = 3,/* and darts, and both values at a vertex where one
                                        of two is a corner                               */
    MM_FVAR_LINEAR_BOUNDARIES = 4,   /* linear along seams and boundaries (the default)  */
    MM_FVAR_LINEAR_ALL = 5           /* linear everywhere (bilinear)                     */
} mm_fvar_interp;

typedef struct mm_subdiv_options {
    mm_scheme scheme;
    int levels;                     /* ≥ 0; 0 refines nothing        */
    mm_boundary boundary;
    mm_subdiv_path path;
    mm_subdiv_mode mode;
    mm_static_eval static_eval;     /* MM_MODE_STATIC only           */
    mm_subdiv_progress_fn progress; /* may be NULL                  */
    void *progress_user;
    mm_creasing creasing;           /* the mesh's creases and corners */
    mm_fvar_interp fvar_interp;     /* the mesh's face-varying channels */
} mm_subdiv_options;

/* Catmull-Clark, 1 level, the mesh's boundary rule (MM_BOUNDARY_OF_MESH:
 * EDGE_ONLY unless the mesh says otherwise), MM_PATH_AUTO, dynamic mode, no
 * progress callback, uniform creasing, face-varying channels linear along
 * their seams and boundaries (MM_FVAR_LINEAR_BOUNDARIES). */
MM_API mm_subdiv_options mm_subdiv_options_default(void);

/* The counts of one level: |V|, |F|, the edges |E| and nnz(M) = Σ face orders. */
typedef struct mm_subdiv_counts {
    int64_t vertices, faces, edges, nnz;
} mm_subdiv_counts;

/* mm_subdiv_build: refines the topology of mesh through opts->levels levels:
 * for each level its mesh matrix M_l, the edges (E, eq. 4), the faces beside
 * each side (F, eq. 6–7), valences (eq. 10) and face orders (eq. 2), and the
 * refined M_{l+1} (eq. 12; Loop's 1 → 4 split, √3's Figure 12 rule). Vertex
 * data is not touched (mm_subdiv_eval).
 *   ctx   the mesh's context           mesh  in, any backend; must outlive *s
 *   opts  host, in                     s     out, a new handle (NULL on error)
 * Non-manifold edges (more than two faces on an edge) and vertices,
 * inconsistent orientation (an edge passed twice the same way) and faces that
 * repeat a vertex are refined by OpenSubdiv's rules for them (docs/creases.md;
 * √3 splits the mesh into a 2-manifold instead).
 * Refused (MM_ERR_INVALID_MESH, the message giving what is wrong and how often):
 * for Loop and √3, faces that are not triangles (the first is named).
 * Unreferenced vertices are kept and stay where they are.
 *   Properties: every array stays in the backend's memory; the host learns only
 *   sizes (and, on CUDA, copies M once to check the rules above). Deterministic:
 *   identical topology on CPU and CUDA. Stages are timed (context timing).
 *   Memory: all levels are kept, dominated by the last refined level (about
 *   100 bytes per refined face on the generic path, 24 on the specialized;
 *   in static mode the generic path keeps only each level's faces, edges
 *   and tags, about 30–45, and the matrices: MM_MODE_STATIC).
 *   Errors: MM_ERR_INVALID_ARGUMENT (NULL, bad enum, levels < 0, another
 *   context's mesh, √3 with EDGE_AND_CORNER), MM_ERR_INVALID_MESH,
 *   MM_ERR_OVERFLOW (a level would have ≥ 2^32 vertices or edges, ≥ 2^31
 *   faces, or nnz > 2^62; on the specialized path ≥ 2^30 edges or ≥ 2^32 − 1
 *   face corners: the message names
 *   the level), MM_ERR_OUT_OF_MEMORY, MM_ERR_CUDA.
 *   Example: one quad, levels 1: level 1 has 9 vertices, 4 faces, 12 edges;
 *   its first face is (0, 5, 4, 6): vertex 0, the edge point of edge 0 = {0,1},
 *   the face point, the edge point of edge 1 = {0,3} (DESIGN §3: level-0 edges
 *   sorted by (min, max): {0,1} {0,3} {1,2} {2,3}). */
MM_API mm_status mm_subdiv_build(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *opts,
                                 mm_subdiv *s);

/* mm_subdiv_eval: refines vertex data through every level of s:
 * X0 (|V_0| × d, float32 or float64, in) gives *XL (a new |V_L| × d array of
 * X0's type). Per level: face points (eq. 3), edge points, updated vertices
 * (eq. 11 with the boundary rule of s); Loop: edge points, eq. 28; √3: face
 * points (eq. 26) and boundary points, eq. 24. Any d: positions, normals, UVs.
 *   Dynamic mode: mapped SpMVs and dense operations (generic path) or
 *   gather kernels (specialized path), no host round trip; temporary memory
 *   two arrays of the largest level. Static mode (MM_MODE_STATIC): Y = R X0,
 *   one SpMV with the composite R (MM_STATIC_COMPOSITE) or one per level with
 *   R_l (MM_STATIC_LEVELS); MM_STATIC_AUTO: whichever the build timed
 *   fastest, which may be the specialized path's points-only evaluation
 *   (then the dynamic mode's results bit for bit; with a progress callback
 *   the build's trial runs of it report its levels as phase "eval"); the
 *   same results as the dynamic mode to rounding. Deterministic (bitwise
 *   run to run on one backend). On CUDA an evaluation (the last level up to
 *   2^31 values, specialized path, context without timing, no progress
 *   callback) is replayed from a CUDA graph the handle captures
 *   at its first call (and again when X0 or the result moves) and keeps with
 *   its intermediate levels (about a third of the result's bytes, held until
 *   mm_subdiv_free): the same values, one graph launch of host time a
 *   call. A replay that runs out of device memory falls back to the direct
 *   route (each level allocated in turn, freed after the next); where that
 *   fits, the handle evaluates that width and type directly from then on.
 *   Evaluate one handle from one thread at a time.
 *   Errors: MM_ERR_INVALID_ARGUMENT (NULL, X0 with the wrong number of rows,
 *   another context), MM_ERR_OUT_OF_MEMORY, MM_ERR_CUDA.
 *   Example: the quad (0,0) (1,0) (1,1) (0,1), one level, EDGE_ONLY: vertex 0
 *   becomes (1/8, 1/8) = 3/4 (0,0) + 1/8 ((1,0) + (0,1)), vertex 4 (the face
 *   point) (1/2, 1/2), vertex 5 (edge point of (0,1)) (1/2, 0). */
MM_API mm_status mm_subdiv_eval(mm_subdiv s, mm_dense X0, mm_dense *XL);

/* mm_subdiv_eval_into: mm_subdiv_eval into the caller's array XL instead of
 * a new one (the same computation, so the same values bit for bit): for
 * re-evaluation every frame with no allocation of the result, and with
 * mm_dense_wrap for results straight in memory the caller owns (a vertex
 * buffer its renderer reads).
 *   s   a built handle                 X0  |V_0| × d, float32 or float64, in
 *   XL  out: |V_L| × d of X0's type (|V_L|: mm_subdiv_level_counts at
 *       s's levels), made on s's context, wrapped or not; every value is
 *       overwritten; its memory must not overlap X0's
 *   Properties: those of mm_subdiv_eval. The last level is computed in XL
 *   itself (no copy); the levels before it in temporaries, as in
 *   mm_subdiv_eval (none for one level on the specialized path, none for
 *   MM_STATIC_COMPOSITE). XL is written on the context's stream.
 *   Errors: those of mm_subdiv_eval, and MM_ERR_INVALID_ARGUMENT for a NULL
 *   or dead XL, XL of another context, of another shape or type, or
 *   sharing memory with X0. On error XL's values are unspecified.
 *   Example: mm_subdiv_level_counts(s, mm_subdiv_levels(s), &n);
 *   cudaMalloc(&p, n.vertices * 3 * sizeof(float));
 *   mm_dense_wrap(ctx, &XL, n.vertices, 3, MM_TYPE_FLOAT32, p); then each
 *   frame mm_subdiv_eval_into(s, X0, XL): p holds the refined points. */
MM_API mm_status mm_subdiv_eval_into(mm_subdiv s, mm_dense X0, mm_dense XL);

/* mm_subdivide: build and eval in one call; *out is a new mesh of the last
 * level with mesh's vertex data refined, and its creases and corners those
 * of the last level still sharp (so that one level twice is two levels once).
 *   Properties: on the specialized path fused: each level's data is freed as
 *   soon as the next no longer needs it and the last level gets no edge list,
 *   so the peak is about 1.25-1.35 × the result (its face-vertex array and
 *   vertex data); the result's M is the refined face-vertex array, not a copy.
 *   A mesh's face-varying channels (mesh.h) are refined with it, each as a
 *   mesh of its own whose topology and tags (OpenSubdiv's face-varying rules
 *   for opts->fvar_interp) are host work on the control mesh; mm_subdivide
 *   keeps that mesh with the channel for the next call under the same
 *   fvar_interp and boundary rule, which then gathers only the channel's
 *   values (written in place meanwhile, say), and frees it with the channel.
 *   Errors: those of mm_subdiv_build and mm_subdiv_eval; MM_ERR_INVALID_MESH
 *   for a channel value made non-finite in place (naming channel and value).
 *   Example: the cube (8 vertices, 6 quads), 2 levels: 98 vertices, 96 quads. */
MM_API mm_status mm_subdivide(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *opts,
                              mm_mesh *out);

/* The number of levels s was built with. */
MM_API int mm_subdiv_levels(mm_subdiv s);

/* mm_subdiv_level_counts: the counts of level 0 … levels. Errors:
 * MM_ERR_INVALID_ARGUMENT (NULL, level out of range). */
MM_API mm_status mm_subdiv_level_counts(mm_subdiv s, int level, mm_subdiv_counts *counts);

/* The mesh matrix of a level (borrowed, valid while s is; level 0 is the
 * input's), or NULL when level is out of range. Levels ≥ 1 are pattern CSC
 * matrices of one face order: all quads (uniform 4) for Catmull-Clark, all
 * triangles (uniform 3) for Loop and √3; export them with mm_matrix_export,
 * or read their face-vertex array in place, in the backend's memory, with
 * mm_matrix_data (rows: 4 or 3 vertex ids per face, face after face; no
 * pointer array). */
MM_API mm_matrix mm_subdiv_level_matrix(mm_subdiv s, int level);

/* mm_subdiv_level_edges: the edges of a level (0 … levels) as 2 · |E| vertex
 * ids (a_e, b_e) in edge order (DESIGN §3), copied into h_ends (host,
 * caller-owned, sized from mm_subdiv_level_counts). Errors:
 * MM_ERR_INVALID_ARGUMENT, MM_ERR_CUDA. */
MM_API mm_status mm_subdiv_level_edges(mm_subdiv s, int level, uint32_t *h_ends);

/* mm_subdiv_level_sharpness: the sharpness of a level's edges (|E| values in
 * the order of mm_subdiv_level_edges) and vertices (|V|), as tagged at level 0
 * and refined by opts.creasing (docs/creases.md): 0 smooth, ≥ 10 infinitely
 * sharp. Boundary edges are infinitely sharp besides what they show here; all
 * zero for a mesh without tags. h_edges, h_vertices: host, caller-owned,
 * sized from mm_subdiv_level_counts; either may be NULL. Errors:
 * MM_ERR_INVALID_ARGUMENT (NULL s, level out of range), MM_ERR_CUDA. */
MM_API mm_status mm_subdiv_level_sharpness(mm_subdiv s, int level, float *h_edges,
                                           float *h_vertices);

/* mm_subdiv_matrix: a subdivision matrix of a static-mode handle (paper
 * §6.3): (l, l + 1) gives R_l (eq. 21: P_{l+1} = R_l P_l, |V_{l+1}| × |V_l|),
 * (0, levels) the composite R = R_{L−1} … R_0 (eq. 22, |V_L| × |V_0|; R_0
 * itself when levels = 1, the identity when levels = 0). Rows are refined
 * vertices in DESIGN §3's order (Catmull-Clark: updated vertices, face points,
 * edge points; Loop: updated vertices, edge points; √3: updated vertices,
 * face points, odd levels' boundary points), columns sorted in each row,
 * every row summing to 1.
 *   Returns a borrowed CSR matrix with FLOAT64 values (explicit pointer), in
 *   the backend's memory, valid while s is; export it with mm_matrix_export
 *   (host arrays). NULL for a dynamic-mode handle, a NULL s, or any other
 *   (from, to). Under MM_STATIC_LEVELS with 2 levels or more the composite
 *   is made at its first request (by the SpGEMMs the build would have run,
 *   so the same matrix bit for bit) and kept with s; a request that cannot
 *   make it (memory) returns NULL with the reason in mm_last_error and
 *   leaves s as it was.
 *   Properties: built on the backend by mapped SpGEMM (R_l = S_l K_l from the
 *   generic path's level data, then R by SpGEMMs of the R_l); identical
 *   structure on CPU and CUDA, values to rounding. Static evaluation of
 *   float32 data multiplies by a float32 copy of the values it reads.
 *   Example: a 3 × 3 grid of quads (vertex id 4y + x), static mode, levels 1:
 *   row 5 (an interior vertex) of R_0 = mm_subdiv_matrix(s, 0, 1) has 9/16 at
 *   5, 3/32 at its edge neighbours 1, 4, 6, 9 and 1/64 at 0, 2, 8, 10; row 1
 *   (a boundary vertex) 3/4 at 1 and 1/8 at 0 and 2. */
MM_API mm_matrix mm_subdiv_matrix(mm_subdiv s, int from, int to);

/* Frees s and sets *s to NULL; NULL is allowed. */
MM_API void mm_subdiv_free(mm_subdiv *s);


/* --- Limit evaluation (docs/limit.md) ------------------------------------- */

/* mm_subdiv_limit: the limit positions and the two limit tangents of every
 * vertex of mesh, taken as the last level of a refinement (e.g. mm_subdivide's
 * result, which carries the level's creases and corners as tags), by
 * OpenSubdiv Far's PrimvarRefiner::Limit rules for opts->scheme: each
 * vertex's rule (smooth and dart, crease, corner) from the sharpness of its
 * edges and its own (semi-sharp counts as sharp; boundary edges are
 * infinitely sharp; with EDGE_AND_CORNER a vertex in one face is a corner),
 * then Sdc's limit masks: Catmull-Clark's and Loop's smooth, crease/boundary
 * and corner position and tangent masks, their regular-valence forms and the
 * tangent scales Far uses. Normals: normalize(T1 × T2).
 *   ctx   the mesh's context        mesh  in (its faces, tags, boundary rule)
 *   opts  host, in: scheme (Catmull-Clark or Loop) and boundary
 *         (MM_BOUNDARY_OF_MESH: the mesh's; NONE evaluates as EDGE_ONLY, as
 *         Far's limit does: it ignores holes); levels, path, mode, creasing
 *         are not used (the mesh's tags are the level's sharpness)
 *   X     |V| × d vertex data, float32 or float64, in; NULL: the mesh's own
 *   P     out: a new |V| × d array of X's type, the limit positions
 *   T1, T2 out: new arrays as P, the tangents; either may be NULL to skip it
 * The tangents follow OpenSubdiv's order of each vertex's edges in a Far
 * level built from this mesh (Vtr: counter-clockwise; on a boundary from
 * the boundary edge leaving the vertex, inside from the edge leaving it in
 * its lowest-numbered face). Far's own refined levels order an inner vertex
 * by its refinement history, which a mesh does not carry: against them the
 * positions and T1 × T2 agree, and T1, T2 of an inner vertex may be turned
 * within the tangent plane (docs/limit.md).
 * A vertex in no face keeps its point, with zero tangents (as in Far).
 *   Properties: the masks are three |V| × |V| CSR matrices built on the host
 *   (one walk around each vertex), applied on the context's backend with
 *   static mode's SpMV (summed in double); deterministic.
 *   Errors: MM_ERR_INVALID_ARGUMENT (NULL mesh, opts or P; another context's
 *   mesh or X; sqrt(3); an unknown scheme or boundary rule; X not float32 or
 *   float64, or not |V| rows; X NULL and the mesh without vertex data),
 *   MM_ERR_INVALID_MESH (faces repeating a vertex; Loop on a face that is not
 *   a triangle; with T1 or T2 asked for, a vertex that is not a 2-manifold
 *   one: on an edge of more than two faces or passed twice the same way, or
 *   whose faces form several fans, where Far's edge order is arbitrary; the
 *   message names the vertex or face), MM_ERR_OUT_OF_MEMORY, MM_ERR_CUDA.
 *   Positions alone (T1 = T2 = NULL) are evaluated at such a vertex too: Far
 *   sharpens it into a corner (it stays), or inside a fin (on two edges of
 *   more faces, no boundary) a crease along those two edges.
 *   Example: a 3 × 3 grid of quads refined once (EDGE_ONLY): an inner
 *   vertex of valence 4 goes to 4/9 p + 1/9 Σ edge neighbours + 1/36 Σ
 *   diagonal neighbours; a boundary vertex to 2/3 p + 1/6 (its two
 *   neighbours along the boundary), the grid's corners too (with
 *   EDGE_AND_CORNER they stay where they are). */
MM_API mm_status mm_subdiv_limit(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *opts,
                                 mm_dense X, mm_dense *P, mm_dense *T1, mm_dense *T2);

/* mm_subdiv_eval_limit: the limit positions P and tangents T1, T2 of the last
 * level's vertices for control data X0, as mm_subdiv_eval then
 * mm_subdiv_limit on the refined level (the same values, to rounding), with
 * the limit masks built once, at the first call, and kept in s. In
 * MM_MODE_STATIC the masks are multiplied into the composite R (eq. 22) at
 * that call, so that each evaluation is one SpMV per output from the cage
 * straight to the limit surface: L_P R, L_T1 R, L_T2 R.
 *   s   a built handle (Catmull-Clark or Loop)     X0  |V_0| × d, float32/64
 *   P   out, |V_L| × d of X0's type; T1, T2 the same, or NULL to skip them
 * Errors: those of mm_subdiv_eval and mm_subdiv_limit (√3; a last level that
 * is not a 2-manifold). */
MM_API mm_status mm_subdiv_eval_limit(mm_subdiv s, mm_dense X0, mm_dense *P, mm_dense *T1,
                                      mm_dense *T2);

#ifdef __cplusplus
}
#endif
#endif
