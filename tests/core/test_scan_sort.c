/* test_scan_sort.c: the device-wide primitives (core/scan_sort.h) on the
 * backend under test against host references: the radix sorts are stable
 * over the key's low `bits` bits and ignore the bits above, the scans wrap
 * as their type does; empty inputs, one chunk and many. */
#include <stdlib.h>
#include <string.h>

#include "core/memory.h"
#include "core/scan_sort.h"
#include "test_util.h"

static const int64_t sizes[] = {0, 1, 2, 1000, 100003};
#define NUM_SIZES ((int)(sizeof sizes / sizeof *sizes))

/* A reproducible 64-bit stream (splitmix64). */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* Host arrays to the backend's memory and back (the CPU's are the host's). */
static void *to_backend(mm_context ctx, const void *host, int64_t bytes)
{
    void *p = NULL;
    mm_memory where = mm_context_backend(ctx) == MM_BACKEND_CUDA ? MM_MEMORY_DEVICE
                                                                 : MM_MEMORY_HOST;
    MMT_OK(ctx, mmi_alloc(ctx, where, bytes, &p));
    if (host) MMT_OK(ctx, mmi_copy(ctx, p, where, host, MM_MEMORY_HOST, bytes));
    return p;
}

static void to_host(mm_context ctx, void *host, const void *p, int64_t bytes)
{
    mm_memory where = mm_context_backend(ctx) == MM_BACKEND_CUDA ? MM_MEMORY_DEVICE
                                                                 : MM_MEMORY_HOST;
    MMT_OK(ctx, mmi_copy(ctx, host, MM_MEMORY_HOST, p, where, bytes));
}

static void backend_free(mm_context ctx, void *p, int64_t bytes)
{
    mmi_free(ctx, mm_context_backend(ctx) == MM_BACKEND_CUDA ? MM_MEMORY_DEVICE : MM_MEMORY_HOST,
             p, bytes);
}

/* Sorted output (keys, values = source positions) against n source keys:
 * a permutation, ordered by the low bits, stable, keys carried whole. */
static void assert_stable_sort(int64_t n, const uint64_t *src, const uint64_t *keys,
                               const int64_t *values, int bits)
{
    uint64_t mask = bits == 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1;
    char *seen = calloc((size_t)n + 1, 1);
    for (int64_t i = 0; i < n; ++i) {
        ck_assert(values[i] >= 0 && values[i] < n && !seen[values[i]]);
        seen[values[i]] = 1;
        ck_assert(keys[i] == src[values[i]]);
        if (i == 0) continue;
        uint64_t a = keys[i - 1] & mask, b = keys[i] & mask;
        ck_assert(a < b || (a == b && values[i - 1] < values[i]));
    }
    free(seen);
}

/* _i: size, and 64-bit keys over 40 bits (or 32-bit keys over 20): few
 * distinct low parts, so ties are many, and noise above them. */
START_TEST(u64_sort_is_stable_over_the_low_bits)
{
    int64_t n = sizes[_i];
    int bits = 40;
    mm_context ctx = mmt_context();
    uint64_t state = 7, *keys = malloc((size_t)n * 8 + 8), *out = malloc((size_t)n * 8 + 8);
    uint32_t *vals = malloc((size_t)n * 4 + 4), *vals_out = malloc((size_t)n * 4 + 4);
    int64_t *pos = malloc((size_t)n * 8 + 8);
    for (int64_t i = 0; i < n; ++i) {
        uint64_t r = next_random(&state);
        keys[i] = (r & ~(((uint64_t)1 << bits) - 1)) | ((r % 97) << 20) | (r % 3);
        vals[i] = (uint32_t)i;
    }
    uint64_t *dk = to_backend(ctx, keys, n * 8), *dk_out = to_backend(ctx, NULL, n * 8);
    uint32_t *dv = to_backend(ctx, vals, n * 4), *dv_out = to_backend(ctx, NULL, n * 4);
    MMT_OK(ctx, mmi_sort_pairs_u64(ctx, n, dk, dv, dk_out, dv_out, bits));
    to_host(ctx, out, dk_out, n * 8);
    to_host(ctx, vals_out, dv_out, n * 4);
    for (int64_t i = 0; i < n; ++i) pos[i] = vals_out[i];
    assert_stable_sort(n, keys, out, pos, bits);
    backend_free(ctx, dk, n * 8), backend_free(ctx, dk_out, n * 8);
    backend_free(ctx, dv, n * 4), backend_free(ctx, dv_out, n * 4);
    free(keys), free(out), free(vals), free(vals_out), free(pos);
    mm_context_free(&ctx);
}
END_TEST

