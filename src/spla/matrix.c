/* matrix.c: sparse matrices (CSC, CSR, COO) in the context's memory: checked
 * import from host arrays, the implicit-pointer (uniform) layout of one-order
 * mesh matrices, the two-phase export back to caller arrays, and the
 * arrays themselves, read in place (mm_matrix_data). */
#include <stdlib.h>
#include <string.h>

#include "../core/checked.h"
#include "../core/error.h"
#include "../core/handle.h"
#include "../core/memory.h"
#include "matrix_impl.h"

#define MAX_DIM ((int64_t)UINT32_MAX)

size_t mm_type_size(mm_type type)
{
    switch (type) {
    case MM_TYPE_INT32: return 4;
    case MM_TYPE_FLOAT32: return 4;
    case MM_TYPE_FLOAT64: return 8;
    case MM_TYPE_PATTERN: return 0;
    }
    return 0;
}

static int valid_type(mm_type t)
{
    return t == MM_TYPE_PATTERN || t == MM_TYPE_INT32 || t == MM_TYPE_FLOAT32 ||
           t == MM_TYPE_FLOAT64;
}

static int valid_format(mm_format f)
{
    return f == MM_FORMAT_CSC || f == MM_FORMAT_CSR || f == MM_FORMAT_COO;
}

int64_t mmi_matrix_ptr_len(const struct mm_matrix_s *A)
{
    if (A->format == MM_FORMAT_CSC) return A->ncols + 1;
    if (A->format == MM_FORMAT_CSR) return A->nrows + 1;
    return 0;
}

static int uses_rows(mm_format f)
{
    return f != MM_FORMAT_CSR;
}

static int uses_cols(mm_format f)
{
    return f != MM_FORMAT_CSC;
}

/* A matrix handle of the given shape (its arrays not yet set) in *A. */
static mm_status matrix_handle(mm_context ctx, mm_matrix *A, mm_format format, mm_type type,
                               int64_t nrows, int64_t ncols, int64_t nnz, int64_t uniform)
{
    *A = NULL;
    if (nrows < 0 || ncols < 0 || nnz < 0 || nrows > MAX_DIM || ncols > MAX_DIM)
        return mmi_fail(ctx, MM_ERR_OVERFLOW, "a %lld × %lld matrix is outside 0 … 2^32 - 1",
                        (long long)nrows, (long long)ncols);
    struct mm_matrix_s *m = mmi_handle_new(ctx, sizeof *m, MMI_MAGIC_MATRIX);
    if (m == NULL) return mmi_fail(ctx, MM_ERR_OUT_OF_MEMORY, "no memory for a matrix handle");
    m->ctx = ctx;
    m->format = format;
    m->type = type;
    m->nrows = nrows;
    m->ncols = ncols;
    m->nnz = nnz;
    m->uniform = uniform;
    m->where = mmi_backend_memory(ctx);
    *A = m;
    return MM_OK;
}

mm_status mmi_matrix_alloc(mm_context ctx, mm_matrix *A, mm_format format, mm_type type,
                           int64_t nrows, int64_t ncols, int64_t nnz, int64_t uniform)
{
    mm_status st = MM_OK;
    int64_t idx_bytes, val_bytes, ptr_bytes;
    MM_TRY(matrix_handle(ctx, A, format, type, nrows, ncols, nnz, uniform));
    struct mm_matrix_s *m = *A;
    if (mmi_bytes(nnz, sizeof(uint32_t), &idx_bytes) || mmi_bytes(nnz, mm_type_size(type), &val_bytes) ||
        mmi_bytes(mmi_matrix_ptr_len(m), sizeof(int64_t), &ptr_bytes))
        MM_FAIL(ctx, MM_ERR_OVERFLOW, "%lld non-zeros do not fit in memory sizes", (long long)nnz);
    if (uniform == 0) MM_TRY(mmi_alloc(ctx, m->where, ptr_bytes, (void **)&m->ptr));
    if (uses_rows(format)) MM_TRY(mmi_alloc(ctx, m->where, idx_bytes, (void **)&m->rows));
    if (uses_cols(format)) MM_TRY(mmi_alloc(ctx, m->where, idx_bytes, (void **)&m->cols));
    MM_TRY(mmi_alloc(ctx, m->where, val_bytes, &m->values));
done:
    if (st != MM_OK) mm_matrix_free(A);
    return st;
}

