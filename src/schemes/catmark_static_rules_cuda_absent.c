/* catmark_static_rules_cuda_absent.c: stand-in for the CUDA launcher of the
 * static-mode rules in builds without nvcc; a CUDA context cannot exist there. */
#include "../core/error.h"
#include "catmark_static_rules.h"

mm_status mmi_ccs_run_cuda(mm_context ctx, const mmi_ccs_args *g, int64_t count)
{
    (void)g, (void)count;
    return mmi_fail(ctx, MM_ERR_NO_DEVICE, "meshmat was built without the CUDA backend");
}
