/* test_mesh_weld.c: mm_mesh_weld against a reference written here from the
 * documented rule (classes by a lexicographic sort of the values, or by
 * brute-force union-find within the tolerance; a class's id is the rank of
 * its smallest member; faces re-indexed, consecutive repeats removed, a face
 * of < 3 or repeated vertices dropped). Meshes (the shipped models, the
 * generated shapes and their triangulations) are written out as shuffled
 * soups, welded, and must equal the original's counts and faces up to the
 * renumbering the rule predicts; then tolerance cases (within t, 2t apart,
 * chains, Euclidean distance), ±0, collapsing faces, tags, the empty mesh,
 * one triangle, float32, d = 2, idempotence, bad arguments and an
 * allocation-failure sweep. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mmt_mesh_io.h"
#include "mmt_shapes.h"

/* ---- the reference ---------------------------------------------------- */

typedef struct ref_sort {
    const double *x;
    int64_t d;
} ref_sort;

static ref_sort g_sort; /* qsort has no user argument */

static int by_values_then_index(const void *pa, const void *pb)
{
    int64_t a = *(const int64_t *)pa, b = *(const int64_t *)pb;
    for (int64_t k = 0; k < g_sort.d; ++k) {
        double u = g_sort.x[a * g_sort.d + k], v = g_sort.x[b * g_sort.d + k];
        if (u < v) return -1; /* -0 == +0 here, as in the rule */
        if (u > v) return 1;
    }
    return a < b ? -1 : a > b;
}

static int64_t find(int64_t *parent, int64_t i)
{
    while (parent[i] != i) i = parent[i] = parent[parent[i]];
    return i;
}

/* rep[i]: the smallest vertex of i's class (x: n × d doubles). */
static void reference_classes(const double *x, int64_t n, int64_t d, double tol, int64_t *rep)
{
    if (tol == 0.0) {
        int64_t *order = malloc((size_t)(n + 1) * sizeof *order);
        for (int64_t i = 0; i < n; ++i) order[i] = i;
        g_sort = (ref_sort){x, d};
        qsort(order, (size_t)n, sizeof *order, by_values_then_index);
        for (int64_t k = 0; k < n; ++k) {
            int same = k > 0;
            for (int64_t c = 0; same && c < d; ++c)
                same = x[order[k] * d + c] == x[order[k - 1] * d + c];
            rep[order[k]] = same ? rep[order[k - 1]] : order[k];
        }
        free(order);
        return;
    }
    int64_t *parent = malloc((size_t)(n + 1) * sizeof *parent);
    for (int64_t i = 0; i < n; ++i) parent[i] = i;
    for (int64_t i = 0; i < n; ++i)
        for (int64_t j = i + 1; j < n; ++j) {
            double s = 0;
            for (int64_t c = 0; c < d; ++c) {
                double e = x[i * d + c] - x[j * d + c];
                s += e * e;
            }
            if (s > tol * tol) continue;
            int64_t a = find(parent, i), b = find(parent, j);
            if (a < b) parent[b] = a;
            else parent[a] = b;
        }
    for (int64_t i = 0; i < n; ++i) rep[i] = find(parent, i); /* roots are minima */
    free(parent);
}

typedef struct expected {
    int64_t nv, nf, nnz, reduced, dropped;
    int64_t *new_id;  /* per input vertex */
    int64_t *rep_of;  /* per output vertex: the input vertex it copies */
    int64_t *offsets; /* nf + 1 */
    uint32_t *ids;
} expected;

static void expected_free(expected *e)
{
    free(e->new_id);
    free(e->rep_of);
    free(e->offsets);
    free(e->ids);
}

/* The welded mesh the rule predicts for h (vertex values as doubles). */
static expected reference_weld(const mmt_host_mesh *h, double tol)
{
    int64_t n = h->info.num_vertices, d = h->info.dim, nf = h->info.num_faces;
    double *x = malloc((size_t)(n * d + 1) * sizeof *x);
    for (int64_t i = 0; i < n * d; ++i)
        x[i] = h->info.precision == MM_TYPE_FLOAT32 ? (double)((float *)h->vertices)[i]
                                                   : ((double *)h->vertices)[i];
    int64_t *rep = malloc((size_t)(n + 1) * sizeof *rep);
    reference_classes(x, n, d, tol, rep);
    expected e = {0};
    e.new_id = malloc((size_t)(n + 1) * sizeof *e.new_id);
    e.rep_of = malloc((size_t)(n + 1) * sizeof *e.rep_of);
    for (int64_t i = 0; i < n; ++i)
        if (rep[i] == i) e.rep_of[e.nv] = i, e.new_id[i] = e.nv++;
    for (int64_t i = 0; i < n; ++i) e.new_id[i] = e.new_id[rep[i]];
    e.offsets = malloc((size_t)(nf + 1) * sizeof *e.offsets);
    e.ids = malloc((size_t)(h->info.nnz + 1) * sizeof *e.ids);
    e.offsets[0] = 0;
    for (int64_t f = 0; f < nf; ++f) {
        int64_t b = h->offsets[f], c = h->offsets[f + 1] - b, start = e.nnz;
        for (int64_t k = 0; k < c; ++k) {
            int64_t v = e.new_id[h->ids[b + k]], prev = e.new_id[h->ids[b + (k + c - 1) % c]];
            if (v != prev) e.ids[e.nnz++] = (uint32_t)v;
        }
        int ok = e.nnz - start >= 3;
        for (int64_t i = start; ok && i < e.nnz; ++i)
            for (int64_t j = start; j < i; ++j) ok &= e.ids[i] != e.ids[j];
        if (!ok) {
            e.nnz = start;
            ++e.dropped;
            continue;
        }
        e.reduced += e.nnz - start < c;
        e.offsets[++e.nf] = e.nnz;
    }
    free(rep);
    free(x);
    return e;
}

