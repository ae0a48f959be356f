/* spmv_cpu.c: the CPU launcher of mapped SpMV (spmv.h): a loop over the
 * element rules spmv_row_at / spmv_at, and the host function of a user map
 * applied to every entry ahead of the product. */
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

mm_status mmi_spmv_cpu(mm_context ctx, const mmi_spmv_args *a)
{
    (void)ctx;
    for (int64_t i = 0; i < a->nrows; ++i) {
        if (a->d <= MMI_SPMV_ROW_MAX_D) spmv_row_at(a, i);
        else
            for (int64_t c = 0; c < a->d; ++c) spmv_at(a, i, c);
    }
    return MM_OK;
}
