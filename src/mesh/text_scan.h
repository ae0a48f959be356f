/* text_scan.h: number and token scanning over a [p, end) buffer that need not
 * be NUL-terminated, shared by the text readers (OBJ, OFF, ASCII PLY).
 * Integers detect int64 overflow; doubles are correctly rounded (Clinger's
 * exact fast path, else strtod on a normalized copy), "inf" and "nan" accepted. */
#ifndef MESHMAT_MESH_TEXT_SCAN_H
#define MESHMAT_MESH_TEXT_SCAN_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef enum mmi_scan_result {
    MMI_SCAN_OK = 0,   /* a number was read and *pp moved past it            */
    MMI_SCAN_NONE = 1, /* no number starts at *pp (*pp unchanged)            */
    MMI_SCAN_RANGE = 2 /* an integer too large for int64 (*pp moved past it) */
} mmi_scan_result;

static inline int mmi_is_digit(char c)
{
    return (unsigned char)(c - '0') < 10;
}

/* Blanks inside a line: space, tab, VT, FF (not a line end). */
static inline int mmi_is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\v' || c == '\f';
}

/* Line ends are "\n", "\r\n" and a lone "\r" (classic Mac OS files): a CR
 * starts one, so that CR-only files do not read as one long line. */
static inline int mmi_is_eol(char c)
{
    return c == '\n' || c == '\r';
}

/* Past the line end at p (p < end, mmi_is_eol(*p)): "\r\n" is one line end. */
static inline const char *mmi_skip_eol(const char *p, const char *end)
{
    if (*p++ == '\r' && p < end && *p == '\n') ++p;
    return p;
}

static inline const char *mmi_skip_blanks(const char *p, const char *end)
{
    while (p < end && mmi_is_blank(*p)) ++p;
    return p;
}

/* The end of the token at p: the next blank, line end or end. */
static inline const char *mmi_token_end(const char *p, const char *end)
{
    while (p < end && !mmi_is_blank(*p) && !mmi_is_eol(*p)) ++p;
    return p;
}

/* Past the next line end (or end). Two memchr scans (LF, then CR before it)
 * keep the common LF-only file at memchr's speed. */
static inline const char *mmi_next_line(const char *p, const char *end)
{
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const char *cr = memchr(p, '\r', (size_t)((nl ? nl : end) - p));
    if (cr != NULL) return mmi_skip_eol(cr, end);
    return nl ? nl + 1 : end;
}

/* Did [p, q) (q from mmi_next_line(p, …)) pass a line end? */
static inline int mmi_passed_eol(const char *p, const char *q)
{
    return q > p && mmi_is_eol(q[-1]);
}

/* True when p is at a token boundary: end, blank or line end. */
static inline int mmi_at_boundary(const char *p, const char *end)
{
    return p == end || mmi_is_blank(*p) || mmi_is_eol(*p);
}

/* [+-]digits into *out. */
static inline mmi_scan_result mmi_scan_i64(const char **pp, const char *end, int64_t *out)
{
    const char *p = *pp;
    int neg = 0;
    if (p < end && (*p == '-' || *p == '+')) neg = *p++ == '-';
    if (p == end || !mmi_is_digit(*p)) return MMI_SCAN_NONE;
    uint64_t v = 0, limit = neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
    int over = 0;
    for (; p < end && mmi_is_digit(*p); ++p) {
        uint64_t d = (uint64_t)(*p - '0');
        if (v > (limit - d) / 10) over = 1;
        else v = v * 10 + d;
    }
    *pp = p;
    if (over) return MMI_SCAN_RANGE;
    *out = neg ? (int64_t)(0 - v) : (int64_t)v;
    return MMI_SCAN_OK;
}

/* A decimal floating-point number ([+-] digits [. digits] [e [+-] digits]),
 * or [+-] inf / infinity / nan (any case), correctly rounded into *out. */
mmi_scan_result mmi_scan_f64(const char **pp, const char *end, double *out);

/* Describes the token at p for messages: "'abc'" (at most 24 characters,
 * non-printable bytes as '?'), "end of line" or "end of file"; returns buf. */
const char *mmi_describe_token(const char *p, const char *end, char *buf, size_t len);

#endif
