/* dense_ops.c: mm_dense_fill and mm_dense_scale_add (meshmat/dense_ops.h):
 * checks, then the backend's loop over the element rule of dense_ops.h. */
#include "../core/backend.h"
#include "../core/error.h"
#include "../core/handle.h"
#include "../core/timer.h"
#include "dense_ops.h"

static mm_status run(mm_context ctx, const mmi_dense_op_args *a)
{
    int stage = mmi_stage_begin(ctx, "dense_op");
    mm_status st = MMI_BACKEND_CALL(ctx, mmi_dense_op, ctx, a);
    mmi_stage_end(ctx, stage);
    return st;
}

mm_status mmi_dense_fill(mm_context ctx, mm_dense X, double value)
{
    mm_status st = MM_OK;
    if (ctx == NULL) return MM_ERR_INVALID_ARGUMENT;
    if (X == NULL) MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "X is NULL");
    MM_TRY(MMI_CHECK(ctx, X, MMI_MAGIC_DENSE, "X"));
    mmi_dense_op_args a = {MMI_DENSE_FILL, X->n, X->d, X->type == MM_TYPE_FLOAT64, NULL, 0,
                           NULL, X->data, 0.0, value};
    MM_TRY(run(ctx, &a));
done:
    return st;
}

mm_status mmi_dense_scale_add(mm_context ctx, mm_dense w, mm_dense X, double beta, mm_dense Y)
{
    mm_status st = MM_OK;
    if (ctx == NULL) return MM_ERR_INVALID_ARGUMENT;
    if (X == NULL || Y == NULL) MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "X and Y must not be NULL");
    MM_TRY(MMI_CHECK(ctx, X, MMI_MAGIC_DENSE, "X"));
    MM_TRY(MMI_CHECK(ctx, Y, MMI_MAGIC_DENSE, "Y"));
    if (w != NULL) MM_TRY(MMI_CHECK(ctx, w, MMI_MAGIC_DENSE, "w"));
    if (X->n != Y->n || X->d != Y->d || X->type != Y->type)
        MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT,
                "X (%lld × %lld) and Y (%lld × %lld) must have one shape and one type",
                (long long)X->n, (long long)X->d, (long long)Y->n, (long long)Y->d);
    if (w != NULL && (w->n != X->n || w->d != 1))
        MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "w is %lld × %lld, but X has %lld rows",
                (long long)w->n, (long long)w->d, (long long)X->n);
    mmi_dense_op_args a = {MMI_DENSE_SCALE_ADD, Y->n, Y->d, Y->type == MM_TYPE_FLOAT64,
                           w ? w->data : NULL, w ? w->type == MM_TYPE_FLOAT64 : 0, X->data,
                           Y->data, beta, 0.0};
    MM_TRY(run(ctx, &a));
done:
    return st;
}

mm_status mm_dense_fill(mm_context ctx, mm_dense X, double value)
{
    if (!mmi_context_live(ctx)) return MM_ERR_INVALID_ARGUMENT;
    MM_WHERE(ctx);
    return mmi_dense_fill(ctx, X, value);
}

mm_status mm_dense_scale_add(mm_context ctx, mm_dense w, mm_dense X, double beta, mm_dense Y)
{
    if (!mmi_context_live(ctx)) return MM_ERR_INVALID_ARGUMENT;
    MM_WHERE(ctx);
    return mmi_dense_scale_add(ctx, w, X, beta, Y);
}
