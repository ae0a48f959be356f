/* test_subdiv_static_memory.c: static mode's memory and MM_STATIC_AUTO
 * (meshmat/subdiv.h, docs/architecture.md's static-mode section), on the
 * backend under test, for Catmull-Clark, Loop and √3:
 * - the build's peak (mm_context_reset_peak before mm_subdiv_build,
 *   mm_context_peak_bytes after) is at most 3 × the bytes of R, for every
 *   static evaluation, on both paths, at several levels: R's bytes are the
 *   CSR arrays (row pointers, column ids, float64 values) and the float32
 *   copy of the composite (MM_STATIC_COMPOSITE), of every R_l
 *   (MM_STATIC_LEVELS), of both (MM_STATIC_AUTO, which builds and times
 *   both); a property of the build, not a timing;
 * - every evaluation and path lends the same R_l and R bit for bit (the
 *   composite of MM_STATIC_LEVELS made at the first request, the generic
 *   path's from the handle's own levels), R is the product of the R_l
 *   (against a dense recomputation), and each evaluation matches the dense
 *   products and the dynamic evaluation;
 * - MM_STATIC_AUTO's evaluation is bit for bit the one it chose (the
 *   composite's, the levels', or the specialized path's dynamic one), which
 *   agree with each other to rounding; on the generic path it never chooses
 *   the points-only evaluation;
 * - a failed first request of MM_STATIC_LEVELS's composite leaves nothing
 *   behind and the next request succeeds; the allocation sweep. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mmt_meshes.h"
#include "mmt_csr.h"
#include "mmt_shapes.h"
#include "core/memory.h"
#include "schemes/subdiv_static.h"

static const mm_static_eval hows[] = {MM_STATIC_COMPOSITE, MM_STATIC_LEVELS, MM_STATIC_AUTO};

static void csr_same(const mmt_csr *a, const mmt_csr *b, const char *what)
{
    ck_assert_msg(a->info.nrows == b->info.nrows && a->info.ncols == b->info.ncols &&
                      a->info.nnz == b->info.nnz, "%s: shapes differ", what);
    ck_assert_msg(memcmp(a->ptr, b->ptr, (size_t)(a->info.nrows + 1) * sizeof *a->ptr) == 0 &&
                      memcmp(a->cols, b->cols, (size_t)a->info.nnz * sizeof *a->cols) == 0 &&
                      memcmp(a->values, b->values, (size_t)a->info.nnz * sizeof *a->values) == 0,
                  "%s: arrays differ", what);
}

/* The bytes of a CSR float64 matrix with its float32 copy (12 + 4 per entry). */
static double csr_bytes(mm_matrix R)
{
    mm_matrix_info i;
    ck_assert_int_eq(mm_matrix_info_get(R, &i), MM_OK);
    return (double)(i.nrows + 1) * 8.0 + (double)i.nnz * 16.0;
}

/* R's bytes as mm_static_eval defines them for s built with `how` (levels
 * ≥ 1; with one level the composite is R_0, counted once). */
static double r_bytes(mm_subdiv s, mm_static_eval how)
{
    int L = mm_subdiv_levels(s);
    double levels = 0.0;
    for (int l = 0; l < L; ++l) levels += csr_bytes(mm_subdiv_matrix(s, l, l + 1));
    if (how == MM_STATIC_LEVELS) return levels;
    double composite = csr_bytes(mm_subdiv_matrix(s, 0, L));
    return how == MM_STATIC_COMPOSITE || L == 1 ? composite : composite + levels;
}

static mm_subdiv_options static_opts(mm_scheme scheme, int levels, mm_subdiv_path path,
                                     mm_static_eval how)
{
    mm_subdiv_options o = mm_subdiv_options_default();
    o.scheme = scheme;
    o.levels = levels;
    o.boundary = MM_BOUNDARY_EDGE_ONLY;
    o.path = path;
    o.mode = MM_MODE_STATIC;
    o.static_eval = how;
    return o;
}

/* A mesh the checks run on: a generated shape (mmt_shapes.h; cut into
 * triangles for Loop and √3) or, shape −1, models/torus_quads.obj; levels
 * lo … hi. One level of a cage of a few dozen triangles is left out: there
 * the cage's own data (level 0's adjacency in both builds) rivals R_0, and
 * the peak reaches 3.3–3.5 × R for √3 (docs/architecture.md). */
typedef struct mesh_case {
    mm_scheme scheme;
    int shape, lo, hi;
} mesh_case;

