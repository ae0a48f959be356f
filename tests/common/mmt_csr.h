/* mmt_csr.h: a CSR matrix of the library copied to the host for the static
 * mode's tests (the subdivision matrices R_l and R). */
#ifndef MESHMAT_TEST_CSR_H
#define MESHMAT_TEST_CSR_H

#include "test_util.h"

typedef struct mmt_csr {
    mm_matrix_info info;
    int64_t *ptr;
    uint32_t *cols;
    double *values;
} mmt_csr;

/* R (not NULL, CSR, float64) copied to h; failures name ctx's last error. */
void mmt_csr_get(mm_context ctx, mm_matrix R, mmt_csr *h);

void mmt_csr_free(mmt_csr *h);

#endif
