/* loop_kernels_cuda_absent.c: the stand-in for the CUDA launcher of the
 * specialized Loop path in builds without nvcc; a CUDA context cannot exist
 * there. */
#include "../core/error.h"
#include "loop_kernels.h"

mm_status mmi_lk_run_cuda(mm_context ctx, const mmi_lk_args *g)
{
    (void)g;
    return mmi_fail(ctx, MM_ERR_NO_DEVICE, "meshmat was built without the CUDA backend");
}
