/* test_util.c: the shared pieces of the test executables (see test_util.h). */
#include "core/memory.h"
#include "test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

void mmt_set_threads(int n)
{
#ifdef _OPENMP
    omp_set_num_threads(n);
#else
    (void)n;
#endif
}

mm_backend mmt_backend(void)
{
    const char *b = getenv("MESHMAT_TEST_BACKEND");
    if (b == NULL || strcmp(b, "cpu") == 0) return MM_BACKEND_CPU;
    if (strcmp(b, "cuda") == 0) return MM_BACKEND_CUDA;
    return MM_BACKEND_AUTO;
}

mm_context mmt_context_on(mm_backend backend)
{
    mm_context_options o = mm_context_options_default();
    o.backend = backend;
    mm_context ctx = NULL;
    if (mm_context_new(&ctx, &o) != MM_OK) return NULL;
    return ctx;
}

mm_context mmt_context_direct(void)
{
    mm_context_options o = mm_context_options_default();
    o.backend = mmt_backend();
    o.timing = 1;
    mm_context ctx = NULL;
    ck_assert_int_eq(mm_context_new(&ctx, &o), MM_OK);
    return ctx;
}

mm_context mmt_context(void)
{
    mm_context ctx = mmt_context_on(mmt_backend());
    ck_assert_msg(ctx != NULL, "cannot make a context on the backend under test");
    return ctx;
}

int mmt_cuda_available(void)
{
    pid_t pid = fork();
    if (pid == 0) _exit(mm_cuda_available() ? 0 : 1);
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) != pid) return 0;
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

int64_t mmt_sweep_allocations(mm_context ctx, mmt_attempt attempt, void *arg)
{
    int64_t host = mm_context_bytes_in_use(ctx, MM_MEMORY_HOST);
    int64_t device = mm_context_bytes_in_use(ctx, MM_MEMORY_DEVICE);
    for (int64_t k = 0;; ++k) {
        mmi_test_fail_alloc_after(ctx, k);
        mm_status st = attempt(ctx, arg);
        mmi_test_fail_alloc_after(ctx, -1);
        ck_assert_msg(st == MM_OK || st == MM_ERR_OUT_OF_MEMORY, "failure %lld: %s: %s",
                      (long long)k, mm_status_string(st), mm_last_error(ctx));
        ck_assert_int_eq(mm_context_bytes_in_use(ctx, MM_MEMORY_HOST), host);
        ck_assert_int_eq(mm_context_bytes_in_use(ctx, MM_MEMORY_DEVICE), device);
        if (st == MM_OK) return k;
    }
}

TCase *mmt_models_tcase(void)
{
    TCase *tc = tcase_create(MMT_MODELS_TCASE);
    tcase_set_tags(tc, MMT_MODELS_TCASE);
    return tc;
}

int mmt_run(Suite *s)
{
    /* The test case asked for (CK_RUN_CASE), if any, and whether main added it. */
    const char *wanted = getenv("CK_RUN_CASE");
    int added = wanted == NULL || suite_tcase(s, wanted);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int run = srunner_ntests_run(sr), failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    if (mmt_skips() > 0) printf("%d skipped (the lines starting \"skipped:\")\n", mmt_skips());
    if (run > 0) return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
    /* Nothing ran. Skipped when main left the model cases out for lack of
     * models: the whole suite, or the models case that was asked for. A
     * failure for any other reason: no skips, a case asked for that this
     * executable does not have, or one added with no test. */
    if (mmt_skips() > 0 &&
        (wanted == NULL || (strcmp(wanted, MMT_MODELS_TCASE) == 0 && !added)))
        return MMT_SKIP_EXIT;
    if (!added)
        printf("no test case ran: no test case \"%s\" (CK_RUN_CASE) in this executable\n",
               wanted);
    else
        printf("no test case ran\n");
    return EXIT_FAILURE;
}
