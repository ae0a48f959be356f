/* spgemm.h: the element rules of mapped SpGEMM C = A B {μ}[λ] with ⊕ (paper
 * §3.1, eq. 4–7), shared by the CPU launcher and the CUDA kernels: reading an
 * entry's value, walking B's column in increasing k (the combination order that
 * makes every ⊕ deterministic) and storing C's values; the backend entry points. */
#ifndef MESHMAT_SPLA_SPGEMM_H
#define MESHMAT_SPLA_SPGEMM_H

#include <stdint.h>

#include "../core/hd.h"
#include "matrix_impl.h"
#include "op_eval.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One CSC operand as the element rules see it (arrays in backend memory). */
typedef struct mmi_csc {
    const int64_t *ptr;   /* NULL when uniform > 0 */
    int64_t uniform;
    const uint32_t *rows;
    const void *values;   /* NULL for PATTERN */
    int type;             /* mm_type */
} mmi_csc;

/* The product: shapes, operands and the built-in parts of the op. User
 * functions stay in the mm_spgemm_op: the CPU launcher calls the host
 * functions, the CUDA launcher compiles their source into its kernels. */
typedef struct mmi_spgemm_args {
    int64_t m, n, p;      /* A is m × n, B is n × p, C is m × p */
    mmi_csc a, b;
    mmi_map_args map;
    int lambda, reduce, mask, out_type;
} mmi_spgemm_args;

/* Start of column j of X. */
MM_HD int64_t spgemm_col_start(const mmi_csc *x, int64_t j)
{
    return x->uniform > 0 ? x->uniform * j : x->ptr[j];
}

/* The value a map sees for entry e of X at 1-based position pos in its
 * column: the stored value, or pos for PATTERN (the implicit value of M). */
MM_HD double spgemm_value_at(const mmi_csc *x, int64_t e, int64_t pos)
{
    switch (x->type) {
    case MM_TYPE_INT32: return (double)((const int32_t *)x->values)[e];
    case MM_TYPE_FLOAT32: return (double)((const float *)x->values)[e];
    case MM_TYPE_FLOAT64: return ((const double *)x->values)[e];
    default: return (double)pos;
    }
}

/* Whether B's entries [start, end) are in non-decreasing row (k) order. */
MM_HD int spgemm_b_sorted(const mmi_csc *b, int64_t start, int64_t end)
{
    for (int64_t e = start + 1; e < end; ++e)
        if (b->rows[e] < b->rows[e - 1]) return 0;
    return 1;
}

/* The entry of B's column [start, end) after e in (k, position) order, or -1;
 * e = -1 asks for the first. A sorted column is walked directly; otherwise
 * the next one is selected by a scan (columns of mesh products are short). */
MM_HD int64_t spgemm_b_next(const mmi_csc *b, int64_t start, int64_t end, int sorted, int64_t e)
{
    if (sorted) {
        int64_t next = e < 0 ? start : e + 1;
        return next < end ? next : -1;
    }
    int64_t best = -1;
    for (int64_t f = start; f < end; ++f) {
        if (e >= 0 && (b->rows[f] < b->rows[e] || (b->rows[f] == b->rows[e] && f <= e))) continue;
        if (best < 0 || b->rows[f] < b->rows[best]) best = f;
    }
    return best;
}

/* One collision of column j of C: A's entry (i, k) of value a in a column
 * of c entries (the count maps see) meets B's entry (k, j) of value b. */
typedef struct spgemm_hit {
    uint32_t i, k;
    double a, b;
    int64_t c;
} spgemm_hit;

/* A walk over the collisions of column j that the mask keeps, in the order
 * that makes every ⊕ deterministic and the same on both backends: B's
 * entries in (k, position) order, for each A's column k in position order.
 * spgemm_walk_start, then spgemm_walk_next until it returns 0. */
typedef struct spgemm_walk {
    int64_t j, bs, be, eb; /* B's column j, the entry at hand (−1 before)   */
    int64_t as, ea, ae;    /* A's column k of that entry, the next of it    */
    int sorted;
    uint32_t k;
    double b;
} spgemm_walk;

MM_HD spgemm_walk spgemm_walk_start(const mmi_spgemm_args *g, int64_t j)
{
    spgemm_walk w;
    w.j = j;
    w.bs = spgemm_col_start(&g->b, j);
    w.be = spgemm_col_start(&g->b, j + 1);
    w.sorted = spgemm_b_sorted(&g->b, w.bs, w.be);
    w.eb = -1;
    w.as = w.ea = w.ae = 0;
    w.k = 0;
    w.b = 0.0;
    return w;
}

/* The next collision into *h; 0 once the column has none left. */
MM_HD int spgemm_walk_next(const mmi_spgemm_args *g, spgemm_walk *w, spgemm_hit *h)
{
    for (;;) {
        while (w->ea < w->ae) {
            int64_t ea = w->ea++;
            uint32_t i = g->a.rows[ea];
            if (!mmi_mask_keeps(g->mask, i, (uint32_t)w->j)) continue;
            h->i = i;
            h->k = w->k;
            h->a = spgemm_value_at(&g->a, ea, ea - w->as + 1);
            h->b = w->b;
            h->c = w->ae - w->as;
            return 1;
        }
        w->eb = spgemm_b_next(&g->b, w->bs, w->be, w->sorted, w->eb);
        if (w->eb < 0) return 0;
        w->k = g->b.rows[w->eb];
        w->b = spgemm_value_at(&g->b, w->eb, w->eb - w->bs + 1);
        w->as = w->ea = spgemm_col_start(&g->a, w->k);
        w->ae = spgemm_col_start(&g->a, (int64_t)w->k + 1);
    }
}

/* Stores v as C's value type at position q (INT32 saturates, NaN gives 0). */
MM_HD void spgemm_store(int out_type, void *values, int64_t q, double v)
{
    if (out_type == MM_TYPE_FLOAT64) {
        ((double *)values)[q] = v;
    } else if (out_type == MM_TYPE_FLOAT32) {
        ((float *)values)[q] = (float)v;
    } else if (out_type == MM_TYPE_INT32) {
        int32_t t = v >= 2147483647.0 ? INT32_MAX : v <= -2147483648.0 ? INT32_MIN
                    : v == v ? (int32_t)v : 0;
        ((int32_t *)values)[q] = t;
    }
}

/* mm_spgemm's body, without MM_WHERE: errors name the public caller. */
mm_status mmi_spgemm(mm_context ctx, const mm_spgemm_op *op, mm_matrix A, mm_matrix B,
                     mm_matrix *C);

/* Makes C (CSC m × p of out_type) once the symbolic phase knows nnz; an nnz
 * beyond 2^62 is MM_ERR_OVERFLOW. */
mm_status mmi_spgemm_new_result(mm_context ctx, const mmi_spgemm_args *g, uint64_t nnz,
                                mm_matrix *C);

/* The two phases on each backend: C gets its pointer, sorted rows and values. */
mm_status mmi_spgemm_cpu(mm_context ctx, const mm_spgemm_op *op, const mmi_spgemm_args *g,
                         mm_matrix *C);
mm_status mmi_spgemm_cuda(mm_context ctx, const mm_spgemm_op *op, const mmi_spgemm_args *g,
                          mm_matrix *C);

#ifdef __cplusplus
}
#endif

#endif
