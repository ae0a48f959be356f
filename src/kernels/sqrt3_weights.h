/* sqrt3_weights.h: the weights of √3's vertex update (paper Appendix A, eq.
 * 24–25), shared by the generic path (tri_rules.h) and the specialized one
 * (sqrt3_points.h), so both compute the same numbers. */
#ifndef MESHMAT_KERNELS_SQRT3_WEIGHTS_H
#define MESHMAT_KERNELS_SQRT3_WEIGHTS_H

#include <math.h>

#include "../core/hd.h"

/* S(p) = α p + β Σ_j p_j over the n neighbours p_j of an interior vertex. */
typedef struct s3_weights {
    double alpha, beta;
} s3_weights;

/* Eq. 24 with α_n of eq. 25: α = 1 − α_n, β = α_n / n (eq. 27's map
 * val_i → α_i / n_i); a vertex in no face (n = 0) stays. The regular case
 * (n = 6: α_6 = 1/3) in closed form: every vertex born below level 0 has it,
 * and a device thread then computes no cosine. */
MM_HD s3_weights s3_vertex_weights(double n)
{
    s3_weights w = {1.0, 0.0};
    if (n == 6.0) {
        w.alpha = 2.0 / 3.0, w.beta = 1.0 / 18.0;
    } else if (n > 0.0) {
        double alpha_n = (4.0 - 2.0 * cos(2.0 * MMI_PI / n)) / 9.0;
        w.alpha = 1.0 - alpha_n;
        w.beta = alpha_n / n;
    }
    return w;
}

#endif
