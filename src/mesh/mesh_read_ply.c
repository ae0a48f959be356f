/* mesh_read_ply.c: the PLY data reader: walks the elements the header
 * declares (mesh_read_ply_header.c), keeping the vertex scalars (x, y, z,
 * then the others as further columns of the vertex data, named on the mesh)
 * and the face lists, and skipping everything else. ASCII data is read
 * record by record into growing lists (mesh_lists.h), copied into the mesh
 * at the end. Binary data (little- or big-endian) is laid out first: where
 * each element's records lie and how many lie whole in the data, which gives
 * the sizes of the mesh's own arrays (mmi_mesh_parts); the records are then
 * read straight into those, which the mesh takes over without a copy. Vertex
 * records of scalars (x, y, z alone, or with other columns) and face records
 * of the index list alone (the usual shapes) go through tight loops,
 * parallel where every record has one size; every path stops before
 * anything wrong and leaves it to the record-by-record reader, which reports
 * it. Messages name file:line (ASCII) or the element, record and property
 * (binary). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/checked.h"
#include "../core/cpu_for.h"
#include "../core/error.h"
#include "mesh_build.h"
#include "mesh_impl.h"
#include "mesh_read.h"
#include "mesh_read_ply.h"
#include "text_scan.h"

/* The faces' common order while laying binary data out: none seen yet, or
 * they differ. */
#define ORDER_NONE (-1)
#define ORDER_MIXED (-2)

typedef struct ply_reader {
    mm_context ctx;
    const char *name, *data, *p, *end;
    int64_t line;             /* ASCII: line of p            */
    const ply_header *h;
    const ply_element *e;     /* the element being read      */
    int64_t record;           /* its record being read       */
    const ply_property *pr;   /* the property being read     */
    int64_t dim;              /* columns of the vertex data  */
    double *row;              /* the vertex being read, dim values */
    mmi_mesh_lists *l;        /* ASCII: what is read         */
    mmi_mesh_parts *parts;    /* binary: the mesh's arrays   */
    int64_t vertex_at, face_at; /* binary: r->e's first vertex and face in parts */
} ply_reader;

/* "name:line" (ASCII) or "name" (binary) into buf. */
static const char *where(const ply_reader *r, const char *at, char *buf, size_t len)
{
    if (r->h->binary) {
        snprintf(buf, len, "%s", r->name);
    } else {
        long long line = (long long)r->line;
        if (at == r->end) line = mmi_last_line(r->data, (size_t)(r->end - r->data), line);
        snprintf(buf, len, "%s:%lld", r->name, line);
    }
    return buf;
}

/* MM_ERR_PARSE naming the element, record and property being read. */
static mm_status data_fail(const ply_reader *r, const char *what)
{
    char loc[512], found[64];
    if (r->h->binary)
        return mmi_fail(r->ctx, MM_ERR_PARSE,
                        "%s: %s in element '%.*s' %lld of %lld, property '%.*s'; the header "
                        "declares more data than the file holds",
                        where(r, r->p, loc, sizeof loc), what, r->e->name_len, r->e->name,
                        (long long)r->record + 1, (long long)r->e->count, r->pr->name_len,
                        r->pr->name);
    return mmi_fail(r->ctx, MM_ERR_PARSE,
                    "%s: expected %s for property '%.*s' of element '%.*s' %lld of %lld, found %s",
                    where(r, r->p, loc, sizeof loc), what, r->pr->name_len, r->pr->name,
                    r->e->name_len, r->e->name, (long long)r->record + 1, (long long)r->e->count,
                    mmi_describe_token(r->p, r->end, found, sizeof found));
}

/* MM_ERR_INVALID_MESH for value, the non-finite value of a vertex data
 * column past x, y, z (positions are the mesh's validation's to refuse). */
static mm_status column_not_finite(const ply_reader *r, double value)
{
    char loc[512];
    return mmi_fail(r->ctx, MM_ERR_INVALID_MESH,
                    "%s: property '%.*s' of element '%.*s' %lld of %lld is %g; vertex data must "
                    "be finite", where(r, r->p, loc, sizeof loc), r->pr->name_len, r->pr->name,
                    r->e->name_len, r->e->name, (long long)r->record + 1, (long long)r->e->count,
                    value);
}

