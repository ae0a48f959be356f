/* png_write.h: an 8-bit RGB image as a PNG file (signature, IHDR, one IDAT,
 * IEND, each chunk with its CRC-32), every row filtered by the PNG filter
 * that makes its bytes smallest, compressed by png_deflate.h. */
#ifndef MESHMAT_CLI_PNG_WRITE_H
#define MESHMAT_CLI_PNG_WRITE_H

#include <stdint.h>
#include <stdio.h>

/* The CRC-32 of PNG chunks (ISO 3309, as zlib's crc32) of p[0, n), continued
 * from crc (0 to start). */
uint32_t png_crc32(uint32_t crc, const unsigned char *p, size_t n);

/* Writes the width × height image rgb (rows top to bottom, 3 bytes a pixel)
 * to f; 0, ENOMEM, or the errno of a failed write. */
int png_write(FILE *f, int width, int height, const unsigned char *rgb);

#endif
