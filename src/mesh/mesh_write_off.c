/* mesh_write_off.c: the OFF writer: the OFF line, the counts "|V| |F| 0", one
 * vertex per line, one face per line "n i0 … i(n-1)" (0-based). OFF has no
 * tags: creases and corners are not written, and hole faces are left out (the
 * surface as it is seen). */
#include "mesh_write.h"

void mmi_mesh_write_off(mmi_writer *w, const mmi_host_mesh *m)
{
    const mm_mesh_info *in = &m->info;
    mmi_write_printf(w, "OFF\n%lld %lld 0\n", (long long)in->num_vertices,
                     (long long)(in->num_faces - in->num_holes));
    for (int64_t v = 0; v < in->num_vertices && w->err == 0; ++v) {
        for (int k = 0; k < 3; ++k) {
            if (k > 0) mmi_write_bytes(w, " ", 1);
            mmi_write_coord(w, m, v, k);
        }
        mmi_write_bytes(w, "\n", 1);
    }
    int64_t hole = 0;
    for (int64_t f = 0; f < in->num_faces && w->err == 0; ++f) {
        if (mmi_host_mesh_is_hole(m, f, &hole)) continue;
        int64_t a = m->a.face_offsets[f], b = m->a.face_offsets[f + 1];
        mmi_write_printf(w, "%lld", (long long)(b - a));
        for (int64_t i = a; i < b; ++i) mmi_write_spaced_uint(w, m->a.face_vertices[i]);
        mmi_write_bytes(w, "\n", 1);
    }
}
