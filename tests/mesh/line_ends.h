/* line_ends.h: the text readers' tests on other line ends: a text written
 * with "\n" rewritten with "\r\n" (Windows) or a lone "\r" (classic Mac OS),
 * which every reader must read as the same lines. */
#ifndef MESHMAT_TESTS_MESH_LINE_ENDS_H
#define MESHMAT_TESTS_MESH_LINE_ENDS_H

#include <stdlib.h>
#include <string.h>

#include <check.h>

/* The line ends each test reads: the original, CRLF and CR-only. */
static const char *const mmt_line_ends[] = {"\n", "\r\n", "\r"};
#define MMT_NUM_LINE_ENDS 3

/* text with every "\n" replaced by eol; free() it. */
static inline char *mmt_with_line_ends(const char *text, const char *eol)
{
    size_t n = strlen(text), k = strlen(eol), lines = 0, j = 0;
    for (size_t i = 0; i < n; ++i) lines += text[i] == '\n';
    char *out = malloc(n + lines * k + 1);
    ck_assert_ptr_nonnull(out);
    for (size_t i = 0; i < n; ++i) {
        if (text[i] != '\n') {
            out[j++] = text[i];
            continue;
        }
        memcpy(out + j, eol, k);
        j += k;
    }
    out[j] = '\0';
    return out;
}

#endif
