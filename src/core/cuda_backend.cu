/* cuda_backend.cu: the CUDA runtime behind the core's device memory, copies,
 * synchronisation and stage events (see cuda_backend.h). Every call first
 * selects the context's device, so contexts on different devices coexist. */
#include <cuda_runtime.h>
#include <stdint.h>
#include <stdio.h>

#include "context_impl.h"
#include "cuda_check.cuh"
#include "cuda_backend.h"
#include "error.h"

static cudaStream_t stream_of(mm_context ctx)
{
    return (cudaStream_t)ctx->stream;
}

int mmi_cuda_device_count(void)
{
    int n = 0;
    if (cudaGetDeviceCount(&n) != cudaSuccess) {
        cudaGetLastError(); /* clear the sticky "no device" error */
        return 0;
    }
    return n;
}

mm_status mmi_cuda_open(mm_context ctx)
{
    cudaDeviceProp prop;
    mm_status st = mmi_cuda_check(ctx, cudaSetDevice(ctx->device), "cudaSetDevice");
    if (st != MM_OK) return st;
    st = mmi_cuda_check(ctx, cudaGetDeviceProperties(&prop, ctx->device),
                        "cudaGetDeviceProperties");
    if (st != MM_OK) return st;
    snprintf(ctx->device_name, sizeof ctx->device_name, "%s", prop.name);
    ctx->device_bytes = (int64_t)prop.totalGlobalMem;
    /* A pool of the context's own, kept across frees (release threshold: all),
     * makes the many temporaries of a subdivision cheap: cudaMalloc and
     * cudaFree would each synchronise the device. */
    cudaMemPoolProps props = {};
    props.allocType = cudaMemAllocationTypePinned;
    props.location.type = cudaMemLocationTypeDevice;
    props.location.id = ctx->device;
    cudaMemPool_t pool;
    st = mmi_cuda_check(ctx, cudaMemPoolCreate(&pool, &props), "cudaMemPoolCreate");
    if (st != MM_OK) return st;
    uint64_t keep = UINT64_MAX;
    cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &keep);
    ctx->pool = pool;
    return MM_OK;
}

void mmi_cuda_close(mm_context ctx)
{
    cudaSetDevice(ctx->device);
    cudaStreamSynchronize(stream_of(ctx));
    if (ctx->pool != NULL) cudaMemPoolDestroy((cudaMemPool_t)ctx->pool);
    ctx->pool = NULL;
}

mm_status mmi_cuda_alloc(mm_context ctx, int64_t bytes, void **p)
{
    mm_status st = mmi_cuda_check(ctx, cudaSetDevice(ctx->device), "cudaSetDevice");
    if (st != MM_OK) return st;
    return mmi_cuda_check(ctx,
                          cudaMallocFromPoolAsync(p, (size_t)bytes, (cudaMemPool_t)ctx->pool,
                                                  stream_of(ctx)),
                          "cudaMallocFromPoolAsync");
}

/* Stream-ordered: the memory returns to the pool once the work queued on the
 * stream before this call is done. */
void mmi_cuda_free(mm_context ctx, void *p)
{
    cudaSetDevice(ctx->device);
    cudaFreeAsync(p, stream_of(ctx));
}

mm_status mmi_cuda_copy(mm_context ctx, void *dst, int dst_device, const void *src,
                        int src_device, int64_t bytes)
{
    cudaMemcpyKind kind = dst_device ? (src_device ? cudaMemcpyDeviceToDevice
                                                   : cudaMemcpyHostToDevice)
                                     : (src_device ? cudaMemcpyDeviceToHost
                                                   : cudaMemcpyHostToHost);
    mm_status st = mmi_cuda_check(ctx, cudaSetDevice(ctx->device), "cudaSetDevice");
    if (st != MM_OK) return st;
    st = mmi_cuda_check(ctx, cudaMemcpyAsync(dst, src, (size_t)bytes, kind, stream_of(ctx)),
                        "cudaMemcpyAsync");
    if (st != MM_OK) return st;
    return mmi_cuda_check(ctx, cudaStreamSynchronize(stream_of(ctx)), "cudaStreamSynchronize");
}

mm_status mmi_cuda_zero(mm_context ctx, void *p, int64_t bytes)
{
    mm_status st = mmi_cuda_check(ctx, cudaSetDevice(ctx->device), "cudaSetDevice");
    if (st != MM_OK) return st;
    return mmi_cuda_check(ctx, cudaMemsetAsync(p, 0, (size_t)bytes, stream_of(ctx)),
                          "cudaMemsetAsync");
}

mm_status mmi_cuda_free_bytes(mm_context ctx, int64_t *bytes)
{
    size_t free_b = 0, total = 0;
    mm_status st = mmi_cuda_check(ctx, cudaSetDevice(ctx->device), "cudaSetDevice");
    if (st != MM_OK) return st;
    st = mmi_cuda_check(ctx, cudaMemGetInfo(&free_b, &total), "cudaMemGetInfo");
    *bytes = (int64_t)free_b;
    return st;
}

mm_status mmi_cuda_synchronize(mm_context ctx)
{
    mm_status st = mmi_cuda_check(ctx, cudaSetDevice(ctx->device), "cudaSetDevice");
    if (st != MM_OK) return st;
    return mmi_cuda_check(ctx, cudaStreamSynchronize(stream_of(ctx)), "cudaStreamSynchronize");
}

int mmi_cuda_event_record(mm_context ctx, void **event)
{
    cudaEvent_t e = (cudaEvent_t)*event;
    cudaSetDevice(ctx->device);
    if (e == NULL && cudaEventCreate(&e) != cudaSuccess) return -1;
    *event = (void *)e;
    return cudaEventRecord(e, stream_of(ctx)) == cudaSuccess ? 0 : -1;
}

double mmi_cuda_event_elapsed(void *start, void *stop)
{
    float ms = 0.0f;
    if (cudaEventSynchronize((cudaEvent_t)stop) != cudaSuccess) return -1.0;
    if (cudaEventElapsedTime(&ms, (cudaEvent_t)start, (cudaEvent_t)stop) != cudaSuccess)
        return -1.0;
    return (double)ms;
}

void mmi_cuda_event_destroy(void *event)
{
    if (event != NULL) cudaEventDestroy((cudaEvent_t)event);
}
