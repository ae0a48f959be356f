/* loop_masks.h: Loop's rules (paper Appendix B, eq. 28–29, Figure 13), as
 * masks (masks.h). Every path calls these. */
#ifndef MESHMAT_RULES_LOOP_MASKS_H
#define MESHMAT_RULES_LOOP_MASKS_H

#include <math.h>

#include "masks.h"

/* Edge point (Figure 13, left): 3/8 (p_a + p_b) + 1/8 (p_c + p_d), c and d
 * opposite the edge; a sharp (boundary) edge's midpoint. */
MM_HD mmi_edge_mask mmi_loop_edge_mask(int sharp)
{
    mmi_edge_mask m = {0.375, 0.125};
    return sharp ? mmi_sharp_edge_mask() : m;
}

/* Vertex of valence n (eq. 28): (1 − n β) p + β Σ_j p_j with β of eq. 29 as
 * OpenSubdiv's Sdc computes it (1/16 at valence 6, in closed form: every
 * vertex born below level 0 has it, and a device thread then computes no
 * cosine); a crease or corner by the masks Catmull-Clark shares. */
MM_HD mmi_vertex_mask mmi_loop_vertex_mask(mmi_vertex_rule rule, double n)
{
    if (rule == MMI_RULE_CREASE) return mmi_crease_vertex_mask();
    if (rule == MMI_RULE_CORNER) return mmi_corner_vertex_mask();
    mmi_vertex_mask m = {0.625, 0.0625, 0.0, 0.0};
    if (n != 6.0) {
        double t = 0.375 + 0.25 * cos(2.0 * MMI_PI / n);
        m.edge = (0.625 - t * t) / n;
        m.vertex = 1.0 - m.edge * n;
    }
    return m;
}

#endif
