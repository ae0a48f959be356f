/* test_subdiv_specialized.c: Catmull-Clark's specialized path (src/kernels)
 * against the generic path (the SpGEMM formulas, itself checked against
 * OpenSubdiv) on the backend under test: every level's M and edge list
 * identical array for array, positions within 1e-12 (float64) or 1e-6
 * (float32) of the mesh's size, for generated meshes (cube, torus, open grid,
 * grid with holes, 3- to 8-gon prisms in several components, an open fan,
 * a mesh mixing them) and the shared models, levels 1-4, both boundary rules
 * and precisions; a mesh with crease and corner tags at widths 1, 5 and 12.
 * Also: mm_subdivide's fused route equals build + eval
 * bitwise, runs repeat bitwise, the path's own overflow bound, refusals on
 * both routes (the device check answering as the host counts), and the
 * allocation sweep of both. */
#include <stdio.h>
#include <string.h>

#include "mmt_meshes.h"
#include "mmt_paths.h"
#include "mmt_shapes.h"
#include "mmt_mesh_io.h"
#include "test_util.h"

/* _i: shape, rule, precision; levels 1-4 each. */
START_TEST(generated_meshes_match_the_generic_path)
{
    int which = _i / 4, corner = (_i / 2) % 2, f32 = _i % 2;
    mm_type prec = f32 ? MM_TYPE_FLOAT32 : MM_TYPE_FLOAT64;
    mm_boundary rule = corner ? MM_BOUNDARY_EDGE_AND_CORNER : MM_BOUNDARY_EDGE_ONLY;
    static mmt_shape_faces s;
    mmt_make_shape(&s, which);
    mm_context ctx = mmt_context();
    mm_mesh mesh = mmt_shape_mesh(ctx, &s, prec);
    char name[32];
    snprintf(name, sizeof name, "shape %d", which);
    for (int levels = 1; levels <= 4; ++levels) mmt_compare_paths(ctx, mesh, name, MM_SCHEME_CATMULL_CLARK, rule, prec, levels);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

static const char *const models[] = {"opensubdiv/catmark_car.obj", "control/cgal_P.obj",
                                     "opensubdiv/catmark_edgecorner.obj",
                                     "opensubdiv/catmark_pole360.obj",
                                     "opensubdiv/catmark_helmet.obj"};

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
    for (int levels = 1; levels <= 3; ++levels) {
        mmt_compare_paths(ctx, mesh, path, MM_SCHEME_CATMULL_CLARK, MM_BOUNDARY_EDGE_ONLY, prec, levels);
        mmt_compare_paths(ctx, mesh, path, MM_SCHEME_CATMULL_CLARK, MM_BOUNDARY_EDGE_AND_CORNER, prec, levels);
    }
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* Tagged data of several widths (mmt_add_tags: semi-sharp and infinitely
 * sharp creases and a corner, whose corrections run a component a thread on
 * the specialized path) against the generic path's crease weights, levels
 * 1-3, and the constant column stays 1 (the crease rules' weights sum to 1
 * too); mmt_refine_wide also asserts mm_subdivide = build + eval bitwise.
 * _i: d (1, 5, 12), rule, precision. */
START_TEST(tagged_data_of_any_width_matches_the_generic_path)
{
    static const int widths[3] = {1, 5, 12};
    mm_boundary rule = (_i / 2) % 2 ? MM_BOUNDARY_EDGE_AND_CORNER : MM_BOUNDARY_EDGE_ONLY;
    mm_type prec = _i % 2 ? MM_TYPE_FLOAT32 : MM_TYPE_FLOAT64;
    static mmt_shape_faces s;
    mmt_make_shape(&s, MMT_SHAPE_MIXED);
    mm_context ctx = mmt_context();
    mm_mesh mesh = mmt_shape_mesh(ctx, &s, prec);
    mmt_add_tags(ctx, &mesh);
    mmt_compare_wide_paths(ctx, mesh, MM_SCHEME_CATMULL_CLARK, rule, widths[_i / 4], prec, 3);
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
    static mmt_shape_faces s;
    mmt_make_shape(&s, _i & 1 ? MMT_SHAPE_HOLES : MMT_SHAPE_MIXED);
    mm_context ctx = mmt_context();
    mm_mesh mesh = mmt_shape_mesh(ctx, &s, _i & 2 ? MM_TYPE_FLOAT32 : MM_TYPE_FLOAT64);
    mm_boundary rule = _i & 4 ? MM_BOUNDARY_EDGE_AND_CORNER : MM_BOUNDARY_EDGE_ONLY;
    mm_memory where = mmt_backend() == MM_BACKEND_CUDA ? MM_MEMORY_DEVICE : MM_MEMORY_HOST;
    int64_t baseline = mm_context_bytes_in_use(ctx, where);
    for (int levels = 1; levels <= 4; ++levels) {
        mmt_refined r;
        mmt_refine(ctx, mesh, MM_SCHEME_CATMULL_CLARK, MM_PATH_SPECIALIZED, rule, levels, &r);
        mm_subdiv_options o = mm_subdiv_options_default();
        ck_assert_int_eq(o.path, MM_PATH_AUTO); /* the specialized path for Catmull-Clark */
        o.levels = levels;
        o.boundary = rule;
        for (int run = 0; run < 2; ++run) mmt_check_subdivide(ctx, mesh, &o, &r);
        mmt_release(&r);
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
    static mmt_shape_faces s;
    mmt_make_shape(&s, MMT_SHAPE_CUBE);
    mm_context ctx = mmt_context();
    mm_mesh mesh = mmt_shape_mesh(ctx, &s, MM_TYPE_FLOAT64), out = NULL;
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
    /* Three quads on one edge: non-manifold, so the specialized path hands it
     * to the generic path with OpenSubdiv's rules for it (one quad per corner). */
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
    MMT_OK(ctx, mm_subdiv_build(ctx, mesh, &o, &sd));
    MMT_OK(ctx, mm_subdivide(ctx, mesh, &o, &out));
    mm_mesh_info info;
    MMT_OK(ctx, mm_mesh_info_get(out, &info));
    ck_assert_int_eq(info.num_faces, 12);
    ck_assert_int_eq(info.num_creases, 2); /* the fin edge's halves, infinitely sharp */
    mm_subdiv_free(&sd);
    mm_mesh_free(&out);
    ck_assert_int_eq(mm_subdivide(ctx, NULL, &o, &out), MM_ERR_INVALID_ARGUMENT);
    ck_assert_int_eq(mm_subdivide(ctx, mesh, NULL, &out), MM_ERR_INVALID_ARGUMENT);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* The specialized paths (Catmull-Clark's and Loop's) check the input rules on
 * the device and count only what they flag on the host: each case below trips
 * one of the tests (hand derived: non-manifold, faces repeating a vertex and
 * triangles back to back included, refined by OpenSubdiv's rules on the
 * generic path, or fine), and both routes must refine it as the generic path
 * of the same scheme does. */
typedef struct check_case {
    int nv, nf;
    int64_t offsets[9];
    uint32_t ids[24];
} check_case;

static const check_case check_cases[] = {
    {5, 3, {0, 3, 6, 9}, {0, 1, 2, 1, 0, 3, 0, 1, 4}},       /* edge {0,1} in 3 faces      */
    {5, 2, {0, 3, 6}, {0, 1, 2, 0, 3, 4}},                   /* open bow-tie at 0          */
    {5, 2, {0, 3, 6}, {0, 1, 2, 0, 1, 3}},                   /* 0 → 1 twice                */
    {5, 2, {0, 3, 6}, {0, 0, 1, 0, 1, 2}},                   /* a triangle listing 0 twice */
    {3, 2, {0, 3, 6}, {0, 1, 2, 1, 0, 2}},                   /* two triangles back to back */
    {7, 8, {0, 3, 6, 9, 12, 15, 18, 21, 24},                 /* two tetrahedra sharing 0:  */
     {0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3,                    /* two closed fans            */
      0, 5, 4, 0, 4, 6, 0, 6, 5, 4, 5, 6}},
    {4, 4, {0, 3, 6, 9, 12}, {0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3}}, /* a tetrahedron       */
    {5, 3, {0, 3, 6, 9}, {0, 1, 2, 0, 2, 3, 0, 3, 4}},       /* an open fan around 0       */
};

enum { NUM_CHECK_CASES = sizeof check_cases / sizeof *check_cases };

/* _i: case, then the scheme (Catmull-Clark, Loop). */
START_TEST(input_checks_match_the_host_counts)
{
    const check_case *c = &check_cases[_i % NUM_CHECK_CASES];
    mm_scheme scheme = _i < NUM_CHECK_CASES ? MM_SCHEME_CATMULL_CLARK : MM_SCHEME_LOOP;
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
    o.scheme = scheme;
    o.path = MM_PATH_GENERIC;
    MMT_OK(ctx, mm_subdivide(ctx, mesh, &o, &out));
    mm_mesh_info generic, specialized;
    MMT_OK(ctx, mm_mesh_info_get(out, &generic));
    mm_mesh_free(&out);
    o.path = MM_PATH_SPECIALIZED;
    mm_subdiv sd = NULL;
    MMT_OK(ctx, mm_subdiv_build(ctx, mesh, &o, &sd));
    mm_subdiv_free(&sd);
    MMT_OK(ctx, mm_subdivide(ctx, mesh, &o, &out));
    MMT_OK(ctx, mm_mesh_info_get(out, &specialized));
    ck_assert_int_eq(specialized.num_vertices, generic.num_vertices);
    ck_assert_int_eq(specialized.nnz, generic.nnz);
    mm_mesh_free(&out);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(allocation_failures_leak_nothing)
{
    static mmt_shape_faces s;
    mmt_make_shape(&s, MMT_SHAPE_MIXED);
    mm_context ctx = mmt_context();
    mm_mesh mesh = mmt_shape_mesh(ctx, &s, MM_TYPE_FLOAT32);
    mmt_sweep_both_routes(ctx, mesh, MM_SCHEME_CATMULL_CLARK, MM_BOUNDARY_EDGE_AND_CORNER);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("subdiv_specialized");
    TCase *tc = tcase_create("subdiv_specialized");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, generated_meshes_match_the_generic_path, 0, 4 * MMT_NUM_GENERATED);
    tcase_add_loop_test(tc, subdivide_equals_build_and_eval_bitwise, 0, 8);
    tcase_add_loop_test(tc, tagged_data_of_any_width_matches_the_generic_path, 0, 12);
    tcase_add_test(tc, bad_input_is_refused);
    tcase_add_loop_test(tc, input_checks_match_the_host_counts, 0, 2 * NUM_CHECK_CASES);
    tcase_add_test(tc, allocation_failures_leak_nothing);
    suite_add_tcase(s, tc);
    static const char what[] = "Catmull-Clark's paths compared on shared models";
    num_present = mmt_need_shared_models(models, NUM_MODELS, what, present);
    if (num_present > 0) {
        TCase *shared = mmt_models_tcase();
        tcase_set_timeout(shared, 300);
        tcase_add_loop_test(shared, shared_models_match_the_generic_path, 0, 2 * num_present);
        suite_add_tcase(s, shared);
    }
    return mmt_run(s);
}
