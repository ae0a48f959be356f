/* weld_rules.h: the element rules of mm_mesh_weld (mesh_weld.c), MM_HD
 * functions the CPU loop and the CUDA kernels both run (weld_kernels.h). One
 * argument struct serves every rule; each rule writes only its own element's
 * outputs, so the result does not depend on the backend or thread count.
 *
 * Vertices: a 64-bit key per vertex (a hash of its values, or of its grid
 * cell), sorted with the vertex ids; then, exact: each sorted vertex finds
 * the first vertex of its key's run with equal values (the run's ids ascend,
 * so that is its class's smallest id); tolerance: min-label passes over the
 * linked vertices found in the 27 neighbouring cells' runs. Faces: re-indexed
 * through the new ids, repeated consecutive vertices removed, counted, then
 * filled at their scanned offsets. */
#ifndef MESHMAT_MESH_WELD_RULES_H
#define MESHMAT_MESH_WELD_RULES_H

#include <math.h>
#include <stdint.h>

#include "../core/hd.h"

typedef struct mmi_weld_args {
    /* the vertex data: nv × d, float64 (f64) or float32 */
    int64_t nv, d;
    int f64;
    const void *x;
    /* tolerance mode: cell size (2 t) and t²; cell == 0: exact */
    double cell, tol2;
    int grid_dims; /* min(d, 3) */
    /* keys: per vertex, then sorted */
    uint64_t *keys;
    uint32_t *ids;
    const uint64_t *skeys;
    const uint32_t *sids;
    /* exact: run heads, their scan (run numbers from 1), run starts */
    uint32_t *heads;
    const uint32_t *runs;
    uint32_t *run_start;
    /* classes: rep (exact) or label (tolerance) per original vertex */
    uint32_t *rep;
    const uint32_t *label;
    uint32_t *next, *label_out, *changed;
    /* renumbering: representative flags, their scan, new ids, new data */
    uint32_t *is_rep;
    const uint32_t *rep_scan;
    uint32_t *new_id;
    void *x_out;
    /* faces: M (uniform > 0: ptr implicit), per-face counts and flags */
    int64_t nf, uniform;
    const int64_t *ptr;
    const uint32_t *rows;
    const uint32_t *face_new_id;
    uint64_t *face_nnz;
    uint32_t *face_keep, *face_reduced;
    const uint64_t *face_at;
    const uint32_t *face_scan;
    int64_t *ptr_out;
    uint32_t *rows_out;
    int64_t first_order; /* the order-check rule: the first face's order */
    uint32_t *order_differs;
} mmi_weld_args;

MM_HD double weld_value(const mmi_weld_args *a, int64_t v, int64_t k)
{
    int64_t t = v * a->d + k;
    return a->f64 ? ((const double *)a->x)[t] : (double)((const float *)a->x)[t];
}

/* splitmix64's finalizer: every input bit moves every output bit. */
MM_HD uint64_t weld_mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

MM_HD uint64_t weld_hash_step(uint64_t h, uint64_t word)
{
    return weld_mix(h ^ weld_mix(word + 0x9e3779b97f4a7c15ull));
}

MM_HD uint64_t weld_bits(double v)
{
    union {
        double d;
        uint64_t u;
    } b;
    b.d = v == 0.0 ? 0.0 : v; /* -0 and +0 hash alike, as they compare equal */
    return b.u;
}

MM_HD int weld_same_point(const mmi_weld_args *a, uint32_t p, uint32_t q)
{
    for (int64_t k = 0; k < a->d; ++k)
        if (weld_value(a, p, k) != weld_value(a, q, k)) return 0;
    return 1;
}

MM_HD int weld_linked(const mmi_weld_args *a, uint32_t p, uint32_t q)
{
    double s = 0.0;
    for (int64_t k = 0; k < a->d; ++k) {
        double e = weld_value(a, p, k) - weld_value(a, q, k);
        s += e * e;
    }
    return s <= a->tol2;
}

