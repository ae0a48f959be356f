/* test_shortest_decimal.c: the shortest round-trip formatter
 * (src/mesh/shortest_decimal.c) against the C library as the independent
 * reference, for float64 and float32: random bit patterns over every
 * exponent, subnormals, powers of ten and of two, the neighbours of each,
 * ±0, the largest and smallest values. For each value:
 *   (a) the text reads back (strtod / strtof) to the same bits;
 *   (b) no decimal with fewer significant digits reads back: for every
 *       shorter count m, the two m-digit decimals around x (glibc's correctly
 *       rounded "%.*e" and its neighbour on the other side of x) both fail;
 *   (c) the digits are the nearest of their length: glibc's correctly rounded
 *       decimal of that length when it reads back, else its neighbour;
 *   (d) the text follows the "%.*g" rules with P = max(digits, 15) (float32:
 *       6): byte for byte what snprintf prints with that precision, '.'
 *       whatever the locale.
 * Every binary exponent is among the values, which also checks the
 * fixed-point logarithms the formatter picks its power of ten with. */
#include <float.h>
#include <locale.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mesh/shortest_decimal.h"
#include "test_util.h"

/* xorshift64*: reproducible random bits. */
static uint64_t next_random(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * UINT64_C(2685821657736338717);
}

static double f64_of(uint64_t bits)
{
    double x;
    memcpy(&x, &bits, sizeof x);
    return x;
}

static float f32_of(uint32_t bits)
{
    float x;
    memcpy(&x, &bits, sizeof x);
    return x;
}

/* Does the decimal D × 10^e (D ≥ 0) read back to x (float32 when single)? */
static int reads_back(uint64_t d, int e, double x, int single)
{
    char buf[64];
    snprintf(buf, sizeof buf, "%llue%d", (unsigned long long)d, e);
    if (single) {
        float y = strtof(buf, NULL), fx = (float)x;
        return memcmp(&y, &fx, sizeof y) == 0;
    }
    double y = strtod(buf, NULL);
    return memcmp(&y, &x, sizeof y) == 0;
}

/* |x| correctly rounded to m significant digits: D × 10^e with D of m digits. */
static void rounded(double x, int m, uint64_t *d, int *e)
{
    char buf[64], *p = buf, *q;
    snprintf(buf, sizeof buf, "%.*e", m - 1, fabs(x));
    uint64_t v = 0;
    for (; *p != 'e'; ++p)
        if (*p >= '0' && *p <= '9') v = v * 10 + (uint64_t)(*p - '0');
    *e = (int)strtol(p + 1, &q, 10) - (m - 1);
    *d = v;
}

/* The m-digit decimals around |x|: T × 10^e ≤ |x| < (T + 1) × 10^e (from
 * glibc's exact expansion: every double has one of at most 767 digits). */
static void neighbours(double x, int m, uint64_t *t, int *e)
{
    char buf[1024], *p = buf, *q;
    snprintf(buf, sizeof buf, "%.780e", fabs(x));
    uint64_t v = 0;
    for (int taken = 0; taken < m; ++p)
        if (*p >= '0' && *p <= '9') v = v * 10 + (uint64_t)(*p - '0'), ++taken;
    p = strchr(buf, 'e');
    *e = (int)strtol(p + 1, &q, 10) - (m - 1);
    *t = v;
}

static int digit_count(uint64_t d)
{
    int n = 1;
    while (d >= 10) d /= 10, ++n;
    return n;
}

