/* mesh_edges.c: the CPU launcher of mesh_edges.h. E = M Mᵀ {Q_c + Q_c^{c-1}} [τ]
 * (eq. 4) without an SpGEMM, as in the paper's §4.1: Alg. 1 (valences n = M·1
 * and corner occurrences), a prefix sum over 2n for E's slots, Alg. 2 (each
 * corner's next and previous vertex), then per column its distinct neighbours
 * (marked per vertex, which counts τ and the side directions of eq. 6), sorted;
 * each slot then holds its edge id, which each corner's edge is read from. */
#include "host_array.h"
#include "mesh_edges.h"

/* Column i of E has at most 2 n_i entries: n_i < 2^31 keeps its counts in 32 bits. */
#define MAX_VALENCE ((uint32_t)INT32_MAX)

/* Alg. 1: n = M·1 by counting each non-zero; occurrence[k] is corner k's rank
 * among the corners of its vertex (the paper's offsets). */
static mm_status valences(mm_context ctx, const mmi_host_faces *hf, uint32_t *valence,
                          uint32_t *occurrence)
{
    mm_status st = MM_OK;
    for (int64_t k = 0; k < hf->nnz; ++k) {
        uint32_t v = hf->rows[k];
        if (valence[v] == MAX_VALENCE)
            MM_FAIL(ctx, MM_ERR_OVERFLOW, "vertex %u lies in more than 2^31 - 1 face corners",
                    (unsigned)v);
        occurrence[k] = valence[v]++;
    }
done:
    return st;
}

/* ptr[0] = 0, ptr[i + 1] += ptr[i]: counts into a CSC pointer. */
static mm_status exclusive_scan(mm_context ctx, int64_t *ptr, int64_t n)
{
    mm_status st = MM_OK;
    ptr[0] = 0;
    for (int64_t i = 0; i < n; ++i)
        if (mmi_add_i64(ptr[i], ptr[i + 1], &ptr[i + 1]))
            MM_FAIL(ctx, MM_ERR_OVERFLOW, "the pointer passes 2^63 at column %lld", (long long)i);
done:
    return st;
}

/* Column i of E gets 2 n_i slots: a prefix sum over 2n (§4.1). */
static mm_status slot_pointer(mm_context ctx, const uint32_t *valence, int64_t nv,
                              int64_t *slot_ptr)
{
    for (int64_t i = 0; i < nv; ++i) slot_ptr[i + 1] = 2 * (int64_t)valence[i];
    return exclusive_scan(ctx, slot_ptr, nv);
}

/* The neighbours of every column, unsorted: Alg. 1 for the occurrences and
 * the slot pointer, then Alg. 2 per face. */
static mm_status column_slots(mm_context ctx, const mmi_host_faces *hf, uint32_t *occurrence,
                              int64_t *slot_ptr, uint32_t **slots)
{
    mm_status st = MM_OK;
    uint32_t *valence = NULL;
    int64_t nv = hf->num_vertices;
    MM_TRY(mmi_host_array(ctx, nv, sizeof *valence, (void **)&valence));
    for (int64_t i = 0; i < nv; ++i) valence[i] = 0;
    MM_TRY(valences(ctx, hf, valence, occurrence));
    MM_TRY(slot_pointer(ctx, valence, nv, slot_ptr));
    MM_TRY(mmi_host_array(ctx, slot_ptr[nv], sizeof **slots, (void **)slots));
    mmi_edges_fill_args fill = {hf->ptr, hf->rows, occurrence, slot_ptr, *slots};
    for (int64_t f = 0; f < hf->num_faces; ++f) mmi_edges_fill_at(f, &fill);
done:
    mmi_host_array_free(ctx, valence, nv, sizeof *valence);
    return st;
}

/* Marks no column has met yet, before each walk over the columns. */
static void clear_marks(mmi_edges_mark *marks, int64_t nv)
{
    for (int64_t j = 0; j < nv; ++j) marks[j].column = UINT32_MAX;
}

/* E's pointer and rows with τ's counts, and the edges (its strict lower
 * triangle) with their side directions (eq. 6): a walk counting each
 * column's distinct neighbours, prefix sums, a walk writing them. */
