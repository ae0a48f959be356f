/* specialized_driver.c: the driver the specialized paths share
 * (specialized_driver.h). */
#include "specialized_driver.h"

#include <string.h>

#include "../core/context_impl.h"
#include "../core/cuda_backend.h"
#include "../core/error.h"
#include "../core/memory.h"
#include "../core/timer.h"
#include "../kernels/edge_sort.h"
#include "../mesh/mesh_impl.h"
#include "../spla/dense_ops.h"
#include "../spla/transpose.h"
#include "generic_rules.h"
#include "meshmat/ops.h"

int64_t mmi_sp_u32_bytes(int64_t n)
{
    return n * (int64_t)sizeof(uint32_t);
}

void mmi_sp_free_u32(mm_context ctx, uint32_t **p, int64_t n)
{
    mmi_free(ctx, mmi_backend_memory(ctx), *p, mmi_sp_u32_bytes(n));
    *p = NULL;
}

mm_status mmi_sp_alloc_u32(mm_context ctx, uint32_t **p, int64_t n)
{
    return mmi_alloc(ctx, mmi_backend_memory(ctx), mmi_sp_u32_bytes(n), (void **)p);
}

/* Level l's M (faces of the scheme's order, uniform), and its side codes
 * when with_side. */
static mm_status alloc_level(mm_context ctx, mmi_sp_state *s, int l, int with_side)
{
    mm_status st = MM_OK;
    mmi_sp_level *y = &s->lv[l];
    MM_TRY(mmi_matrix_alloc(ctx, &y->M, MM_FORMAT_CSC, MM_TYPE_PATTERN, y->n.vertices,
                            y->n.faces, y->n.nnz, s->scheme->order));
    if (with_side) MM_TRY(mmi_sp_alloc_u32(ctx, &y->side, y->n.nnz));
done:
    return st;
}

/* Level l's edge sides (2 |E|) where the point rules read them below level
 * 0: levels below L − 1 (the last step reads level L − 2's). */
static mm_status alloc_edge_sides(mm_context ctx, mmi_sp_state *s, int l)
{
    mmi_sp_level *x = &s->lv[l];
    if (l + 1 >= s->opts.levels) return MM_OK;
    return mmi_sp_alloc_u32(ctx, &x->edge_sides, 2 * x->n.edges);
}

mm_status mmi_sp_alloc_extra(mm_context ctx, mmi_sp_state *s, int l, int slot, int64_t n)
{
    mmi_sp_extra *e = &s->lv[l].extra[slot];
    e->n = n;
    return mmi_sp_alloc_u32(ctx, &e->p, n);
}

/* Level l + 1's edge list from level l's, by the generic path's formula
 * (rule: the scheme's child_edges). */
static mm_status child_ends(mm_context ctx, mmi_sp_state *s, int l, int rule)
{
    mm_status st = MM_OK;
    mmi_sp_level *x = &s->lv[l], *y = &s->lv[l + 1];
    mmi_generic_args c = {0};
    c.rule = rule;
    c.nv = x->n.vertices;
    c.nf = x->n.faces;
    c.ne = x->n.edges;
    c.ends = x->ends;
    c.quads = y->M->rows;
    MM_TRY(mmi_sp_alloc_u32(ctx, &y->ends, 2 * y->n.edges));
    c.out_ends = y->ends;
    MM_TRY(mmi_generic_run(ctx, &c, y->n.edges));
done:
    return st;
}

mmi_sk_level mmi_sp_view(const mmi_sp_state *s, int l)
{
    const mmi_sp_level *x = &s->lv[l];
    mmi_sk_level v = {0};
    v.nv = x->n.vertices;
    v.nf = x->n.faces;
    v.ne = x->n.edges;
    v.nnz = x->n.nnz;
    v.ptr = l > 0 ? NULL : x->M->ptr;
    v.uniform = l > 0 ? s->scheme->order : x->M->uniform;
    v.verts = x->M ? x->M->rows : NULL; /* levels ≥ 1 not stored: counts only */
    v.side = x->side;
    v.edge_sides = x->edge_sides;
    v.face_of = x->face_of;
    return v;
}

/* Level 0's Mᵀ as the level-0 vertex rules see it (empty once freed: only
 * level 0's rules read it). */
