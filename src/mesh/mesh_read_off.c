/* mesh_read_off.c: the OFF reader (Geomview's object file format): a header
 * (OFF, or COFF/NOFF/CNOFF/STOFF…, whose extra per-vertex columns are ignored),
 * the counts |V| |F| [|E|], one vertex per line (x y z …), one face per line
 * (n i0 … i(n-1), 0-based, trailing colour values ignored); '#' comments. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "../core/error.h"
#include "mesh_lists.h"
#include "mesh_read.h"
#include "text_scan.h"

typedef struct off_reader {
    mm_context ctx;
    const char *name;
    const char *data, *p, *end;
    int64_t line;
} off_reader;

static long long line_at(const off_reader *r, const char *token)
{
    long long line = (long long)r->line;
    return token == r->end ? mmi_last_line(r->data, (size_t)(r->end - r->data), line) : line;
}

/* MM_ERR_PARSE "name:line: expected <printf(fmt, …)>, found <token>". */
static mm_status parse_fail(const off_reader *r, const char *token, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static mm_status parse_fail(const off_reader *r, const char *token, const char *fmt, ...)
{
    char expected[160];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(expected, sizeof expected, fmt, ap);
    va_end(ap);
    return mmi_parse_expected(r->ctx, r->name, r->data, r->end, (long long)r->line, token,
                              expected);
}

/* Moves to the first token of the next line holding data (past blank and
 * comment lines); 0 at the end of the file. */
static int next_content(off_reader *r)
{
    for (;;) {
        r->p = mmi_skip_blanks(r->p, r->end);
        if (r->p == r->end) return 0;
        if (!mmi_is_eol(*r->p) && *r->p != '#') return 1;
        const char *nl = mmi_next_line(r->p, r->end);
        r->line += mmi_passed_eol(r->p, nl);
        r->p = nl;
    }
}

/* Past the rest of the line (extra columns, colours, a comment). */
static void skip_line(off_reader *r)
{
    const char *nl = mmi_next_line(r->p, r->end);
    r->line += mmi_passed_eol(r->p, nl);
    r->p = nl;
}

static int at_value_end(const off_reader *r)
{
    return mmi_at_boundary(r->p, r->end) || *r->p == '#';
}

/* At the end of the line (blanks and a comment allowed). */
static int at_line_end(off_reader *r)
{
    r->p = mmi_skip_blanks(r->p, r->end);
    return r->p == r->end || mmi_is_eol(*r->p) || *r->p == '#';
}

/* An integer in [lo, hi] on the current line, or MM_ERR_PARSE. */
static mm_status scan_count(off_reader *r, const char *what, int64_t lo, int64_t hi, int64_t *v)
{
    r->p = mmi_skip_blanks(r->p, r->end);
    const char *token = r->p;
    if (mmi_scan_i64(&r->p, r->end, v) != MMI_SCAN_OK || !at_value_end(r) || *v < lo || *v > hi)
        return parse_fail(r, token, "%s", what);
    return MM_OK;
}

/* The header keyword: [ST][C][N]OFF; 4OFF, nOFF and binary OFF are refused. */
static mm_status parse_header(off_reader *r)
{
    static const char *const prefixes[] = {"", "C", "N", "CN", "ST", "STC", "STN", "STCN"};
    const char *token = r->p, *end = mmi_token_end(r->p, r->end);
    size_t len = (size_t)(end - token);
    if (len < 3 || memcmp(end - 3, "OFF", 3) != 0) {
        if (mmi_is_digit(*token)) return MM_OK; /* no keyword: the counts come first */
        return parse_fail(r, token, "an OFF header (OFF, COFF, NOFF, CNOFF, STOFF, …)");
    }
    for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; ++i) {
        if (strlen(prefixes[i]) == len - 3 && memcmp(prefixes[i], token, len - 3) == 0) {
            r->p = mmi_skip_blanks(end, r->end);
            if ((size_t)(r->end - r->p) >= 6 && memcmp(r->p, "BINARY", 6) == 0)
                return mmi_fail(r->ctx, MM_ERR_FORMAT, "%s:%lld: binary OFF is not supported",
                                r->name, (long long)r->line);
            if (at_line_end(r)) {
                skip_line(r);
                if (!next_content(r))
                    return parse_fail(r, r->p, "the counts line (|V| |F| [|E|])");
            }
            return MM_OK;
        }
    }
    return mmi_fail(r->ctx, MM_ERR_FORMAT,
                    "%s:%lld: header '%.*s' is not supported (4-D, n-D or unknown OFF variant); "
                    "meshmat reads [ST][C][N]OFF",
                    r->name, (long long)r->line, len > 64 ? 64 : (int)len, token);
}

