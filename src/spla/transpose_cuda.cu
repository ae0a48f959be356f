/* transpose_cuda.cu: the CUDA launchers of the stable regrouping (transpose.h):
 * a radix sort of (key, entry) pairs (core/scan_sort.h), which is stable, so
 * lines list their entries in the same order as the CPU counting sort; then
 * line starts from the sorted keys (no atomics) and the shared element rule
 * transpose_apply_at. */
#include <cuda_runtime.h>

#include "../core/context_impl.h"
#include "../core/cuda_check.cuh"
#include "../core/error.h"
#include "../core/memory.h"
#include "../core/scan_sort.h"
#include "transpose.h"

static const int kThreads = 256;

static unsigned blocks_for(int64_t n)
{
    int64_t b = (n + kThreads - 1) / kThreads;
    return (unsigned)(b < 65536 ? b : 65536);
}

#define GRID_STRIDE(p, n)                                                                  \
    for (int64_t p = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; p < (n);              \
         p += (int64_t)gridDim.x * blockDim.x)

__global__ void sort_input_kernel(int64_t nnz, const uint32_t *key, const int64_t *order,
                                  uint32_t *keys, int64_t *entries)
{
    GRID_STRIDE(p, nnz)
    {
        int64_t e = order ? order[p] : p;
        keys[p] = key[e];
        entries[p] = e;
    }
}

/* Sorted position p starts every line k with sorted[p-1] < k ≤ sorted[p]. */
__global__ void line_starts_kernel(int64_t nnz, const uint32_t *sorted, int64_t nkeys,
                                   int64_t *ptr)
{
    GRID_STRIDE(p, nnz + 1)
    {
        int64_t lo = p == 0 ? 0 : (int64_t)sorted[p - 1] + 1;
        int64_t hi = p == nnz ? nkeys : (int64_t)sorted[p];
        for (int64_t k = lo; k <= hi; ++k) ptr[k] = p;
    }
}

__global__ void apply_kernel(mmi_regroup g, const int64_t *perm, uint32_t *idx, void *values)
{
    GRID_STRIDE(p, g.nnz) transpose_apply_at(&g, perm, p, idx, values);
}

static int key_bits(int64_t nkeys)
{
    int bits = 1;
    while (bits < 32 && ((int64_t)1 << bits) < nkeys) ++bits;
    return bits;
}

mm_status mmi_group_cuda(mm_context ctx, int64_t nnz, const uint32_t *key, int64_t nkeys,
                         const int64_t *order, int64_t *ptr, int64_t *perm)
{
    mm_status st = MM_OK;
    cudaStream_t stream = (cudaStream_t)ctx->stream;
    uint32_t *keys = NULL, *sorted = NULL;
    int64_t *entries = NULL;
    int64_t key_bytes = nnz * (int64_t)sizeof(uint32_t);
    int64_t entry_bytes = nnz * (int64_t)sizeof(int64_t);
    if (nnz > 0) {
        MM_TRY(mmi_alloc(ctx, MM_MEMORY_DEVICE, key_bytes, (void **)&keys));
        MM_TRY(mmi_alloc(ctx, MM_MEMORY_DEVICE, key_bytes, (void **)&sorted));
        MM_TRY(mmi_alloc(ctx, MM_MEMORY_DEVICE, entry_bytes, (void **)&entries));
        sort_input_kernel<<<blocks_for(nnz), kThreads, 0, stream>>>(nnz, key, order, keys, entries);
        MM_TRY(mmi_sort_pairs_u32(ctx, nnz, keys, entries, sorted, perm, key_bits(nkeys)));
    }
    line_starts_kernel<<<blocks_for(nnz + 1), kThreads, 0, stream>>>(nnz, sorted, nkeys, ptr);
    MM_TRY(mmi_cuda_check(ctx, cudaGetLastError(), "the line-start kernel launch"));
done:
    mmi_free(ctx, MM_MEMORY_DEVICE, keys, key_bytes);
    mmi_free(ctx, MM_MEMORY_DEVICE, sorted, key_bytes);
    mmi_free(ctx, MM_MEMORY_DEVICE, entries, entry_bytes);
    return st;
}

mm_status mmi_regroup_apply_cuda(mm_context ctx, const mmi_regroup *g, const int64_t *perm,
                                 uint32_t *idx, void *values)
{
    if (g->nnz == 0) return MM_OK;
    apply_kernel<<<blocks_for(g->nnz), kThreads, 0, (cudaStream_t)ctx->stream>>>(*g, perm, idx,
                                                                                  values);
    return mmi_cuda_check(ctx, cudaGetLastError(), "the transpose kernel launch");
}
