/* test_subdiv_specialized.c: Catmull-Clark's specialized path (src/kernels)
 * against the generic path (the SpGEMM formulas, itself checked against
 * OpenSubdiv) on the backend under test: every level's M and edge list
 * identical array for array, positions within 1e-12 (float64) or 1e-6
 * (float32) of the mesh's size, for generated meshes (cube, torus, open grid,
 * grid with holes, 3- to 8-gon prisms in several components, an open fan,
 * a mesh mixing them) and the shared models, levels 1-4, both boundary rules
 * and precisions. Also: mm_subdivide's fused route equals build + eval
 * bitwise, runs repeat bitwise, the path's own overflow bound, refusals on
 * both routes (the device check answering as the host counts), and the
 * allocation sweep of both. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mmt_meshes.h"
#include "test_util.h"

static const double pi = 3.14159265358979323846;

/* A mesh being generated: vertices (x, y, z) and faces of any order. */
typedef struct shape {
    int nv, nf, nids;
    double xyz[3 * 512];
    int64_t offsets[257];
    uint32_t ids[1024];
} shape;

static int add_vertex(shape *s, double x, double y, double z)
{
    s->xyz[3 * s->nv] = x, s->xyz[3 * s->nv + 1] = y, s->xyz[3 * s->nv + 2] = z;
    return s->nv++;
}

static void add_face(shape *s, int n, const int *v)
{
    for (int i = 0; i < n; ++i) s->ids[s->nids++] = (uint32_t)v[i];
    s->offsets[++s->nf] = s->nids;
}

/* An nx × ny grid of quads (open: its corners lie in one face), less the
 * cells listed in holes (-1 ends the list). */
static void grid(shape *s, int nx, int ny, const int *holes, double dz)
{
    int base = s->nv;
    for (int j = 0; j <= ny; ++j)
        for (int i = 0; i <= nx; ++i) add_vertex(s, i, j, dz + 0.1 * ((i * 7 + j * 3) % 5));
    for (int j = 0; j < ny; ++j)
        for (int i = 0; i < nx; ++i) {
            int cell = j * nx + i, hole = 0;
            for (const int *h = holes; h && *h >= 0; ++h) hole |= *h == cell;
            if (hole) continue;
            int a = base + j * (nx + 1) + i;
            int q[4] = {a, a + 1, a + nx + 2, a + nx + 1};
            add_face(s, 4, q);
        }
}

static void torus(shape *s, int n, int m)
{
    int base = s->nv;
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < m; ++j) {
            double u = 2 * pi * i / n, v = 2 * pi * j / m;
            add_vertex(s, (2 + cos(v)) * cos(u), (2 + cos(v)) * sin(u), sin(v));
        }
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < m; ++j) {
            int i1 = (i + 1) % n, j1 = (j + 1) % m;
            int q[4] = {base + i * m + j, base + i1 * m + j, base + i1 * m + j1, base + i * m + j1};
            add_face(s, 4, q);
        }
}

/* A closed prism over an n-gon: two n-gon caps and n quads. */
static void prism(shape *s, int n, double dx)
{
    int base = s->nv, cap[8];
    for (int z = 0; z < 2; ++z)
        for (int i = 0; i < n; ++i)
            add_vertex(s, dx + cos(2 * pi * i / n), sin(2 * pi * i / n), z * (1 + 0.1 * n));
    for (int i = 0; i < n; ++i) cap[i] = base + n - 1 - i;
    add_face(s, n, cap);
    for (int i = 0; i < n; ++i) cap[i] = base + n + i;
    add_face(s, n, cap);
    for (int i = 0; i < n; ++i) {
        int j = (i + 1) % n, q[4] = {base + i, base + j, base + n + j, base + n + i};
        add_face(s, 4, q);
    }
}

/* An open fan of n triangles around a raised centre. */
static void fan(shape *s, int n, double dx)
{
    int c = add_vertex(s, dx, 0, 0.5), r = s->nv;
    for (int i = 0; i < n; ++i) add_vertex(s, dx + cos(2 * pi * i / n), sin(2 * pi * i / n), 0);
    for (int i = 0; i < n; ++i) {
        int t[3] = {c, r + i, r + (i + 1) % n};
        add_face(s, 3, t);
    }
}

