/* mesh_tags.h: a mesh's tags held once each, as OpenSubdiv applies them in
 * order: an edge (either orientation) or vertex tagged twice keeps the
 * sharpness given last, in the order of the last tags; holes are the faces
 * named, each once, in increasing order. Host arrays. */
#ifndef MESHMAT_MESH_MESH_TAGS_H
#define MESHMAT_MESH_MESH_TAGS_H

#include "meshmat/mesh.h"

typedef struct mmi_mesh_tags {
    int64_t num_creases, num_corners, num_holes;
    uint32_t *crease_vertices; /* 2 per crease */
    float *crease_sharpness;
    uint32_t *corner_vertices;
    float *corner_sharpness;
    uint32_t *hole_faces;
} mmi_mesh_tags;

/* The unique tags of a validated desc into *t (zeroed by the caller; free
 * with mmi_mesh_tags_free, also after a failure). */
mm_status mmi_mesh_tags_unique(mm_context ctx, const mm_mesh_desc *d, mmi_mesh_tags *t);
void mmi_mesh_tags_free(mm_context ctx, mmi_mesh_tags *t);

/* Refuses (MM_ERR_INVALID_MESH) mesh's crease tag i, found to name no edge of
 * the mesh, naming the tag and its two vertices (read from the mesh). */
mm_status mmi_mesh_refuse_crease(mm_context ctx, mm_mesh mesh, int64_t i);

/* Drops mesh's crease, corner and hole tags (a refined channel keeps none:
 * its sharpness is recomputed from the mesh it belongs to). */
void mmi_mesh_drop_tags(mm_mesh mesh);

#endif
