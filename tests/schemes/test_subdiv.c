/* test_subdiv.c: Catmull-Clark's generic path (meshmat/subdiv.h) on the
 * backend under test: the paper's Figure 3 kind of mesh (a quad and a
 * triangle sharing an edge) worked by hand — its edges, refined faces and
 * edges in DESIGN §3's numbering, and its refined positions under both
 * boundary rules and both precisions; a closed cube's interior rule (eq. 9);
 * mm_subdivide; determinism; refusals and bad input; the allocation sweep. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mmt_mesh_io.h"
#include "mmt_meshes.h"
#include "test_util.h"

/* Figure 3's kind of mesh: quad (0 1 2 3) and triangle (1 4 2), in the plane. */
static const double fig3_xyz[] = {0, 0, 0,  2, 0, 0,  2, 2, 0,  0, 2, 0,  4, 1, 0};
static const int64_t fig3_offsets[] = {0, 4, 7};
static const uint32_t fig3_ids[] = {0, 1, 2, 3, 1, 4, 2};

static mm_mesh fig3(mm_context ctx, mm_type precision)
{
    return mmt_mesh_from_faces(ctx, 5, fig3_xyz, 2, fig3_offsets, 0, fig3_ids, precision);
}

static mm_mesh cube(mm_context ctx)
{
    static double xyz[24];
    static const uint32_t ids[] = {0, 2, 3, 1, 4, 5, 7, 6, 0, 1, 5, 4,
                                   2, 6, 7, 3, 0, 4, 6, 2, 1, 3, 7, 5};
    for (int i = 0; i < 8; ++i)
        xyz[3 * i] = i & 1, xyz[3 * i + 1] = (i >> 1) & 1, xyz[3 * i + 2] = (i >> 2) & 1;
    return mmt_mesh_from_faces(ctx, 8, xyz, 6, NULL, 4, ids, MM_TYPE_PATTERN);
}

static mm_subdiv_options opts(int levels, mm_boundary rule)
{
    mm_subdiv_options o = mm_subdiv_options_default();
    o.levels = levels;
    o.boundary = rule;
    return o;
}

/* Level 0's edges sorted by (min, max): e0 {0,1}, e1 {0,3}, e2 {1,2},
 * e3 {1,4}, e4 {2,3}, e5 {2,4}. Level 1: vertices 0-4, face points 5 (quad),
 * 6 (triangle), edge points 7 + e. Face k = (v_k, ep(out_k), fp, ep(in_k)):
 * quad corners 0 1 2 3, then triangle corners 1 4 2. Edges 2e = (a_e, ep),
 * 2e+1 = (ep, b_e), then spokes 12 + k = (ep(out_k), fp(face_k)). */
