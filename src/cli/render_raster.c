/* render_raster.c: the software rasterizer of `meshmat render`
 * (render_raster.h). Everything is drawn at SS × SS the output's size, then
 * averaged down (anti-aliased edges and lines). Each pixel keeps the inverse
 * of its depth (1/z is affine in screen space under a perspective, so it is
 * interpolated linearly over triangles and lines): larger is nearer, 0 is the
 * background. */
#include "render_raster.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define SS 2
#define PI 3.14159265358979323846
#define AZIMUTH (30.0 * PI / 180)
#define ELEVATION (25.0 * PI / 180)
#define FIELD_OF_VIEW (30.0 * PI / 180)
#define FILL 0.9 /* of the frame the box's corners may reach */
#define AMBIENT 0.3
#define DIFFUSE 0.7
/* An edge farther than this behind the surface drawn at its pixel is
 * hidden (a fraction of the box's half-diagonal: it absorbs the depth
 * differences of a line and the triangles along it, not a surface between). */
#define EDGE_TOLERANCE 0.01

static const double front_colour[3] = {0.55, 0.68, 0.90};
static const double back_colour[3] = {0.85, 0.70, 0.55};
static const unsigned char edge_colour[3] = {25, 35, 60};

typedef struct camera {
    double c[3];          /* the box's centre, which the camera looks at    */
    double u[3], v[3], w[3]; /* right, up, towards the eye (orthonormal)    */
    double dist;          /* from the eye to c                              */
    double focal;         /* in supersampled pixels                         */
    double cx, cy;        /* the image's centre in supersampled pixels      */
    double radius;        /* the box's half-diagonal                        */
    double light[3];      /* towards the light, unit                        */
} camera;

typedef struct raster {
    int w, h;            /* supersampled size */
    float *iz;           /* inverse depth per pixel, 0: background */
    unsigned char *rgb;
} raster;

static double dot(const double a[3], const double b[3])
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

static void normalize(double a[3])
{
    double n = sqrt(dot(a, a));
    for (int k = 0; k < 3; ++k) a[k] /= n;
}

static int drawn(const render_mesh *m, int64_t f)
{
    return m->hidden == NULL || !m->hidden[f];
}

/* The camera: the direction fixed, the distance the least that keeps the
 * eight corners of the drawn faces' box inside FILL of the frame. */
static void fit_camera(const render_mesh *m, int width, int height, camera *cam)
{
    double lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY};
    for (int64_t f = 0; f < m->num_faces; ++f) {
        if (!drawn(m, f)) continue;
        for (int64_t i = m->offsets[f]; i < m->offsets[f + 1]; ++i)
            for (int k = 0; k < 3; ++k) {
                double x = m->xyz[3 * (int64_t)m->ids[i] + k];
                lo[k] = fmin(lo[k], x);
                hi[k] = fmax(hi[k], x);
            }
    }
    for (int k = 0; k < 3; ++k) cam->c[k] = 0.5 * lo[k] + 0.5 * hi[k];
    cam->radius = 0.5 * hypot(hypot(hi[0] - lo[0], hi[1] - lo[1]), hi[2] - lo[2]);
    if (!(cam->radius > 0)) cam->radius = 1; /* a single point: any scale */
    double w[3] = {sin(AZIMUTH) * cos(ELEVATION), sin(ELEVATION), cos(AZIMUTH) * cos(ELEVATION)};
    double u[3] = {w[2], 0, -w[0]}; /* +y × w */
    normalize(u);
    double v[3] = {w[1] * u[2] - w[2] * u[1], w[2] * u[0] - w[0] * u[2], w[0] * u[1] - w[1] * u[0]};
    memcpy(cam->w, w, sizeof w);
    memcpy(cam->u, u, sizeof u);
    memcpy(cam->v, v, sizeof v);
    cam->cx = 0.5 * SS * width;
    cam->cy = 0.5 * SS * height;
    cam->focal = cam->cy / tan(0.5 * FIELD_OF_VIEW);
    cam->dist = 0;
    for (int corner = 0; corner < 8; ++corner) {
        double q[3];
        for (int k = 0; k < 3; ++k) q[k] = ((corner >> k) & 1 ? hi[k] : lo[k]) - cam->c[k];
        double z = dot(q, w);
        /* focal |x| / (dist - z) <= FILL cx, and the same for y */
        double need_x = z + cam->focal * fabs(dot(q, u)) / (FILL * cam->cx);
        double need_y = z + cam->focal * fabs(dot(q, v)) / (FILL * cam->cy);
        cam->dist = fmax(cam->dist, fmax(need_x, need_y));
        cam->dist = fmax(cam->dist, z + 0.01 * cam->radius); /* in front of the eye */
    }
    double light[3];
    for (int k = 0; k < 3; ++k) light[k] = -0.45 * u[k] + 0.6 * v[k] + 0.65 * w[k];
    normalize(light);
    memcpy(cam->light, light, sizeof light);
}