static mmi_sk_vertex_faces vertex_faces(const mmi_sp_state *s)
{
    mmi_sk_vertex_faces vt = {NULL, NULL, NULL, NULL};
    if (s->Mt) {
        vt.ptr = s->Mt->ptr;
        vt.faces = s->Mt->rows;
        vt.slots = (const int32_t *)s->Mt->values;
    }
    return vt;
}

/* The words of level l's edge sides and ends: 2 |E|, but level 0's are
 * sized by its corners, before the sort's edge count reaches the host
 * (edge_sort.h). */
static int64_t edge_words(const mmi_sp_state *s, int l)
{
    return 2 * (l == 0 ? s->lv[0].n.nnz : s->lv[l].n.edges);
}

static void free_level(mm_context ctx, mmi_sp_state *s, int l)
{
    mmi_sp_level *x = &s->lv[l];
    if (l > 0) mm_matrix_free(&x->M);
    mmi_sp_free_u32(ctx, &x->side, x->n.nnz);
    mmi_sp_free_u32(ctx, &x->edge_sides, edge_words(s, l));
    mmi_sp_free_u32(ctx, &x->ends, edge_words(s, l));
    mmi_sp_free_u32(ctx, &x->face_of, x->n.nnz);
    for (int e = 0; e < MMI_SP_EXTRAS; ++e) mmi_sp_free_u32(ctx, &x->extra[e].p, x->extra[e].n);
}

static void free_replay(mm_context ctx, mmi_sp_replay *p);

static void sp_free(mm_context ctx, void *state)
{
    mmi_sp_state *s = state;
    if (s == NULL) return;
    for (int l = 0; l <= s->opts.levels && l < MMI_SK_MAX_LEVELS; ++l) free_level(ctx, s, l);
    mmi_sharp_set_free(ctx, &s->sharp);
    free_replay(ctx, &s->replay);
    mmi_cuda_side_free(&s->beside);
    mm_matrix_free(&s->Mt);
    mmi_free(ctx, MM_MEMORY_HOST, s, sizeof *s);
}

/* Level 0's corner → face array where its faces have several orders (every
 * rule then finds a corner's face in one load, corner_level.h's sk_face). */
static mm_status level0_faces(mm_context ctx, mmi_sp_state *s)
{
    mm_status st = MM_OK;
    mmi_sp_level *x = &s->lv[0];
    if (x->M->uniform > 0) return MM_OK;
    MM_TRY(mmi_sp_alloc_u32(ctx, &x->face_of, x->n.nnz));
    mmi_sk_args g = {0};
    g.lv[0] = mmi_sp_view(s, 0);
    g.rule = MMI_SK_FACE_OF;
    g.count = x->n.faces;
    g.out_face_of = x->face_of;
    MM_TRY(mmi_sk_run(ctx, &g));
done:
    return st;
}

/* Level 0's edges without an SpGEMM (Alg. 2, edge_sort.h): each corner's
 * side code, each edge's sides and (keep_ends) its ends, in DESIGN §3's
 * order; report gets the flag of what the sort shows against the input
 * rules and the edge count. */
static mm_status level0_edges(mm_context ctx, mmi_sp_state *s, int keep_ends, uint32_t *report)
{
    mmi_sp_level *x = &s->lv[0];
    mmi_sk_level lv0 = mmi_sp_view(s, 0);
    mmi_sorted_edges e;
    mm_status st = mmi_sort_edges(ctx, &lv0, keep_ends, report, s->scheme->edges_stage, &e);
    x->side = e.side;
    x->edge_sides = e.edge_sides;
    x->ends = e.ends;
    return st;
}

/* The counts of every level, within the specialized paths' ids: edges below
 * 2^30 (side codes keep two bits), corners below 2^32 − 1; that bound comes
 * before level MMI_SK_MAX_LEVELS. */
static mm_status level_counts(mm_context ctx, mmi_sp_state *s)
{
    mm_status st = MM_OK;
    mm_subdiv_counts n = s->lv[0].n, next;
    for (int l = 0; l <= s->opts.levels; ++l) {
        if (l > 0) MM_TRY(s->scheme->next_counts(ctx, l - 1, &n, &next));
        if (l > 0) n = next;
        if (n.edges >= ((int64_t)1 << 30) || n.nnz >= (int64_t)UINT32_MAX ||
            l >= MMI_SK_MAX_LEVELS)
            MM_FAIL(ctx, MM_ERR_OVERFLOW,
                    "level %d would have %lld edges and %lld corners; the specialized path "
                    "numbers edges below 2^30 and corners below 2^32 - 1 (use the generic path)",
                    l, (long long)n.edges, (long long)n.nnz);
        s->lv[l].n = n;
    }
done:
    return st;
}

