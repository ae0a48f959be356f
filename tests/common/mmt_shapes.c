/* mmt_shapes.c: the generated meshes of mmt_shapes.h. */
#include "mmt_shapes.h"

#include <math.h>
#include <string.h>

#include "mmt_meshes.h"

static const double pi = 3.14159265358979323846;

static int add_vertex(mmt_shape_faces *s, double x, double y, double z)
{
    s->xyz[3 * s->nv] = x, s->xyz[3 * s->nv + 1] = y, s->xyz[3 * s->nv + 2] = z;
    return s->nv++;
}

static void add_face(mmt_shape_faces *s, int n, const int *v)
{
    for (int i = 0; i < n; ++i) s->ids[s->nids++] = (uint32_t)v[i];
    s->offsets[++s->nf] = s->nids;
}

/* An nx × ny grid of quads (open: its corners lie in one face), less the
 * cells listed in holes (-1 ends the list). */
static void grid(mmt_shape_faces *s, int nx, int ny, const int *holes, double dz)
{
    int base = s->nv;
    for (int j = 0; j <= ny; ++j)
        for (int i = 0; i <= nx; ++i) add_vertex(s, i, j, dz + 0.1 * ((i * 7 + j * 3) % 5));
    for (int j = 0; j < ny; ++j)
        for (int i = 0; i < nx; ++i) {
            int cell = j * nx + i, hole = 0;
            for (const int *h = holes; h && *h >= 0; ++h) hole |= *h == cell;
            if (hole) continue;
            int a = base + j * (nx + 1) + i;
            int q[4] = {a, a + 1, a + nx + 2, a + nx + 1};
            add_face(s, 4, q);
        }
}

static void torus(mmt_shape_faces *s, int n, int m)
{
    int base = s->nv;
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < m; ++j) {
            double u = 2 * pi * i / n, v = 2 * pi * j / m;
            add_vertex(s, (2 + cos(v)) * cos(u), (2 + cos(v)) * sin(u), sin(v));
        }
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < m; ++j) {
            int i1 = (i + 1) % n, j1 = (j + 1) % m;
            int q[4] = {base + i * m + j, base + i1 * m + j, base + i1 * m + j1, base + i * m + j1};
            add_face(s, 4, q);
        }
}

/* A closed prism over an n-gon: two n-gon caps and n quads. */
static void prism(mmt_shape_faces *s, int n, double dx)
{
    int base = s->nv, cap[8];
    for (int z = 0; z < 2; ++z)
        for (int i = 0; i < n; ++i)
            add_vertex(s, dx + cos(2 * pi * i / n), sin(2 * pi * i / n), z * (1 + 0.1 * n));
    for (int i = 0; i < n; ++i) cap[i] = base + n - 1 - i;
    add_face(s, n, cap);
    for (int i = 0; i < n; ++i) cap[i] = base + n + i;
    add_face(s, n, cap);
    for (int i = 0; i < n; ++i) {
        int j = (i + 1) % n, q[4] = {base + i, base + j, base + n + j, base + n + i};
        add_face(s, 4, q);
    }
}

/* An open fan of n triangles around a raised centre. */
static void fan(mmt_shape_faces *s, int n, double dx)
{
    int c = add_vertex(s, dx, 0, 0.5), r = s->nv;
    for (int i = 0; i < n; ++i) add_vertex(s, dx + cos(2 * pi * i / n), sin(2 * pi * i / n), 0);
    for (int i = 0; i < n; ++i) {
        int t[3] = {c, r + i, r + (i + 1) % n};
        add_face(s, 3, t);
    }
}

void mmt_make_shape(mmt_shape_faces *s, int which)
{
    static const int holes[] = {7, 15, 29, -1};
    memset(s, 0, sizeof *s);
    switch (which) {
    case MMT_SHAPE_CUBE: prism(s, 4, 0); break;
    case MMT_SHAPE_TORUS: torus(s, 8, 6); break;
    case MMT_SHAPE_GRID: grid(s, 5, 4, NULL, 0); break;
    case MMT_SHAPE_HOLES: grid(s, 6, 6, holes, 0); break;
    case MMT_SHAPE_PRISMS:
        for (int n = 3; n <= 8; ++n) prism(s, n, 3.0 * n);
        break;
    case MMT_SHAPE_FAN: fan(s, 5, 0); break;
    default:
        grid(s, 3, 2, NULL, 0);
        prism(s, 5, 10);
        fan(s, 6, -5);
        torus(s, 5, 4);
        break;
    }
}

void mmt_triangulate(mmt_shape_faces *s)
{
    static mmt_shape_faces faces;
    faces = *s;
    s->nf = s->nids = 0;
    for (int f = 0; f < faces.nf; ++f) {
        const uint32_t *v = faces.ids + faces.offsets[f];
        for (int64_t i = 1; i + 1 < faces.offsets[f + 1] - faces.offsets[f]; ++i) {
            int t[3] = {(int)v[0], (int)v[i], (int)v[i + 1]};
            add_face(s, 3, t);
        }
    }
}

mm_mesh mmt_shape_mesh(mm_context ctx, const mmt_shape_faces *s, mm_type precision)
{
    return mmt_mesh_from_faces(ctx, s->nv, s->xyz, s->nf, s->offsets, 0, s->ids, precision);
}

mm_mesh mmt_triangle_shape(mm_context ctx, int which, mm_type precision)
{
    static mmt_shape_faces s;
    mmt_make_shape(&s, which);
    mmt_triangulate(&s);
    return mmt_shape_mesh(ctx, &s, precision);
}
