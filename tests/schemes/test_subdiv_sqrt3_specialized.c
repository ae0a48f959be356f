/* test_subdiv_sqrt3_specialized.c: √3's specialized path (src/kernels
 * sqrt3_*) against the generic path (the SpGEMM formulas, itself checked
 * against OpenMesh Sqrt3T) on the backend under test: every level's M and
 * edge list identical array for array, positions within 1e-12 (float64) or
 * 1e-6 (float32) of the mesh's size, for the generated shapes cut into
 * triangles and shared triangle models, closed and open (Kobbelt's
 * boundary rule), levels 1-4 (3 past 1000 triangles), both precisions, data of width 1, 3
 * and 5. Also: a tetrahedron and an octahedron against eq. 24-26 worked by
 * hand (two levels: the born vertices' valence 6 and the carried ring
 * sums), one triangle's boundary worked by hand over an even, an odd and an
 * even level, mm_subdivide's fused route equals build + eval bitwise at 1-4
 * levels, static mode under MM_PATH_AUTO, refusals as the generic path
 * answers them, the path's overflow bound, and the allocation sweep. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mmt_meshes.h"
#include "mmt_paths.h"
#include "mmt_shapes.h"
#include "mmt_mesh_io.h"
#include "test_util.h"

static int64_t boundary_edges(mm_context ctx, mm_mesh mesh)
{
    mm_mesh_stats s;
    MMT_OK(ctx, mm_mesh_stats_get(ctx, mesh, &s));
    return s.boundary_edges;
}

static const int closed_shapes[] = {MMT_SHAPE_CUBE, MMT_SHAPE_TORUS, MMT_SHAPE_PRISMS};

/* _i: closed shape, precision; levels 1-4 each. */
START_TEST(closed_generated_meshes_match_the_generic_path)
{
    int which = closed_shapes[_i / 2];
    mm_type prec = _i % 2 ? MM_TYPE_FLOAT32 : MM_TYPE_FLOAT64;
    mm_context ctx = mmt_context();
    mm_mesh mesh = mmt_triangle_shape(ctx, which, prec);
    ck_assert_int_eq(boundary_edges(ctx, mesh), 0);
    char name[32];
    snprintf(name, sizeof name, "shape %d", which);
    for (int levels = 1; levels <= 4; ++levels)
        mmt_compare_paths(ctx, mesh, name, MM_SCHEME_SQRT3, MM_BOUNDARY_EDGE_ONLY, prec, levels);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* Triangle models of ../shared/models (skipped when absent), closed and
 * open. */
static const char *const models[] = {
    "opensubdiv/loop_icosahedron.obj",      "opensubdiv/loop_toroidal_tet.obj",
    "tri/cgal_icosahedron.obj",             "tri/bunny_small_closed.obj",
    "tri/spot_triangulated.obj",            "opensubdiv/loop_saddle_edgeonly.obj",
    "opensubdiv/loop_xord_boundary.obj",    "opensubdiv/loop_triangle_edgeonly.obj",
    "tri/cgal_holes_8k.obj"};

#define NUM_MODELS ((int)(sizeof models / sizeof *models))
/* Indices into models of those present (found in main). */
static int present[NUM_MODELS], num_present;

START_TEST(shared_models_match_the_generic_path)
{
    const char *path = mmt_shared_model(models[present[_i / 2]]);
    ck_assert_ptr_nonnull(path);
    mm_type prec = _i % 2 ? MM_TYPE_FLOAT32 : MM_TYPE_FLOAT64;
    mm_context ctx = mmt_context();
    mm_read_options ro = mm_read_options_default();
    ro.precision = prec;
    mm_mesh mesh = NULL;
    MMT_OK(ctx, mm_mesh_read(ctx, &mesh, path, &ro));
    mmt_drop_tags(ctx, &mesh); /* the smooth rules on every path */
    mm_mesh_info info;
    MMT_OK(ctx, mm_mesh_info_get(mesh, &info));
    int top = info.num_faces > 1000 ? 3 : 4;
    for (int levels = 1; levels <= top; ++levels)
        mmt_compare_paths(ctx, mesh, path, MM_SCHEME_SQRT3, MM_BOUNDARY_EDGE_ONLY, prec, levels);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* The triangle across side k → l (the one with side l → k) of faces ids. */
static int across(const uint32_t *ids, int nf, uint32_t k, uint32_t l)
{
    for (int f = 0; f < nf; ++f)
        for (int c = 0; c < 3; ++c)
            if (ids[3 * f + c] == l && ids[3 * f + (c + 1) % 3] == k) return f;
    return -1;
}

/* A closed triangle mesh (nv vertices of valence n, nf faces) two levels
 * down, against the paper's formulas worked here: level 1's triangle t =
 * (v_t, fp(across), fp(t / 3)) (Figure 12), face points c_f the centroids
 * (eq. 26), vertices v' = (1 − α_n) v + α_n / n Σ neighbours (eq. 24, α_n
 * of eq. 25 given in closed form by the caller); at level 2 each face
 * point c_f is a vertex of valence 6 (neighbours: f's three vertices and
 * the face points across f's sides, α_6 = 1/3), and each old vertex has as
 * neighbours the face points of its n faces. */
static void closed_by_hand(const double *xyz, int nv, const uint32_t *ids, int nf, int n,
                           double alpha_n)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = mmt_mesh_from_faces(ctx, nv, xyz, nf, NULL, 3, ids, MM_TYPE_FLOAT64);
    mmt_refined r;
    mmt_refine(ctx, mesh, MM_SCHEME_SQRT3, MM_PATH_SPECIALIZED, MM_BOUNDARY_EDGE_ONLY, 2, &r);
    ck_assert_int_eq(r.lv[1].n.vertices, nv + nf);
    ck_assert_int_eq(r.lv[1].n.faces, 3 * nf);
    ck_assert_int_eq(r.lv[2].n.vertices, nv + 4 * nf);
    for (int t = 0; t < 3 * nf; ++t) {
        uint32_t k = ids[t], l = ids[t - t % 3 + (t + 1) % 3];
        ck_assert_uint_eq(r.lv[1].rows[3 * t], k);
        ck_assert_uint_eq(r.lv[1].rows[3 * t + 1], (uint32_t)(nv + across(ids, nf, k, l)));
        ck_assert_uint_eq(r.lv[1].rows[3 * t + 2], (uint32_t)(nv + t / 3));
    }
    double *c = malloc((size_t)(3 * nf) * sizeof *c), *v1 = malloc((size_t)(3 * nv) * sizeof *v1);
    for (int f = 0; f < nf; ++f)
        for (int k = 0; k < 3; ++k)
            c[3 * f + k] = (xyz[3 * ids[3 * f] + k] + xyz[3 * ids[3 * f + 1] + k] +
                            xyz[3 * ids[3 * f + 2] + k]) / 3.0;
    for (uint32_t v = 0; v < (uint32_t)nv; ++v)
        for (int k = 0; k < 3; ++k) {
            double ring = 0.0; /* each neighbour follows v in exactly one face */
            for (int t = 0; t < 3 * nf; ++t)
                if (ids[t] == v) ring += xyz[3 * ids[t - t % 3 + (t + 1) % 3] + k];
            v1[3 * v + k] = (1.0 - alpha_n) * xyz[3 * v + k] + alpha_n / n * ring;
        }
    /* Level 2 from level 1 = [v1; c]. */
    int64_t nx;
    double *x2 = r.x;
    nx = r.nx;
    ck_assert_int_eq(nx, 3 * (nv + 4 * nf));
    for (int k = 0; k < 3; ++k) {
        for (uint32_t v = 0; v < (uint32_t)nv; ++v) {
            double ring = 0.0;
            for (int f = 0; f < nf; ++f)
                if (ids[3 * f] == v || ids[3 * f + 1] == v || ids[3 * f + 2] == v)
                    ring += c[3 * f + k];
            double want = (1.0 - alpha_n) * v1[3 * v + k] + alpha_n / n * ring;
            ck_assert_double_eq_tol(x2[3 * v + k], want, 1e-12);
        }
        for (int f = 0; f < nf; ++f) {
            double ring = 0.0;
            for (int j = 0; j < 3; ++j) {
                uint32_t a = ids[3 * f + j], b = ids[3 * f + (j + 1) % 3];
                ring += v1[3 * a + k] + c[3 * across(ids, nf, a, b) + k];
            }
            double want = 2.0 / 3.0 * c[3 * f + k] + ring / 18.0;
            ck_assert_double_eq_tol(x2[3 * (nv + f) + k], want, 1e-12);
        }
    }
    /* Level 2's face points: centroids of level 1's triangles. */
    for (int t = 0; t < 3 * nf; ++t)
        for (int k = 0; k < 3; ++k) {
            uint32_t a = ids[t], h = (uint32_t)across(ids, nf, a, ids[t - t % 3 + (t + 1) % 3]);
            double want = (v1[3 * a + k] + c[3 * h + k] + c[3 * (t / 3) + k]) / 3.0;
            ck_assert_double_eq_tol(x2[3 * (nv + nf + t) + k], want, 1e-12);
        }
    free(c), free(v1);
    mmt_release(&r);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}

/* Valence 3: α_3 = (4 − 2 cos(2π/3)) / 9 = 5/9. */
START_TEST(a_tetrahedron_by_hand)
{
    static const double xyz[] = {0, 0, 0, 1, 0.1, 0, 0.2, 1, 0.1, 0.3, 0.2, 1.1};
    static const uint32_t ids[] = {0, 2, 1, 0, 1, 3, 1, 2, 3, 0, 3, 2};
    closed_by_hand(xyz, 4, ids, 4, 3, 5.0 / 9.0);
}
END_TEST

/* Valence 4: α_4 = (4 − 2 cos(π/2)) / 9 = 4/9. */
START_TEST(an_octahedron_by_hand)
{
    static const double xyz[] = {1, 0, 0.1, -1, 0.1, 0, 0, 1, 0, 0.1, -1, 0, 0, 0, 1.2, 0, 0.1, -1};
    static const uint32_t ids[] = {0, 2, 4, 2, 1, 4, 1, 3, 4, 3, 0, 4,
                                   2, 0, 5, 1, 2, 5, 3, 1, 5, 0, 3, 5};
    closed_by_hand(xyz, 6, ids, 8, 4, 4.0 / 9.0);
}
END_TEST

/* An octahedron with an unreferenced vertex (id 6): it stays where it is,
 * as on the generic path. */
START_TEST(an_unreferenced_vertex_stays)
{
    static const double xyz[] = {1,   0,    0.1, -1, 0.1, 0, 0, 1, 0, 0.1, -1,
                                 0,   0,    0,   1.2, 0,  0.1, -1, 5, 6, 7};
    static const uint32_t ids[] = {0, 2, 4, 2, 1, 4, 1, 3, 4, 3, 0, 4,
                                   2, 0, 5, 1, 2, 5, 3, 1, 5, 0, 3, 5};
    mm_context ctx = mmt_context();
    mm_mesh mesh = mmt_mesh_from_faces(ctx, 7, xyz, 8, NULL, 3, ids, MM_TYPE_FLOAT64);
    for (int levels = 1; levels <= 3; ++levels) {
        mmt_compare_paths(ctx, mesh, "octahedron + 1", MM_SCHEME_SQRT3, MM_BOUNDARY_EDGE_ONLY,
                          MM_TYPE_FLOAT64, levels);
        mmt_refined r;
        mmt_refine(ctx, mesh, MM_SCHEME_SQRT3, MM_PATH_SPECIALIZED, MM_BOUNDARY_EDGE_ONLY, levels,
                   &r);
        for (int k = 0; k < 3; ++k) ck_assert_double_eq(r.x[18 + k], xyz[18 + k]);
        mmt_release(&r);
    }
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* mm_subdivide (fused; MM_PATH_AUTO picks the specialized path for a closed
 * mesh) = build + eval of the specialized path, bitwise, at each of its
 * routes: 1 level (no ring sums), 2 (the last triangles straight from level
 * 0), 3 and 4 (levels kept between); a second run repeats the first, and
 * no memory is left behind. _i: levels, precision. */
START_TEST(subdivide_equals_build_and_eval_bitwise)
{
    int levels = 1 + _i / 2;
    mm_context ctx = mmt_context();
    mm_mesh mesh = mmt_triangle_shape(ctx, MMT_SHAPE_PRISMS,
                                      _i % 2 ? MM_TYPE_FLOAT32 : MM_TYPE_FLOAT64);
    mm_memory where = mmt_backend() == MM_BACKEND_CUDA ? MM_MEMORY_DEVICE : MM_MEMORY_HOST;
    int64_t baseline = mm_context_bytes_in_use(ctx, where);
    mmt_refined r;
    mmt_refine(ctx, mesh, MM_SCHEME_SQRT3, MM_PATH_SPECIALIZED, MM_BOUNDARY_EDGE_ONLY, levels, &r);
    mm_subdiv_options o = mm_subdiv_options_default();
    ck_assert_int_eq(o.path, MM_PATH_AUTO);
    o.scheme = MM_SCHEME_SQRT3;
    o.levels = levels;
    for (int run = 0; run < 2; ++run) mmt_check_subdivide(ctx, mesh, &o, &r);
    o.path = MM_PATH_SPECIALIZED;
    mmt_check_subdivide(ctx, mesh, &o, &r);
    mmt_release(&r);
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, where), baseline);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* Any width d (the rules below level 0 run one thread per component; the
 * device folds d = 3 only): d = 1, 3 and 5 against the generic path on a
 * closed and an open mesh, levels 1-4, and the constant column stays 1
 * (every rule's weights sum to 1, the boundary's included). _i: mesh, d,
 * precision. */
START_TEST(any_data_width_matches_the_generic_path)
{
    mm_type prec = _i % 2 ? MM_TYPE_FLOAT32 : MM_TYPE_FLOAT64;
    mm_context ctx = mmt_context();
    mm_mesh mesh = mmt_triangle_shape(ctx, _i / 6 ? MMT_SHAPE_HOLES : MMT_SHAPE_TORUS, prec);
    mmt_compare_wide_paths(ctx, mesh, MM_SCHEME_SQRT3, mm_subdiv_options_default().boundary,
                           1 + 2 * (_i / 2 % 3), prec, 4);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

static const int open_shapes[] = {MMT_SHAPE_GRID, MMT_SHAPE_HOLES, MMT_SHAPE_FAN,
                                  MMT_SHAPE_MIXED};

/* Meshes with a boundary (the open generated shapes: Kobbelt's boundary rule
 * on both paths) match the generic path level by level, and mm_subdivide's
 * fused route (MM_PATH_AUTO and named) equals build + eval bitwise, levels
 * 1-4. _i: open shape, precision. */
START_TEST(open_generated_meshes_match_the_generic_path)
{
    int which = open_shapes[_i / 2];
    mm_type prec = _i % 2 ? MM_TYPE_FLOAT32 : MM_TYPE_FLOAT64;
    mm_context ctx = mmt_context();
    mm_mesh mesh = mmt_triangle_shape(ctx, which, prec);
    ck_assert_int_gt(boundary_edges(ctx, mesh), 0);
    char name[32];
    snprintf(name, sizeof name, "open shape %d", which);
    mm_subdiv_options o = mm_subdiv_options_default();
    o.scheme = MM_SCHEME_SQRT3;
    for (int levels = 1; levels <= 4; ++levels) {
        mmt_compare_paths(ctx, mesh, name, MM_SCHEME_SQRT3, MM_BOUNDARY_EDGE_ONLY, prec, levels);
        mmt_refined r;
        mmt_refine(ctx, mesh, MM_SCHEME_SQRT3, MM_PATH_SPECIALIZED, MM_BOUNDARY_EDGE_ONLY, levels,
                   &r);
        o.levels = levels;
        o.path = MM_PATH_AUTO;
        mmt_check_subdivide(ctx, mesh, &o, &r);
        o.path = MM_PATH_SPECIALIZED;
        mmt_check_subdivide(ctx, mesh, &o, &r);
        mmt_release(&r);
    }
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* Kobbelt's boundary rule worked by hand on one triangle (0, 1, 2), p_i its
 * corners, c their centroid. Level 1 (an even generation): the corners stay,
 * c is vertex 3, triangles (0, 1, 3), (1, 2, 3), (2, 0, 3), each with one
 * boundary side. Level 2 (odd): triangle t = (i, j, 3) (boundary side i → j,
 * k the third corner, each corner's other boundary neighbour) gets x = (p_k
 * + 16 p_i + 10 p_j) / 27 at row 4 + t and y = (10 p_i + 16 p_j + p_k) / 27
 * at row 7 + t (rank t), and is split into (x, y, 3), (j, x_{t+1}, y) and
 * (3, y_{t−1}, x) (the neighbours' points across 3 → i and j → 3); corners
 * become 19/27 p_i + 4/27 (p_j + p_k); 3 (valence 3, α_3 = 5/9) stays at c.
 * Level 3 (even): the boundary vertices 0-2 and 4-9 stay, 3 has valence 6
 * (the six x and y; α_6 = 1/3): 2/3 c + (Σ x + Σ y) / 18. */
START_TEST(a_triangle_by_hand)
{
    static const double p[] = {0, 0, 0.1, 1, 0.2, 0, 0.3, 1.1, 0.2};
    static const uint32_t ids[] = {0, 1, 2};
    mm_context ctx = mmt_context();
    mm_mesh mesh = mmt_mesh_from_faces(ctx, 3, p, 1, NULL, 3, ids, MM_TYPE_FLOAT64);
    mmt_refined r2, r3;
    mmt_refine(ctx, mesh, MM_SCHEME_SQRT3, MM_PATH_SPECIALIZED, MM_BOUNDARY_EDGE_ONLY, 2, &r2);
    mmt_refine(ctx, mesh, MM_SCHEME_SQRT3, MM_PATH_SPECIALIZED, MM_BOUNDARY_EDGE_ONLY, 3, &r3);
    ck_assert_int_eq(r2.lv[2].n.vertices, 10);
    ck_assert_int_eq(r2.lv[2].n.faces, 9);
    ck_assert_int_eq(r3.lv[3].n.vertices, 19);
    for (uint32_t t = 0; t < 3; ++t) {
        uint32_t j = (t + 1) % 3, want[9] = {4 + t, 7 + t, 3, j, 4 + j, 7 + t,
                                             3, 7 + (t + 2) % 3, 4 + t};
        for (int m = 0; m < 9; ++m) ck_assert_uint_eq(r2.lv[2].rows[9 * t + m], want[m]);
    }
    for (int a = 0; a < 3; ++a) {
        double c = (p[a] + p[3 + a] + p[6 + a]) / 3.0, xy = 0.0, x2[10];
        for (int i = 0; i < 3; ++i) {
            double pi = p[3 * i + a], pj = p[3 * ((i + 1) % 3) + a], pk = p[3 * ((i + 2) % 3) + a];
            x2[i] = 19.0 / 27.0 * pi + 4.0 / 27.0 * (pj + pk);
            x2[4 + i] = (pk + 16.0 * pi + 10.0 * pj) / 27.0;
            x2[7 + i] = (10.0 * pi + 16.0 * pj + pk) / 27.0;
            xy += x2[4 + i] + x2[7 + i];
        }
        x2[3] = c;
        for (int v = 0; v < 10; ++v) {
            ck_assert_double_eq_tol(r2.x[3 * v + a], x2[v], 1e-12);
            double want = v == 3 ? 2.0 / 3.0 * c + xy / 18.0 : x2[v];
            ck_assert_double_eq_tol(r3.x[3 * v + a], want, 1e-12);
        }
    }
    mmt_release(&r2), mmt_release(&r3);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* Static mode under MM_PATH_AUTO (the specialized build, the generic one
 * made for the matrices) gives the dynamic positions. _i: closed, open. */
START_TEST(static_mode_under_auto_matches_dynamic)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = mmt_triangle_shape(ctx, _i ? MMT_SHAPE_HOLES : MMT_SHAPE_TORUS,
                                      MM_TYPE_FLOAT64);
    mmt_refined r;
    mmt_refine(ctx, mesh, MM_SCHEME_SQRT3, MM_PATH_SPECIALIZED, MM_BOUNDARY_EDGE_ONLY, 3, &r);
    mm_subdiv_options o = mm_subdiv_options_default();
    o.scheme = MM_SCHEME_SQRT3;
    o.levels = 3;
    o.mode = MM_MODE_STATIC;
    mm_subdiv s = NULL;
    mm_dense X = NULL;
    MMT_OK(ctx, mm_subdiv_build(ctx, mesh, &o, &s));
    ck_assert_ptr_nonnull(mm_subdiv_matrix(s, 0, 3));
    MMT_OK(ctx, mm_subdiv_eval(s, mm_mesh_vertices(mesh), &X));
    int64_t n;
    double *x = mmt_dense_to_host(ctx, X, &n);
    ck_assert_int_eq(n, r.nx);
    ck_assert_double_le(mmt_relative_gap(r.x, x, n), 1e-12);
    uint32_t *ends = malloc((size_t)r.lv[3].n.edges * 2 * sizeof *ends);
    MMT_OK(ctx, mm_subdiv_level_edges(s, 3, ends));
    ck_assert(memcmp(ends, r.lv[3].ends, (size_t)r.lv[3].n.edges * 2 * sizeof *ends) == 0);
    free(ends), free(x);
    mm_dense_free(&X);
    mm_subdiv_free(&s);
    mmt_release(&r);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* Both routes of the specialized path (named or AUTO) refuse mesh as the
 * generic path does: the same status and the same message after the name of
 * the public function (an option is refused by the function called). */
static void refused_as_generic(mm_context ctx, mm_mesh mesh, mm_boundary rule, mm_status want,
                               const char *part)
{
    mm_subdiv_options o = mm_subdiv_options_default();
    o.scheme = MM_SCHEME_SQRT3;
    o.path = MM_PATH_GENERIC;
    o.boundary = rule;
    mm_subdiv sd = NULL;
    mm_mesh out = NULL;
    ck_assert_int_eq(mm_subdiv_build(ctx, mesh, &o, &sd), want);
    char message[512];
    snprintf(message, sizeof message, "%s", strchr(mm_last_error(ctx), ' '));
    ck_assert_msg(strstr(message, part) != NULL, "%s", message);
    for (int p = 0; p < 2; ++p) {
        o.path = p ? MM_PATH_AUTO : MM_PATH_SPECIALIZED;
        ck_assert_int_eq(mm_subdiv_build(ctx, mesh, &o, &sd), want);
        ck_assert_str_eq(strchr(mm_last_error(ctx), ' '), message);
        ck_assert_int_eq(mm_subdivide(ctx, mesh, &o, &out), want);
        ck_assert_str_eq(strchr(mm_last_error(ctx), ' '), message);
    }
    ck_assert(sd == NULL && out == NULL);
}

START_TEST(bad_input_is_refused)
{
    mm_context ctx = mmt_context();
    /* Quads (a closed cube), and a mesh whose face 2 is a pentagon. */
    mm_mesh mesh = mmt_mesh_shape(ctx, MMT_CUBE, MM_TYPE_FLOAT64);
    refused_as_generic(ctx, mesh, MM_BOUNDARY_EDGE_ONLY, MM_ERR_INVALID_MESH,
                       "face 0 has 4 vertices");
    mm_mesh_free(&mesh);
    static const double xyz[] = {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 2, 0, 0, 2, 1, 0, 3, 1, 0};
    static const int64_t offsets[] = {0, 3, 6, 11};
    static const uint32_t ids[] = {0, 1, 2, 0, 2, 3, 1, 4, 5, 6, 2};
    mesh = mmt_mesh_from_faces(ctx, 7, xyz, 3, offsets, 0, ids, MM_TYPE_FLOAT64);
    refused_as_generic(ctx, mesh, MM_BOUNDARY_EDGE_ONLY, MM_ERR_INVALID_MESH,
                       "face 2 has 5 vertices");
    mm_mesh_free(&mesh);
    /* √3 has one boundary rule. */
    mesh = mmt_triangle_shape(ctx, MMT_SHAPE_CUBE, MM_TYPE_FLOAT64);
    refused_as_generic(ctx, mesh, MM_BOUNDARY_EDGE_AND_CORNER, MM_ERR_INVALID_ARGUMENT,
                       "EDGE_AND_CORNER");
    /* The path's own bound, named with the level: 16 levels of 12 triangles
     * fit the generic path's ids (|F| = 12 · 3^16 < 2^31) but pass the
     * specialized path's 15 levels. */
    mm_subdiv_options o = mm_subdiv_options_default();
    o.scheme = MM_SCHEME_SQRT3;
    o.levels = 16;
    mm_subdiv sd = NULL;
    mm_mesh out = NULL;
    ck_assert_int_eq(mm_subdiv_build(ctx, mesh, &o, &sd), MM_ERR_OVERFLOW);
    ck_assert_msg(strstr(mm_last_error(ctx), "specialized") != NULL, "%s", mm_last_error(ctx));
    ck_assert_int_eq(mm_subdivide(ctx, mesh, &o, &out), MM_ERR_OVERFLOW);
    ck_assert(sd == NULL && out == NULL);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* A closed mesh and an open one (its boundary counts made by a scan). */
START_TEST(allocation_failures_leak_nothing)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = mmt_triangle_shape(ctx, _i ? MMT_SHAPE_MIXED : MMT_SHAPE_PRISMS,
                                      MM_TYPE_FLOAT32);
    mmt_sweep_both_routes(ctx, mesh, MM_SCHEME_SQRT3, MM_BOUNDARY_EDGE_ONLY);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("subdiv_sqrt3_specialized");
    TCase *tc = tcase_create("subdiv_sqrt3_specialized");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, closed_generated_meshes_match_the_generic_path, 0,
                        2 * (int)(sizeof closed_shapes / sizeof *closed_shapes));
    tcase_add_test(tc, a_tetrahedron_by_hand);
    tcase_add_test(tc, an_octahedron_by_hand);
    tcase_add_test(tc, an_unreferenced_vertex_stays);
    tcase_add_loop_test(tc, subdivide_equals_build_and_eval_bitwise, 0, 8);
    tcase_add_loop_test(tc, any_data_width_matches_the_generic_path, 0, 12);
    tcase_add_loop_test(tc, open_generated_meshes_match_the_generic_path, 0,
                        2 * (int)(sizeof open_shapes / sizeof *open_shapes));
    tcase_add_test(tc, a_triangle_by_hand);
    tcase_add_loop_test(tc, static_mode_under_auto_matches_dynamic, 0, 2);
    tcase_add_test(tc, bad_input_is_refused);
    tcase_add_loop_test(tc, allocation_failures_leak_nothing, 0, 2);
    suite_add_tcase(s, tc);
    static const char what[] = "sqrt(3)'s paths compared on shared models";
    num_present = mmt_need_shared_models(models, NUM_MODELS, what, present);
    if (num_present > 0) {
        TCase *shared = mmt_models_tcase();
        tcase_set_timeout(shared, 300);
        tcase_add_loop_test(shared, shared_models_match_the_generic_path, 0, 2 * num_present);
        suite_add_tcase(s, shared);
    }
    return mmt_run(s);
}
