/* png_write.c: the PNG container: chunks with their CRC-32, and the filtering
 * of the rows before compression (PNG spec §9: each row gets the filter of
 * the five, None, Sub, Up, Average, Paeth, whose output bytes have the least
 * sum of magnitudes as signed values, the heuristic the spec suggests). */
#include "png_write.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "png_deflate.h"

#define BPP 3 /* bytes per pixel: RGB, 8 bits each */

uint32_t png_crc32(uint32_t crc, const unsigned char *p, size_t n)
{
    static uint32_t table[256];
    if (table[1] == 0)
        for (uint32_t i = 0; i < 256; ++i) {
            uint32_t c = i;
            for (int k = 0; k < 8; ++k) c = c & 1u ? 0xedb88320u ^ (c >> 1) : c >> 1;
            table[i] = c;
        }
    crc = ~crc;
    for (size_t i = 0; i < n; ++i) crc = table[(crc ^ p[i]) & 0xffu] ^ (crc >> 8);
    return ~crc;
}

static void put_be32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)(v >> 24);
    p[1] = (unsigned char)(v >> 16);
    p[2] = (unsigned char)(v >> 8);
    p[3] = (unsigned char)v;
}

/* One chunk: length, type, data, CRC of type and data. */
static int write_chunk(FILE *f, const char *type, const unsigned char *data, size_t n)
{
    unsigned char head[8], crc[4];
    put_be32(head, (uint32_t)n);
    memcpy(head + 4, type, 4);
    put_be32(crc, png_crc32(png_crc32(0, head + 4, 4), data, n));
    if (fwrite(head, 1, 8, f) != 8 || (n > 0 && fwrite(data, 1, n, f) != n) ||
        fwrite(crc, 1, 4, f) != 4)
        return errno ? errno : EIO;
    return 0;
}

static int paeth(int a, int b, int c)
{
    int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/* Row `cur` (n bytes, above it `up`: zeros for the first row) under filter
 * type t into out. */
static void filter_row(int t, const unsigned char *cur, const unsigned char *up, size_t n,
                       unsigned char *out)
{
    for (size_t i = 0; i < n; ++i) {
        int a = i >= BPP ? cur[i - BPP] : 0, b = up[i], c = i >= BPP ? up[i - BPP] : 0;
        int pred = t == 0 ? 0 : t == 1 ? a : t == 2 ? b : t == 3 ? (a + b) / 2 : paeth(a, b, c);
        out[i] = (unsigned char)(cur[i] - pred);
    }
}

static long magnitude(const unsigned char *p, size_t n)
{
    long s = 0;
    for (size_t i = 0; i < n; ++i) s += p[i] < 128 ? p[i] : 256 - p[i];
    return s;
}

/* The filtered image: each row its filter type byte, then its bytes. */
static unsigned char *filter_image(int width, int height, const unsigned char *rgb, size_t *size)
{
    size_t row = (size_t)width * BPP;
    unsigned char *out = malloc((row + 1) * (size_t)height), *zeros = calloc(row, 1),
                  *trial = malloc(row);
    if (out == NULL || zeros == NULL || trial == NULL) {
        free(out);
        out = NULL;
    }
    for (int y = 0; out != NULL && y < height; ++y) {
        const unsigned char *cur = rgb + (size_t)y * row, *up = y > 0 ? cur - row : zeros;
        unsigned char *dst = out + (size_t)y * (row + 1);
        long best = -1;
        for (int t = 0; t < 5; ++t) {
            filter_row(t, cur, up, row, trial);
            long m = magnitude(trial, row);
            if (best < 0 || m < best) {
                best = m;
                dst[0] = (unsigned char)t;
                memcpy(dst + 1, trial, row);
            }
        }
    }
    free(zeros);
    free(trial);
    *size = (row + 1) * (size_t)height;
    return out;
}

int png_write(FILE *f, int width, int height, const unsigned char *rgb)
{
    static const unsigned char signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    unsigned char ihdr[13];
    put_be32(ihdr, (uint32_t)width);
    put_be32(ihdr + 4, (uint32_t)height);
    ihdr[8] = 8;  /* bits per sample */
    ihdr[9] = 2;  /* colour type: RGB */
    ihdr[10] = 0; /* deflate */
    ihdr[11] = 0; /* adaptive filtering */
    ihdr[12] = 0; /* not interlaced */
    size_t size;
    png_bytes z = {NULL, 0, 0};
    unsigned char *filtered = filter_image(width, height, rgb, &size);
    int err = filtered == NULL ? ENOMEM : png_deflate(filtered, size, &z);
    free(filtered);
    if (err == 0 && fwrite(signature, 1, 8, f) != 8) err = errno ? errno : EIO;
    if (err == 0) err = write_chunk(f, "IHDR", ihdr, sizeof ihdr);
    if (err == 0) err = write_chunk(f, "IDAT", z.p, z.n);
    if (err == 0) err = write_chunk(f, "IEND", NULL, 0);
    png_bytes_free(&z);
    return err;
}
