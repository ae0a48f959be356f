/* mmt_cli.h: running commands and the meshmat tool from a test, in the
 * project folder, with stdout and stderr captured. The tool is
 * $MESHMAT_CLI when set (the GPU machine runs another build folder), else
 * MESHMAT_CLI, which tests/CMakeLists.txt defines for the tests that include
 * this header. */
#ifndef MESHMAT_TEST_CLI_H
#define MESHMAT_TEST_CLI_H

#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>

#include "test_util.h"

/* Runs the shell command cmd in the project folder, stdout and stderr into
 * out (NUL-terminated, cut to len - 1 bytes); returns the exit code, -1
 * when the command did not exit. */
static inline int mmt_shell(char *out, size_t len, const char *cmd)
{
    char line[16384];
    snprintf(line, sizeof line, "cd '%s' && %s 2>&1", mmt_project_path(""), cmd);
    FILE *p = popen(line, "r");
    ck_assert_ptr_nonnull(p);
    size_t n = fread(out, 1, len - 1, p);
    out[n] = '\0';
    int status = pclose(p);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Runs `meshmat ARGS` as mmt_shell does. */
static inline int mmt_cli(char *out, size_t len, const char *args)
{
    char cmd[8192];
    const char *cli = getenv("MESHMAT_CLI");
    snprintf(cmd, sizeof cmd, "'%s' %s", cli != NULL ? cli : MESHMAT_CLI, args);
    return mmt_shell(out, len, cmd);
}

#endif
