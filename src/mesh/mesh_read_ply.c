/* mesh_read_ply.c: the PLY data reader: walks the elements the header
 * declares (mesh_read_ply_header.c), ASCII or binary (little- or big-endian),
 * keeping vertex x, y, z and the face lists and skipping everything else;
 * binary vertex and face elements of the usual shapes go through tight loops
 * that stop before anything wrong, which the record-by-record path then
 * reports. Messages name file:line (ASCII) or the element, record and
 * property (binary). */
#include <stdio.h>
#include <string.h>

#include "../core/checked.h"
#include "../core/error.h"
#include "mesh_read.h"
#include "mesh_read_ply.h"
#include "text_scan.h"

typedef struct ply_reader {
    mm_context ctx;
    const char *name, *data, *p, *end;
    int64_t line;             /* ASCII: line of p            */
    const ply_header *h;
    const ply_element *e;     /* the element being read      */
    int64_t record;           /* its record being read       */
    const ply_property *pr;   /* the property being read     */
    mmi_mesh_lists *l;
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

/* Records the line of a vertex or face (ASCII only: binary has no lines);
 * 0, or 1 when out of memory. */
static int append_line(const ply_reader *r, mmi_growable *lines, int64_t line)
{
    if (r->h->binary) return 0;
    int64_t *at = mmi_growable_append(lines, 1);
    if (at == NULL) return 1;
    *at = line;
    return 0;
}

/* A face's vertex list (0-based ids below 2^32). */
static mm_status read_face(ply_reader *r, int64_t n, int64_t line)
{
    mm_status st = MM_OK;
    char loc[512];
    int64_t bytes;
    if (r->h->binary &&
        (mmi_bytes(n, mmi_ply_type_size(r->pr->type), &bytes) || bytes > r->end - r->p))
        return data_fail(r, "the data ends");
    int64_t *start = mmi_growable_append(&r->l->face_starts, 1);
    if (start == NULL || append_line(r, &r->l->face_lines, line))
        return mmi_mesh_lists_no_memory(r->ctx, r->name);
    *start = r->l->face_vertices.len;
    for (int64_t k = 0; k < n; ++k) {
        int64_t v;
        MM_TRY(read_int(r, r->pr->type, &v));
        if (v < 0 || v > (int64_t)UINT32_MAX)
            MM_FAIL(r->ctx, MM_ERR_INVALID_MESH,
                    "%s: face %lld uses vertex %lld; ids are 0-based, below 2^32",
                    where(r, r->p, loc, sizeof loc), (long long)r->record, (long long)v);
        uint32_t *id = mmi_growable_append(&r->l->face_vertices, 1);
        if (id == NULL) return mmi_mesh_lists_no_memory(r->ctx, r->name);
        *id = (uint32_t)v;
    }
done:
    return st;
}

/* One record of element r->e: every property in order. */
static mm_status read_record(ply_reader *r, double xyz[3])
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
            if (r->pr->role >= PLY_ROLE_X && r->pr->role <= PLY_ROLE_Z)
                xyz[r->pr->role - PLY_ROLE_X] = value;
            continue;
        }
        MM_TRY(read_int(r, r->pr->count_type, &n));
        if (n < 0)
            MM_FAIL(r->ctx, MM_ERR_PARSE, "%s: list property '%.*s' has count %lld",
                    where(r, r->p, loc, sizeof loc), r->pr->name_len, r->pr->name, (long long)n);
        if (r->pr->role == PLY_ROLE_INDICES) MM_TRY(read_face(r, n, line));
        else MM_TRY(skip_list(r, n));
    }
    if (r->e->is_vertex) {
        double *x = mmi_growable_append(&r->l->coords, 3);
        if (x == NULL || append_line(r, &r->l->vertex_lines, line))
            return mmi_mesh_lists_no_memory(r->ctx, r->name);
        memcpy(x, xyz, 3 * sizeof *x);
    }