/* ASCII: past blanks and line ends, counting lines. */
static void skip_space(ply_reader *r)
{
    for (;;) {
        r->p = mmi_skip_blanks(r->p, r->end);
        if (r->p == r->end || !mmi_is_eol(*r->p)) return;
        r->p = mmi_skip_eol(r->p, r->end);
        ++r->line;
    }
}

/* The n-byte value at p (n = 1, 2, 4, 8), little- or big-endian, as bits. */
static inline uint64_t value_bits(const char *p, size_t n, int big_endian)
{
    uint16_t u16;
    uint32_t u32;
    uint64_t u64;
    int swap = big_endian != (__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__);
    switch (n) {
    case 1: return (unsigned char)*p;
    case 2:
        memcpy(&u16, p, 2);
        return swap ? __builtin_bswap16(u16) : u16;
    case 4:
        memcpy(&u32, p, 4);
        return swap ? __builtin_bswap32(u32) : u32;
    default:
        memcpy(&u64, p, 8);
        return swap ? __builtin_bswap64(u64) : u64;
    }
}

/* Binary: one n-byte value, or MM_ERR_PARSE when the data ends. */
static mm_status load_bytes(ply_reader *r, size_t n, uint64_t *u)
{
    if ((size_t)(r->end - r->p) < n) return data_fail(r, "the data ends");
    *u = value_bits(r->p, n, r->h->big_endian);
    r->p += n;
    return MM_OK;
}

static int64_t int_from_bits(ply_type t, uint64_t u)
{
    switch (t) {
    case PLY_I8: return (int64_t)(u ^ 0x80u) - 0x80;
    case PLY_I16: return (int64_t)(u ^ 0x8000u) - 0x8000;
    case PLY_I32: return (int64_t)(u ^ 0x80000000u) - INT64_C(0x80000000);
    default: return (int64_t)u;
    }
}

static double real_from_bits(ply_type t, uint64_t u)
{
    if (t == PLY_F32) {
        uint32_t b = (uint32_t)u;
        float f;
        memcpy(&f, &b, sizeof f);
        return f;
    }
    if (t == PLY_F64) {
        double d;
        memcpy(&d, &u, sizeof d);
        return d;
    }
    return (double)int_from_bits(t, u);
}

/* An integer value of type t (list counts, indices). */
static mm_status read_int(ply_reader *r, ply_type t, int64_t *v)
{
    if (r->h->binary) {
        uint64_t u = 0;
        mm_status st = load_bytes(r, mmi_ply_type_size(t), &u);
        *v = int_from_bits(t, u);
        return st;
    }
    skip_space(r);
    const char *q = r->p;
    if (mmi_scan_i64(&q, r->end, v) != MMI_SCAN_OK || !mmi_at_boundary(q, r->end))
        return data_fail(r, "an integer");
    r->p = q;
    return MM_OK;
}

/* A value of any type as a double (positions, skipped scalars). */
static mm_status read_real(ply_reader *r, ply_type t, double *v)
{
    if (r->h->binary) {
        uint64_t u = 0;
        mm_status st = load_bytes(r, mmi_ply_type_size(t), &u);
        *v = real_from_bits(t, u);
        return st;
    }
    skip_space(r);
    const char *q = r->p;
    if (mmi_scan_f64(&q, r->end, v) != MMI_SCAN_OK || !mmi_at_boundary(q, r->end))
        return data_fail(r, "a number");
    r->p = q;
    return MM_OK;
}

/* A list the mesh does not use: its count, then its items. */
static mm_status skip_list(ply_reader *r, int64_t n)
{
    mm_status st = MM_OK;
    double ignored;
    int64_t bytes;
    if (r->h->binary) {
        if (mmi_bytes(n, mmi_ply_type_size(r->pr->type), &bytes) || bytes > r->end - r->p)
            return data_fail(r, "the data ends");
        r->p += bytes;
        return MM_OK;
    }
    for (int64_t k = 0; k < n; ++k) MM_TRY(read_real(r, r->pr->type, &ignored));
done:
    return st;
}

