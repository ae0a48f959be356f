/* test_mesh_reorder.c: mm_mesh_reorder against its documented rule, with a
 * reference written here (centroids in double, the Morton code interleaved
 * bit by bit, a stable sort; vertices by first use): the maps, the faces,
 * the vertex data and the tags of the shipped models, the generated shapes
 * and armadillo (shared); subdivision of the reordered mesh against that of
 * the original, matched point by point (Catmull-Clark, Loop, √3, with
 * creases and UVs); channels and named columns; idempotence; the empty mesh,
 * one face, d = 1 and 2, float32; bad arguments and an allocation-failure
 * sweep. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mmt_mesh_io.h"
#include "mmt_shapes.h"

/* ---- the reference ---------------------------------------------------- */

/* The code of quantized coordinates q[0 … dims): bit b of axis a at bit
 * 3b + a. */
static uint64_t reference_code(const uint64_t *q, int dims)
{
    uint64_t code = 0;
    for (int b = 0; b < 21; ++b)
        for (int a = 0; a < dims; ++a) code |= ((q[a] >> b) & 1u) << (3 * b + a);
    return code;
}

typedef struct ref_face {
    uint64_t code;
    int64_t face;
} ref_face;

static int by_code_then_face(const void *pa, const void *pb)
{
    const ref_face *a = pa, *b = pb;
    if (a->code != b->code) return a->code < b->code ? -1 : 1;
    return a->face < b->face ? -1 : a->face > b->face;
}

/* The documented order of h's faces and vertices (new → old). */
static void reference_order(const mmt_host_mesh *h, int64_t *face_from, int64_t *vertex_from)
{
    int64_t nf = h->info.num_faces, nv = h->info.num_vertices, d = h->info.dim;
    int dims = d < 3 ? (int)d : 3, f64 = h->info.precision == MM_TYPE_FLOAT64;
    double *c = malloc((size_t)(3 * nf + 1) * sizeof *c), lo[3], hi[3];
    for (int64_t f = 0; f < nf; ++f)
        for (int a = 0; a < dims; ++a) {
            double s = 0.0, n = (double)(h->offsets[f + 1] - h->offsets[f]);
            for (int64_t k = h->offsets[f]; k < h->offsets[f + 1]; ++k) {
                int64_t i = (int64_t)h->ids[k] * d + a;
                s += (f64 ? ((const double *)h->vertices)[i] : ((const float *)h->vertices)[i]) / n;
            }
            c[3 * f + a] = s;
            if (f == 0 || c[3 * f + a] < lo[a]) lo[a] = c[3 * f + a];
            if (f == 0 || c[3 * f + a] > hi[a]) hi[a] = c[3 * f + a];
        }
    ref_face *r = malloc((size_t)(nf + 1) * sizeof *r);
    for (int64_t f = 0; f < nf; ++f) {
        uint64_t q[3] = {0, 0, 0};
        for (int a = 0; a < dims; ++a) {
            if (!(hi[a] > lo[a])) continue;
            double t = floor((c[3 * f + a] / 2 - lo[a] / 2) / (hi[a] / 2 - lo[a] / 2) * 2097151.0);
            q[a] = t < 0 ? 0 : t > 2097151.0 ? 2097151u : (uint64_t)t;
        }
        r[f].code = reference_code(q, dims);
        r[f].face = f;
    }
    qsort(r, (size_t)nf, sizeof *r, by_code_then_face);
    int64_t *to = malloc((size_t)(nv + 1) * sizeof *to), next = 0;
    for (int64_t v = 0; v < nv; ++v) to[v] = -1;
    for (int64_t i = 0; i < nf; ++i) {
        face_from[i] = r[i].face;
        for (int64_t k = h->offsets[r[i].face]; k < h->offsets[r[i].face + 1]; ++k)
            if (to[h->ids[k]] < 0) to[h->ids[k]] = next++;
    }
    for (int64_t v = 0; v < nv; ++v)
        if (to[v] < 0) to[v] = next++;
    for (int64_t v = 0; v < nv; ++v) vertex_from[to[v]] = v;
    free(to);
    free(r);
    free(c);
}

