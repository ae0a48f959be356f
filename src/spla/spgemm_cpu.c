/* spgemm_cpu.c: the CPU launcher of mapped SpGEMM (paper §3.1, eq. 4–7): per
 * column j of C, B's column in increasing k, each A column k it names, and a
 * dense per-row marker and accumulator of size m reused across columns (so
 * one thread). The symbolic phase counts C's entries per column, the numeric
 * phase fills them. */
#include <stdlib.h>

#include "../core/error.h"
#include "../core/memory.h"
#include "../core/timer.h"
#include "spgemm.h"

/* Host workspace: mark[i] is the stamp of the last column that touched row i
 * (j in the symbolic phase, p + j in the numeric one, so no reset is needed). */
typedef struct work {
    int64_t *mark;
    double *acc;
    uint32_t *list;   /* the rows of the current column, in first-touch order */
    int64_t *count;   /* entries per column of C (symbolic)                   */
} work;

static double map_at(const mm_spgemm_op *op, const mmi_spgemm_args *g, double a, double b,
                     int64_t c)
{
    if (op->map.kind == MM_MAP_USER) return op->map.user(a, b, c, op->map.user_data);
    return mmi_map_eval2(&g->map, a, b, c);
}

static double lambda_at(const mm_spgemm_op *op, const mmi_spgemm_args *g, double mu, uint32_t i,
                        uint32_t j, uint32_t k, double a, double b)
{
    if (op->lambda.kind == MM_LAMBDA_USER)
        return op->lambda.user(mu, i, j, k, a, b, op->lambda.user_data);
    return mmi_lambda_eval(g->lambda, mu, i, j, k);
}

/* Walks the collisions of column j (spgemm_walk) and returns how many
 * distinct rows survive the map and the mask; with numeric set, also
 * accumulates their values (C has values) into w->acc, rows in w->list. */
static int64_t walk_column(const mm_spgemm_op *op, const mmi_spgemm_args *g, int64_t j,
                           const work *w, int numeric)
{
    int64_t stamp = numeric ? g->p + j : j, n = 0;
    int values = numeric && g->out_type != MM_TYPE_PATTERN;
    spgemm_walk at = spgemm_walk_start(g, j);
    spgemm_hit h;
    while (spgemm_walk_next(g, &at, &h)) {
        double mu = map_at(op, g, h.a, h.b, h.c);
        if (mu == 0.0) continue;
        double v = values ? lambda_at(op, g, mu, h.i, (uint32_t)j, h.k, h.a, h.b) : 0.0;
        if (w->mark[h.i] != stamp) {
            w->mark[h.i] = stamp;
            if (numeric) w->list[n] = h.i;
            if (values) w->acc[h.i] = mmi_reduce_start(g->reduce, v);
            ++n;
        } else if (values) {
            w->acc[h.i] = mmi_reduce(g->reduce, w->acc[h.i], v);
        }
    }
    return n;
}

static int by_row(const void *x, const void *y)
{
    uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
    return (a > b) - (a < b);
}

/* Symbolic phase: entries per column of C, and their total. */
static uint64_t count_columns(const mm_spgemm_op *op, const mmi_spgemm_args *g, const work *w)
{
    uint64_t total = 0;
    for (int64_t i = 0; i < g->m; ++i) w->mark[i] = -1;
    for (int64_t j = 0; j < g->p; ++j) {
        w->count[j] = walk_column(op, g, j, w, 0);
        total += (uint64_t)w->count[j];
    }
    return total;
}

/* Numeric phase: C's pointer from the counts, then each column's rows sorted
 * and their reduced values. */
static void fill_columns(const mm_spgemm_op *op, const mmi_spgemm_args *g, const work *w,
                         mm_matrix C)
{
    C->ptr[0] = 0;
    for (int64_t j = 0; j < g->p; ++j) C->ptr[j + 1] = C->ptr[j] + w->count[j];
    for (int64_t j = 0; j < g->p; ++j) {
        int64_t n = walk_column(op, g, j, w, 1), q = C->ptr[j];
        if (n > 1) qsort(w->list, (size_t)n, sizeof *w->list, by_row);
        for (int64_t t = 0; t < n; ++t) {
            C->rows[q + t] = w->list[t];
            if (w->acc != NULL) spgemm_store(g->out_type, C->values, q + t, w->acc[w->list[t]]);
        }
    }
}

mm_status mmi_spgemm_cpu(mm_context ctx, const mm_spgemm_op *op, const mmi_spgemm_args *g,
                         mm_matrix *C)
{
    mm_status st = MM_OK;
    work w = {NULL, NULL, NULL, NULL};
    int64_t m8 = g->m * (int64_t)sizeof(int64_t), p8 = g->p * (int64_t)sizeof(int64_t);
    int64_t acc_bytes = g->out_type == MM_TYPE_PATTERN ? 0 : g->m * (int64_t)sizeof(double);
    int64_t list_bytes = g->m * (int64_t)sizeof(uint32_t);
    MM_TRY(mmi_alloc(ctx, MM_MEMORY_HOST, m8, (void **)&w.mark));
    MM_TRY(mmi_alloc(ctx, MM_MEMORY_HOST, acc_bytes, (void **)&w.acc));
    MM_TRY(mmi_alloc(ctx, MM_MEMORY_HOST, list_bytes, (void **)&w.list));
    MM_TRY(mmi_alloc(ctx, MM_MEMORY_HOST, p8, (void **)&w.count));

    int stage = mmi_stage_begin(ctx, "spgemm_symbolic");
    uint64_t nnz = count_columns(op, g, &w);
    mmi_stage_end(ctx, stage);
    MM_TRY(mmi_spgemm_new_result(ctx, g, nnz, C));

    stage = mmi_stage_begin(ctx, "spgemm_numeric");
    fill_columns(op, g, &w, *C);
    mmi_stage_end(ctx, stage);
done:
    mmi_free(ctx, MM_MEMORY_HOST, w.mark, m8);
    mmi_free(ctx, MM_MEMORY_HOST, w.acc, acc_bytes);
    mmi_free(ctx, MM_MEMORY_HOST, w.list, list_bytes);
    mmi_free(ctx, MM_MEMORY_HOST, w.count, p8);
    if (st != MM_OK) mm_matrix_free(C);
    return st;
}
