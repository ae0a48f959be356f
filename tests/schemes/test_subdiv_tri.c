/* test_subdiv_tri.c: Loop's and √3's generic paths (meshmat/subdiv.h, paper
 * Appendix A, B) on the backend under test, worked by hand on a regular
 * tetrahedron (closed) and a single triangle (open): counts, refined
 * triangles and edges in DESIGN §3's numbering, positions in both precisions;
 * refusals (faces that are not triangles, √3 with
 * EDGE_AND_CORNER); the allocation sweep.
 *
 * The tetrahedron v0 = (1,1,1), v1 = (1,−1,−1), v2 = (−1,1,−1), v3 = (−1,−1,1)
 * has Σ v = 0, every vertex of valence 3, faces f0 = (0 2 1), f1 = (0 1 3),
 * f2 = (0 3 2), f3 = (1 2 3) and level-0 edges (sorted by (min, max))
 * e0 = 01, e1 = 02, e2 = 03, e3 = 12, e4 = 13, e5 = 23.
 *  Loop (eq. 28–29): β(3) = (5/8 − (3/8 + cos(2π/3)/4)²) / 3 = (5/8 − 1/16) / 3
 *  = 3/16, so v_i' = (1 − 9/16) v_i + 3/16 (−v_i) = v_i / 4. Edge point ab =
 *  3/8 (v_a + v_b) + 1/8 (v_c + v_d) = 1/4 (v_a + v_b), since v_c + v_d =
 *  −(v_a + v_b). Vertex 4 + e is edge e's point. f0's children: (0 ep02 ep01)
 *  = (0 5 4), (2 ep21 ep02) = (2 7 5), (1 ep10 ep21) = (1 4 7), centre (5 7 4).
 *  √3 (eq. 24–25): α_3 = (4 − 2 cos(2π/3)) / 9 = 5/9, so v_i' = 4/9 v_i +
 *  5/27 (−v_i) = 7/27 v_i; face point 4 + f is f's centroid, for f0 −v3/3.
 *  Corner t of f0 (k, l) makes (k, fp(F(l,k)), fp(f0)): (0 6 4), (2 7 4), (1 5 4).
 *
 * The triangle (0 1 2), p0 = (0,0,0), p1 = (3,0,0), p2 = (0,3,0), under √3
 * (Kobbelt's boundary rule, OpenMesh Sqrt3T): level 1 (even) keeps the
 * boundary: vertices stay, fp = 3 = (1,1,0), triangles (0 1 3), (1 2 3),
 * (2 0 3). Level 2 (odd) trisects the boundary: triangle (0 1 3) gets x = 4
 * = (p2 + 16 p0 + 10 p1) / 27 = (10/9, 1/9, 0) and y = 4 + 3 + 0 = 7 =
 * (10 p0 + 16 p1 + p2) / 27 = (16/9, 1/9, 0); p0 → 19/27 p0 + 4/27 (p1 + p2)
 * = (4/9, 4/9, 0); vertex 3 (valence 3) → 4/9 (1,1,0) + 5/27 (3,3,0) = (1,1,0).
 * Level 2 has 4 + 3 + 3 = 10 vertices, 9 triangles, 6 + 9 + 3 = 18 edges. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mmt_meshes.h"
#include "test_util.h"

static const double tet_xyz[] = {1, 1, 1, 1, -1, -1, -1, 1, -1, -1, -1, 1};
static const uint32_t tet_ids[] = {0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3};
static const double tri_xyz[] = {0, 0, 0, 3, 0, 0, 0, 3, 0};
static const uint32_t tri_ids[] = {0, 1, 2};

static mm_mesh triangles(mm_context ctx, int64_t nv, const double *xyz, int64_t nf,
                         const uint32_t *ids, mm_type precision)
{
    return mmt_mesh_from_faces(ctx, nv, xyz, nf, NULL, 3, ids, precision);
}

static mm_subdiv_options opts(mm_scheme scheme, int levels)
{
    mm_subdiv_options o = mm_subdiv_options_default();
    o.scheme = scheme;
    o.levels = levels;
    return o;
}

/* The refined positions (as doubles) and last level's triangles and edges. */
typedef struct refined {
    mm_subdiv_counts n;
    double x[64 * 3];
    uint32_t f[64 * 3], e[64 * 2];
} refined;

