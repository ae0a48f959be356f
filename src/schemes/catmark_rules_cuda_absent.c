/* catmark_rules_cuda_absent.c: stand-in for the CUDA launcher of the
 * Catmull-Clark lambdas in builds without nvcc; a CUDA context cannot exist there. */
#include "../core/error.h"
#include "catmark_rules.h"

mm_status mmi_cc_run_cuda(mm_context ctx, const mmi_cc_args *g, int64_t count)
{
    (void)g, (void)count;
    return mmi_fail(ctx, MM_ERR_NO_DEVICE, "meshmat was built without the CUDA backend");
}
