/* loop_weights.h: the weights of Loop's vertex update (paper Appendix B),
 * shared by the generic path (tri_rules.h) and the specialized one
 * (loop_points.h), so both compute the same numbers. */
#ifndef MESHMAT_KERNELS_LOOP_WEIGHTS_H
#define MESHMAT_KERNELS_LOOP_WEIGHTS_H

#include <math.h>

#include "../core/hd.h"

/* S(p) = α p + β Σ_j p_j + β_b Σ_boundary p_j over the neighbours p_j. */
typedef struct lk_weights {
    double alpha, beta, beta_b;
} lk_weights;

/* A vertex in n faces: inside, eq. 28 with β of eq. 29 (as OpenSubdiv's Sdc
 * Loop scheme computes it: 1/16 at valence 6) and α = 1 − n β; on the
 * boundary 3/4 p + 1/8 (p_prev + p_next); α = 1 for corners (corners set:
 * EDGE_AND_CORNER, one face) and unreferenced vertices (n = 0). */
MM_HD lk_weights lk_vertex_weights(double n, int boundary, int corners)
{
    lk_weights w = {1.0, 0.0, 0.0};
    if (boundary) {
        if (!(corners && n == 1.0)) w.alpha = 0.75, w.beta_b = 0.125;
    } else if (n == 6.0) {
        w.alpha = 0.625, w.beta = 0.0625; /* no cosine for the regular case */
    } else if (n > 0.0) {
        double t = 0.375 + 0.25 * cos(2.0 * MMI_PI / n);
        w.beta = (0.625 - t * t) / n;
        w.alpha = 1.0 - w.beta * n;
    }
    return w;
}

#endif
