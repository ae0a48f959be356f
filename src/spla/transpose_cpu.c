/* transpose_cpu.c: the CPU launchers of the stable regrouping (transpose.h):
 * a counting sort (count per key, exclusive scan, stable scatter: one
 * thread) and the element loop of cpu_for.h over transpose_apply_at. */
#include "../core/cpu_for.h"
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

/* The arguments of transpose_apply_at, as one for the element loop. */
typedef struct apply_args {
    const mmi_regroup *g;
    const int64_t *perm;
    uint32_t *idx;
    void *values;
} apply_args;

static void apply_range(const void *args, int64_t begin, int64_t end)
{
    const apply_args *a = args;
    for (int64_t p = begin; p < end; ++p) transpose_apply_at(a->g, a->perm, p, a->idx, a->values);
}

mm_status mmi_regroup_apply_cpu(mm_context ctx, const mmi_regroup *g, const int64_t *perm,
                                uint32_t *idx, void *values)
{
    (void)ctx;
    apply_args a = {g, perm, idx, values};
    mmi_cpu_for(g->nnz, apply_range, &a);
    return MM_OK;
}
