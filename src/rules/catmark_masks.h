/* catmark_masks.h: Catmull-Clark's rules (paper §3.2 eq. 3, 5, 11; §5.3 eq.
 * 20 on the boundary), as masks (masks.h). Every path calls these. */
#ifndef MESHMAT_RULES_CATMARK_MASKS_H
#define MESHMAT_RULES_CATMARK_MASKS_H

#include "masks.h"

/* Face point (eq. 3): the mean of the face's corners (a quad's without a
 * division: the order is known only at run time at level 0). */
MM_HD double mmi_catmark_face_weight(int64_t order)
{
    return order == 4 ? 0.25 : 1.0 / (double)order;
}

/* Edge point (Alg. 5): (p_a + p_b + f_1 + f_2) / 4; a sharp (boundary) edge's
 * midpoint. */
MM_HD mmi_edge_mask mmi_catmark_edge_mask(int sharp)
{
    mmi_edge_mask m = {0.25, 0.25};
    return sharp ? mmi_sharp_edge_mask() : m;
}

/* Vertex of valence n (eq. 9, 11): (1 − 2/n) p + (Σ_j p_j + Σ_f f_f) / n²,
 * valence 4 (every vertex born below level 0) in closed form, so a device
 * thread divides nothing; a crease (eq. 20) or corner by the shared masks. */
MM_HD mmi_vertex_mask mmi_catmark_vertex_mask(mmi_vertex_rule rule, double n)
{
    if (rule == MMI_RULE_CREASE) return mmi_crease_vertex_mask();
    if (rule == MMI_RULE_CORNER) return mmi_corner_vertex_mask();
    mmi_vertex_mask m = {0.5, 0.0625, 0.0625, 0.0};
    if (n != 4.0) {
        m.vertex = 1.0 - 2.0 / n;
        m.edge = m.face = 1.0 / (n * n);
    }
    return m;
}

#endif
