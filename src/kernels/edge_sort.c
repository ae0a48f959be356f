/* edge_sort.c: level 0's edges by a sort of (min, max) keys (edge_sort.h). */
#include "edge_sort.h"

#include "../core/error.h"
#include "../core/memory.h"
#include "../core/timer.h"

static int64_t u32_bytes(int64_t n)
{
    return n * (int64_t)sizeof(uint32_t);
}

/* The smallest b with 2^b ≥ n (at least 1): the width of a vertex id. */
static int id_bits(int64_t n)
{
    int b = 1;
    while (b < 32 && ((int64_t)1 << b) < n) ++b;
    return b;
}

/* Every side's (min, max) key, sorted (ties by corner), a scan of the key
 * heads numbering the edges in (min, max) order; then each corner's side
 * code, each edge's sides and ends. The edge count is the one host read. */
mm_status mmi_sort_edges(mm_context ctx, const mmi_sk_level *x, int keep_ends, uint32_t *suspect,
                         const char *stage, mmi_sorted_edges *out)
{
    mm_status st = MM_OK;
    int64_t n = x->nnz;
    mm_memory where = mmi_backend_memory(ctx);
    uint64_t *keys = NULL, *sorted = NULL;
    uint32_t *corners = NULL, *sorted_corners = NULL, *ids = NULL;
    int timer = mmi_stage_begin(ctx, stage);
    static const mmi_sorted_edges none = {0};
    *out = none;
    MM_TRY(mmi_alloc(ctx, where, 2 * u32_bytes(n), (void **)&keys));
    MM_TRY(mmi_alloc(ctx, where, 2 * u32_bytes(n), (void **)&sorted));
    MM_TRY(mmi_alloc(ctx, where, u32_bytes(n), (void **)&corners));
    MM_TRY(mmi_alloc(ctx, where, u32_bytes(n), (void **)&sorted_corners));
    MM_TRY(mmi_alloc(ctx, where, u32_bytes(n), (void **)&ids));
    mmi_sk_args g = {0};
    g.lv[0] = *x;
    g.rule = MMI_SK_EDGE_KEYS;
    g.count = x->nf;
    g.keys = keys;
    g.key_corners = corners;
    g.key_shift = id_bits(x->nv);
    MM_TRY(mmi_sk_run(ctx, &g));
    MM_TRY(mmi_sk_sort(ctx, n, keys, corners, sorted, sorted_corners, 2 * g.key_shift));
    g.rule = MMI_SK_EDGE_HEADS;
    g.count = n;
    g.keys = sorted;
    g.key_ids = corners;
    MM_TRY(mmi_sk_run(ctx, &g));
    MM_TRY(mmi_sk_scan(ctx, n, corners, ids));
    if (n > 0) {
        uint32_t last = 0;
        MM_TRY(mmi_copy(ctx, &last, MM_MEMORY_HOST, ids + n - 1, where, sizeof last));
        out->ne = last;
    }
    if (out->ne >= ((int64_t)1 << 30))
        MM_FAIL(ctx, MM_ERR_OVERFLOW, "the mesh has %lld edges; the specialized path numbers "
                "edges below 2^30 (use the generic path)", (long long)out->ne);
    MM_TRY(mmi_alloc(ctx, where, u32_bytes(n), (void **)&out->side));
    MM_TRY(mmi_alloc(ctx, where, u32_bytes(2 * out->ne), (void **)&out->edge_sides));
    if (keep_ends) MM_TRY(mmi_alloc(ctx, where, u32_bytes(2 * out->ne), (void **)&out->ends));
    g.rule = MMI_SK_EDGE_EMIT;
    g.key_corners = sorted_corners;
    g.key_ids = ids;
    g.ends = out->ends;
    g.out_side = out->side;
    g.out_edge_sides = out->edge_sides;
    g.suspect = suspect;
    MM_TRY(mmi_sk_run(ctx, &g));
done:
    mmi_free(ctx, where, keys, 2 * u32_bytes(n));
    mmi_free(ctx, where, sorted, 2 * u32_bytes(n));
    mmi_free(ctx, where, corners, u32_bytes(n));
    mmi_free(ctx, where, sorted_corners, u32_bytes(n));
    mmi_free(ctx, where, ids, u32_bytes(n));
    mmi_stage_end(ctx, timer);
    return st;
}
