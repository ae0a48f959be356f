/* mmt_bytes.h: a file's bytes built in memory for the binary-reader tests
 * (text, and integers or floats of any size in either byte order). */
#ifndef MESHMAT_TESTS_MMT_BYTES_H
#define MESHMAT_TESTS_MMT_BYTES_H

#include <check.h>
#include <stdint.h>
#include <string.h>

typedef struct mmt_bytes {
    char b[8192];
    size_t n;
} mmt_bytes;

static inline void mmt_put_text(mmt_bytes *o, const char *s)
{
    size_t n = strlen(s);
    ck_assert_uint_le(o->n + n, sizeof o->b);
    memcpy(o->b + o->n, s, n);
    o->n += n;
}

/* size bytes of u, high byte first (big) or low byte first. */
static inline void mmt_put(mmt_bytes *o, uint64_t u, int size, int big)
{
    ck_assert_uint_le(o->n + (size_t)size, sizeof o->b);
    for (int i = 0; i < size; ++i)
        o->b[o->n++] = (char)((u >> (8 * (big ? size - 1 - i : i))) & 0xff);
}

static inline uint64_t mmt_f64_bits(double x)
{
    uint64_t u;
    memcpy(&u, &x, 8);
    return u;
}

static inline uint64_t mmt_f32_bits(float x)
{
    uint32_t u;
    memcpy(&u, &x, 4);
    return u;
}

#endif
