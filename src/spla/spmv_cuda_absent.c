/* spmv_cuda_absent.c: stand-in for the CUDA launcher of mapped SpMV (spmv.h)
 * in builds without nvcc; a CUDA context cannot exist there. */
#include "../core/error.h"
#include "spmv.h"

mm_status mmi_spmv_cuda(mm_context ctx, const mmi_spmv_args *a)
{
    (void)a;
    return mmi_fail(ctx, MM_ERR_NO_DEVICE, "meshmat was built without the CUDA backend");
}

mm_status mmi_spmv_map_user_cuda(mm_context ctx, const mmi_spmv_args *a, const char *source,
                                 double *mu)
{
    (void)a, (void)source, (void)mu;
    return mmi_fail(ctx, MM_ERR_NO_DEVICE, "meshmat was built without the CUDA backend");
}
