/* test_util.h: what every test executable shares: the context under test
 * (MESHMAT_TEST_BACKEND=cpu|cuda|auto picks its backend, cpu by default),
 * paths to the shipped and shared models, and the Check runner. */
#ifndef MESHMAT_TEST_UTIL_H
#define MESHMAT_TEST_UTIL_H

#include <check.h>
#include "meshmat.h"

/* Exit code that CTest reads as "skipped" (SKIP_RETURN_CODE). */
#define MMT_SKIP_EXIT 77

/* The backend under test (MESHMAT_TEST_BACKEND). */
mm_backend mmt_backend(void);
/* A context on the backend under test; fails the test when it cannot be made. */
mm_context mmt_context(void);
/* A context on an explicit backend, or NULL when that backend is unavailable. */
mm_context mmt_context_on(mm_backend backend);

/* Whether a CUDA device can be used, probed in a child process: a process
 * that has touched the CUDA runtime cannot use it in the children Check forks
 * for each test, so test mains must call this, never mm_cuda_available. */
int mmt_cuda_available(void);

/* Path of a file in the project's models/ folder (static buffer). */
const char *mmt_project_path(const char *relative);
/* Path of ../shared/models/<relative>, or NULL when the folder is absent
 * (MESHMAT_SHARED_MODELS overrides the folder). */
const char *mmt_shared_model(const char *relative);

/* The allocation-failure sweep (SQLite style): for k = 0, 1, … makes the k-th
 * allocation on ctx fail and calls attempt(ctx, arg), until it returns MM_OK.
 * Every failing attempt must return MM_ERR_OUT_OF_MEMORY, and after every
 * attempt the host and device bytes in use must be back at their baseline (an
 * attempt frees what it made on success). Returns the number of failures. */
typedef mm_status (*mmt_attempt)(mm_context ctx, void *arg);
int64_t mmt_sweep_allocations(mm_context ctx, mmt_attempt attempt, void *arg);

/* Runs the suite, prints Check's summary, returns the process exit code. */
int mmt_run(Suite *s);

/* Asserts st == MM_OK, printing mm_last_error(ctx) otherwise. */
#define MMT_OK(ctx, expr)                                                             \
    do {                                                                              \
        mm_status mmt_st_ = (expr);                                                   \
        ck_assert_msg(mmt_st_ == MM_OK, "%s -> %s: %s", #expr,                        \
                      mm_status_string(mmt_st_), (ctx) ? mm_last_error(ctx) : "");    \
    } while (0)

#endif
