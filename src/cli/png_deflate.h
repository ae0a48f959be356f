/* png_deflate.h: the compressed data of a PNG's IDAT: a zlib stream (RFC
 * 1950) of one deflate block (RFC 1951) with the fixed Huffman codes, whose
 * matches a hash-chain search finds, and the Adler-32 of the data. Written
 * for `meshmat render`'s pictures, where runs of one colour dominate, without
 * a zlib dependency. */
#ifndef MESHMAT_CLI_PNG_DEFLATE_H
#define MESHMAT_CLI_PNG_DEFLATE_H

#include <stddef.h>
#include <stdint.h>

/* A growing byte array. */
typedef struct png_bytes {
    unsigned char *p;
    size_t n, cap;
} png_bytes;

/* Appends n bytes; 0, or ENOMEM (b unchanged). */
int png_bytes_append(png_bytes *b, const void *data, size_t n);
void png_bytes_free(png_bytes *b);

/* The zlib stream of in[0, n) appended to out; 0, or ENOMEM. */
int png_deflate(const unsigned char *in, size_t n, png_bytes *out);

/* The Adler-32 checksum of p[0, n) (RFC 1950). */
uint32_t png_adler32(const unsigned char *p, size_t n);

#endif
