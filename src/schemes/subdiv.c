/* subdiv.c: the public subdivision API (meshmat/subdiv.h): options, the
 * checks of the input common to all schemes, the choice of the (scheme, path)
 * implementation (subdiv_impl.h), mm_subdivide, and the per-level accessors. */
#include <stdlib.h>

#include "../core/error.h"
#include "../core/handle.h"
#include "../core/memory.h"
#include "../mesh/host_array.h"
#include "../mesh/mesh_fans.h"
#include "../mesh/mesh_impl.h"
#include "../spla/matrix_impl.h"
#include "fvar.h"
#include "generic_level.h"
#include "limit_ops.h"
#include "subdiv_impl.h"
#include "subdiv_static.h"

/* A mesh that is not a 2-manifold is refined as another (reroute):
 * Catmull-Clark and Loop the mesh with its sharpness as tags, √3 the mesh
 * split into one, whose vertices |V| + j copy origin[j] (j < copies). */
typedef struct stand_in {
    mm_mesh mesh;
    uint32_t *origin;
    int64_t copies;
} stand_in;

static void stand_in_free(mm_context ctx, stand_in *t)
{
    mm_mesh_free(&t->mesh);
    mmi_host_array_free(ctx, t->origin, t->copies, sizeof *t->origin);
    *t = (stand_in){0};
}

struct mm_subdiv_s {
    uint32_t magic; /* MMI_MAGIC_SUBDIV (handle.h) */
    mm_context ctx;
    mm_subdiv_options opts;
    const mmi_subdiv_impl *impl;
    void *state;
    mmi_subdiv_static *stat; /* MM_MODE_STATIC only */
    stand_in stand; /* which the build borrows; mm_subdiv_eval adds the copies'
                       rows to the caller's data */
    mmi_limit_ops *limit; /* mm_subdiv_eval_limit's operators, built at its first call */
};

/* Whether s is a live subdivision on an open context (not NULL included). */
static int live(mm_subdiv s)
{
    return s != NULL && MMI_CHECK(NULL, s, MMI_MAGIC_SUBDIV, "s") == MM_OK;
}

mm_subdiv_options mm_subdiv_options_default(void)
{
    mm_subdiv_options o = {MM_SCHEME_CATMULL_CLARK, 1, MM_BOUNDARY_OF_MESH, MM_PATH_AUTO,
                           MM_MODE_DYNAMIC, MM_STATIC_AUTO, NULL, NULL,
                           MM_CREASING_UNIFORM, MM_FVAR_LINEAR_BOUNDARIES};
    return o;
}

/* The implementation of a (scheme, path) pair, or NULL where none is built.
 * MM_PATH_AUTO is the specialized path. */
static const mmi_subdiv_impl *impl_for(mm_scheme scheme, mm_subdiv_path path)
{
    switch (path) {
    case MM_PATH_GENERIC: return mmi_generic_impl(scheme);
    case MM_PATH_SPECIALIZED:
    case MM_PATH_AUTO: return mmi_specialized_impl(scheme);
    }
    return NULL;
}

static const char *scheme_name(mm_scheme scheme)
{
    switch (scheme) {
    case MM_SCHEME_CATMULL_CLARK: return "Catmull-Clark";
    case MM_SCHEME_LOOP: return "Loop";
    case MM_SCHEME_SQRT3: return "sqrt(3)";
    }
    return "?";
}

