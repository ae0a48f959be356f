/* mesh_read_ply_header.c: parsing a PLY header (ply / format / comment /
 * obj_info / element / property / end_header) into the element and property
 * table the data reader walks, marking vertex x, y, z and the face list. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "../core/error.h"
#include "mesh_read.h"
#include "mesh_read_ply.h"
#include "text_scan.h"

/* The current header line's tokens. */
typedef struct header_cursor {
    mm_context ctx;
    const char *name, *data, *p, *end;
    int64_t line;
    const char *tok; /* the last token read */
    int len;
} header_cursor;

/* Longest header token kept whole: longer ones (only in broken files) are cut,
 * so that they match no keyword and print in bounds. */
#define MAX_TOKEN 1024

/* The next token of the line into c->tok / c->len; 0 at the line's end. */
static int next_token(header_cursor *c)
{
    c->p = mmi_skip_blanks(c->p, c->end);
    c->tok = c->p;
    c->p = mmi_token_end(c->p, c->end);
    c->len = c->p - c->tok > MAX_TOKEN ? MAX_TOKEN : (int)(c->p - c->tok);
    return c->len > 0;
}

static int token_is(const header_cursor *c, const char *word)
{
    return (size_t)c->len == strlen(word) && memcmp(c->tok, word, (size_t)c->len) == 0;
}

/* Whether the token can be written back as the name it is (mmi_ply_name_byte). */
static int token_is_name(const header_cursor *c)
{
    for (int i = 0; i < c->len; ++i)
        if (!mmi_ply_name_byte(c->tok[i])) return 0;
    return 1;
}

