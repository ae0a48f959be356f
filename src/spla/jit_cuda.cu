/* jit_cuda.cu: user maps and lambdas on the CUDA backend (jit.h, DESIGN §2):
 * the program around the source is compiled by NVRTC (with the embedded
 * headers) to a CUBIN for the device's own architecture, loaded with the
 * runtime's library API (cudaLibraryLoadData, which needs no link to libcuda,
 * absent where no driver is installed) and
 * kept per context; compiled images are also kept on disk (jit_disk.c). */
#include <cuda_runtime.h>
#include <nvrtc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/context_impl.h"
#include "../core/cuda_check.cuh"
#include "../core/error.h"
#include "../core/timer.h"
#include "jit.h"

#define MAX_KERNELS 3

/* One loaded program of a context, found by its full text, and its kernels. */
typedef struct jit_module {
    char *program;
    cudaLibrary_t library;
    cudaKernel_t kernels[MAX_KERNELS];
    struct jit_module *next;
} jit_module;

/* What a program is for (its kernels) and what to call it in messages. */
typedef struct jit_kind {
    const char *what;
    const char *kernels[MAX_KERNELS];
    int nkernels;
} jit_kind;

static void release_modules(mm_context ctx)
{
    for (jit_module *m = (jit_module *)ctx->jit, *next; m != NULL; m = next) {
        next = m->next;
        cudaLibraryUnload(m->library);
        free(m->program);
        free(m);
    }
    ctx->jit = NULL;
}

/* "sm_90, NVRTC 13.0": what the image depends on besides the source. */
static mm_status target_of(mm_context ctx, char *target, size_t n, char *arch, size_t arch_n)
{
    int major = 0, minor = 0, nv_major = 0, nv_minor = 0;
    mm_status st = mmi_cuda_check(
        ctx, cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, ctx->device),
        "cudaDeviceGetAttribute");
    if (st != MM_OK) return st;
    st = mmi_cuda_check(
        ctx, cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, ctx->device),
        "cudaDeviceGetAttribute");
    if (st != MM_OK) return st;
    nvrtcVersion(&nv_major, &nv_minor);
    snprintf(arch, arch_n, "sm_%d%d", major, minor);
    snprintf(target, n, "%s, NVRTC %d.%d", arch, nv_major, nv_minor);
    return MM_OK;
}

/* NVRTC's log after a failed compile (malloc'd, or NULL). */
static char *log_of(nvrtcProgram prog)
{
    size_t n = 0;
    char *log = NULL;
    if (nvrtcGetProgramLogSize(prog, &n) == NVRTC_SUCCESS && n > 0 && (log = (char *)malloc(n)))
        if (nvrtcGetProgramLog(prog, log) != NVRTC_SUCCESS) log[0] = '\0';
    return log;
}

/* Compiles program to a CUBIN for arch (*image malloc'd). */
static mm_status compile(mm_context ctx, const jit_kind *kind, const char *program,
                         const char *arch, char **image, size_t *bytes)
{
    char option[64];
    const char *options[] = {option, MMI_JIT_NVRTC_OPTION};
    const char *const *texts, *const *names;
    int nheaders = mmi_jit_headers(&texts, &names);
    nvrtcProgram prog;
    mm_status st = MM_OK;
    snprintf(option, sizeof option, "--gpu-architecture=%s", arch);
    nvrtcResult r = nvrtcCreateProgram(&prog, program, "user.cu", nheaders, texts, names);
    if (r != NVRTC_SUCCESS)
        return mmi_fail(ctx, r == NVRTC_ERROR_OUT_OF_MEMORY ? MM_ERR_OUT_OF_MEMORY : MM_ERR_JIT,
                        "NVRTC could not take the %s: %s", kind->what, nvrtcGetErrorString(r));
    r = nvrtcCompileProgram(prog, 2, options);
    if (r != NVRTC_SUCCESS) {
        char *log = log_of(prog);
        st = mmi_fail(ctx, MM_ERR_JIT, "%s source failed to compile for %s (%s):\n%s",
                      kind->what, arch, nvrtcGetErrorString(r), log ? log : "");
        free(log);
    } else if ((r = nvrtcGetCUBINSize(prog, bytes)) != NVRTC_SUCCESS ||
               (*image = (char *)malloc(*bytes)) == NULL ||
               (r = nvrtcGetCUBIN(prog, *image)) != NVRTC_SUCCESS) {
        st = r != NVRTC_SUCCESS ? mmi_fail(ctx, MM_ERR_JIT, "NVRTC gave no CUBIN: %s",
                                           nvrtcGetErrorString(r))
                                : mmi_fail(ctx, MM_ERR_OUT_OF_MEMORY, "no memory for the CUBIN");
        free(*image);
        *image = NULL;
    }
    nvrtcDestroyProgram(&prog);
    return st;
}

