/* cuda_absent.c: stands in for cuda_backend.cu when meshmat is built without
 * CUDA: no device is ever found, and asking for one, or for a CUDA launcher
 * (backend.h), says why. */
#include "backend.h"
#include "cuda_backend.h"
#include "error.h"

mm_status mmi_cuda_missing(mm_context ctx)
{
    return mmi_fail(ctx, MM_ERR_NO_DEVICE, "meshmat was built without the CUDA backend");
}

int mmi_cuda_device_count(void)
{
    return 0;
}

mm_status mmi_cuda_open(mm_context ctx)
{
    return mmi_cuda_missing(ctx);
}

void mmi_cuda_close(mm_context ctx)
{
    (void)ctx;
}

mm_status mmi_cuda_alloc(mm_context ctx, int64_t bytes, void **p)
{
    (void)bytes;
    *p = NULL;
    return mmi_cuda_open(ctx);
}

void mmi_cuda_free(mm_context ctx, void *p)
{
    (void)ctx;
    (void)p;
}

mm_status mmi_cuda_copy(mm_context ctx, void *dst, int dst_device, const void *src,
                        int src_device, int64_t bytes)
{
    (void)dst, (void)dst_device, (void)src, (void)src_device, (void)bytes;
    return mmi_cuda_open(ctx);
}

mm_status mmi_cuda_zero(mm_context ctx, void *p, int64_t bytes)
{
    (void)p, (void)bytes;
    return mmi_cuda_open(ctx);
}

mm_status mmi_cuda_free_bytes(mm_context ctx, int64_t *bytes)
{
    *bytes = 0;
    return mmi_cuda_open(ctx);
}

mm_status mmi_cuda_synchronize(mm_context ctx)
{
    return mmi_cuda_open(ctx);
}

mm_status mmi_cuda_set_stream(mm_context ctx, void *stream)
{
    (void)stream;
    return mmi_cuda_open(ctx);
}

mmi_pointer_space mmi_cuda_pointer_space(const void *p, int *device)
{
    (void)p;
    *device = -1;
    return MMI_POINTER_HOST;
}

int mmi_cuda_event_record(mm_context ctx, void **event)
{
    (void)ctx, (void)event;
    return -1;
}

double mmi_cuda_event_elapsed(void *start, void *stop)
{
    (void)start, (void)stop;
    return -1.0;
}

void mmi_cuda_event_destroy(void *event)
{
    (void)event;
}

mm_status mmi_cuda_stream_new(mm_context ctx, void **stream)
{
    *stream = NULL;
    return mmi_cuda_missing(ctx);
}

void mmi_cuda_stream_destroy(void *stream)
{
    (void)stream;
}

mm_status mmi_cuda_side_new(mm_context ctx, mmi_cuda_side *side)
{
    *side = (mmi_cuda_side){NULL, NULL, NULL, NULL};
    return mmi_cuda_missing(ctx);
}

void mmi_cuda_side_free(mmi_cuda_side *side)
{
    (void)side;
}

mm_status mmi_cuda_side_fork(mm_context ctx, mmi_cuda_side *side)
{
    (void)side;
    return mmi_cuda_missing(ctx);
}

void mmi_cuda_side_back(mm_context ctx, mmi_cuda_side *side)
{
    (void)ctx, (void)side;
}

mm_status mmi_cuda_side_join(mm_context ctx, mmi_cuda_side *side)
{
    (void)side;
    return mmi_cuda_missing(ctx);
}

mm_status mmi_cuda_capture_begin(mm_context ctx)
{
    return mmi_cuda_missing(ctx);
}

mm_status mmi_cuda_capture_end(mm_context ctx, int ok, void **exec)
{
    (void)ok, (void)exec;
    return mmi_cuda_missing(ctx);
}

mm_status mmi_cuda_graph_launch(mm_context ctx, void *exec)
{
    (void)exec;
    return mmi_cuda_missing(ctx);
}

void mmi_cuda_graph_destroy(void *exec)
{
    (void)exec;
}