static mm_status check_options(mm_context ctx, const mm_subdiv_options *o)
{
    if (o->scheme != MM_SCHEME_CATMULL_CLARK && o->scheme != MM_SCHEME_LOOP &&
        o->scheme != MM_SCHEME_SQRT3)
        return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT, "scheme %d is unknown", (int)o->scheme);
    if (o->boundary != MM_BOUNDARY_EDGE_ONLY && o->boundary != MM_BOUNDARY_EDGE_AND_CORNER &&
        o->boundary != MM_BOUNDARY_NONE && o->boundary != MM_BOUNDARY_OF_MESH)
        return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT, "boundary rule %d is unknown",
                        (int)o->boundary);
    if (o->scheme == MM_SCHEME_SQRT3 && o->boundary != MM_BOUNDARY_EDGE_ONLY &&
        o->boundary != MM_BOUNDARY_OF_MESH)
        return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT, "sqrt(3) has one boundary rule (Kobbelt's, "
                        "MM_BOUNDARY_EDGE_ONLY); EDGE_AND_CORNER and NONE are not defined for "
                        "it");
    if (o->path != MM_PATH_GENERIC && o->path != MM_PATH_SPECIALIZED && o->path != MM_PATH_AUTO)
        return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT, "path %d is unknown", (int)o->path);
    if (o->mode != MM_MODE_DYNAMIC && o->mode != MM_MODE_STATIC)
        return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT, "mode %d is unknown", (int)o->mode);
    if (o->static_eval != MM_STATIC_AUTO && o->static_eval != MM_STATIC_COMPOSITE &&
        o->static_eval != MM_STATIC_LEVELS)
        return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT, "static evaluation %d is unknown",
                        (int)o->static_eval);
    if (o->levels < 0)
        return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT, "levels is %d, must be ≥ 0", o->levels);
    if ((unsigned)o->fvar_interp > MM_FVAR_LINEAR_ALL)
        return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT, "face-varying interpolation %d is unknown",
                        (int)o->fvar_interp);
    if (impl_for(o->scheme, o->path) == NULL)
        return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT, "%s has no %s path in this build",
                        scheme_name(o->scheme),
                        o->path == MM_PATH_GENERIC ? "generic" : "specialized");
    return MM_OK;
}

/* The input rules of docs/schemes.md: what OpenSubdiv treats as
 * non-manifold (an edge of more than two faces, or passed twice the same
 * way; a vertex whose faces form several fans; faces that repeat a vertex,
 * whose edges Vtr tags non-manifold) is refined by its rules, written as
 * sharpness, on the generic path: *nonmanifold says so (reroute). √3 splits
 * such a mesh into a 2-manifold, a face that repeats a vertex getting a copy
 * of it per repeat (mmi_mesh_split_nonmanifold). */
mm_status mmi_subdiv_check_mesh(mm_context ctx, mm_mesh mesh, int *nonmanifold)
{
    mm_mesh_stats s;
    mm_status st = mmi_mesh_stats_get(ctx, mesh, &s);
    *nonmanifold = 0;
    if (st != MM_OK) return st;
    *nonmanifold = s.degenerate_faces + s.nonmanifold_edges + s.nonmanifold_vertices +
                   s.flipped_edges > 0;
    return MM_OK;
}

mm_status mmi_subdiv_check_fans(mm_context ctx, const mmi_sk_level *lv0, mm_matrix Mt,
                                uint32_t *suspect)
{
    mmi_sk_args g = {0};
    g.rule = MMI_SK_CHECK_FANS;
    g.count = lv0->nv;
    g.lv[0] = *lv0;
    g.vt_ptr = Mt->ptr;
    g.vt_faces = Mt->rows;
    g.vt_slots = (const int32_t *)Mt->values;
    g.suspect = suspect;
    return mmi_sk_run(ctx, &g);
}

mm_status mmi_subdiv_check_triangles(mm_context ctx, mm_matrix M, mm_scheme scheme)
{
    const char *name = scheme_name(scheme);
    mm_status st = MM_OK;
    int64_t *ptr = NULL, bytes = (M->ncols + 1) * (int64_t)sizeof(int64_t);
    if (M->uniform == 3 || M->ncols == 0) return MM_OK;
    if (M->uniform > 0)
        MM_FAIL(ctx, MM_ERR_INVALID_MESH, "face 0 has %lld vertices; %s subdivides triangles "
                "only (triangulate the mesh first)", (long long)M->uniform, name);
    MM_TRY(mmi_alloc(ctx, MM_MEMORY_HOST, bytes, (void **)&ptr));
    MM_TRY(mmi_copy(ctx, ptr, MM_MEMORY_HOST, M->ptr, M->where, bytes));
    for (int64_t f = 0; f < M->ncols; ++f)
        if (ptr[f + 1] - ptr[f] != 3)
            MM_FAIL(ctx, MM_ERR_INVALID_MESH, "face %lld has %lld vertices; %s subdivides "
                    "triangles only (triangulate the mesh first)", (long long)f,
                    (long long)(ptr[f + 1] - ptr[f]), name);
done:
    if (ptr) mmi_free(ctx, MM_MEMORY_HOST, ptr, bytes);
    return st;
}