enum { CUBE, TORUS, GRID, HOLES, PRISMS, FAN, MIXED, NUM_SHAPES };

static void make_shape(shape *s, int which)
{
    static const int holes[] = {7, 15, 29, -1};
    memset(s, 0, sizeof *s);
    switch (which) {
    case CUBE: prism(s, 4, 0); break;
    case TORUS: torus(s, 8, 6); break;
    case GRID: grid(s, 5, 4, NULL, 0); break;
    case HOLES: grid(s, 6, 6, holes, 0); break;
    case PRISMS:
        for (int n = 3; n <= 8; ++n) prism(s, n, 3.0 * n);
        break;
    case FAN: fan(s, 5, 0); break;
    default:
        grid(s, 3, 2, NULL, 0);
        prism(s, 5, 10);
        fan(s, 6, -5);
        torus(s, 5, 4);
        break;
    }
}

static mm_mesh shape_mesh(mm_context ctx, const shape *s, mm_type precision)
{
    return mmt_mesh_from_faces(ctx, s->nv, s->xyz, s->nf, s->offsets, 0, s->ids, precision);
}

/* A level exported to the host. */
typedef struct level {
    mm_subdiv_counts n;
    int64_t *ptr;
    uint32_t *rows, *ends;
} level;

/* Levels 0 … L and the refined data of one path, in host memory. */
typedef struct refined {
    int levels;
    level lv[5];
    double *x;
    int64_t nx;
} refined;

