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

/* Elements per chunk: a call of one chunk (a small level) wakes no threads,
 * so a region's fork and join never outweigh its work. */
enum { MMI_CPU_CHUNK = 16384 };

typedef void (*mmi_cpu_range_fn)(const void *args, int64_t begin, int64_t end);

/* fn(args, begin, end) over chunks covering [0, count), in parallel. */
void mmi_cpu_for(int64_t count, mmi_cpu_range_fn fn, const void *args);

#endif
