/* cli_progress.c: the progress line of a long write on stderr (docs/cli.md):
 * shown once the step has taken a second, redrawn at most four times a
 * second, only when stderr is a terminal or --progress asked for it. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

#define SHOW_AFTER_MS 1000.0
#define REDRAW_MS 250.0

void cli_progress_start(cli_progress *p, const char *cmd, const char *what, int forced)
{
    p->cmd = cmd;
    p->what = what;
    p->enabled = forced || isatty(fileno(stderr));
    p->shown = 0;
    p->start = cli_now_ms();
    p->last = p->start;
}

void cli_progress_report(void *user, int64_t done, int64_t total)
{
    cli_progress *p = user;
    double now = cli_now_ms();
    if (!p->enabled || now - p->start < SHOW_AFTER_MS) return;
    if (p->shown && now - p->last < REDRAW_MS && done < total) return;
    double percent = total > 0 ? 100.0 * (double)done / (double)total : 100.0;
    fprintf(stderr, "\rmeshmat %s: %s: %5.1f%% (%.1f s)", p->cmd, p->what, percent,
            (now - p->start) * 1e-3);
    fflush(stderr);
    p->shown = 1;
    p->last = now;
}

void cli_progress_end(cli_progress *p)
{
    if (p->shown) fputc('\n', stderr);
    p->shown = 0;
}

int cli_take_flag(int *argc, char **argv, const char *flag)
{
    int found = 0, kept = 1;
    for (int i = 1; i < *argc; ++i) {
        if (strcmp(argv[i], flag) == 0) found = 1;
        else argv[kept++] = argv[i];
    }
    *argc = kept;
    return found;
}
