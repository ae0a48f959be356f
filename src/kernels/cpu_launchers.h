/* cpu_launchers.h: what the CPU launchers of the specialized rules of every
 * scheme share, over cpu_for.h: the range of a vertex-data rule, and the
 * launcher of a points pass that the fused route's last step follows with
 * a faces pass. */
#ifndef MESHMAT_KERNELS_CPU_LAUNCHERS_H
#define MESHMAT_KERNELS_CPU_LAUNCHERS_H

#include "../core/cpu_for.h"

/* mmi_cpu_for's range function of a vertex-data rule rule(g, i, d, f64)
 * over Args (with an mmi_sk_data `data`): the data's width and type read at
 * run time, where the CUDA launchers fold them (fold_data.cuh). */
#define MMI_SK_DATA_RANGE(name, Args, rule)                                      \
    static void name(const void *args, int64_t begin, int64_t end)               \
    {                                                                            \
        const Args *g = (const Args *)args;                                      \
        for (int64_t i = begin; i < end; ++i) rule(g, i, g->data.d, g->data.f64); \
    }

/* MMI_CPU_LAUNCHER (cpu_for.h) for a vertex-data rule: x_cpu over the range
 * above, and x, the launcher pair's dispatch. */
#define MMI_SK_DATA_LAUNCHER(x, Args, rule)                                       \
    MMI_SK_DATA_RANGE(x##_range, Args, rule)                                     \
    MMI_CPU_LAUNCHER_OF(x, Args, x##_range)

/* Defines x_cpu(ctx, g, count): the range points over count elements, then,
 * where g->out_faces is set (the fused route's last step), the range faces
 * over faces_of(g) elements, after it where the CUDA launcher makes both in
 * one pass; and x, the launcher pair's dispatch to the context's backend. */
#define MMI_SK_POINTS_LAUNCHER(x, Args, points, faces, faces_of)                  \
    mm_status x##_cpu(mm_context ctx, const Args *g, int64_t count)              \
    {                                                                            \
        (void)ctx;                                                               \
        mmi_cpu_for(count, points, g);                                           \
        if (g->out_faces) mmi_cpu_for(faces_of(g), faces, g);                    \
        return MM_OK;                                                            \
    }                                                                            \
    MMI_BACKEND_ENTRY(x, Args)

#endif
