/* dense_ops_cuda_absent.c: stand-in for the CUDA launcher of the dense
 * operations (dense_ops.h) in builds without nvcc; a CUDA context cannot exist there. */
#include "../core/error.h"
#include "dense_ops.h"

mm_status mmi_dense_op_cuda(mm_context ctx, const mmi_dense_op_args *a)
{
    (void)a;
    return mmi_fail(ctx, MM_ERR_NO_DEVICE, "meshmat was built without the CUDA backend");
}
