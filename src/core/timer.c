/* timer.c: named stage timers (mmi_stage_begin / mmi_stage_end and the public
 * readers): CUDA events on the context's stream on the GPU, CLOCK_MONOTONIC on
 * the CPU. Timing is off unless the context was made with opts.timing. A
 * stage slot keeps its two events after mm_context_clear_stages, so a caller
 * timing call after call records the same events again instead of creating
 * and destroying two per stage (host time that a launch-bound level 0 also
 * waits for). */
#include <stdlib.h>
#include <time.h>

#include "context_impl.h"
#include "cuda_backend.h"
#include "error.h"
#include "handle.h"
#include "timer.h"

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

int mmi_stage_begin(mm_context ctx, const char *name)
{
    if (!ctx->timing) return -1;
    if (ctx->num_stages == ctx->cap_stages) {
        int cap = ctx->cap_stages ? 2 * ctx->cap_stages : 16;
        mmi_stage *s = realloc(ctx->stages, (size_t)cap * sizeof *s);
        if (s == NULL) return -1;
        for (int i = ctx->cap_stages; i < cap; ++i) s[i].events[0] = s[i].events[1] = NULL;
        ctx->stages = s;
        ctx->cap_stages = cap;
    }
    mmi_stage *s = &ctx->stages[ctx->num_stages];
    s->name = name;
    s->ms = 0.0;
    s->resolved = 0;
    s->ended = 0;
    if (ctx->backend == MM_BACKEND_CUDA) {
        if (mmi_cuda_event_record(ctx, &s->events[0]) != 0) return -1;
    } else {
        s->t0 = now_ms();
    }
    return ctx->num_stages++;
}

void mmi_stage_end(mm_context ctx, int i)
{
    if (i < 0 || i >= ctx->num_stages) return;
    mmi_stage *s = &ctx->stages[i];
    if (ctx->backend == MM_BACKEND_CUDA) {
        s->ended = mmi_cuda_event_record(ctx, &s->events[1]) == 0;
    } else {
        s->ms = now_ms() - s->t0;
        s->resolved = 1;
    }
}

void mmi_stage_rename(mm_context ctx, int i, const char *name)
{
    if (i >= 0 && i < ctx->num_stages) ctx->stages[i].name = name;
}

int mm_context_stage_count(mm_context ctx)
{
    return mmi_context_live(ctx) ? ctx->num_stages : 0;
}

mm_status mm_context_stage(mm_context ctx, int i, const char **name, double *ms)
{
    mm_status st = MM_OK;
    if (!mmi_context_live(ctx) || name == NULL || ms == NULL) return MM_ERR_INVALID_ARGUMENT;
    MM_WHERE(ctx);
    if (i < 0 || i >= ctx->num_stages)
        MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "stage %d requested, but %d were recorded", i,
                ctx->num_stages);
    mmi_stage *s = &ctx->stages[i];
    if (!s->resolved) {
        if (!s->ended)
            MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "stage %d (%s) has not ended", i, s->name);
        s->ms = mmi_cuda_event_elapsed(s->events[0], s->events[1]);
        if (s->ms < 0.0) MM_FAIL(ctx, MM_ERR_CUDA, "stage %d (%s): event timing failed", i, s->name);
        s->resolved = 1;
    }
    *name = s->name;
    *ms = s->ms;
done:
    return st;
}

void mm_context_clear_stages(mm_context ctx)
{
    if (mmi_context_live(ctx)) ctx->num_stages = 0;
}

void mmi_stages_free(mm_context ctx)
{
    for (int i = 0; i < ctx->cap_stages; ++i) {
        mmi_cuda_event_destroy(ctx->stages[i].events[0]);
        mmi_cuda_event_destroy(ctx->stages[i].events[1]);
    }
    free(ctx->stages);
    ctx->stages = NULL;
    ctx->num_stages = ctx->cap_stages = 0;
}