static void refine(mm_context ctx, mm_mesh mesh, mm_scheme scheme, int levels, refined *r)
{
    mm_subdiv_options o = opts(scheme, levels);
    mm_subdiv s = NULL;
    mm_dense X = NULL;
    MMT_OK(ctx, mm_subdiv_build(ctx, mesh, &o, &s));
    MMT_OK(ctx, mm_subdiv_eval(s, mm_mesh_vertices(mesh), &X));
    MMT_OK(ctx, mm_subdiv_level_counts(s, levels, &r->n));
    ck_assert(r->n.vertices <= 64 && r->n.faces <= 64 && r->n.edges <= 64);
    int64_t ptr[65];
    mm_matrix_arrays a = {ptr, r->f, NULL, NULL};
    MMT_OK(ctx, mm_matrix_export(mm_subdiv_level_matrix(s, levels), &a));
    MMT_OK(ctx, mm_subdiv_level_edges(s, levels, r->e));
    int64_t n, d;
    mm_type t;
    MMT_OK(ctx, mm_dense_shape(X, &n, &d, &t));
    if (t == MM_TYPE_FLOAT64) {
        MMT_OK(ctx, mm_dense_export(X, r->x));
    } else {
        float f[64 * 3];
        MMT_OK(ctx, mm_dense_export(X, f));
        for (int64_t k = 0; k < n * d; ++k) r->x[k] = f[k];
    }
    mm_dense_free(&X);
    mm_subdiv_free(&s);
}

static void assert_point(const refined *r, int v, double x, double y, double z, double tol)
{
    ck_assert_msg(fabs(r->x[3 * v] - x) <= tol && fabs(r->x[3 * v + 1] - y) <= tol &&
                      fabs(r->x[3 * v + 2] - z) <= tol,
                  "vertex %d: (%g %g %g), expected (%g %g %g)", v, r->x[3 * v], r->x[3 * v + 1],
                  r->x[3 * v + 2], x, y, z);
}

static void assert_face(const refined *r, int f, uint32_t a, uint32_t b, uint32_t c)
{
    ck_assert_msg(r->f[3 * f] == a && r->f[3 * f + 1] == b && r->f[3 * f + 2] == c,
                  "face %d: (%u %u %u), expected (%u %u %u)", f, r->f[3 * f], r->f[3 * f + 1],
                  r->f[3 * f + 2], a, b, c);
}

/* Every refined edge must be a side of some refined triangle, each once. */
static void assert_edges_are_sides(const refined *r)
{
    for (int64_t e = 0; e < r->n.edges; ++e) {
        uint32_t a = r->e[2 * e], b = r->e[2 * e + 1];
        int sides = 0;
        for (int64_t f = 0; f < r->n.faces; ++f)
            for (int c = 0; c < 3; ++c) {
                uint32_t x = r->f[3 * f + c], y = r->f[3 * f + (c + 1) % 3];
                sides += (x == a && y == b) || (x == b && y == a);
            }
        ck_assert_msg(sides == 1 || sides == 2, "edge %lld (%u %u) is a side %d times",
                      (long long)e, a, b, sides);
        for (int64_t g = 0; g < e; ++g)
            ck_assert(!((r->e[2 * g] == a && r->e[2 * g + 1] == b) ||
                        (r->e[2 * g] == b && r->e[2 * g + 1] == a)));
    }
}

