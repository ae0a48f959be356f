/* mesh_read_obj.c: the Wavefront OBJ reader, one parsing pass over the buffer
 * (after a quick scan that sizes the lists): `v` (x y z), `vt` (u [v]) and
 * `vn` (x y z), `f` (v, v/vt, v//vn, v/vt/vn; negative = relative), OpenSubdiv
 * `t crease` / `t corner` / `t hole` / `t interpolateboundary` tags (also as
 * `# osd-tag: t ...` comments); other statements and tags are skipped. A
 * trailing backslash continues a statement. The vt and vn of the faces'
 * corners become the face-varying channels "uv" and "normal" when every
 * corner names one (mmi_mesh_lists_build). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../core/error.h"
#include "mesh_lists.h"
#include "mesh_read.h"
#include "text_scan.h"

/* The largest value id the corners named from a corner list (-1: none) and
 * the line that named it: checked once the file is read, since a face may
 * name a vt or vn defined after it. */
typedef struct corner_range {
    int64_t max_id, line;
} corner_range;

typedef struct obj_reader {
    mm_context ctx;
    const char *name;
    const char *data, *p, *end;
    int64_t line;        /* line of p (1-based)                  */
    mmi_mesh_lists *l;
    mmi_growable tag_ids;   /* uint32 scratch for a tag's int args   */
    mmi_growable tag_values; /* float scratch for its float args    */
    mmi_growable crease_lines, corner_lines, hole_lines; /* int64, each one's tag line */
    int comments, statements; /* seen: a comment, a statement other than one */
    corner_range uv_range, normal_range;
} obj_reader;

/* A backslash at p that ends its line ("\\\n", "\\\r\n", "\\\r"): a continuation. */
static int at_continuation(const obj_reader *r)
{
    const char *q = r->p + 1;
    return q == r->end || mmi_is_eol(*q);
}

/* Past the next line end (or to the end), counting the line. */
static void next_line(obj_reader *r)
{
    const char *nl = mmi_next_line(r->p, r->end);
    r->line += mmi_passed_eol(r->p, nl);
    r->p = nl;
}

/* Blanks, and continuations with their newline. */
static void skip_blanks(obj_reader *r)
{
    for (;;) {
        r->p = mmi_skip_blanks(r->p, r->end);
        if (r->p == r->end || *r->p != '\\' || !at_continuation(r)) return;
        next_line(r);
    }
}

/* At the end of the statement: newline, end of file or a '#' comment. */
static int at_statement_end(const obj_reader *r)
{
    return r->p == r->end || mmi_is_eol(*r->p) || *r->p == '#';
}

/* Does a value end at p (blank, end of statement, continuation)? */
static int at_value_end(const obj_reader *r)
{
    return mmi_at_boundary(r->p, r->end) || *r->p == '#' || (*r->p == '\\' && at_continuation(r));
}

/* Past the statement's line end, following continuations. */
static void skip_statement(obj_reader *r)
{
    for (;;) {
        const char *start = r->p;
        next_line(r);
        const char *q = r->p; /* back over the line end: "\n", "\r\n" or "\r" */
        if (q > start && q[-1] == '\n') --q;
        if (q > start && q[-1] == '\r') --q;
        if (!(q > start && q[-1] == '\\' && r->p < r->end)) return;
    }
}

/* MM_ERR_PARSE "name:line: expected E, found T" for the token at `token`. */
static mm_status parse_fail(obj_reader *r, const char *expected, const char *token)
{
    return mmi_parse_expected(r->ctx, r->name, r->data, r->end, (long long)r->line, token,
                              expected);
}

static mm_status no_memory(obj_reader *r)
{
    return mmi_mesh_lists_no_memory(r->ctx, r->name);
}

/* The next n numbers of the statement into x; past the first `required`
 * the statement may end (the rest are 0). expected[k] names number k. */
static mm_status scan_numbers(obj_reader *r, double *x, int required, int n,
                              const char *const *expected)
{
    for (int k = 0; k < n; ++k) {
        skip_blanks(r);
        if (k >= required && at_statement_end(r)) {
            x[k] = 0.0;
            continue;
        }
        const char *token = r->p;
        if (mmi_scan_f64(&r->p, r->end, &x[k]) != MMI_SCAN_OK || !at_value_end(r))
            return parse_fail(r, expected[k], token);
    }
    return MM_OK;
}

