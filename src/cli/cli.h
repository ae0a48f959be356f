/* cli.h: what the `meshmat` subcommands share: exit codes, the common options
 * (--backend, --precision, --strict), context creation and error reporting.
 * Only the CLI prints; the library never does. */
#ifndef MESHMAT_CLI_H
#define MESHMAT_CLI_H

#include "meshmat.h"

/* Exit codes (documented in docs/cli.md). */
enum {
    CLI_OK = 0,        /* success                                                  */
    CLI_FAILED = 1,    /* the operation failed: bad or unreadable input, I/O error */
    CLI_USAGE = 2,     /* the command line is wrong                                */
    CLI_NO_DEVICE = 3  /* --backend cuda, but no CUDA device can be used           */
};

typedef struct cli_common {
    mm_backend backend;
    mm_type precision;
    int strict;        /* refuse faces that repeat a vertex */
} cli_common;

void cli_common_default(cli_common *c);
/* Consumes argv[*i] (and its value) when it is a common option; returns 1 if
 * consumed, 0 if not, -1 on a bad value (a message was printed). */
int cli_common_parse(cli_common *c, int argc, char **argv, int *i);
/* Makes the context; prints why and returns the exit code on failure. */
int cli_context(const cli_common *c, mm_context *ctx);
/* Prints "meshmat <cmd>: <status>: <last error>" to stderr; returns CLI_FAILED. */
int cli_fail(const char *cmd, mm_context ctx, mm_status st);
/* Reads a mesh with the common options. */
mm_status cli_read(mm_context ctx, const cli_common *c, const char *path, mm_mesh *mesh);
double cli_now_ms(void);

int cli_info(int argc, char **argv);
int cli_convert(int argc, char **argv);
int cli_subdiv(int argc, char **argv);

#endif