/* ---- checks ------------------------------------------------------------ */

/* Asserts that out is in, reordered by face_from / vertex_from as the rule
 * says: the maps equal the reference's, every face is its old face re-mapped
 * (same corners, same first corner), the vertex rows are bit for bit the old
 * ones, and the tags name the new ids. */
static void assert_reordered(mm_context ctx, mm_mesh in, mm_mesh out, const uint32_t *face_from,
                             const uint32_t *vertex_from)
{
    mmt_host_mesh a, b;
    mmt_host_mesh_get(ctx, in, &a);
    mmt_host_mesh_get(ctx, out, &b);
    int64_t nf = a.info.num_faces, nv = a.info.num_vertices;
    ck_assert_int_eq(b.info.num_faces, nf);
    ck_assert_int_eq(b.info.num_vertices, nv);
    ck_assert_int_eq(b.info.nnz, a.info.nnz);
    ck_assert_int_eq(b.info.dim, a.info.dim);
    ck_assert_int_eq(b.info.precision, a.info.precision);
    ck_assert_int_eq(b.info.uniform_order, a.info.uniform_order);
    ck_assert_int_eq(b.info.boundary, a.info.boundary);
    int64_t *rf = malloc((size_t)(nf + 1) * sizeof *rf);
    int64_t *rv = malloc((size_t)(nv + 1) * sizeof *rv);
    uint32_t *to = malloc((size_t)(nv + 1) * sizeof *to), *face_to = malloc((size_t)(nf + 1) * 4);
    reference_order(&a, rf, rv);
    for (int64_t i = 0; i < nf; ++i) {
        ck_assert_int_eq(face_from[i], rf[i]);
        face_to[face_from[i]] = (uint32_t)i;
    }
    for (int64_t j = 0; j < nv; ++j) {
        ck_assert_int_eq(vertex_from[j], rv[j]);
        to[vertex_from[j]] = (uint32_t)j;
    }
    for (int64_t i = 0; i < nf; ++i) {
        int64_t f = face_from[i], n = a.offsets[f + 1] - a.offsets[f];
        ck_assert_int_eq(b.offsets[i + 1] - b.offsets[i], n);
        for (int64_t k = 0; k < n; ++k)
            ck_assert_uint_eq(b.ids[b.offsets[i] + k], to[a.ids[a.offsets[f] + k]]);
    }
    size_t row = (size_t)a.info.dim * (a.info.precision == MM_TYPE_FLOAT64 ? 8 : 4);
    for (int64_t j = 0; j < nv; ++j)
        ck_assert(memcmp((const char *)b.vertices + j * row,
                         (const char *)a.vertices + vertex_from[j] * row, row) == 0);
    ck_assert_int_eq(b.info.num_creases, a.info.num_creases);
    ck_assert_int_eq(b.info.num_corners, a.info.num_corners);
    ck_assert_int_eq(b.info.num_holes, a.info.num_holes);
    for (int64_t i = 0; i < a.info.num_creases; ++i) {
        ck_assert_uint_eq(b.crease_vertices[2 * i], to[a.crease_vertices[2 * i]]);
        ck_assert_uint_eq(b.crease_vertices[2 * i + 1], to[a.crease_vertices[2 * i + 1]]);
        ck_assert(b.crease_sharpness[i] == a.crease_sharpness[i]);
    }
    for (int64_t i = 0; i < a.info.num_corners; ++i) {
        ck_assert_uint_eq(b.corner_vertices[i], to[a.corner_vertices[i]]);
        ck_assert(b.corner_sharpness[i] == a.corner_sharpness[i]);
    }
    for (int64_t i = 0; i < a.info.num_holes; ++i)
        ck_assert_uint_eq(b.hole_faces[i], face_to[a.hole_faces[i]]);
    free(face_to);
    free(to);
    free(rv);
    free(rf);
    mmt_host_mesh_free(&b);
    mmt_host_mesh_free(&a);
}

