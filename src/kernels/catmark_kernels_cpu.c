/* catmark_kernels_cpu.c: the CPU launchers of the specialized Catmull-Clark
 * rules (a loop over the elements), the level-0 edge sort and scan, and the
 * dispatch of catmark_kernels.h to the context's backend. */
#include <stdlib.h>

#include "../core/context_impl.h"
#include "../core/error.h"
#include "../core/memory.h"
#include "catmark_dispatch.h"

mm_status mmi_sk_run_cpu(mm_context ctx, const mmi_sk_args *g)
{
    (void)ctx;
    for (int64_t i = 0; i < g->count; ++i) sk_rule_at(g, g->rule, i, g->d, g->f64);
    if (g->rule == MMI_SK_QUAD_POINTS && g->out_quads) {
        mmi_sk_args q = sk_grandchild_call(g);
        for (int64_t c = 0; c < q.count; ++c) sk_grandchild_quad(&q, c);
    }
    return MM_OK;
}

/* A (key, corner) pair of the sort; keys are unique up to their two sides. */
typedef struct sk_pair {
    uint64_t key;
    uint32_t corner;
} sk_pair;

static int pair_order(const void *x, const void *y)
{
    const sk_pair *a = x, *b = y;
    if (a->key != b->key) return a->key < b->key ? -1 : 1;
    return (a->corner > b->corner) - (a->corner < b->corner);
}

mm_status mmi_sk_sort_cpu(mm_context ctx, int64_t n, const uint64_t *keys, const uint32_t *corners,
                          uint64_t *keys_out, uint32_t *corners_out)
{
    mm_status st = MM_OK;
    sk_pair *pairs = NULL;
    int64_t bytes = n * (int64_t)sizeof *pairs;
    MM_TRY(mmi_alloc(ctx, MM_MEMORY_HOST, bytes, (void **)&pairs));
    for (int64_t i = 0; i < n; ++i) pairs[i] = (sk_pair){keys[i], corners[i]};
    if (n > 1) qsort(pairs, (size_t)n, sizeof *pairs, pair_order);
    for (int64_t i = 0; i < n; ++i) {
        keys_out[i] = pairs[i].key;
        corners_out[i] = pairs[i].corner;
    }
done:
    mmi_free(ctx, MM_MEMORY_HOST, pairs, bytes);
    return st;
}

mm_status mmi_sk_scan_cpu(mm_context ctx, int64_t n, const uint32_t *x, uint32_t *out)
{
    (void)ctx;
    uint32_t sum = 0;
    for (int64_t i = 0; i < n; ++i) out[i] = sum += x[i];
    return MM_OK;
}

mm_status mmi_sk_run(mm_context ctx, const mmi_sk_args *g)
{
    return ctx->backend == MM_BACKEND_CUDA ? mmi_sk_run_cuda(ctx, g) : mmi_sk_run_cpu(ctx, g);
}

mm_status mmi_sk_sort(mm_context ctx, int64_t n, const uint64_t *keys, const uint32_t *corners,
                      uint64_t *keys_out, uint32_t *corners_out, int bits)
{
    if (ctx->backend == MM_BACKEND_CUDA)
        return mmi_sk_sort_cuda(ctx, n, keys, corners, keys_out, corners_out, bits);
    return mmi_sk_sort_cpu(ctx, n, keys, corners, keys_out, corners_out);
}

mm_status mmi_sk_scan(mm_context ctx, int64_t n, const uint32_t *x, uint32_t *out)
{
    return ctx->backend == MM_BACKEND_CUDA ? mmi_sk_scan_cuda(ctx, n, x, out)
                                           : mmi_sk_scan_cpu(ctx, n, x, out);
}
