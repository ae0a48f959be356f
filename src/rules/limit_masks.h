/* limit_masks.h: the limit masks of Catmull-Clark and Loop (docs/limit.md):
 * where a vertex of a refined level goes in the limit, and the two limit
 * tangents there, as weights on the vertex, on the far end of each of its
 * edges and (Catmull-Clark) on the corner of each of its faces two places
 * on from it, which is the corner opposite it in a quad. OpenSubdiv's Sdc
 * assigns the same masks (Scheme<>::ComputeVertexLimitMask, the scale Far's
 * tangents have included); these are written from its formulas.
 *
 * The weights depend on the order of the vertex's edges and faces, which is
 * OpenSubdiv's (Vtr): counter-clockwise, face i between edge i and edge
 * i + 1; on a boundary, edge 0 is the boundary edge leaving the vertex in its
 * face, the last the boundary edge entering it. Each function gives one
 * weight, so a thread of any backend can compute the one it needs. */
#ifndef MESHMAT_RULES_LIMIT_MASKS_H
#define MESHMAT_RULES_LIMIT_MASKS_H

#include <math.h>

#include "masks.h"

/* A vertex as the limit masks see it: its rule at the level (a semi-sharp
 * feature counts as sharp, a dart as smooth), how many edges and faces are
 * around it, and for the crease rule the ring positions of its first and
 * last sharp edge (the two, first < last). */
typedef struct mmi_limit_ring {
    mmi_vertex_rule rule;
    int64_t edges, faces;
    int64_t crease0, crease1;
} mmi_limit_ring;

/* Which mask: the limit position or one of the two tangents. */
typedef enum mmi_limit_kind {
    MMI_LIMIT_POSITION = 0,
    MMI_LIMIT_TANGENT1 = 1,
    MMI_LIMIT_TANGENT2 = 2
} mmi_limit_kind;

/* Sdc writes √3 as this decimal (Loop's regular masks). */
#define MMI_LIMIT_ROOT3 1.73205080756887729352

/* --- Catmull-Clark ----------------------------------------------------------- */

/* The rule whose masks apply: a dart is smooth, and a smooth vertex of two
 * faces takes the corner masks (Sdc: the smooth limit is undefined there). */
MM_HD mmi_vertex_rule mmi_catmark_limit_rule(const mmi_limit_ring *r)
{
    mmi_vertex_rule rule = r->rule == MMI_RULE_DART ? MMI_RULE_SMOOTH : r->rule;
    return rule == MMI_RULE_SMOOTH && r->faces == 2 ? MMI_RULE_CORNER : rule;
}

/* Smooth tangents of valence n: λ, the subdominant eigenvalue of the
 * subdivision matrix, scales the face weights (Sdc's faceWeightScale). */
MM_HD double mmi_catmark_limit_face_scale(double n)
{
    double theta = 2.0 * MMI_PI / n, c = cos(theta);
    double lambda = 5.0 / 16.0 + (c + cos(theta * 0.5) * sqrt(2.0 * (9.0 + c))) / 16.0;
    return 1.0 / (4.0 * lambda - 1.0);
}

/* The first smooth tangent's weight on edge i (face: on face i), valence n;
 * the second is the first turned by one place (its weight at i is the
 * first's at i − 1). */
MM_HD double mmi_catmark_smooth_tangent(int64_t n, int64_t i, int face)
{
    if (n == 4) {
        int64_t q = i & 3; /* edges 4, 0, -4, 0; faces 1, -1, -1, 1 */
        if (face) return q == 0 || q == 3 ? 1.0 : -1.0;
        return q == 0 ? 4.0 : q == 2 ? -4.0 : 0.0;
    }
    double theta = 2.0 * MMI_PI / (double)n;
    double ci = cos((double)i * theta);
    if (!face) return 4.0 * ci;
    return mmi_catmark_limit_face_scale((double)n) * (ci + cos((double)(i + 1) * theta));
}

/* The cross tangent of a crease (Sdc: oriented into the faces between the
 * two sharp edges, counter-clockwise from the first): weight on the vertex
 * (at = -1), on edge `at` or on face `at` (face != 0), from the number of
 * faces k in that span. k = 2 is the regular B-spline case, k > 2 Biermann
 * et al.'s formulas, k = 1 the mean of the two boundary edges. */
