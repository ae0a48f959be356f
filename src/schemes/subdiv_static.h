/* subdiv_static.h: static mode behind an mm_subdiv handle (paper §6.2–6.3):
 * the per-level subdivision matrices R_l (eq. 21), their product
 * R = R_{L−1} … R_0 (eq. 22), and evaluation as one SpMV with R
 * (MM_STATIC_COMPOSITE) or one per level (MM_STATIC_LEVELS). subdiv.c builds
 * it after the (scheme, path) build when opts->mode is MM_MODE_STATIC. */
#ifndef MESHMAT_SCHEMES_SUBDIV_STATIC_H
#define MESHMAT_SCHEMES_SUBDIV_STATIC_H

#include "meshmat/subdiv.h"

typedef struct mmi_subdiv_static mmi_subdiv_static;

/* Builds the matrices from the generic path's levels of opts->scheme:
 * generic_state when the handle's own build was the scheme's generic one
 * (mmi_generic_impl), else NULL, and that build is run here for the matrices
 * and freed after. With
 * MM_STATIC_AUTO both evaluations are timed once on the backend (d = 3,
 * float32) and the faster is kept. */
mm_status mmi_subdiv_static_build(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *opts,
                                  const void *generic_state, mmi_subdiv_static **s);

/* XL = R X0 (|V_L| × d of X0's type, apart from X0; shapes checked by
 * subdiv.c); mmi_subdiv_static_eval makes XL first (the build's timing). */
mm_status mmi_subdiv_static_eval_into(mm_context ctx, const mmi_subdiv_static *s, mm_dense X0,
                                      mm_dense XL);
mm_status mmi_subdiv_static_eval(mm_context ctx, const mmi_subdiv_static *s, mm_dense X0,
                                 mm_dense *XL);

/* R_l for (l, l + 1), R for (0, levels), else NULL; borrowed float64 CSR. */
mm_matrix mmi_subdiv_static_matrix(const mmi_subdiv_static *s, int from, int to);

void mmi_subdiv_static_free(mm_context ctx, mmi_subdiv_static *s);

/* The steps static mode is made of, for other operators built the same way
 * (subdiv_limit.c): *out = R C (CSR float64); *v = a float32 copy of A's
 * float64 values in backend memory; Y = R X (Y of X's type, apart from X;
 * v32 R's float32 values, used for float32 X), into a new *Y by
 * mmi_static_apply. */
mm_status mmi_static_compose(mm_context ctx, mm_matrix R, mm_matrix C, mm_matrix *out);
mm_status mmi_static_values_f32(mm_context ctx, mm_matrix A, float **v);
mm_status mmi_static_apply_into(mm_context ctx, mm_matrix R, const float *v32, mm_dense X,
                                mm_dense Y);
mm_status mmi_static_apply(mm_context ctx, mm_matrix R, const float *v32, mm_dense X, mm_dense *Y);

#endif
