/* test_text_scan.c: the readers' number scanner. Doubles must be correctly
 * rounded: glibc's strtod is, so it is the oracle, on hand-picked hard cases
 * (halfway points, subnormals, 19/20-digit mantissas, huge exponents) and on
 * 200,000 seeded random decimals. Integers: int64 limits and overflow. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mesh/text_scan.h"
#include "test_util.h"

/* Scans all of s as one double, asserting the whole token was taken. */
static double scan_all(const char *s)
{
    const char *p = s, *end = s + strlen(s);
    double v = -1;
    ck_assert_msg(mmi_scan_f64(&p, end, &v) == MMI_SCAN_OK, "'%s' not scanned", s);
    ck_assert_msg(p == end, "'%s' scanned only %d characters", s, (int)(p - s));
    return v;
}

static void assert_as_strtod(const char *s)
{
    double want = strtod(s, NULL), got = scan_all(s);
    ck_assert_msg(memcmp(&want, &got, sizeof got) == 0 || (isnan(want) && isnan(got)),
                  "'%s': %a, strtod gives %a", s, got, want);
}

START_TEST(scan_f64_rounds_hard_cases_like_strtod)
{
    static const char *const cases[] = {
        "0", "-0", "+0.0", "0.1", "-0.1", ".5", "5.", "1e23", "8.988465674311579e307",
        "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308",
        "2.2250738585072011e-308", "2.2250738585072012e-308", "4.9e-324", "2.4703282292062328e-324",
        "2.4703282292062327e-324", "1e-400", "1e400", "9007199254740993", "9007199254740992.5",
        "9007199254740993.0000000000000000001", "1234567890123456789", "12345678901234567890",
        "0.000000000000000000000000000000000000001234567890123456789012345",
        "123456789012345678901234567890e-30", "3.14159265358979323846264338327950288419716939937510",
        "1e22", "1e-22", "123456789e22", "1.5E+3", "7e-0", "0e999999999999", "1e-99999999999",
        ("0.70710678118654752440084436210484903928483593768847403658833986899536623923105351942519"
         "376716382078636750692311545614851246849149"), "inf", "-Infinity", "NaN", "-nan"};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) assert_as_strtod(cases[i]);
}
END_TEST

/* A long mantissa whose tail decides the rounding far beyond the kept digits:
 * 1 + 2^-53 (exactly halfway between two doubles) plus or minus a tiny bit. */
START_TEST(scan_f64_keeps_the_sticky_tail_of_long_mantissas)
{
    static char s[2200];
    const char *half = "1.00000000000000011102230246251565404236316680908203125";
    snprintf(s, sizeof s, "%s", half);
    assert_as_strtod(s); /* exactly halfway: ties to even, 1.0 */
    size_t n = strlen(s);
    memset(s + n, '0', 1500);
    s[n + 1500] = '1';
    s[n + 1501] = '\0';
    assert_as_strtod(s); /* just above halfway, 1500 zeros later: rounds up */
    ck_assert(scan_all(s) == 1.0 + 0x1p-52);
}
END_TEST

START_TEST(scan_f64_matches_strtod_on_random_decimals)
{
    unsigned long long x = 0x9E3779B97F4A7C15ull;
    char s[96];
    for (int t = 0; t < 200000; ++t) {
        size_t n = 0;
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        if (x >> 63) s[n++] = '-';
        int digits = 1 + (int)((x >> 20) % 25), point = (int)((x >> 30) % (unsigned)(digits + 1));
        for (int d = 0; d < digits; ++d) {
            x = x * 6364136223846793005ull + 1442695040888963407ull;
            if (d == point) s[n++] = '.';
            s[n++] = (char)('0' + (x >> 33) % 10);
        }
        int e = (int)((x >> 40) % 700) - 350;
        if ((x >> 50) & 1) n += (size_t)snprintf(s + n, sizeof s - n, "e%d", e);
        s[n] = '\0';
        assert_as_strtod(s);
    }
}
END_TEST

