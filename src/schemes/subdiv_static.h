/* subdiv_static.h: static mode behind an mm_subdiv handle (paper §6.2–6.3):
 * the per-level subdivision matrices R_l (eq. 21), their product
 * R = R_{L−1} … R_0 (eq. 22), and evaluation as one SpMV with R
 * (MM_STATIC_COMPOSITE), one per level (MM_STATIC_LEVELS), or, where
 * MM_STATIC_AUTO times it faster, the handle's specialized evaluation
 * (MMI_STATIC_POINTS). subdiv.c hands it the handle's build when opts->mode
 * is MM_MODE_STATIC, and it orders that build and the matrices. */
#ifndef MESHMAT_SCHEMES_SUBDIV_STATIC_H
#define MESHMAT_SCHEMES_SUBDIV_STATIC_H

#include "meshmat/subdiv.h"
#include "subdiv_impl.h"

typedef struct mmi_subdiv_static mmi_subdiv_static;

/* MM_STATIC_AUTO's third choice: the points-only evaluation of the handle's
 * specialized build (its impl's eval, as in MM_MODE_DYNAMIC). */
#define MMI_STATIC_POINTS ((mm_static_eval)3)

/* A static handle's build: impl's build of mesh into *state (the handle's;
 * impl NULL: none) and the matrices, from a generic build made a level at a
 * time, R_l as soon as level l + 1 is built. Where impl is opts->scheme's
 * generic pair that build is the handle's, whose levels keep only their
 * topology and tags (a static handle evaluates by R); else it is freed
 * level by level, and impl's build runs after the matrices, so that it
 * stands beside what they keep and not beside their peak. The composite is
 * made here, except under MM_STATIC_LEVELS from 2 levels, where the first
 * request makes it (mmi_subdiv_static_matrix). Float32 copies of the values
 * only for the evaluation that reads them. With MM_STATIC_AUTO each
 * candidate (the composite, the levels from 2 levels, and impl's eval where
 * impl is a specialized pair) is timed once on the backend (d = 3,
 * float32), the fastest kept, and the float32 copies it does not read are
 * freed. The mesh must have passed the generic path's input checks (a
 * non-manifold one rerouted: subdiv.c). */
mm_status mmi_subdiv_static_build(mm_context ctx, mm_mesh mesh, const mm_subdiv_options *opts,
                                  const mmi_subdiv_impl *impl, void **state,
                                  mmi_subdiv_static **s);

/* XL = R X0 (|V_L| × d of X0's type, apart from X0; shapes checked by
 * subdiv.c), by the evaluation the build chose. */
mm_status mmi_subdiv_static_eval_into(mm_context ctx, const mmi_subdiv_static *s, mm_dense X0,
                                      mm_dense XL);

/* *R = R_l for (l, l + 1), R for (0, levels) (made at this first request
 * where the build did not make it), else NULL; borrowed float64 CSR. */
mm_status mmi_subdiv_static_matrix(mm_context ctx, mmi_subdiv_static *s, int from, int to,
                                   mm_matrix *R);

/* The evaluation s runs: COMPOSITE, LEVELS or MMI_STATIC_POINTS (AUTO's
 * choice). */
mm_static_eval mmi_subdiv_static_choice(const mmi_subdiv_static *s);

void mmi_subdiv_static_free(mm_context ctx, mmi_subdiv_static *s);

/* The steps static mode is made of, for other operators built the same way
 * (limit_ops.c): *out = R C (CSR float64); *v = a float32 copy of A's
 * float64 values in backend memory; Y = R X (Y of X's type, apart from X;
 * v32 R's float32 values, used for float32 X), into a new *Y by
 * mmi_static_apply. */
mm_status mmi_static_compose(mm_context ctx, mm_matrix R, mm_matrix C, mm_matrix *out);
mm_status mmi_static_values_f32(mm_context ctx, mm_matrix A, float **v);
mm_status mmi_static_apply_into(mm_context ctx, mm_matrix R, const float *v32, mm_dense X,
                                mm_dense Y);
mm_status mmi_static_apply(mm_context ctx, mm_matrix R, const float *v32, mm_dense X, mm_dense *Y);

#endif
