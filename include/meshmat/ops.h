/* meshmat/ops.h: mapped sparse linear algebra (DESIGN §1, paper §3.1):
 * mapped SpMV y = A_μ x, mapped SpGEMM C = A B {μ}[λ] with a reduction ⊕,
 * and transpose (T = Aᵀ in A's format; there is no conversion between
 * formats). Maps and lambdas are built in for every formula of the schemes; a
 * user-defined map or lambda is a host function (CPU backend) and/or a C
 * function body in a string, compiled at run time by NVRTC for the CUDA
 * backend (DESIGN §2). */
#ifndef MESHMAT_OPS_H
#define MESHMAT_OPS_H

#include "dense.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The value an action map sees for a stored entry: its stored value; for a
 * PATTERN CSC (CSR) matrix, its 1-based position in its column (row), the
 * implicit value of the mesh matrix M (DESIGN §1); for a PATTERN COO matrix, 1. */

typedef enum mm_map_kind {
    MM_MAP_VALUE = 0,     /* μ(a) = a                                                     */
    MM_MAP_ONE = 1,       /* μ(a) = 1                       (val → 1: counts, eq. 2, 10)  */
    MM_MAP_INV_COUNT = 2, /* SpMV: μ(A(i,j)) = 1 / (entries in row i of op(A))
                             (val_{i,*} → 1/c_i: averages, eq. 3)                         */
    MM_MAP_TABLE = 3,     /* μ(a) = table[a] for integer a in [0, table_len), else 0      */
    MM_MAP_CIRCULANT = 4, /* SpGEMM: μ(a, b) = number of s in shifts with
                             b ≡ a + s (mod c), a and b 1-based, c = entries in A's
                             column k (the face order): Σ_s Q_c^s (eq. 5);
                             shifts {1, -1} give Q_c + Q_c^{c-1} (eq. 4), {1} Q_c (eq. 6) */
    MM_MAP_PRODUCT = 5,   /* SpGEMM: μ(a, b) = a · b (the plain product)                  */
    MM_MAP_USER = 6       /* μ = user(a, b, c, user_data) on the CPU, the body `source`
                             on CUDA; SpMV passes b = 0, c = the row count of op(A)       */
} mm_map_kind;

typedef double (*mm_map_fn)(double a, double b, int64_t c, const void *user_data);

typedef struct mm_map {
    mm_map_kind kind;
    const double *table;    /* MM_MAP_TABLE: host array of table_len values   */
    int64_t table_len;
    int32_t shifts[4];      /* MM_MAP_CIRCULANT: up to 4 shifts (negative ok) */
    int num_shifts;
    mm_map_fn user;         /* MM_MAP_USER: the host function (CPU backend)   */
    const void *user_data;  /*   passed to user only                          */
    const char *source;     /* MM_MAP_USER: the same map as a C function body
                               (CUDA backend), see below                      */
} mm_map;

/* A user map's source is the body of
 *     double user_map(double a, double b, int64_t c)
 * in C (compiled as CUDA C++ by NVRTC for the current device's architecture):
 * statements ending in a return of the map's value. It sees a, b and c as in
 * mm_map_fn and the CUDA device math functions (sqrt, fabs, fmin, pow, …); it
 * does not see user_data: constants go into the text. Example, the map
 * μ(a, b, c) = a / 2 + c written both ways:
 *     static double half_plus_count(double a, double b, int64_t c, const void *d)
 *     { (void)b, (void)d; return a * 0.5 + (double)c; }
 *     mm_map m = {MM_MAP_USER, NULL, 0, {0}, 0, half_plus_count, NULL,
 *                 "return a * 0.5 + (double)c;"};
 * The CPU backend calls the host function (it needs one; source alone is
 * refused there), the CUDA backend compiles the source (it needs source) once
 * per context and keeps the module; the compiled code is also kept on disk,
 * in the folder named by the environment variable MESHMAT_JIT_CACHE (empty:
 * no disk cache), else $XDG_CACHE_HOME/meshmat, else ~/.cache/meshmat, in a
 * file named by a hash of the program and the architecture, so a new context
 * or process skips the compiler. Disk errors only skip the disk cache. Source
 * that does not compile fails the call with MM_ERR_JIT and the compiler's log
 * (truncated to mm_last_error's length), lines numbered from the body's first
 * line ("user_map(1): error: …"). With timing on, the lookup records stage
 * "jit_compile" (NVRTC and module load), "jit_disk_hit" (read and load) or
 * "jit_memory_hit". */

