/* spgemm_kernels.cuh: the per-column CUDA kernels of mapped SpGEMM (paper §3.1,
 * eq. 4–7), written once for both of their compilers: nvcc instantiates them
 * for the built-in maps and lambdas (spgemm_cuda.cu), NVRTC for a user map or
 * lambda compiled into the program (jit_program.c, which embeds this header).
 * One thread per column of C keeps its rows sorted in a thread-local list while
 * the collisions arrive in increasing k; columns with more rows than the list
 * holds (a high-valence pole) spill to global scratch. The kernels take a
 * class U whose static functions U::map(a, b, c) and U::lambda(m, i, j, k, a,
 * b) are the user's, called for the kinds MM_MAP_USER and MM_LAMBDA_USER. */
#ifndef MESHMAT_SPLA_SPGEMM_KERNELS_CUH
#define MESHMAT_SPLA_SPGEMM_KERNELS_CUH

#include "spgemm.h"

/* Rows a thread keeps in its local list (a quad mesh's E column has 2–5). */
#define MMI_SPGEMM_LOCAL_ROWS 32

/* Everything the three kernels read and write, one struct so that nvcc's and
 * NVRTC's kernels are launched alike (one argument). */
typedef struct mmi_spgemm_kernel_args {
    mmi_spgemm_args g;
    uint64_t *count;        /* p + 1: entries per column of C, then its pointer  */
    uint64_t *spill;        /* p + 1: scratch per long column, then its offsets  */
    uint32_t *spill_rows;   /* the long columns' rows and values                 */
    double *spill_acc;
    const int64_t *c_ptr;   /* numeric: C's arrays                               */
    uint32_t *c_rows;
    void *c_values;
} mmi_spgemm_kernel_args;

/* Adds contribution v to row i of the sorted list rows[0, n) (capacity cap);
 * returns the new length, or -1 when a new row does not fit. */
__device__ static int64_t spgemm_list_add(const mmi_spgemm_args *g, uint32_t *rows, double *acc,
                                          int64_t n, int64_t cap, uint32_t i, double v,
                                          int values)
{
    int64_t lo = 0, hi = n;
    while (lo < hi) {
        int64_t mid = lo + (hi - lo) / 2;
        if (rows[mid] < i) lo = mid + 1;
        else hi = mid;
    }
    if (lo < n && rows[lo] == i) {
        if (values) acc[lo] = mmi_reduce(g->reduce, acc[lo], v);
        return n;
    }
    if (n == cap) return -1;
    for (int64_t t = n; t > lo; --t) {
        rows[t] = rows[t - 1];
        if (values) acc[t] = acc[t - 1];
    }
    rows[lo] = i;
    if (values) acc[lo] = mmi_reduce_start(g->reduce, v);
    return n + 1;
}

/* Column j of C into rows/acc (capacity cap), its collisions walked as on
 * the CPU (spgemm_walk); returns its length, or -1 when it overflows. */
template <class U>
__device__ static int64_t spgemm_column(const mmi_spgemm_args *g, int64_t j, uint32_t *rows,
                                        double *acc, int64_t cap, int values)
{
    int64_t n = 0;
    spgemm_walk w = spgemm_walk_start(g, j);
    spgemm_hit h;
    while (spgemm_walk_next(g, &w, &h)) {
        double mu = g->map.kind == MM_MAP_USER ? U::map(h.a, h.b, h.c)
                                               : mmi_map_eval2(&g->map, h.a, h.b, h.c);
        if (mu == 0.0) continue;
        double v = !values ? 0.0
                   : g->lambda == MM_LAMBDA_USER ? U::lambda(mu, h.i, (uint32_t)j, h.k, h.a, h.b)
                   : mmi_lambda_eval(g->lambda, mu, h.i, (uint32_t)j, h.k);
        n = spgemm_list_add(g, rows, acc, n, cap, h.i, v, values);
        if (n < 0) return -1;
    }
    return n;
}

/* Symbolic, local lists: count[j] = entries of column j; a column that does not
 * fit gets 0 there and spill[j] = its collision count (a bound on its rows). */
template <class U> __device__ static void spgemm_count(const mmi_spgemm_kernel_args *x)
{
    const mmi_spgemm_args *g = &x->g;
    int64_t j = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (j > g->p) return;
    x->count[j] = 0;
    x->spill[j] = 0;
    if (j == g->p) return;
    uint32_t rows[MMI_SPGEMM_LOCAL_ROWS];
    double acc[1];
    int64_t n = spgemm_column<U>(g, j, rows, acc, MMI_SPGEMM_LOCAL_ROWS, 0);
    if (n >= 0) {
        x->count[j] = (uint64_t)n;
        return;
    }
    uint64_t bound = 0;
    for (int64_t eb = spgemm_col_start(&g->b, j); eb < spgemm_col_start(&g->b, j + 1); ++eb) {
        uint32_t k = g->b.rows[eb];
        bound += (uint64_t)(spgemm_col_start(&g->a, (int64_t)k + 1) - spgemm_col_start(&g->a, k));
    }
    x->spill[j] = bound;
}

/* Symbolic, spilled columns: the whole column (values too) into its scratch
 * slice [spill[j], spill[j + 1]). */
template <class U> __device__ static void spgemm_spill(const mmi_spgemm_kernel_args *x)
{
    const mmi_spgemm_args *g = &x->g;
    int64_t j = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (j >= g->p || x->spill[j + 1] == x->spill[j]) return;
    int values = g->out_type != MM_TYPE_PATTERN;
    int64_t s = (int64_t)x->spill[j];
    x->count[j] = (uint64_t)spgemm_column<U>(g, j, x->spill_rows + s,
                                             values ? x->spill_acc + s : NULL,
                                             (int64_t)(x->spill[j + 1] - x->spill[j]), values);
}

/* Numeric: column j of C at c_ptr[j], recomputed in a local list or copied
 * from its scratch slice. */
template <class U> __device__ static void spgemm_fill(const mmi_spgemm_kernel_args *x)
{
    const mmi_spgemm_args *g = &x->g;
    int64_t j = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (j >= g->p) return;
    int values = g->out_type != MM_TYPE_PATTERN;
    int64_t q = x->c_ptr[j], n = x->c_ptr[j + 1] - q;
    if (x->spill[j + 1] != x->spill[j]) {
        int64_t s = (int64_t)x->spill[j];
        for (int64_t t = 0; t < n; ++t) {
            x->c_rows[q + t] = x->spill_rows[s + t];
            if (values) spgemm_store(g->out_type, x->c_values, q + t, x->spill_acc[s + t]);
        }
        return;
    }
    uint32_t rows[MMI_SPGEMM_LOCAL_ROWS];
    double acc[MMI_SPGEMM_LOCAL_ROWS];
    spgemm_column<U>(g, j, rows, acc, MMI_SPGEMM_LOCAL_ROWS, values);
    for (int64_t t = 0; t < n; ++t) {
        x->c_rows[q + t] = rows[t];
        if (values) spgemm_store(g->out_type, x->c_values, q + t, acc[t]);
    }
}

#endif
