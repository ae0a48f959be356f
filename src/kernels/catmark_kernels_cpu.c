/* catmark_kernels_cpu.c: the CPU launchers of the specialized Catmull-Clark
 * rules (the element loop of cpu_for.h) and their dispatch to the context's
 * backend. */
#include "catmark_quad_points.h"
#include "catmark_topology.h"
#include "cpu_launchers.h"

MMI_CPU_RANGE(edge_keys, mmi_sk_args, sk_edge_keys)
MMI_CPU_RANGE(edge_heads, mmi_sk_args, sk_edge_heads)
MMI_CPU_RANGE(edge_emit, mmi_sk_args, sk_edge_emit)
MMI_CPU_RANGE(check_fans, mmi_sk_args, sk_check_fan)
MMI_CPU_RANGE(face_of, mmi_sk_args, sk_face_of)
MMI_CPU_RANGE(ring_steps, mmi_sk_args, sk_ring_step_rule)
MMI_CPU_RANGE(edge_rows, mmi_sk_args, sk_edge_row)

mm_status mmi_sk_run_cpu(mm_context ctx, const mmi_sk_args *g)
{
    (void)ctx;
    switch (g->rule) {
    case MMI_SK_EDGE_KEYS: mmi_cpu_for(g->count, edge_keys, g); break;
    case MMI_SK_EDGE_HEADS: mmi_cpu_for(g->count, edge_heads, g); break;
    case MMI_SK_FACE_OF: mmi_cpu_for(g->count, face_of, g); break;
    case MMI_SK_RING_STEPS: mmi_cpu_for(g->count, ring_steps, g); break;
    case MMI_SK_EDGE_ROWS: mmi_cpu_for(g->count, edge_rows, g); break;
    /* EDGE_EMIT and CHECK_FANS may raise one shared flag from many elements
     * (a data race in C): they run on one thread. */
    case MMI_SK_EDGE_EMIT: edge_emit(g, 0, g->count); break;
    default: check_fans(g, 0, g->count); break;
    }
    return MM_OK;
}

mm_status mmi_sk_run(mm_context ctx, const mmi_sk_args *g)
{
    return MMI_BACKEND_CALL(ctx, mmi_sk_run, ctx, g);
}

MMI_CPU_LAUNCHER(mmi_sk_child_quads, mmi_sk_child_args, sk_child_corner)
MMI_SK_DATA_RANGE(face_points, mmi_sk_points0_args, sk_face_point)
MMI_SK_DATA_RANGE(edge_points, mmi_sk_points0_args, sk_edge_point)
MMI_SK_DATA_RANGE(vertex_points, mmi_sk_points0_args, sk_vertex_point)

mm_status mmi_sk_level0_points_cpu(mm_context ctx, const mmi_sk_points0_args *g)
{
    int64_t blocks = sk_blocks(g->data.d);
    (void)ctx;
    mmi_cpu_for(g->x.nf * blocks, face_points, g);
    mmi_cpu_for(g->x.ne * blocks, edge_points, g);
    mmi_cpu_for(g->x.nv * blocks, vertex_points, g);
    return MM_OK;
}

mm_status mmi_sk_level0_points(mm_context ctx, const mmi_sk_points0_args *g)
{
    return MMI_BACKEND_CALL(ctx, mmi_sk_level0_points, ctx, g);
}

MMI_SK_DATA_RANGE(quad_points, mmi_sk_points_args, sk_quad_point)
MMI_CPU_RANGE(grandchild_quads, mmi_sk_points_args, sk_grandchild_quad)
MMI_SK_POINTS_LAUNCHER(mmi_sk_quad_points, mmi_sk_points_args, quad_points, grandchild_quads,
                       sk_grandchild_count)