static void refine(mm_context ctx, mm_mesh mesh, mm_subdiv_path path, mm_boundary rule,
                   int levels, refined *r)
{
    mm_subdiv_options o = mm_subdiv_options_default();
    o.levels = levels;
    o.boundary = rule;
    o.path = path;
    mm_subdiv s = NULL;
    mm_dense X = NULL;
    MMT_OK(ctx, mm_subdiv_build(ctx, mesh, &o, &s));
    MMT_OK(ctx, mm_subdiv_eval(s, mm_mesh_vertices(mesh), &X));
    r->levels = levels;
    for (int l = 0; l <= levels; ++l) {
        level *v = &r->lv[l];
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

static void release(refined *r)
{
    for (int l = 0; l <= r->levels; ++l)
        free(r->lv[l].ptr), free(r->lv[l].rows), free(r->lv[l].ends);
    free(r->x);
}

/* The largest difference of a and b relative to the size of a. */
static double relative_gap(const double *a, const double *b, int64_t n)
{
    double scale = 1e-30, worst = 0.0;
    for (int64_t k = 0; k < n; ++k) scale = fmax(scale, fabs(a[k]));
    for (int64_t k = 0; k < n; ++k) worst = fmax(worst, fabs(a[k] - b[k]) / scale);
    return worst;
}

static void compare_paths(mm_context ctx, mm_mesh mesh, const char *name, mm_boundary rule,
                          mm_type prec, int levels)
{
    refined g, s;
    refine(ctx, mesh, MM_PATH_GENERIC, rule, levels, &g);
    refine(ctx, mesh, MM_PATH_SPECIALIZED, rule, levels, &s);
    for (int l = 0; l <= levels; ++l) {
        const level *a = &g.lv[l], *b = &s.lv[l];
        ck_assert_msg(memcmp(&a->n, &b->n, sizeof a->n) == 0, "%s: counts of level %d", name, l);
        ck_assert_msg(memcmp(a->ptr, b->ptr, (size_t)(a->n.faces + 1) * sizeof *a->ptr) == 0,
                      "%s: faces of level %d", name, l);
        ck_assert_msg(memcmp(a->rows, b->rows, (size_t)a->n.nnz * sizeof *a->rows) == 0,
                      "%s L%d rule %d: M of level %d", name, levels, (int)rule, l);
        ck_assert_msg(memcmp(a->ends, b->ends, (size_t)a->n.edges * 2 * sizeof *a->ends) == 0,
                      "%s: edges of level %d", name, l);
    }
    ck_assert(g.nx == s.nx);
    double gap = relative_gap(g.x, s.x, g.nx);
    ck_assert_msg(gap <= (prec == MM_TYPE_FLOAT64 ? 1e-12 : 1e-6), "%s L%d rule %d: %g", name,
                  levels, (int)rule, gap);
    release(&g), release(&s);
}

/* _i: shape, rule, precision; levels 1-4 each. */
START_TEST(generated_meshes_match_the_generic_path)
{
    int which = _i / 4, corner = (_i / 2) % 2, f32 = _i % 2;
    mm_type prec = f32 ? MM_TYPE_FLOAT32 : MM_TYPE_FLOAT64;
    mm_boundary rule = corner ? MM_BOUNDARY_EDGE_AND_CORNER : MM_BOUNDARY_EDGE_ONLY;
    static shape s;
    make_shape(&s, which);
    mm_context ctx = mmt_context();
    mm_mesh mesh = shape_mesh(ctx, &s, prec);
    char name[32];
    snprintf(name, sizeof name, "shape %d", which);
    for (int levels = 1; levels <= 4; ++levels) compare_paths(ctx, mesh, name, rule, prec, levels);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

static const char *const models[] = {"opensubdiv/catmark_car.obj", "control/cgal_P.obj",
                                     "opensubdiv/catmark_edgecorner.obj",
                                     "opensubdiv/catmark_pole360.obj",
                                     "opensubdiv/catmark_helmet.obj"};

START_TEST(shared_models_match_the_generic_path)
{
    const char *path = mmt_shared_model(models[_i / 2]);
    if (path == NULL) return;
    mm_type prec = _i % 2 ? MM_TYPE_FLOAT32 : MM_TYPE_FLOAT64;
    mm_context ctx = mmt_context();
    mm_read_options ro = mm_read_options_default();
    ro.precision = prec;
    mm_mesh mesh = NULL;
    MMT_OK(ctx, mm_mesh_read(ctx, &mesh, path, &ro));
    for (int levels = 1; levels <= 3; ++levels) {
        compare_paths(ctx, mesh, path, MM_BOUNDARY_EDGE_ONLY, prec, levels);
        compare_paths(ctx, mesh, path, MM_BOUNDARY_EDGE_AND_CORNER, prec, levels);
    }
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* mm_subdivide (fused: no level kept, the last quads from two levels up) =
 * build + eval, bitwise, at every level count (1, 2 and ≥ 3 take different
 * steps); and a second run repeats the first bitwise. _i: shape (mixed
 * polygons, or an open grid with holes), precision, boundary rule. */
START_TEST(subdivide_equals_build_and_eval_bitwise)
{
    static shape s;
    make_shape(&s, _i & 1 ? HOLES : MIXED);
    mm_context ctx = mmt_context();
    mm_mesh mesh = shape_mesh(ctx, &s, _i & 2 ? MM_TYPE_FLOAT32 : MM_TYPE_FLOAT64);
    mm_boundary rule = _i & 4 ? MM_BOUNDARY_EDGE_AND_CORNER : MM_BOUNDARY_EDGE_ONLY;
    mm_memory where = mmt_backend() == MM_BACKEND_CUDA ? MM_MEMORY_DEVICE : MM_MEMORY_HOST;
    int64_t baseline = mm_context_bytes_in_use(ctx, where);
    for (int levels = 1; levels <= 4; ++levels) {
        refined r;
        refine(ctx, mesh, MM_PATH_SPECIALIZED, rule, levels, &r);
        mm_subdiv_options o = mm_subdiv_options_default();
        ck_assert_int_eq(o.path, MM_PATH_AUTO); /* the specialized path for Catmull-Clark */
        o.levels = levels;
        o.boundary = rule;
        for (int run = 0; run < 2; ++run) {
            mm_mesh out = NULL;
            MMT_OK(ctx, mm_subdivide(ctx, mesh, &o, &out));
            mm_mesh_info info;
            MMT_OK(ctx, mm_mesh_info_get(out, &info));
            ck_assert(info.num_faces == r.lv[levels].n.faces && info.uniform_order == 4);
            uint32_t *rows = malloc((size_t)info.nnz * sizeof *rows);
            int64_t *ptr = malloc((size_t)(info.num_faces + 1) * sizeof *ptr), nx;
            double *x = mmt_dense_to_host(ctx, mm_mesh_vertices(out), &nx);
            mm_matrix_arrays a = {ptr, rows, NULL, NULL};
            MMT_OK(ctx, mm_matrix_export(mm_mesh_matrix(out), &a));
            ck_assert_msg(memcmp(rows, r.lv[levels].rows, (size_t)info.nnz * sizeof *rows) == 0,
                          "quads of level %d", levels);
            ck_assert_msg(nx == r.nx && memcmp(x, r.x, (size_t)nx * sizeof *x) == 0,
                          "positions of level %d", levels);
            free(rows), free(ptr), free(x);
            mm_mesh_free(&out);
        }
        release(&r);
    }
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, where), baseline);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* The path's own bound (edges < 2^30: two bits of each side code) comes with
 * a message naming the level; what subdiv.c refuses is refused on both routes. */
START_TEST(bad_input_is_refused)
{
    static shape s;
    make_shape(&s, CUBE);
    mm_context ctx = mmt_context();
    mm_mesh mesh = shape_mesh(ctx, &s, MM_TYPE_FLOAT64), out = NULL;
    mm_subdiv_options o = mm_subdiv_options_default();
    mm_subdiv sd = NULL;
    o.levels = 15;
    ck_assert_int_eq(mm_subdiv_build(ctx, mesh, &o, &sd), MM_ERR_OVERFLOW);
    ck_assert_msg(strstr(mm_last_error(ctx), "level 14") != NULL &&
                      strstr(mm_last_error(ctx), "specialized") != NULL,
                  "%s", mm_last_error(ctx));
    ck_assert(sd == NULL);
    ck_assert_int_eq(mm_subdivide(ctx, mesh, &o, &out), MM_ERR_OVERFLOW);
    ck_assert(out == NULL);
    mm_mesh_free(&mesh);
    /* Three quads on one edge: non-manifold. */
    static const double xyz[] = {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0,
                                 1, -1, 0, 0, -1, 0, 0, 0, 1, 1, 0, 1};
    static const uint32_t ids[] = {0, 1, 2, 3, 1, 0, 5, 4, 0, 1, 7, 6};
    mm_mesh_desc d = {0};
    d.num_vertices = 8;
    d.dim = 3;
    d.vertex_type = MM_TYPE_FLOAT64;
    d.vertices = xyz;
    d.num_faces = 3;
    d.face_order = 4;
    d.face_vertices = ids;
    MMT_OK(ctx, mm_mesh_new(ctx, &mesh, &d));
    o.levels = 1;
    ck_assert_int_eq(mm_subdiv_build(ctx, mesh, &o, &sd), MM_ERR_INVALID_MESH);
    ck_assert_int_eq(mm_subdivide(ctx, mesh, &o, &out), MM_ERR_INVALID_MESH);
    ck_assert(sd == NULL && out == NULL);
    ck_assert_int_eq(mm_subdivide(ctx, NULL, &o, &out), MM_ERR_INVALID_ARGUMENT);
    ck_assert_int_eq(mm_subdivide(ctx, mesh, NULL, &out), MM_ERR_INVALID_ARGUMENT);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* The specialized path checks the input rules on the device and counts only
 * what it flags on the host: each case below trips one of its tests (hand
 * derived: refused or not), and both routes must answer as the generic path,
 * which counts on the host, message included. */
typedef struct check_case {
    int nv, nf, refused;
    int64_t offsets[9];
    uint32_t ids[24];
} check_case;

static const check_case check_cases[] = {
    {5, 3, 1, {0, 3, 6, 9}, {0, 1, 2, 1, 0, 3, 0, 1, 4}},       /* edge {0,1} in 3 faces      */
    {5, 2, 1, {0, 3, 6}, {0, 1, 2, 0, 3, 4}},                   /* open bow-tie at 0          */
    {5, 2, 1, {0, 3, 6}, {0, 1, 2, 0, 1, 3}},                   /* 0 → 1 twice                */
    {5, 1, 1, {0, 6}, {0, 1, 2, 0, 3, 4}},                      /* a face listing 0 twice     */
    {7, 8, 1, {0, 3, 6, 9, 12, 15, 18, 21, 24},                 /* two tetrahedra sharing 0:  */
     {0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3,                       /* two closed fans            */
      0, 5, 4, 0, 4, 6, 0, 6, 5, 4, 5, 6}},
    {4, 4, 0, {0, 3, 6, 9, 12}, {0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3}}, /* a tetrahedron       */
    {5, 3, 0, {0, 3, 6, 9}, {0, 1, 2, 0, 2, 3, 0, 3, 4}},       /* an open fan around 0       */
};

START_TEST(input_checks_match_the_host_counts)
{
    const check_case *c = &check_cases[_i];
    double xyz[3 * 8];
    for (int k = 0; k < 3 * c->nv; ++k) xyz[k] = (k * 7) % 5;
    mm_context ctx = mmt_context();
    mm_mesh_desc d = {0};
    d.num_vertices = c->nv;
    d.dim = 3;
    d.vertex_type = MM_TYPE_FLOAT64;
    d.vertices = xyz;
    d.num_faces = c->nf;
    d.face_offsets = c->offsets;
    d.face_vertices = c->ids;
    d.keep_repeated = 1;
    mm_mesh mesh = NULL, out = NULL;
    MMT_OK(ctx, mm_mesh_new(ctx, &mesh, &d));
    mm_subdiv_options o = mm_subdiv_options_default();
    o.path = MM_PATH_GENERIC;
    mm_status want = mm_subdivide(ctx, mesh, &o, &out);
    ck_assert_int_eq(want, c->refused ? MM_ERR_INVALID_MESH : MM_OK);
    char message[512];
    snprintf(message, sizeof message, "%s", want == MM_OK ? "" : mm_last_error(ctx));
    mm_mesh_free(&out);
    o.path = MM_PATH_SPECIALIZED;
    mm_subdiv sd = NULL;
    ck_assert_int_eq(mm_subdiv_build(ctx, mesh, &o, &sd), want);
    if (want != MM_OK) ck_assert_str_eq(mm_last_error(ctx), message);
    mm_subdiv_free(&sd);
    ck_assert_int_eq(mm_subdivide(ctx, mesh, &o, &out), want);
    if (want != MM_OK) ck_assert_str_eq(mm_last_error(ctx), message);
    mm_mesh_free(&out);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

static mm_status build_and_eval(mm_context ctx, void *arg)
{
    mm_subdiv_options o = mm_subdiv_options_default();
    o.levels = 3;
    o.boundary = MM_BOUNDARY_EDGE_AND_CORNER;
    mm_subdiv s = NULL;
    mm_dense X = NULL;
    mm_status st = mm_subdiv_build(ctx, arg, &o, &s);
    if (st == MM_OK) st = mm_subdiv_eval(s, mm_mesh_vertices(arg), &X);
    mm_dense_free(&X);
    mm_subdiv_free(&s);
    return st;
}

static mm_status subdivide(mm_context ctx, void *arg)
{
    mm_subdiv_options o = mm_subdiv_options_default();
    o.levels = 3;
    mm_mesh out = NULL;
    mm_status st = mm_subdivide(ctx, arg, &o, &out);
    mm_mesh_free(&out);
    return st;
}

START_TEST(allocation_failures_leak_nothing)
{
    static shape s;
    make_shape(&s, MIXED);
    mm_context ctx = mmt_context();
    mm_mesh mesh = shape_mesh(ctx, &s, MM_TYPE_FLOAT32);
    ck_assert(mmt_sweep_allocations(ctx, build_and_eval, mesh) > 10);
    ck_assert(mmt_sweep_allocations(ctx, subdivide, mesh) > 10);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("subdiv_specialized");
    TCase *tc = tcase_create("subdiv_specialized");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, generated_meshes_match_the_generic_path, 0, 4 * NUM_SHAPES);
    tcase_add_loop_test(tc, shared_models_match_the_generic_path, 0,
                        2 * (int)(sizeof models / sizeof *models));
    tcase_add_loop_test(tc, subdivide_equals_build_and_eval_bitwise, 0, 8);
    tcase_add_test(tc, bad_input_is_refused);
    tcase_add_loop_test(tc, input_checks_match_the_host_counts, 0,
                        (int)(sizeof check_cases / sizeof *check_cases));
    tcase_add_test(tc, allocation_failures_leak_nothing);
    suite_add_tcase(s, tc);
    return mmt_run(s);
}