/* The input rules: the device check over Mᵀ (report: its flag, then level
 * 0's edge count from the sort, read back together), then the faces' orders
 * where the scheme takes triangles only, in the generic path's order. */
static mm_status check_input(mm_context ctx, mm_mesh mesh, mmi_sp_state *s, uint32_t *report)
{
    mm_status st = MM_OK;
    uint32_t got[2];
    int stage = mmi_stage_begin(ctx, "input_check");
    mmi_sk_level lv0 = mmi_sp_view(s, 0);
    MM_TRY(mmi_subdiv_check_fans(ctx, &lv0, s->Mt, report));
    MM_TRY(mmi_copy(ctx, got, MM_MEMORY_HOST, report, mmi_backend_memory(ctx), sizeof got));
    s->lv[0].n.edges = got[1];
    if (got[1] >= (uint32_t)1 << 30)
        MM_FAIL(ctx, MM_ERR_OVERFLOW, "the mesh has %lld edges; the specialized path numbers "
                "edges below 2^30 (use the generic path)", (long long)got[1]);
    if (got[0]) {
        int nonmanifold;
        MM_TRY(mmi_subdiv_check_mesh(ctx, mesh, &nonmanifold));
        if (nonmanifold) MM_TRY(MMI_NONMANIFOLD); /* no message: subdiv.c reroutes */
    }
    if (s->scheme->triangles) MM_TRY(mmi_subdiv_check_triangles(ctx, mesh->M, s->scheme->scheme));
done:
    mmi_stage_end(ctx, stage);
    return st;
}

/* Level l + 1's id of the point on level l's edge 0 (DESIGN §3: Catmull-Clark
 * numbers the face points first). */
static uint32_t edge_point_base(const mmi_sp_state *s, int l)
{
    const mmi_sp_level *x = &s->lv[l];
    int faces = s->scheme->scheme == MM_SCHEME_CATMULL_CLARK;
    return (uint32_t)(x->n.vertices + (faces ? x->n.faces : 0));
}

/* The sharp set of mesh's tags through every level (sharp_levels.h), queued
 * with no host read: the tags are checked at the route's end. */
static mm_status sharp_set(mm_context ctx, mm_mesh mesh, mmi_sp_state *s)
{
    mmi_sk_level lv0 = mmi_sp_view(s, 0);
    for (int l = 0; l < s->opts.levels; ++l) s->ep_base[l] = edge_point_base(s, l);
    return mmi_sharp_build(ctx, mesh, &lv0, vertex_faces(s), s->lv[0].ends,
                           s->opts.boundary == MM_BOUNDARY_EDGE_AND_CORNER, s->opts.levels,
                           s->opts.creasing == MM_CREASING_CHAIKIN, s->scheme->order, s->ep_base,
                           &s->sharp);
}

/* The end of the route for a tagged mesh: its tags checked, and the last
 * level's as out's tags (out NULL: none). */
static mm_status finish_sharp(mm_context ctx, mm_mesh mesh, mmi_sp_state *s, mm_mesh out)
{
    mm_status st = MM_OK;
    if (!s->tagged) return MM_OK;
    MM_TRY(mmi_sharp_check_tags(ctx, mesh, &s->sharp));
    if (out) MM_TRY(mmi_sharp_carry_tags(ctx, &s->sharp, s->opts.levels, s->ep_base, out));
done:
    return st;
}

/* A scheme's steps: its own file's (catmark_specialized.c,
 * loop_specialized.c, sqrt3_specialized.c), NULL for an unknown scheme. */
static const mmi_sp_scheme *steps_of(mm_scheme scheme)
{
    switch (scheme) {
    case MM_SCHEME_CATMULL_CLARK: return &mmi_catmark_steps;
    case MM_SCHEME_LOOP: return &mmi_loop_steps;
    case MM_SCHEME_SQRT3: return &mmi_sqrt3_steps;
    }
    return NULL;
}

/* The state of level 0, the input checked: its edges, Mᵀ and the counts of
 * all levels. The sort, Mᵀ and the device check are queued back to back;
 * their one host read is check_input's. */
