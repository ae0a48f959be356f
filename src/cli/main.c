/* main.c: the `meshmat` command-line tool: dispatch to the subcommands. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const char usage[] =
    "usage: meshmat <command> [options] ...\n"
    "\n"
    "commands:\n"
    "  info FILE          mesh statistics (counts, boundaries, manifoldness, orientation)\n"
    "  convert IN OUT     convert between OBJ, OFF and PLY (ASCII or binary)\n"
    "  subdiv IN -o OUT   Catmull-Clark, Loop or sqrt3 subdivision (--levels N, --scheme)\n"
    "  render IN -o PNG   a shaded picture of the mesh (--size WxH, --wireframe)\n"
    "\n"
    "meshmat <command> --help shows a command's options.\n"
    "exit codes: 0 success, 1 the operation failed, 2 usage error, 3 no CUDA device\n";

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs(usage, stderr);
        return CLI_USAGE;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        fputs(usage, stdout);
        return CLI_OK;
    }
    if (strcmp(cmd, "--version") == 0) {
        printf("meshmat 0.1.0 (CUDA backend %s)\n", mm_cuda_available() ? "available" : "unavailable");
        return CLI_OK;
    }
    if (strcmp(cmd, "info") == 0) return cli_info(argc - 1, argv + 1);
    if (strcmp(cmd, "convert") == 0) return cli_convert(argc - 1, argv + 1);
    if (strcmp(cmd, "subdiv") == 0) return cli_subdiv(argc - 1, argv + 1);
    if (strcmp(cmd, "render") == 0) return cli_render(argc - 1, argv + 1);
    fprintf(stderr, "meshmat: unknown command '%s'\n\n%s", cmd, usage);
    return CLI_USAGE;
}