static const mesh_case cases[] = {
    {MM_SCHEME_CATMULL_CLARK, MMT_SHAPE_TORUS, 1, 4}, {MM_SCHEME_CATMULL_CLARK, MMT_SHAPE_MIXED, 1, 4},
    {MM_SCHEME_CATMULL_CLARK, -1, 1, 3},              {MM_SCHEME_LOOP, MMT_SHAPE_TORUS, 2, 4},
    {MM_SCHEME_LOOP, MMT_SHAPE_GRID, 2, 4},           {MM_SCHEME_SQRT3, MMT_SHAPE_TORUS, 2, 5},
    {MM_SCHEME_SQRT3, MMT_SHAPE_GRID, 2, 5}};
#define CASES ((int)(sizeof cases / sizeof *cases))

static mm_mesh case_mesh(mm_context ctx, const mesh_case *c, mm_type precision)
{
    mm_mesh mesh = NULL;
    mm_read_options ro = mm_read_options_default();
    ro.precision = precision;
    if (c->shape < 0) {
        MMT_OK(ctx, mm_mesh_read(ctx, &mesh, mmt_project_path("models/torus_quads.obj"), &ro));
    } else if (c->scheme == MM_SCHEME_CATMULL_CLARK) {
        mmt_shape_faces f;
        mmt_make_shape(&f, c->shape);
        mesh = mmt_shape_mesh(ctx, &f, precision);
    } else {
        mesh = mmt_triangle_shape(ctx, c->shape, precision);
    }
    return mesh;
}

/* The build's peak over R's bytes for each evaluation, both paths, levels
 * lo … hi of mesh. */
static void peak_within_3x(mm_context ctx, mm_mesh mesh, mm_scheme scheme, int lo, int hi,
                           const char *name)
{
    static const mm_subdiv_path paths[] = {MM_PATH_AUTO, MM_PATH_GENERIC};
    mm_memory where = mmt_backend() == MM_BACKEND_CUDA ? MM_MEMORY_DEVICE : MM_MEMORY_HOST;
    for (int levels = lo; levels <= hi; ++levels)
        for (int p = 0; p < 2; ++p)
            for (int h = 0; h < 3; ++h) {
                mm_subdiv_options o = static_opts(scheme, levels, paths[p], hows[h]);
                mm_subdiv s = NULL;
                int64_t before = mm_context_bytes_in_use(ctx, where);
                mm_context_reset_peak(ctx);
                MMT_OK(ctx, mm_subdiv_build(ctx, mesh, &o, &s));
                double peak = (double)(mm_context_peak_bytes(ctx, where) - before);
                double r = r_bytes(s, hows[h]);
                ck_assert_msg(peak <= 3.0 * r, "%s, scheme %d, %d levels, path %d, evaluation %d: "
                              "peak %.0f bytes = %.2f × R's %.0f", name, scheme, levels,
                              paths[p], hows[h], peak, peak / r, r);
                mm_subdiv_free(&s);
            }
}

