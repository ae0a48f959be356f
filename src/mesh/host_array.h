/* host_array.h: host arrays of n elements for the host-side mesh analyses
 * (edges, statistics) and the arrays a reader fills for a mesh
 * (mmi_mesh_parts), through the context's accounting, with the byte count
 * overflow-checked (DESIGN §3); large ones prepared as host_block.h's. */
#ifndef MESHMAT_MESH_HOST_ARRAY_H
#define MESHMAT_MESH_HOST_ARRAY_H

#include "../core/checked.h"
#include "../core/error.h"
#include "../core/memory.h"
#include "host_block.h"

/* Allocates n elements of `size` bytes in host memory (NULL when n = 0). */
static inline mm_status mmi_host_array(mm_context ctx, int64_t n, size_t size, void **p)
{
    int64_t bytes;
    *p = NULL;
    if (mmi_bytes(n, size, &bytes))
        return mmi_fail(ctx, MM_ERR_OVERFLOW, "%lld elements of %zu bytes pass 2^63 bytes",
                        (long long)n, size);
    mm_status st = mmi_alloc(ctx, MM_MEMORY_HOST, bytes, p);
    if (st == MM_OK && *p != NULL) mmi_block_prepare(*p, (size_t)bytes);
    return st;
}

/* Frees what mmi_host_array gave for the same n and size; NULL is allowed. */
static inline void mmi_host_array_free(mm_context ctx, void *p, int64_t n, size_t size)
{
    if (p != NULL) mmi_free(ctx, MM_MEMORY_HOST, p, n * (int64_t)size);
}

#endif