/* Asserts that out (exported) is the welded mesh e of in. */
static void assert_weld(const mmt_host_mesh *in, const mmt_host_mesh *out, const expected *e,
                        const mm_weld_report *r)
{
    ck_assert_int_eq(out->info.num_vertices, e->nv);
    ck_assert_int_eq(out->info.num_faces, e->nf);
    ck_assert_int_eq(out->info.nnz, e->nnz);
    ck_assert_int_eq(r->vertices_in, in->info.num_vertices);
    ck_assert_int_eq(r->vertices_out, e->nv);
    ck_assert_int_eq(r->faces_in, in->info.num_faces);
    ck_assert_int_eq(r->faces_out, e->nf);
    ck_assert_int_eq(r->faces_reduced, e->reduced);
    ck_assert_int_eq(r->faces_dropped, e->dropped);
    for (int64_t v = 0; v < e->nv; ++v)
        for (int k = 0; k < 3 && k < in->info.dim; ++k) {
            double a = mmt_coord(out, v, k), b = mmt_coord(in, e->rep_of[v], k);
            ck_assert_msg(memcmp(&a, &b, sizeof a) == 0, "vertex %lld value %d: %g, expected %g",
                          (long long)v, k, a, b);
        }
    for (int64_t f = 0; f <= e->nf && e->nf > 0; ++f)
        ck_assert_int_eq(out->offsets[f], e->offsets[f]);
    for (int64_t i = 0; i < e->nnz; ++i) ck_assert_uint_eq(out->ids[i], e->ids[i]);
    int64_t order = e->nf > 0 ? e->offsets[1] : 0;
    for (int64_t f = 0; f < e->nf; ++f)
        if (e->offsets[f + 1] - e->offsets[f] != order) order = 0;
    ck_assert_int_eq(out->info.uniform_order, order);
}

/* Welds mesh with tolerance tol, checks it against the reference; returns the
 * welded mesh (the caller frees it). */
static mm_mesh weld_checked(mm_context ctx, mm_mesh mesh, double tol, mm_weld_report *r)
{
    mm_weld_options o = mm_weld_options_default();
    o.tolerance = tol;
    mm_mesh out = NULL;
    MMT_OK(ctx, mm_mesh_weld(ctx, mesh, &o, &out, r));
    mmt_host_mesh in, got;
    mmt_host_mesh_get(ctx, mesh, &in);
    mmt_host_mesh_get(ctx, out, &got);
    expected e = reference_weld(&in, tol);
    assert_weld(&in, &got, &e, r);
    expected_free(&e);
    mmt_host_mesh_free(&in);
    mmt_host_mesh_free(&got);
    return out;
}

/* ---- soups ------------------------------------------------------------- */

static uint64_t lcg(uint64_t *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return *s >> 33;
}

/* h as a soup: every corner its own vertex, the vertices shuffled (seed);
 * orig[p] is the vertex of h whose copy sits at soup position p. */
static mm_mesh soup_of(mm_context ctx, const mmt_host_mesh *h, uint64_t seed, int64_t *orig)
{
    int64_t n = h->info.nnz, d = h->info.dim;
    int64_t *perm = malloc((size_t)(n + 1) * sizeof *perm);
    for (int64_t i = 0; i < n; ++i) perm[i] = i;
    for (int64_t i = n - 1; i > 0; --i) {
        int64_t j = (int64_t)(lcg(&seed) % (uint64_t)(i + 1)), t = perm[i];
        perm[i] = perm[j];
        perm[j] = t;
    }
    double *x = malloc((size_t)(n * d + 1) * sizeof *x);
    uint32_t *ids = malloc((size_t)(n + 1) * sizeof *ids);
    for (int64_t c = 0; c < n; ++c) {
        ids[c] = (uint32_t)perm[c];
        orig[perm[c]] = h->ids[c];
        for (int64_t k = 0; k < d; ++k) x[perm[c] * d + k] = mmt_coord(h, h->ids[c], (int)k);
    }
    mm_mesh_desc desc = {0};
    desc.num_vertices = n;
    desc.dim = d;
    desc.vertex_type = MM_TYPE_FLOAT64;
    desc.vertices = x;
    desc.num_faces = h->info.num_faces;
    desc.face_offsets = h->offsets;
    desc.face_vertices = ids;
    desc.precision = h->info.precision;
    mm_mesh soup = NULL;
    MMT_OK(ctx, mm_mesh_new(ctx, &soup, &desc));
    free(perm);
    free(x);
    free(ids);
    return soup;
}