/* Reorders mesh, checks the result (assert_reordered) and returns it; the
 * maps into the caller's arrays when given. */
static mm_mesh reorder_checked(mm_context ctx, mm_mesh mesh, uint32_t **face_from,
                               uint32_t **vertex_from)
{
    mm_mesh_info mi;
    MMT_OK(ctx, mm_mesh_info_get(mesh, &mi));
    uint32_t *ff = malloc((size_t)(mi.num_faces + 1) * sizeof *ff);
    uint32_t *vf = malloc((size_t)(mi.num_vertices + 1) * sizeof *vf);
    mm_mesh out = NULL;
    MMT_OK(ctx, mm_mesh_reorder(ctx, mesh, &out, ff, vf));
    assert_reordered(ctx, mesh, out, ff, vf);
    if (face_from) *face_from = ff;
    else free(ff);
    if (vertex_from) *vertex_from = vf;
    else free(vf);
    return out;
}

/* Asserts that the first min(d, 3) columns of a's and b's vertices are the
 * same points up to tol, matched one to one (nearest; brute force), and
 * returns the match (a's vertex → b's) for the faces' check. */
static int64_t *match_points(const mmt_host_mesh *a, const mmt_host_mesh *b, double tol)
{
    int64_t n = a->info.num_vertices;
    int dims = a->info.dim < 3 ? (int)a->info.dim : 3;
    ck_assert_int_eq(b->info.num_vertices, n);
    int64_t *m = malloc((size_t)(n + 1) * sizeof *m);
    char *taken = calloc((size_t)n + 1, 1);
    for (int64_t i = 0; i < n; ++i) {
        int64_t best = -1;
        double best_d = INFINITY;
        for (int64_t j = 0; j < n; ++j) {
            double s = 0.0;
            for (int k = 0; k < dims; ++k) {
                double e = mmt_coord(a, i, k) - mmt_coord(b, j, k);
                s += e * e;
            }
            if (s < best_d) best_d = s, best = j;
        }
        ck_assert_msg(sqrt(best_d) <= tol, "vertex %lld: nearest point %g away", (long long)i,
                      sqrt(best_d));
        ck_assert_msg(!taken[best], "vertex %lld: its match is taken", (long long)i);
        taken[best] = 1;
        m[i] = best;
    }
    free(taken);
    return m;
}

/* The smallest rotation of face f of h, its ids mapped through m (NULL: as
 * they are), into out (n ids): a face as a cycle. */
static void cycle_of(const mmt_host_mesh *h, int64_t f, const int64_t *m, int64_t *out)
{
    int64_t k0 = h->offsets[f], n = h->offsets[f + 1] - k0, s = 0;
    for (int64_t k = 0; k < n; ++k) out[k] = m ? m[h->ids[k0 + k]] : h->ids[k0 + k];
    for (int64_t k = 1; k < n; ++k)
        if (out[k] < out[s]) s = k;
    int64_t tmp[64];
    for (int64_t k = 0; k < n; ++k) tmp[k] = out[(s + k) % n];
    memcpy(out, tmp, (size_t)n * sizeof *out);
}

static int64_t g_order; /* the faces' order for by_cycle (quads or triangles here) */

static int by_cycle(const void *pa, const void *pb)
{
    const int64_t *a = pa, *b = pb;
    for (int64_t k = 0; k < g_order; ++k)
        if (a[k] != b[k]) return a[k] < b[k] ? -1 : 1;
    return 0;
}

/* Asserts that a and b are the same mesh numbered otherwise: the same points
 * (match_points) and, through the match, the same faces as cycles. */