MM_HD double mmi_catmark_crease_cross(const mmi_limit_ring *r, int64_t at, int face)
{
    int64_t c0 = r->crease0, c1 = r->crease1, inner = c1 - c0 - 1;
    if (at >= 0 && (at < c0 || at > c1 || (face && at >= c1))) return 0.0;
    if (inner == 1) {
        if (at < 0) return -4.0 / 6.0;
        if (face) return at <= c0 + 1 ? 1.0 / 6.0 : 0.0;
        return at == c0 + 1 ? 4.0 / 6.0 : -1.0 / 6.0;
    }
    if (inner == 0) {
        if (at < 0) return -6.0;
        return face ? 0.0 : 3.0;
    }
    double k = (double)(inner + 1), theta = MMI_PI / k;
    double c = cos(theta), s = sin(theta);
    double denom = 1.0 / (k * (3.0 + c)), R = (c + 1.0) / s;
    if (at < 0) return 4.0 * R * (c - 1.0) * denom;
    int64_t i = at - c0;
    if (face) {
        if (i == 0) return s * denom;
        return (sin((double)i * theta) + sin((double)(i + 1) * theta)) * denom;
    }
    if (i == 0 || at == c1) return -R * (1.0 + 2.0 * c) * denom;
    return 4.0 * sin((double)i * theta) * denom;
}

/* The weight on the vertex itself. */
MM_HD double mmi_catmark_limit_vertex(const mmi_limit_ring *r, mmi_limit_kind kind)
{
    mmi_vertex_rule rule = mmi_catmark_limit_rule(r);
    if (rule == MMI_RULE_CORNER) return kind == MMI_LIMIT_POSITION ? 1.0 : -1.0;
    if (rule == MMI_RULE_CREASE) {
        if (kind == MMI_LIMIT_POSITION) return 2.0 / 3.0;
        return kind == MMI_LIMIT_TANGENT1 ? 0.0 : mmi_catmark_crease_cross(r, -1, 0);
    }
    if (kind != MMI_LIMIT_POSITION) return 0.0;
    double n = (double)r->faces;
    if (r->faces == 4) return 4.0 / 9.0;
    double f = 1.0 / (n * (n + 5.0));
    return 1.0 - n * (4.0 * f + f);
}

/* The weight on the far end of edge i (face != 0: on the corner of face i two
 * places on from the vertex). */
MM_HD double mmi_catmark_limit_ring(const mmi_limit_ring *r, mmi_limit_kind kind, int64_t i,
                                    int face)
{
    mmi_vertex_rule rule = mmi_catmark_limit_rule(r);
    if (rule == MMI_RULE_CORNER) {
        if (face || kind == MMI_LIMIT_POSITION) return 0.0;
        return i == (kind == MMI_LIMIT_TANGENT1 ? 0 : 1) ? 1.0 : 0.0;
    }
    if (rule == MMI_RULE_CREASE) {
        int end = i == r->crease0 || i == r->crease1;
        if (kind == MMI_LIMIT_POSITION) return face || !end ? 0.0 : 1.0 / 6.0;
        if (kind == MMI_LIMIT_TANGENT1)
            return face ? 0.0 : i == r->crease0 ? 0.5 : i == r->crease1 ? -0.5 : 0.0;
        return mmi_catmark_crease_cross(r, i, face);
    }
    int64_t n = r->faces;
    if (kind == MMI_LIMIT_POSITION) {
        if (n == 4) return face ? 1.0 / 36.0 : 1.0 / 9.0;
        double f = 1.0 / ((double)n * ((double)n + 5.0));
        return face ? f : 4.0 * f;
    }
    if (kind == MMI_LIMIT_TANGENT2) i = i == 0 ? n - 1 : i - 1;
    return mmi_catmark_smooth_tangent(n, i, face);
}

/* --- Loop ---------------------------------------------------------------------- */

/* The rule whose masks apply: a dart is smooth. */
MM_HD mmi_vertex_rule mmi_loop_limit_rule(const mmi_limit_ring *r)
{
    return r->rule == MMI_RULE_DART ? MMI_RULE_SMOOTH : r->rule;
}

