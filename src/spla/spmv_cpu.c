/* spmv_cpu.c: the CPU launcher of mapped SpMV (spmv.h): a loop over the
 * element rules spmv_row_at / spmv_at; user maps are applied to every entry first through
 * their host function, then summed by the same rule as map VALUE. */
#include "../core/error.h"
#include "../core/memory.h"
#include "spmv.h"

/* mu[k] = user(value_k, 0, row count), for every entry of every row. */
static void map_user(const mmi_spmv_args *a, mm_map_fn user, const void *user_data, double *mu)
{
    for (int64_t i = 0; i < a->nrows; ++i) {
        int64_t begin = spmv_row_start(a, i), end = spmv_row_start(a, i + 1);
        for (int64_t k = begin; k < end; ++k)
            mu[k] = user(spmv_value_at(a, k, k - begin + 1), 0.0, end - begin, user_data);
    }
}

mm_status mmi_spmv_cpu(mm_context ctx, const mmi_spmv_args *a, mm_map_fn user,
                       const void *user_data)
{
    mm_status st = MM_OK;
    mmi_spmv_args mapped = *a;
    double *mu = NULL;
    int64_t nnz = spmv_row_start(a, a->nrows), mu_bytes = nnz * (int64_t)sizeof(double);
    if (a->map.kind == MM_MAP_USER) {
        MM_TRY(mmi_alloc(ctx, MM_MEMORY_HOST, mu_bytes, (void **)&mu));
        map_user(a, user, user_data, mu);
        mapped.values = mu;
        mapped.type = MM_TYPE_FLOAT64;
        mapped.map.kind = MM_MAP_VALUE;
    }
    for (int64_t i = 0; i < a->nrows; ++i) {
        if (a->d <= MMI_SPMV_ROW_MAX_D) spmv_row_at(&mapped, i);
        else
            for (int64_t c = 0; c < a->d; ++c) spmv_at(&mapped, i, c);
    }
done:
    mmi_free(ctx, MM_MEMORY_HOST, mu, mu_bytes);
    return st;
}
