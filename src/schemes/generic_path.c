/* generic_path.c: the generic paths behind mm_subdiv (subdiv_impl.h), one
 * driver for every scheme: the level counts, the build loop, the evaluation
 * loop and the per-level accessors, over a scheme's level steps
 * (mmi_level_scheme: catmark_build.c / catmark_eval.c, loop_level.c,
 * sqrt3_level.c). Loop and √3 first check that every face is a triangle. */
#include "../core/error.h"
#include "../core/memory.h"
#include "../mesh/mesh_impl.h"
#include "../mesh/mesh_side_edges.h"
#include "../spla/dense_ops.h"
#include "../spla/matrix_impl.h"
#include "catmark.h"
#include "subdiv_impl.h"

typedef struct generic_state {
    mm_subdiv_options opts;
    const mmi_level_scheme *scheme;
    mmi_generic_level *lv; /* levels + 1 */
    int64_t lv_bytes;
} generic_state;

mm_status mmi_cc_next_counts(mm_context ctx, int level, const mm_subdiv_counts *n,
                             mm_subdiv_counts *next)
{
    next->vertices = n->vertices + n->faces + n->edges;
    next->faces = n->nnz;
    next->edges = 2 * n->edges + n->nnz;
    next->nnz = n->nnz > ((int64_t)1 << 60) ? INT64_MAX : 4 * n->nnz;
    return mmi_level_check_counts(ctx, level, next);
}

static mm_status cc_next_counts(mm_context ctx, const mmi_generic_level *lv, mmi_generic_level *next)
{
    return mmi_cc_next_counts(ctx, lv->level, &lv->n, &next->n);
}

static const mmi_level_scheme catmark_levels = {cc_next_counts, mmi_cc_build_level,
                                                mmi_cc_eval_level, mmi_cc_subdivision_matrix};

static void generic_free(mm_context ctx, void *state)
{
    generic_state *s = state;
    if (s == NULL) return;
    if (s->lv != NULL) {
        for (int l = 0; l <= s->opts.levels; ++l) mmi_generic_level_free(ctx, &s->lv[l], l > 0);
        mmi_free(ctx, MM_MEMORY_HOST, s->lv, s->lv_bytes);
    }
    mmi_free(ctx, MM_MEMORY_HOST, s, sizeof *s);
}

/* Level 0 and every level's counts (so an MM_ERR_OVERFLOW comes before any
 * work); the levels are built by mmi_generic_build_level. */
static mm_status generic_start(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *opts,
                               const mmi_level_scheme *scheme, void **state)
{
    mm_status st = MM_OK;
    int L = opts->levels;
    generic_state *s = NULL;
    MM_TRY(mmi_alloc(ctx, MM_MEMORY_HOST, sizeof *s, (void **)&s));
    static const generic_state no_state = {0};
    *s = no_state;
    s->opts = *opts;
    s->scheme = scheme;
    *state = s;
    s->lv_bytes = (int64_t)(L + 1) * (int64_t)sizeof(mmi_generic_level);
    MM_TRY(mmi_alloc(ctx, MM_MEMORY_HOST, s->lv_bytes, (void **)&s->lv));
    static const mmi_generic_level empty = {0};
    for (int l = 0; l <= L; ++l) s->lv[l] = empty, s->lv[l].level = l;
    mmi_generic_level *lv = s->lv;
    lv->M = mesh->M;
    lv->n.vertices = mesh->M->nrows;
    lv->n.faces = mesh->M->ncols;
    lv->n.nnz = mesh->M->nnz;
    int side = 0; /* √3 refuses faces repeating a vertex, and splits no pair twice */
    if (opts->scheme != MM_SCHEME_SQRT3)
        MM_TRY(mmi_mesh_needs_side_edges(ctx, mesh, opts->scheme == MM_SCHEME_LOOP, &side));
    if (side) {
        MM_TRY(mmi_side_level0(ctx, lv, mesh, opts->boundary));
    } else {
        MM_TRY(mmi_generic_enumerate_edges(ctx, lv));
        if (opts->scheme != MM_SCHEME_SQRT3) MM_TRY(mmi_crease_level0(ctx, lv, mesh, opts->boundary));
    }
    /* √3's odd levels need level 0's boundary edges. Its meshes reach here
     * 2-manifold (check_input splits the others), so each edge has one or
     * two of the 3|F| sides: boundary edges = 2|E| − 3|F|. */
    if (opts->scheme == MM_SCHEME_SQRT3) lv->boundary = 2 * lv->n.edges - lv->n.nnz;
    for (int l = 0; l < L; ++l) MM_TRY(scheme->next_counts(ctx, &lv[l], &lv[l + 1]));
done:
    return st;
}