START_TEST(figure3_topology_by_hand)
{
    static const uint32_t ends0[] = {0, 1, 0, 3, 1, 2, 1, 4, 2, 3, 2, 4};
    static const uint32_t faces1[] = {0, 7, 5, 8,   1, 9, 5, 7,   2, 11, 5, 9,   3, 8, 5, 11,
                                      1, 10, 6, 9,  4, 12, 6, 10, 2, 9, 6, 12};
    static const uint32_t ends1[] = {0, 7,  7, 1,  0, 8,  8, 3,  1, 9,  9, 2,  1, 10, 10, 4,
                                     2, 11, 11, 3, 2, 12, 12, 4,
                                     7, 5,  9, 5,  11, 5, 8, 5,  10, 6, 12, 6, 9, 6};
    mm_context ctx = mmt_context();
    mm_mesh mesh = fig3(ctx, MM_TYPE_FLOAT64);
    mm_subdiv_options o = opts(2, MM_BOUNDARY_EDGE_ONLY);
    mm_subdiv s = NULL;
    MMT_OK(ctx, mm_subdiv_build(ctx, mesh, &o, &s));
    ck_assert_int_eq(mm_subdiv_levels(s), 2);
    mm_subdiv_counts n;
    MMT_OK(ctx, mm_subdiv_level_counts(s, 0, &n));
    ck_assert(n.vertices == 5 && n.faces == 2 && n.edges == 6 && n.nnz == 7);
    MMT_OK(ctx, mm_subdiv_level_counts(s, 1, &n));
    ck_assert(n.vertices == 13 && n.faces == 7 && n.edges == 19 && n.nnz == 28);
    MMT_OK(ctx, mm_subdiv_level_counts(s, 2, &n));
    ck_assert(n.vertices == 13 + 7 + 19 && n.faces == 28 && n.edges == 38 + 28 && n.nnz == 112);
    uint32_t ends[38];
    MMT_OK(ctx, mm_subdiv_level_edges(s, 0, ends));
    ck_assert(memcmp(ends, ends0, sizeof ends0) == 0);
    MMT_OK(ctx, mm_subdiv_level_edges(s, 1, ends));
    ck_assert(memcmp(ends, ends1, sizeof ends1) == 0);
    int64_t ptr[8];
    uint32_t rows[28];
    mm_matrix_arrays a = {ptr, rows, NULL, NULL};
    mm_matrix_info info;
    MMT_OK(ctx, mm_matrix_info_get(mm_subdiv_level_matrix(s, 1), &info));
    ck_assert(info.nrows == 13 && info.ncols == 7 && info.uniform == 4);
    MMT_OK(ctx, mm_matrix_export(mm_subdiv_level_matrix(s, 1), &a));
    ck_assert(memcmp(rows, faces1, sizeof faces1) == 0);
    ck_assert(mm_subdiv_level_matrix(s, 3) == NULL && mm_subdiv_level_matrix(s, -1) == NULL);
    mm_subdiv_free(&s);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* Level 1 positions (z = 0). Face points: quad (1, 1), triangle (8/3, 1).
 * Boundary edges at midpoints; the shared edge {1,2}: (p1 + p2 + f5 + f6) / 4
 * = (23/12, 1). Every vertex is on the boundary: 3/4 p + 1/8 (its two
 * boundary neighbours), e.g. vertex 1: 3/4 (2,0) + 1/8 ((0,0) + (4,1)) =
 * (2, 1/8). EDGE_AND_CORNER keeps 0, 3 and 4 (each in one face) in place. */
START_TEST(figure3_positions_by_hand)
{
    static const double edge_only[13][2] = {
        {0.25, 0.25}, {2, 0.125}, {2, 1.875}, {0.25, 1.75}, {3.5, 1},
        {1, 1}, {8.0 / 3.0, 1},
        {1, 0}, {0, 1}, {23.0 / 12.0, 1}, {3, 0.5}, {1, 2}, {3, 1.5}};
    int corner = _i & 1, f32 = _i >> 1;
    mm_context ctx = mmt_context();
    mm_mesh mesh = fig3(ctx, f32 ? MM_TYPE_FLOAT32 : MM_TYPE_FLOAT64);
    mm_subdiv_options o = opts(1, corner ? MM_BOUNDARY_EDGE_AND_CORNER : MM_BOUNDARY_EDGE_ONLY);
    mm_subdiv s = NULL;
    mm_dense X = NULL;
    MMT_OK(ctx, mm_subdiv_build(ctx, mesh, &o, &s));
    MMT_OK(ctx, mm_subdiv_eval(s, mm_mesh_vertices(mesh), &X));
    int64_t rows, d;
    mm_type t;
    MMT_OK(ctx, mm_dense_shape(X, &rows, &d, &t));
    ck_assert(rows == 13 && d == 3 && t == (f32 ? MM_TYPE_FLOAT32 : MM_TYPE_FLOAT64));
    double got[39];
    float gotf[39];
    MMT_OK(ctx, mm_dense_export(X, f32 ? (void *)gotf : (void *)got));
    for (int k = 0; f32 && k < 39; ++k) got[k] = gotf[k];
    for (int v = 0; v < 13; ++v) {
        double want[3] = {edge_only[v][0], edge_only[v][1], 0.0};
        if (corner && (v == 0 || v == 3 || v == 4))
            for (int k = 0; k < 3; ++k) want[k] = fig3_xyz[3 * v + k];
        for (int k = 0; k < 3; ++k)
            ck_assert_msg(fabs(got[3 * v + k] - want[k]) <= (f32 ? 1e-6 : 1e-15),
                          "vertex %d coordinate %d: %.17g, want %.17g", v, k, got[3 * v + k],
                          want[k]);
    }
    mm_dense_free(&X);
    mm_subdiv_free(&s);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* Figure 3's mesh carrying a boundary rule (mm_mesh_desc.boundary). */
static mm_mesh fig3_carrying(mm_context ctx, mm_boundary rule)
{
    mm_mesh_desc d;
    memset(&d, 0, sizeof d);
    d.num_vertices = 5;
    d.dim = 3;
    d.vertex_type = MM_TYPE_FLOAT64;
    d.vertices = fig3_xyz;
    d.num_faces = 2;
    d.face_offsets = fig3_offsets;
    d.face_vertices = fig3_ids;
    d.boundary = rule;
    mm_mesh mesh = NULL;
    MMT_OK(ctx, mm_mesh_new(ctx, &mesh, &d));
    return mesh;
}

/* The default options (MM_BOUNDARY_OF_MESH) apply the rule the mesh
 * carries: the same result as naming it on a mesh that carries none, and the
 * result carries it on; a rule named in the options wins; √3 keeps Kobbelt's
 * rule whatever the mesh says; a mesh cannot carry OF_MESH itself. */
START_TEST(the_mesh_boundary_rule_applies_by_default)
{
    static const mm_boundary rules[] = {MM_BOUNDARY_EDGE_ONLY, MM_BOUNDARY_EDGE_AND_CORNER,
                                        MM_BOUNDARY_NONE};
    mm_context ctx = mmt_context();
    mm_mesh plain = fig3(ctx, MM_TYPE_FLOAT64);
    for (int r = 0; r < 3; ++r) {
        mm_mesh carrying = fig3_carrying(ctx, rules[r]), a = NULL, b = NULL, c = NULL;
        mm_subdiv_options by_mesh = opts(2, MM_BOUNDARY_OF_MESH), named = opts(2, rules[r]);
        MMT_OK(ctx, mm_subdivide(ctx, carrying, &by_mesh, &a));
        MMT_OK(ctx, mm_subdivide(ctx, plain, &named, &b));
        mmt_host_mesh ha, hb, hc;
        mmt_host_mesh_get(ctx, a, &ha);
        mmt_host_mesh_get(ctx, b, &hb);
        mmt_assert_same_mesh(&ha, &hb, 1);
        ck_assert_int_eq(ha.info.boundary, rules[r]);
        ck_assert_int_eq(hb.info.boundary, rules[r]);
        ck_assert_int_eq(ha.info.num_holes, rules[r] == MM_BOUNDARY_NONE ? 28 : 0);
        mm_subdiv_options edge_only = opts(2, MM_BOUNDARY_EDGE_ONLY);
        MMT_OK(ctx, mm_subdivide(ctx, carrying, &edge_only, &c));
        mmt_host_mesh_get(ctx, c, &hc);
        ck_assert_int_eq(hc.info.boundary, MM_BOUNDARY_EDGE_ONLY);
        ck_assert_int_eq(hc.info.num_holes, 0);
        mmt_host_mesh_free(&ha), mmt_host_mesh_free(&hb), mmt_host_mesh_free(&hc);
        mm_mesh_free(&a), mm_mesh_free(&b), mm_mesh_free(&c), mm_mesh_free(&carrying);
    }
    mm_mesh carrying = fig3_carrying(ctx, MM_BOUNDARY_EDGE_AND_CORNER), tri = NULL;
    /* √3 needs triangles: the quad's two halves and the triangle. */
    static const uint32_t tris[] = {0, 1, 2, 0, 2, 3, 1, 4, 2};
    mm_mesh_desc d;
    memset(&d, 0, sizeof d);
    d.num_vertices = 5, d.dim = 3, d.vertex_type = MM_TYPE_FLOAT64, d.vertices = fig3_xyz;
    d.num_faces = 3, d.face_order = 3, d.face_vertices = tris;
    d.boundary = MM_BOUNDARY_EDGE_AND_CORNER;
    MMT_OK(ctx, mm_mesh_new(ctx, &tri, &d));
    mm_subdiv_options s3 = opts(1, MM_BOUNDARY_OF_MESH);
    s3.scheme = MM_SCHEME_SQRT3;
    mm_mesh out = NULL;
    MMT_OK(ctx, mm_subdivide(ctx, tri, &s3, &out));
    mm_mesh_info info;
    MMT_OK(ctx, mm_mesh_info_get(out, &info));
    ck_assert_int_eq(info.boundary, MM_BOUNDARY_EDGE_ONLY);
    mm_mesh_free(&out);
    mm_mesh_free(&tri);
    d.boundary = MM_BOUNDARY_OF_MESH;
    ck_assert_int_eq(mm_mesh_new(ctx, &tri, &d), MM_ERR_INVALID_ARGUMENT);
    ck_assert_msg(strstr(mm_last_error(ctx), "boundary") != NULL, "%s", mm_last_error(ctx));
    d.boundary = (mm_boundary)-1;
    ck_assert_int_eq(mm_mesh_new(ctx, &tri, &d), MM_ERR_INVALID_ARGUMENT);
    ck_assert(tri == NULL);
    mm_mesh_free(&carrying);
    mm_mesh_free(&plain);
    mm_context_free(&ctx);
}
END_TEST

/* A unit-cube corner has valence 3: eq. 9 gives (1 − 2/3) p + 1/9 Σ p_j +
 * 1/9 Σ f_j = 0 + (1,1,1)/9 + (1,1,1)/9 = (2/9, 2/9, 2/9). Two levels: 98
 * vertices, 96 quads (mm_subdivide). */
START_TEST(cube_interior_rule_and_subdivide)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = cube(ctx), out = NULL;
    mm_subdiv_options o = opts(1, MM_BOUNDARY_EDGE_ONLY);
    MMT_OK(ctx, mm_subdivide(ctx, mesh, &o, &out));
    mm_mesh_info info;
    MMT_OK(ctx, mm_mesh_info_get(out, &info));
    ck_assert(info.num_vertices == 26 && info.num_faces == 24 && info.uniform_order == 4);
    double xyz[26 * 3];
    mm_mesh_arrays a = {xyz, NULL, NULL, NULL, NULL, NULL, NULL, NULL};
    MMT_OK(ctx, mm_mesh_export(out, &a));
    for (int k = 0; k < 3; ++k) ck_assert(fabs(xyz[k] - 2.0 / 9.0) < 1e-15);
    mm_mesh_free(&out);
    o.levels = 2;
    MMT_OK(ctx, mm_subdivide(ctx, mesh, &o, &out));
    MMT_OK(ctx, mm_mesh_info_get(out, &info));
    ck_assert(info.num_vertices == 98 && info.num_faces == 96 && info.nnz == 384);
    mm_mesh_stats st;
    MMT_OK(ctx, mm_mesh_stats_get(ctx, out, &st));
    ck_assert(st.edges == 192 && st.boundary_edges == 0 && st.flipped_edges == 0 &&
              st.nonmanifold_vertices == 0 && st.components == 1);
    mm_mesh_free(&out);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* Any d: a 1-column attribute refines with the same weights as positions;
 * levels 0 copies; runs are bitwise equal. */
START_TEST(eval_any_columns_and_deterministic)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = fig3(ctx, MM_TYPE_FLOAT64);
    double x[5];
    for (int v = 0; v < 5; ++v) x[v] = fig3_xyz[3 * v];
    mm_dense X0 = NULL, A = NULL, B = NULL, P = NULL;
    MMT_OK(ctx, mm_dense_import(ctx, &X0, 5, 1, MM_TYPE_FLOAT64, x));
    mm_subdiv_options o = opts(3, MM_BOUNDARY_EDGE_ONLY);
    mm_subdiv s = NULL;
    MMT_OK(ctx, mm_subdiv_build(ctx, mesh, &o, &s));
    MMT_OK(ctx, mm_subdiv_eval(s, X0, &A));
    MMT_OK(ctx, mm_subdiv_eval(s, X0, &B));
    MMT_OK(ctx, mm_subdiv_eval(s, mm_mesh_vertices(mesh), &P));
    mm_subdiv_counts n;
    MMT_OK(ctx, mm_subdiv_level_counts(s, 3, &n));
    double *a = malloc((size_t)n.vertices * 8), *b = malloc((size_t)n.vertices * 8);
    double *p = malloc((size_t)n.vertices * 24);
    MMT_OK(ctx, mm_dense_export(A, a));
    MMT_OK(ctx, mm_dense_export(B, b));
    MMT_OK(ctx, mm_dense_export(P, p));
    ck_assert(memcmp(a, b, (size_t)n.vertices * 8) == 0);
    for (int64_t v = 0; v < n.vertices; ++v) ck_assert(a[v] == p[3 * v]);
    free(a), free(b), free(p);
    mm_dense_free(&A), mm_dense_free(&B), mm_dense_free(&P);
    mm_subdiv_free(&s);
    o.levels = 0;
    MMT_OK(ctx, mm_subdiv_build(ctx, mesh, &o, &s));
    MMT_OK(ctx, mm_subdiv_eval(s, X0, &A));
    double c[5];
    MMT_OK(ctx, mm_dense_export(A, c));
    ck_assert(memcmp(c, x, sizeof c) == 0);
    mm_dense_free(&A), mm_dense_free(&X0);
    mm_subdiv_free(&s);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

static mm_mesh faces_mesh(mm_context ctx, int64_t nv, int64_t nf, const uint32_t *ids)
{
    double xyz[3 * 8] = {0};
    for (int i = 0; i < 3 * 8; ++i) xyz[i] = (double)(i * 7 % 5);
    return mmt_mesh_from_faces(ctx, nv, xyz, nf, NULL, 3, ids, MM_TYPE_PATTERN);
}

/* docs/schemes.md: non-manifold edges and vertices, inconsistent orientation
 * refine by OpenSubdiv's rules for them (Catmull-Clark and Loop; compared
 * with Far in test_subdiv_creases), and √3 splits them into a manifold
 * (test_subdiv_sqrt3_split.c): the fin's three faces, the bow-tie's two fans
 * and the two faces passing 0 → 1 each get their own vertices there; an
 * unreferenced vertex is kept. */
START_TEST(non_manifold_and_flipped_refine)
{
    static const uint32_t fin[] = {0, 1, 2, 1, 0, 3, 0, 1, 4};    /* edge {0,1} in 3 faces */
    static const uint32_t bowtie[] = {0, 1, 2, 0, 3, 4};          /* vertex 0 in two fans  */
    static const uint32_t flipped[] = {0, 1, 2, 0, 1, 3};         /* 0 → 1 twice           */
    static const uint32_t lonely[] = {0, 1, 2};                   /* vertex 3 in no face   */
    mm_context ctx = mmt_context();
    mm_subdiv_options o = opts(1, MM_BOUNDARY_EDGE_ONLY);
    mm_subdiv s = NULL;
    const uint32_t *bad[] = {fin, bowtie, flipped};
    const int64_t split_vertices[] = {5 + 4, 5 + 1, 5 + 2};
    for (int i = 0; i < 3; ++i) {
        mm_mesh mesh = faces_mesh(ctx, 5, i == 0 ? 3 : 2, bad[i]);
        mm_subdiv_counts c;
        o.scheme = MM_SCHEME_CATMULL_CLARK;
        MMT_OK(ctx, mm_subdiv_build(ctx, mesh, &o, &s));
        mm_subdiv_free(&s);
        o.scheme = MM_SCHEME_SQRT3;
        MMT_OK(ctx, mm_subdiv_build(ctx, mesh, &o, &s));
        MMT_OK(ctx, mm_subdiv_level_counts(s, 0, &c));
        ck_assert_int_eq(c.vertices, split_vertices[i]);
        mm_subdiv_free(&s);
        mm_mesh_free(&mesh);
    }
    o.scheme = MM_SCHEME_CATMULL_CLARK;
    mm_mesh mesh = faces_mesh(ctx, 4, 1, lonely);
    mm_dense X = NULL;
    MMT_OK(ctx, mm_subdiv_build(ctx, mesh, &o, &s));
    MMT_OK(ctx, mm_subdiv_eval(s, mm_mesh_vertices(mesh), &X));
    double x[8 * 3];
    MMT_OK(ctx, mm_dense_export(X, x));
    for (int k = 0; k < 3; ++k) ck_assert(x[9 + k] == (double)((9 + k) * 7 % 5));
    mm_dense_free(&X);
    mm_subdiv_free(&s);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(bad_input_is_refused)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = cube(ctx);
    mm_subdiv_options o = opts(1, MM_BOUNDARY_EDGE_ONLY);
    mm_subdiv s = NULL;
    mm_mesh out = NULL;
    ck_assert_int_eq(mm_subdiv_build(NULL, mesh, &o, &s), MM_ERR_INVALID_ARGUMENT);
    ck_assert_int_eq(mm_subdiv_build(ctx, NULL, &o, &s), MM_ERR_INVALID_ARGUMENT);
    ck_assert_int_eq(mm_subdiv_build(ctx, mesh, NULL, &s), MM_ERR_INVALID_ARGUMENT);
    ck_assert_int_eq(mm_subdiv_build(ctx, mesh, &o, NULL), MM_ERR_INVALID_ARGUMENT);
    o.levels = -1;
    ck_assert_int_eq(mm_subdiv_build(ctx, mesh, &o, &s), MM_ERR_INVALID_ARGUMENT);
    ck_assert(strstr(mm_last_error(ctx), "levels") != NULL);
    o = opts(1, (mm_boundary)7);
    ck_assert_int_eq(mm_subdiv_build(ctx, mesh, &o, &s), MM_ERR_INVALID_ARGUMENT);
    o = opts(1, MM_BOUNDARY_NONE); /* sqrt(3) has Kobbelt's boundary rule only */
    o.scheme = MM_SCHEME_SQRT3;
    ck_assert_int_eq(mm_subdiv_build(ctx, mesh, &o, &s), MM_ERR_INVALID_ARGUMENT);
    ck_assert_msg(strstr(mm_last_error(ctx), "NONE") != NULL, "%s", mm_last_error(ctx));
    o = opts(1, MM_BOUNDARY_EDGE_ONLY);
    o.scheme = (mm_scheme)3;
    ck_assert_int_eq(mm_subdiv_build(ctx, mesh, &o, &s), MM_ERR_INVALID_ARGUMENT);
    o = opts(1, MM_BOUNDARY_EDGE_ONLY);
    o.path = (mm_subdiv_path)3;
    ck_assert_int_eq(mm_subdiv_build(ctx, mesh, &o, &s), MM_ERR_INVALID_ARGUMENT);
    /* 24 · 4^14 faces at level 15 pass 2^31: refused before any level is built
     * (the generic path's bound; test_subdiv_specialized.c checks its own). */
    o = opts(16, MM_BOUNDARY_EDGE_ONLY);
    o.path = MM_PATH_GENERIC;
    ck_assert_int_eq(mm_subdiv_build(ctx, mesh, &o, &s), MM_ERR_OVERFLOW);
    ck_assert_msg(strstr(mm_last_error(ctx), "level 15") != NULL, "%s", mm_last_error(ctx));
    o.levels = 1000000;
    ck_assert_int_eq(mm_subdiv_build(ctx, mesh, &o, &s), MM_ERR_OVERFLOW);
    ck_assert(s == NULL);
    o.levels = 0;
    ck_assert_int_eq(mm_subdivide(ctx, mesh, &o, &out), MM_ERR_INVALID_ARGUMENT);
    ck_assert(out == NULL);
    o.levels = 1;
    MMT_OK(ctx, mm_subdiv_build(ctx, mesh, &o, &s));
    mm_dense X = NULL, wrong = NULL;
    MMT_OK(ctx, mm_dense_new(ctx, &wrong, 7, 3, MM_TYPE_FLOAT64));
    ck_assert_int_eq(mm_subdiv_eval(s, wrong, &X), MM_ERR_INVALID_ARGUMENT);
    ck_assert(strstr(mm_last_error(ctx), "7 rows") != NULL);
    ck_assert_int_eq(mm_subdiv_eval(s, NULL, &X), MM_ERR_INVALID_ARGUMENT);
    ck_assert_int_eq(mm_subdiv_eval(s, wrong, NULL), MM_ERR_INVALID_ARGUMENT);
    ck_assert_int_eq(mm_subdiv_eval(NULL, wrong, &X), MM_ERR_INVALID_ARGUMENT);
    mm_subdiv_counts n;
    ck_assert_int_eq(mm_subdiv_level_counts(s, 2, &n), MM_ERR_INVALID_ARGUMENT);
    ck_assert_int_eq(mm_subdiv_level_counts(s, 0, NULL), MM_ERR_INVALID_ARGUMENT);
    uint32_t ends[2];
    ck_assert_int_eq(mm_subdiv_level_edges(s, -1, ends), MM_ERR_INVALID_ARGUMENT);
    ck_assert_int_eq(mm_subdiv_level_edges(s, 0, NULL), MM_ERR_INVALID_ARGUMENT);
    ck_assert_int_eq(mm_subdiv_levels(NULL), 0);
    mm_dense_free(&wrong);
    mm_subdiv_free(&s);
    mm_subdiv_free(&s);
    mm_subdiv_free(NULL);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

static mm_status subdivide_twice(mm_context ctx, void *arg)
{
    mm_mesh mesh = arg, out = NULL;
    mm_subdiv_options o = opts(2, MM_BOUNDARY_EDGE_AND_CORNER);
    mm_status st = mm_subdivide(ctx, mesh, &o, &out);
    mm_mesh_free(&out);
    return st;
}

START_TEST(allocation_failures_leak_nothing)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = fig3(ctx, MM_TYPE_FLOAT32);
    ck_assert(mmt_sweep_allocations(ctx, subdivide_twice, mesh) > 10);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* The unit cube of cube() with a crease of sharpness 2.5 on its edge {0, 1}
 * (edge 0 of DESIGN §3's order), a corner of sharpness 2 at vertex 7 and
 * face 0 a hole. */
static mm_mesh tagged_cube(mm_context ctx, const uint32_t *crease, float sharpness)
{
    static double xyz[24];
    static const uint32_t ids[] = {0, 2, 3, 1, 4, 5, 7, 6, 0, 1, 5, 4,
                                   2, 6, 7, 3, 0, 4, 6, 2, 1, 3, 7, 5};
    static const uint32_t corner = 7, hole = 0;
    static const float corner_s = 2.0f;
    for (int i = 0; i < 8; ++i)
        xyz[3 * i] = i & 1, xyz[3 * i + 1] = (i >> 1) & 1, xyz[3 * i + 2] = (i >> 2) & 1;
    mm_mesh_desc d = {0};
    d.num_vertices = 8, d.dim = 3, d.vertex_type = MM_TYPE_FLOAT64, d.vertices = xyz;
    d.num_faces = 6, d.face_order = 4, d.face_vertices = ids;
    d.num_creases = 1, d.crease_vertices = crease, d.crease_sharpness = &sharpness;
    d.num_corners = 1, d.corner_vertices = &corner, d.corner_sharpness = &corner_s;
    d.num_holes = 1, d.hole_faces = &hole;
    mm_mesh mesh = NULL;
    MMT_OK(ctx, mm_mesh_new(ctx, &mesh, &d));
    return mesh;
}

/* Sharpness by hand (docs/creases.md, uniform): the crease 2.5 → 1.5 on both
 * halves → 0.5 → 0, the corner 2 → 1 → 0; an edge point of a crease whose
 * halves stay sharp is the midpoint; a corner stays put while the vertex's
 * sharpness lasts, and one level more (its transition weight is 1); holes
 * carry to the children of face 0, which stay in the result. */
START_TEST(creases_corners_and_holes_by_hand)
{
    static const uint32_t crease[] = {1, 0};
    mm_context ctx = mmt_context();
    mm_mesh mesh = tagged_cube(ctx, crease, 2.5f);
    mm_subdiv_options o = opts(3, MM_BOUNDARY_EDGE_ONLY);
    o.creasing = _i ? MM_CREASING_CHAIKIN : MM_CREASING_UNIFORM;
    mm_subdiv s = NULL;
    MMT_OK(ctx, mm_subdiv_build(ctx, mesh, &o, &s));
    static const float edge_s[] = {2.5f, 1.5f, 0.5f, 0.0f}, vertex_s[] = {2.0f, 1.0f, 0.0f, 0.0f};
    for (int l = 0; l <= 3; ++l) {
        mm_subdiv_counts n;
        MMT_OK(ctx, mm_subdiv_level_counts(s, l, &n));
        float *es = malloc((size_t)n.edges * sizeof *es), *vs = malloc((size_t)n.vertices * sizeof *vs);
        MMT_OK(ctx, mm_subdiv_level_sharpness(s, l, es, vs));
        int64_t halves = (int64_t)1 << l, sharp = 0, corners = 0;
        for (int64_t e = 0; e < n.edges; ++e) {
            ck_assert_msg(es[e] == (e < halves ? edge_s[l] : 0.0f), "level %d edge %lld: %g", l,
                          (long long)e, (double)es[e]);
            sharp += es[e] > 0.0f;
        }
        for (int64_t v = 0; v < n.vertices; ++v) corners += vs[v] > 0.0f;
        ck_assert(vs[7] == vertex_s[l]);
        ck_assert_int_eq(sharp, l < 3 ? halves : 0);
        ck_assert_int_eq(corners, l < 2 ? 1 : 0);
        free(es), free(vs);
    }
    ck_assert_int_eq(mm_subdiv_level_sharpness(s, 4, NULL, NULL), MM_ERR_INVALID_ARGUMENT);
    mm_subdiv_free(&s);
    mm_mesh *fine = malloc(4 * sizeof *fine);
    for (int l = 1; l <= 3; ++l) {
        o.levels = l;
        fine[l] = NULL;
        MMT_OK(ctx, mm_subdivide(ctx, mesh, &o, &fine[l]));
        mm_mesh_info info;
        MMT_OK(ctx, mm_mesh_info_get(fine[l], &info));
        double *x = malloc((size_t)info.num_vertices * 3 * sizeof *x);
        uint32_t *holes = malloc((size_t)info.num_holes * sizeof *holes);
        mm_mesh_arrays a = {0};
        a.vertices = x, a.hole_faces = holes;
        MMT_OK(ctx, mm_mesh_export(fine[l], &a));
        ck_assert_int_eq(info.num_faces, 6 << (2 * l));
        ck_assert_int_eq(info.num_holes, 1 << (2 * l));
        for (int64_t h = 0; h < info.num_holes; ++h) ck_assert_int_eq(holes[h], h);
        ck_assert_int_eq(info.num_creases, l < 3 ? 1 << l : 0);
        ck_assert_int_eq(info.num_corners, l < 2 ? 1 : 0);
        if (l <= 2) /* vertex 7 stays at the cube's corner (1, 1, 1) */
            ck_assert(x[21] == 1.0 && x[22] == 1.0 && x[23] == 1.0);
        if (l == 1) /* the edge point of {0, 1}: vertex 8 + 6 + 0, the midpoint */
            ck_assert(x[42] == 0.5 && x[43] == 0.0 && x[44] == 0.0);
        free(x), free(holes);
        mm_mesh_free(&fine[l]);
    }
    free(fine);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* A tag on no edge, √3 with tags and an unknown creasing method are refused. */
START_TEST(bad_tags_are_refused)
{
    static const uint32_t diagonal[] = {0, 7}, edge[] = {0, 1};
    mm_context ctx = mmt_context();
    mm_mesh bad = tagged_cube(ctx, diagonal, 1.0f), mesh = tagged_cube(ctx, edge, 1.0f), out = NULL;
    mm_subdiv_options o = opts(1, MM_BOUNDARY_EDGE_ONLY);
    ck_assert_int_eq(mm_subdivide(ctx, bad, &o, &out), MM_ERR_INVALID_MESH);
    ck_assert_ptr_nonnull(strstr(mm_last_error(ctx), "crease 0 joins vertices 0 and 7"));
    o.creasing = (mm_creasing)7;
    ck_assert_int_eq(mm_subdivide(ctx, mesh, &o, &out), MM_ERR_INVALID_ARGUMENT);
    ck_assert_ptr_nonnull(strstr(mm_last_error(ctx), "creasing method 7"));
    o = opts(1, MM_BOUNDARY_EDGE_ONLY);
    o.scheme = MM_SCHEME_SQRT3;
    ck_assert_int_eq(mm_subdivide(ctx, mesh, &o, &out), MM_ERR_INVALID_ARGUMENT);
    ck_assert_ptr_nonnull(strstr(mm_last_error(ctx), "1 crease, 1 corner and 1 hole tags"));
    ck_assert_ptr_null(out);
    mm_mesh_free(&bad);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

static mm_status subdivide_tagged(mm_context ctx, void *arg)
{
    mm_mesh mesh = arg, out = NULL;
    mm_subdiv_options o = opts(2, MM_BOUNDARY_EDGE_ONLY);
    o.creasing = MM_CREASING_CHAIKIN;
    mm_status st = mm_subdivide(ctx, mesh, &o, &out);
    mm_mesh_free(&out);
    if (st != MM_OK) return st;
    o.mode = MM_MODE_STATIC;
    st = mm_subdivide(ctx, mesh, &o, &out);
    mm_mesh_free(&out);
    return st;
}

START_TEST(allocation_failures_with_tags_leak_nothing)
{
    static const uint32_t crease[] = {0, 1};
    mm_context ctx = mmt_context();
    mm_mesh mesh = tagged_cube(ctx, crease, 2.5f);
    ck_assert(mmt_sweep_allocations(ctx, subdivide_tagged, mesh) > 10);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* A 70 × 70 grid of unit squares, each cut into two triangles: 9800. */
static mm_mesh triangle_grid(mm_context ctx)
{
    enum { n = 70 };
    double *xyz = malloc((n + 1) * (n + 1) * 3 * sizeof *xyz);
    uint32_t *ids = malloc(n * n * 6 * sizeof *ids);
    for (int y = 0; y <= n; ++y)
        for (int x = 0; x <= n; ++x) {
            double *p = xyz + 3 * (y * (n + 1) + x);
            p[0] = x, p[1] = y, p[2] = 0.01 * ((x * 7 + y * 3) % 5);
        }
    for (int y = 0, k = 0; y < n; ++y)
        for (int x = 0; x < n; ++x, k += 6) {
            uint32_t a = (uint32_t)(y * (n + 1) + x), b = a + 1, c = a + n + 2, d = a + n + 1;
            ids[k] = a, ids[k + 1] = b, ids[k + 2] = c, ids[k + 3] = a, ids[k + 4] = c, ids[k + 5] = d;
        }
    mm_mesh mesh = mmt_mesh_from_faces(ctx, (n + 1) * (n + 1), xyz, 2 * n * n, NULL, 3, ids,
                                       MM_TYPE_FLOAT32);
    free(xyz), free(ids);
    return mesh;
}

/* The memory budget (DESIGN §6): --levels 9 of √3 on 9800 triangles (1.9e8
 * faces) and Loop's 7 levels are refused at once, before any allocation,
 * naming the first level that does not fit, under a 1 GB ceiling; the same
 * run with fewer levels goes through. */
START_TEST(runs_past_the_memory_budget_are_refused_at_once)
{
    mm_context_options co = mm_context_options_default();
    co.backend = mmt_backend();
    co.max_memory = (int64_t)1 << 30;
    mm_context ctx = NULL;
    ck_assert_int_eq(mm_context_new(&ctx, &co), MM_OK);
    mm_mesh mesh = triangle_grid(ctx), out = NULL;
    mm_subdiv_options o = opts(9, MM_BOUNDARY_EDGE_ONLY);
    o.scheme = _i < 2 ? MM_SCHEME_SQRT3 : MM_SCHEME_LOOP;
    o.path = _i % 2 ? MM_PATH_GENERIC : MM_PATH_SPECIALIZED;
    if (o.scheme == MM_SCHEME_LOOP) o.levels = 7;
    mm_context_reset_peak(ctx);
    double t0 = now_ms();
    ck_assert_int_eq(mm_subdivide(ctx, mesh, &o, &out), MM_ERR_OUT_OF_MEMORY);
    ck_assert(now_ms() - t0 < 1000.0);
    ck_assert_ptr_null(out);
    ck_assert_ptr_nonnull(strstr(mm_last_error(ctx), "mm_subdivide: level "));
    ck_assert_ptr_nonnull(strstr(mm_last_error(ctx), "left under mm_context_options.max_memory"));
    /* nothing of the run was allocated: only the input checks' scratch */
    ck_assert_int_lt(mm_context_peak_bytes(ctx, MM_MEMORY_HOST) +
                         mm_context_peak_bytes(ctx, MM_MEMORY_DEVICE), 16 << 20);
    mm_subdiv s = NULL;
    ck_assert_int_eq(mm_subdiv_build(ctx, mesh, &o, &s), MM_ERR_OUT_OF_MEMORY);
    o.levels = 2;
    MMT_OK(ctx, mm_subdivide(ctx, mesh, &o, &out));
    mm_mesh_free(&out);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* The last error starts with "function: ". */
static void assert_names(mm_context ctx, const char *function)
{
    size_t n = strlen(function);
    ck_assert_msg(strncmp(mm_last_error(ctx), function, n) == 0 &&
                      strncmp(mm_last_error(ctx) + n, ": ", 2) == 0,
                  "'%s' does not name %s", mm_last_error(ctx), function);
}

/* One public call of the sweep below: mm_subdiv_eval when s is set, else
 * mm_subdiv_build when build is set, else mm_subdivide. */
typedef struct public_call {
    mm_mesh mesh;
    mm_subdiv_options o;
    int build;
    mm_subdiv s;
} public_call;

static mm_status call_public(mm_context ctx, void *arg)
{
    public_call *c = arg;
    mm_subdiv s = NULL;
    mm_mesh out = NULL;
    mm_dense X = NULL;
    mm_status st = c->s       ? mm_subdiv_eval(c->s, mm_mesh_vertices(c->mesh), &X)
                   : c->build ? mm_subdiv_build(ctx, c->mesh, &c->o, &s)
                              : mm_subdivide(ctx, c->mesh, &c->o, &out);
    if (st != MM_OK)
        assert_names(ctx, c->s ? "mm_subdiv_eval" : c->build ? "mm_subdiv_build" : "mm_subdivide");
    mm_dense_free(&X);
    mm_subdiv_free(&s);
    mm_mesh_free(&out);
    return st;
}

/* A failure deep inside (an allocation in a product, a transpose, the mesh
 * statistics) names the public function called, not the internal one.
 * _i: the call (mm_subdivide, mm_subdiv_build, mm_subdiv_eval), then the path
 * (generic, specialized), the mode (dynamic, static), the scheme
 * (Catmull-Clark on figure 3, √3 on a tetrahedron). */
START_TEST(deep_failures_name_the_public_function)
{
    static const uint32_t tetrahedron[] = {0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3};
    int call = _i % 3, sqrt3 = _i >= 12;
    mm_context ctx = mmt_context_direct();
    public_call c = {sqrt3 ? faces_mesh(ctx, 4, 4, tetrahedron) : fig3(ctx, MM_TYPE_FLOAT64),
                     opts(2, MM_BOUNDARY_EDGE_ONLY), call == 1, NULL};
    c.o.scheme = sqrt3 ? MM_SCHEME_SQRT3 : MM_SCHEME_CATMULL_CLARK;
    c.o.path = _i / 3 % 2 ? MM_PATH_SPECIALIZED : MM_PATH_GENERIC;
    c.o.mode = _i / 6 % 2 ? MM_MODE_STATIC : MM_MODE_DYNAMIC;
    if (call == 2) MMT_OK(ctx, mm_subdiv_build(ctx, c.mesh, &c.o, &c.s));
    ck_assert_int_gt(mmt_sweep_allocations(ctx, call_public, &c), 0);
    /* and so does bad input found inside: a mesh refused by its input rules
     * (a quad, for √3) */
    static const uint32_t quad[] = {0, 1, 3, 2};
    static const double xyz[3 * 4] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0};
    mm_mesh_desc d = {0};
    d.num_vertices = 4, d.dim = 3, d.vertex_type = MM_TYPE_FLOAT64, d.vertices = xyz;
    d.num_faces = 1, d.face_order = 4, d.face_vertices = quad;
    mm_mesh bad = NULL, out = NULL;
    MMT_OK(ctx, mm_mesh_new(ctx, &bad, &d));
    mm_subdiv s = NULL;
    mm_subdiv_options o3 = c.o;
    o3.scheme = MM_SCHEME_SQRT3;
    ck_assert_int_eq(mm_subdivide(ctx, bad, &o3, &out), MM_ERR_INVALID_MESH);
    assert_names(ctx, "mm_subdivide");
    ck_assert_int_eq(mm_subdiv_build(ctx, bad, &o3, &s), MM_ERR_INVALID_MESH);
    assert_names(ctx, "mm_subdiv_build");
    mm_mesh_free(&bad);
    mm_subdiv_free(&c.s);
    mm_mesh_free(&c.mesh);
    mm_context_free(&ctx);
}
END_TEST

static int progress_calls;

static void count_progress(void *user, const char *phase, int level, int levels)
{
    ck_assert(user == &progress_calls && levels == 2 && level >= 1 && level <= 2);
    ck_assert(strcmp(phase, "build") == 0 || strcmp(phase, "eval") == 0);
    ++progress_calls;
}

START_TEST(progress_is_reported_per_level)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = cube(ctx), out = NULL;
    mm_subdiv_options o = opts(2, MM_BOUNDARY_EDGE_ONLY);
    o.progress = count_progress;
    o.progress_user = &progress_calls;
    progress_calls = 0;
    MMT_OK(ctx, mm_subdivide(ctx, mesh, &o, &out));
    ck_assert_int_eq(progress_calls, 4);
    mm_mesh_free(&out);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("subdiv");
    TCase *tc = tcase_create("subdiv");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, figure3_topology_by_hand);
    tcase_add_loop_test(tc, figure3_positions_by_hand, 0, 4);
    tcase_add_test(tc, the_mesh_boundary_rule_applies_by_default);
    tcase_add_test(tc, cube_interior_rule_and_subdivide);
    tcase_add_test(tc, eval_any_columns_and_deterministic);
    tcase_add_test(tc, non_manifold_and_flipped_refine);
    tcase_add_test(tc, bad_input_is_refused);
    tcase_add_test(tc, allocation_failures_leak_nothing);
    tcase_add_loop_test(tc, creases_corners_and_holes_by_hand, 0, 2);
    tcase_add_test(tc, bad_tags_are_refused);
    tcase_add_test(tc, allocation_failures_with_tags_leak_nothing);
    tcase_add_loop_test(tc, runs_past_the_memory_budget_are_refused_at_once, 0, 4);
    tcase_add_loop_test(tc, deep_failures_name_the_public_function, 0, 24);
    tcase_add_test(tc, progress_is_reported_per_level);
    suite_add_tcase(s, tc);
    return mmt_run(s);
}
