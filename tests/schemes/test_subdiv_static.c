/* test_subdiv_static.c: static mode (meshmat/subdiv.h, paper §6.2–6.3) on the
 * backend under test, for Catmull-Clark, Loop and √3. Static evaluation — one
 * SpMV with the composite R, and one per level with R_l — against the dynamic
 * evaluation of the generic path on generated meshes (Catmull-Clark: closed
 * cube, open grid, mixed polygons with a boundary and an unreferenced vertex,
 * several components, levels 1–4; Loop and √3: the generated shapes cut into
 * triangles, closed, open and in several components, levels 1–3), both
 * boundary rules (√3 has one), both precisions; affine invariance (every row
 * of R_l and R sums to 1) and the matrices' shapes; rows derived by hand (a
 * quad grid; an octahedron and a lone triangle for Loop; a lone triangle
 * through √3's even and odd levels); repeated evaluation; the build for a
 * handle whose own path kept no generic levels; bad input; the allocation
 * sweep. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mmt_meshes.h"
#include "mmt_csr.h"
#include "mmt_shapes.h"
#include "schemes/subdiv_static.h"

/* R(i, j), 0 where no entry is stored. */
static double csr_at(const mmt_csr *h, int64_t i, uint32_t j)
{
    double v = 0.0;
    for (int64_t q = h->ptr[i]; q < h->ptr[i + 1]; ++q)
        if (h->cols[q] == j) v += h->values[q];
    return v;
}

/* Rows `rows` of h over columns [0, ncols): want's {row, column, weight}
 * entries, 0 everywhere else. */
static void rows_are(const mmt_csr *h, const int *rows, size_t nrows, const double (*want)[3],
                     size_t nwant, uint32_t ncols)
{
    for (size_t r = 0; r < nrows; ++r)
        for (uint32_t j = 0; j < ncols; ++j) {
            double w = 0.0;
            for (size_t t = 0; t < nwant; ++t)
                if ((int)want[t][0] == rows[r] && (uint32_t)want[t][1] == j) w = want[t][2];
            ck_assert_msg(fabs(csr_at(h, rows[r], j) - w) <= 1e-15, "R(%d, %u) = %.17g, not %g",
                          rows[r], j, csr_at(h, rows[r], j), w);
        }
}

/* The id of edge (a, b), a < b, among the n edges of a level, or -1. */
static int edge_id(const uint32_t *ends, int n, uint32_t a, uint32_t b)
{
    for (int e = 0; e < n; ++e)
        if (ends[2 * e] == a && ends[2 * e + 1] == b) return e;
    return -1;
}

static mm_subdiv_options opts(int levels, mm_boundary rule, mm_subdiv_mode mode,
                              mm_static_eval how)
{
    mm_subdiv_options o = mm_subdiv_options_default();
    o.levels = levels;
    o.boundary = rule;
    o.mode = mode;
    o.static_eval = how;
    return o;
}

/* The refined vertex data of mesh through s, on the host. */
static double *refine(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *o, int64_t *count)
{
    mm_subdiv s = NULL;
    mm_dense X = NULL;
    MMT_OK(ctx, mm_subdiv_build(ctx, mesh, o, &s));
    MMT_OK(ctx, mm_subdiv_eval(s, mm_mesh_vertices(mesh), &X));
    double *x = mmt_dense_to_host(ctx, X, count);
    mm_dense_free(&X);
    mm_subdiv_free(&s);
    return x;
}

/* Static evaluation of mesh (each of the three choices; path AUTO, so a
 * specialized path gets its matrices from a generic build) against the
 * dynamic evaluation by dyn_path, levels 1 … max_levels. */
static void static_matches(mm_context ctx, mm_mesh mesh, mm_scheme scheme, mm_boundary rule,
                           mm_subdiv_path dyn_path, int max_levels)
{
    static const mm_static_eval hows[] = {MM_STATIC_COMPOSITE, MM_STATIC_LEVELS, MM_STATIC_AUTO};
    mm_type prec = MM_TYPE_FLOAT64;
    int64_t rows, d;
    MMT_OK(ctx, mm_dense_shape(mm_mesh_vertices(mesh), &rows, &d, &prec));
    for (int levels = 1; levels <= max_levels; ++levels) {
        int64_t n = 0, m = 0;
        mm_subdiv_options o = opts(levels, rule, MM_MODE_DYNAMIC, MM_STATIC_AUTO);
        o.scheme = scheme;
        o.path = dyn_path;
        double *want = refine(ctx, mesh, &o, &n), scale = 1e-30;
        for (int64_t k = 0; k < n; ++k) scale = fmax(scale, fabs(want[k]));
        for (int h = 0; h < 3; ++h) {
            o = opts(levels, rule, MM_MODE_STATIC, hows[h]);
            o.scheme = scheme;
            double *got = refine(ctx, mesh, &o, &m), worst = 0.0;
            ck_assert_int_eq(m, n);
            for (int64_t k = 0; k < n; ++k) worst = fmax(worst, fabs(got[k] - want[k]) / scale);
            ck_assert_msg(worst <= (prec == MM_TYPE_FLOAT64 ? 1e-12 : 1e-6),
                          "scheme %d, levels %d, evaluation %d: %g", scheme, levels, h, worst);
            free(got);
        }
        free(want);
    }
}