/* ASCII: records the line of a vertex or face; 0, or 1 when out of memory. */
static int append_line(mmi_growable *lines, int64_t line)
{
    int64_t *at = mmi_growable_append(lines, 1);
    if (at == NULL) return 1;
    *at = line;
    return 0;
}

/* Binary: where face record `record` of r->e puts its n ids in the mesh's
 * array (sized by the layout pass); with face offsets (the orders differ) it
 * records the face's end. NULL when the file has no ids at all. */
static uint32_t *face_slot(const ply_reader *r, int64_t record, int64_t n)
{
    mmi_mesh_parts *p = r->parts;
    int64_t f = r->face_at + record;
    if (p->face_order == 0) p->face_offsets[f + 1] = p->face_offsets[f] + n;
    if (p->face_vertices == NULL) return NULL; /* no arithmetic on NULL */
    return p->face_vertices + (p->face_order > 0 ? f * p->face_order : p->face_offsets[f]);
}

/* ASCII: one more id of the face being read. */
static mm_status append_id(ply_reader *r, uint32_t v)
{
    uint32_t *id = mmi_growable_append(&r->l->face_vertices, 1);
    if (id == NULL) return mmi_mesh_lists_no_memory(r->ctx, r->name);
    *id = v;
    return MM_OK;
}

/* A face's vertex list (0-based ids below 2^32): into the lists (ASCII) or
 * the mesh's array (binary; not for a record past those the layout pass
 * counted, which fails before its end). */
static mm_status read_face(ply_reader *r, int64_t n, int64_t line)
{
    mm_status st = MM_OK;
    char loc[512];
    int64_t bytes;
    uint32_t *slot = NULL;
    if (r->h->binary) {
        if (mmi_bytes(n, mmi_ply_type_size(r->pr->type), &bytes) || bytes > r->end - r->p)
            return data_fail(r, "the data ends");
        if (r->record < r->e->whole) slot = face_slot(r, r->record, n);
    } else {
        int64_t *start = mmi_growable_append(&r->l->face_starts, 1);
        if (start == NULL || append_line(&r->l->face_lines, line))
            return mmi_mesh_lists_no_memory(r->ctx, r->name);
        *start = r->l->face_vertices.len;
    }
    for (int64_t k = 0; k < n; ++k) {
        int64_t v;
        MM_TRY(read_int(r, r->pr->type, &v));
        if (v < 0 || v > (int64_t)UINT32_MAX)
            MM_FAIL(r->ctx, MM_ERR_INVALID_MESH,
                    "%s: face %lld uses vertex %lld; ids are 0-based, below 2^32",
                    where(r, r->p, loc, sizeof loc), (long long)r->record, (long long)v);
        if (slot != NULL) slot[k] = (uint32_t)v;
        else if (!r->h->binary) MM_TRY(append_id(r, (uint32_t)v));
    }
done:
    return st;
}

/* The vertex of record r->record (r->row): into the lists with its line
 * (ASCII) or the mesh's array (binary, within the records the layout pass
 * counted). */
static mm_status store_vertex(ply_reader *r, int64_t line)
{
    size_t bytes = (size_t)r->dim * sizeof *r->row;
    if (r->h->binary) {
        if (r->record < r->e->whole)
            memcpy(r->parts->vertices + r->dim * (r->vertex_at + r->record), r->row, bytes);
        return MM_OK;
    }
    double *x = mmi_growable_append(&r->l->coords, r->dim);
    if (x == NULL || append_line(&r->l->vertex_lines, line))
        return mmi_mesh_lists_no_memory(r->ctx, r->name);
    memcpy(x, r->row, bytes);
    return MM_OK;
}

/* One record of element r->e: every property in order (a vertex's scalars
 * into r->row). */
