/* user_map.c: meshmat's matrix API with user-defined maps, each given twice:
 * as a host function (the CPU backend calls it) and as C source (the CUDA
 * backend compiles it with NVRTC at run time; meshmat/ops.h).
 *
 *   1. mapped SpMV  y(i) = Σ_j μ(A(i,j)) x(j)  with μ(a, b, c) = a² / c,
 *      c = the number of entries in row i (a mean of squares);
 *   2. mapped SpGEMM C = A Aᵀ {μ}  with μ(a, b) = min(a, b), ⊕ = sum:
 *      C(i,j) = Σ_k min(A(i,k), A(j,k)), the overlap of rows i and j.
 *
 * Each result is checked against the same formula computed here on the host;
 * the program exits 1 on a mismatch.
 *   user_map [cpu|cuda]          (default: CUDA when a GPU is there, else CPU)
 * Built against an installed meshmat: examples/README.md (CMake or pkg-config). */
#include <meshmat.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#define CHECK(call)                                                                    \
    do {                                                                               \
        mm_status st_ = (call);                                                        \
        if (st_ != MM_OK) {                                                            \
            fprintf(stderr, "user_map: %s\n",                                          \
                    ctx && *mm_last_error(ctx) ? mm_last_error(ctx)                    \
                                               : mm_status_string(st_));               \
            goto done;                                                                 \
        }                                                                              \
    } while (0)

/* The SpMV map on the host: a is the entry's value, b is 0 for SpMV, c the
 * number of entries in the entry's row; user_data is passed through. */
static double mean_square(double a, double b, int64_t c, const void *user_data)
{
    (void)b, (void)user_data;
    return a * a / (double)c;
}

/* The SpGEMM map on the host: a = A(i,k), b = Aᵀ(k,j). */
static double overlap(double a, double b, int64_t c, const void *user_data)
{
    (void)c, (void)user_data;
    return fmin(a, b);
}

enum { ROWS = 3, COLS = 4, NNZ = 6 };

int main(int argc, char **argv)
{
    int rc = 1, bad = 0;
    mm_context ctx = NULL;
    mm_matrix A = NULL, At = NULL, C = NULL;
    mm_dense x = NULL, y = NULL;

    /*     | 2 0 1 0 |
     * A = | 0 3 0 4 |   in CSC: column pointer, row of each entry, value.
     *     | 1 0 0 5 |                                                     */
    int64_t ptr[COLS + 1] = {0, 2, 3, 4, 6};
    uint32_t rows[NNZ] = {0, 2, 1, 0, 1, 2};
    double vals[NNZ] = {2, 1, 3, 1, 4, 5};
    double dense[ROWS][COLS] = {{0}};
    for (int j = 0; j < COLS; ++j)
        for (int64_t k = ptr[j]; k < ptr[j + 1]; ++k) dense[rows[k]][j] = vals[k];
    double xs[COLS] = {1, 2, 3, 4};

    mm_context_options opts = mm_context_options_default();
    if (argc > 1) opts.backend = strcmp(argv[1], "cuda") == 0 ? MM_BACKEND_CUDA : MM_BACKEND_CPU;
    CHECK(mm_context_new(&ctx, &opts));
    printf("backend: %s (%s)\n", mm_context_backend(ctx) == MM_BACKEND_CUDA ? "CUDA" : "CPU",
           mm_context_device_name(ctx));

    mm_matrix_arrays h = {ptr, rows, NULL, vals};
    CHECK(mm_matrix_import(ctx, &A, MM_FORMAT_CSC, MM_TYPE_FLOAT64, ROWS, COLS, NNZ, &h));

    /* 1. SpMV with a user map. */
    mm_map square = {MM_MAP_USER, NULL, 0, {0}, 0, mean_square, NULL,
                     "return a * a / (double)c;"};
    CHECK(mm_dense_import(ctx, &x, COLS, 1, MM_TYPE_FLOAT64, xs));
    CHECK(mm_dense_new(ctx, &y, ROWS, 1, MM_TYPE_FLOAT64));
    CHECK(mm_spmv(ctx, &square, A, 0, x, y, 0));
    double ys[ROWS];
    CHECK(mm_dense_export(y, ys));
    printf("y = A_mu x, mu(a) = a^2 / (entries in the row):\n");
    for (int i = 0; i < ROWS; ++i) {
        double want = 0;
        int count = 0;
        for (int j = 0; j < COLS; ++j) count += dense[i][j] != 0;
        for (int j = 0; j < COLS; ++j)
            if (dense[i][j] != 0) want += dense[i][j] * dense[i][j] / count * xs[j];
        printf("  y[%d] = %g%s\n", i, ys[i], fabs(ys[i] - want) > 1e-12 ? "  MISMATCH" : "");
        bad += fabs(ys[i] - want) > 1e-12;
    }

    /* 2. SpGEMM with a user map: C = A Aᵀ {min}, summed. */
    CHECK(mm_matrix_transpose(ctx, A, &At));
    mm_spgemm_op op;
    memset(&op, 0, sizeof op);
    op.map = (mm_map){MM_MAP_USER, NULL, 0, {0}, 0, overlap, NULL, "return fmin(a, b);"};
    op.lambda.kind = MM_LAMBDA_MAP;
    op.reduce = MM_REDUCE_SUM;
    op.mask = MM_MASK_NONE;
    op.out_type = MM_TYPE_FLOAT64;
    CHECK(mm_spgemm(ctx, &op, A, At, &C));
    mm_matrix_info ci;
    CHECK(mm_matrix_info_get(C, &ci));
    int64_t cptr[ROWS + 1];
    uint32_t crows[ROWS * ROWS];
    double cvals[ROWS * ROWS];
    if (ci.nnz > ROWS * ROWS) {
        fprintf(stderr, "user_map: C has %lld entries\n", (long long)ci.nnz);
        goto done;
    }
    mm_matrix_arrays ch = {cptr, crows, NULL, cvals};
    CHECK(mm_matrix_export(C, &ch));
    double got[ROWS][ROWS] = {{0}};
    for (int j = 0; j < ROWS; ++j)
        for (int64_t k = cptr[j]; k < cptr[j + 1]; ++k) got[crows[k]][j] = cvals[k];
    printf("C = A A^T {min(a, b)}, %lld entries:\n", (long long)ci.nnz);
    for (int i = 0; i < ROWS; ++i) {
        printf(" ");
        for (int j = 0; j < ROWS; ++j) {
            double want = 0;
            for (int k = 0; k < COLS; ++k)
                if (dense[i][k] != 0 && dense[j][k] != 0) want += fmin(dense[i][k], dense[j][k]);
            printf(" %4g%s", got[i][j], fabs(got[i][j] - want) > 1e-12 ? " (MISMATCH)" : "");
            bad += fabs(got[i][j] - want) > 1e-12;
        }
        printf("\n");
    }
    if (bad) printf("user_map: %d values differ from the host's\n", bad);
    else printf("user_map: all values match the host's\n");
    rc = bad != 0;
done:
    mm_matrix_free(&C);
    mm_matrix_free(&At);
    mm_matrix_free(&A);
    mm_dense_free(&x);
    mm_dense_free(&y);
    mm_context_free(&ctx);
    return rc;
}
