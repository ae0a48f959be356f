/* mesh_read_stl.c: the STL reader. Binary: an 80-byte header, a
 * little-endian u32 triangle count n, then n 50-byte records (a normal and
 * three vertices as little-endian float32, a u16 attribute); a file is read
 * as binary when its size is exactly 84 + 50 n, whatever its first bytes say
 * (binary headers often start with "solid" too). ASCII: `solid [name]`, then
 * facets `facet normal nx ny nz` `outer loop` three `vertex x y z`
 * `endloop` `endfacet`, then `endsolid [name]` (several solids may follow
 * one another); keywords in any case, tokens separated by any blanks and
 * line ends. The mesh is the soup: triangle t is vertices 3t, 3t + 1, 3t + 2
 * in the file's order, no vertex merged (mm_mesh_weld does that); normals and
 * attributes are ignored. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "../core/error.h"
#include "mesh_lists.h"
#include "mesh_read.h"
#include "text_scan.h"

enum { STL_HEADER = 84, STL_RECORD = 50 };

typedef struct stl_reader {
    mm_context ctx;
    const char *name;
    const char *data, *p, *end;
    int64_t line;
} stl_reader;

static uint32_t le_u32(const unsigned char *b)
{
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

static float le_f32(const unsigned char *b)
{
    uint32_t u = le_u32(b);
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

/* The triangle count of a binary file's header, or -1 when the data is too
 * short to hold one. */
static int64_t binary_count(const char *data, size_t size)
{
    return size < STL_HEADER ? -1 : (int64_t)le_u32((const unsigned char *)data + 80);
}

/* A size that is neither a binary STL's nor ASCII: name what is wrong. */
static mm_status binary_size_fail(const stl_reader *r, int64_t n, size_t size)
{
    uint64_t want = STL_HEADER + (uint64_t)STL_RECORD * (uint64_t)n;
    if (size > want)
        return mmi_fail(r->ctx, MM_ERR_PARSE,
                        "%s: binary STL: %llu bytes after the %lld triangles the header declares "
                        "(%llu bytes)",
                        r->name, (unsigned long long)(size - want), (long long)n,
                        (unsigned long long)want);
    int64_t t = (int64_t)((size - STL_HEADER) / STL_RECORD);
    return mmi_fail(r->ctx, MM_ERR_PARSE,
                    "%s: binary STL: triangle %lld (record at byte %lld) is truncated: the header "
                    "declares %lld triangles (%llu bytes), the file has %zu bytes",
                    r->name, (long long)t, (long long)(STL_HEADER + STL_RECORD * t), (long long)n,
                    (unsigned long long)want, size);
}

static mm_status read_binary(stl_reader *r, mmi_mesh_lists *l, int64_t n)
{
    const unsigned char *rec = (const unsigned char *)r->data + STL_HEADER;
    if (3 * n > (int64_t)UINT32_MAX)
        return mmi_fail(r->ctx, MM_ERR_OVERFLOW,
                        "%s: binary STL: %lld triangles make more than 2^32 - 1 vertices",
                        r->name, (long long)n);
    if (mmi_growable_reserve(&l->coords, 9 * n) || mmi_growable_reserve(&l->face_starts, n) ||
        mmi_growable_reserve(&l->face_vertices, 3 * n))
        return mmi_mesh_lists_no_memory(r->ctx, r->name);
    for (int64_t t = 0; t < n; ++t, rec += STL_RECORD) {
        double *x = mmi_growable_append(&l->coords, 9);
        *(int64_t *)mmi_growable_append(&l->face_starts, 1) = 3 * t;
        uint32_t *ids = mmi_growable_append(&l->face_vertices, 3);
        for (int k = 0; k < 9; ++k) {
            x[k] = le_f32(rec + 12 + 4 * k);
            if (!isfinite(x[k]))
                return mmi_fail(r->ctx, MM_ERR_INVALID_MESH,
                                "%s: binary STL: triangle %lld (record at byte %lld): vertex %d "
                                "has a non-finite coordinate %d (%g)",
                                r->name, (long long)t, (long long)(STL_HEADER + STL_RECORD * t),
                                k / 3, k % 3, x[k]);
        }
        for (int k = 0; k < 3; ++k) ids[k] = (uint32_t)(3 * t + k);
    }
    return MM_OK;
}

