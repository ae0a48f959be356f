/* host_block.c: mmi_block_alloc / mmi_block_free: anonymous mappings from
 * 1 MiB on (Linux), prepared by mmi_block_prepare (huge pages asked for, then
 * every page mapped: MADV_POPULATE_WRITE, or MAP_POPULATE where the headers
 * lack it), malloc below that or elsewhere. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, MAP_POPULATE, madvise */
#include "host_block.h"

#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#define MAP_FROM ((size_t)1 << 20)

#if defined(MADV_HUGEPAGE) && defined(MADV_POPULATE_WRITE)
#define MAP_FLAGS (MAP_PRIVATE | MAP_ANONYMOUS)
#elif defined(MAP_POPULATE) && defined(MAP_ANONYMOUS)
#define MAP_FLAGS (MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE)
#endif

void mmi_block_prepare(void *p, size_t bytes)
{
#if defined(MADV_HUGEPAGE) && defined(MADV_POPULATE_WRITE)
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t begin = ((uintptr_t)p + page - 1) & ~(page - 1);
    uintptr_t end = ((uintptr_t)p + bytes) & ~(page - 1);
    if (bytes < MAP_FROM || end <= begin) return;
    madvise((void *)begin, end - begin, MADV_HUGEPAGE);
    madvise((void *)begin, end - begin, MADV_POPULATE_WRITE);
#else
    (void)p;
    (void)bytes;
#endif
}

void *mmi_block_alloc(size_t bytes, int *mapped)
{
    *mapped = 0;
#ifdef MAP_FLAGS
    if (bytes >= MAP_FROM) {
        void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_FLAGS, -1, 0);
        if (p != MAP_FAILED) {
            *mapped = 1;
            mmi_block_prepare(p, bytes);
            return p;
        }
    }
#endif
    return malloc(bytes);
}

void mmi_block_free(void *p, size_t bytes, int mapped)
{
    if (p == NULL) return;
    if (mapped) munmap(p, bytes);
    else free(p);
}
