/* static_spmv_cuda_absent.c: stand-in for the CUDA static-mode SpMV in
 * builds without nvcc; a CUDA context cannot exist there. */
#include "../core/error.h"
#include "static_spmv.h"

mm_status mmi_static_spmv_cuda(mm_context ctx, const mmi_static_spmv_args *a)
{
    (void)a;
    return mmi_fail(ctx, MM_ERR_NO_DEVICE, "meshmat was built without the CUDA backend");
}