START_TEST(u32_sort_is_stable_over_the_low_bits)
{
    int64_t n = sizes[_i];
    int bits = 20;
    mm_context ctx = mmt_context();
    uint64_t state = 11, *wide = malloc((size_t)n * 8 + 8), *wide_out = malloc((size_t)n * 8 + 8);
    uint32_t *keys = malloc((size_t)n * 4 + 4), *out = malloc((size_t)n * 4 + 4);
    int64_t *vals = malloc((size_t)n * 8 + 8), *vals_out = malloc((size_t)n * 8 + 8);
    for (int64_t i = 0; i < n; ++i) {
        uint64_t r = next_random(&state);
        keys[i] = (uint32_t)((r & 0xfff00000u) | (r % 1009));
        wide[i] = keys[i];
        vals[i] = i;
    }
    uint32_t *dk = to_backend(ctx, keys, n * 4), *dk_out = to_backend(ctx, NULL, n * 4);
    int64_t *dv = to_backend(ctx, vals, n * 8), *dv_out = to_backend(ctx, NULL, n * 8);
    MMT_OK(ctx, mmi_sort_pairs_u32(ctx, n, dk, dv, dk_out, dv_out, bits));
    to_host(ctx, out, dk_out, n * 4);
    to_host(ctx, vals_out, dv_out, n * 8);
    for (int64_t i = 0; i < n; ++i) wide_out[i] = out[i];
    assert_stable_sort(n, wide, wide_out, vals_out, bits);
    backend_free(ctx, dk, n * 4), backend_free(ctx, dk_out, n * 4);
    backend_free(ctx, dv, n * 8), backend_free(ctx, dv_out, n * 8);
    free(wide), free(wide_out), free(keys), free(out), free(vals), free(vals_out);
    mm_context_free(&ctx);
}
END_TEST

/* Inclusive u32 (wrapping) into another array, exclusive u64 in place. */
START_TEST(scans_match_the_host_sums)
{
    int64_t n = sizes[_i];
    mm_context ctx = mmt_context();
    uint64_t state = 13, *x64 = malloc((size_t)n * 8 + 8), *out64 = malloc((size_t)n * 8 + 8);
    uint32_t *x32 = malloc((size_t)n * 4 + 4), *out32 = malloc((size_t)n * 4 + 4);
    for (int64_t i = 0; i < n; ++i) {
        uint64_t r = next_random(&state);
        x32[i] = (uint32_t)(r >> 8); /* sums wrap past 2^32 */
        x64[i] = r >> 20;
    }
    uint32_t *d32 = to_backend(ctx, x32, n * 4), *d32_out = to_backend(ctx, NULL, n * 4);
    uint64_t *d64 = to_backend(ctx, x64, n * 8);
    MMT_OK(ctx, mmi_scan_inclusive_u32(ctx, n, d32, d32_out));
    MMT_OK(ctx, mmi_scan_exclusive_u64(ctx, n, d64, d64));
    to_host(ctx, out32, d32_out, n * 4);
    to_host(ctx, out64, d64, n * 8);
    uint32_t s32 = 0;
    uint64_t s64 = 0;
    for (int64_t i = 0; i < n; ++i) {
        s32 += x32[i];
        ck_assert_uint_eq(out32[i], s32);
        ck_assert_uint_eq(out64[i], s64);
        s64 += x64[i];
    }
    backend_free(ctx, d32, n * 4), backend_free(ctx, d32_out, n * 4);
    backend_free(ctx, d64, n * 8);
    free(x64), free(out64), free(x32), free(out32);
    mm_context_free(&ctx);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("scan_sort");
    TCase *tc = tcase_create("scan_sort");
    /* The 100,003-element sorts take well under a second alone, but past
     * Check's 4 s default under `ctest -j16` on a 2-core machine. */
    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, u64_sort_is_stable_over_the_low_bits, 0, NUM_SIZES);
    tcase_add_loop_test(tc, u32_sort_is_stable_over_the_low_bits, 0, NUM_SIZES);
    tcase_add_loop_test(tc, scans_match_the_host_sums, 0, NUM_SIZES);
    suite_add_tcase(s, tc);
    return mmt_run(s);
}
