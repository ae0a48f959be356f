/* sqrt3_masks.h: √3's rules (paper Appendix A, eq. 24–26; Kobbelt §4 on the
 * boundary, as OpenMesh's Sqrt3T evaluates it), as masks (masks.h). Every
 * path calls these. √3 has no crease rule: its sharp edges are the
 * boundary's. */
#ifndef MESHMAT_RULES_SQRT3_MASKS_H
#define MESHMAT_RULES_SQRT3_MASKS_H

#include <math.h>

#include "masks.h"

/* Face point (eq. 26): the centroid of the triangle. */
MM_HD double mmi_sqrt3_face_weight(void)
{
    return 1.0 / 3.0;
}

/* On odd levels a boundary edge p → q is split in three. The point near p:
 * `near` on p, `far` on q and `outer` on p's other boundary neighbour p'
 * ((p' + 16 p + 10 q) / 27); the point near q mirrors it. */
typedef struct mmi_sqrt3_split_mask {
    double near, far, outer;
} mmi_sqrt3_split_mask;

MM_HD mmi_sqrt3_split_mask mmi_sqrt3_split_mask_of(void)
{
    mmi_sqrt3_split_mask m = {16.0 / 27.0, 10.0 / 27.0, 1.0 / 27.0};
    return m;
}

/* Vertex of valence n (eq. 24 with α_n of eq. 25): (1 − α_n) p + α_n / n
 * Σ_j p_j (eq. 27's map val_i → α_i / n_i), the regular case (n = 6: α_6 =
 * 1/3) in closed form (every vertex born below level 0 has it); on the
 * boundary (the crease rule) a vertex stays on even levels and becomes 19/27
 * p + 4/27 (its two boundary neighbours) on odd ones; a corner stays. */
MM_HD mmi_vertex_mask mmi_sqrt3_vertex_mask(mmi_vertex_rule rule, double n, int odd)
{
    mmi_vertex_mask m = mmi_corner_vertex_mask();
    if (rule == MMI_RULE_CREASE) {
        if (odd) m.vertex = 19.0 / 27.0, m.crease = 4.0 / 27.0;
    } else if (rule != MMI_RULE_CORNER && n == 6.0) {
        m.vertex = 2.0 / 3.0, m.edge = 1.0 / 18.0;
    } else if (rule != MMI_RULE_CORNER) {
        double alpha_n = (4.0 - 2.0 * cos(2.0 * MMI_PI / n)) / 9.0;
        m.vertex = 1.0 - alpha_n;
        m.edge = alpha_n / n;
    }
    return m;
}

#endif
