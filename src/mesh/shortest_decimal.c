/* shortest_decimal.c: shortest round-trip decimals (shortest_decimal.h).
 *
 * A finite x ≠ 0 is c × 2^q (c the significand with its hidden bit). Every
 * real in the rounding interval [x - ulp_below/2, x + ulp/2] (ends included
 * when c is even: round-half-even reads them back to x) reads back to x. With
 * k = floor(log10 2^q) (3/4 2^q for the narrower interval at a power of two)
 * the interval scaled by 10^-k is a little over one unit wide and under ten,
 * so the shortest decimal is either a multiple of 10 in it (one digit fewer
 * than floor(x 10^-k)), or s = floor(x 10^-k) or s + 1, the nearer of those
 * that lie in it. The scaled value and ends are computed in units of 1/4 from
 * a 126-bit approximation g of 10^-k (from above) by a 64 × 128-bit product,
 * kept to its integer part with the bits below it collapsed into the lowest
 * ("round to odd"): the comparisons with multiples of 4 then come out as
 * they would on the exact reals. The g table is computed once, at first use,
 * from exact big-integer powers of ten. */
#include "shortest_decimal.h"

#include <pthread.h>
#include <string.h>

__extension__ typedef unsigned __int128 u128; /* a GCC / Clang extension, not ISO C */

/* 10^e for e in [E_MIN, E_MAX]: what float64's k range needs (-k from
 * -floor(971 log10 2) = -292 to -floor(-1074 log10 2) = 324). */
#define E_MIN (-292)
#define E_MAX 324

/* g(e) = floor(10^e 2^(125 - f(e))) + 1 with f(e) = floor(log2 10^e), so
 * 2^125 < g ≤ 2^126. */
static u128 g_table[E_MAX - E_MIN + 1];
static int f_table[E_MAX - E_MIN + 1];
static pthread_once_t table_once = PTHREAD_ONCE_INIT;

/* Unsigned big integers, 32-bit limbs, least significant first. */
#define BIG_LIMBS 48 /* 1536 bits: 2^(125 + 1077) is the largest needed */

typedef struct big {
    uint32_t w[BIG_LIMBS];
    int n; /* limbs in use */
} big;

static void big_set_pow2(big *b, int e)
{
    memset(b, 0, sizeof *b);
    b->w[e / 32] = 1u << (e % 32);
    b->n = e / 32 + 1;
}

static void big_mul_small(big *b, uint32_t m)
{
    uint64_t carry = 0;
    for (int i = 0; i < b->n; ++i) {
        uint64_t t = (uint64_t)b->w[i] * m + carry;
        b->w[i] = (uint32_t)t;
        carry = t >> 32;
    }
    if (carry != 0) b->w[b->n++] = (uint32_t)carry;
}

static void big_div_small(big *b, uint32_t d)
{
    uint64_t rem = 0;
    for (int i = b->n; i-- > 0;) {
        uint64_t t = rem << 32 | b->w[i];
        b->w[i] = (uint32_t)(t / d);
        rem = t % d;
    }
    while (b->n > 0 && b->w[b->n - 1] == 0) --b->n;
}

static int big_bits(const big *b)
{
    if (b->n == 0) return 0;
    return 32 * (b->n - 1) + 32 - __builtin_clz(b->w[b->n - 1]);
}

/* floor(b / 2^shift) (shift ≥ 0) as u128; the caller knows it fits. */
static u128 big_shifted(const big *b, int shift)
{
    u128 r = 0;
    for (int bit = big_bits(b) - 1; bit >= shift; --bit)
        r = r << 1 | ((b->w[bit / 32] >> (bit % 32)) & 1u);
    return r;
}

static void make_tables(void)
{
    big b;
    for (int e = 0; e <= E_MAX; ++e) { /* 10^e: f = its bit length - 1 */
        big_set_pow2(&b, 0);
        for (int i = 0; i < e; ++i) big_mul_small(&b, 10);
        int f = big_bits(&b) - 1;
        u128 g = f >= 125 ? big_shifted(&b, f - 125) : big_shifted(&b, 0) << (125 - f);
        g_table[e - E_MIN] = g + 1;
        f_table[e - E_MIN] = f;
    }
    for (int e = -1; e >= E_MIN; --e) {
        /* 10^-e has bit length L, so f(e) = -L (10^-e is no power of two),
         * and g = floor(2^(125 + L) / 10^-e) + 1. */
        big_set_pow2(&b, 0);
        for (int i = 0; i < -e; ++i) big_mul_small(&b, 10);
        int len = big_bits(&b);
        big_set_pow2(&b, 125 + len);
        for (int i = 0; i < -e; ++i) big_div_small(&b, 10);
        g_table[e - E_MIN] = big_shifted(&b, 0) + 1;
        f_table[e - E_MIN] = -len;
    }
}