/* Loads image as ctx's module for program, which it takes over on success. */
static mm_status load(mm_context ctx, const jit_kind *kind, char *program, const void *image,
                      jit_module **out)
{
    jit_module *m = (jit_module *)calloc(1, sizeof *m);
    if (m == NULL)
        return mmi_fail(ctx, MM_ERR_OUT_OF_MEMORY, "no memory for a %s module", kind->what);
    mm_status st = mmi_cuda_check(
        ctx, cudaLibraryLoadData(&m->library, image, NULL, NULL, 0, NULL, NULL, 0),
        "cudaLibraryLoadData of a user program");
    /* Libraries load lazily: asking for each kernel's attributes loads it
     * now, so a bad image fails here rather than at the launch. */
    cudaFuncAttributes attributes;
    for (int k = 0; k < kind->nkernels && st == MM_OK; ++k) {
        st = mmi_cuda_check(
            ctx, cudaLibraryGetKernel(&m->kernels[k], m->library, kind->kernels[k]),
            "cudaLibraryGetKernel of a user program");
        if (st == MM_OK)
            st = mmi_cuda_check(
                ctx, cudaFuncGetAttributes(&attributes, (const void *)m->kernels[k]),
                "loading a user program's module");
    }
    if (st != MM_OK) {
        cudaGetLastError(); /* a bad image is not a device fault: clear it for later calls */
        if (m->library != NULL) cudaLibraryUnload(m->library);
        free(m);
        return st;
    }
    m->program = program;
    m->next = (jit_module *)ctx->jit;
    ctx->jit = m;
    ctx->jit_release = release_modules;
    *out = m;
    return MM_OK;
}

/* From disk: a file that does not load (damaged, another driver) is a miss. */
static int load_from_disk(mm_context ctx, const jit_kind *kind, char *program, jit_module **out)
{
    size_t bytes;
    void *image = mmi_jit_disk_load(program, &bytes);
    int hit = image != NULL && load(ctx, kind, program, image, out) == MM_OK;
    free(image);
    return hit;
}

/* Compiles program with NVRTC, keeps the image on disk and loads it. */
static mm_status compile_and_load(mm_context ctx, const jit_kind *kind, char *program,
                                  const char *arch, jit_module **out)
{
    char *image = NULL;
    size_t bytes = 0;
    mm_status st = compile(ctx, kind, program, arch, &image, &bytes);
    if (st == MM_OK) {
        mmi_jit_disk_store(program, image, bytes);
        st = load(ctx, kind, program, image, out);
    }
    free(image);
    return st;
}

/* ctx's module for program (taken over, or freed when not kept): from
 * memory, from disk, or compiled; the stage is named by the way it went. */
static mm_status module_for(mm_context ctx, const jit_kind *kind, char *program,
                            const char *arch, jit_module **out)
{
    mm_status st = MM_OK;
    int stage = mmi_stage_begin(ctx, "jit_compile");
    *out = NULL;
    for (jit_module *m = (jit_module *)ctx->jit; m != NULL && *out == NULL; m = m->next)
        if (strcmp(m->program, program) == 0) *out = m;
    if (*out != NULL) {
        mmi_stage_rename(ctx, stage, "jit_memory_hit");
        free(program);
    } else if (load_from_disk(ctx, kind, program, out)) {
        mmi_stage_rename(ctx, stage, "jit_disk_hit");
    } else {
        st = compile_and_load(ctx, kind, program, arch, out);
        if (st != MM_OK) free(program);
    }
    mmi_stage_end(ctx, stage);
    return st;
}

/* ctx's module for the program that make_program writes for target: the
 * device's target first, then the lookup. */
static mm_status module_of(mm_context ctx, const jit_kind *kind, const char *map_source,
                           const char *lambda_source, jit_module **out)
{
    char target[96], arch[32];
    mm_status st = mmi_cuda_check(ctx, cudaSetDevice(ctx->device), "cudaSetDevice");
    if (st != MM_OK) return st;
    st = target_of(ctx, target, sizeof target, arch, sizeof arch);
    if (st != MM_OK) return st;
    char *program = kind->nkernels == 1 ? mmi_jit_map_program(map_source, target)
                                        : mmi_jit_spgemm_program(map_source, lambda_source, target);
    if (program == NULL)
        return mmi_fail(ctx, MM_ERR_OUT_OF_MEMORY, "no memory for the %s's program", kind->what);
    return module_for(ctx, kind, program, arch, out);
}

mm_status mmi_jit_map_rows_cuda(mm_context ctx, const char *source, const int64_t *ptr,
                                int64_t uniform, int64_t nrows, double *v)
{
    static const jit_kind kind = {"user map", {MMI_JIT_MAP_KERNEL}, 1};
    jit_module *m = NULL;
    mm_status st = module_of(ctx, &kind, source, NULL, &m);
    if (st != MM_OK || nrows == 0) return st;
    void *args[] = {&v, &ptr, &uniform, &nrows};
    const int threads = 256;
    return mmi_cuda_check(ctx,
                          cudaLaunchKernel((const void *)m->kernels[0],
                                           dim3(mmi_cuda_grid(nrows, threads)), dim3(threads),
                                           args, 0, (cudaStream_t)ctx->stream),
                          "the user map kernel launch");
}

mm_status mmi_jit_spgemm_kernels_cuda(mm_context ctx, const char *map_source,
                                      const char *lambda_source, const void *kernels[3])
{
    static const char *const what[] = {"", "user map", "user lambda", "user map and lambda"};
    jit_kind kind = {what[(map_source != NULL) + 2 * (lambda_source != NULL)],
                     {MMI_JIT_SPGEMM_COUNT, MMI_JIT_SPGEMM_SPILL, MMI_JIT_SPGEMM_FILL}, 3};
    jit_module *m = NULL;
    mm_status st = module_of(ctx, &kind, map_source, lambda_source, &m);
    for (int k = 0; k < 3 && st == MM_OK; ++k) kernels[k] = (const void *)m->kernels[k];
    return st;
}
