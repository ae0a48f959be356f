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

/* A kernel compiled as the library's others are: its code's virtual
 * architecture is theirs (cudaFuncAttributes' ptxVersion, as CUB finds its
 * PTX version from an empty kernel). The early
 * launches' wait (mmi_wait_prior_grid) is compiled in from compute_90 on;
 * a device of sm_90 or later that runs code made from an older one (a build
 * for 80 only, its PTX compiled when loaded) has it compiled out, and there
 * no kernel may launch early. */
static __global__ void mmi_arch_probe() {}

static int runs_early_launch_code(const cudaDeviceProp *prop)
{
    cudaFuncAttributes a;
    if (prop->major < 9) return 0;
    if (cudaFuncGetAttributes(&a, mmi_arch_probe) != cudaSuccess) {
        cudaGetLastError();
        return 0;
    }
    return a.ptxVersion >= 90;
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
    ctx->early_launch = runs_early_launch_code(&prop);
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

/* A stream of another device would fail at the first launch, with the
 * runtime's "invalid resource handle": refused here instead, by name.
 * (cudaStreamGetDevice: CUDA 12.8 on.) */
static mm_status check_stream_device(mm_context ctx, cudaStream_t stream)
{
#if CUDART_VERSION >= 12080
    int device = -1;
    mm_status st = mmi_cuda_check(ctx, cudaStreamGetDevice(stream, &device), "cudaStreamGetDevice");
    if (st != MM_OK || device == ctx->device) return st;
    return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT,
                    "stream belongs to device %d, but the context computes on device %d",
                    device, ctx->device);
#else
    (void)ctx, (void)stream;
    return MM_OK;
#endif
}

/* Memory the old stream's work freed (cudaFreeAsync) goes back to the pool
 * only once that work is done, and arrays it made are complete only then:
 * after the wait every array and all the pool's memory may be used on any
 * stream. */
mm_status mmi_cuda_set_stream(mm_context ctx, void *stream)
{
    mm_status st = mmi_cuda_check(ctx, cudaSetDevice(ctx->device), "cudaSetDevice");
    if (st == MM_OK && stream != NULL) st = check_stream_device(ctx, (cudaStream_t)stream);
    if (st == MM_OK)
        st = mmi_cuda_check(ctx, cudaStreamSynchronize(stream_of(ctx)), "cudaStreamSynchronize");
    if (st == MM_OK) ctx->stream = stream;
    return st;
}

mm_status mmi_cuda_stream_new(mm_context ctx, void **stream)
{
    cudaStream_t s = NULL;
    mm_status st = mmi_cuda_check(ctx, cudaSetDevice(ctx->device), "cudaSetDevice");
    if (st == MM_OK)
        st = mmi_cuda_check(ctx, cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking),
                            "cudaStreamCreateWithFlags");
    *stream = st == MM_OK ? (void *)s : NULL;
    return st;
}

void mmi_cuda_stream_destroy(void *stream)
{
    if (stream != NULL) cudaStreamDestroy((cudaStream_t)stream);
}

mm_status mmi_cuda_capture_begin(mm_context ctx)
{
    return mmi_cuda_check(ctx, cudaStreamBeginCapture(stream_of(ctx),
                                                      cudaStreamCaptureModeThreadLocal),
                          "cudaStreamBeginCapture");
}

mm_status mmi_cuda_capture_end(mm_context ctx, int ok, void **exec)
{
    cudaGraph_t graph = NULL;
    mm_status st = mmi_cuda_check(ctx, cudaStreamEndCapture(stream_of(ctx), &graph),
                                  "cudaStreamEndCapture");
    if (st == MM_OK && ok && *exec != NULL) {
        cudaGraphExecUpdateResultInfo info;
        if (cudaGraphExecUpdate((cudaGraphExec_t)*exec, graph, &info) != cudaSuccess) {
            cudaGetLastError(); /* not updatable: instantiated anew below */
            mmi_cuda_graph_destroy(*exec);
            *exec = NULL;
        }
    }
    if (st == MM_OK && ok && *exec == NULL) {
        cudaGraphExec_t e = NULL;
        st = mmi_cuda_check(ctx, cudaGraphInstantiate(&e, graph, 0), "cudaGraphInstantiate");
        *exec = st == MM_OK ? (void *)e : NULL;
    }
    if (graph != NULL) cudaGraphDestroy(graph);
    return st;
}