/* v x y z [more]: the first three numbers; the rest of the statement is ignored. */
static mm_status parse_vertex(obj_reader *r)
{
    static const char *const expected[3] = {"the x coordinate after 'v'", "the y coordinate",
                                            "the z coordinate"};
    int64_t line = r->line;
    double *x = mmi_growable_append(&r->l->coords, 3);
    int64_t *at = mmi_growable_append(&r->l->vertex_lines, 1);
    if (x == NULL || at == NULL) return no_memory(r);
    *at = line;
    mm_status st = scan_numbers(r, x, 3, 3, expected);
    if (st == MM_OK) skip_statement(r);
    return st;
}

/* vt u [v [w]] (u, v kept; a missing v is 0) or vn x y z into list c; the
 * rest of the statement is ignored. */
static mm_status parse_corner_value(obj_reader *r, mmi_corner_list *c)
{
    static const char *const uv_expected[2] = {"the u coordinate after 'vt'",
                                               "the v coordinate"};
    static const char *const normal_expected[3] = {"the x component after 'vn'",
                                                   "the y component", "the z component"};
    int uv = c == &r->l->uv;
    double *x = mmi_growable_append(&c->values, c->dim);
    int64_t *at = mmi_growable_append(&c->value_lines, 1);
    if (x == NULL || at == NULL) return no_memory(r);
    *at = r->line;
    mm_status st = uv ? scan_numbers(r, x, 1, 2, uv_expected)
                      : scan_numbers(r, x, 3, 3, normal_expected);
    if (st == MM_OK) skip_statement(r);
    return st;
}

/* What an index of a face corner names: vertices, vt or vn. */
typedef struct index_kind {
    const char *noun;     /* "vertex", "vt", "vn" */
    const char *expected; /* for index 0          */
} index_kind;

static const index_kind vertex_index = {"vertex", "a vertex index (OBJ indices start at 1 or -1)"};
static const index_kind vt_index = {"vt", "a vt index (OBJ indices start at 1 or -1)"};
static const index_kind vn_index = {"vn", "a vn index (OBJ indices start at 1 or -1)"};

/* An OBJ index (1-based, or negative: relative to the `so_far` defined
 * before it) as a 0-based id. */
static mm_status resolve_index(obj_reader *r, const index_kind *kind, int64_t so_far,
                               int64_t index, const char *token, uint32_t *id)
{
    int64_t v = index > 0 ? index - 1 : so_far + index;
    long long line = (long long)r->line;
    if (index == 0) return parse_fail(r, kind->expected, token);
    if (v < 0)
        return mmi_fail(r->ctx, MM_ERR_INVALID_MESH,
                        "%s:%lld: relative index %lld refers before the first %s (%lld "
                        "defined so far)",
                        r->name, line, (long long)index, kind->noun, (long long)so_far);
    if (v > (int64_t)UINT32_MAX)
        return mmi_fail(r->ctx, MM_ERR_INVALID_MESH,
                        "%s:%lld: %s index %lld is beyond meshmat's 32-bit %s ids", r->name,
                        line, kind->noun, (long long)index, kind->noun);
    *id = (uint32_t)v;
    return MM_OK;
}

/* MM_ERR_PARSE for an index of the corner at token that does not fit 64 bits. */
static mm_status index_too_long(obj_reader *r, const index_kind *kind, const char *token)
{
    const char *end = mmi_token_end(token, r->end);
    return mmi_fail(r->ctx, MM_ERR_PARSE,
                    "%s:%lld: %s index in %.*s does not fit a 64-bit integer", r->name,
                    (long long)r->line, kind->noun, end - token > 64 ? 64 : (int)(end - token),
                    token);
}

/* The indices of one face corner as written: vt and vn when has_vt, has_vn. */
typedef struct corner_indices {
    int64_t v, vt, vn;
    int has_vt, has_vn;
} corner_indices;

/* The optional /vt, //vn or /vt/vn after a corner's vertex index (either
 * number may be missing: "v/", "v/vt/"); what follows is checked by the
 * caller. */