mm_status mmi_matrix_adopt(mm_context ctx, mm_matrix *A, int64_t nrows, int64_t ncols,
                           int64_t nnz, int64_t uniform, int64_t **ptr, uint32_t **rows)
{
    mm_status st = matrix_handle(ctx, A, MM_FORMAT_CSC, MM_TYPE_PATTERN, nrows, ncols, nnz,
                                 uniform);
    if (st != MM_OK) return st;
    if (uniform == 0) {
        (*A)->ptr = *ptr;
        *ptr = NULL;
    }
    (*A)->rows = *rows;
    *rows = NULL;
    return MM_OK;
}

void mm_matrix_free(mm_matrix *A)
{
    if (A == NULL || *A == NULL || !mmi_handle_is(*A, MMI_MAGIC_MATRIX)) return;
    struct mm_matrix_s *m = *A;
    mm_context ctx = m->ctx;
    int64_t idx_bytes = m->nnz * (int64_t)sizeof(uint32_t);
    if (m->uniform == 0)
        mmi_free(ctx, m->where, m->ptr, mmi_matrix_ptr_len(m) * (int64_t)sizeof(int64_t));
    mmi_free(ctx, m->where, m->rows, idx_bytes);
    mmi_free(ctx, m->where, m->cols, idx_bytes);
    mmi_free(ctx, m->where, m->values, m->nnz * (int64_t)mm_type_size(m->type));
    mmi_handle_free(ctx, m, MMI_MAGIC_MATRIX_FREED);
    *A = NULL;
}

/* The first index ≥ bound, or -1. */
static int64_t first_out_of_range(const uint32_t *idx, int64_t n, int64_t bound)
{
    for (int64_t k = 0; k < n; ++k)
        if ((int64_t)idx[k] >= bound) return k;
    return -1;
}

static mm_status check_ptr(mm_context ctx, const int64_t *ptr, int64_t n, int64_t nnz,
                           const char *what)
{
    if (ptr[0] != 0)
        return mmi_fail(ctx, MM_ERR_INVALID_MATRIX, "ptr[0] is %lld, expected 0", (long long)ptr[0]);
    for (int64_t j = 0; j < n; ++j)
        if (ptr[j + 1] < ptr[j])
            return mmi_fail(ctx, MM_ERR_INVALID_MATRIX,
                            "ptr decreases at %s %lld (%lld then %lld)", what, (long long)j,
                            (long long)ptr[j], (long long)ptr[j + 1]);
    if (ptr[n] != nnz)
        return mmi_fail(ctx, MM_ERR_INVALID_MATRIX, "ptr[%lld] is %lld, expected nnz = %lld",
                        (long long)n, (long long)ptr[n], (long long)nnz);
    return MM_OK;
}

static mm_status check_index(mm_context ctx, const uint32_t *idx, int64_t nnz, int64_t bound,
                             const char *what)
{
    int64_t k = first_out_of_range(idx, nnz, bound);
    if (k < 0) return MM_OK;
    return mmi_fail(ctx, MM_ERR_INVALID_MATRIX, "entry %lld has %s index %u, but there are %lld %ss",
                    (long long)k, what, idx[k], (long long)bound, what);
}

static mm_status upload(mm_matrix m, const mm_matrix_arrays *h)
{
    mm_status st = MM_OK;
    mm_context ctx = m->ctx;
    int64_t idx_bytes = m->nnz * (int64_t)sizeof(uint32_t);
    if (m->ptr)
        MM_TRY(mmi_copy(ctx, m->ptr, m->where, h->ptr, MM_MEMORY_HOST,
                        mmi_matrix_ptr_len(m) * (int64_t)sizeof(int64_t)));
    if (m->rows) MM_TRY(mmi_copy(ctx, m->rows, m->where, h->rows, MM_MEMORY_HOST, idx_bytes));
    if (m->cols) MM_TRY(mmi_copy(ctx, m->cols, m->where, h->cols, MM_MEMORY_HOST, idx_bytes));
    if (m->values)
        MM_TRY(mmi_copy(ctx, m->values, m->where, h->values, MM_MEMORY_HOST,
                        m->nnz * (int64_t)mm_type_size(m->type)));
done:
    return st;
}