/* floor(q log10 2) and floor(q log10 2 + log10 3/4) for |q| ≤ 1500, in fixed
 * point with 41 fraction bits (log10 2 = 0.30102999566398…, log10 3/4 =
 * -0.12493873660829…); tests/mesh/test_shortest_decimal.c formats values of
 * every exponent, which checks both. */
static int floor_log10_pow2(int q)
{
    return (int)(((int64_t)q * INT64_C(661971961083)) >> 41);
}

static int floor_log10_three_quarters_pow2(int q)
{
    return (int)(((int64_t)q * INT64_C(661971961083) - INT64_C(274743187321)) >> 41);
}

/* floor(g cp / 2^127), its lowest bit set when bits 64 … 126 of the product
 * are not all zero (round to odd). The bits below 2^64 are left out: g's
 * excess over the exact power (below one unit) times cp (< 2^62) stays there,
 * so an exact product reads as exact. */
static uint64_t round_to_odd(u128 g, uint64_t cp)
{
    u128 lo = (u128)(uint64_t)g * cp, hi = (u128)(uint64_t)(g >> 64) * cp;
    u128 mid = hi + (lo >> 64); /* floor(g cp / 2^64) */
    uint64_t below = (uint64_t)mid & ((UINT64_C(1) << 63) - 1);
    return (uint64_t)(mid >> 63) | (below != 0);
}

/* The shortest decimal of c × 2^q (c > 0) whose rounding interval has
 * the ends x - 2^(q-1) (lower_half: x - 2^(q-2)) and x + 2^(q-1). */
static void shortest(uint64_t c, int q, int lower_half, uint64_t *digits, int *exp10)
{
    pthread_once(&table_once, make_tables);
    int k = lower_half ? floor_log10_three_quarters_pow2(q) : floor_log10_pow2(q);
    int h = q + f_table[-k - E_MIN] + 2; /* 1 … 5: the scaled values fit 64 bits */
    u128 g = g_table[-k - E_MIN];
    uint64_t cb = c << 2, cbl = cb - (lower_half ? 1 : 2), cbr = cb + 2;
    uint64_t vb = round_to_odd(g, cb << h), vbl = round_to_odd(g, cbl << h);
    uint64_t vbr = round_to_odd(g, cbr << h);
    uint64_t excluded = c & 1; /* odd c: the ends read back to the neighbours */
    uint64_t s = vb >> 2, d;
    uint64_t s10 = s / 10 * 10, t10 = s10 + 10;
    int s10_in = vbl + excluded <= s10 << 2, t10_in = (t10 << 2) + excluded <= vbr;
    if (s10_in != t10_in) { /* one digit fewer (at most one fits) */
        d = s10_in ? s10 : t10;
    } else {
        uint64_t t = s + 1;
        int s_in = vbl + excluded <= s << 2, t_in = (t << 2) + excluded <= vbr;
        if (s_in != t_in) {
            d = s_in ? s : t;
        } else { /* both: the nearer, ties to even */
            int64_t cmp = (int64_t)(vb - ((s + t) << 1));
            d = cmp < 0 || (cmp == 0 && (s & 1) == 0) ? s : t;
        }
    }
    while (d % 10 == 0) {
        d /= 10;
        ++k;
    }
    *digits = d;
    *exp10 = k;
}

/* Integers below 2^precision need no search: nothing shorter than their own
 * digits lies within half a unit of them. */
static int small_integer(uint64_t c, int q, uint64_t *digits, int *exp10)
{
    if (q > 0 || q < -63 || (q < 0 && (c & ((UINT64_C(1) << -q) - 1)) != 0)) return 0;
    uint64_t d = c >> -q;
    int e = 0;
    while (d % 10 == 0) {
        d /= 10;
        ++e;
    }
    *digits = d;
    *exp10 = e;
    return 1;
}

void mmi_shortest_f64(double x, uint64_t *digits, int *exp10)
{
    uint64_t bits;
    memcpy(&bits, &x, sizeof bits);
    uint64_t t = bits & ((UINT64_C(1) << 52) - 1);
    int be = (int)(bits >> 52) & 0x7ff;
    *digits = 0;
    *exp10 = 0;
    if (be == 0 && t == 0) return;
    uint64_t c = be == 0 ? t : t | UINT64_C(1) << 52;
    int q = be == 0 ? -1074 : be - 1075;
    if (small_integer(c, q, digits, exp10)) return;
    shortest(c, q, t == 0 && be > 1, digits, exp10);
}