static mm_status start(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *opts,
                       int keep_ends, mmi_sp_state **state)
{
    mm_status st = MM_OK;
    mmi_sp_state *s = NULL;
    uint32_t *report = NULL;
    MM_TRY(mmi_alloc(ctx, MM_MEMORY_HOST, sizeof *s, (void **)&s));
    static const mmi_sp_state empty = {0};
    *s = empty;
    s->opts = *opts;
    s->scheme = steps_of(opts->scheme);
    *state = s;
    mmi_sp_level *x = &s->lv[0];
    x->M = mesh->M;
    x->n.vertices = mesh->M->nrows;
    x->n.faces = mesh->M->ncols;
    x->n.nnz = mesh->M->nnz;
    s->tagged = mesh->num_creases + mesh->num_corners > 0;
    MM_TRY(mmi_sp_alloc_u32(ctx, &report, 2));
    MM_TRY(mmi_zero(ctx, report, mmi_backend_memory(ctx), mmi_sp_u32_bytes(2)));
    MM_TRY(level0_faces(ctx, s));
    MM_TRY(level0_edges(ctx, s, keep_ends || s->tagged, report));
    MM_TRY(mmi_matrix_transpose(ctx, mesh->M, &s->Mt));
    MM_TRY(check_input(ctx, mesh, s, report));
    MM_TRY(level_counts(ctx, s));
    if (s->scheme->level0_ready) MM_TRY(s->scheme->level0_ready(ctx, s));
    if (s->tagged) MM_TRY(sharp_set(ctx, mesh, s));
done:
    mmi_sp_free_u32(ctx, &report, 2);
    return st;
}

static void free_rings(mm_context ctx, mmi_sp_rings *r)
{
    mmi_free(ctx, mmi_backend_memory(ctx), r->sums, r->n * r->row_bytes);
    mmi_sp_free_u32(ctx, &r->kinds, r->n);
    mmi_free(ctx, mmi_backend_memory(ctx), r->moves, r->move_values * (int64_t)sizeof(double));
    r->sums = NULL, r->moves = NULL;
}

mm_status mmi_sp_fork(mm_context ctx, const mmi_sp_state *s)
{
    return s->side ? mmi_cuda_side_fork(ctx, s->side) : MM_OK;
}

void mmi_sp_back(mm_context ctx, const mmi_sp_state *s)
{
    if (s->side) mmi_cuda_side_back(ctx, s->side);
}

mm_status mmi_sp_join(mm_context ctx, const mmi_sp_state *s, mm_status st)
{
    mm_status join = s->side ? mmi_cuda_side_join(ctx, s->side) : MM_OK;
    return st != MM_OK ? st : join;
}

int mmi_sp_always(const mmi_sp_state *s)
{
    (void)s;
    return 1;
}

/* Whether the step before the last writes the last level's rows of the
 * vertices it moves (mmi_sk_data's final), so that no ring sums pass between
 * the last two steps: a scheme's choice, from level 1 on (level 0's gathers
 * keep their sums). The sharp set's corrections then move those rows where
 * they would have moved the sums (sharp_final_move). */
static int final_rows(const mmi_sp_state *s)
{
    return s->scheme->final_rows && s->scheme->final_rows(s) && s->opts.levels >= 3;
}

/* The ring sums of an evaluation of X: vertices of level L − 2, the last
 * whose sums are kept (L − 3 where final_rows holds; none for one level). */
static mm_status alloc_rings(mm_context ctx, const mmi_sp_state *s, mm_dense X, mmi_sp_rings *r)
{
    mm_status st = MM_OK;
    int64_t size = (int64_t)mm_type_size(X->type);
    *r = (mmi_sp_rings){NULL, NULL, 0, s->scheme->ring_sums * X->d * size, NULL, 0};
    if (s->opts.levels < 2) return MM_OK;
    r->n = s->lv[s->opts.levels - (final_rows(s) ? 3 : 2)].n.vertices;
    MM_TRY(mmi_alloc(ctx, mmi_backend_memory(ctx), r->n * r->row_bytes, &r->sums));
    MM_TRY(mmi_sp_alloc_u32(ctx, &r->kinds, r->n));
    if (s->tagged) {
        r->move_values = mmi_sharp_move_values(&s->sharp, X->d);
        MM_TRY(mmi_alloc(ctx, mmi_backend_memory(ctx), r->move_values * (int64_t)sizeof(double),
                         (void **)&r->moves));
    }
done:
    if (st != MM_OK) free_rings(ctx, r);
    return st;
}

