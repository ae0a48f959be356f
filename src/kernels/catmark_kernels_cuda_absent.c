/* catmark_kernels_cuda_absent.c: stand-ins for the CUDA launchers of the
 * specialized Catmull-Clark path in builds without nvcc; a CUDA context
 * cannot exist there. */
#include "../core/error.h"
#include "catmark_kernels.h"

static mm_status no_device(mm_context ctx)
{
    return mmi_fail(ctx, MM_ERR_NO_DEVICE, "meshmat was built without the CUDA backend");
}

mm_status mmi_sk_run_cuda(mm_context ctx, const mmi_sk_args *g)
{
    (void)g;
    return no_device(ctx);
}

mm_status mmi_sk_sort_cuda(mm_context ctx, int64_t n, const uint64_t *keys,
                           const uint32_t *corners, uint64_t *keys_out, uint32_t *corners_out,
                           int bits)
{
    (void)n, (void)keys, (void)corners, (void)keys_out, (void)corners_out, (void)bits;
    return no_device(ctx);
}

mm_status mmi_sk_scan_cuda(mm_context ctx, int64_t n, const uint32_t *x, uint32_t *out)
{
    (void)n, (void)x, (void)out;
    return no_device(ctx);
}
