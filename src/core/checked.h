/* checked.h: overflow-checked int64 arithmetic for counts and offsets
 * (DESIGN §3: an overflow is MM_ERR_OVERFLOW, never a wrap). Each returns 0
 * and stores the result, or returns 1 and leaves *out alone. */
#ifndef MESHMAT_CORE_CHECKED_H
#define MESHMAT_CORE_CHECKED_H

#include <stddef.h>
#include <stdint.h>

static inline int mmi_add_i64(int64_t a, int64_t b, int64_t *out)
{
    int64_t r;
    if (__builtin_add_overflow(a, b, &r)) return 1;
    *out = r;
    return 0;
}

static inline int mmi_mul_i64(int64_t a, int64_t b, int64_t *out)
{
    int64_t r;
    if (__builtin_mul_overflow(a, b, &r)) return 1;
    *out = r;
    return 0;
}

/* Bytes of n elements of size `size`, or 1 on overflow (also for n < 0). */
static inline int mmi_bytes(int64_t n, size_t size, int64_t *out)
{
    if (n < 0) return 1;
    return mmi_mul_i64(n, (int64_t)size, out);
}

#endif
