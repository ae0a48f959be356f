/* mesh_weld.h: the internals of mm_mesh_weld (meshmat/weld.h): its body
 * (mesh_weld.c) and the re-mapping of a mesh's tags (mesh_weld_tags.c) and
 * face-varying channels (mesh_weld_fvar.c) onto the welded mesh. */
#ifndef MESHMAT_MESH_MESH_WELD_H
#define MESHMAT_MESH_MESH_WELD_H

#include "meshmat/weld.h"

/* mm_mesh_weld without MM_WHERE: errors name the public caller. */
mm_status mmi_mesh_weld(mm_context ctx, mm_mesh mesh, const mm_weld_options *opts, mm_mesh *out,
                        mm_weld_report *report);

/* Gives out (the welded mesh) in's creases, corners and holes: new_id[v] is
 * vertex v's new id (host memory; read only where in has creases or
 * corners), face_scan[f] the number of faces kept among 0 … f (backend
 * memory); counts what was dropped into r. */
mm_status mmi_weld_tags(mm_context ctx, mm_mesh in, const uint32_t *new_id,
                        const uint32_t *face_scan, mm_mesh out, mm_weld_report *r);

/* Gives out (the welded mesh) in's face-varying channels, each kept face
 * keeping the values of its kept corners: new_id[v] is vertex v's new id
 * (host memory; read only where in has channels). */
mm_status mmi_weld_fvar(mm_context ctx, mm_mesh in, const uint32_t *new_id, mm_mesh out);

#endif
