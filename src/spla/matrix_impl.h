/* matrix_impl.h: the layout behind mm_matrix and mm_dense, shared by the spla
 * layer and the layers above it. Arrays live in `where` (the memory of the
 * context's backend); `uniform` > 0 means the pointer is implicit. */
#ifndef MESHMAT_SPLA_MATRIX_IMPL_H
#define MESHMAT_SPLA_MATRIX_IMPL_H

#include "meshmat/matrix.h"
#include "meshmat/dense.h"

struct mm_matrix_s {
    uint32_t magic;    /* MMI_MAGIC_MATRIX (core/handle.h)                        */
    mm_context ctx;
    mm_format format;
    mm_type type;
    int64_t nrows, ncols, nnz;
    int64_t uniform;   /* > 0: ptr is NULL and ptr[j] = uniform · j              */
    mm_memory where;
    int64_t *ptr;      /* CSC: ncols + 1, CSR: nrows + 1, NULL for COO or uniform */
    uint32_t *rows;    /* CSC, COO                                                */
    uint32_t *cols;    /* CSR, COO                                                */
    void *values;      /* nnz × mm_type_size(type), NULL for PATTERN              */
};

struct mm_dense_s {
    uint32_t magic;    /* MMI_MAGIC_DENSE (core/handle.h) */
    mm_context ctx;
    int64_t n, d;
    mm_type type;
    mm_memory where;
    void *data;        /* n × d row-major */
    int borrowed;      /* 1: data is the caller's (mm_dense_wrap), never freed here */
};

/* Allocates an empty matrix of the given shape in the context's memory: the
 * arrays the format needs (ptr unless uniform > 0), uninitialised. */
mm_status mmi_matrix_alloc(mm_context ctx, mm_matrix *A, mm_format format, mm_type type,
                           int64_t nrows, int64_t ncols, int64_t nnz, int64_t uniform);

/* A pattern CSC matrix around host arrays (rows: nnz; ptr: ncols + 1, unused
 * when uniform > 0) that mmi_alloc gave in the context's memory, which must be
 * the host's, at exactly those sizes: it takes them over (*ptr and *rows are
 * set to NULL; mm_matrix_free frees them), without copying or checking them
 * (the caller has). On failure they stay the caller's. */
mm_status mmi_matrix_adopt(mm_context ctx, mm_matrix *A, int64_t nrows, int64_t ncols,
                           int64_t nnz, int64_t uniform, int64_t **ptr, uint32_t **rows);

/* The bodies of mm_matrix_import, mm_matrix_import_uniform and
 * mm_matrix_export, without MM_WHERE: errors name the public caller. */
mm_status mmi_matrix_import(mm_context ctx, mm_matrix *A, mm_format format, mm_type type,
                            int64_t nrows, int64_t ncols, int64_t nnz, const mm_matrix_arrays *h);
mm_status mmi_matrix_import_uniform(mm_context ctx, mm_matrix *A, mm_format format, mm_type type,
                                    int64_t nrows, int64_t ncols, int64_t order,
                                    const uint32_t *h_index, const void *h_values);
mm_status mmi_matrix_export(mm_matrix A, const mm_matrix_arrays *h);

/* Number of pointer entries the format needs (ncols + 1 for CSC, nrows + 1
 * for CSR), 0 for COO. */
int64_t mmi_matrix_ptr_len(const struct mm_matrix_s *A);

/* Aᵀ of a CSC or CSR matrix with A's arrays: the CSC of A read as the CSR
 * of Aᵀ and back (a view; the arrays stay A's). */
static inline struct mm_matrix_s mmi_matrix_transposed(const struct mm_matrix_s *A)
{
    struct mm_matrix_s T = *A;
    T.format = A->format == MM_FORMAT_CSC ? MM_FORMAT_CSR : MM_FORMAT_CSC;
    T.nrows = A->ncols;
    T.ncols = A->nrows;
    T.rows = A->cols;
    T.cols = A->rows;
    return T;
}

/* Allocates an n × d array, uninitialised. */
mm_status mmi_dense_alloc(mm_context ctx, mm_dense *X, int64_t n, int64_t d, mm_type type);

/* An n × d array around host data from mmi_alloc in the context's memory,
 * which must be the host's, of exactly n · d values: it takes it over (*data
 * is set to NULL; mm_dense_free frees it). On failure it stays the caller's. */
mm_status mmi_dense_adopt(mm_context ctx, mm_dense *X, int64_t n, int64_t d, mm_type type,
                          void **data);

/* The bodies of mm_dense_import and mm_dense_export, without MM_WHERE: errors
 * name the public caller. */
mm_status mmi_dense_import(mm_context ctx, mm_dense *X, int64_t n, int64_t d, mm_type type,
                           const void *h_data);
mm_status mmi_dense_export(mm_dense X, void *h_data);

#endif