static void assert_same_surface(mm_context ctx, mm_mesh ma, mm_mesh mb, double tol)
{
    mmt_host_mesh a, b;
    mmt_host_mesh_get(ctx, ma, &a);
    mmt_host_mesh_get(ctx, mb, &b);
    ck_assert_int_eq(a.info.num_faces, b.info.num_faces);
    ck_assert_int_gt(a.info.uniform_order, 0);
    ck_assert_int_eq(a.info.uniform_order, b.info.uniform_order);
    int64_t *m = match_points(&a, &b, tol), nf = a.info.num_faces, n = a.info.uniform_order;
    int64_t *ca = malloc((size_t)(nf * n + 1) * sizeof *ca);
    int64_t *cb = malloc((size_t)(nf * n + 1) * sizeof *cb);
    for (int64_t f = 0; f < nf; ++f) {
        cycle_of(&a, f, m, ca + f * n);
        cycle_of(&b, f, NULL, cb + f * n);
    }
    g_order = n;
    qsort(ca, (size_t)nf, (size_t)n * sizeof *ca, by_cycle);
    qsort(cb, (size_t)nf, (size_t)n * sizeof *cb, by_cycle);
    ck_assert(memcmp(ca, cb, (size_t)(nf * n) * sizeof *ca) == 0);
    free(cb);
    free(ca);
    free(m);
    mmt_host_mesh_free(&b);
    mmt_host_mesh_free(&a);
}

static mm_mesh subdivided(mm_context ctx, mm_mesh mesh, mm_scheme scheme, int levels)
{
    mm_subdiv_options o = mm_subdiv_options_default();
    o.scheme = scheme;
    o.levels = levels;
    mm_mesh out = NULL;
    MMT_OK(ctx, mm_subdivide(ctx, mesh, &o, &out));
    return out;
}

static mm_mesh read_model(mm_context ctx, const char *path)
{
    mm_mesh m = NULL;
    MMT_OK(ctx, mm_mesh_read(ctx, &m, path, NULL));
    return m;
}

/* ---- tests ------------------------------------------------------------- */

static const char *const kModels[] = {"models/cube.obj", "models/polygons_open.obj",
                                      "models/torus_quads.obj"};

