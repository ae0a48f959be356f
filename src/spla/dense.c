/* dense.c: n × d row-major vertex-data arrays in the context's memory:
 * zero-filled creation, import from and export to caller host arrays, and
 * arrays over the caller's own memory (mm_dense_wrap). */
#include <stdlib.h>

#include "../core/checked.h"
#include "../core/error.h"
#include "../core/handle.h"
#include "../core/memory.h"
#include "matrix_impl.h"

static int64_t dense_bytes(const struct mm_dense_s *X)
{
    return X->n * X->d * (int64_t)mm_type_size(X->type);
}

/* A dense handle of the given shape (its data not yet set) in *X. */
static mm_status dense_handle(mm_context ctx, mm_dense *X, int64_t n, int64_t d, mm_type type)
{
    int64_t count, bytes;
    *X = NULL;
    if (type != MM_TYPE_FLOAT32 && type != MM_TYPE_FLOAT64)
        return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT,
                        "dense arrays hold float32 or float64, not type %d", (int)type);
    if (n < 0 || d < 0)
        return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT, "negative shape %lld × %lld",
                        (long long)n, (long long)d);
    if (mmi_mul_i64(n, d, &count) || mmi_bytes(count, mm_type_size(type), &bytes))
        return mmi_fail(ctx, MM_ERR_OVERFLOW, "%lld × %lld values overflow", (long long)n,
                        (long long)d);
    struct mm_dense_s *x = mmi_handle_new(ctx, sizeof *x, MMI_MAGIC_DENSE);
    if (x == NULL) return mmi_fail(ctx, MM_ERR_OUT_OF_MEMORY, "no memory for a dense handle");
    x->ctx = ctx;
    x->n = n;
    x->d = d;
    x->type = type;
    x->where = mmi_backend_memory(ctx);
    *X = x;
    return MM_OK;
}

mm_status mmi_dense_alloc(mm_context ctx, mm_dense *X, int64_t n, int64_t d, mm_type type)
{
    mm_status st = MM_OK;
    MM_TRY(dense_handle(ctx, X, n, d, type));
    MM_TRY(mmi_alloc(ctx, (*X)->where, dense_bytes(*X), &(*X)->data));
done:
    if (st != MM_OK) mm_dense_free(X);
    return st;
}

mm_status mmi_dense_adopt(mm_context ctx, mm_dense *X, int64_t n, int64_t d, mm_type type,
                          void **data)
{
    mm_status st = dense_handle(ctx, X, n, d, type);
    if (st != MM_OK) return st;
    (*X)->data = *data;
    *data = NULL;
    return MM_OK;
}

mm_status mm_dense_new(mm_context ctx, mm_dense *X, int64_t n, int64_t d, mm_type type)
{
    mm_status st = MM_OK;
    if (!mmi_context_live(ctx) || X == NULL) return MM_ERR_INVALID_ARGUMENT;
    MM_WHERE(ctx);
    MM_TRY(mmi_dense_alloc(ctx, X, n, d, type));
    MM_TRY(mmi_zero(ctx, (*X)->data, (*X)->where, dense_bytes(*X)));
done:
    if (st != MM_OK) mm_dense_free(X);
    return st;
}

mm_status mmi_dense_import(mm_context ctx, mm_dense *X, int64_t n, int64_t d, mm_type type,
                           const void *h_data)
{
    mm_status st = MM_OK;
    if (ctx == NULL || X == NULL) return MM_ERR_INVALID_ARGUMENT;
    MM_TRY(mmi_dense_alloc(ctx, X, n, d, type));
    if (dense_bytes(*X) > 0 && h_data == NULL)
        MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "h_data is NULL for a %lld × %lld array",
                (long long)n, (long long)d);
    MM_TRY(mmi_copy(ctx, (*X)->data, (*X)->where, h_data, MM_MEMORY_HOST, dense_bytes(*X)));
done:
    if (st != MM_OK) mm_dense_free(X);
    return st;
}

mm_status mm_dense_import(mm_context ctx, mm_dense *X, int64_t n, int64_t d, mm_type type,
                          const void *h_data)
{
    if (!mmi_context_live(ctx)) return MM_ERR_INVALID_ARGUMENT;
    MM_WHERE(ctx);
    return mmi_dense_import(ctx, X, n, d, type, h_data);
}

/* mm_dense_wrap's body: a handle over data, checked to be the backend's. */
static mm_status dense_wrap(mm_context ctx, mm_dense *X, int64_t n, int64_t d, mm_type type,
                            void *data)
{
    mm_status st = MM_OK;
    if (X == NULL) return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT, "X is NULL");
    MM_TRY(dense_handle(ctx, X, n, d, type));
    if (dense_bytes(*X) > 0 && data == NULL)
        MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "data is NULL for a %lld × %lld array",
                (long long)n, (long long)d);
    if (data != NULL) MM_TRY(mmi_check_backend_pointer(ctx, data, "data"));
    (*X)->data = data;
    (*X)->borrowed = 1;
done:
    if (st != MM_OK) mm_dense_free(X);
    return st;
}

mm_status mm_dense_wrap(mm_context ctx, mm_dense *X, int64_t n, int64_t d, mm_type type,
                        void *data)
{
    if (!mmi_context_live(ctx)) return MM_ERR_INVALID_ARGUMENT;
    MM_WHERE(ctx);
    return dense_wrap(ctx, X, n, d, type, data);
}

void *mm_dense_data(mm_dense X)
{
    if (X == NULL || MMI_CHECK(NULL, X, MMI_MAGIC_DENSE, "X") != MM_OK) return NULL;
    return X->data;
}

mm_status mm_dense_shape(mm_dense X, int64_t *n, int64_t *d, mm_type *type)
{
    if (X == NULL || MMI_CHECK(NULL, X, MMI_MAGIC_DENSE, "X") != MM_OK)
        return MM_ERR_INVALID_ARGUMENT;
    if (n) *n = X->n;
    if (d) *d = X->d;
    if (type) *type = X->type;
    return MM_OK;
}

mm_status mmi_dense_export(mm_dense X, void *h_data)
{
    mm_status st = MM_OK;
    if (X == NULL) return MM_ERR_INVALID_ARGUMENT;
    if (dense_bytes(X) > 0 && h_data == NULL)
        MM_FAIL(X->ctx, MM_ERR_INVALID_ARGUMENT, "h_data is NULL");
    MM_TRY(mmi_copy(X->ctx, h_data, MM_MEMORY_HOST, X->data, X->where, dense_bytes(X)));
done:
    return st;
}

mm_status mm_dense_export(mm_dense X, void *h_data)
{
    if (X == NULL || MMI_CHECK(NULL, X, MMI_MAGIC_DENSE, "X") != MM_OK)
        return MM_ERR_INVALID_ARGUMENT;
    MM_WHERE(X->ctx);
    return mmi_dense_export(X, h_data);
}

void mm_dense_free(mm_dense *X)
{
    if (X == NULL || *X == NULL || !mmi_handle_is(*X, MMI_MAGIC_DENSE)) return;
    if (!(*X)->borrowed) mmi_free((*X)->ctx, (*X)->where, (*X)->data, dense_bytes(*X));
    mmi_handle_free((*X)->ctx, *X, MMI_MAGIC_DENSE_FREED);
    *X = NULL;
}
