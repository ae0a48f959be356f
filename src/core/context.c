/* context.c: making and freeing contexts (backend choice, device, stream),
 * the last-error message every public call records on failure, and the
 * handles' life on their context (handle.h): counting, the quarantine of freed
 * structs, the deferred release of a context freed before its handles. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "context_impl.h"
#include "cuda_backend.h"
#include "error.h"
#include "handle.h"
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
    c->magic = MMI_MAGIC_CONTEXT;
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

/* Frees everything of c: after mm_context_free, or after its last handle's
 * free when mm_context_free came first. */
static void context_release(mm_context c)
{
    if (c->backend == MM_BACKEND_CUDA) mmi_cuda_close(c);
    if (c->jit_release != NULL) c->jit_release(c); /* after the stream is idle */
    mmi_stages_free(c);
    for (int i = 0; i < MMI_QUARANTINE; ++i) free(c->quarantine[i]);
    c->magic = MMI_MAGIC_CONTEXT_FREED;
    free(c);
}

void mm_context_free(mm_context *ctx)
{
    if (ctx == NULL || *ctx == NULL) return;
    if (!mmi_context_live(*ctx)) return; /* closed or freed already, or not a context */
    mm_context c = *ctx;
    *ctx = NULL;
    if (c->handles > 0)
        c->magic = MMI_MAGIC_CONTEXT_CLOSED; /* the last handle's free releases it */
    else
        context_release(c);
}

void *mmi_handle_new(mm_context ctx, size_t bytes, uint32_t live)
{
    uint32_t *h = calloc(1, bytes);
    if (h == NULL) return NULL;
    *h = live;
    ctx->handles++;
    return h;
}

void mmi_handle_free(mm_context ctx, void *h, uint32_t freed)
{
    *(uint32_t *)h = freed;
    int i = ctx->quarantine_next;
    free(ctx->quarantine[i]);
    ctx->quarantine[i] = h;
    ctx->quarantine_next = (i + 1) % MMI_QUARANTINE;
    if (--ctx->handles == 0 && ctx->magic == MMI_MAGIC_CONTEXT_CLOSED) context_release(ctx);
}

static const char *type_name(uint32_t live)
{
    switch (live) {
    case MMI_MAGIC_MATRIX: return "matrix";
    case MMI_MAGIC_DENSE: return "dense array";
    case MMI_MAGIC_MESH: return "mesh";
    case MMI_MAGIC_SUBDIV: return "subdivision";
    }
    return "handle";
}

void mmi_handle_refuse(mm_context ctx, const void *h, const mm_context *owner, uint32_t live,
                       const char *what)
{
    const char *type = type_name(live);
    if (!mmi_handle_is(h, live))
        mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT, "%s is not a live %s (freed, or not a %s)", what,
                 type, type);
    else if (ctx != NULL && *owner != ctx)
        mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT, "%s was made on another context%s", what,
                 mmi_handle_is(*owner, MMI_MAGIC_CONTEXT_CLOSED) ? ", since freed" : "");
    /* else its context is closed: there is nowhere to record */
}

mm_backend mm_context_backend(mm_context ctx)
{
    return mmi_context_live(ctx) ? ctx->backend : MM_BACKEND_CPU;
}

const char *mm_context_device_name(mm_context ctx)
{
    return mmi_context_live(ctx) ? ctx->device_name : "";
}

const char *mm_last_error(mm_context ctx)
{
    if (ctx == NULL) return "";
    if (mmi_handle_is(ctx, MMI_MAGIC_CONTEXT)) return ctx->error;
    if (mmi_handle_is(ctx, MMI_MAGIC_CONTEXT_CLOSED))
        return "mm_last_error: the context was freed (mm_context_free) while handles made on it "
               "were alive; it refuses every call, and goes with the last handle's free";
    return "mm_last_error: not a live context (freed, or not a context)";
}

mm_status mm_context_synchronize(mm_context ctx)
{
    if (!mmi_context_live(ctx)) return MM_ERR_INVALID_ARGUMENT;
    MM_WHERE(ctx);
    return ctx->backend == MM_BACKEND_CUDA ? mmi_cuda_synchronize(ctx) : MM_OK;
}

mm_status mm_context_set_stream(mm_context ctx, void *stream)
{
    if (!mmi_context_live(ctx)) return MM_ERR_INVALID_ARGUMENT;
    MM_WHERE(ctx);
    if (ctx->backend == MM_BACKEND_CUDA) return mmi_cuda_set_stream(ctx, stream);
    if (stream == NULL) return MM_OK;
    return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT,
                    "stream is not NULL, but the context computes on the CPU, which has no "
                    "streams");
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