/* Does h have one position per vertex, every vertex in a face? Then the
 * welded soup is h renumbered. */
static int distinct_and_referenced(const mmt_host_mesh *h)
{
    int64_t n = h->info.num_vertices;
    int64_t *rep = malloc((size_t)(n + 1) * sizeof *rep);
    char *used = calloc((size_t)n + 1, 1);
    double *x = malloc((size_t)(3 * n + 1) * sizeof *x);
    for (int64_t v = 0; v < n; ++v)
        for (int k = 0; k < 3; ++k) x[3 * v + k] = mmt_coord(h, v, k);
    reference_classes(x, n, 3, 0.0, rep);
    int ok = 1;
    for (int64_t i = 0; i < h->info.nnz; ++i) used[h->ids[i]] = 1;
    for (int64_t v = 0; v < n; ++v) ok &= rep[v] == v && used[v];
    free(rep);
    free(used);
    free(x);
    return ok;
}

/* Soup of mesh, welded exactly: the reference's answer, and when mesh has
 * distinct referenced positions, mesh itself up to a bijective renumbering
 * (every face the original's, vertex for vertex). */
static void check_soup_round_trip(mm_context ctx, mm_mesh mesh, uint64_t seed)
{
    mmt_host_mesh h, w;
    mmt_host_mesh_get(ctx, mesh, &h);
    int64_t *orig = malloc((size_t)(h.info.nnz + 1) * sizeof *orig);
    mm_mesh soup = soup_of(ctx, &h, seed, orig);
    mm_weld_report r;
    mm_mesh welded = weld_checked(ctx, soup, 0.0, &r);
    mmt_host_mesh_get(ctx, welded, &w);
    ck_assert_int_eq(r.faces_dropped, 0);
    if (distinct_and_referenced(&h)) {
        int64_t n = h.info.num_vertices;
        ck_assert_int_eq(w.info.num_vertices, n);
        ck_assert_int_eq(w.info.num_faces, h.info.num_faces);
        ck_assert_int_eq(w.info.nnz, h.info.nnz);
        ck_assert_int_eq(w.info.uniform_order, h.info.uniform_order);
        int64_t *sigma = malloc((size_t)(n + 1) * sizeof *sigma);
        for (int64_t v = 0; v < n; ++v) sigma[v] = -1;
        for (int64_t c = 0; c < h.info.nnz; ++c) {
            int64_t v = h.ids[c], got = w.ids[c];
            ck_assert_msg(sigma[v] < 0 || sigma[v] == got, "vertex %lld maps to two ids",
                          (long long)v);
            sigma[v] = got;
            for (int k = 0; k < 3; ++k) ck_assert(mmt_coord(&w, got, k) == mmt_coord(&h, v, k));
        }
        for (int64_t f = 0; f <= h.info.num_faces; ++f)
            ck_assert_int_eq(w.offsets[f], h.offsets[f]);
        /* a bijection: the first copy in soup order of each vertex names the
         * classes in order, so sigma is the rank of that first copy */
        int64_t *first = malloc((size_t)(n + 1) * sizeof *first);
        for (int64_t v = 0; v < n; ++v) first[v] = -1;
        for (int64_t p = 0; p < h.info.nnz; ++p)
            if (first[orig[p]] < 0) first[orig[p]] = p;
        for (int64_t v = 0; v < n; ++v) {
            int64_t rank = 0;
            for (int64_t u = 0; u < n; ++u) rank += first[u] < first[v];
            ck_assert_int_eq(sigma[v], rank);
        }
        free(first);
        free(sigma);
    }
    mmt_host_mesh_free(&w);
    mmt_host_mesh_free(&h);
    free(orig);
    mm_mesh_free(&welded);
    mm_mesh_free(&soup);
}

static const char *const models[] = {"models/cube.obj", "models/polygons_open.obj",
                                     "models/torus_quads.obj"};

