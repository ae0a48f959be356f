/* transpose_cuda_absent.c: stand-ins for the CUDA launchers of the stable
 * regrouping (transpose.h) in builds without nvcc; a CUDA context cannot
 * exist there, so these only report MM_ERR_NO_DEVICE. */
#include "../core/error.h"
#include "transpose.h"

mm_status mmi_group_cuda(mm_context ctx, int64_t nnz, const uint32_t *key, int64_t nkeys,
                         const int64_t *order, int64_t *ptr, int64_t *perm)
{
    (void)nnz, (void)key, (void)nkeys, (void)order, (void)ptr, (void)perm;
    return mmi_fail(ctx, MM_ERR_NO_DEVICE, "meshmat was built without the CUDA backend");
}

mm_status mmi_regroup_apply_cuda(mm_context ctx, const mmi_regroup *g, const int64_t *perm,
                                 uint32_t *idx, void *values)
{
    (void)g, (void)perm, (void)idx, (void)values;
    return mmi_fail(ctx, MM_ERR_NO_DEVICE, "meshmat was built without the CUDA backend");
}
