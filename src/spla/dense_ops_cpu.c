/* dense_ops_cpu.c: the CPU launcher of the dense operations (dense_ops.h):
 * a loop over the element rule dense_op_at. */
#include "dense_ops.h"

mm_status mmi_dense_op_cpu(mm_context ctx, const mmi_dense_op_args *a)
{
    (void)ctx;
    for (int64_t t = 0; t < a->n * a->d; ++t) dense_op_at(a, t);
    return MM_OK;
}