START_TEST(soups_of_the_models_weld_back)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = NULL;
    MMT_OK(ctx, mm_mesh_read(ctx, &mesh, mmt_project_path(models[_i]), NULL));
    mmt_drop_tags(ctx, &mesh);
    check_soup_round_trip(ctx, mesh, 1 + (uint64_t)_i);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(soups_of_the_generated_shapes_weld_back)
{
    mm_context ctx = mmt_context();
    static mmt_shape_faces s;
    mmt_make_shape(&s, _i % MMT_NUM_GENERATED);
    if (_i >= MMT_NUM_GENERATED) mmt_triangulate(&s);
    mm_mesh mesh = mmt_shape_mesh(ctx, &s, _i % 2 ? MM_TYPE_FLOAT32 : MM_TYPE_FLOAT64);
    check_soup_round_trip(ctx, mesh, 100 + (uint64_t)_i);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* Welding a welded mesh changes nothing. */
START_TEST(welding_is_idempotent)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = NULL, once = NULL, twice = NULL;
    MMT_OK(ctx, mm_mesh_read(ctx, &mesh, mmt_project_path("models/torus_quads.obj"), NULL));
    mm_weld_report r;
    MMT_OK(ctx, mm_mesh_weld(ctx, mesh, NULL, &once, &r));
    MMT_OK(ctx, mm_mesh_weld(ctx, once, NULL, &twice, &r));
    ck_assert_int_eq(r.vertices_in, r.vertices_out);
    mmt_host_mesh a, b;
    mmt_host_mesh_get(ctx, once, &a);
    mmt_host_mesh_get(ctx, twice, &b);
    mmt_assert_same_mesh(&a, &b, 1);
    mmt_host_mesh_free(&a);
    mmt_host_mesh_free(&b);
    mm_mesh_free(&twice);
    mm_mesh_free(&once);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

/* ---- hand-made cases ------------------------------------------------- */

static mm_mesh make_mesh(mm_context ctx, int64_t nv, int64_t dim, const double *x, int64_t nf,
                         const int64_t *offsets, const uint32_t *ids)
{
    mm_mesh_desc d = {0};
    d.num_vertices = nv;
    d.dim = dim;
    d.vertex_type = MM_TYPE_FLOAT64;
    d.vertices = x;
    d.num_faces = nf;
    d.face_offsets = offsets;
    d.face_vertices = ids;
    mm_mesh m = NULL;
    MMT_OK(ctx, mm_mesh_new(ctx, &m, &d));
    return m;
}

/* Vertices only (no faces): the classes of a set of points, checked against
 * the reference, and their number when classes ≥ 0. */
static void check_points(mm_context ctx, const double *x, int64_t n, double tol, int64_t classes)
{
    static const int64_t none[] = {0};
    mm_mesh m = make_mesh(ctx, n, 3, x, 0, none, NULL);
    mm_weld_report r;
    mm_mesh out = weld_checked(ctx, m, tol, &r);
    if (classes >= 0) ck_assert_int_eq(r.vertices_out, classes);
    mm_mesh_free(&out);
    mm_mesh_free(&m);
}

START_TEST(signed_zeros_are_one_point)
{
    mm_context ctx = mmt_context();
    const double z = -0.0;
    const double x[] = {0, 0, 0, z, 0, 0, 0, z, z, z, z, z, 1, 0, 0, 1, z, 0};
    check_points(ctx, x, 6, 0.0, 2);
    check_points(ctx, x, 6, 1e-9, 2);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(tolerance_merges_within_and_keeps_apart)
{
    mm_context ctx = mmt_context();
    const double t = 0.125;
    /* within t (0.9 t), exactly t, 2t apart, a diagonal 0.99 t and 1.06 t */
    const double within[] = {5, 5, 5, 5 + 0.9 * t, 5, 5};
    const double at[] = {5, 5, 5, 5, 5 + t, 5};
    const double apart[] = {5, 5, 5, 5, 5, 5 + 2 * t};
    const double diag_in[] = {1, 1, 1, 1 + 0.7 * t, 1 + 0.7 * t, 1};
    const double diag_out[] = {1, 1, 1, 1 + 0.75 * t, 1 + 0.75 * t, 1};
    check_points(ctx, within, 2, t, 1);
    check_points(ctx, at, 2, t, 1);
    check_points(ctx, apart, 2, t, 2);
    check_points(ctx, diag_in, 2, t, 1);
    check_points(ctx, diag_out, 2, t, 2);
    check_points(ctx, within, 2, 0.0, 2);
    /* negative coordinates and cell borders: -t/2 … t/2 straddle 0 */
    const double straddle[] = {-0.5 * t, 0, 0, 0.45 * t, 0, 0, -3 * t, 0, 0};
    check_points(ctx, straddle, 3, t, 2);
    mm_context_free(&ctx);
}
END_TEST

/* A chain of points 0.8 t apart is one class, its ends 4 t apart; the order
 * of the vertices along the chain is scrambled so that labels must travel. */
START_TEST(tolerance_chains_merge_transitively)
{
    mm_context ctx = mmt_context();
    const double t = 1e-3;
    enum { N = 64 };
    double x[3 * N];
    for (int i = 0; i < N; ++i) {
        int at = (i * 37) % N; /* 37 is prime to 64: a permutation */
        x[3 * i] = 10 + 0.8 * t * at;
        x[3 * i + 1] = -2;
        x[3 * i + 2] = 0.5 * t * (at % 2);
    }
    check_points(ctx, x, N, t, 1);
    /* cut the chain in two: one link 1.5 t */
    for (int i = 0; i < N; ++i)
        if (x[3 * i] > 10 + 0.8 * t * 31.5) x[3 * i] += 0.7 * t;
    check_points(ctx, x, N, t, 2);
    mm_context_free(&ctx);
}
END_TEST

/* Many points in one cell, and large coordinates with a tiny tolerance. */
START_TEST(tolerance_crowded_cells_and_large_values)
{
    mm_context ctx = mmt_context();
    enum { N = 200 };
    double x[3 * N];
    uint64_t seed = 7;
    for (int i = 0; i < N; ++i)
        for (int k = 0; k < 3; ++k) x[3 * i + k] = (double)(lcg(&seed) % 1000) * 1e-3;
    check_points(ctx, x, N, 0.01, -1);
    for (int i = 0; i < N; ++i) x[3 * i] = 1e300 * (i % 3 - 1) + (i % 2 ? 1e290 : 0);
    check_points(ctx, x, N, 1e-300, -1);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(collapsing_faces_are_reduced_or_dropped)
{
    mm_context ctx = mmt_context();
    /* 0..3 a unit square, 4 a copy of 1, 5 a copy of 0, 6 apex */
    const double x[] = {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 2, 2, 2};
    const int64_t offsets[] = {0, 4, 8, 11, 15, 18};
    const uint32_t ids[] = {
        0, 1, 4, 2,  /* quad with a copy of 1 next to 1: triangle 0 1 2 */
        0, 1, 5, 2,  /* 0 1 0 2: no neighbours equal, 0 twice: pinched, dropped */
        0, 4, 1,     /* 0 1 1: two vertices left, dropped */
        6, 0, 3, 5,  /* 6 0 3 0: pinched, dropped */
        6, 2, 3,     /* untouched */
    };
    mm_mesh m = make_mesh(ctx, 7, 3, x, 5, offsets, ids);
    mm_weld_report r;
    mm_mesh out = weld_checked(ctx, m, 0.0, &r);
    ck_assert_int_eq(r.vertices_out, 5);
    ck_assert_int_eq(r.faces_reduced, 1);
    ck_assert_int_eq(r.faces_dropped, 3);
    ck_assert_int_eq(r.faces_out, 2);
    mm_mesh_free(&out);
    mm_mesh_free(&m);
    mm_context_free(&ctx);
}
END_TEST

/* Quads among triangles that shrink to triangles leave one order: uniform. */
START_TEST(faces_left_of_one_order_are_uniform)
{
    mm_context ctx = mmt_context();
    const double x[] = {0, 0, 0, 1, 0, 0, 1, 1, 0, 1, 1, 0, 0, 1, 0};
    const int64_t offsets[] = {0, 3, 7};
    const uint32_t ids[] = {0, 1, 4, 1, 2, 3, 4};
    mm_mesh m = make_mesh(ctx, 5, 3, x, 2, offsets, ids);
    mm_weld_report r;
    mm_mesh out = weld_checked(ctx, m, 0.0, &r);
    mm_mesh_info info;
    mm_mesh_info_get(out, &info);
    ck_assert_int_eq(info.uniform_order, 3);
    ck_assert_int_eq(r.faces_reduced, 1);
    mm_mesh_free(&out);
    mm_mesh_free(&m);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(empty_mesh_and_one_triangle)
{
    mm_context ctx = mmt_context();
    static const int64_t none[] = {0};
    mm_mesh m = make_mesh(ctx, 0, 3, NULL, 0, none, NULL);
    mm_weld_report r;
    mm_mesh out = weld_checked(ctx, m, 0.0, &r);
    ck_assert_int_eq(r.vertices_out, 0);
    ck_assert_int_eq(r.faces_out, 0);
    mm_mesh_free(&out);
    out = weld_checked(ctx, m, 0.5, &r);
    ck_assert_int_eq(r.vertices_out, 0);
    mm_mesh_free(&out);
    mm_mesh_free(&m);
    const double x[] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
    const int64_t offsets[] = {0, 3};
    const uint32_t ids[] = {2, 0, 1};
    m = make_mesh(ctx, 3, 3, x, 1, offsets, ids);
    out = weld_checked(ctx, m, 0.0, &r);
    ck_assert_int_eq(r.vertices_out, 3);
    ck_assert_int_eq(r.faces_out, 1);
    mm_mesh_free(&out);
    /* a tolerance larger than the triangle: one vertex, the face dropped */
    out = weld_checked(ctx, m, 2.0, &r);
    ck_assert_int_eq(r.vertices_out, 1);
    ck_assert_int_eq(r.faces_dropped, 1);
    mm_mesh_free(&out);
    mm_mesh_free(&m);
    mm_context_free(&ctx);
}
END_TEST

/* d = 2 data (a grid over the first two columns) and d = 4 (the fourth
 * column must match too). */
START_TEST(other_dimensions)
{
    mm_context ctx = mmt_context();
    static const int64_t none[] = {0};
    const double x2[] = {0, 0, 0.05, 0, 3, 3, 3, 3.3};
    mm_mesh m = make_mesh(ctx, 4, 2, x2, 0, none, NULL);
    mm_weld_report r;
    mm_mesh out = weld_checked(ctx, m, 0.1, &r);
    ck_assert_int_eq(r.vertices_out, 3);
    mm_mesh_free(&out);
    mm_mesh_free(&m);
    const double x4[] = {1, 2, 3, 4, 1, 2, 3, 5, 1, 2, 3, 4};
    m = make_mesh(ctx, 3, 4, x4, 0, none, NULL);
    out = weld_checked(ctx, m, 0.0, &r);
    ck_assert_int_eq(r.vertices_out, 2);
    mm_mesh_free(&out);
    out = weld_checked(ctx, m, 1.5, &r);
    ck_assert_int_eq(r.vertices_out, 1);
    mm_mesh_free(&out);
    mm_mesh_free(&m);
    mm_context_free(&ctx);
}
END_TEST

/* The soup's seven vertices: two triangles sharing an edge, each with its
 * own corners (0 1 2 and 3 4 5), and vertex 6 a copy of 0. */
static const double soup_x[] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 0};

/* Two triangles sharing an edge as a soup (soup_x), plus a sliver (0 6 1),
 * with four creases, three corners and (holes) two holes. */
static mm_mesh tagged_soup(mm_context ctx, int holes)
{
    static const int64_t offsets[] = {0, 3, 6, 9};
    static const uint32_t ids[] = {0, 1, 2, 3, 4, 5, 0, 6, 1};
    static const uint32_t creases[] = {1, 2, 3, 5, 0, 6, 4, 3};
    static const float sharp[] = {1.0f, 2.0f, 3.0f, 4.0f};
    static const uint32_t corners[] = {0, 6, 4};
    static const float corner_sharp[] = {5.0f, 6.0f, 7.0f};
    static const uint32_t hole_faces[] = {1, 2};
    mm_mesh_desc d = {0};
    d.num_vertices = 7;
    d.dim = 3;
    d.vertex_type = MM_TYPE_FLOAT64;
    d.vertices = soup_x;
    d.num_faces = 3;
    d.face_offsets = offsets;
    d.face_vertices = ids;
    d.num_creases = 4;
    d.crease_vertices = creases;
    d.crease_sharpness = sharp;
    d.num_corners = 3;
    d.corner_vertices = corners;
    d.corner_sharpness = corner_sharp;
    d.num_holes = holes ? 2 : 0;
    d.hole_faces = holes ? hole_faces : NULL;
    d.boundary = MM_BOUNDARY_EDGE_AND_CORNER;
    mm_mesh m = NULL;
    MMT_OK(ctx, mm_mesh_new(ctx, &m, &d));
    return m;
}

/* Tags follow their vertices and faces; collapsed or repeated ones go. */
START_TEST(tags_are_remapped)
{
    mm_context ctx = mmt_context();
    mm_mesh m = tagged_soup(ctx, 1), out = NULL;
    mm_weld_report r;
    MMT_OK(ctx, mm_mesh_weld(ctx, m, NULL, &out, &r));
    /* classes: {0, 6} → 0, {1, 3} → 1, {2, 5} → 2, {4} → 3; faces: (0 1 2),
     * (1 3 2), (0 0 1) dropped */
    mmt_host_mesh h;
    mmt_host_mesh_get(ctx, out, &h);
    ck_assert_int_eq(h.info.num_vertices, 4);
    ck_assert_int_eq(h.info.num_faces, 2);
    /* creases: (1 2) s1 and (1 2) s2 on one edge: the last (s2) stays; (0 0)
     * collapsed; (3 1) s4 */
    ck_assert_int_eq(h.info.num_creases, 2);
    ck_assert_int_eq(r.creases_dropped, 2);
    ck_assert_uint_eq(h.crease_vertices[0], 1);
    ck_assert_uint_eq(h.crease_vertices[1], 2);
    ck_assert(h.crease_sharpness[0] == 2.0f);
    ck_assert_uint_eq(h.crease_vertices[2], 3);
    ck_assert_uint_eq(h.crease_vertices[3], 1);
    ck_assert(h.crease_sharpness[1] == 4.0f);
    /* corners 0 and 6 are one vertex: the last (6) stays */
    ck_assert_int_eq(h.info.num_corners, 2);
    ck_assert_int_eq(r.corners_dropped, 1);
    ck_assert_uint_eq(h.corner_vertices[0], 0);
    ck_assert(h.corner_sharpness[0] == 6.0f);
    ck_assert_uint_eq(h.corner_vertices[1], 3);
    /* hole 1 → face 1; hole 2 was dropped */
    ck_assert_int_eq(h.info.num_holes, 1);
    ck_assert_uint_eq(h.hole_faces[0], 1);
    ck_assert_int_eq(r.holes_dropped, 1);
    ck_assert_int_eq(h.info.boundary, MM_BOUNDARY_EDGE_AND_CORNER);
    mmt_host_mesh_free(&h);
    mm_mesh_free(&out);
    mm_mesh_free(&m);
    mm_context_free(&ctx);
}
END_TEST

/* Adds channel name (n values of dim columns of type t) to m. */
static void add_channel(mm_context ctx, mm_mesh m, const char *name, int64_t n, int64_t dim,
                        mm_type t, const void *values, const uint32_t *corners)
{
    mm_fvar_desc fd = {0};
    fd.name = name;
    fd.num_values = n;
    fd.dim = dim;
    fd.value_type = t;
    fd.values = values;
    fd.corner_values = corners;
    MMT_OK(ctx, mm_mesh_add_fvar(ctx, m, &fd));
}

/* A channel follows the corners the weld keeps (weld.h): tagged_soup's
 * faces on soup_x (two triangles, a sliver that collapses; no tags) and a
 * quad whose first two corners merge, each corner naming a value of its own
 * (k, 10 k for corner k). Kept: (0 1 2), (3 4 5) and the quad's corners 9, 11,
 * 12; the sliver (6 7 8) and corner 10 go. The values stay, all 13. */
START_TEST(channels_follow_the_kept_corners)
{
    mm_context ctx = mmt_context();
    const int64_t offsets[] = {0, 3, 6, 9, 13};
    const uint32_t ids[] = {0, 1, 2, 3, 4, 5, 0, 6, 1, 1, 3, 4, 2};
    double uv[26];
    uint32_t corners[13];
    for (int k = 0; k < 13; ++k) uv[2 * k] = k, uv[2 * k + 1] = 10.0 * k, corners[k] = 12 - k;
    mm_mesh m = make_mesh(ctx, 7, 3, soup_x, 4, offsets, ids), out = NULL;
    add_channel(ctx, m, "uv", 13, 2, MM_TYPE_FLOAT64, uv, corners);
    /* a second channel: float32, one column, the corners' own ids */
    float w[13];
    uint32_t same[13];
    for (int k = 0; k < 13; ++k) w[k] = (float)k, same[k] = (uint32_t)k;
    add_channel(ctx, m, "w", 13, 1, MM_TYPE_FLOAT32, w, same);
    mm_weld_report r;
    MMT_OK(ctx, mm_mesh_weld(ctx, m, NULL, &out, &r));
    ck_assert_int_eq(r.faces_out, 3);
    ck_assert_int_eq(r.faces_reduced, 1);
    ck_assert_int_eq(mm_mesh_num_fvar(out), 2);
    ck_assert_str_eq(mm_mesh_fvar_name(out, 0), "uv");
    ck_assert_str_eq(mm_mesh_fvar_name(out, 1), "w");
    const int64_t kept[] = {0, 1, 2, 3, 4, 5, 9, 11, 12};
    mmt_host_mesh h, uvh, wh;
    mmt_host_mesh_get(ctx, out, &h);
    mmt_host_mesh_get(ctx, mm_mesh_fvar(out, 0), &uvh);
    mmt_host_mesh_get(ctx, mm_mesh_fvar(out, 1), &wh);
    ck_assert_int_eq(h.info.nnz, 9);
    ck_assert_int_eq(uvh.info.nnz, 9);
    ck_assert_int_eq(uvh.info.num_faces, 3);
    ck_assert_int_eq(uvh.info.num_vertices, 13);
    ck_assert_int_eq(wh.info.precision, MM_TYPE_FLOAT32);
    for (int i = 0; i < 4; ++i) ck_assert_int_eq(uvh.offsets[i], h.offsets[i]);
    for (int i = 0; i < 9; ++i) {
        int64_t k = kept[i];
        ck_assert_uint_eq(uvh.ids[i], 12 - (uint32_t)k);
        ck_assert(((const double *)uvh.vertices)[2 * uvh.ids[i]] == (double)(12 - k));
        ck_assert(((const double *)uvh.vertices)[2 * uvh.ids[i] + 1] == 10.0 * (double)(12 - k));
        ck_assert(((const float *)wh.vertices)[wh.ids[i]] == (float)k);
    }
    mmt_host_mesh_free(&wh);
    mmt_host_mesh_free(&uvh);
    mmt_host_mesh_free(&h);
    mm_mesh_free(&out);
    mm_mesh_free(&m);
    mm_context_free(&ctx);
}
END_TEST

/* Tags and a channel on one mesh (the weld brings the new ids to the host
 * once for both): tagged_soup's creases and corners (no holes), and
 * a float32 channel naming for corner k the value 8 - k. The creases and
 * corners follow as in that test; the channel keeps the corners of the two
 * triangles, 0 … 5, with their values. */
START_TEST(tags_and_channels_together)
{
    mm_context ctx = mmt_context();
    mm_mesh m = tagged_soup(ctx, 0), out = NULL;
    float w[9];
    uint32_t named[9];
    for (int k = 0; k < 9; ++k) w[k] = (float)k, named[k] = (uint32_t)(8 - k);
    add_channel(ctx, m, "w", 9, 1, MM_TYPE_FLOAT32, w, named);
    mm_weld_report r;
    MMT_OK(ctx, mm_mesh_weld(ctx, m, NULL, &out, &r));
    mmt_host_mesh h, wh;
    mmt_host_mesh_get(ctx, out, &h);
    mmt_host_mesh_get(ctx, mm_mesh_fvar(out, 0), &wh);
    ck_assert_int_eq(h.info.num_faces, 2);
    ck_assert_int_eq(h.info.num_creases, 2);
    ck_assert_uint_eq(h.crease_vertices[0], 1);
    ck_assert_uint_eq(h.crease_vertices[1], 2);
    ck_assert_uint_eq(h.crease_vertices[2], 3);
    ck_assert_uint_eq(h.crease_vertices[3], 1);
    ck_assert_int_eq(h.info.num_corners, 2);
    ck_assert_uint_eq(h.corner_vertices[0], 0);
    ck_assert_uint_eq(h.corner_vertices[1], 3);
    ck_assert_int_eq(wh.info.nnz, 6);
    for (int k = 0; k < 6; ++k) {
        ck_assert_uint_eq(wh.ids[k], 8 - (uint32_t)k);
        ck_assert(((const float *)wh.vertices)[wh.ids[k]] == (float)(8 - k));
    }
    mmt_host_mesh_free(&wh);
    mmt_host_mesh_free(&h);
    mm_mesh_free(&out);
    mm_mesh_free(&m);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(bad_arguments_are_refused)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = NULL, out = NULL;
    MMT_OK(ctx, mm_mesh_read(ctx, &mesh, mmt_project_path("models/cube.obj"), NULL));
    mm_weld_options o = mm_weld_options_default();
    const double bad[] = {-1.0, NAN, INFINITY, 1e308};
    for (int i = 0; i < 4; ++i) {
        o.tolerance = bad[i];
        MMT_FAILS(ctx, mm_mesh_weld(ctx, mesh, &o, &out, NULL), MM_ERR_INVALID_ARGUMENT,
                  "mm_mesh_weld: tolerance is");
        ck_assert_ptr_null(out);
    }
    MMT_FAILS(ctx, mm_mesh_weld(ctx, NULL, NULL, &out, NULL), MM_ERR_INVALID_ARGUMENT,
              "mesh is NULL");
    MMT_FAILS(ctx, mm_mesh_weld(ctx, mesh, NULL, NULL, NULL), MM_ERR_INVALID_ARGUMENT,
              "out is NULL");
    mm_context other = mmt_context();
    MMT_FAILS(other, mm_mesh_weld(other, mesh, NULL, &out, NULL), MM_ERR_INVALID_ARGUMENT,
              "another context");
    ck_assert_int_eq(mm_mesh_weld(NULL, mesh, NULL, &out, NULL), MM_ERR_INVALID_ARGUMENT);
    mm_context_free(&other);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

typedef struct sweep_arg {
    mm_mesh mesh;
    double tol;
} sweep_arg;

static mm_status weld_attempt(mm_context ctx, void *arg)
{
    const sweep_arg *a = arg;
    mm_weld_options o = {a->tol};
    mm_mesh out = NULL;
    mm_status st = mm_mesh_weld(ctx, a->mesh, &o, &out, NULL);
    mm_mesh_free(&out);
    return st;
}

START_TEST(allocation_failures_are_clean)
{
    mm_context ctx = mmt_context();
    mm_mesh mesh = NULL;
    static const double x[] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0};
    static const int64_t offsets[] = {0, 3, 6};
    static const uint32_t ids[] = {0, 1, 2, 3, 2, 1};
    static const uint32_t crease[] = {0, 3};
    static const float s = 1.0f;
    mm_mesh_desc d = {0};
    d.num_vertices = 4;
    d.dim = 3;
    d.vertex_type = MM_TYPE_FLOAT64;
    d.vertices = x;
    d.num_faces = 2;
    d.face_offsets = offsets;
    d.face_vertices = ids;
    d.num_creases = 1;
    d.crease_vertices = crease;
    d.crease_sharpness = &s;
    d.num_corners = 1;
    d.corner_vertices = ids + 1;
    d.corner_sharpness = &s;
    d.num_holes = 1;
    d.hole_faces = ids + 1;
    MMT_OK(ctx, mm_mesh_new(ctx, &mesh, &d));
    /* and a channel, which the weld carries through host copies */
    static const double uv[] = {0, 0, 1, 0, 0, 1, 1, 1};
    static const uint32_t corners[] = {0, 1, 2, 3, 2, 1};
    add_channel(ctx, mesh, "uv", 4, 2, MM_TYPE_FLOAT64, uv, corners);
    sweep_arg a = {mesh, 0.0};
    ck_assert_int_ge(mmt_sweep_allocations(ctx, weld_attempt, &a), 5);
    a.tol = 0.5;
    ck_assert_int_ge(mmt_sweep_allocations(ctx, weld_attempt, &a), 5);
    mm_mesh_free(&mesh);
    mm_context_free(&ctx);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("mesh_weld");
    TCase *tc = tcase_create("weld");
    tcase_add_loop_test(tc, soups_of_the_models_weld_back, 0,
                        (int)(sizeof models / sizeof models[0]));
    tcase_add_loop_test(tc, soups_of_the_generated_shapes_weld_back, 0, 2 * MMT_NUM_GENERATED);
    tcase_add_test(tc, welding_is_idempotent);
    tcase_add_test(tc, signed_zeros_are_one_point);
    tcase_add_test(tc, tolerance_merges_within_and_keeps_apart);
    tcase_add_test(tc, tolerance_chains_merge_transitively);
    tcase_add_test(tc, tolerance_crowded_cells_and_large_values);
    tcase_add_test(tc, collapsing_faces_are_reduced_or_dropped);
    tcase_add_test(tc, faces_left_of_one_order_are_uniform);
    tcase_add_test(tc, empty_mesh_and_one_triangle);
    tcase_add_test(tc, other_dimensions);
    tcase_add_test(tc, tags_are_remapped);
    tcase_add_test(tc, channels_follow_the_kept_corners);
    tcase_add_test(tc, tags_and_channels_together);
    tcase_add_test(tc, bad_arguments_are_refused);
    tcase_add_test(tc, allocation_failures_are_clean);
    suite_add_tcase(s, tc);
    return mmt_run(s);
}