/* MM_ERR_PARSE "name:line: expected <printf(fmt, …)>, found <token>". */
static mm_status parse_fail(const stl_reader *r, const char *token, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static mm_status parse_fail(const stl_reader *r, const char *token, const char *fmt, ...)
{
    char expected[160];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(expected, sizeof expected, fmt, ap);
    va_end(ap);
    return mmi_parse_expected(r->ctx, r->name, r->data, r->end, (long long)r->line, token,
                              expected);
}

/* Past blanks and line ends (counting lines); 0 at the end of the data. */
static int skip_space(stl_reader *r)
{
    for (;;) {
        r->p = mmi_skip_blanks(r->p, r->end);
        if (r->p == r->end) return 0;
        if (!mmi_is_eol(*r->p)) return 1;
        r->p = mmi_skip_eol(r->p, r->end);
        ++r->line;
    }
}

/* Past the rest of the line (a solid's name). */
static void skip_line(stl_reader *r)
{
    const char *nl = mmi_next_line(r->p, r->end);
    r->line += mmi_passed_eol(r->p, nl);
    r->p = nl;
}

/* Whether the next token is keyword kw (any case); moves past it if so. */
static int keyword(stl_reader *r, const char *kw)
{
    skip_space(r);
    const char *e = mmi_token_end(r->p, r->end);
    size_t n = strlen(kw);
    if ((size_t)(e - r->p) != n) return 0;
    for (size_t i = 0; i < n; ++i) {
        char c = r->p[i];
        if (c >= 'A' && c <= 'Z') c = (char)(c - 'A' + 'a');
        if (c != kw[i]) return 0;
    }
    r->p = e;
    return 1;
}

static mm_status expect(stl_reader *r, const char *kw, int64_t facet)
{
    if (keyword(r, kw)) return MM_OK;
    return parse_fail(r, r->p, "'%s' in facet %lld", kw, (long long)facet);
}

static mm_status number(stl_reader *r, double *x, const char *what, int k, int64_t facet)
{
    skip_space(r);
    const char *token = r->p;
    if (mmi_scan_f64(&r->p, r->end, x) == MMI_SCAN_OK && mmi_at_boundary(r->p, r->end))
        return MM_OK;
    return parse_fail(r, token, "%s component %d (a number) in facet %lld", what, k + 1,
                      (long long)facet);
}

/* One facet, its keyword read. */
static mm_status read_facet(stl_reader *r, mmi_mesh_lists *l, int64_t t)
{
    mm_status st = MM_OK;
    double normal;
    int64_t *start = mmi_growable_append(&l->face_starts, 1);
    int64_t *at = mmi_growable_append(&l->face_lines, 1);
    if (start == NULL || at == NULL) return mmi_mesh_lists_no_memory(r->ctx, r->name);
    *start = l->face_vertices.len;
    *at = r->line;
    MM_TRY(expect(r, "normal", t));
    for (int k = 0; k < 3; ++k) MM_TRY(number(r, &normal, "the normal's", k, t));
    MM_TRY(expect(r, "outer", t));
    MM_TRY(expect(r, "loop", t));
    for (int v = 0; v < 3; ++v) {
        if (!keyword(r, "vertex"))
            return parse_fail(r, r->p, "'vertex' (vertex %d of 3) in facet %lld", v + 1,
                              (long long)t);
        double *x = mmi_growable_append(&l->coords, 3);
        int64_t *vl = mmi_growable_append(&l->vertex_lines, 1);
        uint32_t *id = mmi_growable_append(&l->face_vertices, 1);
        if (x == NULL || vl == NULL || id == NULL) return mmi_mesh_lists_no_memory(r->ctx, r->name);
        *vl = r->line;
        *id = (uint32_t)(l->vertex_lines.len - 1);
        for (int k = 0; k < 3; ++k) MM_TRY(number(r, &x[k], "the vertex's", k, t));
    }
    if (!keyword(r, "endloop"))
        return parse_fail(r, r->p, "'endloop' after the 3 vertices of facet %lld", (long long)t);
    MM_TRY(expect(r, "endfacet", t));
done:
    return st;
}

static mm_status read_ascii(stl_reader *r, mmi_mesh_lists *l)
{
    mm_status st = MM_OK;
    int64_t t = 0;
    while (skip_space(r)) {
        if (!keyword(r, "solid")) return parse_fail(r, r->p, "'solid' or the end of the file");
        skip_line(r);
        while (!keyword(r, "endsolid")) {
            if (!keyword(r, "facet")) return parse_fail(r, r->p, "'facet' or 'endsolid'");
            if (l->vertex_lines.len > (int64_t)UINT32_MAX - 3)
                return mmi_fail(r->ctx, MM_ERR_OVERFLOW, "%s:%lld: more than 2^32 - 1 vertices",
                                r->name, (long long)r->line);
            MM_TRY(read_facet(r, l, t++));
        }
        skip_line(r);
    }
done:
    return st;
}

/* ASCII: the first token is "solid" (any case) and no byte is NUL, which
 * text never holds and a binary file's zeros and attributes nearly always do
 * (a binary file of the wrong size is then reported as binary). */
static int starts_ascii(const char *data, size_t size)
{
    stl_reader probe = {NULL, NULL, data, data, data + size, 1};
    return keyword(&probe, "solid") && memchr(data, '\0', size) == NULL;
}

mm_status mmi_mesh_read_stl(mm_context ctx, mm_mesh *mesh, const char *data, size_t size,
                            const char *name, const mm_read_options *opts)
{
    mm_status st = MM_OK;
    mmi_mesh_lists lists;
    mmi_mesh_lists_init(&lists);
    stl_reader r = {ctx, name, data, data, data + size, 1};
    int64_t n = binary_count(data, size);
    if (n >= 0 && size == STL_HEADER + (uint64_t)STL_RECORD * (uint64_t)n)
        MM_TRY(read_binary(&r, &lists, n));
    else if (starts_ascii(data, size))
        MM_TRY(read_ascii(&r, &lists));
    else if (n >= 0)
        MM_TRY(binary_size_fail(&r, n, size));
    else
        MM_FAIL(ctx, MM_ERR_PARSE,
                "%s: not an STL file: %zu bytes, shorter than a binary STL's 84-byte header, "
                "and no 'solid' at the start",
                name, size);
    MM_TRY(mmi_mesh_lists_build(ctx, &lists, name, opts, mesh));
done:
    mmi_mesh_lists_free(&lists);
    return st;
}
