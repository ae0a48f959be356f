/* dense_ops_cpu.c: the CPU launcher of the dense operations (dense_ops.h):
 * the element loop of cpu_for.h over the element rule dense_op_at. */
#include "../core/cpu_for.h"
#include "dense_ops.h"

static void value_range(const void *args, int64_t begin, int64_t end)
{
    for (int64_t t = begin; t < end; ++t) dense_op_at(args, t);
}

mm_status mmi_dense_op_cpu(mm_context ctx, const mmi_dense_op_args *a)
{
    (void)ctx;
    mmi_cpu_for(a->n * a->d, value_range, a);
    return MM_OK;
}