START_TEST(scan_f64_stops_at_the_end_of_the_number)
{
    const char *text = "1.5e3x 2e 7e+ -.e5";
    const char *p = text, *end = text + strlen(text);
    double v;
    ck_assert_int_eq(mmi_scan_f64(&p, end, &v), MMI_SCAN_OK);
    ck_assert(v == 1500.0 && *p == 'x');
    p = text + 7; /* "2e": the e without digits is not part of the number */
    ck_assert_int_eq(mmi_scan_f64(&p, end, &v), MMI_SCAN_OK);
    ck_assert(v == 2.0 && *p == 'e');
    p = text + 10; /* "7e+" */
    ck_assert_int_eq(mmi_scan_f64(&p, end, &v), MMI_SCAN_OK);
    ck_assert(v == 7.0 && *p == 'e');
    const char *q = text + 14; /* "-.e5": no digits */
    p = q;
    ck_assert_int_eq(mmi_scan_f64(&p, end, &v), MMI_SCAN_NONE);
    ck_assert_ptr_eq(p, q);
    const char *cut = "12.5"; /* the buffer ends inside the number: no NUL is read */
    p = cut;
    ck_assert_int_eq(mmi_scan_f64(&p, cut + 3, &v), MMI_SCAN_OK);
    ck_assert(v == 12.0 && p == cut + 3);
    char *sign = malloc(1); /* a lone sign at the very end of a heap buffer (ASan checks) */
    ck_assert_ptr_nonnull(sign);
    sign[0] = '-';
    p = sign;
    ck_assert_int_eq(mmi_scan_f64(&p, sign + 1, &v), MMI_SCAN_NONE);
    ck_assert_ptr_eq(p, sign);
    free(sign);
}
END_TEST

START_TEST(scan_i64_detects_overflow)
{
    static const struct {
        const char *s;
        mmi_scan_result r;
        int64_t v;
    } cases[] = {{"0", MMI_SCAN_OK, 0},
                 {"-17", MMI_SCAN_OK, -17},
                 {"+42", MMI_SCAN_OK, 42},
                 {"9223372036854775807", MMI_SCAN_OK, INT64_MAX},
                 {"-9223372036854775808", MMI_SCAN_OK, INT64_MIN},
                 {"9223372036854775808", MMI_SCAN_RANGE, 0},
                 {"-9223372036854775809", MMI_SCAN_RANGE, 0},
                 {"99999999999999999999", MMI_SCAN_RANGE, 0},
                 {"-", MMI_SCAN_NONE, 0},
                 {"x1", MMI_SCAN_NONE, 0}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        const char *p = cases[i].s, *end = p + strlen(p);
        int64_t v = 0;
        mmi_scan_result r = mmi_scan_i64(&p, end, &v);
        ck_assert_msg(r == cases[i].r, "'%s': result %d", cases[i].s, (int)r);
        if (r == MMI_SCAN_OK) ck_assert_int_eq(v, cases[i].v);
        if (r != MMI_SCAN_NONE) ck_assert_ptr_eq(p, end);
    }
}
END_TEST

START_TEST(describe_token_quotes_and_shortens)
{
    char buf[64];
    const char *t = "abc def";
    ck_assert_str_eq(mmi_describe_token(t, t + 7, buf, sizeof buf), "'abc'");
    ck_assert_str_eq(mmi_describe_token(t + 3, t + 3, buf, sizeof buf), "end of file");
    const char *nl = "  \r\nx";
    ck_assert_str_eq(mmi_describe_token(nl, nl + 5, buf, sizeof buf), "end of line");
    const char *bin = "\x01\x80z";
    ck_assert_str_eq(mmi_describe_token(bin, bin + 3, buf, sizeof buf), "'??z'");
    const char *longer = "abcdefghijklmnopqrstuvwxyz0123";
    ck_assert_str_eq(mmi_describe_token(longer, longer + 30, buf, sizeof buf),
                     "'abcdefghijklmnopqrstuvwx…'");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("text_scan");
    TCase *tc = tcase_create("scan");
    /* 200000 random decimals against strtod: about 3 s, near Check's
     * default 4 s per test case. */
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, scan_f64_rounds_hard_cases_like_strtod);
    tcase_add_test(tc, scan_f64_keeps_the_sticky_tail_of_long_mantissas);
    tcase_add_test(tc, scan_f64_matches_strtod_on_random_decimals);
    tcase_add_test(tc, scan_f64_stops_at_the_end_of_the_number);
    tcase_add_test(tc, scan_i64_detects_overflow);
    tcase_add_test(tc, describe_token_quotes_and_shortens);
    suite_add_tcase(s, tc);
    return mmt_run(s);
}
