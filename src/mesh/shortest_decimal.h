/* shortest_decimal.h: the shortest decimal that reads back (correctly rounded,
 * as strtod / strtof read) to the same float64 or float32, by exact integer
 * arithmetic (the Schubfach idea: the value and the ends of its rounding
 * interval scaled by a power of ten with 128-bit products rounded to odd),
 * and the text the mesh writers print from it. No locale, no allocation;
 * safe to call from several threads at once. */
#ifndef MESHMAT_MESH_SHORTEST_DECIMAL_H
#define MESHMAT_MESH_SHORTEST_DECIMAL_H

#include <stddef.h>
#include <stdint.h>

/* |x| = digits × 10^exp10 for finite x ≠ 0: the fewest significant digits
 * that read back to x, the one nearest x among those (ties: even digits),
 * trailing zeros removed (digits ≤ 17 decimal digits, 9 for float32). Zero
 * gives digits 0, exp10 0. Infinities and NaN are not numbers here. */
void mmi_shortest_f64(double x, uint64_t *digits, int *exp10);
void mmi_shortest_f32(float x, uint64_t *digits, int *exp10);

/* Longest text the formatters write (no NUL is written). */
#define MMI_SHORTEST_MAX 32

/* x as the writers print it, the rules printf's "%.*g" follows with the
 * precision P = max(number of digits, 15) (float32: 6), which is what the
 * writers printed before this formatter: a leading '-' for negative values
 * (negative zero too: "-0"); plain notation when -4 ≤ exponent < P, else
 * "d.ddde±XX" (at least two exponent digits); no trailing zeros after a '.',
 * no '.' without digits after it; '.' always; "inf", "-inf", "nan" as glibc.
 * Returns the length written into out (at most MMI_SHORTEST_MAX bytes). */
size_t mmi_format_f64(char *out, double x);
size_t mmi_format_f32(char *out, float x);

#endif