mm_status mmi_subdiv_check_data(mm_context ctx, mm_dense X)
{
    if (X == NULL) return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT, "the mesh has no vertex data");
    if (X->type != MM_TYPE_FLOAT32 && X->type != MM_TYPE_FLOAT64)
        return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT,
                        "vertex data of type %d; subdivision takes float32 or float64",
                        (int)X->type);
    return MM_OK;
}

static int has_tags(mm_mesh mesh)
{
    return mesh->num_creases + mesh->num_corners + mesh->num_holes > 0;
}

/* Does the refinement carry sharpness or holes: the mesh's tags, or the
 * holes MM_BOUNDARY_NONE makes at the boundary? */
static int sharp_or_holes(mm_mesh mesh, const mm_subdiv_options *opts)
{
    return has_tags(mesh) || opts->boundary == MM_BOUNDARY_NONE;
}

/* The options a mesh is refined with: MM_BOUNDARY_OF_MESH becomes the mesh's
 * rule (√3 has Kobbelt's only); a mesh with holes, or MM_BOUNDARY_NONE
 * (which makes holes), takes the generic path, the one that has the hole
 * rules (docs/creases.md). Creases and corners run on both paths. */
static mm_subdiv_options route(mm_mesh mesh, const mm_subdiv_options *opts)
{
    mm_subdiv_options o = *opts;
    if (o.boundary == MM_BOUNDARY_OF_MESH)
        o.boundary = o.scheme == MM_SCHEME_SQRT3 ? MM_BOUNDARY_EDGE_ONLY : mesh->boundary;
    if (mesh->num_holes > 0 || o.boundary == MM_BOUNDARY_NONE) o.path = MM_PATH_GENERIC;
    return o;
}

/* The checks of mm_subdiv_build, which mm_subdivide's fused route makes too,
 * and the options the run takes (*o, route's); the specialized path checks
 * the mesh itself on the device (its start). *nonmanifold: the generic path's
 * check found the mesh non-manifold (reroute). */
static mm_status check_input(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *opts,
                             mm_subdiv_options *o, int *nonmanifold)
{
    mm_status st = MM_OK;
    if (mesh == NULL || opts == NULL)
        MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "mesh and opts must not be NULL");
    MM_TRY(MMI_CHECK(ctx, mesh, MMI_MAGIC_MESH, "the mesh"));
    MM_TRY(check_options(ctx, opts));
    if (opts->creasing != MM_CREASING_UNIFORM && opts->creasing != MM_CREASING_CHAIKIN)
        MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "creasing method %d is unknown", (int)opts->creasing);
    if (opts->scheme == MM_SCHEME_SQRT3 && has_tags(mesh))
        MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT,
                "the mesh has %lld crease, %lld corner and %lld hole tags, but sqrt(3) has no "
                "crease or hole rules (OpenSubdiv has no sqrt(3) to follow); remove the tags, "
                "or use Catmull-Clark or Loop", (long long)mesh->num_creases,
                (long long)mesh->num_corners, (long long)mesh->num_holes);
    /* The path that will run decides: a mesh with holes, or MM_BOUNDARY_NONE,
     * goes to the generic path (route), which does not check on the device;
     * nor does static mode, whose matrices come from that path's levels,
     * built before a specialized build (subdiv_static.h). */
    *o = route(mesh, opts);
    *nonmanifold = 0;
    if (!impl_for(o->scheme, o->path)->checks_on_device || o->mode == MM_MODE_STATIC)
        MM_TRY(mmi_subdiv_check_mesh(ctx, mesh, nonmanifold));
done:
    return st;
}

/* What a mesh that is not a 2-manifold (found by check_input, or by a
 * specialized path's check: MMI_NONMANIFOLD) is refined as instead (*t,
 * whose mesh the run then reads instead of mesh, where it makes one):
 * Catmull-Clark and Loop take the generic path with OpenSubdiv's sharpness
 * for it as tags, or, for faces that repeat a vertex, the mesh itself, whose
 * edges by face side carry that sharpness (generic_side.c); √3 the mesh
 * split into a 2-manifold, on the path asked for. */
