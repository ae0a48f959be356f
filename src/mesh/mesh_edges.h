/* mesh_edges.h: the undirected edge matrix E = M Mᵀ {Q_c + Q_c^{c-1}} [τ]
 * (paper eq. 4–5) built without an SpGEMM the way Alg. 1–2 build it, the
 * directed side counts of M Mᵀ {Q_c} (eq. 6), and DESIGN §3's level-0 edge
 * numbering: E's strict lower triangle in column order. Element rules are MM_HD. */
#ifndef MESHMAT_MESH_MESH_EDGES_H
#define MESHMAT_MESH_MESH_EDGES_H

#include "../core/hd.h"
#include "mesh_impl.h"

/* corner_edge of a side whose two ends are the same vertex (a face repeating a
 * vertex consecutively): such a side lies on E's diagonal and is no edge. */
#define MMI_NO_EDGE UINT32_MAX

/* E and its edges, in host memory (mmi_alloc, MM_MEMORY_HOST).
 *   E (|V| × |V|, CSC): column i lists every vertex j next to i in some face,
 *     rows sorted; sides = E(j, i) = the face sides i → j plus j → i (τ counts
 *     the collisions of eq. 4); on the diagonal, 2 per side i → i.
 *   edges: the non-zeros E(b, a) with b > a, numbered in column order, i.e.
 *     sorted by (a, b); edge_ptr is the CSC pointer of that strict lower
 *     triangle (the edges of column a are edge_ptr[a] … edge_ptr[a+1] - 1).
 *     forward = M Mᵀ {Q_c}(a, b), the face sides a → b; backward = those b → a;
 *     forward + backward = E(b, a).
 *   corner_edge[k]: the edge of the side leaving corner k (non-zero k of M) to
 *     the next corner of its face, MMI_NO_EDGE when both are the same vertex;
 *     the side entering corner k is the one leaving the previous corner. */
typedef struct mmi_edges {
    int64_t num_vertices;
    int64_t nnz;
    int64_t *ptr;
    uint32_t *rows;
    uint32_t *sides;
    int64_t num_edges;
    int64_t *edge_ptr;
    uint32_t *a, *b;
    uint32_t *forward, *backward;
    int64_t num_corners;
    uint32_t *corner_edge;
} mmi_edges;

/* Builds E, the edges and the corner edges of the faces hf (O(nnz log valence)).
 *   Errors: MM_ERR_OVERFLOW (a valence ≥ 2^31, ≥ 2^32 - 1 edges),
 *   MM_ERR_OUT_OF_MEMORY. On error *out is left empty. */
mm_status mmi_mesh_edges_build(mm_context ctx, const mmi_host_faces *hf, mmi_edges *out);

/* Frees what mmi_mesh_edges_build gave and empties *E. */
void mmi_mesh_edges_release(mm_context ctx, mmi_edges *E);

/* The element rules, each for one face, one column of E or one lookup. */

/* Alg. 2's inputs: M, the occurrence of each corner among its vertex's corners
 * (Alg. 1's offsets) and the neighbour slots of each column (prefix sum of 2n). */
typedef struct mmi_edges_fill_args {
    const int64_t *face_ptr;
    const uint32_t *face_rows;
    const uint32_t *occurrence;
    const int64_t *slot_ptr;
    uint32_t *slots;
} mmi_edges_fill_args;

/* Alg. 2 for face f (Q_c and Q_c^{c-1} of eq. 5): each corner k at vertex i
 * writes its next and its previous vertex into column i's slots
 * 2·occurrence[k] and 2·occurrence[k] + 1. */
MM_HD void mmi_edges_fill_at(int64_t f, const mmi_edges_fill_args *x)
{
    int64_t first = x->face_ptr[f], end = x->face_ptr[f + 1];
    for (int64_t k = first; k < end; ++k) {
        uint32_t i = x->face_rows[k];
        int64_t slot = x->slot_ptr[i] + 2 * (int64_t)x->occurrence[k];
        x->slots[slot] = x->face_rows[k + 1 < end ? k + 1 : first];
        x->slots[slot + 1] = x->face_rows[k > first ? k - 1 : end - 1];
    }
}

/* Sorts a column's n neighbours ascending: insertion sort for short columns,
 * heapsort (no recursion, no workspace) for long ones. */