/* Loop index → shape (4) × rule (2) × precision (2). */
START_TEST(static_matches_dynamic)
{
    mmt_shape shape = (mmt_shape)(_i / 4);
    mm_boundary rule = (_i / 2) % 2 ? MM_BOUNDARY_EDGE_AND_CORNER : MM_BOUNDARY_EDGE_ONLY;
    mm_context ctx = mmt_context();
    mm_mesh mesh = mmt_mesh_shape(ctx, shape, _i % 2 ? MM_TYPE_FLOAT32 : MM_TYPE_FLOAT64);
    static_matches(ctx, mesh, MM_SCHEME_CATMULL_CLARK, rule, MM_PATH_AUTO, 4);
    mm_mesh_free(&mesh);
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, MM_MEMORY_HOST), 0);
    mm_context_free(&ctx);
}
END_TEST

static const mm_scheme tri_schemes[] = {MM_SCHEME_LOOP, MM_SCHEME_SQRT3};

/* Loop and √3 against their dynamic generic path on the generated shapes cut
 * into triangles (closed cube and torus, open grid, grid with holes, prisms
 * in several components, open fan, mixed). Loop index → scheme (2) × shape ×
 * rule (2) × precision (2); √3 has only EDGE_ONLY (Kobbelt's rule). */
START_TEST(tri_static_matches_dynamic)
{
    int per_scheme = 4 * MMT_NUM_GENERATED;
    mm_scheme scheme = tri_schemes[_i / per_scheme];
    mm_boundary rule = (_i / 2) % 2 ? MM_BOUNDARY_EDGE_AND_CORNER : MM_BOUNDARY_EDGE_ONLY;
    if (scheme == MM_SCHEME_SQRT3 && rule != MM_BOUNDARY_EDGE_ONLY) return;
    mm_context ctx = mmt_context();
    mm_mesh mesh = mmt_triangle_shape(ctx, (_i % per_scheme) / 4,
                                      _i % 2 ? MM_TYPE_FLOAT32 : MM_TYPE_FLOAT64);
    static_matches(ctx, mesh, scheme, rule, MM_PATH_GENERIC, 3);
    mm_mesh_free(&mesh);
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, MM_MEMORY_HOST), 0);
    mm_context_free(&ctx);
}
END_TEST

/* Any d (the CUDA kernel folds d = 1 … 4 and runs wider d in chunks of
 * four): d = 1, 5 and 9 columns of float32 data, static against dynamic. */
START_TEST(any_width)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = mmt_mesh_shape(ctx, MMT_MIXED, MM_TYPE_FLOAT32);
    static const int64_t widths[] = {1, 5, 9};
    int64_t d = widths[_i], nv = 13;
    float *x0 = malloc((size_t)(nv * d) * sizeof *x0);
    for (int64_t k = 0; k < nv * d; ++k) x0[k] = (float)cos(0.7 * (double)k);
    mm_dense X = NULL, want = NULL, got = NULL;
    MMT_OK(ctx, mm_dense_import(ctx, &X, nv, d, MM_TYPE_FLOAT32, x0));
    mm_subdiv_options o = opts(3, MM_BOUNDARY_EDGE_ONLY, MM_MODE_DYNAMIC, MM_STATIC_AUTO);
    mm_subdiv dyn = NULL, sta = NULL;
    MMT_OK(ctx, mm_subdiv_build(ctx, mesh, &o, &dyn));
    o = opts(3, MM_BOUNDARY_EDGE_ONLY, MM_MODE_STATIC, MM_STATIC_COMPOSITE);
    MMT_OK(ctx, mm_subdiv_build(ctx, mesh, &o, &sta));
    MMT_OK(ctx, mm_subdiv_eval(dyn, X, &want));
    MMT_OK(ctx, mm_subdiv_eval(sta, X, &got));
    int64_t n = 0, m = 0;
    double *a = mmt_dense_to_host(ctx, want, &n), *b = mmt_dense_to_host(ctx, got, &m), worst = 0.0;
    ck_assert_int_eq(n, m);
    for (int64_t k = 0; k < n; ++k) worst = fmax(worst, fabs(a[k] - b[k]));
    ck_assert_msg(worst <= 1e-6, "d = %lld: %g", (long long)d, worst);
    free(a), free(b), free(x0);
    mm_dense_free(&X), mm_dense_free(&want), mm_dense_free(&got);
    mm_subdiv_free(&dyn), mm_subdiv_free(&sta);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* Affine invariance: refining a constant gives the constant, so every row of
 * every R_l and of R sums to 1; and R has |V_L| × |V_0|, R_l |V_{l+1}| × |V_l|,
 * columns sorted in each row. Three levels of mesh under o. */