/* Level l + 1's topology from level l: its M, and below the last level its
 * side codes and edge sides where the rules read them (or, for the side
 * codes, the edge lists of a build), made by the scheme's rule; keep_ends
 * adds its edge list. */
static mm_status refine_topology(mm_context ctx, mmi_sp_state *s, int l, int keep_ends)
{
    mm_status st = MM_OK;
    const mmi_sp_scheme *k = s->scheme;
    mmi_sp_level *y = &s->lv[l + 1];
    int below = l + 1 < s->opts.levels;
    int stage = mmi_stage_begin(ctx, k->topology_stage);
    MM_TRY(alloc_level(ctx, s, l + 1, below && (k->reads_sides || keep_ends)));
    if (k->reads_sides) MM_TRY(alloc_edge_sides(ctx, s, l + 1));
    mmi_sk_child_args g = {0};
    g.level = l;
    for (int m = 0; m <= l; ++m) g.lv[m] = mmi_sp_view(s, m);
    g.out_faces = y->M->rows;
    g.out_side = y->side;
    g.out_edge_sides = y->edge_sides;
    MM_TRY(k->topology(ctx, s, l, keep_ends, &g));
    if (keep_ends && k->child_edges >= 0) MM_TRY(child_ends(ctx, s, l, k->child_edges));
done:
    mmi_stage_end(ctx, stage);
    return st;
}

/* Level l + 1's vertex data from level l's P into *Y: the array given (the
 * last level of an evaluation into the caller's), or where *Y is NULL a new
 * one; at level 0 the scheme's gathers, below its passes over level l − 1;
 * with faces (the last step of the fused route) level l + 1's faces too,
 * from level l − 1. At level 0, ring_next holds exactly when r has sums:
 * both mean that a second level follows. last: the last level's array, made
 * before the step before the last, where final_rows holds; else NULL. */
static mm_status refine_points(mm_context ctx, mmi_sp_state *s, int l, mm_dense P, mm_dense *Y,
                               const mmi_sp_rings *r, int faces, mm_dense last, int early)
{
    mm_status st = MM_OK;
    const mmi_sp_scheme *k = s->scheme;
    int stage = mmi_stage_begin(ctx, k->points_stage), made = *Y == NULL;
    int L = s->opts.levels, fin = last != NULL && final_rows(s);
    if (made) MM_TRY(mmi_dense_alloc(ctx, Y, s->lv[l + 1].n.vertices, P->d, P->type));
    mmi_sk_data data = {P->data, (*Y)->data, P->d, P->type == MM_TYPE_FLOAT64, r->sums,
                        l + 1 < L && !(fin && l == L - 2), r->kinds,
                        fin && l == L - 2 ? last->data : NULL, fin && l == L - 1, s->tagged,
                        early};
    if (l == 0) {
        mmi_sk_points0_args g = {s->opts.boundary == MM_BOUNDARY_EDGE_AND_CORNER,
                                 mmi_sp_view(s, 0), vertex_faces(s), data, NULL};
        MM_TRY(k->level0_points(ctx, s, &g));
    } else {
        if (k->ready) MM_TRY(k->ready(ctx, s, l));
        if (faces) MM_TRY(alloc_level(ctx, s, l + 1, 0));
        mmi_sk_points_args g = {0};
        g.level = l;
        for (int m = 0; m <= l; ++m) g.lv[m] = mmi_sp_view(s, m);
        g.data = data;
        g.out_faces = faces ? s->lv[l + 1].M->rows : NULL;
        MM_TRY(k->points(ctx, s, l, &g));
    }
    if (s->tagged) { /* the points the sharp set moves (sharp_rules.h), a stage apart */
        mmi_stage_end(ctx, stage);
        stage = mmi_stage_begin(ctx, "sharp_points");
        MM_TRY(mmi_sharp_correct(ctx, &s->sharp, l, s->ep_base, &data, k->ring_sums * data.d,
                                 r->moves));
    }
done:
    mmi_stage_end(ctx, stage);
    if (st != MM_OK && made) mm_dense_free(Y);
    return st;
}

