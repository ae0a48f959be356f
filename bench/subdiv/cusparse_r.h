/* cusparse_r.h: bench_subdiv's "cusparse-spmv-R" method: cuSPARSE SpMM
 * X_L = R X_0 with the composite subdivision matrix R = R_{L−1} … R_0
 * (paper §6.2, eq. 21–23) that meshmat's static build made, read through
 * mm_subdiv_matrix. */
#ifndef MESHMAT_BENCH_SUBDIV_CUSPARSE_R_H
#define MESHMAT_BENCH_SUBDIV_CUSPARSE_R_H

#include "meshmat.h"
#include "records.h"

/* Times cuSPARSE on R of s (built with MM_MODE_STATIC, MM_STATIC_COMPOSITE)
 * applied to X0 (|V_0| × 3 float32) into rec (eval only; setup_ms: copying R
 * into cuSPARSE's CSR and the buffer query; peak_bytes: cuSPARSE's own device
 * arrays, R's CSR, X0, X_L and the buffer). The message gives the largest
 * difference from XL, meshmat's own static evaluation of X0 (NULL: no check). */
void sd_cusparse_r(mm_context ctx, mm_subdiv s, mm_dense X0, mm_dense XL, int runs,
                   double budget_ms, sd_record *rec);

#endif
