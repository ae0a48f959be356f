/* host_block.h: large host blocks for the readers (the file buffer, the
 * growing face lists, the mesh arrays a reader fills) with their pages mapped
 * in one call where the system allows it, as transparent huge pages where it
 * has them: touching fresh pages one by one costs a fault per 4 KiB, and on
 * some virtual machines even a mapped 4 KiB page is slow to touch the first
 * time (about 1.6 µs each on the build machine), which dominates reading a
 * mesh; 2 MiB pages take 512 times fewer of both. */
#ifndef MESHMAT_MESH_HOST_BLOCK_H
#define MESHMAT_MESH_HOST_BLOCK_H

#include <stddef.h>

/* bytes (> 0) of host memory, or NULL; *mapped tells mmi_block_free how. */
void *mmi_block_alloc(size_t bytes, int *mapped);
/* Frees what mmi_block_alloc gave (same bytes and mapped); NULL is allowed. */
void mmi_block_free(void *p, size_t bytes, int mapped);
/* Asks for huge pages over p[0, bytes) and maps them now, from 1 MiB on (a
 * hint: nothing happens where the system cannot). For fresh memory, before it
 * is first written. */
void mmi_block_prepare(void *p, size_t bytes);

#endif
