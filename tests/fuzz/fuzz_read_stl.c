/* fuzz_read_stl.c: the STL reader (binary by size, ASCII solids and facets)
 * on arbitrary bytes: it gives a soup with sane counts or a documented
 * refusal with a message, and never crashes, reads out of bounds, leaks or
 * hits undefined behaviour. */
#include "fuzz_mesh.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_read(data, size, "fuzz.stl");
    return 0;
}
