/* mmt_models.c: the model paths and skips of mmt_models.h. */
#include "mmt_models.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int skips;

/* The project root: MESHMAT_SOURCE_DIR from the environment (the GPU machine
 * runs the binaries from another folder), else the one they were built from. */
static const char *source_dir(void)
{
    const char *dir = getenv("MESHMAT_SOURCE_DIR");
    return dir != NULL ? dir : MESHMAT_SOURCE_DIR;
}

const char *mmt_project_path(const char *relative)
{
    static char buf[4096];
    snprintf(buf, sizeof buf, "%s/%s", source_dir(), relative);
    return buf;
}

const char *mmt_shared_models_dir(void)
{
    static char buf[4096];
    const char *dir = getenv("MESHMAT_SHARED_MODELS");
    if (dir != NULL)
        snprintf(buf, sizeof buf, "%s", dir);
    else
        snprintf(buf, sizeof buf, "%s/../shared/models", source_dir());
    return buf;
}

const char *mmt_shared_model(const char *relative)
{
    static char buf[4200];
    snprintf(buf, sizeof buf, "%s/%s", mmt_shared_models_dir(), relative);
    struct stat sb;
    return stat(buf, &sb) == 0 ? buf : NULL;
}

/* Whether the shared models folder exists and holds anything. */
static int have_shared_models(void)
{
    DIR *d = opendir(mmt_shared_models_dir());
    struct dirent *e;
    int found = 0;
    while (d != NULL && !found && (e = readdir(d)) != NULL) found = e->d_name[0] != '.';
    if (d != NULL) closedir(d);
    return found;
}

void mmt_skip(const char *what, const char *why)
{
    printf("skipped: %s (%s)\n", what, why);
    /* Check forks after this: flushed, the line cannot be printed again by a child. */
    fflush(stdout);
    ++skips;
}

void mmt_skip_models(const char *what)
{
    char why[4200];
    snprintf(why, sizeof why, "%s shared models at %s",
             have_shared_models() ? "not among the" : "no", mmt_shared_models_dir());
    mmt_skip(what, why);
}

const char *mmt_need_shared_model(const char *relative, const char *what)
{
    static char last_what[512];
    const char *path = mmt_shared_model(relative);
    if (path != NULL) return path;
    if (!have_shared_models()) {
        /* One line for all of `what`'s models, not one per model. */
        if (strcmp(last_what, what) != 0) mmt_skip_models(what);
        snprintf(last_what, sizeof last_what, "%s", what);
        return NULL;
    }
    char about[1024], why[4200];
    snprintf(about, sizeof about, "%s: %s", what, relative);
    snprintf(why, sizeof why, "absent from %s", mmt_shared_models_dir());
    mmt_skip(about, why);
    return NULL;
}

int mmt_need_shared_models(const char *const *names, int n, const char *what, int *present)
{
    int count = 0;
    for (int i = 0; i < n; ++i)
        if (mmt_need_shared_model(names[i], what) != NULL) present[count++] = i;
    return count;
}

int mmt_skips(void)
{
    return skips;
}
