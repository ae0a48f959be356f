/* transpose_cpu.c: the CPU launchers of the stable regrouping (transpose.h):
 * a counting sort (count per key, exclusive scan, stable scatter) and the loop
 * over the element rule transpose_apply_at. */
#include "transpose.h"

mm_status mmi_group_cpu(mm_context ctx, int64_t nnz, const uint32_t *key, int64_t nkeys,
                        const int64_t *order, int64_t *ptr, int64_t *perm)
{
    (void)ctx;
    for (int64_t k = 0; k <= nkeys; ++k) ptr[k] = 0;
    for (int64_t p = 0; p < nnz; ++p) ptr[key[order ? order[p] : p] + 1]++;
    /* ptr[k + 1] becomes the start of line k; the scatter then moves it to the end. */
    int64_t sum = 0;
    for (int64_t k = 0; k < nkeys; ++k) {
        int64_t count = ptr[k + 1];
        ptr[k + 1] = sum;
        sum += count;
    }
    for (int64_t p = 0; p < nnz; ++p) {
        int64_t e = order ? order[p] : p;
        perm[ptr[key[e] + 1]++] = e;
    }
    return MM_OK;
}

mm_status mmi_regroup_apply_cpu(mm_context ctx, const mmi_regroup *g, const int64_t *perm,
                                uint32_t *idx, void *values)
{
    (void)ctx;
    for (int64_t p = 0; p < g->nnz; ++p) transpose_apply_at(g, perm, p, idx, values);
    return MM_OK;
}
