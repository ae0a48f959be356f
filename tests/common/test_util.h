/* test_util.h: what every test executable shares: the context under test
 * (MESHMAT_TEST_BACKEND=cpu|cuda|auto picks its backend, cpu by default),
 * paths to the shipped and shared models and the skips (mmt_models.h), and
 * the Check runner. */
#ifndef MESHMAT_TEST_UTIL_H
#define MESHMAT_TEST_UTIL_H

#include <check.h>
#include "meshmat.h"
#include "mmt_models.h"

/* Exit code that CTest reads as "skipped" (SKIP_RETURN_CODE): a test main
 * returns it when nothing it tests can run here (no CUDA device, or only
 * shared models and none present). */
#define MMT_SKIP_EXIT 77

/* The backend under test (MESHMAT_TEST_BACKEND). */
mm_backend mmt_backend(void);
/* A context on the backend under test; fails the test when it cannot be made. */
mm_context mmt_context(void);
/* mmt_context with stage timers on, so that small evaluations on CUDA run
 * directly instead of being replayed from a graph whose arrays the handle
 * keeps: for allocation sweeps, whose invariant (a call leaves no more memory
 * in use than before) those kept arrays would not meet. */
mm_context mmt_context_direct(void);
/* The OpenMP threads the CPU backend's loops run on from now (nothing in a
 * build without OpenMP). */
void mmt_set_threads(int n);

/* A context on an explicit backend, or NULL when that backend is unavailable. */
mm_context mmt_context_on(mm_backend backend);

/* Whether a CUDA device can be used, probed in a child process: a process
 * that has touched the CUDA runtime cannot use it in the children Check forks
 * for each test, so test mains must call this, never mm_cuda_available. */
int mmt_cuda_available(void);

/* The allocation-failure sweep (SQLite style): for k = 0, 1, … makes the k-th
 * allocation on ctx fail and calls attempt(ctx, arg), until it returns MM_OK.
 * Every failing attempt must return MM_ERR_OUT_OF_MEMORY, and after every
 * attempt the host and device bytes in use must be back at their baseline (an
 * attempt frees what it made on success). Returns the number of failures. */
typedef mm_status (*mmt_attempt)(mm_context ctx, void *arg);
int64_t mmt_sweep_allocations(mm_context ctx, mmt_attempt attempt, void *arg);

/* The name and tag of the test case holding an executable's checks on shared
 * models. tests/CMakeLists.txt registers an executable whose source calls
 * mmt_models_tcase twice: <name> with CK_EXCLUDE_TAGS=models (the rest) and
 * <name>_models with CK_RUN_CASE=models (Check 0.15 honours both; it has no
 * variable that excludes a test case by name, hence the tag). */
#define MMT_MODELS_TCASE "models"
/* A new test case named and tagged MMT_MODELS_TCASE. A main adds it to its
 * suite only when it has given it a test, i.e. when the models it needs are
 * present; otherwise it has reported the skips (mmt_need_shared_model). */
TCase *mmt_models_tcase(void);

/* Runs the suite, prints Check's summary and the number of skips (mmt_skip),
 * returns the process exit code: MMT_SKIP_EXIT when no test ran and skips were
 * reported (and the test case CK_RUN_CASE asks for, if any, was not added),
 * else failure when a test failed or none ran. */
int mmt_run(Suite *s);

/* Asserts st == MM_OK, printing mm_last_error(ctx) otherwise. */
#define MMT_OK(ctx, expr)                                                             \
    do {                                                                              \
        mm_status mmt_st_ = (expr);                                                   \
        ck_assert_msg(mmt_st_ == MM_OK, "%s -> %s: %s", #expr,                        \
                      mm_status_string(mmt_st_), (ctx) ? mm_last_error(ctx) : "");    \
    } while (0)

#endif