/* The grid cell of value v: floor(v / cell), clamped to ±2^62 (a value that
 * far out in cells has neighbours closer than t only at its own value). */
MM_HD int64_t weld_cell_of(double v, double cell)
{
    const double limit = 4611686018427387904.0;
    double q = floor(v / cell);
    return (int64_t)(q > limit ? limit : q < -limit ? -limit : q);
}

MM_HD uint64_t weld_cell_hash(const int64_t *c, int n)
{
    uint64_t h = 0x243f6a8885a308d3ull;
    for (int k = 0; k < n; ++k) h = weld_hash_step(h, (uint64_t)c[k]);
    return h;
}

/* Vertex i's key (its values' hash, or its cell's) and id. */
MM_HD void weld_key(const mmi_weld_args *a, int64_t i)
{
    uint64_t h = 0x243f6a8885a308d3ull;
    if (a->cell == 0.0) {
        for (int64_t k = 0; k < a->d; ++k) h = weld_hash_step(h, weld_bits(weld_value(a, i, k)));
    } else {
        int64_t c[3];
        for (int k = 0; k < a->grid_dims; ++k) c[k] = weld_cell_of(weld_value(a, i, k), a->cell);
        h = weld_cell_hash(c, a->grid_dims);
    }
    a->keys[i] = h;
    a->ids[i] = (uint32_t)i;
}

/* 1 where sorted position j starts a run of equal keys. */
MM_HD void weld_head(const mmi_weld_args *a, int64_t j)
{
    a->heads[j] = j == 0 || a->skeys[j] != a->skeys[j - 1];
}

MM_HD void weld_run_start(const mmi_weld_args *a, int64_t j)
{
    if (j == 0 || a->skeys[j] != a->skeys[j - 1]) a->run_start[a->runs[j] - 1] = (uint32_t)j;
}

/* Exact: the first vertex of j's run with j's values. A run of one point's
 * copies stops at its start; a hash collision only costs comparisons. */
MM_HD void weld_exact_class(const mmi_weld_args *a, int64_t j)
{
    uint32_t v = a->sids[j];
    for (int64_t k = a->run_start[a->runs[j] - 1]; k < j; ++k) {
        if (weld_same_point(a, a->sids[k], v)) {
            a->rep[v] = a->sids[k];
            return;
        }
    }
    a->rep[v] = v;
}