static mm_status scan_texture_normal(obj_reader *r, const char *token, corner_indices *ci)
{
    static const index_kind *const kinds[2] = {&vt_index, &vn_index};
    int64_t *slots[2] = {&ci->vt, &ci->vn};
    int *has[2] = {&ci->has_vt, &ci->has_vn};
    for (int k = 0; k < 2 && r->p < r->end && *r->p == '/'; ++k) {
        ++r->p;
        mmi_scan_result sr = mmi_scan_i64(&r->p, r->end, slots[k]);
        if (sr == MMI_SCAN_RANGE) return index_too_long(r, kinds[k], token);
        *has[k] = sr == MMI_SCAN_OK;
    }
    return MM_OK;
}

/* The vt or vn a corner names (index) into list c: its id is kept while
 * every corner so far named one; range keeps the largest. */
static mm_status add_corner_index(obj_reader *r, mmi_corner_list *c, corner_range *range,
                                  const index_kind *kind, int64_t index, const char *token)
{
    int64_t corner = r->l->face_vertices.len - 1; /* this corner's vertex is appended */
    uint32_t id;
    mm_status st = resolve_index(r, kind, mmi_corner_list_values(c), index, token, &id);
    if (st != MM_OK) return st;
    if ((int64_t)id > range->max_id) {
        range->max_id = id;
        range->line = r->line;
    }
    if (c->named++ == corner) { /* every corner before this one named one */
        uint32_t *at = mmi_growable_append(&c->corner_ids, 1);
        if (at == NULL) return no_memory(r);
        *at = id;
    }
    return MM_OK;
}

/* f i j k ...: one face of every corner on the statement, with the corners'
 * vt and vn. */
static mm_status parse_face(obj_reader *r)
{
    static const char expected[] = "a vertex index (v, v/vt, v//vn or v/vt/vn)";
    mm_status st = MM_OK;
    int64_t *start = mmi_growable_append(&r->l->face_starts, 1);
    int64_t *at = mmi_growable_append(&r->l->face_lines, 1);
    if (start == NULL || at == NULL) return no_memory(r);
    *start = r->l->face_vertices.len;
    *at = r->line;
    for (;;) {
        skip_blanks(r);
        if (at_statement_end(r)) break;
        const char *token = r->p;
        corner_indices ci = {0, 0, 0, 0, 0};
        mmi_scan_result sr = mmi_scan_i64(&r->p, r->end, &ci.v);
        if (sr == MMI_SCAN_RANGE)
            return mmi_fail(r->ctx, MM_ERR_PARSE,
                            "%s:%lld: vertex index %.*s does not fit a 64-bit integer", r->name,
                            (long long)r->line, r->p - token > 64 ? 64 : (int)(r->p - token),
                            token);
        MM_TRY(scan_texture_normal(r, token, &ci));
        if (sr != MMI_SCAN_OK || !at_value_end(r)) return parse_fail(r, expected, token);
        uint32_t *id = mmi_growable_append(&r->l->face_vertices, 1);
        if (id == NULL) return no_memory(r);
        MM_TRY(resolve_index(r, &vertex_index, mmi_mesh_lists_vertices(r->l), ci.v, token, id));
        if (ci.has_vt)
            MM_TRY(add_corner_index(r, &r->l->uv, &r->uv_range, &vt_index, ci.vt, token));
        if (ci.has_vn)
            MM_TRY(add_corner_index(r, &r->l->normal, &r->normal_range, &vn_index, ci.vn, token));
    }
    skip_statement(r);
done:
    return st;
}

/* Every vt and vn a corner named exists, once the whole file is read; the
 * line named is the one of the largest index. */
static mm_status check_corner_range(const obj_reader *r, const mmi_corner_list *c,
                                    const corner_range *range, const char *noun)
{
    int64_t n = mmi_corner_list_values(c);
    if (range->max_id < n) return MM_OK;
    return mmi_fail(r->ctx, MM_ERR_INVALID_MESH,
                    "%s:%lld: %s index %lld is out of range: the file has %lld %s", r->name,
                    (long long)range->line, noun, (long long)range->max_id + 1, (long long)n,
                    noun);
}

/* The "N/M/S" argument counts of a tag. */
static mm_status parse_tag_counts(obj_reader *r, int64_t counts[3])
{
    skip_blanks(r);
    const char *token = r->p;
    for (int k = 0; k < 3; ++k) {
        if ((k > 0 && (r->p == r->end || *r->p++ != '/')) ||
            mmi_scan_i64(&r->p, r->end, &counts[k]) != MMI_SCAN_OK || counts[k] < 0)
            return parse_fail(r, "argument counts 'ints/floats/strings' (e.g. 2/1/0)", token);
    }
    if (!at_value_end(r)) return parse_fail(r, "argument counts (e.g. 2/1/0)", token);
    return MM_OK;
}

