/* scan_sort.h: the device-wide primitives of the library, on the context's
 * backend (arrays in its memory, the work ordered on its stream): stable radix
 * sorts of (key, value) pairs and prefix sums. CUDA runs CUB, its temporary
 * storage taken from the context's pool (scan_sort_cuda.cu); the CPU gives
 * the same results bit for bit (scan_sort_cpu.c). */
#ifndef MESHMAT_CORE_SCAN_SORT_H
#define MESHMAT_CORE_SCAN_SORT_H

#include <stdint.h>

#include "meshmat/context.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Sorts n (key, value) pairs by bits [0, bits) of the key (1 ≤ bits ≤ 64),
 * stably (equal keys keep their order), into keys_out and values_out, which
 * must not overlap the input. */
mm_status mmi_sort_pairs_u64(mm_context ctx, int64_t n, const uint64_t *keys,
                             const uint32_t *values, uint64_t *keys_out, uint32_t *values_out,
                             int bits);
mm_status mmi_sort_pairs_u64_cpu(mm_context ctx, int64_t n, const uint64_t *keys,
                                 const uint32_t *values, uint64_t *keys_out,
                                 uint32_t *values_out, int bits);
mm_status mmi_sort_pairs_u64_cuda(mm_context ctx, int64_t n, const uint64_t *keys,
                                  const uint32_t *values, uint64_t *keys_out,
                                  uint32_t *values_out, int bits);

/* The same for uint32 keys (1 ≤ bits ≤ 32) and int64 values. */
mm_status mmi_sort_pairs_u32(mm_context ctx, int64_t n, const uint32_t *keys,
                             const int64_t *values, uint32_t *keys_out, int64_t *values_out,
                             int bits);
mm_status mmi_sort_pairs_u32_cpu(mm_context ctx, int64_t n, const uint32_t *keys,
                                 const int64_t *values, uint32_t *keys_out, int64_t *values_out,
                                 int bits);
mm_status mmi_sort_pairs_u32_cuda(mm_context ctx, int64_t n, const uint32_t *keys,
                                  const int64_t *values, uint32_t *keys_out,
                                  int64_t *values_out, int bits);

/* out[i] = x[0] + … + x[i] modulo 2^32; out may be x. */
mm_status mmi_scan_inclusive_u32(mm_context ctx, int64_t n, const uint32_t *x, uint32_t *out);
mm_status mmi_scan_inclusive_u32_cpu(mm_context ctx, int64_t n, const uint32_t *x,
                                     uint32_t *out);
mm_status mmi_scan_inclusive_u32_cuda(mm_context ctx, int64_t n, const uint32_t *x,
                                      uint32_t *out);

/* out[i] = x[0] + … + x[i − 1] modulo 2^64 (out[0] = 0); out may be x. */
mm_status mmi_scan_exclusive_u64(mm_context ctx, int64_t n, const uint64_t *x, uint64_t *out);
mm_status mmi_scan_exclusive_u64_cpu(mm_context ctx, int64_t n, const uint64_t *x,
                                     uint64_t *out);
mm_status mmi_scan_exclusive_u64_cuda(mm_context ctx, int64_t n, const uint64_t *x,
                                      uint64_t *out);

#ifdef __cplusplus
}
#endif
#endif