/* The first sorted position whose key is ≥ key. */
MM_HD int64_t weld_lower_bound(const mmi_weld_args *a, uint64_t key)
{
    int64_t lo = 0, hi = a->nv;
    while (lo < hi) {
        int64_t mid = lo + (hi - lo) / 2;
        if (a->skeys[mid] < key) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

/* Tolerance: next[i] = the smallest label among i and the vertices linked to
 * it, all of which lie in the 3^grid_dims cells around i's. */
MM_HD void weld_link_step(const mmi_weld_args *a, int64_t i)
{
    int64_t base[3], c[3];
    uint32_t m = a->label[i];
    int n = a->grid_dims, cells = n == 1 ? 3 : n == 2 ? 9 : 27;
    for (int k = 0; k < n; ++k) base[k] = weld_cell_of(weld_value(a, i, k), a->cell);
    for (int o = 0; o < cells; ++o) {
        for (int k = 0, r = o; k < n; ++k, r /= 3) c[k] = base[k] + (r % 3) - 1;
        uint64_t h = weld_cell_hash(c, n);
        for (int64_t j = weld_lower_bound(a, h); j < a->nv && a->skeys[j] == h; ++j) {
            uint32_t q = a->sids[j];
            if (a->label[q] < m && weld_linked(a, (uint32_t)i, q)) m = a->label[q];
        }
    }
    a->next[i] = m;
}

/* Tolerance: the label of i's next label (a pointer jump), and whether it
 * changed in this pass. Labels only decrease and stay in i's component. */
MM_HD void weld_jump(const mmi_weld_args *a, int64_t i)
{
    uint32_t l = a->next[a->next[i]];
    a->label_out[i] = l;
    a->changed[i] = l != a->label[i];
}

MM_HD void weld_is_rep(const mmi_weld_args *a, int64_t i)
{
    a->is_rep[i] = a->rep[i] == (uint32_t)i;
}

/* Vertex i's new id (its representative's rank); a representative copies its
 * values to its new row. */
MM_HD void weld_renumber(const mmi_weld_args *a, int64_t i)
{
    uint32_t r = a->rep[i], id = a->rep_scan[r] - 1;
    a->new_id[i] = id;
    if (r != (uint32_t)i) return;
    for (int64_t k = 0; k < a->d; ++k) {
        int64_t from = i * a->d + k, to = (int64_t)id * a->d + k;
        if (a->f64) ((double *)a->x_out)[to] = ((const double *)a->x)[from];
        else ((float *)a->x_out)[to] = ((const float *)a->x)[from];
    }
}

MM_HD int64_t weld_face_begin(const mmi_weld_args *a, int64_t f)
{
    return a->uniform > 0 ? a->uniform * f : a->ptr[f];
}

MM_HD int64_t weld_face_end(const mmi_weld_args *a, int64_t f)
{
    return a->uniform > 0 ? a->uniform * (f + 1) : a->ptr[f + 1];
}

/* Corner k of face [b, e) after re-indexing, and whether it is kept (it
 * differs from the corner before it, cyclically). */
MM_HD uint32_t weld_corner(const mmi_weld_args *a, int64_t b, int64_t e, int64_t k, int *kept)
{
    uint32_t v = a->face_new_id[a->rows[k]];
    *kept = v != a->face_new_id[a->rows[k == b ? e - 1 : k - 1]];
    return v;
}

/* Face f's kept corners, or 0 when it is dropped (fewer than 3, or a vertex
 * kept twice). */
MM_HD int64_t weld_face_kept(const mmi_weld_args *a, int64_t f)
{
    int64_t b = weld_face_begin(a, f), e = weld_face_end(a, f), n = 0;
    for (int64_t k = b; k < e; ++k) {
        int kept, other;
        uint32_t v = weld_corner(a, b, e, k, &kept);
        if (!kept) continue;
        for (int64_t j = b; j < k; ++j)
            if (weld_corner(a, b, e, j, &other) == v && other) return 0;
        ++n;
    }
    return n >= 3 ? n : 0;
}

MM_HD void weld_face_count(const mmi_weld_args *a, int64_t f)
{
    int64_t n = weld_face_kept(a, f);
    a->face_nnz[f] = (uint64_t)n;
    a->face_keep[f] = n > 0;
    a->face_reduced[f] = n > 0 && n < weld_face_end(a, f) - weld_face_begin(a, f);
}

/* Writes kept face f's corners at its offset (and, with ptr_out, its
 * pointer); element nf writes the closing pointer. */
MM_HD void weld_face_fill(const mmi_weld_args *a, int64_t f)
{
    if (f == a->nf) {
        if (a->ptr_out && f > 0) a->ptr_out[a->face_scan[f - 1]] = (int64_t)a->face_at[f];
        if (a->ptr_out && f == 0) a->ptr_out[0] = 0;
        return;
    }
    if (a->face_at[f + 1] == a->face_at[f]) return; /* dropped */
    int64_t b = weld_face_begin(a, f), e = weld_face_end(a, f), at = (int64_t)a->face_at[f];
    if (a->ptr_out) a->ptr_out[a->face_scan[f] - 1] = at;
    for (int64_t k = b; k < e; ++k) {
        int kept;
        uint32_t v = weld_corner(a, b, e, k, &kept);
        if (kept) a->rows_out[at++] = v;
    }
}

/* 1 where output face g's order is not the first face's. */
MM_HD void weld_order_check(const mmi_weld_args *a, int64_t g)
{
    a->order_differs[g] = a->ptr_out[g + 1] - a->ptr_out[g] != a->first_order;
}

#endif