/* The n ids (0-based vertices, or faces for a hole) and m sharpness values of
 * a tag into the scratch lists (appended one by one: n and m come from the file). */
static mm_status parse_tag_args(obj_reader *r, int64_t n, int64_t m, const char *what)
{
    r->tag_ids.len = r->tag_values.len = 0;
    for (int64_t i = 0; i < n; ++i) {
        skip_blanks(r);
        const char *token = r->p;
        int64_t v = -1;
        mmi_scan_result sr = mmi_scan_i64(&r->p, r->end, &v);
        if (sr != MMI_SCAN_OK || v < 0 || v > (int64_t)UINT32_MAX || !at_value_end(r))
            return parse_fail(r, what, token);
        uint32_t *id = mmi_growable_append(&r->tag_ids, 1);
        if (id == NULL) return no_memory(r);
        *id = (uint32_t)v;
    }
    for (int64_t i = 0; i < m; ++i) {
        skip_blanks(r);
        const char *token = r->p;
        double s;
        if (mmi_scan_f64(&r->p, r->end, &s) != MMI_SCAN_OK || !at_value_end(r))
            return parse_fail(r, "a sharpness value in the tag", token);
        float *value = mmi_growable_append(&r->tag_values, 1);
        if (value == NULL) return no_memory(r);
        *value = (float)s;
    }
    return MM_OK;
}

/* n copies of the tag's line into lines (check_tags names it); 0, or 1 when
 * out of memory. */
static int add_lines(mmi_growable *lines, int64_t n, int64_t line)
{
    int64_t *at = mmi_growable_append(lines, n);
    if (at == NULL) return 1;
    for (int64_t i = 0; i < n; ++i) at[i] = line;
    return 0;
}

/* t crease N/M/0 v0 … v(N-1) s…: the chain's N-1 edges, with one sharpness for
 * all (M = 1) or one each (M = N-1). */
static mm_status add_creases(obj_reader *r, int64_t n, int64_t m, int64_t line)
{
    const uint32_t *ids = (const uint32_t *)r->tag_ids.data;
    const float *s = (const float *)r->tag_values.data;
    uint32_t *v = mmi_growable_append(&r->l->crease_vertices, 2 * (n - 1));
    float *sharp = mmi_growable_append(&r->l->crease_sharpness, n - 1);
    if (v == NULL || sharp == NULL || add_lines(&r->crease_lines, n - 1, line))
        return no_memory(r);
    for (int64_t e = 0; e + 1 < n; ++e) {
        v[2 * e] = ids[e];
        v[2 * e + 1] = ids[e + 1];
        sharp[e] = s[m == 1 ? 0 : e];
    }
    return MM_OK;
}

/* t corner N/M/0 v0 … v(N-1) s…: one sharpness for all (M = 1) or one each. */
static mm_status add_corners(obj_reader *r, int64_t n, int64_t m, int64_t line)
{
    const uint32_t *ids = (const uint32_t *)r->tag_ids.data;
    const float *s = (const float *)r->tag_values.data;
    uint32_t *v = mmi_growable_append(&r->l->corner_vertices, n);
    float *sharp = mmi_growable_append(&r->l->corner_sharpness, n);
    if (v == NULL || sharp == NULL || add_lines(&r->corner_lines, n, line))
        return no_memory(r);
    for (int64_t i = 0; i < n; ++i) {
        v[i] = ids[i];
        sharp[i] = s[m == 1 ? 0 : i];
    }
    return MM_OK;
}

/* t hole N/0/0 f0 … f(N-1): faces (0-based, in file order) left out of the
 * surface. */
static mm_status add_holes(obj_reader *r, int64_t n, int64_t line)
{
    uint32_t *f = mmi_growable_append(&r->l->hole_faces, n);
    if (f == NULL || add_lines(&r->hole_lines, n, line)) return no_memory(r);
    memcpy(f, r->tag_ids.data, (size_t)n * sizeof *f);
    return MM_OK;
}

/* One crease (n = 2 ends) or corner (n = 1) against what mm_mesh_new would
 * refuse, naming the tag's line: ids below |V|, distinct ends, a finite
 * sharpness ≥ 0. */