static mm_status sp_build(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *opts,
                          void **state)
{
    mm_status st = MM_OK;
    mmi_sp_state *s = NULL;
    st = start(ctx, mesh, opts, 1, &s);
    *state = s;
    if (st != MM_OK) return st;
    for (int l = 0; l < opts->levels; ++l) {
        MM_TRY(refine_topology(ctx, s, l, 1));
        mmi_subdiv_progress(opts, "build", l + 1);
    }
    MM_TRY(finish_sharp(ctx, mesh, s, NULL));
    if (s->tagged) MM_TRY(mmi_sharp_rank(ctx, &s->sharp));
done:
    return st;
}

/* Every level's points from X0 into XL (the last level straight there):
 * the levels between into kept[l] where given (a replay's), else into new
 * arrays freed as soon as the next level is made. */
static mm_status eval_levels(mm_context ctx, mmi_sp_state *s, mm_dense X0, mm_dense XL,
                             const mmi_sp_rings *r, mm_dense const *kept)
{
    mm_status st = MM_OK;
    int L = s->opts.levels;
    mm_dense X = X0;
    for (int l = 0; l < L; ++l) {
        mm_dense Y = l + 1 == L ? XL : kept ? kept[l + 1] : NULL;
        MM_TRY(refine_points(ctx, s, l, X, &Y, r, 0, XL, 1));
        if (X != X0 && !kept) mm_dense_free(&X);
        X = Y;
        mmi_subdiv_progress(&s->opts, "eval", l + 1);
    }
done:
    if (X != X0 && X != XL && !kept) mm_dense_free(&X);
    return st;
}

/* Evaluations on CUDA are replayed: a small mesh's time is the host's
 * launches and allocations of a few kernels per level (65 µs a call for
 * spot's cage to level 4 on an H100), which one graph launch replaces; on a
 * large one the GPU waits for them through the first levels (eval_into of
 * spot's cage to 3.0M quads 92 → 80 µs, to 48.0M 651 → 633 µs on the H200).
 * Up to this many values in the last level (8 GiB of float32): the levels
 * between are kept, about a third of it, where a direct evaluation leaves
 * nearly as much in the context's pool, which keeps its memory (its last
 * two levels': 5/16 of it for Catmull-Clark and Loop). At 2^28 four of the
 * suite's seven evaluations at d = 12 of 30M faces or more did not replay; at
 * 2^31 they run 1.5–2.6% faster (armadillo's Loop L5 0.959 → 0.935 ms, spot's L9 1.548 → 1.511,
 * bench/results/eval-replay-wide). Never with stage timers or a progress
 * callback (neither could report from a replay). A tagged mesh's
 * corrections (mmi_sharp_correct) are a launch a level over counts the
 * build fixed, so they replay too. */
#define MMI_REPLAY_MAX_VALUES ((int64_t)1 << 31)

static int replayable(mm_context ctx, const mmi_sp_state *s, mm_dense XL)
{
    return ctx->backend == MM_BACKEND_CUDA && !ctx->timing && s->opts.progress == NULL &&
           s->opts.levels > 0 && XL->n * XL->d <= MMI_REPLAY_MAX_VALUES &&
           !(s->direct_d == XL->d && s->direct_type == XL->type);
}

static void free_replay(mm_context ctx, mmi_sp_replay *p)
{
    mmi_cuda_graph_destroy(p->exec);
    mmi_cuda_stream_destroy(p->stream);
    for (int l = 0; l < MMI_SK_MAX_LEVELS; ++l) mm_dense_free(&p->Y[l]);
    free_rings(ctx, &p->rings);
    *p = (mmi_sp_replay){0};
}

/* The replay's arrays for X0's width and type (made anew when they change),
 * and what the schemes' ready steps make once: nothing is allocated while
 * the work is captured. */
static mm_status replay_arrays(mm_context ctx, mmi_sp_state *s, mm_dense X0)
{
    mm_status st = MM_OK;
    mmi_sp_replay *p = &s->replay;
    if (p->stream != NULL && p->d == X0->d && p->type == X0->type) return MM_OK;
    free_replay(ctx, p);
    p->d = X0->d, p->type = X0->type;
    MM_TRY(mmi_cuda_stream_new(ctx, &p->stream));
    MM_TRY(alloc_rings(ctx, s, X0, &p->rings));
    for (int l = 1; l < s->opts.levels; ++l)
        MM_TRY(mmi_dense_alloc(ctx, &p->Y[l], s->lv[l].n.vertices, X0->d, X0->type));
    for (int l = 1; l < s->opts.levels && s->scheme->ready; ++l)
        MM_TRY(s->scheme->ready(ctx, s, l));
done:
    if (st != MM_OK) free_replay(ctx, p);
    return st;
}

