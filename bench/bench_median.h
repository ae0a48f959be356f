/* bench_median.h: the median of a benchmark's run times (header only, each
 * bench includes it once). */
#ifndef MESHMAT_BENCH_MEDIAN_H
#define MESHMAT_BENCH_MEDIAN_H

#include <stdlib.h>

static inline int compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Sorts t[0 … n-1] and returns its median. */
static inline double median(double *t, int n)
{
    qsort(t, (size_t)n, sizeof *t, compare_double);
    return n % 2 ? t[n / 2] : 0.5 * (t[n / 2 - 1] + t[n / 2]);
}

#endif
