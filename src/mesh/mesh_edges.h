/* mesh_edges.h: the undirected edge matrix E = M Mᵀ {Q_c + Q_c^{c-1}} [τ]
 * (paper eq. 4–5) built without an SpGEMM the way Alg. 1–2 build it, the
 * directed side counts of M Mᵀ {Q_c} (eq. 6), and DESIGN §3's level-0 edge
 * numbering: E's strict lower triangle in column order. Element rules are MM_HD. */
#ifndef MESHMAT_MESH_MESH_EDGES_H
#define MESHMAT_MESH_MESH_EDGES_H

#include "../core/hd.h"
#include "mesh_impl.h"
#include "mesh_stats.h"

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

/* Whether edge e of E is not a 2-manifold's (mmi_edge_breaks_manifold: more
 * than two sides, or two the same way). */
static inline int mmi_edges_breaks_manifold(const mmi_edges *E, int64_t e)
{
    return mmi_edge_breaks_manifold(E->forward[e], E->backward[e]);
}

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

/* Corner k's first slot in its vertex's column: 2·occurrence[k] (§4.1). */
MM_HD int64_t mmi_edges_corner_slot(int64_t k, const mmi_edges_fill_args *x)
{
    return x->slot_ptr[x->face_rows[k]] + 2 * (int64_t)x->occurrence[k];
}

/* Alg. 2 for face f (Q_c and Q_c^{c-1} of eq. 5): each corner k at vertex i
 * writes its next and its previous vertex into column i's slots
 * 2·occurrence[k] (even: the side i → next) and 2·occurrence[k] + 1 (odd:
 * the side prev → i). */
MM_HD void mmi_edges_fill_at(int64_t f, const mmi_edges_fill_args *x)
{
    int64_t first = x->face_ptr[f], end = x->face_ptr[f + 1];
    for (int64_t k = first; k < end; ++k) {
        int64_t slot = mmi_edges_corner_slot(k, x);
        x->slots[slot] = x->face_rows[k + 1 < end ? k + 1 : first];
        x->slots[slot + 1] = x->face_rows[k > first ? k - 1 : end - 1];
    }
}

/* Heapsort (no recursion, no workspace) of a long column's n rows. */
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

MM_HD void mmi_edges_heapsort(uint32_t *v, int64_t n)
{
    for (int64_t root = n / 2 - 1; root >= 0; --root) mmi_edges_sift_down(v, root, n);
    for (int64_t end = n - 1; end > 0; --end) {
        uint32_t top = v[0];
        v[0] = v[end];
        v[end] = top;
        mmi_edges_sift_down(v, 0, end);
    }
}

/* Columns of at most this many distinct neighbours are sorted by counting
 * ranks (branch-free), longer ones by heapsort. */
#define MMI_EDGES_SHORT 32

/* Vertex j as seen from the column being merged: the column that last met j
 * and j's rank there (first the order it was met in, then its row's). */
typedef struct mmi_edges_mark {
    uint32_t column, rank;
} mmi_edges_mark;

/* The neighbour slots of every column, the marks (|V|, column = UINT32_MAX
 * before each walk), a column's neighbours in the order met with their even
 * and odd slots (the sides column → j and j → column; workspace of the
 * longest column's length + 1), and E and its edges being written. The
 * marks and the workspace are shared: the columns are merged one after
 * another on one thread. */
typedef struct mmi_edges_column_args {
    const int64_t *slot_ptr;
    uint32_t *slots;
    mmi_edges_mark *marks;
    uint32_t *met, *even, *odd;
    mmi_edges *E;
} mmi_edges_column_args;

/* The number of non-zeros of E's column i (its distinct neighbours) into
 * ptr[i + 1], of its edges (those below the diagonal) into edge_ptr[i + 1];
 * prefix sums then make both pointers. */
MM_HD void mmi_edges_count_at(int64_t i, const mmi_edges_column_args *x)
{
    int64_t entries = 0, below = 0;
    for (int64_t s = x->slot_ptr[i]; s < x->slot_ptr[i + 1]; ++s) {
        uint32_t j = x->slots[s];
        int fresh = x->marks[j].column != (uint32_t)i;
        x->marks[j].column = (uint32_t)i;
        entries += fresh;
        below += fresh & (j > (uint32_t)i);
    }
    x->E->ptr[i + 1] = entries;
    x->E->edge_ptr[i + 1] = below;
}

