/* test_subdiv_sqrt3_split.c: √3 on meshes that are not 2-manifolds
 * (docs/creases.md, "√3"): such a mesh is split at its non-manifold edges
 * and vertices (mmi_mesh_split_nonmanifold) and the split mesh refined, on
 * the backend under test. The references are the same shapes split by hand,
 * as plain manifold meshes with boundaries, refined on the same path: a
 * bow-tie falls apart into its two triangles, a fin into its three, a closed
 * tetrahedron with one face turned over into that face alone and the other
 * three, a triangle repeating a vertex into one with a copy of it per
 * repeat; a Möbius strip (no hand split) refines the same on both paths and
 * through mm_subdiv_build + mm_subdiv_eval as through mm_subdivide. Levels
 * 1–3, the generic and the specialized path, float64 to 1e-12. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mmt_meshes.h"
#include "test_util.h"

typedef struct shape {
    const char *name;
    int64_t nv, nf;
    const double *xyz;
    const uint32_t *ids;
} shape;

/* Refined positions (host, malloc'd) and their count of values. */
typedef struct refined {
    double *x;
    int64_t n;
} refined;

static mm_subdiv_options sqrt3(mm_subdiv_path path, int levels)
{
    mm_subdiv_options o = mm_subdiv_options_default();
    o.scheme = MM_SCHEME_SQRT3;
    o.levels = levels;
    o.path = path;
    return o;
}

static refined subdivide(mm_context ctx, mm_mesh mesh, mm_subdiv_path path, int levels)
{
    mm_subdiv_options o = sqrt3(path, levels);
    mm_mesh out = NULL;
    refined r;
    MMT_OK(ctx, mm_subdivide(ctx, mesh, &o, &out));
    r.x = mmt_dense_to_host(ctx, mm_mesh_vertices(out), &r.n);
    mm_mesh_free(&out);
    return r;
}

/* The same through a handle, evaluated on the caller's vertex data. */
static refined build_eval(mm_context ctx, mm_mesh mesh, mm_subdiv_path path, int levels)
{
    mm_subdiv_options o = sqrt3(path, levels);
    mm_subdiv s = NULL;
    mm_dense XL = NULL;
    refined r;
    MMT_OK(ctx, mm_subdiv_build(ctx, mesh, &o, &s));
    MMT_OK(ctx, mm_subdiv_eval(s, mm_mesh_vertices(mesh), &XL));
    r.x = mmt_dense_to_host(ctx, XL, &r.n);
    mm_dense_free(&XL);
    mm_subdiv_free(&s);
    return r;
}

static void assert_same(refined a, refined b, const char *what, int level)
{
    ck_assert_msg(a.n == b.n, "%s L%d: %lld values, expected %lld", what, level, (long long)a.n,
                  (long long)b.n);
    for (int64_t i = 0; i < a.n; ++i)
        ck_assert_msg(fabs(a.x[i] - b.x[i]) <= 1e-12, "%s L%d: value %lld is %.17g, expected %.17g",
                      what, level, (long long)i, a.x[i], b.x[i]);
    free(a.x);
    free(b.x);
}

/* The shape as a mesh, faces repeating a vertex kept (mm_mesh_desc). */
static mm_mesh triangles(mm_context ctx, const shape *s)
{
    mm_mesh_desc d = {0};
    d.num_vertices = s->nv, d.dim = 3, d.vertex_type = MM_TYPE_FLOAT64, d.vertices = s->xyz;
    d.num_faces = s->nf, d.face_order = 3, d.face_vertices = s->ids;
    d.precision = MM_TYPE_FLOAT64, d.keep_repeated = 1;
    mm_mesh mesh = NULL;
    MMT_OK(ctx, mm_mesh_new(ctx, &mesh, &d));
    return mesh;
}

/* Bow-tie: two triangles sharing vertex 0; split, the second has its own
 * copy of it (vertex 5). */
static const double bowtie_xyz[] = {0, 0, 0, 1, 0, 0, 0, 1, 0, -1, 0, 0, 0, -1, 0.5, 0, 0, 0};
static const uint32_t bowtie_ids[] = {0, 1, 2, 0, 3, 4};
static const uint32_t bowtie_split[] = {0, 1, 2, 5, 3, 4};

/* Fin: edge {0, 1} in three triangles; split, each keeps its own copies of
 * 0 and 1 (the first the originals; then 5, 6 and 7, 8 in corner order). */
static const double fin_xyz[] = {0, 0, 0, 1, 0, 0, 0.5, 1, 0, 0.5, -1, 0, 0.5, 0, 1,
                                 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0};
static const uint32_t fin_ids[] = {0, 1, 2, 1, 0, 3, 0, 1, 4};
static const uint32_t fin_split[] = {0, 1, 2, 5, 6, 3, 7, 8, 4};

/* A closed tetrahedron with face 0 turned over: that face keeps 0, 1, 2 and
 * the other three, joined among themselves, share copies 4, 5, 6 of them. */
static const double tet_xyz[] = {1, 1, 1, 1, -1, -1, -1, 1, -1, -1, -1, 1,
                                 1, 1, 1, 1, -1, -1, -1, 1, -1};
static const uint32_t tet_ids[] = {0, 1, 2, 0, 1, 3, 1, 2, 3, 2, 0, 3};
static const uint32_t tet_split[] = {0, 1, 2, 4, 5, 3, 5, 6, 3, 6, 4, 3};

/* A triangle that lists vertex 2 twice beside one that lists it once: the
 * first keeps 2, the repeats take copies 4 and 5 of it. */