/* p's place in the supersampled image and the inverse of its depth. */
static void project(const camera *cam, const double p[3], double s[3])
{
    double q[3] = {p[0] - cam->c[0], p[1] - cam->c[1], p[2] - cam->c[2]};
    double depth = cam->dist - dot(q, cam->w);
    s[0] = cam->cx + cam->focal * dot(q, cam->u) / depth;
    s[1] = cam->cy - cam->focal * dot(q, cam->v) / depth;
    s[2] = 1.0 / depth;
}

/* (q - p) × (x - p), the z of the 2-D cross product: twice the signed area. */
static double edge_fn(const double p[3], const double q[3], double x, double y)
{
    return (q[0] - p[0]) * (y - p[1]) - (q[1] - p[1]) * (x - p[0]);
}

static void fill_triangle(raster *r, const double a[3], const double b[3], const double c[3],
                          const unsigned char colour[3])
{
    double area = edge_fn(a, b, c[0], c[1]);
    if (area == 0 || !isfinite(area)) return;
    int x0 = (int)fmax(0, floor(fmin(a[0], fmin(b[0], c[0])))),
        x1 = (int)fmin(r->w - 1, ceil(fmax(a[0], fmax(b[0], c[0])))),
        y0 = (int)fmax(0, floor(fmin(a[1], fmin(b[1], c[1])))),
        y1 = (int)fmin(r->h - 1, ceil(fmax(a[1], fmax(b[1], c[1]))));
    for (int y = y0; y <= y1; ++y)
        for (int x = x0; x <= x1; ++x) {
            double px = x + 0.5, py = y + 0.5;
            double wa = edge_fn(b, c, px, py) / area, wb = edge_fn(c, a, px, py) / area,
                   wc = edge_fn(a, b, px, py) / area;
            if (wa < 0 || wb < 0 || wc < 0) continue;
            float iz = (float)(wa * a[2] + wb * b[2] + wc * c[2]);
            size_t i = (size_t)y * (size_t)r->w + (size_t)x;
            if (iz <= r->iz[i]) continue;
            r->iz[i] = iz;
            memcpy(r->rgb + 3 * i, colour, 3);
        }
}

/* The face's colour: its area vector (the sum of its fan's cross products)
 * as the normal, turned towards the eye (back faces get their own colour),
 * lit by Lambert's law. Returns 0 for a face of no area. */
static int shade(const render_mesh *m, const camera *cam, int64_t f, unsigned char colour[3])
{
    int64_t a = m->offsets[f], b = m->offsets[f + 1];
    const double *p0 = m->xyz + 3 * (int64_t)m->ids[a];
    double n[3] = {0, 0, 0}, centroid[3] = {0, 0, 0}, e1[3], e2[3];
    for (int k = 0; k < 3; ++k) e1[k] = m->xyz[3 * (int64_t)m->ids[a + 1] + k] - p0[k];
    for (int64_t i = a + 2; i < b; ++i) {
        for (int k = 0; k < 3; ++k) e2[k] = m->xyz[3 * (int64_t)m->ids[i] + k] - p0[k];
        n[0] += e1[1] * e2[2] - e1[2] * e2[1];
        n[1] += e1[2] * e2[0] - e1[0] * e2[2];
        n[2] += e1[0] * e2[1] - e1[1] * e2[0];
        memcpy(e1, e2, sizeof e1);
    }
    double len = sqrt(dot(n, n));
    if (!(len > 0) || !isfinite(len)) return 0;
    for (int64_t i = a; i < b; ++i)
        for (int k = 0; k < 3; ++k) centroid[k] += m->xyz[3 * (int64_t)m->ids[i] + k] / (double)(b - a);
    double to_eye[3];
    for (int k = 0; k < 3; ++k) {
        n[k] /= len;
        to_eye[k] = cam->c[k] + cam->dist * cam->w[k] - centroid[k];
    }
    int back = dot(n, to_eye) < 0;
    double lambert = (back ? -1 : 1) * dot(n, cam->light);
    double intensity = AMBIENT + DIFFUSE * fmax(0, lambert);
    const double *base = back ? back_colour : front_colour;
    for (int k = 0; k < 3; ++k) colour[k] = (unsigned char)lrint(255 * base[k] * intensity);
    return 1;
}

