/* scan_sort_cuda.cu: the CUDA primitives of scan_sort.h, CUB's device-wide
 * radix sort (stable) and scans on the context's stream. */
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>
#include <cuda_runtime.h>

#include "cuda_check.cuh"
#include "error.h"
#include "memory.h"
#include "scan_sort.h"

/* CUB's sequence, once for every primitive: run(NULL, bytes) sizes the
 * temporary storage, which comes from the context's pool, run(temp, bytes)
 * does the work, and the storage goes back to the pool (stream-ordered, so
 * nothing waits). */
template <class Run>
static mm_status cub_run(mm_context ctx, const char *what, Run run)
{
    mm_status st = MM_OK;
    void *temp = NULL;
    size_t bytes = 0;
    MM_TRY(mmi_cuda_check(ctx, run(NULL, bytes), what));
    if (bytes == 0) bytes = 1; /* a NULL blob would make the second call a size query */
    MM_TRY(mmi_alloc(ctx, MM_MEMORY_DEVICE, (int64_t)bytes, &temp));
    MM_TRY(mmi_cuda_check(ctx, run(temp, bytes), what));
done:
    mmi_free(ctx, MM_MEMORY_DEVICE, temp, (int64_t)bytes);
    return st;
}

static cudaStream_t stream_of(mm_context ctx)
{
    return (cudaStream_t)ctx->stream;
}

template <class K, class V>
static mm_status sort_pairs(mm_context ctx, int64_t n, const K *keys, const V *values, K *keys_out,
                            V *values_out, int bits)
{
    if (n == 0) return MM_OK;
    return cub_run(ctx, "cub::DeviceRadixSort::SortPairs", [&](void *temp, size_t &bytes) {
        return cub::DeviceRadixSort::SortPairs(temp, bytes, keys, keys_out, values, values_out, n,
                                               0, bits, stream_of(ctx));
    });
}

mm_status mmi_sort_pairs_u64_cuda(mm_context ctx, int64_t n, const uint64_t *keys,
                                  const uint32_t *values, uint64_t *keys_out,
                                  uint32_t *values_out, int bits)
{
    return sort_pairs(ctx, n, keys, values, keys_out, values_out, bits);
}

mm_status mmi_sort_pairs_u32_cuda(mm_context ctx, int64_t n, const uint32_t *keys,
                                  const int64_t *values, uint32_t *keys_out,
                                  int64_t *values_out, int bits)
{
    return sort_pairs(ctx, n, keys, values, keys_out, values_out, bits);
}

mm_status mmi_scan_inclusive_u32_cuda(mm_context ctx, int64_t n, const uint32_t *x,
                                      uint32_t *out)
{
    if (n == 0) return MM_OK;
    return cub_run(ctx, "cub::DeviceScan::InclusiveSum", [&](void *temp, size_t &bytes) {
        return cub::DeviceScan::InclusiveSum(temp, bytes, x, out, n, stream_of(ctx));
    });
}

mm_status mmi_scan_exclusive_u64_cuda(mm_context ctx, int64_t n, const uint64_t *x,
                                      uint64_t *out)
{
    if (n == 0) return MM_OK;
    return cub_run(ctx, "cub::DeviceScan::ExclusiveSum", [&](void *temp, size_t &bytes) {
        return cub::DeviceScan::ExclusiveSum(temp, bytes, x, out, n, stream_of(ctx));
    });
}
