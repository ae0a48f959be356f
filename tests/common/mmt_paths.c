/* mmt_paths.c: the path comparison of mmt_paths.h. */
#include "mmt_paths.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mmt_mesh_io.h"
#include "mmt_meshes.h"

void mmt_refine(mm_context ctx, mm_mesh mesh, mm_scheme scheme, mm_subdiv_path path,
                mm_boundary rule, int levels, mmt_refined *r)
{
    mm_subdiv_options o = mm_subdiv_options_default();
    o.scheme = scheme;
    o.levels = levels;
    o.boundary = rule;
    o.path = path;
    mm_subdiv s = NULL;
    mm_dense X = NULL;
    MMT_OK(ctx, mm_subdiv_build(ctx, mesh, &o, &s));
    MMT_OK(ctx, mm_subdiv_eval(s, mm_mesh_vertices(mesh), &X));
    r->levels = levels;
    for (int l = 0; l <= levels; ++l) {
        mmt_level *v = &r->lv[l];
        MMT_OK(ctx, mm_subdiv_level_counts(s, l, &v->n));
        v->ptr = malloc((size_t)(v->n.faces + 1) * sizeof *v->ptr);
        v->rows = malloc((size_t)v->n.nnz * sizeof *v->rows + 4);
        v->ends = malloc((size_t)v->n.edges * 2 * sizeof *v->ends + 4);
        mm_matrix_arrays a = {v->ptr, v->rows, NULL, NULL};
        MMT_OK(ctx, mm_matrix_export(mm_subdiv_level_matrix(s, l), &a));
        MMT_OK(ctx, mm_subdiv_level_edges(s, l, v->ends));
    }
    r->x = mmt_dense_to_host(ctx, X, &r->nx);
    mm_dense_free(&X);
    mm_subdiv_free(&s);
}

void mmt_release(mmt_refined *r)
{
    for (int l = 0; l <= r->levels; ++l)
        free(r->lv[l].ptr), free(r->lv[l].rows), free(r->lv[l].ends);
    free(r->x);
}

void mmt_check_subdivide(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *o,
                         const mmt_refined *r)
{
    const mmt_level *last = &r->lv[r->levels];
    mm_mesh out = NULL;
    MMT_OK(ctx, mm_subdivide(ctx, mesh, o, &out));
    mm_mesh_info info;
    MMT_OK(ctx, mm_mesh_info_get(out, &info));
    ck_assert(info.num_faces == last->n.faces && info.nnz == last->n.nnz &&
              info.uniform_order * info.num_faces == info.nnz);
    uint32_t *rows = malloc((size_t)info.nnz * sizeof *rows);
    int64_t *ptr = malloc((size_t)(info.num_faces + 1) * sizeof *ptr), nx;
    double *x = mmt_dense_to_host(ctx, mm_mesh_vertices(out), &nx);
    mm_matrix_arrays a = {ptr, rows, NULL, NULL};
    MMT_OK(ctx, mm_matrix_export(mm_mesh_matrix(out), &a));
    ck_assert(memcmp(rows, last->rows, (size_t)info.nnz * sizeof *rows) == 0);
    ck_assert(nx == r->nx && memcmp(x, r->x, (size_t)nx * sizeof *x) == 0);
    free(rows), free(ptr), free(x);
    mm_mesh_free(&out);
}

double mmt_relative_gap(const double *a, const double *b, int64_t n)
{
    double scale = 1e-30, worst = 0.0;
    for (int64_t k = 0; k < n; ++k) scale = fmax(scale, fabs(a[k]));
    for (int64_t k = 0; k < n; ++k) worst = fmax(worst, fabs(a[k] - b[k]) / scale);
    return worst;
}

void mmt_compare_paths(mm_context ctx, mm_mesh mesh, const char *name, mm_scheme scheme,
                       mm_boundary rule, mm_type prec, int levels)
{
    mmt_refined g, s;
    mmt_refine(ctx, mesh, scheme, MM_PATH_GENERIC, rule, levels, &g);
    mmt_refine(ctx, mesh, scheme, MM_PATH_SPECIALIZED, rule, levels, &s);
    for (int l = 0; l <= levels; ++l) {
        const mmt_level *a = &g.lv[l], *b = &s.lv[l];
        ck_assert_msg(memcmp(&a->n, &b->n, sizeof a->n) == 0, "%s: counts of level %d", name, l);
        ck_assert_msg(memcmp(a->ptr, b->ptr, (size_t)(a->n.faces + 1) * sizeof *a->ptr) == 0,
                      "%s: faces of level %d", name, l);
        ck_assert_msg(memcmp(a->rows, b->rows, (size_t)a->n.nnz * sizeof *a->rows) == 0,
                      "%s L%d rule %d: M of level %d", name, levels, (int)rule, l);
        ck_assert_msg(memcmp(a->ends, b->ends, (size_t)a->n.edges * 2 * sizeof *a->ends) == 0,
                      "%s: edges of level %d", name, l);
    }
    ck_assert(g.nx == s.nx);
    double gap = mmt_relative_gap(g.x, s.x, g.nx);
    ck_assert_msg(gap <= (prec == MM_TYPE_FLOAT64 ? 1e-12 : 1e-6), "%s L%d rule %d: %g", name,
                  levels, (int)rule, gap);
    mmt_release(&g), mmt_release(&s);
}

