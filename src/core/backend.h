/* backend.h: the one backend switch of the launchers. A launcher pair x_cpu /
 * x_cuda (same parameters) is called as MMI_BACKEND_CALL(ctx, x, args…).
 * Without CUDA the x_cuda launchers are not built: a CUDA context cannot be
 * made then, and the switch refuses one anyway (MM_ERR_NO_DEVICE) instead of
 * naming them, so no launcher needs a stand-in. */
#ifndef MESHMAT_CORE_BACKEND_H
#define MESHMAT_CORE_BACKEND_H

#include "context_impl.h"

#ifdef __cplusplus
extern "C" {
#endif

static inline int mmi_backend_is_cuda(mm_context ctx)
{
    return ctx->backend == MM_BACKEND_CUDA;
}

#ifdef MESHMAT_HAVE_CUDA
#define MMI_CUDA_CALL(ctx, call) (call)
#else
/* Records "meshmat was built without the CUDA backend" (cuda_absent.c). */
mm_status mmi_cuda_missing(mm_context ctx);
#define MMI_CUDA_CALL(ctx, call) mmi_cuda_missing(ctx)
#endif

/* fn_cuda(…) on a CUDA context, else fn_cpu(…); both return mm_status. */
#define MMI_BACKEND_CALL(ctx, fn, ...)                                     \
    (mmi_backend_is_cuda(ctx) ? MMI_CUDA_CALL((ctx), fn##_cuda(__VA_ARGS__)) \
                              : fn##_cpu(__VA_ARGS__))

/* Defines x(ctx, g, count), MMI_BACKEND_CALL of the launcher pair x_cpu /
 * x_cuda of an element rule over Args (cpu_for.h, grid_for.cuh). */
#define MMI_BACKEND_ENTRY(x, Args)                                  \
    mm_status x(mm_context ctx, const Args *g, int64_t count)       \
    {                                                               \
        return MMI_BACKEND_CALL(ctx, x, ctx, g, count);             \
    }

#ifdef __cplusplus
}
#endif
#endif
