/* mesh_validate.h: the checks mm_mesh_new runs on host face lists before
 * anything is built (DESIGN §3 "bad input"): each names the face or vertex at
 * fault and, when the mesh came from a file, its line. */
#ifndef MESHMAT_MESH_MESH_VALIDATE_H
#define MESHMAT_MESH_MESH_VALIDATE_H

#include "meshmat/mesh.h"

/* Checks sizes, vertex values, faces and crease data; counts the faces that
 * repeat a vertex into *degenerate (refused unless desc->keep_repeated). */
mm_status mmi_mesh_validate(mm_context ctx, const mm_mesh_desc *desc, int64_t *degenerate);

/* Order of face f (from the offsets, or the uniform order). */
static inline int64_t mmi_desc_face_order(const mm_mesh_desc *d, int64_t f)
{
    return d->face_offsets ? d->face_offsets[f + 1] - d->face_offsets[f] : d->face_order;
}

static inline int64_t mmi_desc_face_start(const mm_mesh_desc *d, int64_t f)
{
    return d->face_offsets ? d->face_offsets[f] : d->face_order * f;
}

#endif
