/* records.h: bench_subdiv's results: one record per (mesh, scheme, level,
 * method), written as subdiv.json and as subdiv.md (a table per mesh and
 * scheme and the issue bars: specialized vs generic, vs the host peers,
 * static vs cuSPARSE, roofline fraction, peak memory; issue 19's for the
 * eval-only methods). bench/README.md documents every field. */
#ifndef MESHMAT_BENCH_SUBDIV_RECORDS_H
#define MESHMAT_BENCH_SUBDIV_RECORDS_H

#include <stdint.h>

enum { SD_MAX_STAGES = 24 };

typedef struct sd_record {
    const char *mesh, *scheme, *method;
    int level, runs;
    int host;                             /* 1: a host CPU peer          */
    int64_t control_faces, refined_faces; /* refined_faces: level `level` */
    int num_stages;
    const char *stage_names[SD_MAX_STAGES];
    double stage_ms[SD_MAX_STAGES];       /* medians over the runs        */
    double total_ms;                      /* median; NAN unless ok        */
    double setup_ms;                      /* once before eval-only runs; NAN if none */
    double peak_bytes;                    /* device; NAN for host peers   */
    double min_bytes, final_bytes;        /* final_bytes: refined topology + vertex data */
    const char *status;                   /* "ok", "unavailable", "error", "skipped" */
    char message[256];
} sd_record;

typedef struct sd_records {
    sd_record *r;
    int count, cap;
    const char *device, *host_cpu;
    char date[32];
    double copy_GBps;
} sd_records;

/* Appends a copy of rec (exits when out of memory). */
void sd_add(sd_records *all, const sd_record *rec);

/* roofline_fraction of a record: (min_bytes / total_ms) / copy bandwidth, NAN
 * for host peers and failed runs. */
double sd_roofline(const sd_records *all, const sd_record *rec);

/* Writes DIR/subdiv.json and DIR/subdiv.md; exits when a file cannot be written. */
void sd_write(const sd_records *all, const char *dir);

#endif
