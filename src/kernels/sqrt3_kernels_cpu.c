/* sqrt3_kernels_cpu.c: the CPU launchers of the specialized √3 rules (the
 * element loop of cpu_for.h) and their dispatch to the context's backend. */
#include "cpu_launchers.h"
#include "sqrt3_tri_points.h"

MMI_CPU_LAUNCHER(mmi_s3_child_tris, mmi_s3_child_args, s3_child_tri)
MMI_CPU_LAUNCHER(mmi_s3_child_ends, mmi_s3_child_args, s3_child_ends)
MMI_CPU_LAUNCHER(mmi_s3_boundary_flags, mmi_s3_child_args, s3_boundary_flag)
MMI_SK_DATA_LAUNCHER(mmi_s3_level0_points, mmi_sk_points0_args, s3_level0_point)

MMI_SK_DATA_RANGE(tri_faces, mmi_s3_tri_args, s3_tri_face)
MMI_CPU_RANGE(grandchild_tris, mmi_s3_tri_args, s3_grandchild_row)
MMI_SK_POINTS_LAUNCHER(mmi_s3_tri_faces, mmi_s3_tri_args, tri_faces, grandchild_tris,
                       s3_grandchild_count)

MMI_SK_DATA_RANGE(old_vertices, mmi_s3_tri_args, s3_old_vertex)
MMI_CPU_LAUNCHER_OF(mmi_s3_old_vertices, mmi_s3_tri_args, old_vertices)