/* Checks (a)–(d) for x (float32 when single); the value in the message. */
static void check_value(double x, int single)
{
    uint64_t digits;
    int e10;
    char text[MMI_SHORTEST_MAX + 1], ref[64];
    size_t len = single ? mmi_format_f32(text, (float)x) : mmi_format_f64(text, x);
    ck_assert_uint_le(len, MMI_SHORTEST_MAX);
    text[len] = '\0';
    if (single) mmi_shortest_f32((float)x, &digits, &e10);
    else mmi_shortest_f64(x, &digits, &e10);
    /* (a) */
    if (single) {
        float y = strtof(text, NULL), fx = (float)x;
        ck_assert_msg(memcmp(&y, &fx, 4) == 0, "float %a printed as %s", (double)fx, text);
    } else {
        double y = strtod(text, NULL);
        ck_assert_msg(memcmp(&y, &x, 8) == 0, "double %a printed as %s", x, text);
    }
    if (x == 0) {
        ck_assert_str_eq(text, signbit(x) ? "-0" : "0");
        return;
    }
    ck_assert_msg(digits % 10 != 0, "%a: digits %llu keep a trailing zero", x,
                  (unsigned long long)digits);
    ck_assert_msg(reads_back(digits, e10, fabs(x), single),
                  "%a: %llue%d does not read back", x, (unsigned long long)digits, e10);
    int n = digit_count(digits);
    ck_assert_int_le(n, single ? 9 : 17);
    /* (b) */
    for (int m = 1; m < n; ++m) {
        uint64_t t;
        int e;
        neighbours(x, m, &t, &e);
        ck_assert_msg(!reads_back(t, e, fabs(x), single) && !reads_back(t + 1, e, fabs(x), single),
                      "%a (%s): %d digits read back, %d given", x, text, m, n);
    }
    /* (c) */
    uint64_t d, t;
    int e, te;
    rounded(x, n, &d, &e);
    neighbours(x, n, &t, &te);
    if (!reads_back(d, e, fabs(x), single)) { /* the other one of T, T + 1 */
        int was_t = d == t && e == te;
        d = was_t ? t + 1 : t;
        e = te;
    }
    while (d % 10 == 0) d /= 10, ++e;
    ck_assert_msg(d == digits && e == e10, "%a: %llue%d given, the nearest is %llue%d", x,
                  (unsigned long long)digits, e10, (unsigned long long)d, e);
    /* (d), where "%.*g" prints the same digits: it prints P of them even
     * where fewer read back (subnormals), and the nearest of n digits even
     * where that one does not read back (at powers of two) */
    int p = n > (single ? 6 : 15) ? n : (single ? 6 : 15);
    snprintf(ref, sizeof ref, "%.*g", p, x);
    char *comma = strchr(ref, ',');
    if (comma != NULL) *comma = '.';
    uint64_t rd;
    int re;
    rounded(x, p, &rd, &re);
    while (rd % 10 == 0) rd /= 10, ++re;
    if (rd == digits && re == e10) ck_assert_str_eq(text, ref);
    else ck_assert_msg(fabs(x) < (single ? FLT_MIN : DBL_MIN) || !reads_back(rd, re, fabs(x), single),
                       "%a: %s, \"%%.*g\" %s", x, text, ref);
}

static void check_f64_bits(uint64_t bits)
{
    double x = f64_of(bits);
    if (isfinite(x)) check_value(x, 0);
}

static void check_f32_bits(uint32_t bits)
{
    float x = f32_of(bits);
    if (isfinite(x)) check_value(x, 1);
}

START_TEST(float64_random_bit_patterns)
{
    uint64_t s = UINT64_C(0x9E3779B97F4A7C15) + (uint64_t)_i;
    for (int i = 0; i < 12000; ++i) {
        uint64_t r = next_random(&s);
        check_f64_bits(r);
        /* every exponent equally: a random significand under exponent i % 2047 */
        check_f64_bits((r & ((UINT64_C(1) << 52) - 1)) | (uint64_t)(i % 2047) << 52 |
                       (r >> 63) << 63);
        /* short significands: the ends of long runs of zeros or ones */
        check_f64_bits((r & ~((UINT64_C(1) << 40) - 1)) | (r & 1 ? 0 : (UINT64_C(1) << 40) - 1));
    }
}
END_TEST

START_TEST(float64_special_values)
{
    static const double fixed[] = {0.0, -0.0, DBL_MIN, DBL_MAX, DBL_TRUE_MIN, -DBL_MAX, 1.0,
                                   0.1, 0.2, 0.3, 1.0 / 3.0, 2.0 / 3.0, 5e-324, 1e23, 9007199254740993.0,
                                   123456789012345678.0, 1e15, 1e16, 1e-5, 1e-4, 0.5, 100.0};
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; ++i) check_value(fixed[i], 0);
    for (int e = -325; e <= 309; ++e) { /* powers of ten and their neighbours */
        char buf[32];
        snprintf(buf, sizeof buf, "1e%d", e);
        double x = strtod(buf, NULL);
        if (!isfinite(x) || x == 0) continue;
        uint64_t bits;
        memcpy(&bits, &x, 8);
        for (int d = -2; d <= 2; ++d) check_f64_bits(bits + (uint64_t)(int64_t)d);
    }
    for (uint64_t be = 0; be < 2047; ++be) { /* powers of two and their neighbours */
        uint64_t bits = be << 52;
        check_f64_bits(bits);
        check_f64_bits(bits + 1);
        if (bits > 0) check_f64_bits(bits - 1);
    }
    for (uint64_t t = 1; t < 5000; ++t) check_f64_bits(t); /* the smallest subnormals */
    for (uint64_t t = 1; t < 2000; ++t) { /* integers and half-integers near 2^53 */
        check_value(9007199254740992.0 - (double)t, 0);
        check_value((double)t + 0.5, 0);
        check_value((double)t * 1e-3, 0);
    }
}
END_TEST

