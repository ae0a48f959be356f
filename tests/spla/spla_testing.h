/* spla_testing.h: what the sparse-linear-algebra tests share (header only, each
 * test includes it once): seeded random host matrices in every format with
 * empty lines, unsorted lines and COO duplicates, their entries as the values
 * a map sees, and an independent dense-style reference for mapped SpMV. */
#ifndef MESHMAT_TESTS_SPLA_TESTING_H
#define MESHMAT_TESTS_SPLA_TESTING_H

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "test_util.h"

static uint64_t sp_rng = 0x2545f4914f6cdd1dull;

static inline void sp_seed(uint64_t s)
{
    sp_rng = s * 0x9e3779b97f4a7c15ull + 1;
}

static inline uint32_t sp_next(void)
{
    sp_rng ^= sp_rng << 13;
    sp_rng ^= sp_rng >> 7;
    sp_rng ^= sp_rng << 17;
    return (uint32_t)(sp_rng >> 11);
}

/* A matrix as host arrays (uniform > 0: CSC/CSR with an implicit pointer). */
typedef struct sp_host {
    mm_format f;
    mm_type t;
    int64_t nr, nc, nnz, uniform;
    int64_t *ptr;
    uint32_t *rows, *cols;
    void *vals;
} sp_host;

static inline void sp_fill_value(sp_host *h, int64_t k)
{
    double v = (double)(int32_t)(sp_next() % 2001 - 1000) / 256.0;
    if (h->t == MM_TYPE_INT32) ((int32_t *)h->vals)[k] = (int32_t)(sp_next() % 6);
    if (h->t == MM_TYPE_FLOAT32) ((float *)h->vals)[k] = (float)v;
    if (h->t == MM_TYPE_FLOAT64) ((double *)h->vals)[k] = v;
}

/* A random nr × nc matrix: CSC/CSR lines of 0 … max_per_line entries in random
 * order (every third line empty, repeats possible), or COO entries with some
 * repeated (row, col) pairs. uniform > 0 gives every line that many entries. */
static inline sp_host sp_random(mm_format f, mm_type t, int64_t nr, int64_t nc, int max_per_line,
                         int64_t uniform)
{
    sp_host h = {f, t, nr, nc, 0, uniform, NULL, NULL, NULL, NULL};
    int64_t lines = f == MM_FORMAT_CSR ? nr : nc, other = f == MM_FORMAT_CSR ? nc : nr;
    if (other == 0) uniform = h.uniform = 0;
    h.ptr = calloc((size_t)lines + 1, sizeof *h.ptr);
    for (int64_t j = 0; j < lines; ++j)
        h.ptr[j + 1] = h.ptr[j] + (uniform > 0 ? uniform
                                   : (other == 0 || j % 3 == 1) ? 0
                                                                : sp_next() % (max_per_line + 1));
    h.nnz = h.ptr[lines];
    if (f == MM_FORMAT_COO && nr > 0 && nc > 0) h.nnz = lines * max_per_line / 2 + 1;
    if (f == MM_FORMAT_COO && (nr == 0 || nc == 0)) h.nnz = 0;
    h.rows = calloc((size_t)h.nnz + 1, 4);
    h.cols = calloc((size_t)h.nnz + 1, 4);
    h.vals = calloc((size_t)h.nnz + 1, 8);
    for (int64_t k = 0; k < h.nnz; ++k) {
        int dup = f == MM_FORMAT_COO && k > 0 && sp_next() % 4 == 0;
        int64_t src = dup ? (int64_t)(sp_next() % (uint32_t)k) : k;
        h.rows[k] = dup ? h.rows[src] : sp_next() % (uint32_t)(nr > 0 ? nr : 1);
        h.cols[k] = dup ? h.cols[src] : sp_next() % (uint32_t)(nc > 0 ? nc : 1);
        sp_fill_value(&h, k);
    }
    return h;
}

static inline void sp_free(sp_host *h)
{
    free(h->ptr), free(h->rows), free(h->cols), free(h->vals);
    memset(h, 0, sizeof *h);
}

static inline mm_matrix sp_import(mm_context ctx, const sp_host *h)
{
    mm_matrix A = NULL;
    if (h->uniform > 0) {
        MMT_OK(ctx, mm_matrix_import_uniform(ctx, &A, h->f, h->t, h->nr, h->nc, h->uniform,
                                             h->f == MM_FORMAT_CSC ? h->rows : h->cols, h->vals));
    } else {
        mm_matrix_arrays a = {h->ptr, h->rows, h->cols, h->vals};
        MMT_OK(ctx, mm_matrix_import(ctx, &A, h->f, h->t, h->nr, h->nc, h->nnz, &a));
    }
    return A;
}

/* Entry k in storage order: its row, column and the value a map sees (the
 * stored value; for PATTERN its 1-based position in its line, 1 for COO). */
