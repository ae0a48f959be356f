/* mesh_validate.c: validation of a mesh description on the host: sizes, finite
 * coordinates, face orders ≥ 3, vertex ids in range, vertices repeated within a
 * face, crease and corner data. Messages name file:line when the desc has them.
 * The long scans run on every OpenMP thread and look for the first value or
 * face refused (a minimum), so they report the same one for any thread count. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/checked.h"
#include "../core/cpu_for.h"
#include "../core/error.h"
#include "host_array.h"
#include "mesh_validate.h"

#define MAX_ID ((int64_t)UINT32_MAX)
#define MAX_NNZ ((int64_t)1 << 62)
/* Faces up to this order are checked for repeats pairwise; longer ones sorted. */
#define PAIRWISE_MAX 32

/* "file:line: " or "file: " or "" into buf, for element i with lines[]. */
static const char *where(char *buf, size_t len, const mm_mesh_desc *d, const int64_t *lines,
                         int64_t i)
{
    if (d->source == NULL) {
        buf[0] = '\0';
    } else if (lines != NULL) {
        snprintf(buf, len, "%s:%lld: ", d->source, (long long)lines[i]);
    } else {
        snprintf(buf, len, "%s: ", d->source);
    }
    return buf;
}

static mm_status check_sizes(mm_context ctx, const mm_mesh_desc *d)
{
    if (d->num_vertices < 0 || d->num_faces < 0 || d->dim < 1 || d->num_creases < 0 ||
        d->num_corners < 0 || d->num_holes < 0)
        return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT,
                        "negative count or dim < 1 (|V| %lld, |F| %lld, dim %lld)",
                        (long long)d->num_vertices, (long long)d->num_faces, (long long)d->dim);
    if (d->vertex_type != MM_TYPE_FLOAT32 && d->vertex_type != MM_TYPE_FLOAT64)
        return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT, "vertex_type must be FLOAT32 or FLOAT64");
    if (d->precision != MM_TYPE_PATTERN && d->precision != MM_TYPE_FLOAT32 &&
        d->precision != MM_TYPE_FLOAT64)
        return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT, "precision must be 0, FLOAT32 or FLOAT64");
    if (d->num_vertices > MAX_ID || d->num_faces > MAX_ID)
        return mmi_fail(ctx, MM_ERR_OVERFLOW,
                        "%lld vertices and %lld faces: ids are 32-bit, at most %lld each",
                        (long long)d->num_vertices, (long long)d->num_faces, (long long)MAX_ID);
    if (d->num_vertices > 0 && d->vertices == NULL)
        return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT, "vertices is NULL");
    if (d->face_offsets == NULL && d->num_faces > 0 && d->face_order < 3)
        return mmi_fail(ctx, MM_ERR_INVALID_MESH,
                        "face_order is %lld without face_offsets; a face needs at least 3 vertices",
                        (long long)d->face_order);
    if ((d->num_creases > 0 && (d->crease_vertices == NULL || d->crease_sharpness == NULL)) ||
        (d->num_corners > 0 && (d->corner_vertices == NULL || d->corner_sharpness == NULL)))
        return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT, "crease or corner arrays are NULL");
    if (d->num_holes > 0 && d->hole_faces == NULL)
        return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT, "hole_faces is NULL");
    if (d->boundary != MM_BOUNDARY_EDGE_ONLY && d->boundary != MM_BOUNDARY_EDGE_AND_CORNER &&
        d->boundary != MM_BOUNDARY_NONE)
        return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT,
                        "boundary is %d; a mesh carries EDGE_ONLY, EDGE_AND_CORNER or NONE",
                        (int)d->boundary);
    return MM_OK;
}

/* Coordinate k of d's vertex data as a double. */
static double coordinate(const mm_mesh_desc *d, int64_t k)
{
    return d->vertex_type == MM_TYPE_FLOAT32 ? (double)((const float *)d->vertices)[k]
                                             : ((const double *)d->vertices)[k];
}

/* Whether x is refused: not finite, or not once rounded to float32 when the
 * mesh stores float32. */
static int bad_coordinate(double x, int to_float32)
{
    return !isfinite(x) || (to_float32 && !isfinite((float)x));
}