/* Loop index → case. */
START_TEST(peak_within_3x_of_r)
{
    const mesh_case *c = &cases[_i];
    mm_context ctx = mmt_context();
    mm_mesh mesh = case_mesh(ctx, c, MM_TYPE_FLOAT32);
    peak_within_3x(ctx, mesh, c->scheme, c->lo, c->hi,
                   c->shape < 0 ? "torus_quads.obj" : "a generated shape");
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* The shared models the peak is also checked on, from one level on. */
static const struct {
    mm_scheme scheme;
    const char *model;
    int levels;
} models[] = {{MM_SCHEME_CATMULL_CLARK, "control/spot_control_mesh.obj", 4},
              {MM_SCHEME_CATMULL_CLARK, "control/cgal_hole_quadtri.obj", 3},
              {MM_SCHEME_LOOP, "tri/cgal_pig_891.obj", 3},
              {MM_SCHEME_SQRT3, "tri/cgal_pig_891.obj", 4},
              {MM_SCHEME_SQRT3, "tri/cgal_holes_8k.obj", 3}};
#define NUM_MODELS ((int)(sizeof models / sizeof *models))
static int present[NUM_MODELS], num_present;

START_TEST(peak_within_3x_on_shared_models)
{
    int m = present[_i];
    mm_context ctx = mmt_context();
    mm_mesh mesh = NULL;
    MMT_OK(ctx, mm_mesh_read(ctx, &mesh, mmt_shared_model(models[m].model), NULL));
    peak_within_3x(ctx, mesh, models[m].scheme, 1, models[m].levels, models[m].model);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* The handles the checks compare: each static evaluation on path AUTO (so a
 * specialized build beside the matrices), the composite on the generic path
 * (the matrices from the handle's own levels), and the dynamic evaluation
 * on the specialized path. */
enum { H_COMPOSITE, H_LEVELS, H_AUTO, H_GENERIC, H_DYNAMIC, HANDLES };

static void build_handles(mm_context ctx, mm_mesh mesh, mm_scheme scheme, int levels,
                          mm_subdiv *s)
{
    for (int h = 0; h < 3; ++h) {
        mm_subdiv_options o = static_opts(scheme, levels, MM_PATH_AUTO, hows[h]);
        MMT_OK(ctx, mm_subdiv_build(ctx, mesh, &o, &s[h]));
    }
    mm_subdiv_options o = static_opts(scheme, levels, MM_PATH_GENERIC, MM_STATIC_COMPOSITE);
    MMT_OK(ctx, mm_subdiv_build(ctx, mesh, &o, &s[H_GENERIC]));
    o = static_opts(scheme, levels, MM_PATH_SPECIALIZED, MM_STATIC_AUTO);
    o.mode = MM_MODE_DYNAMIC;
    MMT_OK(ctx, mm_subdiv_build(ctx, mesh, &o, &s[H_DYNAMIC]));
}

static void free_handles(mm_subdiv *s)
{
    for (int h = 0; h < HANDLES; ++h) mm_subdiv_free(&s[h]);
}

/* y = A x for n × d row-major host data x. */
static double *csr_apply(const mmt_csr *A, const double *x, int64_t d)
{
    double *y = calloc((size_t)(A->info.nrows * d), sizeof *y);
    for (int64_t i = 0; i < A->info.nrows; ++i)
        for (int64_t q = A->ptr[i]; q < A->ptr[i + 1]; ++q)
            for (int64_t k = 0; k < d; ++k) y[i * d + k] += A->values[q] * x[A->cols[q] * d + k];
    return y;
}

/* max |a − b| / max(|b|, tiny) over n values. */
static double rel_diff(const double *a, const double *b, int64_t n)
{
    double worst = 0.0, scale = 1e-30;
    for (int64_t k = 0; k < n; ++k) scale = fmax(scale, fabs(b[k]));
    for (int64_t k = 0; k < n; ++k) worst = fmax(worst, fabs(a[k] - b[k]));
    return worst / scale;
}

/* Every static handle lends the same R_l and R bit for bit; R is the
 * product of the R_l: its action on host data against the R_l applied in
 * turn, and, for a cage of at most 200 vertices, entry by entry against the
 * dense product. Loop index → case. */
START_TEST(same_matrices_everywhere)
{
    const mesh_case *c = &cases[_i];
    mm_context ctx = mmt_context();
    mm_mesh mesh = case_mesh(ctx, c, MM_TYPE_FLOAT64);
    for (int levels = c->lo; levels <= c->hi && levels <= 3; ++levels) {
        mm_subdiv s[HANDLES] = {NULL};
        build_handles(ctx, mesh, c->scheme, levels, s);
        mmt_csr R[4], C, other;
        for (int l = 0; l <= levels; ++l) {
            int from = l < levels ? l : 0, to = l < levels ? l + 1 : levels;
            mmt_csr *a = l < levels ? &R[l] : &C;
            mmt_csr_get(ctx, mm_subdiv_matrix(s[H_COMPOSITE], from, to), a);
            for (int h = H_LEVELS; h <= H_GENERIC; ++h) {
                mmt_csr_get(ctx, mm_subdiv_matrix(s[h], from, to), &other);
                csr_same(a, &other, l < levels ? "R_l" : "R");
                mmt_csr_free(&other);
            }
        }
        int64_t n0 = C.info.ncols, d = 3;
        double *x = malloc((size_t)(n0 * d) * sizeof *x), *y = NULL;
        for (int64_t k = 0; k < n0 * d; ++k) x[k] = cos(0.37 * (double)k);
        double *want = csr_apply(&C, x, d), *got = x;
        for (int l = 0; l < levels; ++l, got = y) {
            y = csr_apply(&R[l], got, d);
            if (got != x) free(got);
        }
        ck_assert_msg(rel_diff(got, want, C.info.nrows * d) <= 1e-12, "case %d, %d levels: R x "
                      "differs from R_{L-1} … R_0 x by %g", _i, levels,
                      rel_diff(got, want, C.info.nrows * d));
        free(got), free(want);
        for (int64_t j = 0; n0 <= 200 && j < n0; ++j) { /* column j of the dense product */
            double *e = calloc((size_t)n0, sizeof *e), *col = e;
            e[j] = 1.0;
            for (int l = 0; l < levels; ++l) {
                double *next = csr_apply(&R[l], col, 1);
                free(col);
                col = next;
            }
            for (int64_t i = 0; i < C.info.nrows; ++i) {
                double v = 0.0;
                for (int64_t q = C.ptr[i]; q < C.ptr[i + 1]; ++q)
                    if (C.cols[q] == (uint32_t)j) v = C.values[q];
                ck_assert_msg(fabs(v - col[i]) <= 1e-12, "case %d, %d levels: R(%lld, %lld) = "
                              "%.17g, the dense product %.17g", _i, levels, (long long)i,
                              (long long)j, v, col[i]);
            }
            free(col);
        }
        free(x);
        for (int l = 0; l < levels; ++l) mmt_csr_free(&R[l]);
        mmt_csr_free(&C);
        free_handles(s);
    }
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

static double *eval_host(mm_context ctx, mm_subdiv s, mm_dense X0, int64_t *n)
{
    mm_dense XL = NULL;
    MMT_OK(ctx, mm_subdiv_eval(s, X0, &XL));
    double *x = mmt_dense_to_host(ctx, XL, n);
    mm_dense_free(&XL);
    return x;
}

/* Each evaluation against the host products of the matrices it lends
 * (R x0, the R_l in turn) and the dynamic evaluation, to rounding; AUTO's
 * is bit for bit one of the composite's, the levels' and the specialized
 * path's dynamic one. Loop index → case × precision. */
START_TEST(evaluations_agree)
{
    const mesh_case *c = &cases[_i / 2];
    mm_type prec = _i % 2 ? MM_TYPE_FLOAT32 : MM_TYPE_FLOAT64;
    double tol = prec == MM_TYPE_FLOAT64 ? 1e-12 : 1e-6;
    mm_context ctx = mmt_context();
    mm_mesh mesh = case_mesh(ctx, c, prec);
    mm_dense X0 = mm_mesh_vertices(mesh);
    int64_t n0 = 0;
    double *x0 = mmt_dense_to_host(ctx, X0, &n0);
    for (int levels = c->lo; levels <= c->hi && levels <= 3; ++levels) {
        mm_subdiv s[HANDLES] = {NULL};
        double *y[HANDLES];
        int64_t n[HANDLES];
        build_handles(ctx, mesh, c->scheme, levels, s);
        for (int h = 0; h < HANDLES; ++h) y[h] = eval_host(ctx, s[h], X0, &n[h]);
        mmt_csr C, R;
        mmt_csr_get(ctx, mm_subdiv_matrix(s[H_COMPOSITE], 0, levels), &C);
        double *want = csr_apply(&C, x0, 3), *got = x0;
        for (int l = 0; l < levels; ++l) {
            mmt_csr_get(ctx, mm_subdiv_matrix(s[H_LEVELS], l, l + 1), &R);
            double *next = csr_apply(&R, got, 3);
            if (got != x0) free(got);
            got = next;
            mmt_csr_free(&R);
        }
        for (int h = 0; h < HANDLES; ++h) {
            ck_assert_int_eq(n[h], C.info.nrows * 3);
            double *ref = h == H_LEVELS ? got : want;
            ck_assert_msg(rel_diff(y[h], ref, n[h]) <= tol, "case %d, %d levels, handle %d: %g",
                          _i / 2, levels, h, rel_diff(y[h], ref, n[h]));
        }
        size_t bytes = (size_t)n[H_AUTO] * sizeof(double);
        ck_assert_msg(memcmp(y[H_AUTO], y[H_COMPOSITE], bytes) == 0 ||
                          memcmp(y[H_AUTO], y[H_LEVELS], bytes) == 0 ||
                          memcmp(y[H_AUTO], y[H_DYNAMIC], bytes) == 0,
                      "case %d, %d levels: AUTO's evaluation is none of the three", _i / 2,
                      levels);
        free(want), free(got);
        mmt_csr_free(&C);
        for (int h = 0; h < HANDLES; ++h) free(y[h]);
        free_handles(s);
    }
    free(x0);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* AUTO's choice, through the internal build: with a specialized build the
 * composite, the levels (from 2 levels) or the points-only evaluation, and
 * its evaluation is bit for bit that of the handle of the choice; with the
 * generic pair never the points. Loop index → case. */
START_TEST(auto_runs_its_choice)
{
    const mesh_case *c = &cases[_i];
    mm_context ctx = mmt_context();
    mm_mesh mesh = case_mesh(ctx, c, MM_TYPE_FLOAT32);
    mm_dense X0 = mm_mesh_vertices(mesh);
    for (int levels = c->lo; levels <= c->hi && levels <= 3; ++levels)
        for (int generic = 0; generic < 2; ++generic) {
            mm_subdiv_options o = static_opts(c->scheme, levels,
                                              generic ? MM_PATH_GENERIC : MM_PATH_SPECIALIZED,
                                              MM_STATIC_AUTO);
            const mmi_subdiv_impl *impl = generic ? mmi_generic_impl(c->scheme)
                                                  : mmi_specialized_impl(c->scheme);
            void *state = NULL;
            mmi_subdiv_static *st = NULL;
            MMT_OK(ctx, mmi_subdiv_static_build(ctx, mesh, &o, impl, &state, &st));
            mm_static_eval choice = mmi_subdiv_static_choice(st);
            ck_assert(choice == MM_STATIC_COMPOSITE || (choice == MM_STATIC_LEVELS && levels > 1) ||
                      (choice == MMI_STATIC_POINTS && !generic));
            o.path = MM_PATH_SPECIALIZED;
            if (choice == MMI_STATIC_POINTS) o.mode = MM_MODE_DYNAMIC;
            else o.static_eval = choice;
            mm_subdiv s = NULL;
            mm_dense Y = NULL;
            int64_t n = 0, m = 0;
            MMT_OK(ctx, mm_subdiv_build(ctx, mesh, &o, &s));
            mm_subdiv_counts last;
            MMT_OK(ctx, mm_subdiv_level_counts(s, levels, &last));
            MMT_OK(ctx, mm_dense_new(ctx, &Y, last.vertices, 3, MM_TYPE_FLOAT32));
            MMT_OK(ctx, mmi_subdiv_static_eval_into(ctx, st, X0, Y));
            double *got = mmt_dense_to_host(ctx, Y, &n), *want = eval_host(ctx, s, X0, &m);
            ck_assert_int_eq(n, m);
            ck_assert_msg(memcmp(got, want, (size_t)n * sizeof *got) == 0,
                          "case %d, %d levels, generic %d: AUTO chose %d but evaluates otherwise",
                          _i, levels, generic, (int)choice);
            free(got), free(want);
            mm_dense_free(&Y);
            mm_subdiv_free(&s);
            mmi_subdiv_static_free(ctx, st);
            impl->free_state(ctx, state);
        }
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* MM_STATIC_LEVELS makes the composite at its first request: a request
 * that fails (an allocation) gives NULL, names mm_subdiv_matrix and leaves
 * nothing behind; the next one gives the composite of MM_STATIC_COMPOSITE,
 * bit for bit, as does the limit evaluation built on it. _i: Catmull-Clark,
 * Loop. */
START_TEST(levels_composite_on_request)
{
    const mesh_case *c = &cases[_i ? 3 : 0];
    mm_context ctx = mmt_context_direct();
    mm_memory where = mmt_backend() == MM_BACKEND_CUDA ? MM_MEMORY_DEVICE : MM_MEMORY_HOST;
    mm_mesh mesh = case_mesh(ctx, c, MM_TYPE_FLOAT64);
    mm_subdiv_options o = static_opts(c->scheme, 3, MM_PATH_AUTO, MM_STATIC_LEVELS);
    mm_subdiv lev = NULL, comp = NULL;
    MMT_OK(ctx, mm_subdiv_build(ctx, mesh, &o, &lev));
    o.static_eval = MM_STATIC_COMPOSITE;
    MMT_OK(ctx, mm_subdiv_build(ctx, mesh, &o, &comp));
    int64_t before = mm_context_bytes_in_use(ctx, where);
    mmi_test_fail_alloc_after(ctx, 0);
    ck_assert_ptr_null(mm_subdiv_matrix(lev, 0, 3));
    mmi_test_fail_alloc_after(ctx, -1);
    ck_assert_ptr_nonnull(strstr(mm_last_error(ctx), "mm_subdiv_matrix"));
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, where), before);
    mmt_csr a, b;
    mmt_csr_get(ctx, mm_subdiv_matrix(lev, 0, 3), &a);
    mmt_csr_get(ctx, mm_subdiv_matrix(comp, 0, 3), &b);
    csr_same(&a, &b, "R");
    ck_assert_ptr_eq(mm_subdiv_matrix(lev, 0, 3), mm_subdiv_matrix(lev, 0, 3));
    mmt_csr_free(&a), mmt_csr_free(&b);
    mm_dense P[2] = {NULL, NULL};
    MMT_OK(ctx, mm_subdiv_eval_limit(lev, mm_mesh_vertices(mesh), &P[0], NULL, NULL));
    MMT_OK(ctx, mm_subdiv_eval_limit(comp, mm_mesh_vertices(mesh), &P[1], NULL, NULL));
    int64_t n = 0, m = 0;
    double *p = mmt_dense_to_host(ctx, P[0], &n), *q = mmt_dense_to_host(ctx, P[1], &m);
    ck_assert(n == m && memcmp(p, q, (size_t)n * sizeof *p) == 0);
    free(p), free(q);
    mm_dense_free(&P[0]), mm_dense_free(&P[1]);
    mm_subdiv_free(&lev), mm_subdiv_free(&comp);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

typedef struct sweep_case {
    mm_mesh mesh;
    mm_scheme scheme;
    mm_subdiv_path path;
    mm_static_eval how;
} sweep_case;

/* A build, the composite (made at the request under LEVELS) and one
 * evaluation. */
static mm_status build_and_eval(mm_context ctx, void *arg)
{
    const sweep_case *c = arg;
    mm_subdiv s = NULL;
    mm_dense Y = NULL;
    mm_subdiv_options o = static_opts(c->scheme, 2, c->path, c->how);
    mm_status st = mm_subdiv_build(ctx, c->mesh, &o, &s);
    if (st == MM_OK && mm_subdiv_matrix(s, 0, 2) == NULL) st = MM_ERR_OUT_OF_MEMORY;
    if (st == MM_OK) st = mm_subdiv_eval(s, mm_mesh_vertices(c->mesh), &Y);
    mm_dense_free(&Y);
    mm_subdiv_free(&s);
    return st;
}

/* Loop index → scheme (3) × (LEVELS on path AUTO, COMPOSITE and AUTO on
 * the generic path). */
START_TEST(allocation_failures_are_clean)
{
    static const mm_scheme schemes[] = {MM_SCHEME_CATMULL_CLARK, MM_SCHEME_LOOP, MM_SCHEME_SQRT3};
    static const mm_subdiv_path paths[] = {MM_PATH_AUTO, MM_PATH_GENERIC, MM_PATH_GENERIC};
    static const mm_static_eval evals[] = {MM_STATIC_LEVELS, MM_STATIC_COMPOSITE, MM_STATIC_AUTO};
    mm_context ctx = mmt_context_direct();
    sweep_case c = {_i / 3 ? mmt_triangle_shape(ctx, MMT_SHAPE_MIXED, MM_TYPE_FLOAT32)
                           : mmt_mesh_shape(ctx, MMT_MIXED, MM_TYPE_FLOAT32),
                    schemes[_i / 3], paths[_i % 3], evals[_i % 3]};
    ck_assert(mmt_sweep_allocations(ctx, build_and_eval, &c) > 10);
    mm_mesh_free(&c.mesh);
    mm_context_free(&ctx);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("subdiv_static_memory");
    TCase *tc = tcase_create("subdiv_static_memory");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, peak_within_3x_of_r, 0, CASES);
    tcase_add_loop_test(tc, same_matrices_everywhere, 0, CASES);
    tcase_add_loop_test(tc, evaluations_agree, 0, 2 * CASES);
    tcase_add_loop_test(tc, auto_runs_its_choice, 0, CASES);
    tcase_add_loop_test(tc, levels_composite_on_request, 0, 2);
    tcase_add_loop_test(tc, allocation_failures_are_clean, 0, 9);
    suite_add_tcase(s, tc);
    for (int m = 0; m < NUM_MODELS; ++m)
        if (mmt_need_shared_model(models[m].model, "the static build's peak on shared models"))
            present[num_present++] = m;
    if (num_present > 0) {
        TCase *shared = mmt_models_tcase();
        tcase_set_timeout(shared, 300);
        tcase_add_loop_test(shared, peak_within_3x_on_shared_models, 0, num_present);
        suite_add_tcase(s, shared);
    }
    return mmt_run(s);
}
