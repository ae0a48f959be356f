/* spgemm_cuda_absent.c: stands in for spgemm_cuda.cu when meshmat is built
 * without CUDA, so a CUDA-context SpGEMM (eq. 4–7) says why it cannot run. */
#include "../core/error.h"
#include "spgemm.h"

mm_status mmi_spgemm_cuda(mm_context ctx, const mm_spgemm_op *op, const mmi_spgemm_args *g,
                          mm_matrix *C)
{
    (void)op;
    (void)g;
    (void)C;
    return mmi_fail(ctx, MM_ERR_NO_DEVICE, "meshmat was built without the CUDA backend");
}
