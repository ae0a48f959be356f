/* mesh_build.h: the internal mesh constructor the readers call (mm_mesh_new
 * without the public-entry bookkeeping, so a reader's error keeps its name). */
#ifndef MESHMAT_MESH_MESH_BUILD_H
#define MESHMAT_MESH_MESH_BUILD_H

#include "meshmat/mesh.h"

/* Validates desc (see mm_mesh_new) and builds the mesh in ctx's memory. */
mm_status mmi_mesh_build(mm_context ctx, mm_mesh *mesh, const mm_mesh_desc *desc);

#endif