static void rows_sum_to_one_under(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *o)
{
    mm_subdiv s = NULL;
    MMT_OK(ctx, mm_subdiv_build(ctx, mesh, o, &s));
    for (int l = 0; l <= 3; ++l) {
        int from = l < 3 ? l : 0, to = l < 3 ? l + 1 : 3;
        mm_subdiv_counts a, b;
        MMT_OK(ctx, mm_subdiv_level_counts(s, from, &a));
        MMT_OK(ctx, mm_subdiv_level_counts(s, to, &b));
        mmt_csr h;
        mmt_csr_get(ctx, mm_subdiv_matrix(s, from, to), &h);
        ck_assert_int_eq(h.info.nrows, b.vertices);
        ck_assert_int_eq(h.info.ncols, a.vertices);
        for (int64_t i = 0; i < h.info.nrows; ++i) {
            double sum = 0.0;
            for (int64_t q = h.ptr[i]; q < h.ptr[i + 1]; ++q) {
                ck_assert(h.cols[q] < a.vertices);
                if (q > h.ptr[i]) ck_assert(h.cols[q] > h.cols[q - 1]);
                sum += h.values[q];
            }
            ck_assert_msg(fabs(sum - 1.0) <= 1e-12, "scheme %d (%d, %d) row %lld sums to %.17g",
                          o->scheme, from, to, (long long)i, sum);
        }
        mmt_csr_free(&h);
    }
    mm_subdiv_free(&s);
}

START_TEST(rows_sum_to_one)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = mmt_mesh_shape(ctx, (mmt_shape)(_i / 2), MM_TYPE_FLOAT64);
    mm_boundary rule = _i % 2 ? MM_BOUNDARY_EDGE_AND_CORNER : MM_BOUNDARY_EDGE_ONLY;
    mm_subdiv_options o = opts(3, rule, MM_MODE_STATIC, MM_STATIC_COMPOSITE);
    rows_sum_to_one_under(ctx, mesh, &o);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* Loop index → scheme (Loop, √3) × triangle shape × rule. */