static mm_status header_fail(const header_cursor *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* MM_ERR_PARSE "name:line: expected <fmt>, found <the last token>". */
static mm_status header_fail(const header_cursor *c, const char *fmt, ...)
{
    char expected[160];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(expected, sizeof expected, fmt, ap);
    va_end(ap);
    return mmi_parse_expected(c->ctx, c->name, c->data, c->end, (long long)c->line, c->tok,
                              expected);
}

static ply_type parse_type(const header_cursor *c)
{
    return mmi_ply_type_parse(c->tok, (size_t)c->len);
}

static mm_status parse_format(header_cursor *c, ply_header *h)
{
    if (!next_token(c))
        return header_fail(c, "ascii, binary_little_endian or binary_big_endian after 'format'");
    h->big_endian = token_is(c, "binary_big_endian");
    if (token_is(c, "ascii")) h->binary = 0;
    else if (token_is(c, "binary_little_endian") || h->big_endian) h->binary = 1;
    else return header_fail(c, "ascii, binary_little_endian or binary_big_endian");
    if (!next_token(c) || !token_is(c, "1.0"))
        return mmi_fail(c->ctx, MM_ERR_FORMAT, "%s:%lld: PLY version '%.*s' is not supported; "
                        "expected 1.0", c->name, (long long)c->line, c->len, c->tok);
    return MM_OK;
}

static mm_status parse_element(header_cursor *c, ply_header *h)
{
    ply_element *e = mmi_growable_append(&h->elements, 1);
    if (e == NULL) return mmi_mesh_lists_no_memory(c->ctx, c->name);
    memset(e, 0, sizeof *e);
    if (!next_token(c) || !token_is_name(c))
        return header_fail(c, "an element name (without control characters)");
    e->name = c->tok;
    e->name_len = c->len;
    e->is_vertex = token_is(c, "vertex");
    e->is_face = token_is(c, "face");
    e->first = h->props.len;
    next_token(c);
    const char *q = c->tok;
    if (mmi_scan_i64(&q, c->end, &e->count) != MMI_SCAN_OK || q != c->p || e->count < 0)
        return header_fail(c, "the element's count (an integer ≥ 0)");
    return MM_OK;
}

/* What a property of element e is for (a vertex scalar besides x, y, z is a
 * column of the vertex data), or MM_ERR_FORMAT when a position or the face
 * list has a shape meshmat cannot read. */
static mm_status property_role(header_cursor *c, const ply_element *e, ply_property *pr)
{
    static const char *const xyz[3] = {"x", "y", "z"};
    pr->role = e->is_vertex && pr->count_type == PLY_NONE ? PLY_ROLE_COLUMN : PLY_ROLE_NONE;
    for (int k = 0; k < 3 && e->is_vertex; ++k) {
        if (!token_is(c, xyz[k])) continue;
        if (pr->count_type != PLY_NONE)
            return mmi_fail(c->ctx, MM_ERR_FORMAT, "%s:%lld: vertex property %s is a list; "
                            "expected a scalar", c->name, (long long)c->line, xyz[k]);
        pr->role = (ply_role)(PLY_ROLE_X + k);
    }
    if (e->is_face && (token_is(c, "vertex_indices") || token_is(c, "vertex_index"))) {
        if (pr->count_type == PLY_NONE || !mmi_ply_type_is_integral(pr->type))
            return mmi_fail(c->ctx, MM_ERR_FORMAT, "%s:%lld: face property %.*s must be a list "
                            "of integers", c->name, (long long)c->line, c->len, c->tok);
        pr->role = PLY_ROLE_INDICES;
    }
    return MM_OK;
}

static mm_status parse_property(header_cursor *c, ply_header *h)
{
    if (h->elements.len == 0) return header_fail(c, "an 'element' line before 'property'");
    ply_element *e = (ply_element *)h->elements.data + h->elements.len - 1;
    ply_property *pr = mmi_growable_append(&h->props, 1);
    if (pr == NULL) return mmi_mesh_lists_no_memory(c->ctx, c->name);
    memset(pr, 0, sizeof *pr);
    ++e->num;
    next_token(c);
    if (token_is(c, "list")) {
        next_token(c);
        if (!mmi_ply_type_is_integral(pr->count_type = parse_type(c)))
            return header_fail(c, "the list's count type (an integer PLY type)");
        next_token(c);
    }
    if ((pr->type = parse_type(c)) == PLY_NONE)
        return header_fail(c, "a PLY type (char, uchar, short, …, float, double, int8, …)");
    if (!next_token(c) || !token_is_name(c))
        return header_fail(c, "the property's name (without control characters)");
    pr->name = c->tok;
    pr->name_len = c->len;
    return property_role(c, e, pr);
}

/* Numbers the vertex data's columns of vertex element e (x, y, z: 0, 1, 2;
 * its other scalars 3, 4, … in file order); returns how many it has. */
static int64_t number_columns(const ply_element *e, ply_property *pr)
{
    int64_t columns = 3;
    for (int64_t j = e->first; j < e->first + e->num; ++j) {
        if (pr[j].role >= PLY_ROLE_X && pr[j].role <= PLY_ROLE_Z)
            pr[j].column = pr[j].role - PLY_ROLE_X;
        else if (pr[j].role == PLY_ROLE_COLUMN)
            pr[j].column = columns++;
    }
    return columns;
}

/* Whether vertex elements a and b have the same other scalars (by name, in
 * order): every vertex record fills the same columns. */
static int same_columns(const ply_element *a, const ply_element *b, const ply_property *pr)
{
    int64_t i = a->first, j = b->first;
    for (;; ++i, ++j) {
        while (i < a->first + a->num && pr[i].role != PLY_ROLE_COLUMN) ++i;
        while (j < b->first + b->num && pr[j].role != PLY_ROLE_COLUMN) ++j;
        if (i == a->first + a->num || j == b->first + b->num)
            return i == a->first + a->num && j == b->first + b->num;
        if (pr[i].name_len != pr[j].name_len ||
            memcmp(pr[i].name, pr[j].name, (size_t)pr[i].name_len) != 0)
            return 0;
    }
}

/* The vertex data's columns: h->columns, and each property's; a second
 * vertex element must bring the same ones (MM_ERR_FORMAT otherwise). */
static mm_status assign_columns(header_cursor *c, ply_header *h)
{
    const ply_element *el = (const ply_element *)h->elements.data, *first = NULL;
    ply_property *pr = (ply_property *)h->props.data;
    h->columns = 3;
    for (int64_t i = 0; i < h->elements.len; ++i) {
        if (!el[i].is_vertex) continue;
        int64_t columns = number_columns(&el[i], pr);
        if (first == NULL) {
            first = &el[i];
            h->columns = columns;
        } else if (!same_columns(first, &el[i], pr)) {
            return mmi_fail(c->ctx, MM_ERR_FORMAT, "%s: two vertex elements with different "
                            "properties besides x, y, z (one set of columns holds them all)",
                            c->name);
        }
    }
    return MM_OK;
}

/* The properties found must give vertex positions; a face element must have
 * its list, once (a record is one face). */
static mm_status check_roles(header_cursor *c, const ply_header *h)
{
    const ply_element *el = (const ply_element *)h->elements.data;
    const ply_property *pr = (const ply_property *)h->props.data;
    int have_vertex = 0;
    for (int64_t i = 0; i < h->elements.len; ++i) {
        unsigned seen = 0;
        int lists = 0;
        for (int64_t j = el[i].first; j < el[i].first + el[i].num; ++j) {
            seen |= 1u << pr[j].role;
            lists += pr[j].role == PLY_ROLE_INDICES;
        }
        if (el[i].is_vertex && (seen & 0xEu) != 0xEu)
            return mmi_fail(c->ctx, MM_ERR_FORMAT, "%s: the vertex element lacks x, y or z",
                            c->name);
        if (el[i].is_face && lists != 1)
            return mmi_fail(c->ctx, MM_ERR_FORMAT, "%s: the face element has %s "
                            "vertex_indices (or vertex_index) list", c->name,
                            lists == 0 ? "no" : "more than one");
        have_vertex |= el[i].is_vertex;
    }
    if (!have_vertex)
        return mmi_fail(c->ctx, MM_ERR_FORMAT, "%s: the header declares no vertex element",
                        c->name);
    return MM_OK;
}

/* Past end_header's line end. Binary data may begin with the byte 0x0A, so
 * a CR there ends the header alone when the magic line ended with a lone CR
 * (a CR-only header), and with the LF after it otherwise (CRLF). */
static const char *data_start(const header_cursor *c, int lone_cr)
{
    if (lone_cr && c->p < c->end && *c->p == '\r') return c->p + 1;
    return mmi_next_line(c->p, c->end);
}

/* One header line after the magic; *done is set by end_header. */
static mm_status parse_line(header_cursor *c, ply_header *h, int *have_format, int *done)
{
    mm_status st = MM_OK;
    if (!next_token(c)) return MM_OK;
    if (token_is(c, "comment") || token_is(c, "obj_info")) return MM_OK;
    if (token_is(c, "end_header")) {
        *done = 1;
    } else if (token_is(c, "format")) {
        st = parse_format(c, h);
        *have_format = 1;
    } else if (token_is(c, "element")) {
        st = parse_element(c, h);
    } else if (token_is(c, "property")) {
        st = parse_property(c, h);
    } else {
        return header_fail(c, "format, element, property, comment, obj_info or end_header");
    }
    if (st == MM_OK && next_token(c)) return header_fail(c, "the end of the header line");
    return st;
}

mm_status mmi_ply_header_parse(mm_context ctx, const char *data, size_t size, const char *name,
                               ply_header *h)
{
    mm_status st = MM_OK;
    header_cursor c = {ctx, name, data, data, data + size, 1, data, 0};
    int have_format = 0, done = 0;
    char found[64];
    h->binary = 0;
    h->big_endian = 0;
    h->columns = 3;
    h->elements = MMI_GROWABLE(ply_element);
    h->props = MMI_GROWABLE(ply_property);
    if (!next_token(&c) || !token_is(&c, "ply"))
        MM_FAIL(ctx, MM_ERR_PARSE, "%s:1: expected the PLY magic line 'ply', found %s", name,
                mmi_describe_token(c.tok, c.end, found, sizeof found));
    const char *second = mmi_next_line(c.p, c.end);
    int lone_cr = second[-1] == '\r';
    while (!done) {
        const char *line = c.p;
        c.p = mmi_next_line(c.p, c.end);
        c.line += mmi_passed_eol(line, c.p);
        if (c.p == c.end) {
            c.tok = c.end;
            MM_TRY(header_fail(&c, "'end_header'"));
        }
        MM_TRY(parse_line(&c, h, &have_format, &done));
        if (done && !have_format) MM_TRY(header_fail(&c, "a 'format' line before end_header"));
    }
    MM_TRY(check_roles(&c, h));
    MM_TRY(assign_columns(&c, h));
    c.p = data_start(&c, lone_cr);
    h->data_offset = (size_t)(c.p - data);
    h->data_line = c.line + 1;
done:
    return st;
}

void mmi_ply_header_free(ply_header *h)
{
    mmi_growable_free(&h->elements);
    mmi_growable_free(&h->props);
}