START_TEST(the_shipped_models_follow_the_rule)
{
    mm_context ctx = mmt_context();
    mm_mesh m = read_model(ctx, mmt_project_path(kModels[_i]));
    mm_mesh out = reorder_checked(ctx, m, NULL, NULL);
    mm_mesh_free(&out);
    mm_mesh_free(&m);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(the_generated_shapes_follow_the_rule)
{
    mm_context ctx = mmt_context();
    mm_mesh m;
    if (_i < MMT_NUM_GENERATED) {
        mmt_shape_faces s;
        mmt_make_shape(&s, _i);
        m = mmt_shape_mesh(ctx, &s, MM_TYPE_FLOAT64);
    } else {
        m = mmt_triangle_shape(ctx, _i - MMT_NUM_GENERATED, MM_TYPE_FLOAT32);
    }
    mm_mesh out = reorder_checked(ctx, m, NULL, NULL);
    mm_mesh_free(&out);
    mm_mesh_free(&m);
    mm_context_free(&ctx);
}
END_TEST

/* Three triangles of half-width w (the first at (−w, 0, 0), (w, 0, 0), (0,
 * w, 0): centroid (0, w/3, 0)), moved along x to at[0], at[1], at[2], as
 * vertices 3t … 3t + 2 and face t. */
static mm_mesh triangles_along_x(mm_context ctx, const double at[3], double w)
{
    double x[27];
    for (int t = 0; t < 3; ++t) {
        const double tri[9] = {-w, 0, 0, w, 0, 0, 0, w, 0};
        for (int k = 0; k < 9; ++k) x[9 * t + k] = tri[k] + (k % 3 == 0 ? at[t] : 0.0);
    }
    const uint32_t ids[9] = {0, 1, 2, 3, 4, 5, 6, 7, 8};
    mm_mesh_desc d = {0};
    d.num_vertices = 9;
    d.dim = 3;
    d.vertex_type = MM_TYPE_FLOAT64;
    d.vertices = x;
    d.num_faces = 3;
    d.face_order = 3;
    d.face_vertices = ids;
    mm_mesh m = NULL;
    MMT_OK(ctx, mm_mesh_new(ctx, &m, &d));
    return m;
}

/* The header's example: three triangles along x, listed at x = 0, 10, 5. */
START_TEST(the_documented_example)
{
    mm_context ctx = mmt_context();
    const double at[3] = {0.0, 10.0, 5.0};
    mm_mesh m = triangles_along_x(ctx, at, 1.0), out = NULL;
    uint32_t ff[3], vf[9];
    MMT_OK(ctx, mm_mesh_reorder(ctx, m, &out, ff, vf));
    const uint32_t want_f[3] = {0, 2, 1}, want_v[9] = {0, 1, 2, 6, 7, 8, 3, 4, 5};
    for (int i = 0; i < 3; ++i) ck_assert_uint_eq(ff[i], want_f[i]);
    for (int i = 0; i < 9; ++i) ck_assert_uint_eq(vf[i], want_v[i]);
    mmt_host_mesh h;
    mmt_host_mesh_get(ctx, out, &h);
    for (int i = 0; i < 9; ++i) ck_assert_uint_eq(h.ids[i], (uint32_t)i); /* first use */
    ck_assert(mmt_coord(&h, 3, 0) == 4.0 && mmt_coord(&h, 6, 0) == 9.0);
    mmt_host_mesh_free(&h);
    mm_mesh_free(&out);
    mm_mesh_free(&m);
    mm_context_free(&ctx);
}
END_TEST

/* Subdividing the reordered mesh gives the original's subdivision numbered
 * otherwise: each scheme, two levels, on the torus and on the generated
 * grid with holes (boundaries), triangulated for Loop and √3. */
START_TEST(subdivision_of_the_reordered_mesh_is_the_same_surface)
{
    mm_context ctx = mmt_context();
    mm_scheme scheme = (mm_scheme)(_i / 2);
    mm_mesh m;
    if (_i % 2 == 0) {
        m = read_model(ctx, mmt_project_path("models/torus_quads.obj"));
        if (scheme != MM_SCHEME_CATMULL_CLARK) {
            mm_mesh_free(&m);
            m = mmt_triangle_shape(ctx, MMT_SHAPE_TORUS, MM_TYPE_FLOAT64);
        }
    } else if (scheme == MM_SCHEME_CATMULL_CLARK) {
        mmt_shape_faces s;
        mmt_make_shape(&s, MMT_SHAPE_HOLES);
        m = mmt_shape_mesh(ctx, &s, MM_TYPE_FLOAT64);
    } else {
        m = mmt_triangle_shape(ctx, MMT_SHAPE_HOLES, MM_TYPE_FLOAT64);
    }
    mm_mesh r = reorder_checked(ctx, m, NULL, NULL);
    mm_mesh sa = subdivided(ctx, m, scheme, 2), sb = subdivided(ctx, r, scheme, 2);
    assert_same_surface(ctx, sa, sb, 1e-12);
    mm_mesh_free(&sb);
    mm_mesh_free(&sa);
    mm_mesh_free(&r);
    mm_mesh_free(&m);
    mm_context_free(&ctx);
}
END_TEST

/* A cube with creases, a corner, a hole, the corners-plus boundary rule, a
 * named fourth column and two channels (UVs with seams in float64, one
 * float32 column): everything follows, and the creased Catmull-Clark
 * subdivision with its UVs is the same as the original's. */
START_TEST(tags_channels_and_columns_follow)
{
    mm_context ctx = mmt_context();
    static const double cube[8][3] = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0},
                                      {0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}};
    static const uint32_t ids[24] = {0, 3, 2, 1, 4, 5, 6, 7, 0, 1, 5, 4,
                                     1, 2, 6, 5, 2, 3, 7, 6, 3, 0, 4, 7};
    double x[32];
    for (int v = 0; v < 8; ++v)
        for (int k = 0; k < 4; ++k) x[4 * v + k] = k < 3 ? cube[v][k] : 100.0 + v;
    static const uint32_t creases[4] = {4, 5, 5, 6}, corners[1] = {7}, holes[1] = {2};
    static const float crease_s[2] = {2.0f, 0.5f}, corner_s[1] = {3.0f};
    mm_mesh_desc d = {0};
    d.num_vertices = 8;
    d.dim = 4;
    d.vertex_type = MM_TYPE_FLOAT64;
    d.vertices = x;
    d.num_faces = 6;
    d.face_order = 4;
    d.face_vertices = ids;
    d.num_creases = 2;
    d.crease_vertices = creases;
    d.crease_sharpness = crease_s;
    d.num_corners = 1;
    d.corner_vertices = corners;
    d.corner_sharpness = corner_s;
    d.num_holes = 1;
    d.hole_faces = holes;
    d.boundary = MM_BOUNDARY_EDGE_AND_CORNER;
    mm_mesh m = NULL;
    MMT_OK(ctx, mm_mesh_new(ctx, &m, &d));
    MMT_OK(ctx, mm_mesh_set_vertex_property(ctx, m, 3, "quality", "float"));
    double uv[48];
    uint32_t uvc[24];
    float w[24];
    uint32_t wc[24];
    for (int k = 0; k < 24; ++k) { /* each face its own unit square: every edge a seam */
        int c = k % 4;
        uv[2 * k] = 2.0 * (k / 4) + (c == 1 || c == 2), uv[2 * k + 1] = c >= 2;
        uvc[k] = (uint32_t)k;
        w[k] = (float)k, wc[k] = (uint32_t)(23 - k);
    }
    mm_fvar_desc fd = {0};
    fd.name = "uv";
    fd.num_values = 24;
    fd.dim = 2;
    fd.value_type = MM_TYPE_FLOAT64;
    fd.values = uv;
    fd.corner_values = uvc;
    MMT_OK(ctx, mm_mesh_add_fvar(ctx, m, &fd));
    fd.name = "w";
    fd.dim = 1;
    fd.value_type = MM_TYPE_FLOAT32;
    fd.values = w;
    fd.corner_values = wc;
    MMT_OK(ctx, mm_mesh_add_fvar(ctx, m, &fd));
    uint32_t *ff = NULL;
    mm_mesh r = reorder_checked(ctx, m, &ff, NULL);
    ck_assert_str_eq(mm_mesh_vertex_property_name(r, 3), "quality");
    ck_assert_str_eq(mm_mesh_vertex_property_type(r, 3), "float");
    ck_assert_int_eq(mm_mesh_num_fvar(r), 2);
    for (int c = 0; c < 2; ++c) {
        ck_assert_str_eq(mm_mesh_fvar_name(r, c), c ? "w" : "uv");
        mmt_host_mesh a, b;
        mmt_host_mesh_get(ctx, mm_mesh_fvar(m, c), &a);
        mmt_host_mesh_get(ctx, mm_mesh_fvar(r, c), &b);
        ck_assert_int_eq(b.info.num_vertices, 24);
        ck_assert_int_eq(b.info.precision, c ? MM_TYPE_FLOAT32 : MM_TYPE_FLOAT64);
        size_t bytes = (size_t)(24 * (c ? 4 : 16));
        ck_assert(memcmp(a.vertices, b.vertices, bytes) == 0); /* values kept in order */
        for (int i = 0; i < 6; ++i)
            for (int k = 0; k < 4; ++k)
                ck_assert_uint_eq(b.ids[4 * i + k], a.ids[4 * ff[i] + k]);
        mmt_host_mesh_free(&b);
        mmt_host_mesh_free(&a);
    }
    mm_mesh sa = subdivided(ctx, m, MM_SCHEME_CATMULL_CLARK, 2);
    mm_mesh sb = subdivided(ctx, r, MM_SCHEME_CATMULL_CLARK, 2);
    assert_same_surface(ctx, sa, sb, 1e-12);
    assert_same_surface(ctx, mm_mesh_fvar(sa, 0), mm_mesh_fvar(sb, 0), 1e-12);
    mm_mesh_free(&sb);
    mm_mesh_free(&sa);
    free(ff);
    mm_mesh_free(&r);
    mm_mesh_free(&m);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(reordering_twice_changes_nothing)
{
    mm_context ctx = mmt_context();
    mm_mesh m = mmt_triangle_shape(ctx, MMT_SHAPE_MIXED, MM_TYPE_FLOAT64);
    mm_mesh r = reorder_checked(ctx, m, NULL, NULL);
    uint32_t *ff = NULL, *vf = NULL;
    mm_mesh rr = reorder_checked(ctx, r, &ff, &vf);
    mm_mesh_info mi;
    MMT_OK(ctx, mm_mesh_info_get(r, &mi));
    for (int64_t i = 0; i < mi.num_faces; ++i) ck_assert_uint_eq(ff[i], (uint32_t)i);
    for (int64_t j = 0; j < mi.num_vertices; ++j) ck_assert_uint_eq(vf[j], (uint32_t)j);
    free(vf);
    free(ff);
    mm_mesh_free(&rr);
    mm_mesh_free(&r);
    mm_mesh_free(&m);
    mm_context_free(&ctx);
}
END_TEST

