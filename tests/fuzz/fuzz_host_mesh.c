/* fuzz_host_mesh.c: host copies of meshes and the read-back check
 * (fuzz_host_mesh.h). */
#include "fuzz_host_mesh.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_mesh.h"

/* n elements of size bytes, zeroed; never NULL, so that every part is exported. */
static void *array(int64_t n, size_t size)
{
    void *p = calloc(n > 0 ? (size_t)n : 1, size);
    FUZZ_CHECK(p != NULL);
    return p;
}

static size_t real_size(const mm_mesh_info *in)
{
    return in->precision == MM_TYPE_FLOAT32 ? sizeof(float) : sizeof(double);
}

/* Vertex data value k of h as a double. */
static double value(const fuzz_host_mesh *h, int64_t k)
{
    return h->info.precision == MM_TYPE_FLOAT32 ? (double)((const float *)h->a.vertices)[k]
                                                : ((const double *)h->a.vertices)[k];
}

/* The range a PLY integer type holds ([-inf, inf] for float, double, none). */
static void type_range(const char *type, double *low, double *high)
{
    static const struct {
        const char *name;
        double low, high;
    } ranges[] = {{"char", -128.0, 127.0},   {"uchar", 0.0, 255.0},
                  {"short", -32768.0, 32767.0}, {"ushort", 0.0, 65535.0},
                  {"int", -2147483648.0, 2147483647.0}, {"uint", 0.0, 4294967295.0}};
    *low = -INFINITY;
    *high = INFINITY;
    for (size_t i = 0; type != NULL && i < sizeof ranges / sizeof ranges[0]; ++i)
        if (strcmp(type, ranges[i].name) == 0) *low = ranges[i].low, *high = ranges[i].high;
}

void fuzz_host_mesh_get(mm_mesh mesh, fuzz_host_mesh *h)
{
    mm_mesh_info *in = &h->info;
    FUZZ_CHECK(mm_mesh_info_get(mesh, in) == MM_OK);
    h->low = array(in->dim, sizeof(double));
    h->high = array(in->dim, sizeof(double));
    h->single = array(in->dim, 1);
    for (int64_t c = 0; c < in->dim; ++c) {
        const char *type = c < 3 ? NULL : mm_mesh_vertex_property_type(mesh, (int)c);
        type_range(type, &h->low[c], &h->high[c]);
        h->single[c] = type != NULL && strcmp(type, "float") == 0;
    }
    h->a.vertices = array(in->num_vertices * in->dim, real_size(in));
    h->a.face_offsets = array(in->num_faces + 1, sizeof(int64_t));
    h->a.face_vertices = array(in->nnz, sizeof(uint32_t));
    h->a.crease_vertices = array(2 * in->num_creases, sizeof(uint32_t));
    h->a.crease_sharpness = array(in->num_creases, sizeof(float));
    h->a.corner_vertices = array(in->num_corners, sizeof(uint32_t));
    h->a.corner_sharpness = array(in->num_corners, sizeof(float));
    h->a.hole_faces = array(in->num_holes, sizeof(uint32_t));
    FUZZ_CHECK(mm_mesh_export(mesh, &h->a) == MM_OK);
    FUZZ_CHECK(h->a.face_offsets[0] == 0 && h->a.face_offsets[in->num_faces] == in->nnz);
}

void fuzz_host_mesh_free(fuzz_host_mesh *h)
{
    free(h->a.vertices);
    free(h->a.face_offsets);
    free(h->a.face_vertices);
    free(h->a.crease_vertices);
    free(h->a.crease_sharpness);
    free(h->a.corner_vertices);
    free(h->a.corner_sharpness);
    free(h->a.hole_faces);
    free(h->low);
    free(h->high);
    free(h->single);
    memset(h, 0, sizeof *h);
}

static int same(const void *a, const void *b, int64_t n, size_t size)
{
    return n == 0 || memcmp(a, b, (size_t)n * size) == 0;
}