static mm_status reroute(mm_context ctx, mm_mesh mesh, mm_subdiv_options *o, stand_in *t)
{
    mm_status st = MM_OK;
    if (o->scheme == MM_SCHEME_SQRT3) {
        MM_TRY(mmi_mesh_split_nonmanifold(ctx, mesh, &t->mesh, &t->origin, &t->copies));
    } else {
        o->path = MM_PATH_GENERIC;
        if (mesh->degenerate_faces > 0) return mmi_subdiv_check_memory(ctx, mesh, o);
        MM_TRY(mmi_mesh_nonmanifold_tags(ctx, mesh, &t->mesh));
    }
    if (t->mesh == NULL)
        MM_FAIL(ctx, MM_ERR_INVALID_MESH, "the non-manifold check and the non-manifold tags "
                "disagree on this mesh (a bug: please report it)");
    MM_TRY(mmi_subdiv_check_memory(ctx, t->mesh, o));
done:
    return st;
}

/* mm_subdiv_build after check_input. */
static mm_status build_checked(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *opts,
                               mm_subdiv *s)
{
    mm_status st = MM_OK;
    *s = mmi_handle_new(ctx, sizeof **s, MMI_MAGIC_SUBDIV);
    if (*s == NULL) MM_FAIL(ctx, MM_ERR_OUT_OF_MEMORY, "no memory for a subdivision handle");
    (*s)->ctx = ctx;
    (*s)->opts = *opts;
    (*s)->impl = impl_for(opts->scheme, opts->path);
    if (opts->mode == MM_MODE_STATIC) /* which orders the impl's build and the matrices */
        MM_TRY(mmi_subdiv_static_build(ctx, mesh, opts, (*s)->impl, &(*s)->state, &(*s)->stat));
    else
        MM_TRY((*s)->impl->build(ctx, mesh, opts, &(*s)->state));
done:
    if (st != MM_OK) mm_subdiv_free(s);
    return st;
}

mm_status mm_subdiv_build(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *opts,
                          mm_subdiv *s)
{
    mm_status st = MM_OK;
    stand_in t = {0}; /* before the first jump to done, which frees it */
    mm_subdiv_options o;
    int nonmanifold;
    if (!mmi_context_live(ctx)) return MM_ERR_INVALID_ARGUMENT;
    MM_WHERE(ctx);
    if (s == NULL) MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "s is NULL");
    *s = NULL;
    MM_TRY(check_input(ctx, mesh, opts, &o, &nonmanifold));
    if (nonmanifold) MM_TRY(reroute(ctx, mesh, &o, &t));
    else MM_TRY(mmi_subdiv_check_memory(ctx, mesh, &o));
    st = build_checked(ctx, t.mesh ? t.mesh : mesh, &o, s);
    if (st == MMI_NONMANIFOLD && t.mesh == NULL) {
        MM_TRY(reroute(ctx, mesh, &o, &t));
        st = build_checked(ctx, t.mesh ? t.mesh : mesh, &o, s);
    }
    if (st == MM_OK) (*s)->stand = t, t = (stand_in){0};
done:
    stand_in_free(ctx, &t);
    return st;
}

/* The caller's data X0 with the rows the split mesh copies added (√3 on a
 * mesh that is not a 2-manifold), into *X. */
static mm_status add_copies(mm_subdiv s, mm_dense X0, mm_dense *X)
{
    mm_status st = MM_OK;
    mm_context ctx = s->ctx;
    const stand_in *t = &s->stand;
    int64_t row = X0->d * (int64_t)mm_type_size(X0->type), n = X0->n;
    MM_TRY(mmi_dense_alloc(ctx, X, n + t->copies, X0->d, X0->type));
    MM_TRY(mmi_copy(ctx, (*X)->data, (*X)->where, X0->data, X0->where, n * row));
    for (int64_t j = 0; j < t->copies; ++j)
        MM_TRY(mmi_copy(ctx, (char *)(*X)->data + (n + j) * row, (*X)->where,
                        (const char *)X0->data + t->origin[j] * row, X0->where, row));
done:
    if (st != MM_OK) mm_dense_free(X);
    return st;
}

