/* mesh_write_ply.c: the PLY writer, ASCII or binary little-endian: vertex
 * x, y, z as float (float32 meshes) or double, and a face list
 * `vertex_indices` with a uchar count when every face has < 256 vertices
 * (else uint), int ids (uint past 2^31 vertices). No tags: creases and
 * corners are not written, hole faces are left out. */
#include <string.h>

#include "mesh_write.h"

/* n bytes of u, least significant first. */
static void put_le(unsigned char *p, uint64_t u, int n)
{
    for (int i = 0; i < n; ++i, u >>= 8) p[i] = (unsigned char)(u & 0xffu);
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

static void write_vertex_binary(mmi_writer *w, const mmi_host_mesh *m, int64_t v)
{
    unsigned char b[24];
    int single = m->info.precision == MM_TYPE_FLOAT32, size = single ? 4 : 8;
    for (int k = 0; k < 3; ++k) {
        double x = mmi_host_mesh_coord(m, v, k);
        uint64_t bits;
        if (single) {
            float f = (float)x;
            uint32_t u32;
            memcpy(&u32, &f, sizeof u32);
            bits = u32;
        } else {
            memcpy(&bits, &x, sizeof bits);
        }
        put_le(b + k * size, bits, size);
    }
    mmi_write_bytes(w, b, (size_t)(3 * size));
}

static void write_face_binary(mmi_writer *w, const mmi_host_mesh *m, int64_t f, int byte_counts)
{
    unsigned char b[4];
    int64_t a = m->a.face_offsets[f], e = m->a.face_offsets[f + 1];
    put_le(b, (uint64_t)(e - a), byte_counts ? 1 : 4);
    mmi_write_bytes(w, b, byte_counts ? 1 : 4);
    for (int64_t i = a; i < e; ++i) {
        put_le(b, m->a.face_vertices[i], 4);
        mmi_write_bytes(w, b, 4);
    }
}

void mmi_mesh_write_ply(mmi_writer *w, const mmi_host_mesh *m, int binary)
{
    const mm_mesh_info *in = &m->info;
    int64_t max_order = 0;
    for (int64_t f = 0; f < in->num_faces; ++f) {
        int64_t c = m->a.face_offsets[f + 1] - m->a.face_offsets[f];
        if (c > max_order) max_order = c;
    }
    int byte_counts = max_order < 256, signed_ids = in->num_vertices <= INT32_MAX;
    write_header(w, m, binary, byte_counts, signed_ids);
    for (int64_t v = 0; v < in->num_vertices && w->err == 0; ++v) {
        if (binary) {
            write_vertex_binary(w, m, v);
            continue;
        }
        for (int k = 0; k < 3; ++k) {
            if (k > 0) mmi_write_bytes(w, " ", 1);
            mmi_write_coord(w, m, v, k);
        }
        mmi_write_bytes(w, "\n", 1);
    }
    int64_t hole = 0;
    for (int64_t f = 0; f < in->num_faces && w->err == 0; ++f) {
        if (mmi_host_mesh_is_hole(m, f, &hole)) continue;
        if (binary) {
            write_face_binary(w, m, f, byte_counts);
            continue;
        }
        int64_t a = m->a.face_offsets[f], e = m->a.face_offsets[f + 1];
        mmi_write_printf(w, "%lld", (long long)(e - a));
        for (int64_t i = a; i < e; ++i) mmi_write_spaced_uint(w, m->a.face_vertices[i]);
        mmi_write_bytes(w, "\n", 1);
    }
}
