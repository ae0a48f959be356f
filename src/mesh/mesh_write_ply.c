/* mesh_write_ply.c: the PLY writer, ASCII or binary little-endian: vertex
 * x, y, z as float (float32 meshes) or double, and a face list
 * `vertex_indices` with a uchar count when every face has < 256 vertices
 * (else uint), int ids (uint past 2^31 vertices). No tags: creases and
 * corners are not written, hole faces are left out. */
#include <string.h>

#include "mesh_write.h"

/* n bytes of u, least significant first. */
static unsigned char *put_le(unsigned char *p, uint64_t u, int n)
{
    for (int i = 0; i < n; ++i, u >>= 8) p[i] = (unsigned char)(u & 0xffu);
    return p + n;
}

static void write_header(mmi_writer *w, const mmi_host_mesh *m, int binary, int byte_counts,
                         int signed_ids)
{
    const char *real = m->info.precision == MM_TYPE_FLOAT32 ? "float" : "double";
    mmi_write_printf(w,
                     "ply\nformat %s 1.0\ncomment written by meshmat\n"
                     "element vertex %lld\nproperty %s x\nproperty %s y\nproperty %s z\n"
                     "element face %lld\nproperty list %s %s vertex_indices\nend_header\n",
                     binary ? "binary_little_endian" : "ascii", (long long)m->info.num_vertices,
                     real, real, real, (long long)(m->info.num_faces - m->info.num_holes),
                     byte_counts ? "uchar" : "uint", signed_ids ? "int" : "uint");
}

static size_t vertex_bound(const mmi_host_mesh *m, int64_t begin, int64_t end, const void *arg)
{
    (void)arg;
    return (size_t)(end - begin) * 3 * (m->info.precision == MM_TYPE_FLOAT32 ? 4 : 8);
}

/* x, y, z of each vertex in the mesh's precision (zeros past its dim). */
static char *vertex_format(const mmi_host_mesh *m, int64_t begin, int64_t end, char *out,
                           const void *arg)
{
    (void)arg;
    unsigned char *p = (unsigned char *)out;
    int64_t dim = m->info.dim;
    if (m->info.precision == MM_TYPE_FLOAT32) {
        const float *x = m->a.vertices;
        for (int64_t v = begin; v < end; ++v)
            for (int64_t k = 0; k < 3; ++k) {
                uint32_t u = 0;
                if (k < dim) memcpy(&u, &x[v * dim + k], sizeof u);
                p = put_le(p, u, 4);
            }
    } else {
        const double *x = m->a.vertices;
        for (int64_t v = begin; v < end; ++v)
            for (int64_t k = 0; k < 3; ++k) {
                uint64_t u = 0;
                if (k < dim) memcpy(&u, &x[v * dim + k], sizeof u);
                p = put_le(p, u, 8);
            }
    }
    return (char *)p;
}

static size_t face_bound(const mmi_host_mesh *m, int64_t begin, int64_t end, const void *arg)
{
    (void)arg;
    int64_t ids = mmi_face_start(m, end) - mmi_face_start(m, begin);
    return (size_t)(end - begin) * 4 + (size_t)ids * 4;
}

/* Each face but the holes: its count (a byte when *arg, else 4) and ids. */
static char *face_format(const mmi_host_mesh *m, int64_t begin, int64_t end, char *out,
                         const void *arg)
{
    int count_bytes = *(const int *)arg ? 1 : 4;
    unsigned char *p = (unsigned char *)out;
    int64_t hole = mmi_host_mesh_next_hole(m, begin);
    for (int64_t f = begin, a = mmi_face_start(m, begin), b; f < end; ++f, a = b) {
        b = mmi_face_start(m, f + 1);
        if (hole < m->info.num_holes && (int64_t)m->a.hole_faces[hole] == f) {
            ++hole;
            continue;
        }
        p = put_le(p, (uint64_t)(b - a), count_bytes);
        for (int64_t i = a; i < b; ++i) p = put_le(p, m->a.face_vertices[i], 4);
    }
    return (char *)p;
}

void mmi_mesh_write_ply(mmi_writer *w, const mmi_host_mesh *m, int binary)
{
    const mm_mesh_info *in = &m->info;
    int64_t max_order = in->uniform_order;
    for (int64_t f = 0; f < in->num_faces && in->uniform_order == 0; ++f) {
        int64_t c = mmi_face_start(m, f + 1) - mmi_face_start(m, f);
        if (c > max_order) max_order = c;
    }
    int byte_counts = max_order < 256, signed_ids = in->num_vertices <= INT32_MAX;
    write_header(w, m, binary, byte_counts, signed_ids);
    mmi_rows vertices = {in->num_vertices, 0, vertex_bound, vertex_format, NULL};
    mmi_rows faces = {in->num_faces, 0, face_bound, face_format, &byte_counts};
    static const mmi_text_columns xyz = {"", 3};
    if (!binary) {
        vertices = mmi_text_vertex_rows(m, &xyz);
        faces = mmi_text_face_rows(m, 0);
    }
    mmi_write_rows(w, m, &vertices);
    mmi_write_rows(w, m, &faces);
}