/* X0 is control data for s: a live array with a row per control vertex. */
static mm_status check_control(mm_subdiv s, mm_dense X0)
{
    mm_status st = MM_OK;
    mm_context ctx = s->ctx;
    if (X0 == NULL) MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "X0 is NULL");
    MM_TRY(MMI_CHECK(ctx, X0, MMI_MAGIC_DENSE, "X0"));
    int64_t nv = s->impl->counts(s->state, 0).vertices - s->stand.copies;
    if (X0->n != nv)
        MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "X0 has %lld rows, but the mesh has %lld vertices",
                (long long)X0->n, (long long)nv);
done:
    return st;
}

/* Whether the values of X and Y share a byte (two arrays wrapped over one
 * buffer, or one array given twice). */
static int overlap(mm_dense X, mm_dense Y)
{
    uintptr_t x = (uintptr_t)X->data, y = (uintptr_t)Y->data;
    uintptr_t nx = (uintptr_t)(X->n * X->d * (int64_t)mm_type_size(X->type));
    uintptr_t ny = (uintptr_t)(Y->n * Y->d * (int64_t)mm_type_size(Y->type));
    return nx > 0 && ny > 0 && x < y + ny && y < x + nx;
}

/* XL is an output of s for control data X0 (checked): a live array of s's
 * context, |V_L| × d of X0's type, apart from X0. */
static mm_status check_output(mm_subdiv s, mm_dense X0, mm_dense XL)
{
    mm_status st = MM_OK;
    mm_context ctx = s->ctx;
    int64_t nv = s->impl->counts(s->state, s->opts.levels).vertices;
    if (XL == NULL) MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "XL is NULL");
    MM_TRY(MMI_CHECK(ctx, XL, MMI_MAGIC_DENSE, "XL"));
    if (XL->n != nv || XL->d != X0->d)
        MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "XL is %lld × %lld, but level %d has %lld "
                "vertices and X0 %lld columns", (long long)XL->n, (long long)XL->d,
                s->opts.levels, (long long)nv, (long long)X0->d);
    if (XL->type != X0->type)
        MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "XL holds %s, but X0 holds %s",
                XL->type == MM_TYPE_FLOAT64 ? "float64" : "float32",
                X0->type == MM_TYPE_FLOAT64 ? "float64" : "float32");
    if (overlap(X0, XL))
        MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "XL and X0 share memory; the output must be "
                "apart from the input");
done:
    return st;
}

/* The evaluation of checked arguments, into XL. */
static mm_status eval_checked(mm_subdiv s, mm_dense X0, mm_dense XL)
{
    mm_status st = MM_OK;
    mm_context ctx = s->ctx;
    mm_dense X = NULL; /* X0 with the split mesh's copies */
    if (s->stand.copies > 0) MM_TRY(add_copies(s, X0, &X));
    MM_TRY(s->stat ? mmi_subdiv_static_eval_into(ctx, s->stat, X ? X : X0, XL)
                   : s->impl->eval(ctx, s->state, X ? X : X0, XL));
done:
    mm_dense_free(&X);
    return st;
}

mm_status mmi_subdiv_eval(mm_subdiv s, mm_dense X0, mm_dense *XL)
{
    mm_status st = MM_OK;
    if (s == NULL) return MM_ERR_INVALID_ARGUMENT;
    mm_context ctx = s->ctx;
    if (XL == NULL) MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "XL is NULL");
    *XL = NULL;
    MM_TRY(check_control(s, X0));
    MM_TRY(mmi_dense_alloc(ctx, XL, s->impl->counts(s->state, s->opts.levels).vertices, X0->d,
                           X0->type));
    MM_TRY(eval_checked(s, X0, *XL));
done:
    if (st != MM_OK) mm_dense_free(XL);
    return st;
}

mm_status mm_subdiv_eval(mm_subdiv s, mm_dense X0, mm_dense *XL)
{
    if (!live(s)) return MM_ERR_INVALID_ARGUMENT;
    MM_WHERE(s->ctx);
    return mmi_subdiv_eval(s, X0, XL);
}