/* The evaluation as a graph: captured on the replay's stream the first time
 * and whenever X0 or XL moved (the kernels hold their pointers), then
 * launched on the context's stream, ordered after the caller's work there. */
static mm_status replay_eval(mm_context ctx, mmi_sp_state *s, mm_dense X0, mm_dense XL)
{
    mm_status st = MM_OK;
    mmi_sp_replay *p = &s->replay;
    MM_TRY(replay_arrays(ctx, s, X0));
    if (p->exec == NULL || p->x0 != X0->data || p->xl != XL->data) {
        void *stream = ctx->stream;
        ctx->stream = p->stream;
        st = mmi_cuda_capture_begin(ctx);
        if (st == MM_OK) {
            st = eval_levels(ctx, s, X0, XL, &p->rings, p->Y);
            mm_status end = mmi_cuda_capture_end(ctx, st == MM_OK, &p->exec);
            if (st == MM_OK) st = end;
        }
        ctx->stream = stream;
        if (st != MM_OK) goto done;
        p->x0 = X0->data, p->xl = XL->data;
    }
    MM_TRY(mmi_cuda_graph_launch(ctx, p->exec));
done:
    if (st != MM_OK) free_replay(ctx, p);
    return st;
}

/* An evaluation's side stream (mmi_sp_fork), made by its handle's first
 * evaluation on CUDA and kept, where a step below level 0 forks (two levels
 * or more, on a scheme whose points fork there). mm_subdivide's one-off
 * route keeps one stream: there the overlap gained nothing measurable and a
 * stream and two events made on every call cost host time
 * (bench/results/side-stream). */
static mm_status side_stream(mm_context ctx, mmi_sp_state *s)
{
    const mmi_sp_scheme *k = s->scheme;
    if (ctx->backend != MM_BACKEND_CUDA || s->side != NULL || s->opts.levels < 2 ||
        !k->forks || !k->forks(s))
        return MM_OK;
    mm_status st = mmi_cuda_side_new(ctx, &s->beside);
    if (st == MM_OK) s->side = &s->beside;
    return st;
}

/* The direct route: each level's data allocated in turn and freed after the
 * next is made. */
static mm_status direct_eval(mm_context ctx, mmi_sp_state *s, mm_dense X0, mm_dense XL)
{
    mm_status st = MM_OK;
    mmi_sp_rings r = {NULL, NULL, 0, 0, NULL, 0};
    MM_TRY(alloc_rings(ctx, s, X0, &r));
    MM_TRY(eval_levels(ctx, s, X0, XL, &r, NULL));
done:
    free_rings(ctx, &r);
    return st;
}

/* A replay that runs out of memory (its arrays, capture or launch; it has
 * freed what it made) falls back to the direct route, whose peak is lower:
 * two levels at a time, not every level between. Where that fits, the
 * handle evaluates this width and type directly from then on rather than
 * failing the replay's allocations at every call, and the context's last
 * error stays that of its last failed call (this one succeeded); where it
 * does not, the next call tries the replay again. */
static mm_status sp_eval(mm_context ctx, void *state, mm_dense X0, mm_dense XL)
{
    mmi_sp_state *s = state;
    mm_status st = mmi_subdiv_check_data(ctx, X0);
    if (st != MM_OK) return st;
    if (s->opts.levels == 0) return mmi_dense_scale_add(ctx, NULL, X0, 0.0, XL);
    if ((st = side_stream(ctx, s)) != MM_OK) return st;
    if (!replayable(ctx, s, XL)) return direct_eval(ctx, s, X0, XL);
    char last_error[sizeof ctx->error];
    memcpy(last_error, ctx->error, strlen(ctx->error) + 1);
    st = replay_eval(ctx, s, X0, XL);
    if (st != MM_ERR_OUT_OF_MEMORY) return st;
    st = direct_eval(ctx, s, X0, XL);
    if (st != MM_OK) return st;
    s->direct_d = XL->d, s->direct_type = XL->type;
    memcpy(ctx->error, last_error, strlen(last_error) + 1);
    return MM_OK;
}