static mm_status read_record(ply_reader *r)
{
    mm_status st = MM_OK;
    char loc[512];
    const ply_property *props = (const ply_property *)r->h->props.data;
    if (!r->h->binary) skip_space(r);
    int64_t line = r->line;
    for (int64_t j = r->e->first; j < r->e->first + r->e->num; ++j) {
        r->pr = &props[j];
        double value;
        int64_t n;
        if (r->pr->count_type == PLY_NONE) {
            MM_TRY(read_real(r, r->pr->type, &value));
            if (r->pr->role == PLY_ROLE_COLUMN && r->pr->type == PLY_F32)
                value = (float)value; /* ASCII: what the binary form holds (a no-op there) */
            if (r->pr->role == PLY_ROLE_COLUMN && !isfinite(value))
                MM_TRY(column_not_finite(r, value));
            if (r->e->is_vertex && r->pr->role != PLY_ROLE_NONE) r->row[r->pr->column] = value;
            continue;
        }
        MM_TRY(read_int(r, r->pr->count_type, &n));
        if (n < 0)
            MM_FAIL(r->ctx, MM_ERR_PARSE, "%s: list property '%.*s' has count %lld",
                    where(r, r->p, loc, sizeof loc), r->pr->name_len, r->pr->name, (long long)n);
        if (r->pr->role == PLY_ROLE_INDICES) MM_TRY(read_face(r, n, line));
        else MM_TRY(skip_list(r, n));
    }
    if (r->e->is_vertex) MM_TRY(store_vertex(r, line));
done:
    return st;
}

/* After the last element: only blanks (ASCII) or blank bytes (binary). */
static mm_status check_trailing(ply_reader *r)
{
    char loc[512], found[64];
    if (!r->h->binary) skip_space(r);
    const char *q = r->p;
    while (q < r->end && (mmi_is_blank(*q) || mmi_is_eol(*q))) ++q;
    if (q == r->end) return MM_OK;
    if (r->h->binary)
        return mmi_fail(r->ctx, MM_ERR_PARSE, "%s: %lld bytes after the last element; the "
                        "header declares less data than the file holds", r->name,
                        (long long)(r->end - r->p));
    return mmi_fail(r->ctx, MM_ERR_PARSE, "%s: expected the end of the file after the last "
                    "element (the header declares less data than the file holds), found %s",
                    where(r, r->p, loc, sizeof loc),
                    mmi_describe_token(r->p, r->end, found, sizeof found));
}

/* Binary: bytes of each record of e, or -1 when it holds lists (records of
 * their own sizes). */
static int64_t fixed_record_size(const ply_reader *r, const ply_element *e)
{
    const ply_property *props = (const ply_property *)r->h->props.data;
    int64_t size = 0;
    for (int64_t j = e->first; j < e->first + e->num; ++j) {
        if (props[j].count_type != PLY_NONE) return -1;
        size += (int64_t)mmi_ply_type_size(props[j].type);
    }
    return size;
}

/* Binary: the end of e's record at p, or NULL when the data ends in it or a
 * list count is negative (where the record reader fails); *ids gets its face
 * list's length. */
static const char *record_end(const ply_reader *r, const ply_element *e, const char *p,
                              int64_t *ids)
{
    const ply_property *props = (const ply_property *)r->h->props.data;
    for (int64_t j = e->first; j < e->first + e->num; ++j) {
        size_t cs = mmi_ply_type_size(props[j].count_type);
        size_t size = mmi_ply_type_size(props[j].type);
        int64_t n = 1;
        if (cs > 0) {
            if ((size_t)(r->end - p) < cs) return NULL;
            n = int_from_bits(props[j].count_type, value_bits(p, cs, r->h->big_endian));
            p += cs;
            if (n < 0) return NULL;
            if (props[j].role == PLY_ROLE_INDICES) *ids = n;
        }
        if ((uint64_t)n > (uint64_t)(r->end - p) / size) return NULL;
        p += n * (int64_t)size;
    }
    return p;
}

/* Binary: what the whole records hold, the sizes of the mesh's arrays. */
typedef struct ply_sizes {
    int64_t vertices, faces, ids;
    int64_t order; /* the faces' common order, ORDER_NONE or ORDER_MIXED */
} ply_sizes;