START_TEST(tri_rows_sum_to_one)
{
    int per_scheme = 2 * MMT_NUM_GENERATED;
    mm_boundary rule = _i % 2 ? MM_BOUNDARY_EDGE_AND_CORNER : MM_BOUNDARY_EDGE_ONLY;
    mm_subdiv_options o = opts(3, rule, MM_MODE_STATIC, MM_STATIC_COMPOSITE);
    o.scheme = tri_schemes[_i / per_scheme];
    if (o.scheme == MM_SCHEME_SQRT3 && rule != MM_BOUNDARY_EDGE_ONLY) return;
    mm_context ctx = mmt_context();
    mm_mesh mesh = mmt_triangle_shape(ctx, (_i % per_scheme) / 2, MM_TYPE_FLOAT64);
    rows_sum_to_one_under(ctx, mesh, &o);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* R_0 of the 3 × 3 grid of unit quads (vertex id = 4y + x, faces f = 3y + x,
 * so |V| = 16, |F| = 9, and level-0 edges sorted by (min, max)).
 * Interior vertex 5 (valence n = 4, eq. 9 / 11): S = (1 − 2/n) p + (1/n²) Σ_j p_j
 * + (1/n²) Σ_f f_f with f_f the mean of face f's 4 corners:
 *   itself: 1 − 2/4 + (1/16)(4 faces · 1/4) = 1/2 + 1/16 = 9/16;
 *   edge neighbours 1, 4, 6, 9: 1/16 + (1/16)(2 faces · 1/4) = 3/32;
 *   diagonal neighbours 0, 2, 8, 10: (1/16)(1 face · 1/4) = 1/64;
 *   (9/16 + 4 · 3/32 + 4 · 1/64 = 1).
 * Boundary vertex 1 (eq. 20): 3/4 p_1 + 1/8 (p_0 + p_2).
 * Corner vertex 0 (in one face): EDGE_ONLY 3/4 p_0 + 1/8 (p_1 + p_4);
 * EDGE_AND_CORNER p_0.
 * Face point of face 4 (corners 5 6 10 9): 1/4 each.
 * Interior edge {5, 6} (faces 1 and 4): (p_5 + p_6)/4 + (f_1 + f_4)/4 =
 *   3/8 on 5 and 6, 1/16 on 1, 2, 9, 10.
 * Boundary edge {0, 1}: the midpoint, 1/2 on 0 and 1. */
START_TEST(grid_rows_by_hand)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = mmt_mesh_grid(ctx, 3, 3, MM_TYPE_FLOAT64);
    mm_boundary rule = _i ? MM_BOUNDARY_EDGE_AND_CORNER : MM_BOUNDARY_EDGE_ONLY;
    mm_subdiv_options o = opts(1, rule, MM_MODE_STATIC, MM_STATIC_LEVELS);
    mm_subdiv s = NULL;
    MMT_OK(ctx, mm_subdiv_build(ctx, mesh, &o, &s));
    uint32_t ends[2 * 24];
    MMT_OK(ctx, mm_subdiv_level_edges(s, 0, ends));
    int e56 = edge_id(ends, 24, 5, 6), e01 = edge_id(ends, 24, 0, 1);
    ck_assert(e56 >= 0 && e01 >= 0);
    mmt_csr h;
    mmt_csr_get(ctx, mm_subdiv_matrix(s, 0, 1), &h);
    ck_assert_int_eq(h.info.nrows, 16 + 9 + 24);
    /* {row, column, weight}; every other entry of these rows is 0. */
    const double corner = _i ? 1.0 : 0.75, corner_side = _i ? 0.0 : 0.125;
    const double want[][3] = {
        {5, 5, 9.0 / 16},  {5, 1, 3.0 / 32},  {5, 4, 3.0 / 32},  {5, 6, 3.0 / 32},
        {5, 9, 3.0 / 32},  {5, 0, 1.0 / 64},  {5, 2, 1.0 / 64},  {5, 8, 1.0 / 64},
        {5, 10, 1.0 / 64}, {1, 1, 0.75},      {1, 0, 0.125},     {1, 2, 0.125},
        {0, 0, corner},    {0, 1, corner_side}, {0, 4, corner_side},
        {16 + 4, 5, 0.25}, {16 + 4, 6, 0.25}, {16 + 4, 10, 0.25}, {16 + 4, 9, 0.25},
        {25 + (double)e56, 5, 0.375}, {25 + (double)e56, 6, 0.375},
        {25 + (double)e56, 1, 0.0625}, {25 + (double)e56, 2, 0.0625},
        {25 + (double)e56, 9, 0.0625}, {25 + (double)e56, 10, 0.0625},
        {25 + (double)e01, 0, 0.5},   {25 + (double)e01, 1, 0.5}};
    const int rows[] = {5, 1, 0, 20, 25 + e56, 25 + e01};
    rows_are(&h, rows, sizeof rows / sizeof *rows, want, sizeof want / sizeof *want, 16);
    mmt_csr_free(&h);
    mm_subdiv_free(&s);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* Loop's R_0 on an octahedron (vertices 0 … 5 at ±x, ±y, ±z: 0 opposite 1,
 * 2 opposite 3, 4 opposite 5; every vertex of valence 4) and a lone triangle
 * (6, 7, 8), |E| = 12 + 3. Interior vertex 0 (eq. 28–29, Loop's β of
 * OpenSubdiv): β = (5/8 − (3/8 + cos(2π/4)/4)²)/4 = (5/8 − 9/64)/4 = 31/256,
 * 1 − 4β = 33/64 at 0, 31/256 at 2, 3, 4, 5, nothing at 1. Edge {0, 2} (faces
 * (0, 2, 4), (2, 0, 5)): 3/8 on 0 and 2, 1/8 on 4 and 5 (Figure 13). The
 * triangle's vertex 6: 3/4 p_6 + 1/8 (p_7 + p_8), or p_6 (EDGE_AND_CORNER,
 * in one face); its edge {6, 7}: the midpoint. */