static const double repeat_xyz[] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0.5, 0, 1, 0, 0, 1, 0};
static const uint32_t repeat_ids[] = {0, 1, 2, 2, 2, 3};
static const uint32_t repeat_split[] = {0, 1, 2, 4, 5, 3};

static const shape shapes[][2] = {
    {{"bow-tie", 5, 2, bowtie_xyz, bowtie_ids}, {"bow-tie split", 6, 2, bowtie_xyz, bowtie_split}},
    {{"fin", 5, 3, fin_xyz, fin_ids}, {"fin split", 9, 3, fin_xyz, fin_split}},
    {{"tetrahedron, a face turned over", 4, 4, tet_xyz, tet_ids},
     {"tetrahedron split", 7, 4, tet_xyz, tet_split}},
    {{"a triangle repeating a vertex", 4, 2, repeat_xyz, repeat_ids},
     {"repeats split", 6, 2, repeat_xyz, repeat_split}},
};

START_TEST(split_like_by_hand)
{
    const shape *s = &shapes[_i][0], *by_hand = &shapes[_i][1];
    mm_context ctx = mmt_context();
    mm_mesh mesh = triangles(ctx, s), split = triangles(ctx, by_hand);
    for (int levels = 1; levels <= 3; ++levels)
        for (mm_subdiv_path path = MM_PATH_GENERIC; path <= MM_PATH_SPECIALIZED; ++path) {
            refined want = subdivide(ctx, split, path, levels);
            refined also = {malloc((size_t)want.n * sizeof(double)), want.n};
            memcpy(also.x, want.x, (size_t)want.n * sizeof(double));
            assert_same(subdivide(ctx, mesh, path, levels), want, s->name, levels);
            assert_same(build_eval(ctx, mesh, path, levels), also, s->name, levels);
        }
    mm_mesh_free(&split);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* A Möbius strip of six quads, triangulated (the seam edge passed twice the
 * same way): both paths, and handle against mm_subdivide. */
START_TEST(moebius_strip_is_consistent)
{
    enum { N = 6 };
    double xyz[2 * N * 3];
    uint32_t ids[N * 6];
    for (int i = 0; i < N; ++i) {
        double a = 2.0 * 3.14159265358979323846 * i / N, w = 0.3 * cos(a / 2.0), h = 0.3 * sin(a / 2.0);
        double top[3] = {(1 + w) * cos(a), (1 + w) * sin(a), h};
        double bottom[3] = {(1 - w) * cos(a), (1 - w) * sin(a), -h};
        memcpy(xyz + 6 * i, top, sizeof top);
        memcpy(xyz + 6 * i + 3, bottom, sizeof bottom);
    }
    for (int i = 0; i < N; ++i) {
        uint32_t t0 = 2 * i, b0 = 2 * i + 1;
        uint32_t t1 = i + 1 < N ? 2 * (i + 1) : 1, b1 = i + 1 < N ? 2 * (i + 1) + 1 : 0;
        uint32_t quad[4] = {t0, b0, b1, t1}; /* the last one joins top to bottom: the twist */
        uint32_t tri[6] = {quad[0], quad[1], quad[2], quad[0], quad[2], quad[3]};
        memcpy(ids + 6 * i, tri, sizeof tri);
    }
    shape s = {"Möbius strip", 2 * N, 2 * N, xyz, ids};
    mm_context ctx = mmt_context();
    mm_mesh mesh = triangles(ctx, &s);
    mm_mesh_stats st;
    MMT_OK(ctx, mm_mesh_stats_get(ctx, mesh, &st));
    ck_assert_msg(st.flipped_edges > 0, "the strip should pass an edge twice the same way");
    for (int levels = 1; levels <= 3; ++levels) {
        refined generic = subdivide(ctx, mesh, MM_PATH_GENERIC, levels);
        refined again = {malloc((size_t)generic.n * sizeof(double)), generic.n};
        memcpy(again.x, generic.x, (size_t)generic.n * sizeof(double));
        assert_same(subdivide(ctx, mesh, MM_PATH_SPECIALIZED, levels), generic, s.name, levels);
        assert_same(build_eval(ctx, mesh, MM_PATH_SPECIALIZED, levels), again, s.name, levels);
    }
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* The caller's data must have the mesh's rows, not the split mesh's. */
START_TEST(eval_takes_the_callers_rows)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = triangles(ctx, &shapes[0][0]), split = triangles(ctx, &shapes[0][1]);
    mm_subdiv_options o = sqrt3(MM_PATH_AUTO, 1);
    mm_subdiv s = NULL;
    mm_dense XL = NULL;
    mm_subdiv_counts c;
    MMT_OK(ctx, mm_subdiv_build(ctx, mesh, &o, &s));
    MMT_OK(ctx, mm_subdiv_level_counts(s, 0, &c));
    ck_assert_int_eq(c.vertices, 6); /* level 0 is the split mesh */
    ck_assert_int_eq(mm_subdiv_eval(s, mm_mesh_vertices(split), &XL), MM_ERR_INVALID_ARGUMENT);
    ck_assert_msg(strstr(mm_last_error(ctx), "6 rows") != NULL, "%s", mm_last_error(ctx));
    ck_assert(XL == NULL);
    mm_subdiv_free(&s);
    mm_mesh_free(&split);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

int main(void)
{
    Suite *suite = suite_create("subdiv_sqrt3_split");
    TCase *tc = tcase_create("split");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, split_like_by_hand, 0, (int)(sizeof shapes / sizeof shapes[0]));
    tcase_add_test(tc, moebius_strip_is_consistent);
    tcase_add_test(tc, eval_takes_the_callers_rows);
    suite_add_tcase(suite, tc);
    return mmt_run(suite);
}
