/* limit_stencils.h: the limit stencils of a mesh taken as the last level of
 * a refinement (docs/limit.md): three |V| × |V| matrices, the limit
 * position L and the tangents T1, T2, each row one vertex's mask
 * (src/rules/limit_masks.h) over its ring in OpenSubdiv's order. Built on
 * the host from the mesh's topology and tags, applied by the caller with
 * the static-mode SpMV on any backend. */
#ifndef MESHMAT_SCHEMES_LIMIT_STENCILS_H
#define MESHMAT_SCHEMES_LIMIT_STENCILS_H

#include "meshmat/subdiv.h"

enum { MMI_LIMIT_MASKS = 3 }; /* position, tangent 1, tangent 2 */

/* Host CSR arrays (mmi_host_array), FLOAT64 values, columns sorted and
 * unique in each row; masks [1] and [2] are empty when not asked for. */
typedef struct mmi_limit_stencils {
    int64_t nv;
    int64_t nnz[MMI_LIMIT_MASKS], room;
    int64_t *ptr[MMI_LIMIT_MASKS];
    uint32_t *cols[MMI_LIMIT_MASKS];
    double *values[MMI_LIMIT_MASKS];
} mmi_limit_stencils;

/* The stencils of mesh for scheme (Catmull-Clark or Loop) and boundary
 * (EDGE_ONLY, EDGE_AND_CORNER or NONE, which evaluates as EDGE_ONLY:
 * OpenSubdiv's limit ignores holes); the tangents' when tangents != 0.
 * Refused (MM_ERR_INVALID_MESH, naming the element): faces that repeat a
 * vertex, Loop on a face that is not a triangle, and with tangents a vertex
 * that is not a 2-manifold one (on an edge of more than two faces or passed
 * twice the same way, or whose faces form several fans: OpenSubdiv leaves
 * the order of its edges arbitrary there); without tangents such a vertex
 * gets the position mask of the rule Far sharpens it to (a corner, or a
 * crease inside a fin), which needs no order. A vertex in no face keeps its point and
 * has zero tangents, as in Far. *out is zeroed first; free it with
 * mmi_limit_stencils_free, also after a failure. */
mm_status mmi_limit_stencils_build(mm_context ctx, mm_mesh mesh, mm_scheme scheme,
                                   mm_boundary boundary, int tangents, mmi_limit_stencils *out);

void mmi_limit_stencils_free(mm_context ctx, mmi_limit_stencils *s);

#endif
