/* cli.h: what the `meshmat` subcommands share: exit codes, the common options
 * (--backend, --precision, --strict), context creation and error reporting.
 * Only the CLI prints; the library never does. */
#ifndef MESHMAT_CLI_H
#define MESHMAT_CLI_H

#include <stddef.h>

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
    int weld;          /* CLI_WELD_*: merge vertices at one position after reading */
    double weld_tolerance; /* --weld TOL (0: exact)                                */
} cli_common;

/* When cli_read welds (mm_mesh_weld): STL input only, exactly (the default:
 * an STL file is a triangle soup), never (--no-weld), always (--weld). */
enum { CLI_WELD_STL = -1, CLI_WELD_NEVER = 0, CLI_WELD_ALWAYS = 1 };

void cli_common_default(cli_common *c);
/* Consumes argv[*i] (and its value) when it is a common option; returns 1 if
 * consumed, 0 if not, -1 on a bad value (a message was printed). */
int cli_common_parse(cli_common *c, int argc, char **argv, int *i);
/* Makes the context; prints why and returns the exit code on failure. */
int cli_context(const cli_common *c, mm_context *ctx);
/* Prints "meshmat <cmd>: <status>: <last error>" to stderr; returns CLI_FAILED. */
int cli_fail(const char *cmd, mm_context ctx, mm_status st);
/* Reads a mesh with the common options, then welds it as c->weld says,
 * printing the weld's report on stderr. */
mm_status cli_read(mm_context ctx, const cli_common *c, const char *path, mm_mesh *mesh);
double cli_now_ms(void);

/* The progress line of a long step on stderr (cli_progress.c): drawn once the
 * step has taken a second, at most four times a second, when stderr is a
 * terminal or forced (--progress); cli_progress_report is an mm_io_progress_fn. */
typedef struct cli_progress {
    const char *cmd, *what;
    int enabled, shown;
    double start, last; /* ms */
} cli_progress;
void cli_progress_start(cli_progress *p, const char *cmd, const char *what, int forced);
void cli_progress_report(void *user, int64_t done, int64_t total);
/* Ends the line when one was drawn. */
void cli_progress_end(cli_progress *p);
/* Removes every `flag` from argv[1 …]; whether there was one. */
int cli_take_flag(int *argc, char **argv, const char *flag);

/* Face-varying channels (cli_fvar.c). "uv (2), normal (3)": each channel's
 * name and dim into buf; returns buf. */
const char *cli_fvar_list(mm_mesh mesh, char *buf, size_t len);
/* Warns when the reader left channels out of path (mm_mesh_info.fvar_dropped). */
void cli_warn_reader_fvar(const char *path, mm_mesh mesh);
/* Warns that what (a step, a file) loses mesh's channels, and why. */
void cli_warn_fvar_lost(const char *what, mm_mesh mesh, const char *why);
/* Warns as cli_warn_fvar_lost and removes every channel of mesh. */
mm_status cli_drop_fvar(mm_context ctx, const char *what, mm_mesh mesh, const char *why);
/* Warns about the channels mm_mesh_write leaves out of path in format
 * (mm_file_keeps_fvar). */
void cli_warn_unkept_fvar(mm_mesh mesh, const char *path, mm_file_format format);
/* Warns about the named vertex data columns (a PLY file's other vertex
 * properties) mm_mesh_write leaves out of path in format
 * (mm_file_keeps_vertex_property: OBJ, OFF and glb hold none). */
void cli_warn_unkept_vertex_properties(mm_mesh mesh, const char *path, mm_file_format format);

int cli_info(int argc, char **argv);
int cli_convert(int argc, char **argv);
int cli_subdiv(int argc, char **argv);
int cli_render(int argc, char **argv);

#endif
