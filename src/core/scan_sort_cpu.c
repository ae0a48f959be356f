/* scan_sort_cpu.c: the CPU primitives of scan_sort.h, giving CUB's results:
 * an LSD radix sort over the key's low bits (a stable counting sort per 8-bit
 * digit, bits past `bits` ignored as CUB ignores them) and sequential scans. */
#include "memory.h"
#include "scan_sort.h"

enum { DIGIT_BITS = 8, DIGITS = 1 << DIGIT_BITS };

/* Sorts the n pairs (k[0][i], v[0][i]) by bits [0, bits) of k, passing them
 * between buffers 0 and 1; returns the buffer that holds the result. */
static int radix_sort(int64_t n, uint64_t *k[2], uint64_t *v[2], int bits)
{
    int from = 0;
    for (int shift = 0; shift < bits; shift += DIGIT_BITS) {
        int width = bits - shift < DIGIT_BITS ? bits - shift : DIGIT_BITS;
        uint64_t mask = ((uint64_t)1 << width) - 1;
        int64_t start[DIGITS] = {0}, sum = 0;
        for (int64_t i = 0; i < n; ++i) ++start[(k[from][i] >> shift) & mask];
        for (int d = 0; d < DIGITS; ++d) {
            int64_t count = start[d];
            start[d] = sum;
            sum += count;
        }
        for (int64_t i = 0; i < n; ++i) {
            int64_t p = start[(k[from][i] >> shift) & mask]++;
            k[1 - from][p] = k[from][i];
            v[1 - from][p] = v[from][i];
        }
        from = 1 - from;
    }
    return from;
}

/* The pairs widened to 64 bits on both sides, so one sort serves both key types. */
typedef struct wide_pairs {
    uint64_t *k[2], *v[2];
    int64_t bytes;
} wide_pairs;

static mm_status wide_alloc(mm_context ctx, int64_t n, wide_pairs *w)
{
    uint64_t *p = NULL;
    w->bytes = 4 * n * (int64_t)sizeof *p;
    mm_status st = mmi_alloc(ctx, MM_MEMORY_HOST, w->bytes, (void **)&p);
    if (st != MM_OK) return st;
    w->k[0] = p, w->k[1] = p + n, w->v[0] = p + 2 * n, w->v[1] = p + 3 * n;
    return MM_OK;
}

mm_status mmi_sort_pairs_u64_cpu(mm_context ctx, int64_t n, const uint64_t *keys,
                                 const uint32_t *values, uint64_t *keys_out,
                                 uint32_t *values_out, int bits)
{
    wide_pairs w;
    if (n == 0) return MM_OK;
    mm_status st = wide_alloc(ctx, n, &w);
    if (st != MM_OK) return st;
    for (int64_t i = 0; i < n; ++i) w.k[0][i] = keys[i], w.v[0][i] = values[i];
    int r = radix_sort(n, w.k, w.v, bits);
    for (int64_t i = 0; i < n; ++i) keys_out[i] = w.k[r][i], values_out[i] = (uint32_t)w.v[r][i];
    mmi_free(ctx, MM_MEMORY_HOST, w.k[0], w.bytes);
    return MM_OK;
}

mm_status mmi_sort_pairs_u32_cpu(mm_context ctx, int64_t n, const uint32_t *keys,
                                 const int64_t *values, uint32_t *keys_out, int64_t *values_out,
                                 int bits)
{
    wide_pairs w;
    if (n == 0) return MM_OK;
    mm_status st = wide_alloc(ctx, n, &w);
    if (st != MM_OK) return st;
    for (int64_t i = 0; i < n; ++i) w.k[0][i] = keys[i], w.v[0][i] = (uint64_t)values[i];
    int r = radix_sort(n, w.k, w.v, bits);
    for (int64_t i = 0; i < n; ++i)
        keys_out[i] = (uint32_t)w.k[r][i], values_out[i] = (int64_t)w.v[r][i];
    mmi_free(ctx, MM_MEMORY_HOST, w.k[0], w.bytes);
    return MM_OK;
}

mm_status mmi_scan_inclusive_u32_cpu(mm_context ctx, int64_t n, const uint32_t *x, uint32_t *out)
{
    (void)ctx;
    uint32_t sum = 0;
    for (int64_t i = 0; i < n; ++i) out[i] = sum += x[i];
    return MM_OK;
}

mm_status mmi_scan_exclusive_u64_cpu(mm_context ctx, int64_t n, const uint64_t *x, uint64_t *out)
{
    (void)ctx;
    uint64_t sum = 0;
    for (int64_t i = 0; i < n; ++i) {
        uint64_t v = x[i];
        out[i] = sum;
        sum += v;
    }
    return MM_OK;
}