/* No faces (the vertices keep their order), one face, an unreferenced
 * vertex, d = 1 and d = 2 (codes over those columns), float32, and NULL
 * maps. */
START_TEST(small_meshes_and_other_dimensions)
{
    mm_context ctx = mmt_context();
    static const double x[12] = {3, 0, 0, 0, 0, 0, 9, 9, 9, 1, 0, 0};
    static const uint32_t ids[6] = {3, 1, 0, 1, 3, 2};
    for (int dim = 1; dim <= 3; ++dim)
        for (int nf = 0; nf <= 2; ++nf) {
            double xd[12];
            for (int v = 0; v < 4; ++v)
                for (int k = 0; k < dim; ++k) xd[v * dim + k] = x[3 * v + k];
            mm_mesh_desc d = {0};
            d.num_vertices = 4;
            d.dim = dim;
            d.vertex_type = MM_TYPE_FLOAT64;
            d.vertices = xd;
            d.num_faces = nf;
            d.face_order = 3;
            d.face_vertices = ids;
            d.precision = dim == 2 ? MM_TYPE_FLOAT32 : MM_TYPE_FLOAT64;
            mm_mesh m = NULL, out = NULL;
            MMT_OK(ctx, mm_mesh_new(ctx, &m, &d));
            mm_mesh r = reorder_checked(ctx, m, NULL, NULL);
            MMT_OK(ctx, mm_mesh_reorder(ctx, m, &out, NULL, NULL));
            mm_mesh_info mi;
            MMT_OK(ctx, mm_mesh_info_get(out, &mi));
            ck_assert_int_eq(mi.num_vertices, 4);
            ck_assert_int_eq(mi.num_faces, nf);
            mm_mesh_free(&out);
            mm_mesh_free(&r);
            mm_mesh_free(&m);
        }
    mm_context_free(&ctx);
}
END_TEST

