/* mesh_stats.h: the element rules of the mesh statistics (mesh.h's
 * mm_mesh_stats): how one edge of E is classified from its side counts in
 * E = M Mᵀ {Q_c + Q_c^{c-1}} and M Mᵀ {Q_c} (eq. 4, 6), and how a vertex's
 * incident edges are named for its fans. */
#ifndef MESHMAT_MESH_MESH_STATS_H
#define MESHMAT_MESH_MESH_STATS_H

#include <stdint.h>

#include "../core/hd.h"

/* A boundary edge: exactly one face side lies on it (E(b, a) = 1). A face
 * passing an edge twice (a bridge into a hole) gives it two sides: not boundary. */
MM_HD int mmi_edge_is_boundary(uint32_t forward, uint32_t backward)
{
    return forward + backward == 1;
}

/* A non-manifold edge: more than two face sides (E(b, a) > 2). */
MM_HD int mmi_edge_is_nonmanifold(uint32_t forward, uint32_t backward)
{
    return forward + backward > 2;
}

/* A flipped edge: two face sides, both traversing it the same way
 * (M Mᵀ {Q_c} is 2 one way, 0 the other). */
MM_HD int mmi_edge_is_flipped(uint32_t forward, uint32_t backward)
{
    return forward + backward == 2 && forward != 1;
}

/* An edge that is not a 2-manifold's (Vtr's non-manifold edge, which Far
 * sharpens): non-manifold or flipped. */
MM_HD int mmi_edge_breaks_manifold(uint32_t forward, uint32_t backward)
{
    return mmi_edge_is_nonmanifold(forward, backward) || mmi_edge_is_flipped(forward, backward);
}

/* The fan node of edge e = (a, b) seen from its end v: 2e at a, 2e + 1 at b,
 * i.e. one node per off-diagonal non-zero of E. */
MM_HD uint32_t mmi_fan_node(uint32_t e, uint32_t v, uint32_t b)
{
    return 2 * e + (v == b ? 1u : 0u);
}

#endif
