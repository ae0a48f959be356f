/* spmv_cpu.c: the CPU launcher of mapped SpMV (spmv.h): the element loop of
 * cpu_for.h over the rows (spmv_row_at / spmv_at), and the host function of
 * a user map applied to every entry ahead of the product, on one thread (the
 * user's function need not be thread-safe). */
#include "../core/cpu_for.h"
#include "spmv.h"

void mmi_spmv_map_user_cpu(const mmi_spmv_args *a, mm_map_fn user, const void *user_data,
                           double *mu)
{
    for (int64_t i = 0; i < a->nrows; ++i) {
        int64_t begin = spmv_row_start(a, i), end = spmv_row_start(a, i + 1);
        for (int64_t k = begin; k < end; ++k)
            mu[k] = user(spmv_value_at(a, k, k - begin + 1), 0.0, end - begin, user_data);
    }
}

static void row_range(const void *args, int64_t begin, int64_t end)
{
    const mmi_spmv_args *a = args;
    for (int64_t i = begin; i < end; ++i) {
        if (a->d <= MMI_SPMV_ROW_MAX_D) spmv_row_at(a, i);
        else
            for (int64_t c = 0; c < a->d; ++c) spmv_at(a, i, c);
    }
}

mm_status mmi_spmv_cpu(mm_context ctx, const mmi_spmv_args *a)
{
    (void)ctx;
    mmi_cpu_for(a->nrows, row_range, a);
    return MM_OK;
}