static double wide_column(int j, const double *p)
{
    return j == 0 ? 1.0 : j == 1 ? p[0] : j == 2 ? p[1] - p[2] : j == 3 ? p[0] * p[1] : p[2];
}

/* mesh's topology, crease and corner tags with the vertex data (nv × d of
 * type prec) instead of its own. */
static mm_mesh with_data(mm_context ctx, mm_mesh mesh, int64_t nv, int d, mm_type prec,
                         const void *data)
{
    mmt_host_mesh h;
    mmt_host_mesh_get(ctx, mesh, &h);
    mm_mesh_desc desc = {0};
    desc.num_vertices = nv;
    desc.dim = d;
    desc.vertex_type = prec;
    desc.vertices = data;
    desc.num_faces = h.info.num_faces;
    desc.face_offsets = h.offsets;
    desc.face_vertices = h.ids;
    desc.precision = prec;
    desc.num_creases = h.info.num_creases;
    desc.crease_vertices = h.crease_vertices;
    desc.crease_sharpness = h.crease_sharpness;
    desc.num_corners = h.info.num_corners;
    desc.corner_vertices = h.corner_vertices;
    desc.corner_sharpness = h.corner_sharpness;
    mm_mesh out = NULL;
    MMT_OK(ctx, mm_mesh_new(ctx, &out, &desc));
    mmt_host_mesh_free(&h);
    return out;
}

double *mmt_refine_wide(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *o, int d,
                        mm_type prec, int64_t *n)
{
    int64_t nv;
    double *xyz = mmt_dense_to_host(ctx, mm_mesh_vertices(mesh), &nv);
    nv /= 3;
    double *wide = malloc((size_t)(nv * d) * sizeof *wide);
    float *wide32 = malloc((size_t)(nv * d) * sizeof *wide32);
    ck_assert(wide != NULL && wide32 != NULL);
    for (int64_t v = 0; v < nv; ++v)
        for (int j = 0; j < d; ++j)
            wide32[v * d + j] = (float)(wide[v * d + j] = wide_column(j, xyz + 3 * v));
    const void *data = prec == MM_TYPE_FLOAT32 ? (void *)wide32 : (void *)wide;
    mm_mesh widened = with_data(ctx, mesh, nv, d, prec, data);
    mmt_refined r;
    mmt_refine(ctx, widened, o->scheme, o->path, o->boundary, o->levels, &r);
    mmt_check_subdivide(ctx, widened, o, &r);
    double *y = r.x;
    *n = r.nx;
    r.x = NULL;
    mmt_release(&r);
    mm_mesh_free(&widened);
    free(wide32), free(wide), free(xyz);
    return y;
}

void mmt_compare_wide_paths(mm_context ctx, mm_mesh mesh, mm_scheme scheme, mm_boundary rule,
                            int d, mm_type prec, int max_levels)
{
    double tol = prec == MM_TYPE_FLOAT32 ? 1e-6 : 1e-12;
    for (int levels = 1; levels <= max_levels; ++levels) {
        int64_t n, m;
        mm_subdiv_options o = mm_subdiv_options_default();
        o.scheme = scheme;
        o.path = MM_PATH_GENERIC;
        o.levels = levels;
        o.boundary = rule;
        double *want = mmt_refine_wide(ctx, mesh, &o, d, prec, &n);
        o.path = MM_PATH_SPECIALIZED;
        double *got = mmt_refine_wide(ctx, mesh, &o, d, prec, &m);
        ck_assert_int_eq(n, m);
        double gap = mmt_relative_gap(want, got, n);
        ck_assert_msg(gap <= tol, "scheme %d d %d L%d rule %d: %g", scheme, d, levels, rule, gap);
        for (int64_t k = 0; k < n; k += d) ck_assert_double_eq_tol(got[k], 1.0, tol);
        free(want), free(got);
    }
}

/* One route's options and mesh, for mmt_sweep_allocations. */
typedef struct route {
    mm_mesh mesh;
    mm_subdiv_options o;
} route;

static mm_status build_and_eval(mm_context ctx, void *arg)
{
    const route *r = arg;
    mm_subdiv s = NULL;
    mm_dense X = NULL;
    mm_status st = mm_subdiv_build(ctx, r->mesh, &r->o, &s);
    if (st == MM_OK) st = mm_subdiv_eval(s, mm_mesh_vertices(r->mesh), &X);
    mm_dense_free(&X);
    mm_subdiv_free(&s);
    return st;
}

static mm_status subdivide(mm_context ctx, void *arg)
{
    const route *r = arg;
    mm_mesh out = NULL;
    mm_status st = mm_subdivide(ctx, r->mesh, &r->o, &out);
    mm_mesh_free(&out);
    return st;
}

void mmt_sweep_both_routes(mm_context ctx, mm_mesh mesh, mm_scheme scheme,
                           mm_boundary build_rule)
{
    route r = {mesh, mm_subdiv_options_default()};
    r.o.scheme = scheme;
    r.o.levels = 3;
    mm_boundary subdivide_rule = r.o.boundary;
    r.o.boundary = build_rule;
    ck_assert(mmt_sweep_allocations(ctx, build_and_eval, &r) > 10);
    r.o.boundary = subdivide_rule;
    ck_assert(mmt_sweep_allocations(ctx, subdivide, &r) > 10);
}