/* Loop and √3 first refuse faces that are not triangles. */
mm_status mmi_generic_start(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *opts,
                            void **state)
{
    mm_status st = MM_OK;
    if (opts->scheme == MM_SCHEME_CATMULL_CLARK)
        return generic_start(ctx, mesh, opts, &catmark_levels, state);
    MM_TRY(mmi_subdiv_check_triangles(ctx, mesh->M, opts->scheme));
    MM_TRY(generic_start(ctx, mesh, opts,
                         opts->scheme == MM_SCHEME_LOOP ? &mmi_loop_levels : &mmi_sqrt3_levels,
                         state));
done:
    return st;
}

mm_status mmi_generic_build_level(mm_context ctx, void *state, int level)
{
    mm_status st = MM_OK;
    generic_state *s = state;
    MM_TRY(s->scheme->build_level(ctx, &s->lv[level], &s->lv[level + 1], &s->opts));
    mmi_subdiv_progress(&s->opts, "build", level + 1);
done:
    return st;
}

static mm_status generic_build(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *opts,
                               void **state)
{
    mm_status st = MM_OK;
    MM_TRY(mmi_generic_start(ctx, mesh, opts, state));
    for (int l = 0; l < opts->levels; ++l) MM_TRY(mmi_generic_build_level(ctx, *state, l));
done:
    return st;
}

static mm_status generic_eval(mm_context ctx, void *state, mm_dense X0, mm_dense XL)
{
    mm_status st = MM_OK;
    generic_state *s = state;
    int L = s->opts.levels;
    mm_dense X = X0;
    if (L == 0) return mmi_dense_scale_add(ctx, NULL, X0, 0.0, XL);
    for (int l = 0; l < L; ++l) {
        mm_dense Y = XL; /* the last level's */
        if (l + 1 < L) MM_TRY(mmi_dense_alloc(ctx, &Y, s->lv[l + 1].n.vertices, X0->d, X0->type));
        st = s->scheme->eval_level(ctx, &s->lv[l], X, Y);
        if (X != X0) mm_dense_free(&X);
        X = Y;
        MM_TRY(st);
        mmi_subdiv_progress(&s->opts, "eval", l + 1);
    }
done:
    if (X != X0 && X != XL) mm_dense_free(&X);
    return st;
}

static mm_subdiv_counts generic_counts(const void *state, int level)
{
    return ((const generic_state *)state)->lv[level].n;
}

mm_status mmi_generic_subdivision_matrix(mm_context ctx, void *state, int level, mm_matrix *R)
{
    generic_state *s = state;
    return s->scheme->subdivision_matrix(ctx, &s->lv[level], R);
}

void mmi_generic_drop_level(mm_context ctx, void *state, int level)
{
    mmi_generic_level_free(ctx, &((generic_state *)state)->lv[level], 1);
}

static mm_matrix generic_matrix(void *state, int level)
{
    return ((generic_state *)state)->lv[level].M;
}

static mm_matrix generic_take_matrix(void *state, int level)
{
    mmi_generic_level *lv = &((generic_state *)state)->lv[level];
    mm_matrix M = lv->M;
    lv->M = NULL;
    return M;
}

static const uint32_t *generic_edges(const void *state, int level)
{
    return ((const generic_state *)state)->lv[level].ends;
}

void mmi_generic_level_sharpness(const void *state, int level, const float **edges,
                                 const float **vertices, const uint8_t **holes)
{
    const mmi_generic_level *lv = &((const generic_state *)state)->lv[level];
    *edges = lv->sharp ? lv->sharp->data : NULL;
    *vertices = lv->vsharp ? lv->vsharp->data : NULL;
    *holes = lv->hole;
}

const mmi_subdiv_impl mmi_catmark_generic = {generic_build, generic_eval, generic_counts,
                                             generic_matrix, generic_take_matrix,
                                             generic_edges, generic_free, NULL, NULL, NULL, 0};
const mmi_subdiv_impl mmi_loop_generic = {generic_build, generic_eval, generic_counts,
                                          generic_matrix, generic_take_matrix,
                                          generic_edges, generic_free, NULL, NULL, NULL, 0};
const mmi_subdiv_impl mmi_sqrt3_generic = {generic_build, generic_eval, generic_counts,
                                           generic_matrix, generic_take_matrix,
                                           generic_edges, generic_free, NULL, NULL, NULL, 0};

const mmi_subdiv_impl *mmi_generic_impl(mm_scheme scheme)
{
    switch (scheme) {
    case MM_SCHEME_CATMULL_CLARK: return &mmi_catmark_generic;
    case MM_SCHEME_LOOP: return &mmi_loop_generic;
    case MM_SCHEME_SQRT3: return &mmi_sqrt3_generic;
    }
    return NULL;
}
