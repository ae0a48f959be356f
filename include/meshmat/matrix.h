/* meshmat/matrix.h: sparse matrices in CSC, CSR or COO form, with pattern,
 * int32, float32 or float64 values, resident where the context computes.
 * The mesh matrix M of DESIGN §1 is a pattern CSC matrix whose k-th entry in a
 * column has the implicit value k; mapped products come with the spla layer. */
#ifndef MESHMAT_MATRIX_H
#define MESHMAT_MATRIX_H

#include "context.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum mm_format {
    MM_FORMAT_CSC = 0, /* ptr over columns, rows of each entry              */
    MM_FORMAT_CSR = 1, /* ptr over rows, columns of each entry              */
    MM_FORMAT_COO = 2  /* rows and columns of each entry; duplicates allowed */
} mm_format;

typedef enum mm_type {
    MM_TYPE_PATTERN = 0, /* no stored values (the mesh matrix: value = position in column) */
    MM_TYPE_INT32 = 1,
    MM_TYPE_FLOAT32 = 2,
    MM_TYPE_FLOAT64 = 3
} mm_type;

/* Bytes of one value of the type (0 for MM_TYPE_PATTERN). */
MM_API size_t mm_type_size(mm_type type);

typedef struct mm_matrix_s *mm_matrix;

/* Host arrays holding a matrix. Which are used depends on the format:
 *   CSC: ptr (ncols + 1), rows (nnz);  CSR: ptr (nrows + 1), cols (nnz);
 *   COO: rows (nnz), cols (nnz).  values (nnz of the type) unless PATTERN.
 * Unused fields are ignored on import and left alone on export. */
typedef struct mm_matrix_arrays {
    int64_t *ptr;
    uint32_t *rows;
    uint32_t *cols;
    void *values;
} mm_matrix_arrays;

/* What a matrix is: enough to size the arrays of mm_matrix_export. */
typedef struct mm_matrix_info {
    mm_format format;
    mm_type type;
    int64_t nrows, ncols, nnz;
    int64_t uniform;  /* > 0: every column (CSC) or row (CSR) has this many entries
                         and the pointer is implicit (ptr[j] = uniform * j)         */
    mm_memory where;  /* host (CPU backend) or device (CUDA backend)                */
} mm_matrix_info;

/* mm_matrix_import: copy a matrix from host arrays into the context's memory.
 *   nrows, ncols ≤ 2^32 - 1 (ids are uint32); nnz ≤ 2^62.
 *   Checked: ptr[0] = 0, ptr non-decreasing, ptr[n] = nnz, every index in range.
 *   Entries within a column (row) are kept in the order given.
 *   Errors: MM_ERR_INVALID_ARGUMENT (NULL array needed by the format, bad enum),
 *   MM_ERR_INVALID_MATRIX (the message names the first bad entry),
 *   MM_ERR_OUT_OF_MEMORY.
 *   Example: the 2 × 2 identity in CSC: ptr {0,1,2}, rows {0,1}. */
MM_API mm_status mm_matrix_import(mm_context ctx, mm_matrix *A, mm_format format, mm_type type,
                                  int64_t nrows, int64_t ncols, int64_t nnz,
                                  const mm_matrix_arrays *h);

/* mm_matrix_import_uniform: a CSC (or CSR) matrix whose every column (row) has
 * `order` entries, stored without a pointer array (ptr[j] = order · j): the
 * layout of all-quad or all-triangle mesh matrices. nnz = order · ncols (nrows). */
MM_API mm_status mm_matrix_import_uniform(mm_context ctx, mm_matrix *A, mm_format format,
                                          mm_type type, int64_t nrows, int64_t ncols,
                                          int64_t order, const uint32_t *h_index,
                                          const void *h_values);

MM_API mm_status mm_matrix_info_get(mm_matrix A, mm_matrix_info *info);

/* mm_matrix_export: copy the matrix into caller-owned host arrays, sized from
 * mm_matrix_info_get (the two-phase pattern). A uniform matrix exports its
 * pointer explicitly. Errors: MM_ERR_INVALID_ARGUMENT for a NULL array the
 * format needs; MM_ERR_CUDA. */
MM_API mm_status mm_matrix_export(mm_matrix A, const mm_matrix_arrays *h);

/* mm_matrix_data: the matrix's own arrays, where they live (info.where from
 * mm_matrix_info_get: device memory on the CUDA backend, host memory on the
 * CPU), to read in place with no host copy: a kernel of the caller's reads
 * a refined level's faces this way (mm_subdiv_level_matrix, mm_mesh_matrix
 * of mm_subdivide's result).
 *   A       a live matrix
 *   ptr     out: the pointer (ncols + 1 for CSC, nrows + 1 for CSR); NULL for
 *           COO and for a uniform matrix (info.uniform = c > 0: column
 *           (row) j is entries [c j, c (j + 1)), so ptr[j] = c j)
 *   rows    out: the row of each entry (CSC, COO), else NULL
 *   cols    out: the column of each entry (CSR, COO), else NULL
 *   values  out: nnz values of info.type (NULL for MM_TYPE_PATTERN, where
 *           the k-th entry of a column has the value k + 1)
 * Any out pointer may be NULL to skip it; arrays of no entries may be NULL.
 * The arrays stay the matrix's: valid while it lives, read-only (writing
 * through them breaks what import checked), ordered on the context's stream
 * (mm_context_synchronize before reading them on another one).
 *   Properties: O(1), no copy, no synchronisation.
 *   Errors: MM_ERR_INVALID_ARGUMENT (NULL or dead A).
 *   Example: one quad subdivided once, level 1 (4 quads, uniform 4): ptr
 *   NULL, rows the 16 vertex ids (0, 5, 4, 6, …), values NULL. */
MM_API mm_status mm_matrix_data(mm_matrix A, const int64_t **ptr, const uint32_t **rows,
                                const uint32_t **cols, const void **values);

/* Frees the matrix and sets *A to NULL; NULL is allowed. */
MM_API void mm_matrix_free(mm_matrix *A);

#ifdef __cplusplus
}
#endif
#endif
