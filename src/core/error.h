/* error.h: recording failures on a context (house style: one line naming the
 * public function, then where in the input, then what was expected). Public
 * entry points call MM_WHERE first; one the library also needs inside is
 * MM_WHERE then its body mmi_<name>, which internal code calls instead, so a
 * message names the function the user called. MM_FAIL records and jumps to
 * `done:`, MM_TRY propagates; both need a local `mm_status st`. */
#ifndef MESHMAT_CORE_ERROR_H
#define MESHMAT_CORE_ERROR_H

#include "meshmat/context.h"

#ifdef __cplusplus
extern "C" {
#endif

#define MM_WHERE(ctx) mmi_where((ctx), __func__)

#define MM_FAIL(ctx, code, ...)                         \
    do {                                                \
        st = mmi_fail((ctx), (code), __VA_ARGS__);      \
        goto done;                                      \
    } while (0)

#define MM_TRY(expr)                \
    do {                            \
        st = (expr);                \
        if (st != MM_OK) goto done; \
    } while (0)

/* Names the public function now running on ctx (used as the message prefix). */
void mmi_where(mm_context ctx, const char *function);

/* Records "function: <formatted detail>" as ctx's last error; returns code.
 * ctx may be NULL (nothing is recorded). */
mm_status mmi_fail(mm_context ctx, mm_status code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#ifdef __cplusplus
}
#endif
#endif
