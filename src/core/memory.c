/* memory.c: every host and device allocation of the library, with the
 * context's current and peak byte counters and the allocation-failure hook
 * the tests use to sweep failure paths. */
#include <stdlib.h>
#include <string.h>

#include "context_impl.h"
#include "cuda_backend.h"
#include "error.h"
#include "handle.h"
#include "memory.h"

mm_memory mmi_backend_memory(mm_context ctx)
{
    return ctx->backend == MM_BACKEND_CUDA ? MM_MEMORY_DEVICE : MM_MEMORY_HOST;
}

mm_status mmi_check_backend_pointer(mm_context ctx, const void *p, const char *what)
{
    int device;
    mmi_pointer_space space = mmi_cuda_pointer_space(p, &device);
    if (ctx->backend != MM_BACKEND_CUDA) {
        if (space != MMI_POINTER_DEVICE) return MM_OK;
        return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT,
                        "%s is memory of CUDA device %d, but the context computes on the CPU "
                        "(give host memory, or use a CUDA context)", what, device);
    }
    if (space == MMI_POINTER_MANAGED || (space == MMI_POINTER_DEVICE && device == ctx->device))
        return MM_OK;
    if (space == MMI_POINTER_DEVICE)
        return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT,
                        "%s is memory of CUDA device %d, but the context computes on device %d",
                        what, device, ctx->device);
    return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT,
                    "%s is host memory, but the context computes on CUDA device %d (give "
                    "device or managed memory, or import host data, which copies it)",
                    what, ctx->device);
}

void mmi_test_fail_alloc_after(mm_context ctx, int64_t n)
{
    ctx->fail_after = n, ctx->fail_once = 0;
}

void mmi_test_fail_alloc_once(mm_context ctx, int64_t n)
{
    ctx->fail_after = n, ctx->fail_once = 1;
}

mm_status mmi_alloc(mm_context ctx, mm_memory where, int64_t bytes, void **p)
{
    *p = NULL;
    if (bytes < 0) return mmi_fail(ctx, MM_ERR_OVERFLOW, "negative allocation size");
    if (bytes == 0) return MM_OK;
    if (ctx->fail_after == 0) {
        if (ctx->fail_once) ctx->fail_after = -1;
        return mmi_fail(ctx, MM_ERR_OUT_OF_MEMORY, "allocation of %lld bytes failed (test hook)",
                        (long long)bytes);
    }
    if (ctx->fail_after > 0) ctx->fail_after--;
    if (where == MM_MEMORY_DEVICE) {
        mm_status st = mmi_cuda_alloc(ctx, bytes, p);
        if (st != MM_OK) return st;
    } else {
        if ((uint64_t)bytes > (uint64_t)SIZE_MAX || (*p = malloc((size_t)bytes)) == NULL)
            return mmi_fail(ctx, MM_ERR_OUT_OF_MEMORY, "host allocation of %lld bytes failed",
                            (long long)bytes);
    }
    ctx->in_use[where] += bytes;
    if (ctx->in_use[where] > ctx->peak[where]) ctx->peak[where] = ctx->in_use[where];
    return MM_OK;
}

void mmi_free(mm_context ctx, mm_memory where, void *p, int64_t bytes)
{
    if (p == NULL) return;
    if (where == MM_MEMORY_DEVICE)
        mmi_cuda_free(ctx, p);
    else
        free(p);
    ctx->in_use[where] -= bytes;
}

/* A new array of bytes in dst_where holding src's (in src_where). */
static mm_status copy_new(mm_context ctx, void **dst, mm_memory dst_where, const void *src,
                          mm_memory src_where, int64_t bytes)
{
    mm_status st = mmi_alloc(ctx, dst_where, bytes, dst);
    if (st == MM_OK) st = mmi_copy(ctx, *dst, dst_where, src, src_where, bytes);
    if (st != MM_OK) mmi_free(ctx, dst_where, *dst, bytes), *dst = NULL;
    return st;
}

mm_status mmi_to_backend(mm_context ctx, const void *src, int64_t n, size_t size, void **dst)
{
    return copy_new(ctx, dst, mmi_backend_memory(ctx), src, MM_MEMORY_HOST, n * (int64_t)size);
}

mm_status mmi_to_host(mm_context ctx, const void *src, int64_t n, size_t size, void **dst)
{
    return copy_new(ctx, dst, MM_MEMORY_HOST, src, mmi_backend_memory(ctx), n * (int64_t)size);
}

mm_status mmi_copy(mm_context ctx, void *dst, mm_memory dst_where, const void *src,
                   mm_memory src_where, int64_t bytes)
{
    if (bytes <= 0) return MM_OK;
    if (dst_where == MM_MEMORY_HOST && src_where == MM_MEMORY_HOST) {
        memcpy(dst, src, (size_t)bytes);
        return MM_OK;
    }
    return mmi_cuda_copy(ctx, dst, dst_where == MM_MEMORY_DEVICE, src,
                         src_where == MM_MEMORY_DEVICE, bytes);
}

mm_status mmi_zero(mm_context ctx, void *p, mm_memory where, int64_t bytes)
{
    if (bytes <= 0) return MM_OK;
    if (where == MM_MEMORY_HOST) {
        memset(p, 0, (size_t)bytes);
        return MM_OK;
    }
    return mmi_cuda_zero(ctx, p, bytes);
}

int64_t mm_context_bytes_in_use(mm_context ctx, mm_memory where)
{
    return (mmi_context_live(ctx) && (where == MM_MEMORY_HOST || where == MM_MEMORY_DEVICE))
               ? ctx->in_use[where] : 0;
}

int64_t mm_context_peak_bytes(mm_context ctx, mm_memory where)
{
    return (mmi_context_live(ctx) && (where == MM_MEMORY_HOST || where == MM_MEMORY_DEVICE))
               ? ctx->peak[where] : 0;
}

void mm_context_reset_peak(mm_context ctx)
{
    if (!mmi_context_live(ctx)) return;
    ctx->peak[MM_MEMORY_HOST] = ctx->in_use[MM_MEMORY_HOST];
    ctx->peak[MM_MEMORY_DEVICE] = ctx->in_use[MM_MEMORY_DEVICE];
}