START_TEST(float32_random_and_special_values)
{
    uint64_t s = UINT64_C(0xD1B54A32D192ED03) + (uint64_t)_i;
    for (int i = 0; i < 20000; ++i) {
        uint32_t r = (uint32_t)(next_random(&s) >> 32);
        check_f32_bits(r);
        check_f32_bits((r & 0x807FFFFFu) | (uint32_t)(i % 255) << 23);
    }
    for (uint32_t be = 0; be < 255; ++be) {
        check_f32_bits(be << 23);
        check_f32_bits((be << 23) + 1);
        if (be > 0) check_f32_bits((be << 23) - 1);
    }
    for (uint32_t t = 1; t < 20000; ++t) check_f32_bits(t);
    for (int e = -46; e <= 39; ++e) {
        char buf[32];
        snprintf(buf, sizeof buf, "1e%d", e);
        float x = strtof(buf, NULL);
        if (!isfinite(x) || x == 0) continue;
        uint32_t bits;
        memcpy(&bits, &x, 4);
        for (int d = -2; d <= 2; ++d) check_f32_bits(bits + (uint32_t)d);
    }
    static const float fixed[] = {0.0f, -0.0f, FLT_MIN, FLT_MAX, 1e-45f, 0.1f, 0.3f, 16777216.0f,
                                  16777215.0f, 1234567.0f, 3.4028235e38f};
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; ++i) check_value(fixed[i], 1);
}
END_TEST

START_TEST(text_ignores_the_locale)
{
    /* A locale with a decimal comma, where one is installed: the text stays '.'. */
    const char *names[] = {"de_DE.UTF-8", "fr_FR.UTF-8", "de_DE", "C.UTF-8"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; ++i)
        if (setlocale(LC_NUMERIC, names[i]) != NULL) break;
    char text[MMI_SHORTEST_MAX + 1];
    size_t n = mmi_format_f64(text, 0.25);
    text[n] = '\0';
    setlocale(LC_NUMERIC, "C");
    ck_assert_str_eq(text, "0.25");
    n = mmi_format_f64(text, -1.5e-7);
    text[n] = '\0';
    ck_assert_str_eq(text, "-1.5e-07");
    n = mmi_format_f64(text, 1e100);
    text[n] = '\0';
    ck_assert_str_eq(text, "1e+100");
    n = mmi_format_f32(text, 1e6f);
    text[n] = '\0';
    ck_assert_str_eq(text, "1e+06");
    n = mmi_format_f64(text, 1e6);
    text[n] = '\0';
    ck_assert_str_eq(text, "1000000");
}
END_TEST

START_TEST(non_finite_values_print_as_glibc)
{
    char text[MMI_SHORTEST_MAX + 1], ref[16];
    const double xs[] = {INFINITY, -INFINITY, NAN, -NAN};
    for (int i = 0; i < 4; ++i) {
        size_t n = mmi_format_f64(text, xs[i]);
        text[n] = '\0';
        snprintf(ref, sizeof ref, "%g", xs[i]);
        ck_assert_str_eq(text, ref);
        n = mmi_format_f32(text, (float)xs[i]);
        text[n] = '\0';
        snprintf(ref, sizeof ref, "%g", (double)(float)xs[i]);
        ck_assert_str_eq(text, ref);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("shortest_decimal");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, float64_random_bit_patterns, 0, 4);
    tcase_add_test(tc, float64_special_values);
    tcase_add_loop_test(tc, float32_random_and_special_values, 0, 2);
    tcase_add_test(tc, text_ignores_the_locale);
    tcase_add_test(tc, non_finite_values_print_as_glibc);
    suite_add_tcase(s, tc);
    return mmt_run(s);
}
