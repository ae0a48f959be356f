/* measure.c: timing one GPU method for bench_subdiv (measure.h). */
#include "measure.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bench_util.h"

enum { MAX_RUNS = 64 };

/* Adds the stages the context recorded in one call to the run's sums by
 * name (rec->stage_names grows with new names). */
static void add_stages(mm_context ctx, sd_record *rec, double sums[SD_MAX_STAGES])
{
    int n = mm_context_stage_count(ctx);
    for (int i = 0; i < n; ++i) {
        const char *name;
        double ms;
        if (mm_context_stage(ctx, i, &name, &ms) != MM_OK) continue;
        int s = 0;
        while (s < rec->num_stages && strcmp(rec->stage_names[s], name) != 0) ++s;
        if (s == SD_MAX_STAGES) continue;
        if (s == rec->num_stages) rec->stage_names[rec->num_stages++] = name;
        sums[s] += ms;
    }
}

/* One call between CUDA events; its time, or NAN with rec's status set. */
static double timed_call(const sd_method *m, cudaEvent_t a, cudaEvent_t b, sd_record *rec)
{
    mm_context_clear_stages(m->ctx);
    BU_CUDA_OK(cudaDeviceSynchronize());
    BU_CUDA_OK(cudaEventRecord(a, 0));
    mm_status st = m->run(m->arg);
    BU_CUDA_OK(cudaEventRecord(b, 0));
    BU_CUDA_OK(cudaEventSynchronize(b));
    if (st != MM_OK) {
        rec->status = "unavailable";
        snprintf(rec->message, sizeof rec->message, "%s", mm_last_error(m->ctx));
        return NAN;
    }
    float ms = 0.0f;
    BU_CUDA_OK(cudaEventElapsedTime(&ms, a, b));
    return ms;
}

void sd_measure(const sd_method *m, int runs, double budget_ms, sd_record *rec)
{
    static double stage_t[SD_MAX_STAGES][MAX_RUNS];
    double t[MAX_RUNS];
    cudaEvent_t a, b;
    BU_CUDA_OK(cudaEventCreate(&a));
    BU_CUDA_OK(cudaEventCreate(&b));
    if (runs > MAX_RUNS) runs = MAX_RUNS;
    rec->num_stages = 0;
    rec->status = "ok";
    mm_context_reset_peak(m->ctx);
    double warm = timed_call(m, a, b, rec);
    if (!isnan(warm)) m->release(m->arg);
    if (!isnan(warm) && warm * runs > budget_ms) {
        runs = (int)(budget_ms / warm);
        if (runs < 3) runs = 3;
    }
    int done = 0;
    for (; !isnan(warm) && done < runs; ++done) {
        double sums[SD_MAX_STAGES] = {0};
        t[done] = timed_call(m, a, b, rec);
        if (isnan(t[done])) break;
        add_stages(m->ctx, rec, sums);
        m->release(m->arg);
        for (int s = 0; s < SD_MAX_STAGES; ++s) stage_t[s][done] = sums[s];
    }
    BU_CUDA_OK(cudaEventDestroy(a));
    BU_CUDA_OK(cudaEventDestroy(b));
    rec->runs = done;
    if (strcmp(rec->status, "ok") != 0) {
        rec->num_stages = 0;
        return;
    }
    rec->total_ms = bu_median(t, done);
    rec->peak_bytes = (double)mm_context_peak_bytes(m->ctx, MM_MEMORY_DEVICE);
    for (int s = 0; s < rec->num_stages; ++s) rec->stage_ms[s] = bu_median(stage_t[s], done);
    if (rec->num_stages == 0 && m->stage != NULL) {
        rec->num_stages = 1;
        rec->stage_names[0] = m->stage;
        rec->stage_ms[0] = rec->total_ms;
    }
}
