/* spgemm_reference.h: the dense reference of mapped SpGEMM C = A B {μ}[λ]
 * with ⊕, written from ops.h's definitions (not from src/spla), the
 * comparison of a computed C with it, and the check of a refused op; shared
 * by the SpGEMM tests of both backends and of user functions (test_spgemm.c,
 * test_jit.c, test_jit_cuda.c). */
#ifndef MESHMAT_TESTS_SPGEMM_REFERENCE_H
#define MESHMAT_TESTS_SPGEMM_REFERENCE_H

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "spla_testing.h"

/* The values a map sees for h's entries (sp_entry), in storage order. */
static inline double *seen_values(const sp_host *h)
{
    double *seen = malloc((size_t)h->nnz * sizeof *seen + 8);
    uint32_t i, j;
    for (int64_t k = 0; k < h->nnz; ++k) sp_entry(h, k, &i, &j, &seen[k]);
    return seen;
}

/* μ(a, b) with c entries in A's column. CIRCULANT: shifts s whose Q_c^s has a
 * one at (a, b), i.e. b - a - s is a multiple of c with b in 1 … c (eq. 5);
 * a and b are integers (positions). */
static inline double ref_map(const mm_map *map, double a, double b, int64_t c)
{
    switch (map->kind) {
    case MM_MAP_VALUE: return a;
    case MM_MAP_ONE: return 1.0;
    case MM_MAP_PRODUCT: return a * b;
    case MM_MAP_CIRCULANT: {
        double hits = 0.0;
        for (int s = 0; s < map->num_shifts; ++s) {
            int64_t d = (int64_t)b - (int64_t)a - map->shifts[s];
            if (b >= 1 && b <= (double)c && d % c == 0) hits += 1.0;
        }
        return hits;
    }
    case MM_MAP_USER: return map->user(a, b, c, map->user_data);
    default: return NAN;
    }
}

static inline double ref_lambda(const mm_lambda *l, double mu, uint32_t i, uint32_t j,
                                uint32_t k, double a, double b)
{
    switch (l->kind) {
    case MM_LAMBDA_MAP: return mu;
    case MM_LAMBDA_I: return i;
    case MM_LAMBDA_J: return j;
    case MM_LAMBDA_K: return k;
    case MM_LAMBDA_COUNT: return 1.0;
    case MM_LAMBDA_USER: return l->user(mu, i, j, k, a, b, l->user_data);
    }
    return NAN;
}

static inline double ref_reduce(mm_reduce r, double acc, double v)
{
    switch (r) {
    case MM_REDUCE_SUM: return acc + v;
    case MM_REDUCE_MAX: return fmax(acc, v);
    case MM_REDUCE_MIN: return fmin(acc, v);
    case MM_REDUCE_ANY: return 1.0;
    case MM_REDUCE_FIRST: return acc;
    }
    return NAN;
}

static inline double as_out_type(mm_type t, double v)
{
    if (t == MM_TYPE_INT32) return (double)(int32_t)v;
    if (t == MM_TYPE_FLOAT32) return (double)(float)v;
    return v;
}

/* Dense m × p: has[i + m j] and val[i + m j]. Collisions are visited for k
 * increasing, then B's column j in order, then A's column k in order. */
static inline void reference(const mm_spgemm_op *op, const sp_host *A, const sp_host *B,
                             char *has, double *val)
{
    int64_t m = A->nr, p = B->nc;
    double *a_seen = seen_values(A), *b_seen = seen_values(B);
    memset(has, 0, (size_t)(m * p));
    for (int64_t j = 0; j < p; ++j)
        for (int64_t k = 0; k < A->nc; ++k)
            for (int64_t eb = B->ptr[j]; eb < B->ptr[j + 1]; ++eb) {
                if (B->rows[eb] != k) continue;
                int64_t c = A->ptr[k + 1] - A->ptr[k];
                for (int64_t ea = A->ptr[k]; ea < A->ptr[k + 1]; ++ea) {
                    uint32_t i = A->rows[ea];
                    if ((op->mask == MM_MASK_LOWER && !(i > j)) ||
                        (op->mask == MM_MASK_UPPER && !(i < j)))
                        continue;
                    double mu = ref_map(&op->map, a_seen[ea], b_seen[eb], c);
                    if (mu == 0.0) continue;
                    double v = ref_lambda(&op->lambda, mu, i, (uint32_t)j, (uint32_t)k,
                                          a_seen[ea], b_seen[eb]);
                    int64_t at = i + m * j;
                    if (!has[at]) val[at] = op->reduce == MM_REDUCE_ANY ? 1.0 : v;
                    else val[at] = ref_reduce(op->reduce, val[at], v);
                    has[at] = 1;
                }
            }
    free(a_seen);
    free(b_seen);
}