mm_status mmi_cuda_graph_launch(mm_context ctx, void *exec)
{
    return mmi_cuda_check(ctx, cudaGraphLaunch((cudaGraphExec_t)exec, stream_of(ctx)),
                          "cudaGraphLaunch");
}

void mmi_cuda_graph_destroy(void *exec)
{
    if (exec != NULL) cudaGraphExecDestroy((cudaGraphExec_t)exec);
}

mm_status mmi_cuda_side_new(mm_context ctx, mmi_cuda_side *side)
{
    cudaEvent_t forked = NULL, joined = NULL;
    *side = (mmi_cuda_side){NULL, NULL, NULL, NULL};
    mm_status st = mmi_cuda_stream_new(ctx, &side->stream);
    if (st == MM_OK)
        st = mmi_cuda_check(ctx, cudaEventCreateWithFlags(&forked, cudaEventDisableTiming),
                            "cudaEventCreateWithFlags");
    side->forked = (void *)forked;
    if (st == MM_OK)
        st = mmi_cuda_check(ctx, cudaEventCreateWithFlags(&joined, cudaEventDisableTiming),
                            "cudaEventCreateWithFlags");
    side->joined = (void *)joined;
    if (st != MM_OK) mmi_cuda_side_free(side);
    return st;
}

void mmi_cuda_side_free(mmi_cuda_side *side)
{
    if (side->stream != NULL) cudaStreamDestroy((cudaStream_t)side->stream);
    if (side->forked != NULL) cudaEventDestroy((cudaEvent_t)side->forked);
    if (side->joined != NULL) cudaEventDestroy((cudaEvent_t)side->joined);
    *side = (mmi_cuda_side){NULL, NULL, NULL, NULL};
}

mm_status mmi_cuda_side_fork(mm_context ctx, mmi_cuda_side *side)
{
    mm_status st = mmi_cuda_check(ctx, cudaEventRecord((cudaEvent_t)side->forked, stream_of(ctx)),
                                  "cudaEventRecord");
    if (st == MM_OK)
        st = mmi_cuda_check(ctx, cudaStreamWaitEvent((cudaStream_t)side->stream,
                                                     (cudaEvent_t)side->forked, 0),
                            "cudaStreamWaitEvent");
    if (st == MM_OK) side->home = ctx->stream, ctx->stream = side->stream;
    return st;
}

void mmi_cuda_side_back(mm_context ctx, mmi_cuda_side *side)
{
    ctx->stream = side->home;
}

mm_status mmi_cuda_side_join(mm_context ctx, mmi_cuda_side *side)
{
    mm_status st = mmi_cuda_check(ctx, cudaEventRecord((cudaEvent_t)side->joined,
                                                       (cudaStream_t)side->stream),
                                  "cudaEventRecord");
    if (st == MM_OK)
        st = mmi_cuda_check(ctx, cudaStreamWaitEvent(stream_of(ctx), (cudaEvent_t)side->joined, 0),
                            "cudaStreamWaitEvent");
    return st;
}

mmi_pointer_space mmi_cuda_pointer_space(const void *p, int *device)
{
    cudaPointerAttributes a;
    *device = -1;
    if (cudaPointerGetAttributes(&a, p) != cudaSuccess) {
        cudaGetLastError(); /* no device or no driver: clear the error, it is host memory */
        return MMI_POINTER_HOST;
    }
    *device = a.device;
    if (a.type == cudaMemoryTypeDevice) return MMI_POINTER_DEVICE;
    return a.type == cudaMemoryTypeManaged ? MMI_POINTER_MANAGED : MMI_POINTER_HOST;
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