done:
    return st;
}

/* Elements the mesh does not use with fixed-size binary records (or no
 * properties): one jump. */
static int skip_fixed_element(ply_reader *r)
{
    const ply_property *props = (const ply_property *)r->h->props.data;
    int64_t record = 0, bytes;
    if (r->e->num == 0) return 1; /* records without properties hold no data */
    if (!r->h->binary || r->e->is_vertex) return 0;
    for (int64_t j = r->e->first; j < r->e->first + r->e->num; ++j) {
        if (props[j].count_type != PLY_NONE) return 0;
        record += (int64_t)mmi_ply_type_size(props[j].type);
    }
    if (mmi_bytes(r->e->count, (size_t)record, &bytes) || bytes > r->end - r->p) return 0;
    r->p += bytes;
    return 1;
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

/* Binary vertex records of scalars only (the usual case): every whole record
 * in the data is read in one tight loop; r->record is left at the first one
 * not read (the data ends there: read_record then names what is missing). */
static mm_status read_vertices_fast(ply_reader *r)
{
    const ply_property *props = (const ply_property *)r->h->props.data;
    int64_t size = 0, at[3] = {0, 0, 0};
    ply_type type[3] = {PLY_F64, PLY_F64, PLY_F64};
    for (int64_t j = r->e->first; j < r->e->first + r->e->num; ++j) {
        if (props[j].count_type != PLY_NONE) return MM_OK;
        if (props[j].role >= PLY_ROLE_X && props[j].role <= PLY_ROLE_Z) {
            at[props[j].role - PLY_ROLE_X] = size;
            type[props[j].role - PLY_ROLE_X] = props[j].type;
        }
        size += (int64_t)mmi_ply_type_size(props[j].type);
    }
    int64_t whole = (r->end - r->p) / size, n = whole < r->e->count ? whole : r->e->count;
    if (n == 0) return MM_OK;
    double *x = mmi_growable_append(&r->l->coords, 3 * n);
    if (x == NULL) return mmi_mesh_lists_no_memory(r->ctx, r->name);
    int big = r->h->big_endian;
    if (type[0] == PLY_F64 && type[1] == PLY_F64 && type[2] == PLY_F64) {
        for (int64_t v = 0; v < n; ++v, r->p += size)
            for (int k = 0; k < 3; ++k) {
                uint64_t u = value_bits(r->p + at[k], 8, big);
                memcpy(&x[3 * v + k], &u, 8);
            }
    } else {
        for (int64_t v = 0; v < n; ++v, r->p += size)
            for (int k = 0; k < 3; ++k)
                x[3 * v + k] = real_from_bits(
                    type[k], value_bits(r->p + at[k], mmi_ply_type_size(type[k]), big));
    }
    r->record = n;
    return MM_OK;
}

/* Binary face records holding only the index list: whole faces read in a
 * tight loop; r->record is left at the first face not read (the data ends
 * in it, or an id is out of range: read_record says which). */
static mm_status read_faces_fast(ply_reader *r)
{
    const ply_property *pr = (const ply_property *)r->h->props.data + r->e->first;
    if (r->e->num != 1 || pr->role != PLY_ROLE_INDICES) return MM_OK;
    size_t cs = mmi_ply_type_size(pr->count_type), is = mmi_ply_type_size(pr->type);
    int big = r->h->big_endian;
    int64_t f = 0;
    /* Room for every face and, guessing from the first, their ids, as far as
     * the data can hold them (growing copies everything read so far); one
     * face start more for the closing offset mmi_mesh_lists_build appends. */
    int64_t faces = r->e->count, left = r->end - r->p, ids = 0;
    if (faces > left / (int64_t)cs) faces = left / (int64_t)cs;
    if (left >= (int64_t)cs) ids = int_from_bits(pr->count_type, value_bits(r->p, cs, big));
    if (ids < 0 || ids > left / (int64_t)is) ids = 0;
    if (faces > 0 && ids > left / (faces * (int64_t)is)) ids = left / (faces * (int64_t)is);
    if (mmi_growable_reserve(&r->l->face_starts, faces + 1) ||
        mmi_growable_reserve(&r->l->face_vertices, faces * ids))
        return mmi_mesh_lists_no_memory(r->ctx, r->name);
    for (; f < r->e->count; ++f) {
        if ((size_t)(r->end - r->p) < cs) break;
        int64_t n = int_from_bits(pr->count_type, value_bits(r->p, cs, big));
        if (n < 0 || (uint64_t)n > (uint64_t)(r->end - r->p - (ptrdiff_t)cs) / is) break;
        if (r->l->face_vertices.cap - r->l->face_vertices.len < n &&
            mmi_growable_reserve(&r->l->face_vertices, n))
            return mmi_mesh_lists_no_memory(r->ctx, r->name);
        const char *q = r->p + cs;
        /* No block yet only while every face so far, this one too, is empty
         * (n = 0): no pointer arithmetic on NULL then. */
        uint32_t *id = r->l->face_vertices.data == NULL
                           ? NULL
                           : (uint32_t *)r->l->face_vertices.data + r->l->face_vertices.len;
        int64_t k = 0;
        if (is == 4) { /* int or uint ids, the usual: no sign extension but bit 31 */
            uint32_t sign = pr->type == PLY_I32 ? UINT32_C(0x80000000) : 0;
            for (; k < n; ++k, q += 4) {
                uint32_t u = (uint32_t)value_bits(q, 4, big);
                if (u & sign) break;
                id[k] = u;
            }
        } else {
            for (; k < n; ++k, q += is) {
                int64_t v = int_from_bits(pr->type, value_bits(q, is, big));
                if (v < 0 || v > (int64_t)UINT32_MAX) break;
                id[k] = (uint32_t)v;
            }
        }
        if (k < n) break;
        int64_t *start = mmi_growable_append(&r->l->face_starts, 1);
        if (start == NULL) return mmi_mesh_lists_no_memory(r->ctx, r->name);
        *start = r->l->face_vertices.len;
        r->l->face_vertices.len += n;
        r->p = q;
    }
    r->record = f;
    return MM_OK;
}

/* The records of element r->e from r->record on, one by one (ASCII, other
 * elements, and whatever the fast paths left: they stop before bad data). */
static mm_status read_element(ply_reader *r)
{
    mm_status st = MM_OK;
    double xyz[3] = {0, 0, 0};
    r->record = 0;
    if (r->h->binary && r->e->is_vertex) MM_TRY(read_vertices_fast(r));
    else if (r->h->binary && r->e->is_face) MM_TRY(read_faces_fast(r));
    for (; r->record < r->e->count; ++r->record) MM_TRY(read_record(r, xyz));
done:
    return st;
}

mm_status mmi_mesh_read_ply(mm_context ctx, mm_mesh *mesh, const char *data, size_t size,
                            const char *name, const mm_read_options *opts)
{
    mm_status st = MM_OK;
    ply_header h;
    mmi_mesh_lists lists;
    mmi_mesh_lists_init(&lists);
    MM_TRY(mmi_ply_header_parse(ctx, data, size, name, &h));
    ply_reader r = {ctx, name, data, data + h.data_offset, data + size, h.data_line, &h, NULL,
                    0, NULL, &lists};
    const ply_element *elements = (const ply_element *)h.elements.data;
    for (int64_t i = 0; i < h.elements.len; ++i) {
        r.e = &elements[i];
        if (skip_fixed_element(&r)) continue;
        MM_TRY(read_element(&r));
    }
    MM_TRY(check_trailing(&r));
    MM_TRY(mmi_mesh_lists_build(ctx, &lists, name, opts, mesh));
done:
    mmi_ply_header_free(&h);
    mmi_mesh_lists_free(&lists);
    return st;
}