START_TEST(loop_tetrahedron_by_hand)
{
    mm_type prec = _i ? MM_TYPE_FLOAT32 : MM_TYPE_FLOAT64;
    double tol = _i ? 1e-6 : 1e-15;
    mm_context ctx = mmt_context();
    mm_mesh mesh = triangles(ctx, 4, tet_xyz, 4, tet_ids, prec);
    refined r;
    refine(ctx, mesh, MM_SCHEME_LOOP, 1, &r);
    ck_assert(r.n.vertices == 10 && r.n.faces == 16 && r.n.edges == 24 && r.n.nnz == 48);
    static const int ends[6][2] = {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}};
    for (int v = 0; v < 4; ++v)
        assert_point(&r, v, tet_xyz[3 * v] / 4, tet_xyz[3 * v + 1] / 4, tet_xyz[3 * v + 2] / 4, tol);
    for (int e = 0; e < 6; ++e) {
        const double *a = tet_xyz + 3 * ends[e][0], *b = tet_xyz + 3 * ends[e][1];
        assert_point(&r, 4 + e, (a[0] + b[0]) / 4, (a[1] + b[1]) / 4, (a[2] + b[2]) / 4, tol);
        ck_assert(r.e[4 * e] == (uint32_t)ends[e][0] && r.e[4 * e + 1] == (uint32_t)(4 + e));
        ck_assert(r.e[4 * e + 2] == (uint32_t)(4 + e) && r.e[4 * e + 3] == (uint32_t)ends[e][1]);
    }
    assert_face(&r, 0, 0, 5, 4);
    assert_face(&r, 1, 2, 7, 5);
    assert_face(&r, 2, 1, 4, 7);
    assert_face(&r, 3, 5, 7, 4);
    /* Inner edges 2|E| + 3f + c: corner triangle 4f + c's side facing the centre. */
    ck_assert(r.e[2 * 12] == 5 && r.e[2 * 12 + 1] == 4);
    ck_assert(r.e[2 * 14] == 4 && r.e[2 * 14 + 1] == 7);
    assert_edges_are_sides(&r);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(sqrt3_tetrahedron_by_hand)
{
    mm_type prec = _i ? MM_TYPE_FLOAT32 : MM_TYPE_FLOAT64;
    double tol = _i ? 1e-6 : 1e-15;
    mm_context ctx = mmt_context();
    mm_mesh mesh = triangles(ctx, 4, tet_xyz, 4, tet_ids, prec);
    refined r;
    refine(ctx, mesh, MM_SCHEME_SQRT3, 1, &r);
    ck_assert(r.n.vertices == 8 && r.n.faces == 12 && r.n.edges == 18 && r.n.nnz == 36);
    for (int v = 0; v < 4; ++v)
        assert_point(&r, v, tet_xyz[3 * v] * 7 / 27, tet_xyz[3 * v + 1] * 7 / 27,
                     tet_xyz[3 * v + 2] * 7 / 27, tol);
    static const int missing[4] = {3, 2, 1, 0}; /* the vertex face f does not hold */
    for (int f = 0; f < 4; ++f) {
        const double *m = tet_xyz + 3 * missing[f];
        assert_point(&r, 4 + f, -m[0] / 3, -m[1] / 3, -m[2] / 3, tol);
    }
    assert_face(&r, 0, 0, 6, 4);
    assert_face(&r, 1, 2, 7, 4);
    assert_face(&r, 2, 1, 5, 4);
    assert_edges_are_sides(&r);
    refine(ctx, mesh, MM_SCHEME_SQRT3, 2, &r);
    ck_assert(r.n.vertices == 20 && r.n.faces == 36 && r.n.edges == 54);
    assert_edges_are_sides(&r);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(sqrt3_boundary_by_hand)
{
    mm_type prec = _i ? MM_TYPE_FLOAT32 : MM_TYPE_FLOAT64;
    double tol = _i ? 1e-6 : 1e-15;
    mm_context ctx = mmt_context();
    mm_mesh mesh = triangles(ctx, 3, tri_xyz, 1, tri_ids, prec);
    refined r;
    refine(ctx, mesh, MM_SCHEME_SQRT3, 1, &r);
    ck_assert(r.n.vertices == 4 && r.n.faces == 3 && r.n.edges == 6);
    for (int v = 0; v < 3; ++v)
        assert_point(&r, v, tri_xyz[3 * v], tri_xyz[3 * v + 1], tri_xyz[3 * v + 2], 0.0);
    assert_point(&r, 3, 1, 1, 0, tol);
    assert_face(&r, 0, 0, 1, 3);
    assert_face(&r, 1, 1, 2, 3);
    assert_face(&r, 2, 2, 0, 3);
    assert_edges_are_sides(&r);
    refine(ctx, mesh, MM_SCHEME_SQRT3, 2, &r);
    ck_assert(r.n.vertices == 10 && r.n.faces == 9 && r.n.edges == 18);
    assert_point(&r, 0, 4.0 / 9, 4.0 / 9, 0, tol);
    assert_point(&r, 3, 1, 1, 0, tol);
    assert_point(&r, 4, 10.0 / 9, 1.0 / 9, 0, tol);
    assert_point(&r, 7, 16.0 / 9, 1.0 / 9, 0, tol);
    /* Triangle (0 1 3)'s boundary corner makes the middle one (x y c). */
    assert_face(&r, 0, 4, 7, 3);
    assert_edges_are_sides(&r);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* Loop and √3 refuse faces that are not triangles, naming the first one, and
 * refine non-manifold input (Loop by OpenSubdiv's rules, like Catmull-Clark;
 * √3 split into a manifold, test_subdiv_sqrt3_split.c); √3 takes one
 * boundary rule. */
START_TEST(non_triangles_are_refused)
{
    static const double xyz[] = {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 2, 0, 0};
    static const int64_t offsets[] = {0, 3, 7};
    static const uint32_t ids[] = {1, 4, 2, 0, 1, 2, 3}; /* a triangle, then a quad */
    static const uint32_t fin[] = {0, 1, 2, 1, 0, 3, 0, 1, 4}; /* edge {0,1} in 3 faces */
    mm_context ctx = mmt_context();
    mm_mesh_desc d = {0};
    d.num_vertices = 5;
    d.dim = 3;
    d.vertex_type = MM_TYPE_FLOAT64;
    d.vertices = xyz;
    d.num_faces = 2;
    d.face_offsets = offsets;
    d.face_vertices = ids;
    mm_mesh mixed = NULL, bad = triangles(ctx, 5, xyz, 3, fin, MM_TYPE_FLOAT64);
    MMT_OK(ctx, mm_mesh_new(ctx, &mixed, &d));
    mm_subdiv s = NULL;
    for (mm_scheme scheme = MM_SCHEME_LOOP; scheme <= MM_SCHEME_SQRT3; ++scheme) {
        mm_subdiv_options o = opts(scheme, 1);
        ck_assert_int_eq(mm_subdiv_build(ctx, mixed, &o, &s), MM_ERR_INVALID_MESH);
        ck_assert(s == NULL);
        ck_assert_msg(strstr(mm_last_error(ctx), "face 1 has 4 vertices") != NULL, "%s",
                      mm_last_error(ctx));
        MMT_OK(ctx, mm_subdiv_build(ctx, bad, &o, &s)); /* docs/creases.md */
        mm_subdiv_free(&s);
    }
    mm_mesh quads = NULL;
    static const uint32_t quad[] = {0, 1, 2, 3};
    d.num_faces = 1;
    d.face_offsets = NULL;
    d.face_order = 4;
    d.face_vertices = quad;
    MMT_OK(ctx, mm_mesh_new(ctx, &quads, &d));
    mm_subdiv_options o = opts(MM_SCHEME_LOOP, 1);
    ck_assert_int_eq(mm_subdiv_build(ctx, quads, &o, &s), MM_ERR_INVALID_MESH);
    ck_assert_msg(strstr(mm_last_error(ctx), "face 0 has 4 vertices") != NULL, "%s",
                  mm_last_error(ctx));
    mm_mesh tri = triangles(ctx, 3, tri_xyz, 1, tri_ids, MM_TYPE_FLOAT64);
    o = opts(MM_SCHEME_SQRT3, 1);
    o.boundary = MM_BOUNDARY_EDGE_AND_CORNER;
    ck_assert_int_eq(mm_subdiv_build(ctx, tri, &o, &s), MM_ERR_INVALID_ARGUMENT);
    ck_assert(strstr(mm_last_error(ctx), "EDGE_AND_CORNER") != NULL);
    o = opts(MM_SCHEME_LOOP, 16); /* 4^16 faces pass 2^31 at level 16 */
    ck_assert_int_eq(mm_subdiv_build(ctx, tri, &o, &s), MM_ERR_OVERFLOW);
    mm_mesh_free(&tri), mm_mesh_free(&quads), mm_mesh_free(&mixed), mm_mesh_free(&bad);
    mm_context_free(&ctx);
}
END_TEST

static mm_status refine_twice(mm_context ctx, void *arg)
{
    mm_mesh mesh = arg;
    mm_status st = MM_OK;
    for (mm_scheme scheme = MM_SCHEME_LOOP; scheme <= MM_SCHEME_SQRT3 && st == MM_OK; ++scheme) {
        mm_subdiv_options o = opts(scheme, 2);
        mm_mesh out = NULL;
        st = mm_subdivide(ctx, mesh, &o, &out);
        mm_mesh_free(&out);
    }
    return st;
}

START_TEST(allocation_failures_leak_nothing)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = triangles(ctx, 3, tri_xyz, 1, tri_ids, MM_TYPE_FLOAT32);
    ck_assert(mmt_sweep_allocations(ctx, refine_twice, mesh) > 10);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("subdiv_tri");
    TCase *tc = tcase_create("subdiv_tri");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, loop_tetrahedron_by_hand, 0, 2);
    tcase_add_loop_test(tc, sqrt3_tetrahedron_by_hand, 0, 2);
    tcase_add_loop_test(tc, sqrt3_boundary_by_hand, 0, 2);
    tcase_add_test(tc, non_triangles_are_refused);
    tcase_add_test(tc, allocation_failures_leak_nothing);
    suite_add_tcase(s, tc);
    return mmt_run(s);
}
