/* text_scan.c: correctly rounded decimal → double for the text readers. Most
 * coordinates in mesh files (≤ 19 significant digits, |exponent| ≤ 22) take
 * Clinger's fast path, which is exact: one IEEE multiplication or division of
 * two exactly representable values. The rest go through strtod on a copy. */
#include "text_scan.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* Digits kept for strtod; beyond them a non-zero tail only needs a sticky
 * digit (binary64 needs at most 767 significant digits to round correctly). */
#define KEEP_DIGITS 780

static const double exact_pow10[23] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                       1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                       1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

static int lower(char c)
{
    return (c >= 'A' && c <= 'Z') ? c - 'A' + 'a' : c;
}

/* Does [p, end) start with the lower-case word w (any case)? */
static int starts_with(const char *p, const char *end, const char *w)
{
    for (; *w; ++w, ++p)
        if (p == end || lower(*p) != *w) return 0;
    return 1;
}

/* inf, infinity or nan (any case) at p, just after the sign; *pp moves past it. */
static mmi_scan_result scan_special(const char *p, const char *end, int neg, const char **pp,
                                    double *out)
{
    if (starts_with(p, end, "infinity")) {
        p += 8;
    } else if (starts_with(p, end, "inf")) {
        p += 3;
    } else if (starts_with(p, end, "nan")) {
        *pp = p + 3;
        *out = neg ? -NAN : NAN;
        return MMI_SCAN_OK;
    } else {
        return MMI_SCAN_NONE;
    }
    *pp = p;
    *out = neg ? -INFINITY : INFINITY;
    return MMI_SCAN_OK;
}

/* The slow path: the significant digits of mantissa [m, m_end) and the value's
 * power of ten (value = digits × 10^exp10) written as "[-]DDDDe±X" (no decimal
 * point, so strtod's locale does not matter), truncated with a sticky digit. */
static double slow_path(const char *m, const char *m_end, int neg, int64_t exp10)
{
    char buf[KEEP_DIGITS + 32];
    size_t n = 0;
    int64_t dropped = 0;
    int sticky = 0;
    if (neg) buf[n++] = '-';
    size_t first = n;
    for (const char *p = m; p < m_end; ++p) {
        if (!mmi_is_digit(*p)) continue;
        if (n == first && *p == '0') continue;
        if (n - first < KEEP_DIGITS) {
            buf[n++] = *p;
        } else {
            ++dropped;
            sticky |= *p != '0';
        }
    }
    if (n == first) return neg ? -0.0 : 0.0;
    if (sticky) {
        buf[n++] = '1';
        --dropped;
    }
    int64_t e = exp10 + dropped;
    if (e > 99999) e = 99999;
    if (e < -99999) e = -99999;
    snprintf(buf + n, sizeof buf - n, "e%lld", (long long)e);
    return strtod(buf, NULL);
}

mmi_scan_result mmi_scan_f64(const char **pp, const char *end, double *out)
{
    const char *p = *pp;
    int neg = 0;
    if (p < end && (*p == '-' || *p == '+')) neg = *p++ == '-';
    const char *m = p;
    uint64_t mant = 0;
    int64_t sig = 0;       /* significant digits seen; the first 19 are kept     */
    int64_t exp10 = 0;     /* value = mant × 10^exp10 for the kept digits          */
    int64_t frac = 0;      /* digits after the point, for the slow path            */
    int64_t digits = 0;
    for (; p < end && mmi_is_digit(*p); ++p, ++digits) {
        if (sig == 0 && *p == '0') continue;
        if (sig < 19) mant = mant * 10 + (uint64_t)(*p - '0');
        else ++exp10;
        ++sig;
    }
    if (p < end && *p == '.') {
        for (++p; p < end && mmi_is_digit(*p); ++p, ++digits, ++frac) {
            if (sig == 0 && *p == '0') {
                --exp10;
                continue;
            }
            if (sig < 19) {
                mant = mant * 10 + (uint64_t)(*p - '0');
                --exp10;
            }
            ++sig;
        }
    }
    if (digits == 0) return scan_special(m, end, neg, pp, out);
    const char *m_end = p;
    int64_t e = 0;
    if (p < end && (*p == 'e' || *p == 'E')) {
        const char *q = p + 1;
        int eneg = 0;
        if (q < end && (*q == '-' || *q == '+')) eneg = *q++ == '-';
        if (q < end && mmi_is_digit(*q)) {
            for (; q < end && mmi_is_digit(*q); ++q)
                if (e < 1000000000) e = e * 10 + (*q - '0');
            if (eneg) e = -e;
            p = q;
        }
    }
    *pp = p;
    if (sig == 0) {
        *out = neg ? -0.0 : 0.0;
        return MMI_SCAN_OK;
    }
    exp10 += e;
    if (sig <= 19 && mant <= (UINT64_C(1) << 53) && exp10 >= -22 && exp10 <= 22) {
        double v = (double)mant;
        v = exp10 < 0 ? v / exact_pow10[-exp10] : v * exact_pow10[exp10];
        *out = neg ? -v : v;
        return MMI_SCAN_OK;
    }
    *out = slow_path(m, m_end, neg, e - frac);
    return MMI_SCAN_OK;
}

const char *mmi_describe_token(const char *p, const char *end, char *buf, size_t len)
{
    p = mmi_skip_blanks(p, end);
    if (p == end) {
        snprintf(buf, len, "end of file");
        return buf;
    }
    if (mmi_is_eol(*p)) {
        snprintf(buf, len, "end of line");
        return buf;
    }
    const char *t = mmi_token_end(p, end);
    char tok[25];
    size_t n = 0;
    for (; p < t && n < sizeof tok - 1; ++p)
        tok[n++] = (*p >= 0x20 && *p < 0x7f) ? *p : '?';
    tok[n] = '\0';
    snprintf(buf, len, "'%s%s'", tok, p < t ? "…" : "");
    return buf;
}