/* Column i's n distinct neighbours in the order met (met[] takes one write
 * past the last), with their even and odd slots: branch-free, as a
 * neighbour's two slots lie in no predictable order. */
MM_HD void mmi_edges_meet_column(int64_t i, const mmi_edges_column_args *x, int64_t n)
{
    int64_t k = 0, first = x->slot_ptr[i];
    for (int64_t r = 0; r < n; ++r) x->even[r] = x->odd[r] = 0;
    for (int64_t s = first; s < x->slot_ptr[i + 1]; ++s) {
        uint32_t j = x->slots[s], odd = (uint32_t)((s - first) & 1);
        mmi_edges_mark *m = &x->marks[j];
        int fresh = m->column != (uint32_t)i;
        m->column = (uint32_t)i;
        m->rank = fresh ? (uint32_t)k : m->rank;
        x->met[k] = j;
        k += fresh;
        x->even[m->rank] += 1 - odd;
        x->odd[m->rank] += odd;
    }
}

/* met[0, n) sorted into rows: each short column's value goes to its rank,
 * the count of smaller ones. */
MM_HD void mmi_edges_sort_met(const uint32_t *met, uint32_t *rows, int64_t n)
{
    if (n > MMI_EDGES_SHORT) {
        for (int64_t r = 0; r < n; ++r) rows[r] = met[r];
        mmi_edges_heapsort(rows, n);
        return;
    }
    for (int64_t r = 0; r < n; ++r) {
        int64_t rank = 0;
        for (int64_t t = 0; t < n; ++t) rank += met[t] < met[r];
        rows[rank] = met[r];
    }
}

/* Writes column i of E (rows, sides = τ) from ptr[i] and its edges (a, b, and
 * M Mᵀ {Q_c} of eq. 6: forward = the even slots, sides a → b; backward = the
 * odd ones) from edge_ptr[i]; then each slot holding an edge's b holds its
 * edge id instead, for mmi_edges_corner_at. */
MM_HD void mmi_edges_emit_at(int64_t i, const mmi_edges_column_args *x)
{
    mmi_edges *E = x->E;
    int64_t p = E->ptr[i], n = E->ptr[i + 1] - p;
    if (n == 0) return;
    int64_t on_or_above = n - (E->edge_ptr[i + 1] - E->edge_ptr[i]);
    int64_t rank_to_edge = E->edge_ptr[i] - on_or_above;
    uint32_t *rows = E->rows + p;
    mmi_edges_meet_column(i, x, n);
    mmi_edges_sort_met(x->met, rows, n);
    for (int64_t r = 0; r < n; ++r) {
        mmi_edges_mark *m = &x->marks[rows[r]];
        E->sides[p + r] = x->even[m->rank] + x->odd[m->rank];
        if (r >= on_or_above) {
            int64_t e = rank_to_edge + r;
            E->a[e] = (uint32_t)i;
            E->b[e] = rows[r];
            E->forward[e] = x->even[m->rank];
            E->backward[e] = x->odd[m->rank];
        }
        m->rank = (uint32_t)r;
    }
    for (int64_t s = x->slot_ptr[i]; s < x->slot_ptr[i + 1]; ++s) {
        uint32_t j = x->slots[s];
        uint32_t e = (uint32_t)(rank_to_edge + x->marks[j].rank);
        x->slots[s] = j > (uint32_t)i ? e : j;
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

/* corner_edge of face f's corners, read from the merged slots: the side
 * k → next (i → j) is in column min(i, j) as k's even slot when i < j, as
 * next's odd slot when i > j; i = j is no edge. */
MM_HD void mmi_edges_corner_at(int64_t f, const mmi_edges_fill_args *x, uint32_t *corner_edge)
{
    int64_t first = x->face_ptr[f], end = x->face_ptr[f + 1];
    for (int64_t k = first; k < end; ++k) {
        int64_t next = k + 1 < end ? k + 1 : first;
        uint32_t i = x->face_rows[k], j = x->face_rows[next];
        int64_t slot = i < j ? mmi_edges_corner_slot(k, x) : mmi_edges_corner_slot(next, x) + 1;
        corner_edge[k] = i == j ? MMI_NO_EDGE : x->slots[slot];
    }
}

#endif
