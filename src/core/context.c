/* context.c: making and freeing contexts (backend choice, device, stream),
 * and the last-error message every public call records on failure. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "context_impl.h"
#include "cuda_backend.h"
#include "error.h"
#include "timer.h"

mm_context_options mm_context_options_default(void)
{
    mm_context_options o;
    o.backend = MM_BACKEND_AUTO;
    o.device = 0;
    o.stream = NULL;
    o.timing = 0;
    o.max_memory = 0;
    return o;
}

int mm_cuda_available(void)
{
    return mmi_cuda_device_count() > 0;
}

mm_status mm_context_new(mm_context *ctx, const mm_context_options *opts)
{
    if (ctx == NULL) return MM_ERR_INVALID_ARGUMENT;
    *ctx = NULL;
    mm_context_options o = opts ? *opts : mm_context_options_default();
    if (o.backend != MM_BACKEND_AUTO && o.backend != MM_BACKEND_CPU &&
        o.backend != MM_BACKEND_CUDA)
        return MM_ERR_INVALID_ARGUMENT;
    mm_context c = calloc(1, sizeof *c);
    if (c == NULL) return MM_ERR_OUT_OF_MEMORY;
    c->device = o.device;
    c->stream = o.stream;
    c->timing = o.timing;
    c->max_memory = o.max_memory > 0 ? o.max_memory : 0;
    c->fail_after = -1;
    c->where = "mm_context_new";
    /* A CPU context never touches the CUDA runtime: initialized before a fork
     * (a test harness, a server's workers), it would be unusable in the child. */
    int devices = o.backend == MM_BACKEND_CPU ? 0 : mmi_cuda_device_count();
    if (o.backend == MM_BACKEND_AUTO)
        o.backend = (devices > 0 && o.device < devices) ? MM_BACKEND_CUDA : MM_BACKEND_CPU;
    c->backend = o.backend;
    if (c->backend == MM_BACKEND_CUDA) {
        if (o.device < 0 || o.device >= devices) {
            free(c);
            return MM_ERR_NO_DEVICE;
        }
        mm_status st = mmi_cuda_open(c);
        if (st != MM_OK) {
            free(c);
            return st;
        }
    } else {
        snprintf(c->device_name, sizeof c->device_name, "CPU");
    }
    *ctx = c;
    return MM_OK;
}

void mm_context_free(mm_context *ctx)
{
    if (ctx == NULL || *ctx == NULL) return;
    if ((*ctx)->backend == MM_BACKEND_CUDA) mmi_cuda_close(*ctx);
    if ((*ctx)->jit_release != NULL) (*ctx)->jit_release(*ctx); /* after the stream is idle */
    mmi_stages_free(*ctx);
    free(*ctx);
    *ctx = NULL;
}

mm_backend mm_context_backend(mm_context ctx)
{
    return ctx ? ctx->backend : MM_BACKEND_CPU;
}

const char *mm_context_device_name(mm_context ctx)
{
    return ctx ? ctx->device_name : "";
}

const char *mm_last_error(mm_context ctx)
{
    return ctx ? ctx->error : "";
}

mm_status mm_context_synchronize(mm_context ctx)
{
    if (ctx == NULL) return MM_ERR_INVALID_ARGUMENT;
    MM_WHERE(ctx);
    return ctx->backend == MM_BACKEND_CUDA ? mmi_cuda_synchronize(ctx) : MM_OK;
}

void mmi_where(mm_context ctx, const char *function)
{
    if (ctx != NULL) ctx->where = function;
}

mm_status mmi_fail(mm_context ctx, mm_status code, const char *fmt, ...)
{
    if (ctx == NULL) return code;
    int n = snprintf(ctx->error, sizeof ctx->error, "%s: ", ctx->where ? ctx->where : "meshmat");
    if (n < 0 || (size_t)n >= sizeof ctx->error) return code;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ctx->error + n, sizeof ctx->error - (size_t)n, fmt, ap);
    va_end(ap);
    return code;
}
