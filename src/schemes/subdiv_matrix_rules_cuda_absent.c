/* subdiv_matrix_rules_cuda_absent.c: stand-in for the CUDA launcher of the
 * static-mode rules in builds without nvcc; a CUDA context cannot exist there. */
#include "../core/error.h"
#include "subdiv_matrix_rules.h"

mm_status mmi_sm_run_cuda(mm_context ctx, const mmi_sm_args *g, int64_t count)
{
    (void)g, (void)count;
    return mmi_fail(ctx, MM_ERR_NO_DEVICE, "meshmat was built without the CUDA backend");
}
