/* host_block.c: mmi_block_alloc / mmi_block_free: anonymous mappings with
 * populated pages from 1 MiB on (Linux), malloc below that or elsewhere. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, MAP_POPULATE */
#include "host_block.h"

#include <stdlib.h>
#include <sys/mman.h>

#define MAP_FROM ((size_t)1 << 20)

void *mmi_block_alloc(size_t bytes, int *mapped)
{
    *mapped = 0;
#if defined(MAP_POPULATE) && defined(MAP_ANONYMOUS)
    if (bytes >= MAP_FROM) {
        void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
        if (p != MAP_FAILED) {
            *mapped = 1;
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
