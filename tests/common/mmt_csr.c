/* mmt_csr.c: see mmt_csr.h. */
#include "mmt_csr.h"

#include <stdlib.h>

void mmt_csr_get(mm_context ctx, mm_matrix R, mmt_csr *h)
{
    ck_assert_ptr_nonnull(R);
    MMT_OK(ctx, mm_matrix_info_get(R, &h->info));
    ck_assert_int_eq(h->info.format, MM_FORMAT_CSR);
    ck_assert_int_eq(h->info.type, MM_TYPE_FLOAT64);
    /* One spare element each: malloc(0) of an empty matrix may return NULL,
     * which mm_matrix_export would refuse. */
    h->ptr = malloc((size_t)(h->info.nrows + 1) * sizeof *h->ptr);
    h->cols = malloc((size_t)h->info.nnz * sizeof *h->cols + 4);
    h->values = malloc((size_t)h->info.nnz * sizeof *h->values + 8);
    ck_assert(h->ptr != NULL && h->cols != NULL && h->values != NULL);
    mm_matrix_arrays a = {h->ptr, NULL, h->cols, h->values};
    MMT_OK(ctx, mm_matrix_export(R, &a));
}

void mmt_csr_free(mmt_csr *h)
{
    free(h->ptr), free(h->cols), free(h->values);
}