void mmi_shortest_f32(float x, uint64_t *digits, int *exp10)
{
    uint32_t bits;
    memcpy(&bits, &x, sizeof bits);
    uint32_t t = bits & ((UINT32_C(1) << 23) - 1);
    int be = (int)(bits >> 23) & 0xff;
    *digits = 0;
    *exp10 = 0;
    if (be == 0 && t == 0) return;
    uint64_t c = be == 0 ? t : t | UINT32_C(1) << 23;
    int q = be == 0 ? -149 : be - 150;
    if (small_integer(c, q, digits, exp10)) return;
    shortest(c, q, t == 0 && be > 1, digits, exp10);
}

/* The decimal digits of d (≥ 1) at the end of buf[0, 20); returns the first. */
static char *digits_text(uint64_t d, char *end)
{
    char *p = end;
    while (d >= 100) {
        unsigned pair = (unsigned)(d % 100);
        d /= 100;
        *--p = (char)('0' + pair % 10);
        *--p = (char)('0' + pair / 10);
    }
    if (d >= 10) *--p = (char)('0' + d % 10), d /= 10;
    *--p = (char)('0' + d);
    return p;
}

/* sign digits × 10^exp10 in "%.*g" style with P = max(digits, min_precision). */
static size_t format_decimal(char *out, int negative, uint64_t digits, int exp10,
                             int min_precision)
{
    char buf[20], *o = out;
    char *ds = digits_text(digits, buf + sizeof buf);
    int n = (int)(buf + sizeof buf - ds), e = exp10 + n - 1; /* e: of the first digit */
    int precision = n > min_precision ? n : min_precision;
    if (negative) *o++ = '-';
    if (e < -4 || e >= precision) {
        *o++ = ds[0];
        if (n > 1) {
            *o++ = '.';
            memcpy(o, ds + 1, (size_t)(n - 1));
            o += n - 1;
        }
        *o++ = 'e';
        *o++ = e < 0 ? '-' : '+';
        unsigned a = (unsigned)(e < 0 ? -e : e);
        if (a >= 100) *o++ = (char)('0' + a / 100);
        *o++ = (char)('0' + a / 10 % 10);
        *o++ = (char)('0' + a % 10);
    } else if (e >= 0) {
        int whole = e + 1 < n ? e + 1 : n;
        memcpy(o, ds, (size_t)whole);
        o += whole;
        for (int i = n; i < e + 1; ++i) *o++ = '0';
        if (whole < n) {
            *o++ = '.';
            memcpy(o, ds + whole, (size_t)(n - whole));
            o += n - whole;
        }
    } else {
        *o++ = '0';
        *o++ = '.';
        for (int i = 0; i < -e - 1; ++i) *o++ = '0';
        memcpy(o, ds, (size_t)n);
        o += n;
    }
    return (size_t)(o - out);
}

/* "inf", "-inf", "nan", "-nan" (glibc's "%g"); 0 when x is finite. */
static size_t format_special(char *out, int negative, int is_nan, int finite)
{
    if (finite) return 0;
    size_t n = 0;
    if (negative) out[n++] = '-';
    memcpy(out + n, is_nan ? "nan" : "inf", 3);
    return n + 3;
}

size_t mmi_format_f64(char *out, double x)
{
    uint64_t bits, digits;
    int exp10;
    memcpy(&bits, &x, sizeof bits);
    int negative = (int)(bits >> 63), be = (int)(bits >> 52) & 0x7ff;
    size_t n = format_special(out, negative, (bits << 12) != 0, be != 0x7ff);
    if (n > 0) return n;
    mmi_shortest_f64(x, &digits, &exp10);
    if (digits == 0) return format_decimal(out, negative, 0, 0, 1);
    return format_decimal(out, negative, digits, exp10, 15);
}

size_t mmi_format_f32(char *out, float x)
{
    uint32_t bits;
    uint64_t digits;
    int exp10;
    memcpy(&bits, &x, sizeof bits);
    int negative = (int)(bits >> 31), be = (int)(bits >> 23) & 0xff;
    size_t n = format_special(out, negative, (bits << 9) != 0, be != 0xff);
    if (n > 0) return n;
    mmi_shortest_f32(x, &digits, &exp10);
    if (digits == 0) return format_decimal(out, negative, 0, 0, 1);
    return format_decimal(out, negative, digits, exp10, 6);
}
