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
    static const mmi_text_columns xyz = {"", 3};
    mmi_rows vertices = mmi_text_vertex_rows(m, &xyz), faces = mmi_text_face_rows(m, 0);
    mmi_write_rows(w, m, &vertices);
    mmi_write_rows(w, m, &faces);
}
