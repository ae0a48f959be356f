/* dense_ops_cuda.cu: the CUDA launcher of the dense operations (dense_ops.h):
 * one thread per value, the element rule is the CPU's dense_op_at. */
#include "../core/grid_for.cuh"
#include "dense_ops.h"

mm_status mmi_dense_op_cuda(mm_context ctx, const mmi_dense_op_args *a)
{
    return mmi_grid_for<mmi_dense_op_args, dense_op_at>(ctx, a, a->n * a->d,
                                                         "the dense operation kernel launch");
}