mm_status mmi_subdiv_eval_into(mm_subdiv s, mm_dense X0, mm_dense XL)
{
    mm_status st = MM_OK;
    if (s == NULL) return MM_ERR_INVALID_ARGUMENT;
    MM_TRY(check_control(s, X0));
    MM_TRY(check_output(s, X0, XL));
    MM_TRY(eval_checked(s, X0, XL));
done:
    return st;
}

mm_status mm_subdiv_eval_into(mm_subdiv s, mm_dense X0, mm_dense XL)
{
    if (!live(s)) return MM_ERR_INVALID_ARGUMENT;
    MM_WHERE(s->ctx);
    return mmi_subdiv_eval_into(s, X0, XL);
}

/* The sharpness arrays and hole flags of a level of a generic build (NULL
 * where it keeps none: a mesh without tags); the specialized path keeps its
 * own (impl->level_sharpness, impl->carry_tags). */
static void level_tags(mm_subdiv s, int level, const float **edges, const float **vertices,
                       const uint8_t **holes)
{
    *edges = *vertices = NULL;
    *holes = NULL;
    if (s->impl == mmi_generic_impl(s->opts.scheme))
        mmi_generic_level_sharpness(s->state, level, edges, vertices, holes);
}

/* mm_subdivide's result gets the last level's tags. */
static mm_status carry_tags(mm_subdiv s, int level, mm_mesh out)
{
    const float *sharp, *vsharp;
    const uint8_t *holes;
    if (s->impl->carry_tags) return s->impl->carry_tags(s->ctx, s->state, level, out);
    level_tags(s, level, &sharp, &vsharp, &holes);
    return mmi_crease_carry_tags(s->ctx, s->impl->counts(s->state, level),
                                 s->impl->edges(s->state, level), sharp, vsharp, holes, out);
}

/* mm_subdivide after its checks: mesh refined into m (its M and X, and the
 * last level's tags where the run carries sharpness or holes). */
static mm_status subdivide_checked(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *o,
                                   struct mm_mesh_s *m)
{
    mm_status st = MM_OK;
    mm_subdiv s = NULL;
    const mmi_subdiv_impl *impl = impl_for(o->scheme, o->path);
    if (impl->subdivide != NULL && o->mode == MM_MODE_DYNAMIC) {
        MM_TRY(impl->subdivide(ctx, mesh, o, m));
    } else {
        MM_TRY(build_checked(ctx, mesh, o, &s));
        MM_TRY(mmi_subdiv_eval(s, mesh->X, &m->X));
        if (sharp_or_holes(mesh, o)) MM_TRY(carry_tags(s, o->levels, m));
        m->M = s->impl->take_matrix(s->state, o->levels);
    }
done:
    mm_subdiv_free(&s);
    return st;
}

mm_status mmi_subdivide(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *opts, mm_mesh *out,
                        int with_fvar)
{
    mm_status st = MM_OK;
    stand_in t = {0}; /* before the first jump to done, which frees it */
    mm_subdiv_options o;
    int nonmanifold;
    if (out == NULL) MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "out is NULL");
    *out = NULL;
    if (opts != NULL && opts->levels < 1)
        MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "levels is %d, mm_subdivide needs ≥ 1",
                opts->levels);
    MM_TRY(check_input(ctx, mesh, opts, &o, &nonmanifold));
    if (nonmanifold) MM_TRY(reroute(ctx, mesh, &o, &t));
    else MM_TRY(mmi_subdiv_check_memory(ctx, mesh, &o));
    struct mm_mesh_s *m = mmi_handle_new(ctx, sizeof *m, MMI_MAGIC_MESH);
    if (m == NULL) MM_FAIL(ctx, MM_ERR_OUT_OF_MEMORY, "no memory for a mesh handle");
    m->ctx = ctx;
    m->boundary = o.boundary; /* refined on, it keeps the rule it was made with */
    *out = m;
    st = subdivide_checked(ctx, t.mesh ? t.mesh : mesh, &o, m);
    if (st == MMI_NONMANIFOLD && t.mesh == NULL) {
        MM_TRY(reroute(ctx, mesh, &o, &t));
        st = subdivide_checked(ctx, t.mesh ? t.mesh : mesh, &o, m);
    }
    if (st == MM_OK) st = mmi_mesh_copy_vertex_properties(ctx, mesh, m);
    if (st == MM_OK && with_fvar && mesh->num_fvar > 0) st = mmi_subdiv_fvar(ctx, mesh, &o, m);