/* ---- comparing C with the reference ---- */

/* Asserts C is the CSC m × p of out_type whose entries are exactly the
 * reference's, rows strictly increasing in each column. */
static inline void expect_equals_reference(mm_matrix C, const mm_spgemm_op *op,
                                           const char *has, const double *val, int64_t m,
                                           int64_t p, const char *what)
{
    mm_matrix_info info;
    ck_assert_int_eq(mm_matrix_info_get(C, &info), MM_OK);
    ck_assert_int_eq(info.format, MM_FORMAT_CSC);
    ck_assert_int_eq(info.type, op->out_type);
    ck_assert_int_eq(info.nrows, m);
    ck_assert_int_eq(info.ncols, p);
    int64_t *ptr = malloc((size_t)(p + 1) * sizeof *ptr);
    uint32_t *rows = malloc((size_t)info.nnz * sizeof *rows + 1);
    double *vals = malloc((size_t)info.nnz * 8 + 8);
    mm_matrix_arrays out = {ptr, rows, NULL, op->out_type == MM_TYPE_PATTERN ? NULL : vals};
    ck_assert_int_eq(mm_matrix_export(C, &out), MM_OK);
    int64_t expected_nnz = 0;
    for (int64_t t = 0; t < m * p; ++t) expected_nnz += has[t];
    ck_assert_msg(info.nnz == expected_nnz, "%s: nnz %lld, expected %lld", what,
                  (long long)info.nnz, (long long)expected_nnz);
    for (int64_t j = 0; j < p; ++j)
        for (int64_t e = ptr[j]; e < ptr[j + 1]; ++e) {
            uint32_t i = rows[e];
            ck_assert_msg(i < m && has[i + m * j], "%s: unexpected C(%u,%lld)", what, i,
                          (long long)j);
            ck_assert_msg(e == ptr[j] || rows[e - 1] < i, "%s: column %lld not sorted", what,
                          (long long)j);
            if (op->out_type == MM_TYPE_PATTERN) continue;
            double got = op->out_type == MM_TYPE_INT32 ? ((int32_t *)vals)[e]
                         : op->out_type == MM_TYPE_FLOAT32 ? ((float *)vals)[e] : vals[e];
            double want = as_out_type(op->out_type, val[i + m * j]);
            ck_assert_msg(got == want || fabs(got - want) <= 1e-12 * fabs(want),
                          "%s: C(%u,%lld) = %.17g, expected %.17g", what, i, (long long)j, got,
                          want);
        }
    free(ptr);
    free(rows);
    free(vals);
}

/* Runs op on the backend under test and compares with the reference. */
static inline void check_product(mm_context ctx, const mm_spgemm_op *op, const sp_host *hA,
                                 const sp_host *hB, mm_matrix A, mm_matrix B, const char *what)
{
    int64_t m = hA->nr, p = hB->nc;
    char *has = malloc((size_t)(m * p) + 1);
    double *val = malloc((size_t)(m * p) * sizeof *val + 8);
    reference(op, hA, hB, has, val);
    mm_matrix C = NULL;
    MMT_OK(ctx, mm_spgemm(ctx, op, A, B, &C));
    expect_equals_reference(C, op, has, val, m, p, what);
    mm_matrix_free(&C);
    free(has);
    free(val);
}

/* Asserts that mm_spgemm refuses op with MM_ERR_INVALID_ARGUMENT and a
 * message containing text, leaving no C and no memory in use. */
static inline void expect_spgemm_refusal(mm_context ctx, const mm_spgemm_op *op, const char *text)
{
    sp_host hA = sp_random(MM_FORMAT_CSC, MM_TYPE_FLOAT64, 5, 4, 3, 0);
    sp_host hB = sp_random(MM_FORMAT_CSC, MM_TYPE_FLOAT64, 4, 6, 3, 0);
    mm_matrix A = sp_import(ctx, &hA), B = sp_import(ctx, &hB), C = NULL;
    ck_assert_int_eq(mm_spgemm(ctx, op, A, B, &C), MM_ERR_INVALID_ARGUMENT);
    ck_assert_msg(strstr(mm_last_error(ctx), text) != NULL, "'%s' lacks '%s'",
                  mm_last_error(ctx), text);
    ck_assert_ptr_null(C);
    mm_matrix_free(&A);
    mm_matrix_free(&B);
    sp_free(&hA);
    sp_free(&hB);
    ck_assert_int_eq(mm_context_bytes_in_use(ctx, mm_context_backend(ctx) == MM_BACKEND_CUDA
                                                      ? MM_MEMORY_DEVICE : MM_MEMORY_HOST), 0);
}

#endif