/* The fused route of mm_subdivide. Step l computes level l + 1's vertex data
 * from level l − 1's topology (level 0's at step 0), then the topology the
 * steps after it read: level l + 1's faces and side codes (and the scheme's
 * edge sides) while l + 1 ≤ L − 2; the last step makes level L's faces from
 * level L − 2 with its vertex data (refine_points with faces). So level
 * L − 1's topology is never stored, and each level's is freed after the
 * step that reads it last: the peak is the last level's faces and data, level
 * L − 1's data, the ring sums of level L − 2's vertices and its topology.
 * Where the scheme folds (√3 on a closed mesh), level L − 2's topology is
 * not stored either: the last step makes it from level L − 3's, kept until
 * then, sparing a pass that wrote it and the last step's reading it. */
static mm_status sp_subdivide(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *opts,
                              mm_mesh out)
{
    mm_status st = MM_OK;
    mmi_sp_state *s = NULL;
    mm_dense P = mesh->X, last = NULL; /* last: made first where final_rows holds */
    mmi_sp_rings r = {NULL, NULL, 0, 0, NULL, 0};
    int L = opts->levels, fold = 0;
    MM_TRY(mmi_subdiv_check_data(ctx, mesh->X));
    MM_TRY(start(ctx, mesh, opts, 0, &s));
    fold = L >= 3 && s->scheme->folds && s->scheme->folds(s);
    MM_TRY(alloc_rings(ctx, s, mesh->X, &r));
    if (final_rows(s)) MM_TRY(mmi_dense_alloc(ctx, &last, s->lv[L].n.vertices, P->d, P->type));
    for (int l = 0; l < L; ++l) {
        mm_dense Y = l == L - 1 ? last : NULL;
        MM_TRY(refine_points(ctx, s, l, P, &Y, &r, L >= 2 && l == L - 1, last, 0));
        if (Y == last) last = NULL; /* P's from here on */
        if (P != mesh->X) mm_dense_free(&P);
        P = Y;
        if (l == 0) mm_matrix_free(&s->Mt); /* only level 0's point rules read it */
        if (l + 1 <= L - 2 - fold || L == 1) MM_TRY(refine_topology(ctx, s, l, 0));
        if (l >= 1 && !(fold && l == L - 2)) free_level(ctx, s, l - 1);
        mmi_subdiv_progress(opts, "build", l + 1);
        mmi_subdiv_progress(opts, "eval", l + 1);
    }
    MM_TRY(finish_sharp(ctx, mesh, s, out));
    out->M = s->lv[L].M;
    s->lv[L].M = NULL;
    out->X = P;
    P = mesh->X;
done:
    if (P != mesh->X) mm_dense_free(&P);
    mm_dense_free(&last);
    free_rings(ctx, &r);
    sp_free(ctx, s);
    return st;
}

static mm_subdiv_counts sp_counts(const void *state, int level)
{
    return ((const mmi_sp_state *)state)->lv[level].n;
}

static mm_matrix sp_matrix(void *state, int level)
{
    return ((mmi_sp_state *)state)->lv[level].M;
}

static mm_matrix sp_take_matrix(void *state, int level)
{
    mmi_sp_level *x = &((mmi_sp_state *)state)->lv[level];
    mm_matrix M = x->M;
    x->M = NULL;
    return M;
}

static const uint32_t *sp_edges(const void *state, int level)
{
    return ((const mmi_sp_state *)state)->lv[level].ends;
}

static mm_status sp_level_sharpness(mm_context ctx, const void *state, int level,
                                    float *h_edges, float *h_vertices)
{
    const mmi_sp_state *s = state;
    mm_subdiv_counts n = s->lv[level].n;
    return mmi_sharp_level_sharpness(ctx, &s->sharp, level, n.edges, n.vertices, h_edges,
                                     h_vertices);
}

static mm_status sp_carry_tags(mm_context ctx, const void *state, int level, mm_mesh out)
{
    const mmi_sp_state *s = state;
    return s->tagged ? mmi_sharp_carry_tags(ctx, &s->sharp, level, s->ep_base, out) : MM_OK;
}

/* Every scheme's specialized path: the scheme's steps are found by
 * opts->scheme when a route starts. The input rules are checked on the
 * device (check_input). */
static const mmi_subdiv_impl specialized = {
    sp_build, sp_eval,      sp_counts,          sp_matrix,    sp_take_matrix, sp_edges,
    sp_free,  sp_subdivide, sp_level_sharpness, sp_carry_tags, 1};

const mmi_subdiv_impl *mmi_specialized_impl(mm_scheme scheme)
{
    return steps_of(scheme) ? &specialized : NULL;
}
