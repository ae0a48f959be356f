/* jit_cuda_absent.c: stand-in for the CUDA entry point of user maps (jit.h)
 * in builds without nvcc; a CUDA context cannot exist there. */
#include "../core/error.h"
#include "jit.h"

mm_status mmi_jit_map_rows_cuda(mm_context ctx, const char *source, const int64_t *ptr,
                                int64_t uniform, int64_t nrows, double *v)
{
    (void)source, (void)ptr, (void)uniform, (void)nrows, (void)v;
    return mmi_fail(ctx, MM_ERR_NO_DEVICE, "meshmat was built without the CUDA backend");
}
