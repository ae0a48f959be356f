/* mmt_meshes.c: the generated meshes of mmt_meshes.h, assembled as host
 * arrays (a face list with offsets) and passed to mm_mesh_new. */
#include <math.h>
#include <stdlib.h>

#include "mmt_meshes.h"

enum { MAX_V = 64, MAX_F = 32, MAX_N = 128 };

typedef struct host {
    int64_t nv, nf;
    double xyz[3 * MAX_V];
    int64_t off[MAX_F + 1];
    uint32_t ids[MAX_N];
} host;

static void add_vertex(host *h, double x, double y, double z)
{
    ck_assert(h->nv < MAX_V);
    h->xyz[3 * h->nv] = x, h->xyz[3 * h->nv + 1] = y, h->xyz[3 * h->nv + 2] = z;
    ++h->nv;
}

/* A face of n vertices, ids relative to base. */
static void add_face(host *h, int64_t base, int n, const uint32_t *v)
{
    ck_assert(h->nf < MAX_F && h->off[h->nf] + n <= MAX_N);
    for (int k = 0; k < n; ++k) h->ids[h->off[h->nf] + k] = (uint32_t)(base + v[k]);
    h->off[h->nf + 1] = h->off[h->nf] + n;
    ++h->nf;
}

static void add_cube(host *h, double shift)
{
    static const uint32_t q[6][4] = {{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4},
                                     {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}};
    int64_t base = h->nv;
    for (int i = 0; i < 8; ++i) add_vertex(h, shift + (i & 1), (i >> 1) & 1, (i >> 2) & 1);
    for (int f = 0; f < 6; ++f) add_face(h, base, 4, q[f]);
}

static void add_grid(host *h, int nx, int ny, double shift, double bump)
{
    int64_t base = h->nv;
    for (int y = 0; y <= ny; ++y)
        for (int x = 0; x <= nx; ++x) add_vertex(h, shift + x, y, bump * sin(1.3 * x + 0.7 * y));
    for (int y = 0; y < ny; ++y)
        for (int x = 0; x < nx; ++x) {
            uint32_t a = (uint32_t)(y * (nx + 1) + x), b = a + 1;
            uint32_t q[4] = {a, b, b + (uint32_t)nx + 1, a + (uint32_t)nx + 1};
            add_face(h, base, 4, q);
        }
}

/* Quad (0 1 2 3), triangle (1 4 2), pentagon (2 4 5 6 7), hexagon
 * (3 2 7 8 9 10) around vertex 2, all counter-clockwise; 11 closes nothing
 * but a triangle (0 11 1) below; vertex 12 is unreferenced. */
static void add_mixed(host *h)
{
    static const double p[13][3] = {{0, 0, 0},   {2, 0, 0.2}, {2, 2, 0.5}, {0, 2, 0},
                                    {4, 1, 0.1}, {5, 3, 0},   {3, 4, 0.3}, {1.5, 3.5, 0.4},
                                    {0, 4, 0},   {-1, 3.5, 0.2}, {-1, 2.5, 0}, {1, -1, 0.3},
                                    {9, 9, 9}};
    static const uint32_t quad[] = {0, 1, 2, 3}, tri[] = {1, 4, 2}, pent[] = {2, 4, 5, 6, 7};
    static const uint32_t hex[] = {3, 2, 7, 8, 9, 10}, low[] = {0, 11, 1};
    int64_t base = h->nv;
    for (int i = 0; i < 13; ++i) add_vertex(h, p[i][0], p[i][1], p[i][2]);
    add_face(h, base, 4, quad);
    add_face(h, base, 3, tri);
    add_face(h, base, 5, pent);
    add_face(h, base, 6, hex);
    add_face(h, base, 3, low);
}

mm_mesh mmt_mesh_from_faces(mm_context ctx, int64_t nv, const double *xyz, int64_t nf,
                            const int64_t *face_offsets, int64_t face_order,
                            const uint32_t *face_vertices, mm_type precision)
{
    mm_mesh_desc d = {0};
    d.num_vertices = nv;
    d.dim = 3;
    d.vertex_type = MM_TYPE_FLOAT64;
    d.vertices = xyz;
    d.num_faces = nf;
    d.face_offsets = face_offsets;
    d.face_order = face_offsets ? 0 : face_order;
    d.face_vertices = face_vertices;
    d.precision = precision;
    mm_mesh mesh = NULL;
    MMT_OK(ctx, mm_mesh_new(ctx, &mesh, &d));
    return mesh;
}

double *mmt_dense_to_host(mm_context ctx, mm_dense X, int64_t *count)
{
    int64_t n, d;
    mm_type t;
    MMT_OK(ctx, mm_dense_shape(X, &n, &d, &t));
    double *x = malloc((size_t)(n * d) * sizeof *x + 8);
    ck_assert_ptr_nonnull(x);
    if (t == MM_TYPE_FLOAT64) {
        MMT_OK(ctx, mm_dense_export(X, x));
    } else {
        float *f = malloc((size_t)(n * d) * sizeof *f + 4);
        ck_assert_ptr_nonnull(f);
        MMT_OK(ctx, mm_dense_export(X, f));
        for (int64_t k = 0; k < n * d; ++k) x[k] = f[k];
        free(f);
    }
    *count = n * d;
    return x;
}

static mm_mesh build(mm_context ctx, const host *h, mm_type precision)
{
    return mmt_mesh_from_faces(ctx, h->nv, h->xyz, h->nf, h->off, 0, h->ids, precision);
}

mm_mesh mmt_mesh_shape(mm_context ctx, mmt_shape shape, mm_type precision)
{
    static const uint32_t lone[] = {0, 1, 2};
    host h = {0};
    switch (shape) {
    case MMT_CUBE: add_cube(&h, 0.0); break;
    case MMT_GRID: add_grid(&h, 4, 3, 0.0, 0.25); break;
    case MMT_MIXED: add_mixed(&h); break;
    default:
        add_cube(&h, 0.0);
        add_grid(&h, 2, 2, 3.0, 0.5);
        add_vertex(&h, 7, 0, 0), add_vertex(&h, 8, 0, 1), add_vertex(&h, 7, 1, 0.5);
        add_face(&h, h.nv - 3, 3, lone);
        break;
    }
    return build(ctx, &h, precision);
}

mm_mesh mmt_mesh_grid(mm_context ctx, int nx, int ny, mm_type precision)
{
    host h = {0};
    add_grid(&h, nx, ny, 0.0, 0.0);
    return build(ctx, &h, precision);
}