static mm_status parse_vertices(off_reader *r, mmi_mesh_lists *l, int64_t nv)
{
    for (int64_t i = 0; i < nv; ++i) {
        if (!next_content(r))
            return parse_fail(r, r->p, "vertex %lld of %lld (x y z)", (long long)i + 1,
                              (long long)nv);
        double *x = mmi_growable_append(&l->coords, 3);
        int64_t *at = mmi_growable_append(&l->vertex_lines, 1);
        if (x == NULL || at == NULL) return mmi_mesh_lists_no_memory(r->ctx, r->name);
        *at = r->line;
        for (int k = 0; k < 3; ++k) {
            r->p = mmi_skip_blanks(r->p, r->end);
            const char *token = r->p;
            if (mmi_scan_f64(&r->p, r->end, &x[k]) != MMI_SCAN_OK || !at_value_end(r))
                return parse_fail(r, token, "coordinate %lld of vertex %lld (x y z)",
                                  (long long)k + 1, (long long)i + 1);
        }
        skip_line(r);
    }
    return MM_OK;
}

static mm_status parse_face(off_reader *r, mmi_mesh_lists *l, int64_t f, int64_t nf)
{
    mm_status st = MM_OK;
    int64_t n;
    if (!next_content(r))
        return parse_fail(r, r->p, "face %lld of %lld (n i0 … i(n-1))", (long long)f + 1,
                          (long long)nf);
    int64_t *start = mmi_growable_append(&l->face_starts, 1);
    int64_t *at = mmi_growable_append(&l->face_lines, 1);
    if (start == NULL || at == NULL) return mmi_mesh_lists_no_memory(r->ctx, r->name);
    *start = l->face_vertices.len;
    *at = r->line;
    MM_TRY(scan_count(r, "the face's vertex count n ≥ 0", 0, INT64_MAX, &n));
    for (int64_t k = 0; k < n; ++k) {
        r->p = mmi_skip_blanks(r->p, r->end);
        const char *token = r->p;
        int64_t v;
        if (mmi_scan_i64(&r->p, r->end, &v) != MMI_SCAN_OK || !at_value_end(r))
            return parse_fail(r, token, "vertex %lld of %lld of the face (0-based index)",
                              (long long)k + 1, (long long)n);
        if (v < 0 || v > (int64_t)UINT32_MAX)
            return mmi_fail(r->ctx, MM_ERR_INVALID_MESH,
                            "%s:%lld: face %lld uses vertex %lld; ids are 0-based, below 2^32",
                            r->name, (long long)r->line, (long long)f, (long long)v);
        uint32_t *id = mmi_growable_append(&l->face_vertices, 1);
        if (id == NULL) return mmi_mesh_lists_no_memory(r->ctx, r->name);
        *id = (uint32_t)v;
    }
    skip_line(r);
done:
    return st;
}

mm_status mmi_mesh_read_off(mm_context ctx, mm_mesh *mesh, const char *data, size_t size,
                            const char *name, const mm_read_options *opts)
{
    mm_status st = MM_OK;
    mmi_mesh_lists lists;
    mmi_mesh_lists_init(&lists);
    off_reader r = {ctx, name, data, data, data + size, 1};
    int64_t nv, nf, ne;
    if (!next_content(&r)) MM_FAIL(ctx, MM_ERR_PARSE, "%s:%lld: expected an OFF header, found "
                                   "end of file", name, line_at(&r, r.p));
    MM_TRY(parse_header(&r));
    MM_TRY(scan_count(&r, "the vertex count |V| ≥ 0", 0, INT64_MAX, &nv));
    MM_TRY(scan_count(&r, "the face count |F| ≥ 0", 0, INT64_MAX, &nf));
    if (!at_line_end(&r)) MM_TRY(scan_count(&r, "the edge count |E| ≥ 0", 0, INT64_MAX, &ne));
    if (!at_line_end(&r)) MM_TRY(parse_fail(&r, r.p, "the end of the counts line"));
    skip_line(&r);
    MM_TRY(parse_vertices(&r, &lists, nv));
    for (int64_t f = 0; f < nf; ++f) MM_TRY(parse_face(&r, &lists, f, nf));
    if (next_content(&r))
        MM_TRY(parse_fail(&r, r.p, "the end of the file after %lld faces", (long long)nf));
    MM_TRY(mmi_mesh_lists_build(ctx, &lists, name, opts, mesh));
done:
    mmi_mesh_lists_free(&lists);
    return st;
}
