/* scan_sort.c: the primitives of scan_sort.h on the context's backend. */
#include "scan_sort.h"

#include "backend.h"

mm_status mmi_sort_pairs_u64(mm_context ctx, int64_t n, const uint64_t *keys,
                             const uint32_t *values, uint64_t *keys_out, uint32_t *values_out,
                             int bits)
{
    return MMI_BACKEND_CALL(ctx, mmi_sort_pairs_u64, ctx, n, keys, values, keys_out, values_out,
                            bits);
}

mm_status mmi_sort_pairs_u32(mm_context ctx, int64_t n, const uint32_t *keys,
                             const int64_t *values, uint32_t *keys_out, int64_t *values_out,
                             int bits)
{
    return MMI_BACKEND_CALL(ctx, mmi_sort_pairs_u32, ctx, n, keys, values, keys_out, values_out,
                            bits);
}

mm_status mmi_scan_inclusive_u32(mm_context ctx, int64_t n, const uint32_t *x, uint32_t *out)
{
    return MMI_BACKEND_CALL(ctx, mmi_scan_inclusive_u32, ctx, n, x, out);
}

mm_status mmi_scan_exclusive_u64(mm_context ctx, int64_t n, const uint64_t *x, uint64_t *out)
{
    return MMI_BACKEND_CALL(ctx, mmi_scan_exclusive_u64, ctx, n, x, out);
}