static mm_status check_tag(const obj_reader *r, const char *what, int64_t line,
                           const uint32_t *v, int n, float s)
{
    int64_t nv = mmi_mesh_lists_vertices(r->l);
    for (int k = 0; k < n; ++k)
        if ((int64_t)v[k] >= nv)
            return mmi_fail(r->ctx, MM_ERR_INVALID_MESH,
                            "%s:%lld: %s tag names vertex %u (0-based), but there are %lld "
                            "vertices",
                            r->name, (long long)line, what, v[k], (long long)nv);
    if (n == 2 && v[0] == v[1])
        return mmi_fail(r->ctx, MM_ERR_INVALID_MESH,
                        "%s:%lld: crease tag joins vertex %u to itself; expected two distinct "
                        "ids",
                        r->name, (long long)line, v[0]);
    if (!(isfinite(s) && s >= 0.0f))
        return mmi_fail(r->ctx, MM_ERR_INVALID_MESH,
                        "%s:%lld: %s tag has sharpness %g; expected a finite value ≥ 0", r->name,
                        (long long)line, what, (double)s);
    return MM_OK;
}

/* Every crease and corner, once all vertices are read (a tag may name a
 * vertex defined after it). */
static mm_status check_tags(const obj_reader *r)
{
    mm_status st = MM_OK;
    const mmi_mesh_lists *l = r->l;
    const uint32_t *cv = (const uint32_t *)l->crease_vertices.data;
    const uint32_t *kv = (const uint32_t *)l->corner_vertices.data;
    const float *cs = (const float *)l->crease_sharpness.data;
    const float *ks = (const float *)l->corner_sharpness.data;
    const int64_t *cl = (const int64_t *)r->crease_lines.data;
    const int64_t *kl = (const int64_t *)r->corner_lines.data;
    for (int64_t i = 0; i < l->crease_sharpness.len; ++i)
        MM_TRY(check_tag(r, "crease", cl[i], cv + 2 * i, 2, cs[i]));
    for (int64_t i = 0; i < l->corner_sharpness.len; ++i)
        MM_TRY(check_tag(r, "corner", kl[i], kv + i, 1, ks[i]));
    const uint32_t *hf = (const uint32_t *)l->hole_faces.data;
    const int64_t *hl = (const int64_t *)r->hole_lines.data;
    for (int64_t i = 0; i < l->hole_faces.len; ++i)
        if ((int64_t)hf[i] >= l->face_starts.len)
            MM_FAIL(r->ctx, MM_ERR_INVALID_MESH,
                    "%s:%lld: hole tag names face %u (0-based), but there are %lld faces", r->name,
                    (long long)hl[i], hf[i], (long long)l->face_starts.len);
done:
    return st;
}

/* t interpolateboundary 1/0/0 k: the rule the file means (OpenSubdiv's
 * numbering: 0 none, 1 edge-and-corner, 2 edge-only); the last one wins. */
static mm_status set_boundary(obj_reader *r, int64_t line)
{
    static const mm_boundary rules[3] = {MM_BOUNDARY_NONE, MM_BOUNDARY_EDGE_AND_CORNER,
                                         MM_BOUNDARY_EDGE_ONLY};
    uint32_t k = *(const uint32_t *)r->tag_ids.data;
    if (k > 2)
        return mmi_fail(r->ctx, MM_ERR_PARSE,
                        "%s:%lld: 't interpolateboundary' is %u; expected 0 (none), 1 "
                        "(edge-and-corner) or 2 (edge-only)",
                        r->name, (long long)line, k);
    r->l->boundary = rules[k];
    return MM_OK;
}

/* t name N/M/S args: crease, corner and hole tags become the mesh's tags,
 * interpolateboundary its boundary rule; others are skipped. */
