/* status.c: the static text of every mm_status (mm_status_string). */
#include "meshmat/context.h"

const char *mm_status_string(mm_status st)
{
    switch (st) {
    case MM_OK: return "MM_OK: success";
    case MM_ERR_INVALID_ARGUMENT: return "MM_ERR_INVALID_ARGUMENT: invalid argument";
    case MM_ERR_OUT_OF_MEMORY: return "MM_ERR_OUT_OF_MEMORY: out of memory";
    case MM_ERR_OVERFLOW: return "MM_ERR_OVERFLOW: a count or offset is too large";
    case MM_ERR_IO: return "MM_ERR_IO: file input/output failed";
    case MM_ERR_PARSE: return "MM_ERR_PARSE: malformed file";
    case MM_ERR_INVALID_MESH: return "MM_ERR_INVALID_MESH: invalid mesh";
    case MM_ERR_INVALID_MATRIX: return "MM_ERR_INVALID_MATRIX: invalid matrix";
    case MM_ERR_NO_DEVICE: return "MM_ERR_NO_DEVICE: no CUDA device available";
    case MM_ERR_CUDA: return "MM_ERR_CUDA: CUDA runtime error";
    case MM_ERR_FORMAT: return "MM_ERR_FORMAT: unsupported file format";
    case MM_ERR_JIT: return "MM_ERR_JIT: source failed to compile";
    }
    return "unknown mm_status";
}
