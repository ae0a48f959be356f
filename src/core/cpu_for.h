/* cpu_for.h: the CPU backend's element loop. A launcher hands mmi_cpu_for a
 * range function (its element rule over [begin, end)) and its arguments; the
 * range [0, count) is cut into fixed chunks dealt round-robin to OpenMP's
 * threads (OMP_NUM_THREADS; one thread when meshmat is built without
 * OpenMP), so a call whose elements differ in cost along the range (faces,
 * then the lighter vertices) still keeps every thread busy. Only
 * for rules whose elements each write their own outputs and read nothing
 * another element of the call writes: the result is then the same, bit for
 * bit, for any number of threads. */
#ifndef MESHMAT_CORE_CPU_FOR_H
#define MESHMAT_CORE_CPU_FOR_H

#include <stdint.h>

#include "backend.h"

/* Elements per chunk: a call of one chunk (a small level) wakes no threads,
 * so a region's fork and join never outweigh its work. */
enum { MMI_CPU_CHUNK = 16384 };

typedef void (*mmi_cpu_range_fn)(const void *args, int64_t begin, int64_t end);

/* fn(args, begin, end) over chunks covering [0, count), in parallel. */
void mmi_cpu_for(int64_t count, mmi_cpu_range_fn fn, const void *args);

/* Defines name, the range function of element rule rule(const Args *, i).
 * The rule is named, not passed, so the compiler inlines it into the loop:
 * a call through a pointer per element would cost more than many rules do. */
#define MMI_CPU_RANGE(name, Args, rule)                                     \
    static void name(const void *args, int64_t begin, int64_t end)          \
    {                                                                       \
        for (int64_t i = begin; i < end; ++i) rule((const Args *)args, i);  \
    }

/* Defines x_cpu(ctx, g, count), the CPU launcher of element rule rule over
 * Args (every i < count, on every core), and x(ctx, g, count), the launcher
 * pair's dispatch to the context's backend. x_cuda is grid_for.cuh's
 * MMI_CUDA_LAUNCHER, or a launcher of its own. */
#define MMI_CPU_LAUNCHER(x, Args, rule)                                     \
    MMI_CPU_RANGE(x##_range, Args, rule)                                    \
    MMI_CPU_LAUNCHER_OF(x, Args, x##_range)

/* The same over a range function of mmi_cpu_for. */
#define MMI_CPU_LAUNCHER_OF(x, Args, range)                                 \
    mm_status x##_cpu(mm_context ctx, const Args *g, int64_t count)         \
    {                                                                       \
        (void)ctx;                                                          \
        mmi_cpu_for(count, range, g);                                       \
        return MM_OK;                                                       \
    }                                                                       \
    MMI_BACKEND_ENTRY(x, Args)

#endif