/* Binary: adds `faces` faces of order n to s. */
static void add_faces(ply_sizes *s, int64_t faces, int64_t n)
{
    s->ids += faces * n;
    s->order = s->order == ORDER_NONE || s->order == n ? n : ORDER_MIXED;
}

/* Binary face records of the index list alone (the usual shape), from p on:
 * e->whole gets how many have the first one's order, found by reading the
 * counts at that record size on every thread (records of one order lie one
 * size apart); returns their end. */
static const char *uniform_prefix(const ply_reader *r, ply_element *e, const char *p,
                                  ply_sizes *s)
{
    const ply_property *pr = (const ply_property *)r->h->props.data + e->first;
    int64_t cs = (int64_t)mmi_ply_type_size(pr->count_type);
    int64_t is = (int64_t)mmi_ply_type_size(pr->type), left = r->end - p;
    int big = r->h->big_endian;
    if (!e->is_face || e->num != 1 || left < cs) return p;
    int64_t c = int_from_bits(pr->count_type, value_bits(p, (size_t)cs, big));
    if (c < 0 || c > (left - cs) / is) return p;
    int64_t size = cs + c * is, n = left / size < e->count ? left / size : e->count, first = n;
#ifdef _OPENMP
#pragma omp parallel for schedule(static) reduction(min : first) if (n > MMI_CPU_CHUNK)
#endif
    for (int64_t f = 0; f < n; ++f)
        if (int_from_bits(pr->count_type, value_bits(p + f * size, (size_t)cs, big)) != c &&
            f < first)
            first = f;
    e->whole = first;
    if (first > 0) add_faces(s, first, c);
    return p + first * size;
}

/* Binary: lays element e out from p on (ply_element's start, stop, whole)
 * and adds what its whole records hold to s; returns their end. */
static const char *measure_element(const ply_reader *r, ply_element *e, const char *p,
                                   ply_sizes *s)
{
    int64_t size = fixed_record_size(r, e), n = 0;
    const char *q;
    e->start = p;
    e->whole = 0;
    if (size == 0) {
        e->whole = e->count; /* records without properties hold no data */
    } else if (size > 0) {
        e->whole = (r->end - p) / size < e->count ? (r->end - p) / size : e->count;
        p += e->whole * size;
    } else {
        p = uniform_prefix(r, e, p, s);
        for (; e->whole < e->count && (q = record_end(r, e, p, &n)) != NULL; ++e->whole) {
            p = q;
            if (e->is_face) add_faces(s, 1, n);
        }
    }
    e->stop = p;
    if (e->is_vertex) s->vertices += e->whole;
    if (e->is_face) s->faces += e->whole;
    return p;
}

/* Binary: lays the elements out in file order, up to the first whose records
 * do not all lie whole in the data (the record reader reports it there). */
static void measure_layout(const ply_reader *r, ply_element *elements, int64_t count,
                           ply_sizes *s)
{
    const char *p = r->p;
    for (int64_t i = 0; i < count; ++i) {
        p = measure_element(r, &elements[i], p, s);
        if (elements[i].whole < elements[i].count) return;
    }
}

/* Binary: coordinate k of each of the n records of `size` bytes at data (at
 * at[k] bytes in, of type[k]) into x[3 v + k], on every thread. */
static void vertex_rows(const char *data, int64_t size, const int64_t at[3],
                        const ply_type type[3], int big, double *x, int64_t n)
{
    size_t bytes[3] = {mmi_ply_type_size(type[0]), mmi_ply_type_size(type[1]),
                       mmi_ply_type_size(type[2])};
#ifdef _OPENMP
#pragma omp parallel for schedule(static) if (n > MMI_CPU_CHUNK)
#endif
    for (int64_t v = 0; v < n; ++v)
        for (int k = 0; k < 3; ++k)
            x[3 * v + k] =
                real_from_bits(type[k], value_bits(data + v * size + at[k], bytes[k], big));
}

/* Where a column of the vertex data lies in a binary vertex record. */
typedef struct column_source {
    int64_t at;   /* bytes into the record */
    ply_type type;
    size_t bytes;
} column_source;