/* λ(m, i, j, k, a, b): what a collision of A(i,k) = a and B(k,j) = b
 * contributes to C(i,j), given the map's result m. A collision whose map
 * result is 0 contributes nothing: no entry is created for it. */
typedef enum mm_lambda_kind {
    MM_LAMBDA_MAP = 0,   /* m                                      */
    MM_LAMBDA_I = 1,     /* i                                      */
    MM_LAMBDA_J = 2,     /* j                                      */
    MM_LAMBDA_K = 3,     /* k (γ of eq. 7: the face of an edge)    */
    MM_LAMBDA_COUNT = 4, /* 1 (counts the collisions: τ of eq. 4)  */
    MM_LAMBDA_USER = 5   /* user(m, i, j, k, a, b, user_data)      */
} mm_lambda_kind;

typedef double (*mm_lambda_fn)(double m, uint32_t i, uint32_t j, uint32_t k, double a, double b,
                               const void *user_data);

typedef struct mm_lambda {
    mm_lambda_kind kind;
    mm_lambda_fn user;      /* MM_LAMBDA_USER: the host function (CPU backend) */
    const void *user_data;  /*   passed to user only                           */
    const char *source;     /* MM_LAMBDA_USER: the same lambda as a C function
                               body (CUDA backend), see below                  */
} mm_lambda;

/* A user lambda's source is the body of
 *     double user_lambda(double m, uint32_t i, uint32_t j, uint32_t k,
 *                        double a, double b)
 * with the rules of a user map's source above (device math, no user_data,
 * compiled once per context, kept on disk, MM_ERR_JIT with the log numbered
 * from the body's first line: "user_lambda(1): error: …"). Example, the
 * collision's A value weighted by its map result, both ways:
 *     static double weighted(double m, uint32_t i, uint32_t j, uint32_t k,
 *                            double a, double b, const void *d)
 *     { (void)i, (void)j, (void)k, (void)b, (void)d; return m * a; }
 *     mm_lambda l = {MM_LAMBDA_USER, weighted, NULL, "return m * a;"}; */

/* ⊕: how the contributions to one C(i,j) combine. FIRST keeps the one with
 * the smallest k (then the earliest in B's column j, then in A's column k). */
typedef enum mm_reduce {
    MM_REDUCE_SUM = 0,
    MM_REDUCE_MAX = 1,
    MM_REDUCE_MIN = 2,
    MM_REDUCE_ANY = 3,   /* 1 when any contribution exists (a pattern of C) */
    MM_REDUCE_FIRST = 4
} mm_reduce;

/* Structural mask on C: keep only i > j (LOWER) or i < j (UPPER). */
typedef enum mm_mask {
    MM_MASK_NONE = 0,
    MM_MASK_LOWER = 1,
    MM_MASK_UPPER = 2
} mm_mask;

typedef struct mm_spgemm_op {
    mm_map map;
    mm_lambda lambda;
    mm_reduce reduce;
    mm_mask mask;
    mm_type out_type;    /* C's values: PATTERN (structure only), INT32, FLOAT32, FLOAT64 */
} mm_spgemm_op;

/* mm_spmv: y = [y +] op(A)_μ x, y(i,:) = Σ_j μ(op(A)(i,j)) x(j,:); op(A) is A
 * or Aᵀ (transpose ≠ 0). A in any format; x is cols(op(A)) × d, y is
 * rows(op(A)) × d, both of one float type, distinct, on A's context.
 * accumulate ≠ 0 adds to y instead of overwriting it. Maps: VALUE, ONE,
 * INV_COUNT (count = entries in the row of op(A), duplicates included), TABLE
 * (the table is copied to the backend's memory on each call), USER (the host
 * function on the CPU, the source compiled by NVRTC on CUDA, applied to every
 * entry into a temporary float64 array of nnz values first). The sum runs in
 * double and is rounded once into y.
 *   Properties: deterministic (bitwise run to run, no float atomics): each row
 *   of op(A) is summed in one fixed order, the same on every backend. When the
 *   rows of op(A) are A's stored lines (CSC with transpose, CSR without) that is
 *   the stored order (a mesh column's cyclic order) and the product is a pure
 *   gather; otherwise A is first regrouped by rows of op(A) with a stable sort
 *   (as mm_matrix_transpose, with temporary memory of tens of bytes per non-zero)
 *   and the order is increasing j, ties in stored order; to repeat such a
 *   product, transpose A once and call the direct direction. Ordered on the
 *   context's stream; stage "spmv" is timed.
 *   Errors: MM_ERR_INVALID_ARGUMENT (shapes, types, a map SpMV cannot use, a
 *   USER map without the host function on the CPU or without source on CUDA,
 *   or with blank source), MM_ERR_JIT (the source did not compile: the log is
 *   in mm_last_error), MM_ERR_OVERFLOW (positions of a PATTERN line past
 *   2^31 - 1), MM_ERR_OUT_OF_MEMORY, MM_ERR_CUDA.
 *   Example: M of one quad (4 × 1), x = ones(1 × 1), map ONE: y = (1,1,1,1)ᵀ. */
