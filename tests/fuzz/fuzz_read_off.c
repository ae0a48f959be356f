/* fuzz_read_off.c: the OFF reader (OFF, COFF, NOFF… headers, counts,
 * comments) on arbitrary bytes: it gives a mesh with sane counts or a
 * documented refusal with a message, and never crashes, reads out of bounds,
 * leaks or hits undefined behaviour. */
#include "fuzz_mesh.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_read(data, size, "fuzz.off");
    return 0;
}
