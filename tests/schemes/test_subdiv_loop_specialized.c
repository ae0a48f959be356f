/* test_subdiv_loop_specialized.c: Loop's specialized path (src/kernels
 * loop_*) against the generic path (the SpGEMM formulas, itself checked
 * against OpenSubdiv) on the backend under test: every level's M and edge
 * list identical array for array, positions within 1e-12 (float64) or 1e-6
 * (float32) of the mesh's size, for the generated shapes cut into triangles
 * (closed, open, with holes, several components) and the shared triangle
 * models, levels 1-4, both boundary rules and precisions, data of any
 * width. Also: an open hexagonal fan against the paper's weights by hand,
 * mm_subdivide's fused route equals build + eval bitwise at 1-4 levels and
 * runs repeat bitwise, refusals
 * (non-triangles named by face, non-manifold input, the path's overflow
 * bound) answered as the generic path answers, and the allocation sweep. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mmt_meshes.h"
#include "mmt_paths.h"
#include "mmt_shapes.h"
#include "mmt_mesh_io.h"
#include "test_util.h"

static const double pi = 3.14159265358979323846;

/* _i: shape, rule, precision; levels 1-4 each. */
START_TEST(generated_meshes_match_the_generic_path)
{
    int which = _i / 4, corner = (_i / 2) % 2, f32 = _i % 2;
    mm_type prec = f32 ? MM_TYPE_FLOAT32 : MM_TYPE_FLOAT64;
    mm_boundary rule = corner ? MM_BOUNDARY_EDGE_AND_CORNER : MM_BOUNDARY_EDGE_ONLY;
    mm_context ctx = mmt_context();
    mm_mesh mesh = mmt_triangle_shape(ctx, which, prec);
    char name[32];
    snprintf(name, sizeof name, "shape %d", which);
    for (int levels = 1; levels <= 4; ++levels)
        mmt_compare_paths(ctx, mesh, name, MM_SCHEME_LOOP, rule, prec, levels);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

static const char *const models[] = {
    "opensubdiv/loop_xord_boundary.obj", "opensubdiv/loop_icosahedron.obj",
    "opensubdiv/loop_pole64.obj",        "opensubdiv/loop_triangle_edgecorner.obj",
    "opensubdiv/loop_saddle_edgeonly.obj", "opensubdiv/loop_toroidal_tet.obj",
    "tri/bunny_small_closed.obj",        "tri/cgal_holes_8k.obj"};

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
    int top = info.num_faces > 1000 ? 2 : 3;
    for (int levels = 1; levels <= top; ++levels) {
        mmt_compare_paths(ctx, mesh, path, MM_SCHEME_LOOP, MM_BOUNDARY_EDGE_ONLY, prec, levels);
        mmt_compare_paths(ctx, mesh, path, MM_SCHEME_LOOP, MM_BOUNDARY_EDGE_AND_CORNER, prec,
                          levels);
    }
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* An open fan of 6 triangles around a raised centre c (rim r_0 … r_5 on the
 * unit circle): one level by the paper's weights, derived by hand. Vertex
 * ids: c = 0, r_i = 1 + i. Level 0's edges sorted by (min, max): spokes
 * (0, 1 + i) are edges 0 … 5, then the rim (1 + i, 2 + i) and (1, 6). */
START_TEST(an_open_fan_follows_the_paper_weights)
{
    double xyz[3 * 7] = {0.2, -0.1, 0.7};
    uint32_t ids[18];
    for (int i = 0; i < 6; ++i) {
        xyz[3 * (1 + i)] = cos(2 * pi * i / 6), xyz[3 * (1 + i) + 1] = sin(2 * pi * i / 6);
        xyz[3 * (1 + i) + 2] = 0.1 * i;
        ids[3 * i] = 0, ids[3 * i + 1] = 1 + i, ids[3 * i + 2] = 1 + (i + 1) % 6;
    }
    mm_context ctx = mmt_context();
    mm_mesh mesh = mmt_mesh_from_faces(ctx, 7, xyz, 6, NULL, 3, ids, MM_TYPE_FLOAT64);
    for (int corner = 0; corner < 2; ++corner) {
        mmt_refined r;
        mmt_refine(ctx, mesh, MM_SCHEME_LOOP, MM_PATH_SPECIALIZED,
                   corner ? MM_BOUNDARY_EDGE_AND_CORNER : MM_BOUNDARY_EDGE_ONLY, 1, &r);
        ck_assert_int_eq(r.lv[0].n.edges, 12);
        ck_assert_int_eq(r.nx, 3 * 19);
        const double *p = xyz, *y = r.x;
        for (int k = 0; k < 3; ++k) {
            /* The centre, valence 6 inside: eq. 28 with β = 1/16. */
            double ring = 0.0;
            for (int i = 0; i < 6; ++i) ring += p[3 * (1 + i) + k];
            ck_assert_double_eq_tol(y[k], 0.625 * p[k] + ring / 16.0, 1e-12);
            for (int i = 0; i < 6; ++i) {
                int a = 1 + i, prev = 1 + (i + 5) % 6, next = 1 + (i + 1) % 6;
                /* Rim vertices: 3/4 p + 1/8 (p_prev + p_next) (each is in two faces). */
                double rim = 0.75 * p[3 * a + k] + 0.125 * (p[3 * prev + k] + p[3 * next + k]);
                ck_assert_double_eq_tol(y[3 * a + k], rim, 1e-12);
                /* Spoke i = edge i: 3/8 (c + r_i) + 1/8 (r_{i−1} + r_{i+1}). */
                double spoke = 0.375 * (p[k] + p[3 * a + k]) +
                               0.125 * (p[3 * prev + k] + p[3 * next + k]);
                ck_assert_double_eq_tol(y[3 * (7 + i) + k], spoke, 1e-12);
            }
            /* Rim edges 6 … 11: midpoints. */
            for (int e = 6; e < 12; ++e) {
                uint32_t a = r.lv[0].ends[2 * e], b = r.lv[0].ends[2 * e + 1];
                ck_assert_uint_ne(a, 0);
                double mid = 0.5 * (p[3 * a + k] + p[3 * b + k]);
                ck_assert_double_eq_tol(y[3 * (7 + e) + k], mid, 1e-12);
            }
        }
        mmt_release(&r);
    }
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* EDGE_AND_CORNER keeps a boundary vertex of one face in place; EDGE_ONLY
 * moves it by 3/4, 1/8. One triangle: every vertex is such a corner. */
START_TEST(corners_stay_with_edge_and_corner)
{
    static const double xyz[] = {0, 0, 0, 1, 0.2, 0, 0.3, 1, 0.5};
    static const uint32_t ids[] = {0, 1, 2};
    mm_context ctx = mmt_context();
    mm_mesh mesh = mmt_mesh_from_faces(ctx, 3, xyz, 1, NULL, 3, ids, MM_TYPE_FLOAT64);
    for (int corner = 0; corner < 2; ++corner) {
        mmt_refined r;
        mmt_refine(ctx, mesh, MM_SCHEME_LOOP, MM_PATH_SPECIALIZED,
                   corner ? MM_BOUNDARY_EDGE_AND_CORNER : MM_BOUNDARY_EDGE_ONLY, 1, &r);
        for (int v = 0; v < 3; ++v)
            for (int k = 0; k < 3; ++k) {
                double want = corner ? xyz[3 * v + k]
                                     : 0.75 * xyz[3 * v + k] +
                                           0.125 * (xyz[3 * ((v + 1) % 3) + k] +
                                                    xyz[3 * ((v + 2) % 3) + k]);
                ck_assert_double_eq_tol(r.x[3 * v + k], want, 1e-12);
            }
        mmt_release(&r);
    }
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* mm_subdivide (fused: no level kept; MM_PATH_AUTO picks the specialized
 * path for Loop) = build + eval of the specialized path, bitwise, at each of
 * its routes: 1 level (no ring sums), 2 (the last triangles straight from
 * level 0), 3 and 4 (levels kept between), both boundary rules; a second
 * run repeats the first bitwise, and leaves no memory behind. _i: levels,
 * rule, precision. */
START_TEST(subdivide_equals_build_and_eval_bitwise)
{
    int levels = 1 + _i / 4;
    mm_boundary rule = (_i / 2) % 2 ? MM_BOUNDARY_EDGE_AND_CORNER : MM_BOUNDARY_EDGE_ONLY;
    mm_context ctx = mmt_context();
    mm_mesh mesh = mmt_triangle_shape(ctx, MMT_SHAPE_MIXED, _i % 2 ? MM_TYPE_FLOAT32 : MM_TYPE_FLOAT64);
    mm_memory where = mmt_backend() == MM_BACKEND_CUDA ? MM_MEMORY_DEVICE : MM_MEMORY_HOST;
    int64_t baseline = mm_context_bytes_in_use(ctx, where);
    mmt_refined r;
    mmt_refine(ctx, mesh, MM_SCHEME_LOOP, MM_PATH_SPECIALIZED, rule, levels, &r);
    mm_subdiv_options o = mm_subdiv_options_default();
    ck_assert_int_eq(o.path, MM_PATH_AUTO);
    o.scheme = MM_SCHEME_LOOP;
    o.levels = levels;
    o.boundary = rule;
    for (int run = 0; run < 2; ++run) mmt_check_subdivide(ctx, mesh, &o, &r);
    mmt_refined again;
    mmt_refine(ctx, mesh, MM_SCHEME_LOOP, MM_PATH_SPECIALIZED, rule, levels, &again);
    ck_assert(again.nx == r.nx && memcmp(again.x, r.x, (size_t)r.nx * sizeof *r.x) == 0);
    mmt_release(&again);
    mmt_release(&r);
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, where), baseline);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* Any width d (the rules below level 0 run one thread per component; the
 * device folds d = 3 only): d = 1 and 5 against the generic path, levels
 * 1-3, and the constant column stays 1 (every rule's weights, shares
 * included, sum to 1), without tags and with them (mmt_add_tags: the sharp
 * set's corrections, a component a thread, against the generic path's crease
 * weights). _i: tags, closed or open (holes) shape, rule, d. */
START_TEST(any_data_width_matches_the_generic_path)
{
    int which = (_i / 4) % 2 ? MMT_SHAPE_HOLES : MMT_SHAPE_TORUS, d = _i % 2 ? 5 : 1;
    mm_boundary rule = (_i / 2) % 2 ? MM_BOUNDARY_EDGE_AND_CORNER : MM_BOUNDARY_EDGE_ONLY;
    for (int f32 = 0; f32 < 2; ++f32) {
        mm_type prec = f32 ? MM_TYPE_FLOAT32 : MM_TYPE_FLOAT64;
        mm_context ctx = mmt_context();
        mm_mesh mesh = mmt_triangle_shape(ctx, which, prec);
        if (_i / 8) mmt_add_tags(ctx, &mesh);
        mmt_compare_wide_paths(ctx, mesh, MM_SCHEME_LOOP, rule, d, prec, 3);
        mm_mesh_free(&mesh);
        mm_context_free(&ctx);
    }
}
END_TEST

/* Both routes of the specialized path refuse mesh as the generic path does:
 * the same status and the same message after the function's name. */
static void refused_as_generic(mm_context ctx, mm_mesh mesh, mm_status want, const char *part)
{
    mm_subdiv_options o = mm_subdiv_options_default();
    o.scheme = MM_SCHEME_LOOP;
    o.path = MM_PATH_GENERIC;
    mm_subdiv sd = NULL;
    mm_mesh out = NULL;
    ck_assert_int_eq(mm_subdiv_build(ctx, mesh, &o, &sd), want);
    char message[512];
    snprintf(message, sizeof message, "%s", strchr(mm_last_error(ctx), ' '));
    ck_assert_msg(strstr(message, part) != NULL, "%s", message);
    o.path = MM_PATH_SPECIALIZED;
    ck_assert_int_eq(mm_subdiv_build(ctx, mesh, &o, &sd), want);
    ck_assert_str_eq(strchr(mm_last_error(ctx), ' '), message);
    ck_assert_int_eq(mm_subdivide(ctx, mesh, &o, &out), want);
    ck_assert_str_eq(strchr(mm_last_error(ctx), ' '), message);
    ck_assert(sd == NULL && out == NULL);
}

START_TEST(bad_input_is_refused)
{
    mm_context ctx = mmt_context();
    /* Quads, and a mesh whose face 2 is a pentagon. */
    mm_mesh mesh = mmt_mesh_shape(ctx, MMT_CUBE, MM_TYPE_FLOAT64);
    refused_as_generic(ctx, mesh, MM_ERR_INVALID_MESH, "face 0 has 4 vertices");
    mm_mesh_free(&mesh);
    static const double xyz[] = {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 2, 0, 0, 2, 1, 0, 3, 1, 0};
    static const int64_t offsets[] = {0, 3, 6, 11};
    static const uint32_t ids[] = {0, 1, 2, 0, 2, 3, 1, 4, 5, 6, 2};
    mesh = mmt_mesh_from_faces(ctx, 7, xyz, 3, offsets, 0, ids, MM_TYPE_FLOAT64);
    refused_as_generic(ctx, mesh, MM_ERR_INVALID_MESH, "face 2 has 5 vertices");
    mm_mesh_free(&mesh);
    /* Three triangles on edge {0, 1}: non-manifold, so refined on the generic
     * path by OpenSubdiv's rules (docs/creases.md): 12 triangles. */
    static const uint32_t fin[] = {0, 1, 2, 1, 0, 3, 0, 1, 4};
    mesh = mmt_mesh_from_faces(ctx, 5, xyz, 3, NULL, 3, fin, MM_TYPE_FLOAT64);
    {
        mm_subdiv_options o = mm_subdiv_options_default();
        o.scheme = MM_SCHEME_LOOP;
        o.path = MM_PATH_SPECIALIZED;
        mm_mesh out = NULL;
        mm_mesh_info info;
        MMT_OK(ctx, mm_subdivide(ctx, mesh, &o, &out));
        MMT_OK(ctx, mm_mesh_info_get(out, &info));
        ck_assert_int_eq(info.num_faces, 12);
        mm_mesh_free(&out);
    }
    mm_mesh_free(&mesh);
    /* The path's own bound (edges < 2^30), named with the level. */
    mesh = mmt_triangle_shape(ctx, MMT_SHAPE_CUBE, MM_TYPE_FLOAT64);
    mm_subdiv_options o = mm_subdiv_options_default();
    o.scheme = MM_SCHEME_LOOP;
    o.levels = 15;
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

START_TEST(allocation_failures_leak_nothing)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = mmt_triangle_shape(ctx, MMT_SHAPE_MIXED, MM_TYPE_FLOAT32);
    mmt_sweep_both_routes(ctx, mesh, MM_SCHEME_LOOP, MM_BOUNDARY_EDGE_AND_CORNER);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("subdiv_loop_specialized");
    TCase *tc = tcase_create("subdiv_loop_specialized");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, generated_meshes_match_the_generic_path, 0, 4 * MMT_NUM_GENERATED);
    tcase_add_test(tc, an_open_fan_follows_the_paper_weights);
    tcase_add_test(tc, corners_stay_with_edge_and_corner);
    tcase_add_loop_test(tc, subdivide_equals_build_and_eval_bitwise, 0, 16);
    tcase_add_loop_test(tc, any_data_width_matches_the_generic_path, 0, 16);
    tcase_add_test(tc, bad_input_is_refused);
    tcase_add_test(tc, allocation_failures_leak_nothing);
    suite_add_tcase(s, tc);
    static const char what[] = "Loop's paths compared on shared models";
    num_present = mmt_need_shared_models(models, NUM_MODELS, what, present);
    if (num_present > 0) {
        TCase *shared = mmt_models_tcase();
        tcase_set_timeout(shared, 300);
        tcase_add_loop_test(shared, shared_models_match_the_generic_path, 0, 2 * num_present);
        suite_add_tcase(s, shared);
    }
    return mmt_run(s);
}