/* OFF and PLY: back's faces are w's faces but its holes, in order. */
static void check_faces_but_holes(const fuzz_host_mesh *w, const fuzz_host_mesh *back)
{
    char *hole = array(w->info.num_faces, 1);
    for (int64_t i = 0; i < w->info.num_holes; ++i) hole[w->a.hole_faces[i]] = 1;
    int64_t g = 0;
    for (int64_t f = 0; f < w->info.num_faces; ++f) {
        if (hole[f]) continue;
        FUZZ_CHECK(g < back->info.num_faces);
        const int64_t *wo = w->a.face_offsets, *bo = back->a.face_offsets;
        FUZZ_CHECK(wo[f + 1] - wo[f] == bo[g + 1] - bo[g]);
        FUZZ_CHECK(same(w->a.face_vertices + wo[f], back->a.face_vertices + bo[g],
                        wo[f + 1] - wo[f], sizeof(uint32_t)));
        ++g;
    }
    FUZZ_CHECK(g == back->info.num_faces);
    free(hole);
}

void fuzz_check_read_back(const fuzz_host_mesh *w, const fuzz_host_mesh *back,
                          mm_file_format format)
{
    const mm_mesh_info *a = &w->info, *b = &back->info;
    /* PLY keeps every column (the further ones as named vertex properties);
     * OBJ and OFF keep x, y, z */
    int ply = format == MM_FILE_PLY_ASCII || format == MM_FILE_PLY_BINARY;
    FUZZ_CHECK(b->num_vertices == a->num_vertices && b->dim == (ply ? a->dim : 3));
    FUZZ_CHECK(b->precision == a->precision);
    for (int64_t v = 0; v < a->num_vertices; ++v)
        for (int64_t c = 0; c < b->dim; ++c) {
            double x = value(w, v * a->dim + c), y = value(back, v * b->dim + c);
            if (isfinite(w->low[c])) { /* an integer PLY type: rounded, clamped */
                x = fmin(fmax(round(x), w->low[c]), w->high[c]);
                FUZZ_CHECK(y == x);
            } else if (w->single[c]) { /* PLY float: a float32, bit for bit */
                float xf = (float)x, yf = (float)y;
                FUZZ_CHECK(memcmp(&xf, &yf, sizeof xf) == 0);
            } else {
                size_t size = real_size(a);
                FUZZ_CHECK(same((const char *)w->a.vertices + (size_t)(v * a->dim + c) * size,
                                (const char *)back->a.vertices + (size_t)(v * b->dim + c) * size,
                                1, size));
            }
        }
    if (format != MM_FILE_OBJ) {
        FUZZ_CHECK(b->num_faces == a->num_faces - a->num_holes);
        FUZZ_CHECK(b->num_creases == 0 && b->num_corners == 0 && b->num_holes == 0);
        check_faces_but_holes(w, back);
        return;
    }
    FUZZ_CHECK(b->num_faces == a->num_faces && b->nnz == a->nnz && b->boundary == a->boundary);
    FUZZ_CHECK(same(w->a.face_offsets, back->a.face_offsets, a->num_faces + 1, sizeof(int64_t)));
    FUZZ_CHECK(same(w->a.face_vertices, back->a.face_vertices, a->nnz, sizeof(uint32_t)));
    FUZZ_CHECK(b->num_creases == a->num_creases && b->num_corners == a->num_corners &&
               b->num_holes == a->num_holes);
    FUZZ_CHECK(same(w->a.crease_vertices, back->a.crease_vertices, 2 * a->num_creases,
                    sizeof(uint32_t)));
    FUZZ_CHECK(same(w->a.crease_sharpness, back->a.crease_sharpness, a->num_creases,
                    sizeof(float)));
    FUZZ_CHECK(same(w->a.corner_vertices, back->a.corner_vertices, a->num_corners,
                    sizeof(uint32_t)));
    FUZZ_CHECK(same(w->a.corner_sharpness, back->a.corner_sharpness, a->num_corners,
                    sizeof(float)));
    FUZZ_CHECK(same(w->a.hole_faces, back->a.hole_faces, a->num_holes, sizeof(uint32_t)));
}
