/* op_eval.h: the built-in action maps, lambdas and reductions of ops.h as
 * MM_HD element functions, so the CPU loops and the CUDA kernels of mapped
 * SpMV and SpGEMM evaluate them with the same code (DESIGN §2). User-defined
 * functions are host pointers called by the CPU launchers, or source compiled
 * into the CUDA kernels by NVRTC (jit.h, spgemm_kernels.cuh). */
#ifndef MESHMAT_SPLA_OP_EVAL_H
#define MESHMAT_SPLA_OP_EVAL_H

#include <stdint.h>

#include "../core/hd.h"
#include "meshmat/ops.h"

/* A built-in map as kernels see it: no host pointers (table is in backend memory). */
typedef struct mmi_map_args {
    int kind;
    const double *table;
    int64_t table_len;
    int32_t shifts[4];
    int num_shifts;
} mmi_map_args;

/* μ(a) for SpMV; count is the number of entries in the row of op(A). */
MM_HD double mmi_map_eval1(const mmi_map_args *m, double a, int64_t count)
{
    switch (m->kind) {
    case MM_MAP_VALUE: return a;
    case MM_MAP_ONE: return 1.0;
    case MM_MAP_INV_COUNT: return count > 0 ? 1.0 / (double)count : 0.0;
    case MM_MAP_TABLE: {
        int64_t t = (int64_t)a;
        return ((double)t == a && t >= 0 && t < m->table_len) ? m->table[t] : 0.0;
    }
    default: return 0.0;
    }
}

/* μ(a, b) for SpGEMM; c is the number of entries in A's column k. CIRCULANT
 * counts the shifts s with b ≡ a + s (mod c), a and b 1-based (eq. 5). */
MM_HD double mmi_map_eval2(const mmi_map_args *m, double a, double b, int64_t c)
{
    switch (m->kind) {
    case MM_MAP_CIRCULANT: {
        if (c <= 0) return 0.0;
        int64_t ia = (int64_t)a - 1, ib = (int64_t)b - 1, hits = 0;
        for (int s = 0; s < m->num_shifts; ++s) {
            int64_t t = (ia + m->shifts[s]) % c;
            if (t < 0) t += c;
            hits += t == ib;
        }
        return (double)hits;
    }
    case MM_MAP_PRODUCT: return a * b;
    case MM_MAP_ONE: return 1.0;
    case MM_MAP_VALUE: return a;
    default: return 0.0;
    }
}

/* λ(m, i, j, k, a, b) for the built-in lambdas. */
MM_HD double mmi_lambda_eval(int kind, double m, uint32_t i, uint32_t j, uint32_t k)
{
    switch (kind) {
    case MM_LAMBDA_MAP: return m;
    case MM_LAMBDA_I: return (double)i;
    case MM_LAMBDA_J: return (double)j;
    case MM_LAMBDA_K: return (double)k;
    case MM_LAMBDA_COUNT: return 1.0;
    default: return 0.0;
    }
}

/* acc ⊕ v, for a C(i,j) that already has a contribution; FIRST keeps acc
 * because contributions arrive in increasing k. */
MM_HD double mmi_reduce(int reduce, double acc, double v)
{
    switch (reduce) {
    case MM_REDUCE_SUM: return acc + v;
    case MM_REDUCE_MAX: return v > acc ? v : acc;
    case MM_REDUCE_MIN: return v < acc ? v : acc;
    case MM_REDUCE_ANY: return 1.0;
    default: return acc;
    }
}

/* The first contribution v as the accumulator starts it. */
MM_HD double mmi_reduce_start(int reduce, double v)
{
    return reduce == MM_REDUCE_ANY ? 1.0 : v;
}

/* Whether the mask keeps C(i,j). */
MM_HD int mmi_mask_keeps(int mask, uint32_t i, uint32_t j)
{
    return mask == MM_MASK_LOWER ? i > j : mask == MM_MASK_UPPER ? i < j : 1;
}

#endif
