/* context_impl.h: the layout behind mm_context, for src/core only: its magic
 * and the handles made on it (handle.h), backend, device and stream, the last
 * error, memory counters, recorded stages, the modules compiled at run time. */
#ifndef MESHMAT_CORE_CONTEXT_IMPL_H
#define MESHMAT_CORE_CONTEXT_IMPL_H

#include "handle.h"
#include "meshmat/context.h"

typedef struct mmi_stage {
    const char *name;
    double ms;        /* CPU: filled at the end; CUDA: filled when first read */
    double t0;        /* CPU start time, ms                                   */
    void *events[2];  /* CUDA start and stop events, kept for the slot's reuse */
    int ended;        /* CUDA: the stop event is recorded                     */
    int resolved;
} mmi_stage;

struct mm_context_s {
    uint32_t magic;         /* MMI_MAGIC_CONTEXT, or _CLOSED while handles outlive it */
    int64_t handles;        /* live handles made on it (mmi_handle_new)               */
    void *quarantine[MMI_QUARANTINE]; /* the last freed handle structs (handle.h)    */
    int quarantine_next;    /* the slot the next freed struct goes to                */
    mm_backend backend;
    int device;
    void *stream;
    void *pool;             /* CUDA: the context's own stream-ordered memory pool */
    void *jit;              /* CUDA: modules compiled from user source (src/spla/jit.h) */
    void (*jit_release)(mm_context ctx); /* frees them; set with the first one     */
    int timing;
    char device_name[256];
    const char *where;
    char error[1024];
    int64_t in_use[2], peak[2];
    int64_t max_memory;     /* > 0: the ceiling of mm_context_options        */
    int64_t device_bytes;   /* CUDA: the device's whole memory               */
    int early_launch;       /* CUDA: sm_90 on, running code of compute_90 on
                               (cuda_backend.cu): mmi_grid_for_early and
                               mmi_launch_early may launch a kernel early
                               (grid_for.cuh)                                 */
    int64_t fail_after;     /* < 0: never; else allocations left before failing */
    int fail_once;          /* the failure turns fail_after off */
    mmi_stage *stages;
    int num_stages, cap_stages;
};

#endif