static inline void sp_entry(const sp_host *h, int64_t k, uint32_t *i, uint32_t *j, double *seen)
{
    int64_t line = 0;
    if (h->f != MM_FORMAT_COO)
        while (h->ptr[line + 1] <= k) ++line;
    *i = h->f == MM_FORMAT_CSR ? (uint32_t)line : h->rows[k];
    *j = h->f == MM_FORMAT_CSC ? (uint32_t)line : h->cols[k];
    switch (h->t) {
    case MM_TYPE_INT32: *seen = ((const int32_t *)h->vals)[k]; break;
    case MM_TYPE_FLOAT32: *seen = ((const float *)h->vals)[k]; break;
    case MM_TYPE_FLOAT64: *seen = ((const double *)h->vals)[k]; break;
    default: *seen = h->f == MM_FORMAT_COO ? 1.0 : (double)(k - h->ptr[line] + 1);
    }
}

/* μ(seen) for a row of op(A) with count entries, written from ops.h directly. */
static inline double sp_map(const mm_map *m, double seen, int64_t count)
{
    switch (m->kind) {
    case MM_MAP_VALUE: return seen;
    case MM_MAP_ONE: return 1.0;
    case MM_MAP_INV_COUNT: return 1.0 / (double)count;
    case MM_MAP_TABLE:
        return (seen >= 0 && seen < (double)m->table_len && seen == floor(seen))
                   ? m->table[(int64_t)seen] : 0.0;
    case MM_MAP_USER: return m->user(seen, 0.0, count, m->user_data);
    default: return NAN;
    }
}

/* The reference: dense op(A)_μ (rows × cols) times x (cols × d), plus y0 when
 * accumulating; mag gets Σ |terms| per output for the tolerance. */
static inline void sp_reference(const sp_host *h, int transpose, const mm_map *m, int64_t d,
                         const double *x, const double *y0, int accumulate, double *y, double *mag)
{
    int64_t rows = transpose ? h->nc : h->nr, cols = transpose ? h->nr : h->nc;
    int64_t *count = calloc((size_t)rows + 1, sizeof *count);
    double *dense = calloc((size_t)(rows * cols) + 1, sizeof *dense);
    uint32_t i, j;
    double seen;
    for (int64_t k = 0; k < h->nnz; ++k) {
        sp_entry(h, k, &i, &j, &seen);
        count[transpose ? j : i]++;
    }
    for (int64_t t = 0; t < rows * d; ++t) {
        y[t] = accumulate ? y0[t] : 0.0;
        mag[t] = fabs(y[t]);
    }
    for (int64_t k = 0; k < h->nnz; ++k) {
        sp_entry(h, k, &i, &j, &seen);
        uint32_t oi = transpose ? j : i, oj = transpose ? i : j;
        double mu = sp_map(m, seen, count[oi]);
        for (int64_t c = 0; c < d; ++c) mag[oi * d + c] += fabs(mu * x[oj * d + c]);
        dense[oi * cols + oj] += mu;
    }
    for (int64_t r = 0; r < rows; ++r)
        for (int64_t cc = 0; cc < cols; ++cc)
            for (int64_t c = 0; c < d; ++c) y[r * d + c] += dense[r * cols + cc] * x[cc * d + c];
    free(count);
    free(dense);
}

/* Writes n values of type t (FLOAT32 / FLOAT64) from doubles. */
static inline void sp_to_type(mm_type t, const double *in, void *out, int64_t n)
{
    for (int64_t k = 0; k < n; ++k) {
        if (t == MM_TYPE_FLOAT32) ((float *)out)[k] = (float)in[k];
        else ((double *)out)[k] = in[k];
    }
}

static inline double sp_at(mm_type t, const void *a, int64_t k)
{
    return t == MM_TYPE_FLOAT32 ? (double)((const float *)a)[k] : ((const double *)a)[k];
}

/* y = op(A)_μ x on ctx for the host matrix h and float64 x (cols(op(A)) × d);
 * returns mm_spmv's status and, on success, y in *y (malloc'd). */
static inline mm_status sp_spmv_f64(mm_context ctx, const mm_map *m, const sp_host *h,
                                    int transpose, int64_t d, const double *x, double **y)
{
    int64_t rows = transpose ? h->nc : h->nr, cols = transpose ? h->nr : h->nc;
    mm_matrix A = sp_import(ctx, h);
    mm_dense X = NULL, Y = NULL;
    MMT_OK(ctx, mm_dense_import(ctx, &X, cols, d, MM_TYPE_FLOAT64, x));
    MMT_OK(ctx, mm_dense_new(ctx, &Y, rows, d, MM_TYPE_FLOAT64));
    mm_status st = mm_spmv(ctx, m, A, transpose, X, Y, 0);
    *y = NULL;
    if (st == MM_OK) {
        *y = malloc((size_t)(rows * d) * 8 + 8);
        MMT_OK(ctx, mm_dense_export(Y, *y));
    }
    mm_dense_free(&X), mm_dense_free(&Y), mm_matrix_free(&A);
    return st;
}

/* A user map for the tests: μ(a, b, c) = 2a + c + b. */
static inline double sp_user_map(double a, double b, int64_t c, const void *data)
{
    (void)data;
    return 2.0 * a + (double)c + b;
}
/* The same map as C source for the CUDA backend (ops.h, mm_map.source). */
static const char sp_user_map_source[] = "return 2.0 * a + (double)c + b;";

#endif
