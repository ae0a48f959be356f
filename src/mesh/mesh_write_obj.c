/* mesh_write_obj.c: the OBJ writer: `v x y z`, the channels "uv" and
 * "normal" as `vt u v [w]` and `vn x y z`, `f` with 1-based indices (`v/vt`,
 * `v/vt/vn`, `v//vn` with channels), and the tags as OpenSubdiv writes them
 * (`t crease 2/1/0 a b s`, `t corner 1/1/0 v s`, `t hole 1/0/0 f`, 0-based ids; `t interpolateboundary 1/0/0 k`
 * for a rule other than EDGE_ONLY, OpenSubdiv's default), which mm_mesh_read
 * reads back. */
#include "mesh_write.h"
#include "shortest_decimal.h"

/* A tag's sharpness and the line end. */
static void write_sharpness(mmi_writer *w, float s)
{
    char buf[MMI_SHORTEST_MAX + 1];
    char *end = mmi_put_real(buf, s, 1);
    *end++ = '\n';
    mmi_write_bytes(w, buf, (size_t)(end - buf));
}

void mmi_mesh_write_obj(mmi_writer *w, const mmi_host_mesh *m)
{
    const mm_mesh_info *in = &m->info;
    mmi_write_printf(w,
                     "# meshmat: %lld vertices, %lld faces, %lld creases, %lld corners, %lld "
                     "holes\n",
                     (long long)in->num_vertices, (long long)in->num_faces,
                     (long long)in->num_creases, (long long)in->num_corners,
                     (long long)in->num_holes);
    static const mmi_text_columns v = {"v ", 3}, vn = {"vn ", 3};
    mmi_rows vertices = mmi_text_vertex_rows(m, &v);
    mmi_write_rows(w, m, &vertices);
    if (m->uv != NULL) {
        mmi_text_columns vt = {"vt ", (int)m->uv->info.dim};
        mmi_rows uvs = mmi_text_vertex_rows(m->uv, &vt);
        mmi_write_rows(w, m->uv, &uvs);
    }
    if (m->normal != NULL) {
        mmi_rows normals = mmi_text_vertex_rows(m->normal, &vn);
        mmi_write_rows(w, m->normal, &normals);
    }
    mmi_rows faces = m->uv != NULL || m->normal != NULL ? mmi_obj_corner_face_rows(m)
                                                        : mmi_text_face_rows(m, 1);
    mmi_write_rows(w, m, &faces);
    for (int64_t c = 0; c < in->num_creases && w->err == 0; ++c) {
        mmi_write_printf(w, "t crease 2/1/0 %u %u ", m->a.crease_vertices[2 * c],
                         m->a.crease_vertices[2 * c + 1]);
        write_sharpness(w, m->a.crease_sharpness[c]);
    }
    for (int64_t c = 0; c < in->num_corners && w->err == 0; ++c) {
        mmi_write_printf(w, "t corner 1/1/0 %u ", m->a.corner_vertices[c]);
        write_sharpness(w, m->a.corner_sharpness[c]);
    }
    for (int64_t h = 0; h < in->num_holes && w->err == 0; ++h)
        mmi_write_printf(w, "t hole 1/0/0 %u\n", m->a.hole_faces[h]);
    /* OpenSubdiv's numbering: 0 none, 1 edge-and-corner. The empty mesh gets
     * it as a `# osd-tag:` comment: the reader takes a file of comments only
     * for the empty mesh, and refuses one with a statement but no v or f. */
    if (in->boundary != MM_BOUNDARY_EDGE_ONLY)
        mmi_write_printf(w, "%st interpolateboundary 1/0/0 %d\n",
                         in->num_vertices == 0 ? "# osd-tag: " : "",
                         in->boundary == MM_BOUNDARY_NONE ? 0 : 1);
}