/* The segment a–b, one output pixel wide, where it is not hidden. */
static void draw_edge(raster *r, const camera *cam, const double a[3], const double b[3])
{
    double dx = b[0] - a[0], dy = b[1] - a[1];
    double steps = ceil(fmax(fabs(dx), fabs(dy)));
    if (!(steps >= 1)) steps = 1;
    double tolerance = EDGE_TOLERANCE * cam->radius;
    for (double k = 0; k <= steps; ++k) {
        double t = k / steps, x = a[0] + t * dx, y = a[1] + t * dy;
        double depth = 1.0 / (a[2] + t * (b[2] - a[2]));
        int px = (int)floor(x - 0.5 * (SS - 1)), py = (int)floor(y - 0.5 * (SS - 1));
        for (int j = py; j < py + SS; ++j)
            for (int i = px; i < px + SS; ++i) {
                if (i < 0 || j < 0 || i >= r->w || j >= r->h) continue;
                size_t p = (size_t)j * (size_t)r->w + (size_t)i;
                if (r->iz[p] > 0 && depth > 1.0 / r->iz[p] + tolerance) continue;
                memcpy(r->rgb + 3 * p, edge_colour, 3);
            }
    }
}

/* The supersampled image averaged down to the output. */
static void downsample(const raster *r, int width, int height, unsigned char *rgb)
{
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x)
            for (int k = 0; k < 3; ++k) {
                int sum = 0;
                for (int j = 0; j < SS; ++j)
                    for (int i = 0; i < SS; ++i)
                        sum += r->rgb[3 * ((size_t)(SS * y + j) * (size_t)r->w + (size_t)(SS * x + i)) + k];
                rgb[3 * ((size_t)y * (size_t)width + (size_t)x) + k] =
                    (unsigned char)((sum + SS * SS / 2) / (SS * SS));
            }
}

int render_draw(const render_mesh *m, int wireframe, int width, int height, unsigned char *rgb)
{
    camera cam;
    raster r = {SS * width, SS * height, NULL, NULL};
    size_t pixels = (size_t)r.w * (size_t)r.h;
    r.iz = calloc(pixels, sizeof *r.iz);
    r.rgb = malloc(3 * pixels);
    if (r.iz == NULL || r.rgb == NULL) {
        free(r.iz);
        free(r.rgb);
        return ENOMEM;
    }
    memset(r.rgb, RENDER_BACKGROUND, 3 * pixels);
    fit_camera(m, width, height, &cam);
    for (int64_t f = 0; f < m->num_faces; ++f) {
        unsigned char colour[3];
        if (!drawn(m, f) || !shade(m, &cam, f, colour)) continue;
        int64_t a = m->offsets[f], b = m->offsets[f + 1];
        double s0[3], s1[3], s2[3];
        project(&cam, m->xyz + 3 * (int64_t)m->ids[a], s0);
        project(&cam, m->xyz + 3 * (int64_t)m->ids[a + 1], s1);
        for (int64_t i = a + 2; i < b; ++i) {
            project(&cam, m->xyz + 3 * (int64_t)m->ids[i], s2);
            fill_triangle(&r, s0, s1, s2, colour);
            memcpy(s1, s2, sizeof s1);
        }
    }
    for (int64_t f = 0; wireframe && f < m->num_faces; ++f) {
        if (!drawn(m, f)) continue;
        int64_t a = m->offsets[f], n = m->offsets[f + 1] - a;
        for (int64_t i = 0; i < n; ++i) {
            double s0[3], s1[3];
            project(&cam, m->xyz + 3 * (int64_t)m->ids[a + i], s0);
            project(&cam, m->xyz + 3 * (int64_t)m->ids[a + (i + 1) % n], s1);
            draw_edge(&r, &cam, s0, s1);
        }
    }
    downsample(&r, width, height, rgb);
    free(r.iz);
    free(r.rgb);
    return 0;
}
