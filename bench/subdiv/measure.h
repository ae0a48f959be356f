/* measure.h: how bench_subdiv times one GPU method (DESIGN §5): a warm-up,
 * then the median of up to `runs` calls between CUDA events, each call's
 * stages read from the context's stage timers and summed by name, and the
 * peak device memory over them all. */
#ifndef MESHMAT_BENCH_SUBDIV_MEASURE_H
#define MESHMAT_BENCH_SUBDIV_MEASURE_H

#include "meshmat.h"
#include "records.h"

/* One method: run() does the timed work (the same each call), release()
 * frees what it made, outside the timed span. */
typedef struct sd_method {
    mm_context ctx;
    mm_status (*run)(void *arg);
    void (*release)(void *arg);
    void *arg;
    const char *stage; /* the stage name when the context records none */
} sd_method;

/* Times m into rec: total_ms, stages, runs, peak_bytes; sets rec->status
 * "ok", or "unavailable" with the error as message when a call fails. Runs
 * stop early (never below 3) once they would pass budget_ms in all. */
void sd_measure(const sd_method *m, int runs, double budget_ms, sd_record *rec);

#endif
