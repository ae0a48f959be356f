/* cpu_for.c: mmi_cpu_for (cpu_for.h). */
#include "cpu_for.h"

void mmi_cpu_for(int64_t count, mmi_cpu_range_fn fn, const void *args)
{
    int64_t chunks = (count + MMI_CPU_CHUNK - 1) / MMI_CPU_CHUNK;
#ifdef _OPENMP
#pragma omp parallel for schedule(static, 1) if (chunks > 1)
#endif
    for (int64_t c = 0; c < chunks; ++c) {
        int64_t begin = c * MMI_CPU_CHUNK;
        fn(args, begin, count - begin < MMI_CPU_CHUNK ? count : begin + MMI_CPU_CHUNK);
    }
}
