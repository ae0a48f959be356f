/* mmt_backend_memory.c: caller-owned backend memory for the tests
 * (mmt_backend_memory.h); the CUDA runtime only in a build with CUDA, where
 * alone a context can be on CUDA. */
#include <stdlib.h>
#include <string.h>

#ifdef MESHMAT_HAVE_CUDA
#include <cuda_runtime.h>
#endif

#include "mmt_backend_memory.h"

static int on_cuda(mm_context ctx)
{
    return mm_context_backend(ctx) == MM_BACKEND_CUDA;
}

void *mmt_backend_alloc(mm_context ctx, size_t bytes)
{
    void *p = NULL;
    if (!on_cuda(ctx)) p = malloc(bytes);
#ifdef MESHMAT_HAVE_CUDA
    else ck_assert_int_eq(cudaMalloc(&p, bytes), cudaSuccess);
#endif
    ck_assert_ptr_nonnull(p);
    return p;
}

void mmt_backend_free(mm_context ctx, void *p)
{
    MMT_OK(ctx, mm_context_synchronize(ctx));
    if (!on_cuda(ctx)) free(p);
#ifdef MESHMAT_HAVE_CUDA
    else ck_assert_int_eq(cudaFree(p), cudaSuccess);
#endif
}

void mmt_backend_read(mm_context ctx, void *host, const void *p, size_t bytes)
{
    MMT_OK(ctx, mm_context_synchronize(ctx));
    if (!on_cuda(ctx)) memcpy(host, p, bytes);
#ifdef MESHMAT_HAVE_CUDA
    else ck_assert_int_eq(cudaMemcpy(host, p, bytes, cudaMemcpyDeviceToHost), cudaSuccess);
#endif
}

void mmt_backend_write(mm_context ctx, void *p, const void *host, size_t bytes)
{
    MMT_OK(ctx, mm_context_synchronize(ctx));
    if (!on_cuda(ctx)) memcpy(p, host, bytes);
#ifdef MESHMAT_HAVE_CUDA
    else ck_assert_int_eq(cudaMemcpy(p, host, bytes, cudaMemcpyHostToDevice), cudaSuccess);
#endif
}