/* Checks the arguments both import forms share. */
static mm_status check_import_args(mm_context ctx, mm_format format, mm_type type, int64_t nrows,
                                   int64_t ncols, int64_t nnz, const void *values)
{
    if (!valid_format(format) || !valid_type(type))
        return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT, "format %d or type %d is not a known value",
                        (int)format, (int)type);
    if (nrows < 0 || ncols < 0 || nnz < 0)
        return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT, "negative size (%lld × %lld, nnz %lld)",
                        (long long)nrows, (long long)ncols, (long long)nnz);
    if (nrows > MAX_DIM || ncols > MAX_DIM)
        return mmi_fail(ctx, MM_ERR_OVERFLOW, "%lld × %lld exceeds the 32-bit index range",
                        (long long)nrows, (long long)ncols);
    if (type != MM_TYPE_PATTERN && nnz > 0 && values == NULL)
        return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT, "values is NULL for a non-pattern matrix");
    return MM_OK;
}

mm_status mmi_matrix_import(mm_context ctx, mm_matrix *A, mm_format format, mm_type type,
                            int64_t nrows, int64_t ncols, int64_t nnz, const mm_matrix_arrays *h)
{
    mm_status st = MM_OK;
    if (ctx == NULL || A == NULL || h == NULL) return MM_ERR_INVALID_ARGUMENT;
    *A = NULL;
    MM_TRY(check_import_args(ctx, format, type, nrows, ncols, nnz, h->values));
    if ((format != MM_FORMAT_COO && h->ptr == NULL) ||
        (uses_rows(format) && nnz > 0 && h->rows == NULL) ||
        (uses_cols(format) && nnz > 0 && h->cols == NULL))
        MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "an index array the format needs is NULL");
    if (format == MM_FORMAT_CSC) MM_TRY(check_ptr(ctx, h->ptr, ncols, nnz, "column"));
    if (format == MM_FORMAT_CSR) MM_TRY(check_ptr(ctx, h->ptr, nrows, nnz, "row"));
    if (uses_rows(format)) MM_TRY(check_index(ctx, h->rows, nnz, nrows, "row"));
    if (uses_cols(format)) MM_TRY(check_index(ctx, h->cols, nnz, ncols, "column"));
    MM_TRY(mmi_matrix_alloc(ctx, A, format, type, nrows, ncols, nnz, 0));
    MM_TRY(upload(*A, h));
done:
    if (st != MM_OK) mm_matrix_free(A);
    return st;
}

mm_status mm_matrix_import(mm_context ctx, mm_matrix *A, mm_format format, mm_type type,
                           int64_t nrows, int64_t ncols, int64_t nnz, const mm_matrix_arrays *h)
{
    if (!mmi_context_live(ctx)) return MM_ERR_INVALID_ARGUMENT;
    MM_WHERE(ctx);
    return mmi_matrix_import(ctx, A, format, type, nrows, ncols, nnz, h);
}

mm_status mmi_matrix_import_uniform(mm_context ctx, mm_matrix *A, mm_format format, mm_type type,
                                    int64_t nrows, int64_t ncols, int64_t order,
                                    const uint32_t *h_index, const void *h_values)
{
    mm_status st = MM_OK;
    int64_t nnz;
    if (ctx == NULL || A == NULL) return MM_ERR_INVALID_ARGUMENT;
    *A = NULL;
    MM_TRY(check_import_args(ctx, format, type, nrows, ncols, 0, h_values));
    if (format == MM_FORMAT_COO || order <= 0)
        MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "a uniform matrix is CSC or CSR with order > 0");
    int64_t lines = format == MM_FORMAT_CSC ? ncols : nrows;
    if (mmi_mul_i64(lines, order, &nnz))
        MM_FAIL(ctx, MM_ERR_OVERFLOW, "%lld × %lld entries overflow", (long long)lines,
                (long long)order);
    if (nnz > 0 && (h_index == NULL || (type != MM_TYPE_PATTERN && h_values == NULL)))
        MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "index or values array is NULL");
    MM_TRY(check_index(ctx, h_index, nnz, format == MM_FORMAT_CSC ? nrows : ncols,
                       format == MM_FORMAT_CSC ? "row" : "column"));
    MM_TRY(mmi_matrix_alloc(ctx, A, format, type, nrows, ncols, nnz, order));
    mm_matrix_arrays h = {NULL, (uint32_t *)h_index, (uint32_t *)h_index, (void *)h_values};
    MM_TRY(upload(*A, &h));