MM_API mm_status mm_spmv(mm_context ctx, const mm_map *map, mm_matrix A, int transpose,
                         mm_dense x, mm_dense y, int accumulate);

/* mm_spgemm: C = A B {μ}[λ] with ⊕, C(i,j) = ⊕_k λ(μ(A(i,k), B(k,j)), i, j, k, a, b),
 * in two phases (symbolic: C's column pointer by a prefix sum of per-column
 * counts; numeric: fill).
 *   op  host      the map (VALUE, ONE, CIRCULANT, PRODUCT, USER), lambda, ⊕, mask, out_type
 *   A   backend   in   m × n CSC (any value type; PATTERN entries are their positions)
 *   B   backend   in   n × p CSC
 *   C   backend   out  new m × p CSC of out_type, rows sorted in each column;
 *                      the map's c is the number of entries in A's column k
 * A collision the mask drops or whose map result is 0 makes no entry. INT32
 * values are truncated toward zero and saturate; PATTERN gives no values.
 *   Properties: deterministic for every ⊕: contributions are combined in
 *   increasing k, then B's column order, then A's column order, on every
 *   backend (CPU and CUDA agree bitwise but for float rounding of fused
 *   products); ordered on the context's stream, synchronising to learn nnz(C);
 *   workspace O(m) on the CPU, O(p) plus long columns' collisions on CUDA;
 *   stages "spgemm_symbolic" and "spgemm_numeric" are timed. USER maps run in
 *   both phases for the collisions the mask keeps, USER lambdas once per
 *   surviving collision in the numeric phase (in the combination order; not
 *   for a PATTERN C). The CPU backend calls their host functions; the CUDA
 *   backend compiles their source into its SpGEMM kernels (one program per
 *   pair of sources, cached in memory and on disk like SpMV's maps, stage
 *   "jit_compile", "jit_disk_hit" or "jit_memory_hit"), where the
 *   columns of C run in parallel (each in the combination order).
 *   Errors: MM_ERR_INVALID_ARGUMENT (format, shapes, op; a USER map or lambda
 *   without the host function on the CPU or without source on CUDA, or with
 *   blank source), MM_ERR_JIT (the source did not compile: the log is in
 *   mm_last_error), MM_ERR_OVERFLOW (nnz(C) > 2^62), MM_ERR_OUT_OF_MEMORY,
 *   MM_ERR_CUDA.
 *   Example: E = M Mᵀ {Q_c + Q_c^{c-1}}[τ]: map CIRCULANT shifts {1, -1},
 *   lambda COUNT, reduce SUM, mask LOWER gives the edges (DESIGN §3); for one
 *   quad (0 1 2 3), E's lower part is 1 at (1,0), (3,0), (2,1), (3,2). */
MM_API mm_status mm_spgemm(mm_context ctx, const mm_spgemm_op *op, mm_matrix A, mm_matrix B,
                           mm_matrix *C);

/* mm_matrix_transpose: T = Aᵀ in A's format. A PATTERN CSC or CSR matrix
 * becomes INT32 with its entries' positions as values, so the implicit values
 * survive (Mᵀ keeps each vertex's position in its face). Within each column
 * (row) of T, entries are in increasing index order, ties (repeated entries)
 * in A's order: a stable counting sort on the CPU, a stable radix sort on
 * CUDA, so both backends give identical arrays. A COO matrix keeps its entry
 * order, with rows and columns swapped. T has an explicit pointer.
 *   Properties: deterministic; stage "transpose" is timed.
 *   Errors: MM_ERR_INVALID_ARGUMENT, MM_ERR_OVERFLOW (positions of a PATTERN
 *   line could pass 2^31 - 1), MM_ERR_OUT_OF_MEMORY.
 *   Example: M of two quads (0,1,4,3), (1,2,5,4): Mᵀ column 4 holds faces 0
 *   and 1 with values 3 and 4. */
MM_API mm_status mm_matrix_transpose(mm_context ctx, mm_matrix A, mm_matrix *T);

#ifdef __cplusplus
}
#endif
#endif