static mm_status parse_tag(obj_reader *r)
{
    mm_status st = MM_OK;
    int64_t c[3], line = r->line;
    skip_blanks(r);
    const char *name = r->p, *name_end = mmi_token_end(r->p, r->end);
    size_t len = (size_t)(name_end - name);
    int crease = len == 6 && memcmp(name, "crease", 6) == 0;
    int corner = len == 6 && memcmp(name, "corner", 6) == 0;
    int hole = len == 4 && memcmp(name, "hole", 4) == 0;
    int boundary = len == 19 && memcmp(name, "interpolateboundary", 19) == 0;
    if (!crease && !corner && !hole && !boundary) {
        skip_statement(r);
        return MM_OK;
    }
    r->p = name_end;
    MM_TRY(parse_tag_counts(r, c));
    if (crease && (c[0] < 2 || (c[1] != 1 && c[1] != c[0] - 1)))
        MM_FAIL(r->ctx, MM_ERR_PARSE,
                "%s:%lld: 't crease %lld/%lld/…' needs N ≥ 2 vertex ids and 1 or N-1 sharpness "
                "values",
                r->name, (long long)r->line, (long long)c[0], (long long)c[1]);
    if (corner && (c[0] < 1 || (c[1] != 1 && c[1] != c[0])))
        MM_FAIL(r->ctx, MM_ERR_PARSE,
                "%s:%lld: 't corner %lld/%lld/…' needs N ≥ 1 vertex ids and 1 or N sharpness "
                "values",
                r->name, (long long)r->line, (long long)c[0], (long long)c[1]);
    if (hole && (c[0] < 1 || c[1] != 0))
        MM_FAIL(r->ctx, MM_ERR_PARSE,
                "%s:%lld: 't hole %lld/%lld/…' needs N ≥ 1 face ids and no float values",
                r->name, (long long)r->line, (long long)c[0], (long long)c[1]);
    if (boundary && (c[0] != 1 || c[1] != 0))
        MM_FAIL(r->ctx, MM_ERR_PARSE,
                "%s:%lld: 't interpolateboundary %lld/%lld/…' needs one integer (1/0/0)",
                r->name, (long long)r->line, (long long)c[0], (long long)c[1]);
    MM_TRY(parse_tag_args(r, c[0], c[1],
                          boundary ? "a boundary rule (0, 1 or 2) in the tag"
                          : hole   ? "a face id (0-based, below 2^32) in the tag"
                                   : "a vertex id (0-based, below 2^32) in the tag"));
    if (boundary)
        MM_TRY(set_boundary(r, line));
    else if (hole)
        MM_TRY(add_holes(r, c[0], line));
    else
        MM_TRY(crease ? add_creases(r, c[0], c[1], line) : add_corners(r, c[0], c[1], line));
    skip_statement(r);
done:
    return st;
}

/* A comment: "# osd-tag: t ..." is a tag, anything else is skipped. */
static mm_status parse_comment(obj_reader *r)
{
    static const char marker[] = "osd-tag:";
    ++r->p;
    r->p = mmi_skip_blanks(r->p, r->end);
    size_t k = sizeof marker - 1;
    if ((size_t)(r->end - r->p) > k && memcmp(r->p, marker, k) == 0) {
        r->p = mmi_skip_blanks(r->p + k, r->end);
        if (r->p < r->end && *r->p == 't' && mmi_at_boundary(r->p + 1, r->end)) {
            ++r->p;
            return parse_tag(r);
        }
    }
    next_line(r); /* a comment ends at its newline: no continuation */
    return MM_OK;
}

/* Any other statement: skipped when its keyword looks like one (letters,
 * digits, '_'); anything else (binary data) is an error. */
static mm_status skip_other(obj_reader *r)
{
    const char *token = r->p;
    for (const char *q = r->p; q < r->end && !mmi_at_boundary(q, r->end); ++q) {
        char c = *q;
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
              (q > token && mmi_is_digit(c))))
            return parse_fail(r, "an OBJ statement (v, f, vt, vn, g, o, s, usemtl, …)", token);
    }
    skip_statement(r);
    return MM_OK;
}

static mm_status parse_statement(obj_reader *r)
{
    char c = *r->p;
    int keyword_alone = mmi_at_boundary(r->p + 1, r->end);
    if (mmi_is_eol(c)) {
        r->p = mmi_skip_eol(r->p, r->end);
        ++r->line;
        return MM_OK;
    }
    if (c == '#') {
        r->comments = 1;
        return parse_comment(r);
    }
    r->statements = 1;
    if (keyword_alone && c == 'v') {
        ++r->p;
        return parse_vertex(r);
    }
    if (c == 'v' && r->end - r->p > 1 && (r->p[1] == 't' || r->p[1] == 'n') &&
        mmi_at_boundary(r->p + 2, r->end)) {
        mmi_corner_list *list = r->p[1] == 't' ? &r->l->uv : &r->l->normal;
        r->p += 2;
        return parse_corner_value(r, list);
    }
    if (keyword_alone && c == 'f') {
        ++r->p;
        return parse_face(r);
    }
    if (keyword_alone && c == 't') {
        ++r->p;
        return parse_tag(r);
    }
    return skip_other(r);
}