MM_HD void mmi_edges_sift_down(uint32_t *v, int64_t root, int64_t n)
{
    uint32_t x = v[root];
    for (int64_t child = 2 * root + 1; child < n; child = 2 * root + 1) {
        if (child + 1 < n && v[child + 1] > v[child]) ++child;
        if (v[child] <= x) break;
        v[root] = v[child];
        root = child;
    }
    v[root] = x;
}

MM_HD void mmi_edges_sort_column(uint32_t *v, int64_t n)
{
    if (n <= 32) {
        for (int64_t i = 1; i < n; ++i) {
            uint32_t x = v[i];
            int64_t j = i;
            for (; j > 0 && v[j - 1] > x; --j) v[j] = v[j - 1];
            v[j] = x;
        }
        return;
    }
    for (int64_t root = n / 2 - 1; root >= 0; --root) mmi_edges_sift_down(v, root, n);
    for (int64_t end = n - 1; end > 0; --end) {
        uint32_t top = v[0];
        v[0] = v[end];
        v[end] = top;
        mmi_edges_sift_down(v, 0, end);
    }
}

/* The sorted neighbour slots of every column, and E and its edges being written. */
typedef struct mmi_edges_column_args {
    const int64_t *slot_ptr;
    const uint32_t *slots;
    mmi_edges *E;
} mmi_edges_column_args;

/* Merging column i's sorted slots (τ counts the duplicates): the number of
 * non-zeros of E's column i into ptr[i + 1], of its edges (those below the
 * diagonal) into edge_ptr[i + 1]; prefix sums then make both pointers. */
MM_HD void mmi_edges_count_at(int64_t i, const mmi_edges_column_args *x)
{
    int64_t entries = 0, below = 0;
    for (int64_t s = x->slot_ptr[i]; s < x->slot_ptr[i + 1]; ++s) {
        if (s > x->slot_ptr[i] && x->slots[s - 1] == x->slots[s]) continue;
        ++entries;
        below += x->slots[s] > (uint32_t)i;
    }
    x->E->ptr[i + 1] = entries;
    x->E->edge_ptr[i + 1] = below;
}

/* Writes column i of E (rows, sides) from ptr[i] and its edges (a, b) from
 * edge_ptr[i]. */
MM_HD void mmi_edges_emit_at(int64_t i, const mmi_edges_column_args *x)
{
    mmi_edges *E = x->E;
    int64_t p = E->ptr[i] - 1, e = E->edge_ptr[i];
    for (int64_t s = x->slot_ptr[i]; s < x->slot_ptr[i + 1]; ++s) {
        uint32_t j = x->slots[s];
        if (s > x->slot_ptr[i] && x->slots[s - 1] == j) {
            ++E->sides[p];
            continue;
        }
        E->rows[++p] = j;
        E->sides[p] = 1;
        if (j > (uint32_t)i) {
            E->a[e] = (uint32_t)i;
            E->b[e++] = j;
        }
    }
}

/* The id of the edge {i, j}: a binary search for max(i, j) among the edges of
 * column min(i, j); MMI_NO_EDGE when i = j or the two are not adjacent. */
MM_HD uint32_t mmi_edges_id(const int64_t *edge_ptr, const uint32_t *b, uint32_t i, uint32_t j)
{
    uint32_t lo_v = i < j ? i : j, hi_v = i < j ? j : i;
    if (lo_v == hi_v) return MMI_NO_EDGE;
    int64_t lo = edge_ptr[lo_v], hi = edge_ptr[lo_v + 1];
    while (lo < hi) {
        int64_t mid = lo + (hi - lo) / 2;
        if (b[mid] < hi_v)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < edge_ptr[lo_v + 1] && b[lo] == hi_v ? (uint32_t)lo : MMI_NO_EDGE;
}

/* corner_edge of face f's corners: E(max, min) for each side k → next. */
MM_HD void mmi_edges_corner_at(int64_t f, const int64_t *face_ptr, const uint32_t *face_rows,
                               mmi_edges *E)
{
    int64_t first = face_ptr[f], end = face_ptr[f + 1];
    for (int64_t k = first; k < end; ++k) {
        uint32_t next = face_rows[k + 1 < end ? k + 1 : first];
        E->corner_edge[k] = mmi_edges_id(E->edge_ptr, E->b, face_rows[k], next);
    }
}

/* M Mᵀ {Q_c} (eq. 6) on one side i → j: it runs forward on its edge when
 * i < j (a → b), backward otherwise. */
MM_HD int mmi_edges_side_is_forward(uint32_t i, uint32_t j)
{
    return i < j;
}

#endif
