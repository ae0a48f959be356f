/* bench_util.c: the timing, bandwidth and result-file helpers of bench_util.h. */
#include "bench_util.h"

#include <math.h>
#include <string.h>
#include <time.h>

static int compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double bu_median(double *t, int n)
{
    if (n <= 0) return NAN;
    qsort(t, (size_t)n, sizeof *t, compare_double);
    return n % 2 ? t[n / 2] : 0.5 * (t[n / 2 - 1] + t[n / 2]);
}

double bu_now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec * 1e-6;
}

void bu_date(char *buf, size_t len)
{
    time_t now = time(NULL);
    struct tm utc;
    gmtime_r(&now, &utc);
    strftime(buf, len, "%Y-%m-%d %H:%M UTC", &utc);
}

void bu_cpu_model(char *buf, size_t len)
{
    char line[512];
    FILE *f = fopen("/proc/cpuinfo", "r");
    snprintf(buf, len, "unknown");
    while (f != NULL && fgets(line, sizeof line, f) != NULL) {
        char *c = strchr(line, ':');
        if (strncmp(line, "model name", 10) == 0 && c != NULL) {
            snprintf(buf, len, "%s", c + 2);
            buf[strcspn(buf, "\n")] = '\0';
            break;
        }
    }
    if (f != NULL) fclose(f);
}

FILE *bu_open_result(const char *dir, const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (f == NULL) {
        fprintf(stderr, "cannot write %s\n", path);
        exit(1);
    }
    return f;
}

void bu_json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; ++s) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

void bu_json_number(FILE *f, const char *fmt, double x)
{
    if (isnan(x))
        fputs("null", f);
    else
        fprintf(f, fmt, x);
}

#ifdef MESHMAT_HAVE_CUDA
double bu_cuda_time_ms(void (*fn)(void *), void *arg, int warmup, int runs)
{
    cudaEvent_t start, stop;
    double *t = malloc((size_t)(runs > 0 ? runs : 1) * sizeof *t);
    if (t == NULL) exit(1);
    BU_CUDA_OK(cudaEventCreate(&start));
    BU_CUDA_OK(cudaEventCreate(&stop));
    for (int r = -warmup; r < runs; ++r) {
        BU_CUDA_OK(cudaEventRecord(start, 0));
        fn(arg);
        BU_CUDA_OK(cudaEventRecord(stop, 0));
        BU_CUDA_OK(cudaEventSynchronize(stop));
        float ms;
        BU_CUDA_OK(cudaEventElapsedTime(&ms, start, stop));
        if (r >= 0) t[r] = ms;
    }
    BU_CUDA_OK(cudaEventDestroy(start));
    BU_CUDA_OK(cudaEventDestroy(stop));
    double m = bu_median(t, runs);
    free(t);
    return m;
}

typedef struct copy_arg {
    void *dst, *src;
    size_t bytes;
} copy_arg;

static void run_copy(void *p)
{
    copy_arg *a = p;
    BU_CUDA_OK(cudaMemcpyAsync(a->dst, a->src, a->bytes, cudaMemcpyDeviceToDevice, 0));
}

double bu_copy_bandwidth_GBps(void)
{
    copy_arg a = {NULL, NULL, (size_t)1 << 30};
    BU_CUDA_OK(cudaMalloc(&a.dst, a.bytes));
    BU_CUDA_OK(cudaMalloc(&a.src, a.bytes));
    BU_CUDA_OK(cudaMemset(a.src, 1, a.bytes));
    double ms = bu_cuda_time_ms(run_copy, &a, 3, 20);
    BU_CUDA_OK(cudaFree(a.dst));
    BU_CUDA_OK(cudaFree(a.src));
    return 2.0 * (double)a.bytes / (ms * 1e6);
}
#endif