/* Whether the n values at x are finite. */
static inline int all_finite(const double *x, int64_t n)
{
    for (int64_t k = 0; k < n; ++k)
        if (!isfinite(x[k])) return 0;
    return 1;
}

/* Binary: the dim columns of each of the n records of `size` bytes at data
 * (column c from col[c]) into x (dim per vertex), on every thread; returns
 * the first record with a non-finite value past x, y, z (n when none), which
 * the record reader then reports. */
static int64_t vertex_columns(const char *data, int64_t size, const column_source *col,
                              int64_t dim, int big, double *x, int64_t n)
{
    int64_t first_bad = n;
#ifdef _OPENMP
#pragma omp parallel for schedule(static) reduction(min : first_bad) if (n > MMI_CPU_CHUNK)
#endif
    for (int64_t v = 0; v < n; ++v) {
        const char *record = data + v * size;
        double *row = x + dim * v;
        for (int64_t c = 0; c < dim; ++c)
            row[c] = real_from_bits(col[c].type, value_bits(record + col[c].at, col[c].bytes, big));
        if (!all_finite(row + 3, dim - 3) && v < first_bad) first_bad = v;
    }
    return first_bad;
}

/* Binary vertex records with columns past x, y, z: every whole record in one
 * parallel loop (vertex_columns), up to the first the record reader must
 * report; r->record and r->p are left at the first record not read. */
static mm_status fill_vertex_columns(ply_reader *r, int64_t size)
{
    const ply_property *props = (const ply_property *)r->h->props.data;
    column_source *col = calloc((size_t)r->dim, sizeof *col);
    int64_t offset = 0;
    if (col == NULL) return mmi_mesh_lists_no_memory(r->ctx, r->name);
    for (int64_t j = r->e->first; j < r->e->first + r->e->num; ++j) {
        if (props[j].role != PLY_ROLE_NONE)
            col[props[j].column] = (column_source){offset, props[j].type,
                                                   mmi_ply_type_size(props[j].type)};
        offset += (int64_t)mmi_ply_type_size(props[j].type);
    }
    r->record = vertex_columns(r->p, size, col, r->dim, r->h->big_endian,
                               r->parts->vertices + r->dim * r->vertex_at, r->e->whole);
    r->p += r->record * size;
    free(col);
    return MM_OK;
}

/* Binary vertex records of scalars only (the usual case): every whole record
 * in one parallel loop (x, y, z alone: vertex_rows, as fast as the data
 * comes; with other columns: fill_vertex_columns); r->record is left at the
 * first record not read (0 for records with lists: the record reader reads
 * them all). */
static mm_status fill_vertices(ply_reader *r)
{
    const ply_property *props = (const ply_property *)r->h->props.data;
    int64_t size = fixed_record_size(r, r->e), at[3] = {0, 0, 0}, offset = 0;
    ply_type type[3] = {PLY_F64, PLY_F64, PLY_F64};
    if (size < 0 || r->e->whole == 0) return MM_OK;
    if (r->dim > 3) return fill_vertex_columns(r, size);
    for (int64_t j = r->e->first; j < r->e->first + r->e->num; ++j) {
        if (props[j].role >= PLY_ROLE_X && props[j].role <= PLY_ROLE_Z) {
            at[props[j].role - PLY_ROLE_X] = offset;
            type[props[j].role - PLY_ROLE_X] = props[j].type;
        }
        offset += (int64_t)mmi_ply_type_size(props[j].type);
    }
    vertex_rows(r->p, size, at, type, r->h->big_endian, r->parts->vertices + 3 * r->vertex_at,
                r->e->whole);
    r->record = r->e->whole;
    r->p = r->e->stop;
    return MM_OK;
}

/* Binary: the n ids of type t at q into ids (NULL only when n = 0); 0 when
 * one is outside [0, 2^32). */
