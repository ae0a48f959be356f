/* mesh_write_ply.c: the PLY writer, ASCII or binary little-endian: vertex
 * x, y, z as float (float32 meshes) or double, then the vertex data's named
 * columns (mesh_impl.h's vertex properties) as properties of their own
 * names and types, and a face list `vertex_indices` with a uchar count when
 * every face has < 256 vertices (else uint), int ids (uint past 2^31
 * vertices). No tags: creases and corners are not written, hole faces are
 * left out. */
#include <string.h>

#include "mesh_impl.h"
#include "mesh_write.h"
#include "shortest_decimal.h"

/* n bytes of u, least significant first. */
static unsigned char *put_le(unsigned char *p, uint64_t u, int n)
{
    for (int i = 0; i < n; ++i, u >>= 8) p[i] = (unsigned char)(u & 0xffu);
    return p + n;
}

/* Whether m has a named column past x, y, z (then its vertex rows are
 * written by the *_columns formatters below). */
static int has_named_columns(const mmi_host_mesh *m)
{
    for (int64_t i = 0; i < m->num_vprops; ++i)
        if (m->vprops[i].name != NULL) return 1;
    return 0;
}

static void write_header(mmi_writer *w, const mmi_host_mesh *m, int binary, int byte_counts,
                         int signed_ids)
{
    const char *real = m->info.precision == MM_TYPE_FLOAT32 ? "float" : "double";
    mmi_write_printf(w,
                     "ply\nformat %s 1.0\ncomment written by meshmat\n"
                     "element vertex %lld\nproperty %s x\nproperty %s y\nproperty %s z\n",
                     binary ? "binary_little_endian" : "ascii", (long long)m->info.num_vertices,
                     real, real, real);
    for (int64_t i = 0; i < m->num_vprops; ++i)
        if (m->vprops[i].name != NULL)
            mmi_write_printf(w, "property %s %s\n", mmi_ply_type_name(m->vprops[i].type),
                             m->vprops[i].name);
    mmi_write_printf(w, "element face %lld\nproperty list %s %s vertex_indices\nend_header\n",
                     (long long)(m->info.num_faces - m->info.num_holes),
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

/* Bytes of one binary vertex row with the named columns. */
static size_t binary_row_bytes(const mmi_host_mesh *m)
{
    size_t bytes = 3 * (m->info.precision == MM_TYPE_FLOAT32 ? 4 : 8);
    for (int64_t i = 0; i < m->num_vprops; ++i)
        if (m->vprops[i].name != NULL) bytes += mmi_ply_type_size(m->vprops[i].type);
    return bytes;
}

static size_t binary_columns_bound(const mmi_host_mesh *m, int64_t begin, int64_t end,
                                   const void *arg)
{
    (void)arg;
    return (size_t)(end - begin) * binary_row_bytes(m);
}

/* x as a little-endian value of type t (integers: mmi_ply_integer_of). */
static unsigned char *put_value(unsigned char *p, double x, ply_type t)
{
    if (t == PLY_F64) {
        uint64_t u;
        memcpy(&u, &x, sizeof u);
        return put_le(p, u, 8);
    }
    if (t == PLY_F32) {
        float f = (float)x;
        uint32_t u;
        memcpy(&u, &f, sizeof u);
        return put_le(p, u, 4);
    }
    return put_le(p, (uint64_t)mmi_ply_integer_of(x, t), (int)mmi_ply_type_size(t));
}

/* Each vertex's x, y, z (vertex_format) then its named columns in their
 * types. */
static char *binary_columns_format(const mmi_host_mesh *m, int64_t begin, int64_t end,
                                   char *out, const void *arg)
{
    (void)arg;
    unsigned char *p = (unsigned char *)out;
    for (int64_t v = begin; v < end; ++v) {
        p = (unsigned char *)vertex_format(m, v, v + 1, (char *)p, NULL);
        for (int64_t i = 0; i < m->num_vprops; ++i)
            if (m->vprops[i].name != NULL)
                p = put_value(p, mmi_host_mesh_coord(m, v, (int)(i + 3)), m->vprops[i].type);
    }
    return (char *)p;
}

/* Longest text of one value with its separator. */
#define VALUE_TEXT (MMI_SHORTEST_MAX + 1)

static size_t text_columns_bound(const mmi_host_mesh *m, int64_t begin, int64_t end,
                                 const void *arg)
{
    (void)arg;
    return (size_t)(end - begin) * ((size_t)(3 + m->num_vprops) * VALUE_TEXT + 1);
}

/* x as text of type t: the shortest decimal of a float or double, an
 * integer (mmi_ply_integer_of) in decimal. */
static char *put_text_value(char *out, double x, ply_type t)
{
    if (t == PLY_F32 || t == PLY_F64) return mmi_put_real(out, x, t == PLY_F32);
    int64_t i = mmi_ply_integer_of(x, t);
    if (i < 0) *out++ = '-';
    return mmi_put_uint(out, i < 0 ? (uint64_t)-i : (uint64_t)i);
}

/* Each vertex as a text row: x y z in the mesh's precision, then its named
 * columns in their types. */
static char *text_columns_format(const mmi_host_mesh *m, int64_t begin, int64_t end, char *out,
                                 const void *arg)
{
    (void)arg;
    int single = m->info.precision == MM_TYPE_FLOAT32;
    for (int64_t v = begin; v < end; ++v) {
        for (int k = 0; k < 3; ++k) {
            if (k > 0) *out++ = ' ';
            out = mmi_put_real(out, mmi_host_mesh_coord(m, v, k), single);
        }
        for (int64_t i = 0; i < m->num_vprops; ++i) {
            if (m->vprops[i].name == NULL) continue;
            *out++ = ' ';
            out = put_text_value(out, mmi_host_mesh_coord(m, v, (int)(i + 3)), m->vprops[i].type);
        }
        *out++ = '\n';
    }
    return out;
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
    if (has_named_columns(m)) { /* else the rows above, as fast as before */
        mmi_rows columns = {in->num_vertices, !binary,
                            binary ? binary_columns_bound : text_columns_bound,
                            binary ? binary_columns_format : text_columns_format, NULL};
        vertices = columns;
    }
    mmi_write_rows(w, m, &vertices);
    mmi_write_rows(w, m, &faces);
}
