/* edge_sort.c: level 0's edges by a sort of (min, max) keys (edge_sort.h). */
#include "edge_sort.h"

#include "../core/error.h"
#include "../core/memory.h"
#include "../core/scan_sort.h"
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
 * code, each edge's sides and ends. The five work arrays share one block
 * (7 nnz words, the 64-bit keys first): on a small control mesh each
 * allocation costs more host time than the kernels take. */
mm_status mmi_sort_edges(mm_context ctx, const mmi_sk_level *x, int keep_ends, uint32_t *report,
                         const char *stage, mmi_sorted_edges *out)
{
    mm_status st = MM_OK;
    int64_t n = x->nnz;
    mm_memory where = mmi_backend_memory(ctx);
    uint32_t *work = NULL;
    int timer = mmi_stage_begin(ctx, stage);
    static const mmi_sorted_edges none = {0};
    *out = none;
    MM_TRY(mmi_alloc(ctx, where, 7 * u32_bytes(n), (void **)&work));
    /* No corners (an empty mesh): no edges, report stays 0; and work is NULL,
     * so the pointers below would be NULL + 0, undefined in C. */
    if (n == 0) goto done;
    uint64_t *keys = (uint64_t *)work, *sorted = keys + n;
    uint32_t *corners = work + 4 * n, *sorted_corners = corners + n, *ids = sorted_corners + n;
    mmi_sk_args g = {0};
    g.lv[0] = *x;
    g.rule = MMI_SK_EDGE_KEYS;
    g.count = x->nf;
    g.keys = keys;
    g.key_corners = corners;
    g.key_shift = id_bits(x->nv);
    MM_TRY(mmi_sk_run(ctx, &g));
    MM_TRY(mmi_sort_pairs_u64(ctx, n, keys, corners, sorted, sorted_corners, 2 * g.key_shift));
    g.rule = MMI_SK_EDGE_HEADS;
    g.count = n;
    g.keys = sorted;
    g.key_ids = corners;
    MM_TRY(mmi_sk_run(ctx, &g));
    MM_TRY(mmi_scan_inclusive_u32(ctx, n, corners, ids));
    MM_TRY(mmi_alloc(ctx, where, u32_bytes(n), (void **)&out->side));
    MM_TRY(mmi_alloc(ctx, where, u32_bytes(2 * n), (void **)&out->edge_sides));
    if (keep_ends) MM_TRY(mmi_alloc(ctx, where, u32_bytes(2 * n), (void **)&out->ends));
    g.rule = MMI_SK_EDGE_EMIT;
    g.key_corners = sorted_corners;
    g.key_ids = ids;
    g.ends = out->ends;
    g.out_side = out->side;
    g.out_edge_sides = out->edge_sides;
    g.suspect = report;
    g.edge_count = report + 1;
    MM_TRY(mmi_sk_run(ctx, &g));
done:
    mmi_free(ctx, where, work, 7 * u32_bytes(n));
    mmi_stage_end(ctx, timer);
    return st;
}