START_TEST(loop_rows_by_hand)
{
    static const double xyz[] = {1, 0, 0, -1, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 1,
                                 0, 0, -1, 3, 0, 0, 4, 0, 0, 3, 1, 0};
    static const uint32_t ids[] = {0, 2, 4, 2, 1, 4, 1, 3, 4, 3, 0, 4, 2, 0, 5,
                                   1, 2, 5, 3, 1, 5, 0, 3, 5, 6, 7, 8};
    mm_context ctx = mmt_context();
    mm_mesh mesh = mmt_mesh_from_faces(ctx, 9, xyz, 9, NULL, 3, ids, MM_TYPE_FLOAT64);
    mm_boundary rule = _i ? MM_BOUNDARY_EDGE_AND_CORNER : MM_BOUNDARY_EDGE_ONLY;
    mm_subdiv_options o = opts(1, rule, MM_MODE_STATIC, MM_STATIC_LEVELS);
    o.scheme = MM_SCHEME_LOOP;
    mm_subdiv s = NULL;
    MMT_OK(ctx, mm_subdiv_build(ctx, mesh, &o, &s));
    uint32_t ends[2 * 15];
    MMT_OK(ctx, mm_subdiv_level_edges(s, 0, ends));
    int e02 = edge_id(ends, 15, 0, 2), e67 = edge_id(ends, 15, 6, 7);
    ck_assert(e02 >= 0 && e67 >= 0);
    mmt_csr h;
    mmt_csr_get(ctx, mm_subdiv_matrix(s, 0, 1), &h);
    ck_assert_int_eq(h.info.nrows, 9 + 15);
    ck_assert_int_eq(h.info.ncols, 9);
    const double corner = _i ? 1.0 : 0.75, corner_side = _i ? 0.0 : 0.125;
    const double want[][3] = {
        {0, 0, 33.0 / 64},  {0, 2, 31.0 / 256}, {0, 3, 31.0 / 256}, {0, 4, 31.0 / 256},
        {0, 5, 31.0 / 256}, {6, 6, corner},     {6, 7, corner_side}, {6, 8, corner_side},
        {9 + (double)e02, 0, 0.375}, {9 + (double)e02, 2, 0.375},
        {9 + (double)e02, 4, 0.125}, {9 + (double)e02, 5, 0.125},
        {9 + (double)e67, 6, 0.5},   {9 + (double)e67, 7, 0.5}};
    const int rows[] = {0, 6, 9 + e02, 9 + e67};
    rows_are(&h, rows, sizeof rows / sizeof *rows, want, sizeof want / sizeof *want, 9);
    mmt_csr_free(&h);
    mm_subdiv_free(&s);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* √3 on a lone triangle (0, 1, 2), two levels (Kobbelt §4, docs/schemes.md).
 * Level 0 → 1 is an even generation: boundary vertices stay, the centroid 3
 * gets 1/3 each; the children are (0, 1, 3), (1, 2, 3), (2, 0, 3).
 * Level 1 → 2 is odd: boundary vertex 0 → 19/27 p_0 + 4/27 (p_1 + p_2);
 * interior vertex 3 of valence 3 (eq. 24–25): α_3 = (4 − 2 cos(2π/3))/9 =
 * 5/9, so 4/9 at 3 and 5/27 at 0, 1, 2; child 0's boundary side 0 → 1 gets
 * x = (p' + 16 p_0 + 10 p_1)/27 at |V_1| + 0 = 4 and y = (10 p_0 + 16 p_1 +
 * q')/27 at |V_1| + |F_1| + 0 = 7, p' = q' = 2; child 1's side 1 → 2 gets x
 * at 5. In the composite R = R_1 R_0, vertex 3 is 4/9 · 1/3 + 5/27 = 1/3
 * on each of 0, 1, 2 and the boundary rows are R_1's. */
START_TEST(sqrt3_rows_by_hand)
{
    static const double xyz[] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
    static const uint32_t ids[] = {0, 1, 2};
    mm_context ctx = mmt_context();
    mm_mesh mesh = mmt_mesh_from_faces(ctx, 3, xyz, 1, NULL, 3, ids, MM_TYPE_FLOAT64);
    mm_subdiv_options o = opts(2, MM_BOUNDARY_EDGE_ONLY, MM_MODE_STATIC, MM_STATIC_COMPOSITE);
    o.scheme = MM_SCHEME_SQRT3;
    mm_subdiv s = NULL;
    MMT_OK(ctx, mm_subdiv_build(ctx, mesh, &o, &s));
    const double t = 1.0 / 3, u = 1.0 / 27;
    const double want0[][3] = {{0, 0, 1}, {1, 1, 1}, {2, 2, 1}, {3, 0, t}, {3, 1, t}, {3, 2, t}};
    const double want1[][3] = {
        {0, 0, 19 * u}, {0, 1, 4 * u},  {0, 2, 4 * u},  {3, 3, 4.0 / 9}, {3, 0, 5 * u},
        {3, 1, 5 * u},  {3, 2, 5 * u},  {4, 0, 16 * u}, {4, 1, 10 * u},  {4, 2, u},
        {5, 1, 16 * u}, {5, 2, 10 * u}, {5, 0, u},      {7, 0, 10 * u},  {7, 1, 16 * u},
        {7, 2, u}};
    const double want[][3] = {{0, 0, 19 * u}, {0, 1, 4 * u},   {0, 2, 4 * u},  {3, 0, t},
                              {3, 1, t},      {3, 2, t},       {4, 0, 16 * u}, {4, 1, 10 * u},
                              {4, 2, u},      {7, 0, 10 * u},  {7, 1, 16 * u}, {7, 2, u}};
    const int rows0[] = {0, 1, 2, 3}, rows1[] = {0, 3, 4, 5, 7}, rows[] = {0, 3, 4, 7};
    mmt_csr h;
    mmt_csr_get(ctx, mm_subdiv_matrix(s, 0, 1), &h);
    ck_assert(h.info.nrows == 4 && h.info.ncols == 3);
    rows_are(&h, rows0, 4, want0, sizeof want0 / sizeof *want0, 3);
    mmt_csr_free(&h);
    mmt_csr_get(ctx, mm_subdiv_matrix(s, 1, 2), &h);
    ck_assert(h.info.nrows == 4 + 3 + 3 && h.info.ncols == 4);
    rows_are(&h, rows1, 5, want1, sizeof want1 / sizeof *want1, 4);
    mmt_csr_free(&h);
    mmt_csr_get(ctx, mm_subdiv_matrix(s, 0, 2), &h);
    ck_assert(h.info.nrows == 10 && h.info.ncols == 3);
    rows_are(&h, rows, 4, want, sizeof want / sizeof *want, 3);
    mmt_csr_free(&h);
    mm_subdiv_free(&s);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* Build once, evaluate many times: bitwise the same result every time. */
START_TEST(eval_many_times)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = mmt_mesh_shape(ctx, MMT_MIXED, MM_TYPE_FLOAT32);
    mm_subdiv_options o = opts(3, MM_BOUNDARY_EDGE_ONLY, MM_MODE_STATIC,
                               _i ? MM_STATIC_LEVELS : MM_STATIC_COMPOSITE);
    mm_subdiv s = NULL;
    MMT_OK(ctx, mm_subdiv_build(ctx, mesh, &o, &s));
    double *first = NULL;
    int64_t n = 0;
    for (int run = 0; run < 5; ++run) {
        mm_dense X = NULL;
        int64_t m = 0;
        MMT_OK(ctx, mm_subdiv_eval(s, mm_mesh_vertices(mesh), &X));
        double *x = mmt_dense_to_host(ctx, X, &m);
        mm_dense_free(&X);
        if (first == NULL) {
            first = x, n = m;
            continue;
        }
        ck_assert_int_eq(m, n);
        ck_assert(memcmp(first, x, (size_t)n * sizeof *x) == 0);
        free(x);
    }
    free(first);
    mm_subdiv_free(&s);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* A handle whose own path kept no generic levels (the specialized path's
 * case) gets its matrices from a generic build made for them: the same R as
 * a handle's own generic build gives. _i: Catmull-Clark (specialized), Loop
 * (generic), √3 (generic). */
START_TEST(matrices_without_generic_state)
{
    static const mm_scheme schemes[] = {MM_SCHEME_CATMULL_CLARK, MM_SCHEME_LOOP, MM_SCHEME_SQRT3};
    mm_context ctx = mmt_context();
    mm_mesh mesh = _i ? mmt_triangle_shape(ctx, MMT_SHAPE_PRISMS, MM_TYPE_FLOAT64)
                      : mmt_mesh_shape(ctx, MMT_COMPONENTS, MM_TYPE_FLOAT64);
    mm_subdiv_options o = opts(2, MM_BOUNDARY_EDGE_ONLY, MM_MODE_STATIC, MM_STATIC_COMPOSITE);
    o.scheme = schemes[_i];
    o.path = _i ? MM_PATH_GENERIC : MM_PATH_AUTO;
    mm_subdiv s = NULL;
    mmi_subdiv_static *own = NULL;
    MMT_OK(ctx, mm_subdiv_build(ctx, mesh, &o, &s));
    MMT_OK(ctx, mmi_subdiv_static_build(ctx, mesh, &o, NULL, NULL, &own));
    mmt_csr a, b;
    mm_matrix R = NULL;
    MMT_OK(ctx, mmi_subdiv_static_matrix(ctx, own, 0, 2, &R));
    mmt_csr_get(ctx, mm_subdiv_matrix(s, 0, 2), &a);
    mmt_csr_get(ctx, R, &b);
    ck_assert_int_eq(a.info.nnz, b.info.nnz);
    ck_assert(memcmp(a.ptr, b.ptr, (size_t)(a.info.nrows + 1) * sizeof *a.ptr) == 0);
    ck_assert(memcmp(a.cols, b.cols, (size_t)a.info.nnz * sizeof *a.cols) == 0);
    ck_assert(memcmp(a.values, b.values, (size_t)a.info.nnz * sizeof *a.values) == 0);
    mmt_csr_free(&a), mmt_csr_free(&b);
    mmi_subdiv_static_free(ctx, own);
    mm_subdiv_free(&s);
    mm_mesh_free(&mesh);
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, mmt_backend() == MM_BACKEND_CUDA
                                                      ? MM_MEMORY_DEVICE
                                                      : MM_MEMORY_HOST), 0);
    mm_context_free(&ctx);
}
END_TEST

/* Zero levels: R is the identity and evaluation copies. */
START_TEST(zero_levels_is_identity)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = mmt_mesh_shape(ctx, MMT_CUBE, MM_TYPE_FLOAT64);
    mm_subdiv_options o = opts(0, MM_BOUNDARY_EDGE_ONLY, MM_MODE_STATIC, MM_STATIC_AUTO);
    mm_subdiv s = NULL;
    MMT_OK(ctx, mm_subdiv_build(ctx, mesh, &o, &s));
    mmt_csr h;
    mmt_csr_get(ctx, mm_subdiv_matrix(s, 0, 0), &h);
    ck_assert_int_eq(h.info.nrows, 8);
    ck_assert_int_eq(h.info.nnz, 8);
    for (uint32_t i = 0; i < 8; ++i) ck_assert(csr_at(&h, i, i) == 1.0);
    mmt_csr_free(&h);
    int64_t n = 0;
    mm_dense X = NULL;
    MMT_OK(ctx, mm_subdiv_eval(s, mm_mesh_vertices(mesh), &X));
    double *x = mmt_dense_to_host(ctx, X, &n);
    ck_assert_int_eq(n, 24);
    ck_assert(x[3 * 7] == 1.0 && x[3 * 7 + 1] == 1.0 && x[3 * 7 + 2] == 1.0);
    free(x);
    mm_dense_free(&X);
    mm_subdiv_free(&s);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(bad_input)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = mmt_mesh_shape(ctx, MMT_GRID, MM_TYPE_FLOAT64);
    mm_subdiv_options o = opts(2, MM_BOUNDARY_EDGE_ONLY, MM_MODE_STATIC, MM_STATIC_COMPOSITE);
    mm_subdiv s = NULL, dyn = NULL;
    MMT_OK(ctx, mm_subdiv_build(ctx, mesh, &o, &s));
    mm_dense wrong = NULL, Y = NULL;
    MMT_OK(ctx, mm_dense_new(ctx, &wrong, 19, 3, MM_TYPE_FLOAT64));
    ck_assert_int_eq(mm_subdiv_eval(s, wrong, &Y), MM_ERR_INVALID_ARGUMENT);
    ck_assert_ptr_null(Y);
    ck_assert_ptr_nonnull(strstr(mm_last_error(ctx), "19 rows"));
    ck_assert_int_eq(mm_subdiv_eval(s, NULL, &Y), MM_ERR_INVALID_ARGUMENT);
    ck_assert_ptr_nonnull(mm_subdiv_matrix(s, 0, 1));
    ck_assert_ptr_nonnull(mm_subdiv_matrix(s, 1, 2));
    ck_assert_ptr_nonnull(mm_subdiv_matrix(s, 0, 2));
    ck_assert_ptr_null(mm_subdiv_matrix(s, 2, 3));
    ck_assert_ptr_null(mm_subdiv_matrix(s, -1, 0));
    ck_assert_ptr_null(mm_subdiv_matrix(s, 0, 0));
    ck_assert_ptr_null(mm_subdiv_matrix(s, 1, 1));
    ck_assert_ptr_null(mm_subdiv_matrix(s, 0, 3));
    ck_assert_ptr_null(mm_subdiv_matrix(s, 2, 1));
    ck_assert_ptr_null(mm_subdiv_matrix(NULL, 0, 1));
    o.mode = MM_MODE_DYNAMIC;
    MMT_OK(ctx, mm_subdiv_build(ctx, mesh, &o, &dyn));
    ck_assert_ptr_null(mm_subdiv_matrix(dyn, 0, 1));
    mm_subdiv_free(&dyn);
    o.mode = MM_MODE_STATIC;
    o.static_eval = (mm_static_eval)7;
    ck_assert_int_eq(mm_subdiv_build(ctx, mesh, &o, &dyn), MM_ERR_INVALID_ARGUMENT);
    ck_assert_ptr_null(dyn);
    mm_dense_free(&wrong);
    mm_subdiv_free(&s);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* Loop and √3 refuse in static mode what their dynamic paths refuse: faces
 * that are not triangles, and EDGE_AND_CORNER for √3. */
START_TEST(tri_bad_input)
{
    mm_context ctx = mmt_context();
    mm_mesh quads = mmt_mesh_shape(ctx, MMT_GRID, MM_TYPE_FLOAT64);
    mm_mesh tris = mmt_triangle_shape(ctx, MMT_SHAPE_GRID, MM_TYPE_FLOAT64);
    mm_subdiv_options o = opts(2, MM_BOUNDARY_EDGE_ONLY, MM_MODE_STATIC, MM_STATIC_AUTO);
    mm_subdiv s = NULL;
    for (int k = 0; k < 2; ++k) {
        o.scheme = tri_schemes[k];
        ck_assert_int_eq(mm_subdiv_build(ctx, quads, &o, &s), MM_ERR_INVALID_MESH);
        ck_assert_ptr_null(s);
        ck_assert_ptr_nonnull(strstr(mm_last_error(ctx), "triangles only"));
    }
    o.boundary = MM_BOUNDARY_EDGE_AND_CORNER;
    ck_assert_int_eq(mm_subdiv_build(ctx, tris, &o, &s), MM_ERR_INVALID_ARGUMENT);
    ck_assert_ptr_null(s);
    ck_assert_ptr_nonnull(strstr(mm_last_error(ctx), "EDGE_AND_CORNER"));
    o.scheme = MM_SCHEME_LOOP;
    MMT_OK(ctx, mm_subdiv_build(ctx, tris, &o, &s));
    ck_assert_ptr_nonnull(mm_subdiv_matrix(s, 1, 2));
    ck_assert_ptr_null(mm_subdiv_matrix(s, 2, 3));
    ck_assert_ptr_null(mm_subdiv_matrix(s, 0, 3));
    mm_subdiv_free(&s);
    mm_mesh_free(&quads), mm_mesh_free(&tris);
    mm_context_free(&ctx);
}
END_TEST

typedef struct sweep_case {
    mm_mesh mesh;
    mm_scheme scheme;
} sweep_case;

static mm_status static_refine(mm_context ctx, void *arg)
{
    const sweep_case *c = arg;
    mm_mesh out = NULL;
    mm_subdiv_options o = opts(2, MM_BOUNDARY_EDGE_ONLY, MM_MODE_STATIC, MM_STATIC_AUTO);
    o.scheme = c->scheme;
    mm_status st = mm_subdivide(ctx, c->mesh, &o, &out);
    mm_mesh_free(&out);
    return st;
}

/* _i: Catmull-Clark on mixed polygons, Loop and √3 on them cut into
 * triangles (a boundary, so √3's odd level splits it). */
START_TEST(allocation_failures_are_clean)
{
    static const mm_scheme schemes[] = {MM_SCHEME_CATMULL_CLARK, MM_SCHEME_LOOP, MM_SCHEME_SQRT3};
    mm_context ctx = mmt_context();
    sweep_case c = {_i ? mmt_triangle_shape(ctx, MMT_SHAPE_MIXED, MM_TYPE_FLOAT32)
                       : mmt_mesh_shape(ctx, MMT_MIXED, MM_TYPE_FLOAT32),
                    schemes[_i]};
    ck_assert(mmt_sweep_allocations(ctx, static_refine, &c) > 10);
    mm_mesh_free(&c.mesh);
    mm_context_free(&ctx);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("subdiv_static");
    TCase *tc = tcase_create("subdiv_static");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, static_matches_dynamic, 0, 4 * MMT_SHAPES);
    tcase_add_loop_test(tc, tri_static_matches_dynamic, 0, 2 * 4 * MMT_NUM_GENERATED);
    tcase_add_loop_test(tc, any_width, 0, 3);
    tcase_add_loop_test(tc, rows_sum_to_one, 0, 2 * MMT_SHAPES);
    tcase_add_loop_test(tc, tri_rows_sum_to_one, 0, 2 * 2 * MMT_NUM_GENERATED);
    tcase_add_loop_test(tc, grid_rows_by_hand, 0, 2);
    tcase_add_loop_test(tc, loop_rows_by_hand, 0, 2);
    tcase_add_test(tc, sqrt3_rows_by_hand);
    tcase_add_loop_test(tc, eval_many_times, 0, 2);
    tcase_add_loop_test(tc, matrices_without_generic_state, 0, 3);
    tcase_add_test(tc, zero_levels_is_identity);
    tcase_add_test(tc, bad_input);
    tcase_add_test(tc, tri_bad_input);
    tcase_add_loop_test(tc, allocation_failures_are_clean, 0, 3);
    suite_add_tcase(s, tc);
    return mmt_run(s);
}
