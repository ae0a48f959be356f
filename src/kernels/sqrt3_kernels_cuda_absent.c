/* sqrt3_kernels_cuda_absent.c: the stand-in for the CUDA launcher of the
 * specialized √3 path in builds without nvcc; a CUDA context cannot exist
 * there. */
#include "../core/error.h"
#include "sqrt3_kernels.h"

mm_status mmi_s3_run_cuda(mm_context ctx, const mmi_s3_args *g)
{
    (void)g;
    return mmi_fail(ctx, MM_ERR_NO_DEVICE, "meshmat was built without the CUDA backend");
}
