/* bench_util.h: what every benchmark shares (DESIGN §5): the median of timed
 * runs (CUDA events on the GPU, a monotonic clock on the host), the device copy
 * bandwidth the roofline fractions are taken against, the date and host CPU
 * named in the results, result files, and exit-on-error checks for set-up calls
 * (a benchmark whose set-up fails has nothing to report). */
#ifndef MESHMAT_BENCH_UTIL_H
#define MESHMAT_BENCH_UTIL_H

#include <stdio.h>
#include <stdlib.h>

#include "meshmat.h"

#ifdef MESHMAT_HAVE_CUDA
#include <cuda_runtime.h>
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Exit with the call and meshmat's message when a set-up call fails. */
#define BU_MM_OK(ctx, call)                                                                \
    do {                                                                                   \
        mm_status m_ = (call);                                                             \
        if (m_ != MM_OK) {                                                                 \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,                  \
                    mm_last_error(ctx));                                                   \
            exit(1);                                                                       \
        }                                                                                  \
    } while (0)

/* The median of t[0 … n-1] (sorts t); NAN for n = 0. */
double bu_median(double *t, int n);

/* A monotonic host clock in milliseconds. */
double bu_now_ms(void);

/* The current UTC date and time, "2026-11-22 10:52 UTC". */
void bu_date(char *buf, size_t len);

/* The host CPU's model name from /proc/cpuinfo ("unknown" when not found). */
void bu_cpu_model(char *buf, size_t len);

/* Opens DIR/NAME for writing; exits with a message when it cannot. */
FILE *bu_open_result(const char *dir, const char *name);

/* Writes s as a JSON string literal (quotes, backslashes and control
 * characters escaped). */
void bu_json_string(FILE *f, const char *s);

/* Writes x with printf format fmt, or null when x is NAN. */
void bu_json_number(FILE *f, const char *fmt, double x);

#ifdef MESHMAT_HAVE_CUDA
#define BU_CUDA_OK(call)                                                                   \
    do {                                                                                   \
        cudaError_t e_ = (call);                                                           \
        if (e_ != cudaSuccess) {                                                           \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,                  \
                    cudaGetErrorString(e_));                                               \
            exit(1);                                                                       \
        }                                                                                  \
    } while (0)
/* For the benches that link cuSPARSE (include cusparse.h before use). */
#define BU_SPARSE_OK(call)                                                                 \
    do {                                                                                   \
        cusparseStatus_t s_ = (call);                                                      \
        if (s_ != CUSPARSE_STATUS_SUCCESS) {                                               \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,                  \
                    cusparseGetErrorString(s_));                                           \
            exit(1);                                                                       \
        }                                                                                  \
    } while (0)

/* The median in milliseconds of `runs` calls of fn(arg) after `warmup`
 * untimed ones, each between two CUDA events on the default stream. */
double bu_cuda_time_ms(void (*fn)(void *), void *arg, int warmup, int runs);

/* Device copy bandwidth in GB/s (10^9 B/s), counting the bytes read and
 * written: a 1 GiB device-to-device cudaMemcpy, median of 20 after 3 warm-ups. */
double bu_copy_bandwidth_GBps(void);
#endif

#ifdef __cplusplus
}
#endif
#endif