done:
    if (st != MM_OK) mm_matrix_free(A);
    return st;
}

mm_status mm_matrix_import_uniform(mm_context ctx, mm_matrix *A, mm_format format, mm_type type,
                                   int64_t nrows, int64_t ncols, int64_t order,
                                   const uint32_t *h_index, const void *h_values)
{
    if (!mmi_context_live(ctx)) return MM_ERR_INVALID_ARGUMENT;
    MM_WHERE(ctx);
    return mmi_matrix_import_uniform(ctx, A, format, type, nrows, ncols, order, h_index,
                                     h_values);
}

mm_status mm_matrix_info_get(mm_matrix A, mm_matrix_info *info)
{
    if (A == NULL || info == NULL || MMI_CHECK(NULL, A, MMI_MAGIC_MATRIX, "A") != MM_OK)
        return MM_ERR_INVALID_ARGUMENT;
    info->format = A->format;
    info->type = A->type;
    info->nrows = A->nrows;
    info->ncols = A->ncols;
    info->nnz = A->nnz;
    info->uniform = A->uniform;
    info->where = A->where;
    return MM_OK;
}

mm_status mm_matrix_data(mm_matrix A, const int64_t **ptr, const uint32_t **rows,
                         const uint32_t **cols, const void **values)
{
    if (A == NULL || MMI_CHECK(NULL, A, MMI_MAGIC_MATRIX, "A") != MM_OK)
        return MM_ERR_INVALID_ARGUMENT;
    if (ptr) *ptr = A->ptr;
    if (rows) *rows = A->rows;
    if (cols) *cols = A->cols;
    if (values) *values = A->values;
    return MM_OK;
}

mm_status mmi_matrix_export(mm_matrix A, const mm_matrix_arrays *h)
{
    mm_status st = MM_OK;
    if (A == NULL || h == NULL) return MM_ERR_INVALID_ARGUMENT;
    mm_context ctx = A->ctx;
    int64_t idx_bytes = A->nnz * (int64_t)sizeof(uint32_t);
    int64_t np = mmi_matrix_ptr_len(A);
    if ((np > 0 && h->ptr == NULL) || (A->rows && A->nnz > 0 && h->rows == NULL) ||
        (A->cols && A->nnz > 0 && h->cols == NULL) || (A->values && h->values == NULL))
        MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "an array the %s matrix needs is NULL",
                A->format == MM_FORMAT_CSC ? "CSC" : A->format == MM_FORMAT_CSR ? "CSR" : "COO");
    if (np > 0 && A->uniform > 0) {
        for (int64_t j = 0; j < np; ++j) h->ptr[j] = A->uniform * j;
    } else if (np > 0) {
        MM_TRY(mmi_copy(ctx, h->ptr, MM_MEMORY_HOST, A->ptr, A->where,
                        np * (int64_t)sizeof(int64_t)));
    }
    if (A->rows) MM_TRY(mmi_copy(ctx, h->rows, MM_MEMORY_HOST, A->rows, A->where, idx_bytes));
    if (A->cols) MM_TRY(mmi_copy(ctx, h->cols, MM_MEMORY_HOST, A->cols, A->where, idx_bytes));
    if (A->values)
        MM_TRY(mmi_copy(ctx, h->values, MM_MEMORY_HOST, A->values, A->where,
                        A->nnz * (int64_t)mm_type_size(A->type)));
done:
    return st;
}

mm_status mm_matrix_export(mm_matrix A, const mm_matrix_arrays *h)
{
    if (A == NULL || MMI_CHECK(NULL, A, MMI_MAGIC_MATRIX, "A") != MM_OK)
        return MM_ERR_INVALID_ARGUMENT;
    MM_WHERE(A->ctx);
    return mmi_matrix_export(A, h);
}