/* Smooth position of valence n ≠ 6: the weight on each edge neighbour. */
MM_HD double mmi_loop_smooth_edge(double n)
{
    double inv = 1.0 / n, c = cos(MMI_PI * 2.0 * inv);
    double beta = 0.25 * c + 0.375, gamma = (0.625 - beta * beta) * inv;
    return 1.0 / (n + 3.0 / (8.0 * gamma));
}

/* The cross tangent of a crease over its k inner edges (Sdc's scale: the
 * regular k = 2 case by √3/2, the others by 3 so that tangents are of one
 * size over a regular mesh; the general formula turned to point into the
 * faces): weight on the vertex (at = -1) or on edge `at`. */
MM_HD double mmi_loop_crease_cross(const mmi_limit_ring *r, int64_t at)
{
    int64_t c0 = r->crease0, c1 = r->crease1, inner = c1 - c0 - 1;
    if (at >= 0 && (at < c0 || at > c1)) return 0.0;
    int end = at == c0 || at == c1;
    if (inner == 2) {
        if (at < 0) return -MMI_LIMIT_ROOT3;
        return end ? -MMI_LIMIT_ROOT3 * 0.5 : MMI_LIMIT_ROOT3;
    }
    if (inner == 1) {
        if (at < 0) return -3.0;
        return end ? 0.0 : 3.0;
    }
    if (inner == 0) return at < 0 ? -6.0 : 3.0;
    double theta = MMI_PI / (double)(inner + 1);
    if (at < 0) return 0.0;
    if (end) return -3.0 * sin(theta);
    return -3.0 * 2.0 * (cos(theta) - 1.0) * sin((double)(at - c0) * theta);
}

MM_HD double mmi_loop_limit_vertex(const mmi_limit_ring *r, mmi_limit_kind kind)
{
    mmi_vertex_rule rule = mmi_loop_limit_rule(r);
    if (rule == MMI_RULE_CORNER) return kind == MMI_LIMIT_POSITION ? 1.0 : -3.0;
    if (rule == MMI_RULE_CREASE) {
        if (kind == MMI_LIMIT_POSITION) return 4.0 / 6.0;
        return kind == MMI_LIMIT_TANGENT1 ? 0.0 : mmi_loop_crease_cross(r, -1);
    }
    if (kind != MMI_LIMIT_POSITION) return 0.0;
    if (r->faces == 6) return 0.5;
    return 1.0 - mmi_loop_smooth_edge((double)r->faces) * (double)r->faces;
}

/* The weight on the far end of edge i (Loop has no face weights). */
MM_HD double mmi_loop_limit_ring(const mmi_limit_ring *r, mmi_limit_kind kind, int64_t i)
{
    mmi_vertex_rule rule = mmi_loop_limit_rule(r);
    if (rule == MMI_RULE_CORNER) {
        if (kind == MMI_LIMIT_POSITION) return 0.0;
        return i == (kind == MMI_LIMIT_TANGENT1 ? 0 : 1) ? 3.0 : 0.0;
    }
    if (rule == MMI_RULE_CREASE) {
        int end = i == r->crease0 || i == r->crease1;
        if (kind == MMI_LIMIT_POSITION) return end ? 1.0 / 6.0 : 0.0;
        if (kind == MMI_LIMIT_TANGENT1) return i == r->crease0 ? 1.5 : i == r->crease1 ? -1.5 : 0.0;
        return mmi_loop_crease_cross(r, i);
    }
    int64_t n = r->faces;
    if (kind == MMI_LIMIT_POSITION) return n == 6 ? 1.0 / 12.0 : mmi_loop_smooth_edge((double)n);
    if (n == 6) { /* cos and sin of i·60° with Sdc's √3/2 */
        int64_t q = i % 6;
        if (kind == MMI_LIMIT_TANGENT1)
            return q == 0 ? 1.0 : q == 3 ? -1.0 : q == 1 || q == 5 ? 0.5 : -0.5;
        double h = 0.5 * MMI_LIMIT_ROOT3;
        return q == 0 || q == 3 ? 0.0 : q < 3 ? h : -h;
    }
    double a = 2.0 * MMI_PI / (double)n * (double)i;
    return kind == MMI_LIMIT_TANGENT1 ? cos(a) : sin(a);
}

#endif