static mm_status check_vertices(mm_context ctx, const mm_mesh_desc *d)
{
    char loc[512];
    int64_t n = d->num_vertices * d->dim, first = n;
    int to_float32 = d->precision == MM_TYPE_FLOAT32;
    /* The first refused value, on every thread (a minimum: the same for any count). */
#ifdef _OPENMP
#pragma omp parallel for schedule(static) reduction(min : first) if (n > MMI_CPU_CHUNK)
#endif
    for (int64_t k = 0; k < n; ++k)
        if (bad_coordinate(coordinate(d, k), to_float32) && k < first) first = k;
    if (first == n) return MM_OK;
    double x = coordinate(d, first);
    int64_t v = first / d->dim;
    return mmi_fail(ctx, MM_ERR_INVALID_MESH,
                    "%svertex %lld has a non-finite coordinate %lld (%g%s)",
                    where(loc, sizeof loc, d, d->vertex_lines, v), (long long)v,
                    (long long)(first % d->dim), x, isfinite(x) ? " overflows float32" : "");
}

static int compare_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* A vertex id used twice in v[0..c), or -1. scratch holds c ids for long faces. */
static inline int64_t repeated_vertex(const uint32_t *v, int64_t c, uint32_t *scratch)
{
    if (c <= PAIRWISE_MAX) {
        for (int64_t i = 0; i < c; ++i)
            for (int64_t j = i + 1; j < c; ++j)
                if (v[i] == v[j]) return v[i];
        return -1;
    }
    memcpy(scratch, v, (size_t)c * sizeof *v);
    qsort(scratch, (size_t)c, sizeof *scratch, compare_u32);
    for (int64_t i = 1; i < c; ++i)
        if (scratch[i] == scratch[i - 1]) return scratch[i];
    return -1;
}

static mm_status check_offsets(mm_context ctx, const mm_mesh_desc *d)
{
    if (d->face_offsets == NULL) return MM_OK;
    if (d->face_offsets[0] != 0)
        return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT, "face_offsets[0] is %lld, expected 0",
                        (long long)d->face_offsets[0]);
    for (int64_t f = 0; f < d->num_faces; ++f)
        if (d->face_offsets[f + 1] < d->face_offsets[f])
            return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT, "face_offsets decreases at face %lld",
                            (long long)f);
    return MM_OK;
}

enum { FACE_FINE, FACE_OUT_OF_RANGE, FACE_REPEATS };

/* Face f's vertex ids: FACE_OUT_OF_RANGE with the first id ≥ |V| in *id, else
 * FACE_REPEATS with a repeated id in *id, else FACE_FINE. scratch holds the
 * largest order's ids when faces pass PAIRWISE_MAX. */
static inline int face_ids_check(const mm_mesh_desc *d, int64_t f, uint32_t *scratch,
                                 int64_t *id)
{
    const uint32_t *v = d->face_vertices + mmi_desc_face_start(d, f);
    int64_t c = mmi_desc_face_order(d, f);
    for (int64_t i = 0; i < c; ++i)
        if ((int64_t)v[i] >= d->num_vertices) {
            *id = v[i];
            return FACE_OUT_OF_RANGE;
        }
    *id = repeated_vertex(v, c, scratch);
    return *id >= 0 ? FACE_REPEATS : FACE_FINE;
}

/* The first face with fewer than 3 vertices (|F| when none); the largest
 * order into *max_order. */
static int64_t first_short_face(const mm_mesh_desc *d, int64_t *max_order)
{
    int64_t nf = d->num_faces, first = nf, longest = 0;
#ifdef _OPENMP
#pragma omp parallel for schedule(static) reduction(min : first) reduction(max : longest) \
    if (nf > MMI_CPU_CHUNK)
#endif
    for (int64_t f = 0; f < nf; ++f) {
        int64_t c = mmi_desc_face_order(d, f);
        if (c < 3 && f < first) first = f;
        if (c > longest) longest = c;
    }
    *max_order = longest;
    return first;
}

/* The first face refused for its ids (|F| when none); the faces repeating a
 * vertex into *degenerate. On every thread unless a face is long enough to
 * need the one scratch. */
static int64_t first_bad_ids(const mm_mesh_desc *d, int64_t max_order, uint32_t *scratch,
                             int64_t *degenerate)
{
    int64_t nf = d->num_faces, first = nf, repeats = 0;
#ifdef _OPENMP
#pragma omp parallel for schedule(static) reduction(min : first) reduction(+ : repeats) \
    if (nf > MMI_CPU_CHUNK && max_order <= PAIRWISE_MAX)
#endif
    for (int64_t f = 0; f < nf; ++f) {
        int64_t id;
        int k = face_ids_check(d, f, scratch, &id);
        repeats += k == FACE_REPEATS;
        if ((k == FACE_OUT_OF_RANGE || (k == FACE_REPEATS && !d->keep_repeated)) && f < first)
            first = f;
    }
    *degenerate = repeats;
    return first;
}