done:
    stand_in_free(ctx, &t);
    if (st != MM_OK) mm_mesh_free(out);
    return st;
}

mm_status mm_subdivide(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *opts, mm_mesh *out)
{
    if (!mmi_context_live(ctx)) return MM_ERR_INVALID_ARGUMENT;
    MM_WHERE(ctx);
    return mmi_subdivide(ctx, mesh, opts, out, 1);
}

/* s->limit: the last level's limit operators (with the tangents'), times
 * the composite R in static mode. The level is lent to the stencils as a
 * mesh: its M borrowed, its tags carried as mm_subdivide carries them. */
static mm_status build_limit(mm_subdiv s)
{
    mm_status st = MM_OK;
    mm_context ctx = s->ctx;
    int L = s->opts.levels;
    mm_matrix R = NULL;
    struct mm_mesh_s *m = mmi_handle_new(ctx, sizeof *m, MMI_MAGIC_MESH);
    if (m == NULL) return mmi_fail(ctx, MM_ERR_OUT_OF_MEMORY, "no memory for a mesh handle");
    m->ctx = ctx;
    m->boundary = s->opts.boundary;
    m->M = s->impl->matrix(s->state, L);
    MM_TRY(mmi_alloc(ctx, MM_MEMORY_HOST, sizeof *s->limit, (void **)&s->limit));
    *s->limit = (mmi_limit_ops){0};
    MM_TRY(carry_tags(s, L, m));
    if (s->stat) MM_TRY(mmi_subdiv_static_matrix(ctx, s->stat, 0, L, &R));
    MM_TRY(mmi_limit_ops_build(ctx, m, s->opts.scheme, s->opts.boundary, 1, R, s->limit));
done:
    m->M = NULL; /* borrowed from the build */
    mm_mesh_free((mm_mesh *)&m);
    if (st != MM_OK && s->limit != NULL) {
        mmi_limit_ops_free(ctx, s->limit);
        mmi_free(ctx, MM_MEMORY_HOST, s->limit, sizeof *s->limit);
        s->limit = NULL;
    }
    return st;
}

mm_status mm_subdiv_eval_limit(mm_subdiv s, mm_dense X0, mm_dense *P, mm_dense *T1, mm_dense *T2)
{
    mm_status st = MM_OK;
    mm_dense XL = NULL, *out[MMI_LIMIT_MASKS] = {P, T1, T2};
    if (!live(s)) return MM_ERR_INVALID_ARGUMENT;
    mm_context ctx = s->ctx;
    MM_WHERE(ctx);
    for (int k = 0; k < MMI_LIMIT_MASKS; ++k)
        if (out[k] != NULL) *out[k] = NULL;
    if (P == NULL) MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "P is NULL");
    MM_TRY(check_control(s, X0));
    MM_TRY(mmi_subdiv_check_data(ctx, X0));
    if (s->opts.scheme == MM_SCHEME_SQRT3)
        MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "sqrt(3) has no limit masks (OpenSubdiv, whose "
                "limit rules meshmat follows, has no sqrt(3)); use Catmull-Clark or Loop");
    /* In static mode the operators take X0 itself, else the last level's points. */
    if (s->stat == NULL) MM_TRY(mmi_subdiv_eval(s, X0, &XL));
    if (s->limit == NULL) MM_TRY(build_limit(s));
    for (int k = 0; k < MMI_LIMIT_MASKS; ++k)
        if (out[k] != NULL)
            MM_TRY(mmi_limit_ops_apply(ctx, s->limit, k, XL ? XL : X0, out[k]));
done:
    mm_dense_free(&XL);
    if (st != MM_OK)
        for (int k = 0; k < MMI_LIMIT_MASKS; ++k)
            if (out[k] != NULL) mm_dense_free(out[k]);
    return st;
}

int mm_subdiv_levels(mm_subdiv s)
{
    return live(s) ? s->opts.levels : 0;
}