/* Does the file hold a mesh? Any with a 'v' or 'f'; without them, only a
 * file of comments is the empty mesh (as the writer writes it): an empty file
 * (a failed write) or one of other statements (some other text) is refused. */
static int is_mesh(const obj_reader *r)
{
    if (r->l->coords.len > 0 || r->l->face_starts.len > 0) return 1;
    return r->comments && !r->statements;
}

/* Sizes the lists for the file in one quick pass (lines starting "v ",
 * "vt ", "vn " and "f ", and the tokens of the latter), so that they never
 * grow while parsing; the vt and vn lists (and their corner ids) only when
 * the file has such lines. */
static int reserve_lists(const char *p, const char *end, mmi_mesh_lists *l)
{
    int64_t nv = 0, nf = 0, ids = 0, nvt = 0, nvn = 0;
    while (p < end) {
        const char *nl = mmi_next_line(p, end);
        if (nl - p > 2 && p[0] == 'v') {
            nv += p[1] == ' ';
            nvt += nl - p > 3 && p[1] == 't' && p[2] == ' ';
            nvn += nl - p > 3 && p[1] == 'n' && p[2] == ' ';
        } else if (nl - p > 2 && p[1] == ' ' && p[0] == 'f') {
            ++nf;
            for (const char *q = p + 1; q + 1 < nl; ++q) ids += *q == ' ' && q[1] > ' ';
        }
        p = nl;
    }
    return mmi_growable_reserve(&l->coords, 3 * nv) || mmi_growable_reserve(&l->vertex_lines, nv) ||
           mmi_growable_reserve(&l->face_starts, nf + 1) ||
           mmi_growable_reserve(&l->face_lines, nf) ||
           mmi_growable_reserve(&l->face_vertices, ids) ||
           (nvt > 0 && (mmi_growable_reserve(&l->uv.values, 2 * nvt) ||
                        mmi_growable_reserve(&l->uv.value_lines, nvt) ||
                        mmi_growable_reserve(&l->uv.corner_ids, ids))) ||
           (nvn > 0 && (mmi_growable_reserve(&l->normal.values, 3 * nvn) ||
                        mmi_growable_reserve(&l->normal.value_lines, nvn) ||
                        mmi_growable_reserve(&l->normal.corner_ids, ids)));
}

mm_status mmi_mesh_read_obj(mm_context ctx, mm_mesh *mesh, const char *data, size_t size,
                            const char *name, const mm_read_options *opts)
{
    mm_status st = MM_OK;
    mmi_mesh_lists lists;
    mmi_mesh_lists_init(&lists);
    obj_reader r = {ctx, name, data, data, data + size, 1, &lists, MMI_GROWABLE(uint32_t),
                    MMI_GROWABLE(float), MMI_GROWABLE(int64_t), MMI_GROWABLE(int64_t),
                    MMI_GROWABLE(int64_t), 0, 0, {-1, 0}, {-1, 0}};
    if (size >= 3 && memcmp(data, "\xEF\xBB\xBF", 3) == 0) r.p += 3;
    if (reserve_lists(r.p, r.end, &lists)) MM_TRY(no_memory(&r));
    for (;;) {
        skip_blanks(&r);
        if (r.p == r.end) break;
        MM_TRY(parse_statement(&r));
    }
    if (!is_mesh(&r))
        MM_FAIL(ctx, MM_ERR_PARSE, "%s:%lld: found end of file before any 'v' or 'f' statement",
                name, mmi_last_line(data, size, (long long)r.line));
    MM_TRY(check_tags(&r));
    MM_TRY(check_corner_range(&r, &lists.uv, &r.uv_range, "vt"));
    MM_TRY(check_corner_range(&r, &lists.normal, &r.normal_range, "vn"));
    MM_TRY(mmi_mesh_lists_build(ctx, &lists, name, opts, mesh));
done:
    mmi_growable_free(&r.tag_ids);
    mmi_growable_free(&r.tag_values);
    mmi_growable_free(&r.crease_lines);
    mmi_growable_free(&r.corner_lines);
    mmi_growable_free(&r.hole_lines);
    mmi_mesh_lists_free(&lists);
    return st;
}