static mm_status check_faces(mm_context ctx, const mm_mesh_desc *d, int64_t *degenerate)
{
    mm_status st = MM_OK;
    char loc[512];
    uint32_t *scratch = NULL;
    int64_t max_order = 0, nnz, f, id;
    *degenerate = 0;
    MM_TRY(check_offsets(ctx, d));
    if (d->face_offsets != NULL)
        nnz = d->face_offsets[d->num_faces];
    else if (mmi_mul_i64(d->face_order, d->num_faces, &nnz))
        nnz = INT64_MAX;
    if (nnz > MAX_NNZ)
        MM_FAIL(ctx, MM_ERR_OVERFLOW, "%lld faces with %lld corners in all overflow the 2^62 limit",
                (long long)d->num_faces, (long long)nnz);
    if ((f = first_short_face(d, &max_order)) < d->num_faces)
        MM_FAIL(ctx, MM_ERR_INVALID_MESH, "%sface %lld has %lld vertices; a face needs at least 3",
                where(loc, sizeof loc, d, d->face_lines, f), (long long)f,
                (long long)mmi_desc_face_order(d, f));
    if (d->num_faces > 0 && d->face_vertices == NULL)
        MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "face_vertices is NULL");
    if (max_order > PAIRWISE_MAX)
        MM_TRY(mmi_host_array(ctx, max_order, sizeof *scratch, (void **)&scratch));
    f = first_bad_ids(d, max_order, scratch, degenerate);
    if (f < d->num_faces && face_ids_check(d, f, scratch, &id) == FACE_OUT_OF_RANGE)
        MM_FAIL(ctx, MM_ERR_INVALID_MESH,
                "%sface %lld uses vertex %u (0-based), but there are %lld vertices",
                where(loc, sizeof loc, d, d->face_lines, f), (long long)f, (uint32_t)id,
                (long long)d->num_vertices);
    if (f < d->num_faces)
        MM_FAIL(ctx, MM_ERR_INVALID_MESH,
                "%sface %lld repeats vertex %lld (0-based); keep_repeated accepts such faces",
                where(loc, sizeof loc, d, d->face_lines, f), (long long)f, (long long)id);
done:
    mmi_host_array_free(ctx, scratch, max_order, sizeof *scratch);
    return st;
}

static mm_status check_sharpness(mm_context ctx, const char *what, int64_t i, float s)
{
    if (isfinite(s) && s >= 0.0f) return MM_OK;
    return mmi_fail(ctx, MM_ERR_INVALID_MESH, "%s %lld has sharpness %g; expected a finite value ≥ 0",
                    what, (long long)i, (double)s);
}

static mm_status check_creases(mm_context ctx, const mm_mesh_desc *d)
{
    mm_status st = MM_OK;
    for (int64_t i = 0; i < d->num_creases; ++i) {
        uint32_t a = d->crease_vertices[2 * i], b = d->crease_vertices[2 * i + 1];
        if ((int64_t)a >= d->num_vertices || (int64_t)b >= d->num_vertices || a == b)
            MM_FAIL(ctx, MM_ERR_INVALID_MESH,
                    "crease %lld joins vertices %u and %u; expected two distinct ids below %lld",
                    (long long)i, a, b, (long long)d->num_vertices);
        MM_TRY(check_sharpness(ctx, "crease", i, d->crease_sharpness[i]));
    }
    for (int64_t i = 0; i < d->num_corners; ++i) {
        if ((int64_t)d->corner_vertices[i] >= d->num_vertices)
            MM_FAIL(ctx, MM_ERR_INVALID_MESH, "corner %lld names vertex %u, but there are %lld",
                    (long long)i, d->corner_vertices[i], (long long)d->num_vertices);
        MM_TRY(check_sharpness(ctx, "corner", i, d->corner_sharpness[i]));
    }
    for (int64_t i = 0; i < d->num_holes; ++i)
        if ((int64_t)d->hole_faces[i] >= d->num_faces)
            MM_FAIL(ctx, MM_ERR_INVALID_MESH, "hole %lld names face %u, but there are %lld",
                    (long long)i, d->hole_faces[i], (long long)d->num_faces);
done:
    return st;
}

mm_status mmi_mesh_validate(mm_context ctx, const mm_mesh_desc *d, int64_t *degenerate)
{
    mm_status st = MM_OK;
    MM_TRY(check_sizes(ctx, d));
    MM_TRY(check_vertices(ctx, d));
    MM_TRY(check_faces(ctx, d, degenerate));
    MM_TRY(check_creases(ctx, d));
done:
    return st;
}
