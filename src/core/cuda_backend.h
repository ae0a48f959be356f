/* cuda_backend.h: the CUDA runtime calls the core needs (device choice, memory,
 * copies, events), behind plain C functions. cuda_backend.cu implements them
 * when meshmat is built with CUDA; cuda_absent.c otherwise (MM_ERR_NO_DEVICE).
 * Each failure is recorded on ctx with the runtime's message. */
#ifndef MESHMAT_CORE_CUDA_BACKEND_H
#define MESHMAT_CORE_CUDA_BACKEND_H

#include "meshmat/context.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Number of usable devices (0 when none or not compiled in). */
int mmi_cuda_device_count(void);
/* Selects ctx->device, writes its name into ctx->device_name and creates the
 * context's memory pool. */
mm_status mmi_cuda_open(mm_context ctx);
/* Waits for ctx's stream and destroys its pool (memory still allocated from it
 * is released when that is freed). */
void mmi_cuda_close(mm_context ctx);
mm_status mmi_cuda_alloc(mm_context ctx, int64_t bytes, void **p);
void mmi_cuda_free(mm_context ctx, void *p);
/* Copies on ctx's stream and waits; to_device / from_device say which sides are device. */
mm_status mmi_cuda_copy(mm_context ctx, void *dst, int dst_device, const void *src,
                        int src_device, int64_t bytes);
mm_status mmi_cuda_zero(mm_context ctx, void *p, int64_t bytes);
/* The device's free bytes (cudaMemGetInfo). */
mm_status mmi_cuda_free_bytes(mm_context ctx, int64_t *bytes);
mm_status mmi_cuda_synchronize(mm_context ctx);
/* Waits for the work queued on ctx's stream, then orders ctx's later work on
 * stream (a cudaStream_t of ctx's device; NULL: the default stream). */
mm_status mmi_cuda_set_stream(mm_context ctx, void *stream);

/* Replayed work (a captured CUDA graph): small evaluations are bound by the
 * launches and stream-ordered allocations of their steps, a graph replays
 * them in one call. A capture records the work queued on ctx's stream
 * between capture_begin and capture_end instead of running it; ctx->stream
 * must then be a stream of meshmat's own (stream_new: non-blocking), as
 * the legacy default stream cannot be captured. capture_end with ok
 * instantiates the graph into *exec (updating the one there when the
 * runtime can, else replacing it); without ok it only ends the capture.
 * graph_launch replays exec on ctx's stream. */
mm_status mmi_cuda_stream_new(mm_context ctx, void **stream);
void mmi_cuda_stream_destroy(void *stream);
mm_status mmi_cuda_capture_begin(mm_context ctx);
mm_status mmi_cuda_capture_end(mm_context ctx, int ok, void **exec);
mm_status mmi_cuda_graph_launch(mm_context ctx, void *exec);
void mmi_cuda_graph_destroy(void *exec);

/* Work beside ctx's stream, a fork and a join: an evaluation step's older
 * vertices move while its faces' pass runs, and each fills the other's
 * tail. side_fork makes the side stream wait for what ctx's stream has
 * queued and points ctx at the side; side_back points ctx at its own
 * stream again; side_join makes that wait for what the side queued. Inside
 * a capture they become branches of the graph. */
typedef struct mmi_cuda_side {
    void *stream, *forked, *joined, *home;
} mmi_cuda_side;
mm_status mmi_cuda_side_new(mm_context ctx, mmi_cuda_side *side);
void mmi_cuda_side_free(mmi_cuda_side *side);
mm_status mmi_cuda_side_fork(mm_context ctx, mmi_cuda_side *side);
void mmi_cuda_side_back(mm_context ctx, mmi_cuda_side *side);
mm_status mmi_cuda_side_join(mm_context ctx, mmi_cuda_side *side);

/* Where p points, as the runtime knows it (cudaPointerGetAttributes). */
typedef enum mmi_pointer_space {
    MMI_POINTER_HOST = 0,   /* host memory, pinned or not; or no runtime, no device */
    MMI_POINTER_DEVICE = 1, /* device memory of *device                             */
    MMI_POINTER_MANAGED = 2 /* managed memory (cudaMallocManaged), any device's      */
} mmi_pointer_space;
/* The space of p and, for device memory, its device; records nothing. */
mmi_pointer_space mmi_cuda_pointer_space(const void *p, int *device);
/* Records *event on ctx's stream, creating it first where *event is NULL (so
 * that a caller keeping its events records them again without creating
 * more); 0, or -1 on failure. */
int mmi_cuda_event_record(mm_context ctx, void **event);
/* Waits for stop, returns the milliseconds between the events (negative on error). */
double mmi_cuda_event_elapsed(void *start, void *stop);
void mmi_cuda_event_destroy(void *event);

#ifdef __cplusplus
}
#endif
#endif
