/* memory_room.c: how many bytes a run may still take in a memory space
 * (memory.h): the machine's free memory (the host's MemAvailable, the
 * device's cudaMemGetInfo), under the context's ceiling if it has one. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "context_impl.h"
#include "cuda_backend.h"
#include "memory.h"

/* /proc/meminfo's MemAvailable (what can be had without swapping), else the
 * free pages. */
static int64_t host_available(void)
{
    FILE *f = fopen("/proc/meminfo", "r");
    char line[256];
    long long kb = -1;
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "MemAvailable: %lld kB", &kb) == 1) break;
    if (f) fclose(f);
    if (kb >= 0) return (int64_t)kb * 1024;
    long pages = sysconf(_SC_AVPHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    return pages > 0 && size > 0 ? (int64_t)pages * size : INT64_MAX;
}

int mmi_memory_surely_fits(mm_context ctx, mm_memory where, double bytes)
{
    double size = where == MM_MEMORY_DEVICE ? (double)ctx->device_bytes
                                            : (double)sysconf(_SC_PHYS_PAGES) *
                                                  (double)sysconf(_SC_PAGESIZE);
    if (ctx->max_memory > 0 && bytes > (double)(ctx->max_memory - ctx->in_use[where])) return 0;
    return size > 0 && bytes <= size / 8;
}

mm_status mmi_memory_room(mm_context ctx, mm_memory where, int64_t *bytes, const char **limit)
{
    mm_status st = MM_OK;
    int64_t room = INT64_MAX;
    *limit = where == MM_MEMORY_DEVICE ? "free on the device" : "available on the host";
    if (where == MM_MEMORY_DEVICE) st = mmi_cuda_free_bytes(ctx, &room);
    else room = host_available();
    if (ctx->max_memory > 0 && ctx->max_memory - ctx->in_use[where] < room) {
        room = ctx->max_memory - ctx->in_use[where];
        if (room < 0) room = 0;
        *limit = "left under mm_context_options.max_memory";
    }
    *bytes = room;
    return st;
}