static inline int copy_ids(const char *q, int64_t n, ply_type t, int big, uint32_t *ids)
{
    size_t is = mmi_ply_type_size(t);
    if (is == 4) { /* int or uint, the usual: only int's sign bit can be out of range */
        uint32_t sign = t == PLY_I32 ? UINT32_C(0x80000000) : 0;
        for (int64_t k = 0; k < n; ++k, q += 4) {
            uint32_t u = (uint32_t)value_bits(q, 4, big);
            if (u & sign) return 0;
            ids[k] = u;
        }
        return 1;
    }
    for (int64_t k = 0; k < n; ++k, q += is) {
        int64_t v = int_from_bits(t, value_bits(q, is, big));
        if (v < 0 || v > (int64_t)UINT32_MAX) return 0;
        ids[k] = (uint32_t)v;
    }
    return 1;
}

/* Binary faces of the index list alone, all of order c (the layout pass
 * found so): records of one size, copied in one parallel loop; returns the
 * first face with an id out of range (the whole records' count when none),
 * with r->p at its record. */
static int64_t uniform_faces(ply_reader *r, const ply_property *pr, int64_t c)
{
    size_t cs = mmi_ply_type_size(pr->count_type);
    int64_t stride = (int64_t)(cs + (size_t)c * mmi_ply_type_size(pr->type));
    int64_t n = r->e->whole, first_bad = n;
    const char *data = r->p + cs;
    uint32_t *ids = r->parts->face_vertices + r->face_at * c;
    ply_type t = pr->type;
    int big = r->h->big_endian;
#ifdef _OPENMP
#pragma omp parallel for schedule(static) reduction(min : first_bad) if (n > MMI_CPU_CHUNK)
#endif
    for (int64_t f = 0; f < n; ++f)
        if (!copy_ids(data + f * stride, c, t, big, ids + f * c) && f < first_bad) first_bad = f;
    r->p += first_bad * stride;
    return first_bad;
}

/* Binary faces of the index list alone, of differing orders: one pass;
 * returns the first face with an id out of range (the whole records' count
 * when none), with r->p at its record. */
static int64_t varying_faces(ply_reader *r, const ply_property *pr)
{
    size_t cs = mmi_ply_type_size(pr->count_type), is = mmi_ply_type_size(pr->type);
    int big = r->h->big_endian;
    int64_t f = 0;
    for (; f < r->e->whole; ++f) {
        int64_t n = int_from_bits(pr->count_type, value_bits(r->p, cs, big));
        if (!copy_ids(r->p + cs, n, pr->type, big, face_slot(r, f, n))) break;
        r->p += cs + (size_t)n * is;
    }
    return f;
}

/* Binary face records of the index list alone (the usual case): r->record is
 * left at the first record not read (the whole records' end, or a face the
 * record reader then reports; 0 for records of other shapes, which it reads). */
static void fill_faces(ply_reader *r)
{
    const ply_property *pr = (const ply_property *)r->h->props.data + r->e->first;
    if (r->e->num != 1 || r->e->whole == 0) return;
    r->record = r->parts->face_order > 0 ? uniform_faces(r, pr, r->parts->face_order)
                                         : varying_faces(r, pr);
}

/* Binary: element r->e's whole records into the mesh's arrays, then, when
 * the data does not hold them all, the next record, which the record reader
 * reports. */
static mm_status read_binary_element(ply_reader *r)
{
    mm_status st = MM_OK;
    r->p = r->e->start;
    r->record = 0;
    if (r->e->is_vertex) {
        MM_TRY(fill_vertices(r));
    } else if (r->e->is_face) {
        fill_faces(r);
    } else { /* nothing kept */
        r->record = r->e->whole;
        r->p = r->e->stop;
    }
    for (; r->record < r->e->count; ++r->record) MM_TRY(read_record(r));
    if (r->e->is_vertex) r->vertex_at += r->e->whole;
    if (r->e->is_face) r->face_at += r->e->whole;
done:
    return st;
}

/* The names and types of the vertex data's columns past x, y, z onto mesh
 * (the first vertex element's: any other has the same, the header checked). */