/* Coordinates near the largest double: no sum or extent overflows, and
 * three triangles along x still come in the order of x. */
START_TEST(huge_coordinates_keep_their_order)
{
    mm_context ctx = mmt_context();
    const double big = 1.5e308, at[3] = {big, -big, 0.0};
    mm_mesh m = triangles_along_x(ctx, at, 1e307);
    uint32_t *ff = NULL;
    mm_mesh r = reorder_checked(ctx, m, &ff, NULL);
    ck_assert_uint_eq(ff[0], 1);
    ck_assert_uint_eq(ff[1], 2);
    ck_assert_uint_eq(ff[2], 0);
    free(ff);
    mm_mesh_free(&r);
    mm_mesh_free(&m);
    mm_context_free(&ctx);
}
END_TEST

/* A model of the suite (shared): armadillo, whose faces come in no local
 * order. */
START_TEST(armadillo_follows_the_rule)
{
    mm_context ctx = mmt_context();
    mm_mesh m = read_model(ctx, mmt_shared_model("tri/cgal_armadillo_52k.obj"));
    mm_mesh out = reorder_checked(ctx, m, NULL, NULL);
    mm_mesh_free(&out);
    mm_mesh_free(&m);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(bad_arguments_are_refused)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = read_model(ctx, mmt_project_path("models/cube.obj")), out = NULL;
    MMT_FAILS(ctx, mm_mesh_reorder(ctx, NULL, &out, NULL, NULL), MM_ERR_INVALID_ARGUMENT,
              "mm_mesh_reorder: mesh is NULL");
    ck_assert_ptr_null(out);
    MMT_FAILS(ctx, mm_mesh_reorder(ctx, mesh, NULL, NULL, NULL), MM_ERR_INVALID_ARGUMENT,
              "out is NULL");
    mm_context other = mmt_context();
    MMT_FAILS(other, mm_mesh_reorder(other, mesh, &out, NULL, NULL), MM_ERR_INVALID_ARGUMENT,
              "another context");
    ck_assert_ptr_null(out);
    ck_assert_int_eq(mm_mesh_reorder(NULL, mesh, &out, NULL, NULL), MM_ERR_INVALID_ARGUMENT);
    mm_context_free(&other);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

static mm_status reorder_attempt(mm_context ctx, void *arg)
{
    mm_mesh out = NULL;
    uint32_t ff[6], vf[8];
    mm_status st = mm_mesh_reorder(ctx, (mm_mesh)arg, &out, ff, vf);
    if (st != MM_OK) ck_assert_ptr_null(out);
    mm_mesh_free(&out);
    return st;
}

START_TEST(allocation_failures_are_clean)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = read_model(ctx, mmt_project_path("models/cube.obj"));
    static const double uv[] = {0, 0, 1, 0, 0, 1, 1, 1};
    uint32_t corners[24];
    for (int k = 0; k < 24; ++k) corners[k] = (uint32_t)(k % 4);
    mm_fvar_desc fd = {0};
    fd.name = "uv";
    fd.num_values = 4;
    fd.dim = 2;
    fd.value_type = MM_TYPE_FLOAT64;
    fd.values = uv;
    fd.corner_values = corners;
    MMT_OK(ctx, mm_mesh_add_fvar(ctx, mesh, &fd));
    ck_assert_int_ge(mmt_sweep_allocations(ctx, reorder_attempt, mesh), 10);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("mesh_reorder");
    TCase *tc = tcase_create("reorder");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, the_shipped_models_follow_the_rule, 0,
                        (int)(sizeof kModels / sizeof kModels[0]));
    tcase_add_loop_test(tc, the_generated_shapes_follow_the_rule, 0, 2 * MMT_NUM_GENERATED);
    tcase_add_test(tc, the_documented_example);
    tcase_add_loop_test(tc, subdivision_of_the_reordered_mesh_is_the_same_surface, 0, 6);
    tcase_add_test(tc, tags_channels_and_columns_follow);
    tcase_add_test(tc, reordering_twice_changes_nothing);
    tcase_add_test(tc, small_meshes_and_other_dimensions);
    tcase_add_test(tc, huge_coordinates_keep_their_order);
    tcase_add_test(tc, bad_arguments_are_refused);
    tcase_add_test(tc, allocation_failures_are_clean);
    suite_add_tcase(s, tc);
    if (mmt_need_shared_model("tri/cgal_armadillo_52k.obj", "armadillo's order")) {
        TCase *models = mmt_models_tcase();
        tcase_set_timeout(models, 300);
        tcase_add_test(models, armadillo_follows_the_rule);
        suite_add_tcase(s, models);
    }
    return mmt_run(s);
}
