/* host_block.h: large host scratch blocks for the readers (the file buffer,
 * the growing face lists) with their pages mapped in one call where the
 * system allows it (MAP_POPULATE): touching fresh pages one by one costs a
 * fault per 4 KiB, which on virtual machines dominates reading a mesh. */
#ifndef MESHMAT_MESH_HOST_BLOCK_H
#define MESHMAT_MESH_HOST_BLOCK_H

#include <stddef.h>

/* bytes (> 0) of host memory, or NULL; *mapped tells mmi_block_free how. */
void *mmi_block_alloc(size_t bytes, int *mapped);
/* Frees what mmi_block_alloc gave (same bytes and mapped); NULL is allowed. */
void mmi_block_free(void *p, size_t bytes, int mapped);

#endif