mm_status mm_subdiv_level_counts(mm_subdiv s, int level, mm_subdiv_counts *counts)
{
    if (!live(s) || counts == NULL) return MM_ERR_INVALID_ARGUMENT;
    MM_WHERE(s->ctx);
    if (level < 0 || level > s->opts.levels)
        return mmi_fail(s->ctx, MM_ERR_INVALID_ARGUMENT, "level %d is not in [0, %d]", level,
                        s->opts.levels);
    *counts = s->impl->counts(s->state, level);
    return MM_OK;
}

mm_matrix mm_subdiv_level_matrix(mm_subdiv s, int level)
{
    return live(s) && level >= 0 && level <= s->opts.levels ? s->impl->matrix(s->state, level)
                                                            : NULL;
}

mm_matrix mm_subdiv_matrix(mm_subdiv s, int from, int to)
{
    mm_matrix R = NULL;
    if (!live(s) || s->stat == NULL) return NULL;
    MM_WHERE(s->ctx);
    return mmi_subdiv_static_matrix(s->ctx, s->stat, from, to, &R) == MM_OK ? R : NULL;
}

mm_status mm_subdiv_level_edges(mm_subdiv s, int level, uint32_t *h_ends)
{
    mm_status st = MM_OK;
    if (!live(s)) return MM_ERR_INVALID_ARGUMENT;
    MM_WHERE(s->ctx);
    if (h_ends == NULL) MM_FAIL(s->ctx, MM_ERR_INVALID_ARGUMENT, "h_ends is NULL");
    if (level < 0 || level > s->opts.levels)
        MM_FAIL(s->ctx, MM_ERR_INVALID_ARGUMENT, "level %d is not in [0, %d]", level,
                s->opts.levels);
    int64_t ne = s->impl->counts(s->state, level).edges;
    MM_TRY(mmi_copy(s->ctx, h_ends, MM_MEMORY_HOST, s->impl->edges(s->state, level),
                    mmi_backend_memory(s->ctx), 2 * ne * (int64_t)sizeof(uint32_t)));
done:
    return st;
}

mm_status mm_subdiv_level_sharpness(mm_subdiv s, int level, float *h_edges, float *h_vertices)
{
    mm_status st = MM_OK;
    if (!live(s)) return MM_ERR_INVALID_ARGUMENT;
    MM_WHERE(s->ctx);
    if (level < 0 || level > s->opts.levels)
        MM_FAIL(s->ctx, MM_ERR_INVALID_ARGUMENT, "level %d is not in [0, %d]", level,
                s->opts.levels);
    mm_subdiv_counts n = s->impl->counts(s->state, level);
    const float *sharp, *vsharp;
    const uint8_t *holes;
    if (s->impl->level_sharpness)
        return s->impl->level_sharpness(s->ctx, s->state, level, h_edges, h_vertices);
    level_tags(s, level, &sharp, &vsharp, &holes);
    mm_memory where = mmi_backend_memory(s->ctx);
    if (h_edges && sharp) MM_TRY(mmi_copy(s->ctx, h_edges, MM_MEMORY_HOST, sharp, where,
                                          n.edges * (int64_t)sizeof(float)));
    if (h_vertices && vsharp) MM_TRY(mmi_copy(s->ctx, h_vertices, MM_MEMORY_HOST, vsharp, where,
                                              n.vertices * (int64_t)sizeof(float)));
    for (int64_t i = 0; h_edges && !sharp && i < n.edges; ++i) h_edges[i] = 0.0f;
    for (int64_t i = 0; h_vertices && !vsharp && i < n.vertices; ++i) h_vertices[i] = 0.0f;
done:
    return st;
}

void mm_subdiv_free(mm_subdiv *s)
{
    if (s == NULL || *s == NULL || !mmi_handle_is(*s, MMI_MAGIC_SUBDIV)) return;
    mm_subdiv t = *s;
    if (t->impl != NULL) t->impl->free_state(t->ctx, t->state);
    mmi_subdiv_static_free(t->ctx, t->stat);
    stand_in_free(t->ctx, &t->stand);
    if (t->limit != NULL) {
        mmi_limit_ops_free(t->ctx, t->limit);
        mmi_free(t->ctx, MM_MEMORY_HOST, t->limit, sizeof *t->limit);
    }
    mmi_handle_free(t->ctx, t, MMI_MAGIC_SUBDIV_FREED); /* last: it may release a closed context */
    *s = NULL;
}
