/* loop_kernels_cpu.c: the CPU launchers of the specialized Loop rules (the
 * element loop of cpu_for.h) and their dispatch to the context's backend. */
#include "cpu_launchers.h"
#include "loop_topology.h"
#include "loop_tri_points.h"

MMI_CPU_LAUNCHER(mmi_lk_child_tris, mmi_sk_child_args, lk_child_tri)
MMI_CPU_LAUNCHER(mmi_lk_across_edges, mmi_sk_child_args, lk_across_edge)
MMI_SK_DATA_LAUNCHER(mmi_lk_level0_points, mmi_sk_points0_args, lk_level0_point)

MMI_SK_DATA_RANGE(tri_faces, mmi_sk_points_args, lk_tri_face_element)
MMI_CPU_RANGE(grandchild_tris, mmi_sk_points_args, lk_grandchild_row)
MMI_SK_POINTS_LAUNCHER(mmi_lk_tri_faces, mmi_sk_points_args, tri_faces, grandchild_tris,
                       lk_grandchild_count)

MMI_SK_DATA_RANGE(old_vertices, mmi_sk_points_args, lk_old_vertex)
MMI_CPU_LAUNCHER_OF(mmi_lk_old_vertices, mmi_sk_points_args, old_vertices)