static mm_status merge_columns(mm_context ctx, const int64_t *slot_ptr, uint32_t *slots,
                               mmi_edges *E)
{
    mm_status st = MM_OK;
    int64_t nv = E->num_vertices;
    int64_t longest = 0;
    mmi_edges_mark *marks = NULL;
    uint32_t *work = NULL;
    MM_TRY(mmi_host_array(ctx, nv, sizeof *marks, (void **)&marks));
    mmi_edges_column_args cols = {slot_ptr, slots, marks, NULL, NULL, NULL, E};
    MM_TRY(mmi_host_array(ctx, nv + 1, sizeof *E->ptr, (void **)&E->ptr));
    MM_TRY(mmi_host_array(ctx, nv + 1, sizeof *E->edge_ptr, (void **)&E->edge_ptr));
    clear_marks(marks, nv);
    for (int64_t i = 0; i < nv; ++i) {
        mmi_edges_count_at(i, &cols);
        if (E->ptr[i + 1] > longest) longest = E->ptr[i + 1];
    }
    MM_TRY(exclusive_scan(ctx, E->ptr, nv));
    MM_TRY(exclusive_scan(ctx, E->edge_ptr, nv));
    if (E->edge_ptr[nv] >= (int64_t)MMI_NO_EDGE)
        MM_FAIL(ctx, MM_ERR_OVERFLOW, "the mesh has %lld edges; edge ids are 32-bit (< %u)",
                (long long)E->edge_ptr[nv], (unsigned)MMI_NO_EDGE);
    E->nnz = E->ptr[nv];
    E->num_edges = E->edge_ptr[nv];
    MM_TRY(mmi_host_array(ctx, E->nnz, sizeof *E->rows, (void **)&E->rows));
    MM_TRY(mmi_host_array(ctx, E->nnz, sizeof *E->sides, (void **)&E->sides));
    MM_TRY(mmi_host_array(ctx, E->num_edges, sizeof *E->a, (void **)&E->a));
    MM_TRY(mmi_host_array(ctx, E->num_edges, sizeof *E->b, (void **)&E->b));
    MM_TRY(mmi_host_array(ctx, E->num_edges, sizeof *E->forward, (void **)&E->forward));
    MM_TRY(mmi_host_array(ctx, E->num_edges, sizeof *E->backward, (void **)&E->backward));
    MM_TRY(mmi_host_array(ctx, 3 * (longest + 1), sizeof *work, (void **)&work));
    cols.met = work;
    cols.even = work + longest + 1;
    cols.odd = work + 2 * (longest + 1);
    clear_marks(marks, nv);
    for (int64_t i = 0; i < nv; ++i) mmi_edges_emit_at(i, &cols);
done:
    mmi_host_array_free(ctx, marks, nv, sizeof *marks);
    mmi_host_array_free(ctx, work, 3 * (longest + 1), sizeof *work);
    return st;
}

/* corner_edge: each side's edge id, read from the slot merge_columns left it in. */
static mm_status corner_edges(mm_context ctx, const mmi_host_faces *hf,
                              const mmi_edges_fill_args *merged, mmi_edges *E)
{
    mm_status st = MM_OK;
    MM_TRY(mmi_host_array(ctx, E->num_corners, sizeof *E->corner_edge, (void **)&E->corner_edge));
    for (int64_t f = 0; f < hf->num_faces; ++f) mmi_edges_corner_at(f, merged, E->corner_edge);
done:
    return st;
}

mm_status mmi_mesh_edges_build(mm_context ctx, const mmi_host_faces *hf, mmi_edges *out)
{
    mm_status st = MM_OK;
    mmi_edges E = {0};
    int64_t *slot_ptr = NULL;
    uint32_t *occurrence = NULL, *slots = NULL;
    int64_t nv = hf->num_vertices;
    E.num_vertices = nv;
    E.num_corners = hf->nnz;
    *out = E;
    MM_TRY(mmi_host_array(ctx, nv + 1, sizeof *slot_ptr, (void **)&slot_ptr));
    MM_TRY(mmi_host_array(ctx, hf->nnz, sizeof *occurrence, (void **)&occurrence));
    MM_TRY(column_slots(ctx, hf, occurrence, slot_ptr, &slots));
    MM_TRY(merge_columns(ctx, slot_ptr, slots, &E));
    mmi_edges_fill_args merged = {hf->ptr, hf->rows, occurrence, slot_ptr, slots};
    MM_TRY(corner_edges(ctx, hf, &merged, &E));
    *out = E;
    E = (mmi_edges){0};
done:
    if (slots != NULL) mmi_host_array_free(ctx, slots, slot_ptr[nv], sizeof *slots);
    mmi_host_array_free(ctx, occurrence, hf->nnz, sizeof *occurrence);
    mmi_host_array_free(ctx, slot_ptr, nv + 1, sizeof *slot_ptr);
    mmi_mesh_edges_release(ctx, &E);
    return st;
}

void mmi_mesh_edges_release(mm_context ctx, mmi_edges *E)
{
    int64_t nv1 = E->num_vertices + 1;
    mmi_host_array_free(ctx, E->ptr, nv1, sizeof *E->ptr);
    mmi_host_array_free(ctx, E->rows, E->nnz, sizeof *E->rows);
    mmi_host_array_free(ctx, E->sides, E->nnz, sizeof *E->sides);
    mmi_host_array_free(ctx, E->edge_ptr, nv1, sizeof *E->edge_ptr);
    mmi_host_array_free(ctx, E->a, E->num_edges, sizeof *E->a);
    mmi_host_array_free(ctx, E->b, E->num_edges, sizeof *E->b);
    mmi_host_array_free(ctx, E->forward, E->num_edges, sizeof *E->forward);
    mmi_host_array_free(ctx, E->backward, E->num_edges, sizeof *E->backward);
    mmi_host_array_free(ctx, E->corner_edge, E->num_corners, sizeof *E->corner_edge);
    *E = (mmi_edges){0};
}
