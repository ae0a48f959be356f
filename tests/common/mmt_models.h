/* mmt_models.h: where the tests find their models — the project's models/
 * and the shared models (../shared/models beside the project, or the folder
 * MESHMAT_SHARED_MODELS names) — and how a test reports the checks it skips
 * when shared models are absent. Free of Check, so the C++ oracle tests use it
 * too.
 *
 * Skips are decided in main, before the suite runs, by not adding the test
 * cases that cannot run: Check runs each test case in a child process, which
 * cannot report a skip, and a test case that returns early counts as passed.
 * mmt_run (test_util.h) prints the number of skips after Check's summary and
 * exits with MMT_SKIP_EXIT when they left no test case to run. */
#ifndef MESHMAT_TEST_MODELS_H
#define MESHMAT_TEST_MODELS_H

#ifdef __cplusplus
extern "C" {
#endif

/* Path of a file in the project's models/ folder (static buffer). */
const char *mmt_project_path(const char *relative);

/* The shared models folder, whether it exists or not (static buffer). */
const char *mmt_shared_models_dir(void);
/* Path of <shared models folder>/<relative>, or NULL when absent (static
 * buffer, overwritten by the next call). */
const char *mmt_shared_model(const char *relative);

/* Prints "skipped: <what> (<why>)" and counts the skip. */
void mmt_skip(const char *what, const char *why);
/* Skips `what` for lack of shared models: "(no shared models at <folder>)"
 * when the folder is absent or empty, else "(not among the shared models at
 * <folder>)". */
void mmt_skip_models(const char *what);
/* Path of the shared model that the checks of `what` need (as
 * mmt_shared_model), or NULL with the skip reported: once per `what` when
 * the folder is absent or empty ("no shared models at <folder>"), else once
 * per missing file ("skipped: <what>: <relative> (absent from <folder>)"). */
const char *mmt_need_shared_model(const char *relative, const char *what);
/* The shared models among names[0 … n−1] that `what` needs: the indices of
 * those present, in order, into present[] (n entries at most), each absent
 * one reported as mmt_need_shared_model does. Returns how many are present. */
int mmt_need_shared_models(const char *const *names, int n, const char *what, int *present);
/* The number of skips reported so far. */
int mmt_skips(void);

#ifdef __cplusplus
}
#endif
#endif
