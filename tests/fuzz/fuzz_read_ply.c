/* fuzz_read_ply.c: the PLY reader, ASCII and binary little-endian (one
 * reader; the header says which) on arbitrary bytes: it gives a mesh with
 * sane counts or a documented refusal with a message, and never crashes,
 * reads out of bounds, leaks or hits undefined behaviour. */
#include "fuzz_mesh.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_read(data, size, "fuzz.ply");
    return 0;
}