static mm_status name_columns(mm_context ctx, const ply_header *h, mm_mesh mesh)
{
    mm_status st = MM_OK;
    const ply_element *el = (const ply_element *)h->elements.data;
    const ply_property *pr = (const ply_property *)h->props.data;
    int64_t i = 0;
    while (i < h->elements.len && !el[i].is_vertex) ++i;
    for (int64_t j = el[i].first; h->columns > 3 && j < el[i].first + el[i].num; ++j)
        if (pr[j].role == PLY_ROLE_COLUMN)
            MM_TRY(mmi_mesh_name_column(ctx, mesh, pr[j].column, pr[j].name,
                                        (size_t)pr[j].name_len, pr[j].type));
done:
    return st;
}

/* The mesh built from what was read (st: the build's status), its columns
 * named; freed on failure. */
static mm_status finish_mesh(mm_context ctx, const ply_header *h, mm_status st, mm_mesh *mesh)
{
    if (st == MM_OK) st = name_columns(ctx, h, *mesh);
    if (st != MM_OK) mm_mesh_free(mesh);
    return st;
}

/* Binary: the layout, the mesh's arrays at the sizes it gives, every
 * element's records into them, then the mesh, which takes them over. */
static mm_status read_binary(ply_reader *r, ply_header *h, const mm_read_options *opts,
                             mm_mesh *mesh)
{
    mm_status st = MM_OK;
    ply_sizes s = {0, 0, 0, ORDER_NONE};
    ply_element *elements = (ply_element *)h->elements.data;
    mmi_mesh_parts parts;
    measure_layout(r, elements, h->elements.len, &s);
    MM_TRY(mmi_mesh_parts_alloc(r->ctx, &parts, s.vertices, r->dim, s.faces, s.ids,
                                s.order >= 3 ? s.order : 0));
    r->parts = &parts;
    for (int64_t i = 0; i < h->elements.len; ++i) {
        r->e = &elements[i];
        MM_TRY(read_binary_element(r));
    }
    MM_TRY(check_trailing(r));
    mm_mesh_desc d = {0};
    d.source = r->name;
    d.precision = opts->precision;
    d.keep_repeated = opts->keep_repeated;
    return finish_mesh(r->ctx, h, mmi_mesh_build_parts(r->ctx, mesh, &d, &parts), mesh);
done:
    mmi_mesh_parts_free(r->ctx, &parts);
    return st;
}

/* ASCII: every element's records into the lists, then the mesh from them. */
static mm_status read_ascii(ply_reader *r, const ply_header *h, const mm_read_options *opts,
                            mm_mesh *mesh)
{
    mm_status st = MM_OK;
    const ply_element *elements = (const ply_element *)h->elements.data;
    mmi_mesh_lists lists;
    mmi_mesh_lists_init(&lists);
    lists.dim = r->dim;
    r->l = &lists;
    for (int64_t i = 0; i < h->elements.len; ++i) {
        r->e = &elements[i];
        if (r->e->num == 0) continue; /* records without properties hold no data */
        for (r->record = 0; r->record < r->e->count; ++r->record) MM_TRY(read_record(r));
    }
    MM_TRY(check_trailing(r));
    MM_TRY(finish_mesh(r->ctx, h, mmi_mesh_lists_build(r->ctx, &lists, r->name, opts, mesh),
                       mesh));
done:
    mmi_mesh_lists_free(&lists);
    return st;
}

mm_status mmi_mesh_read_ply(mm_context ctx, mm_mesh *mesh, const char *data, size_t size,
                            const char *name, const mm_read_options *opts)
{
    mm_status st = MM_OK;
    ply_header h;
    double *row = NULL;
    MM_TRY(mmi_ply_header_parse(ctx, data, size, name, &h));
    if ((row = calloc((size_t)h.columns, sizeof *row)) == NULL)
        MM_TRY(mmi_mesh_lists_no_memory(ctx, name));
    ply_reader r = {ctx,  name, data, data + h.data_offset, data + size, h.data_line, &h, NULL,
                    0,    NULL, h.columns, row, NULL, NULL, 0, 0};
    st = h.binary ? read_binary(&r, &h, opts, mesh) : read_ascii(&r, &h, opts, mesh);
done:
    free(row);
    mmi_ply_header_free(&h);
    return st;
}
