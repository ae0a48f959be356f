/* png_deflate.c: zlib stream of one fixed-Huffman deflate block. Matches of
 * 3 to 258 bytes up to 32 KiB back are found greedily by chains of earlier
 * positions with the same next three bytes (at most MAX_CHAIN tried), which
 * is enough for rendered images: a row filtered against its neighbour is
 * mostly zeros, and one 258-byte match costs 8 to 13 bits. */
#include "png_deflate.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define WINDOW 32768
#define MIN_MATCH 3
#define MAX_MATCH 258
#define MAX_CHAIN 48
#define HASH_BITS 15

int png_bytes_append(png_bytes *b, const void *data, size_t n)
{
    if (b->n + n > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->n + n) cap *= 2;
        unsigned char *p = realloc(b->p, cap);
        if (p == NULL) return ENOMEM;
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->n, data, n);
    b->n += n;
    return 0;
}

void png_bytes_free(png_bytes *b)
{
    free(b->p);
    memset(b, 0, sizeof *b);
}

uint32_t png_adler32(const unsigned char *p, size_t n)
{
    uint32_t a = 1, b = 0;
    while (n > 0) {
        size_t run = n < 5552 ? n : 5552; /* the longest run whose sums fit 32 bits */
        for (size_t i = 0; i < run; ++i) {
            a += p[i];
            b += a;
        }
        a %= 65521;
        b %= 65521;
        p += run;
        n -= run;
    }
    return b << 16 | a;
}

/* Bits, least significant first, into out (errors kept in err). */
typedef struct bit_out {
    png_bytes *out;
    uint64_t bits;
    int count;
    int err;
} bit_out;

static void put_bits(bit_out *o, uint32_t v, int n)
{
    o->bits |= (uint64_t)v << o->count;
    o->count += n;
    while (o->count >= 8) {
        unsigned char byte = (unsigned char)(o->bits & 0xffu);
        if (o->err == 0) o->err = png_bytes_append(o->out, &byte, 1);
        o->bits >>= 8;
        o->count -= 8;
    }
}

/* A Huffman code: its n bits go most significant first. */
static void put_code(bit_out *o, uint32_t code, int n)
{
    uint32_t r = 0;
    for (int i = 0; i < n; ++i) r |= ((code >> i) & 1u) << (n - 1 - i);
    put_bits(o, r, n);
}

/* Symbol 0..287 of the fixed literal/length code (RFC 1951 3.2.6). */
static void put_symbol(bit_out *o, int s)
{
    if (s < 144) put_code(o, 0x30u + (uint32_t)s, 8);
    else if (s < 256) put_code(o, 0x190u + (uint32_t)(s - 144), 9);
    else if (s < 280) put_code(o, (uint32_t)(s - 256), 7);
    else put_code(o, 0xc0u + (uint32_t)(s - 280), 8);
}

static const uint16_t length_base[29] = {3,  4,  5,  6,  7,  8,  9,  10,  11,  13,
                                         15, 17, 19, 23, 27, 31, 35, 43,  51,  59,
                                         67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t length_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                         2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
static const uint16_t dist_base[30] = {1,    2,    3,    4,    5,    7,     9,     13,
                                       17,   25,   33,   49,   65,   97,    129,   193,
                                       257,  385,  513,  769,  1025, 1537,  2049,  3073,
                                       4097, 6145, 8193, 12289, 16385, 24577};
static const uint8_t dist_extra[30] = {0, 0, 0, 0, 1, 1, 2, 2,  3,  3,  4,  4,  5,  5,  6,
                                       6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};

static void put_match(bit_out *o, int length, int dist)
{
    int l = 28, d = 29;
    while (length_base[l] > length) --l;
    put_symbol(o, 257 + l);
    put_bits(o, (uint32_t)(length - length_base[l]), length_extra[l]);
    while (dist_base[d] > dist) --d;
    put_code(o, (uint32_t)d, 5);
    put_bits(o, (uint32_t)(dist - dist_base[d]), dist_extra[d]);
}

static uint32_t hash3(const unsigned char *p)
{
    uint32_t v = (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
    return (v * 2654435761u) >> (32 - HASH_BITS);
}

/* The longest earlier match at in + i (length 0 if under MIN_MATCH). */
static int longest(const unsigned char *in, size_t n, size_t i, const int64_t *head,
                   const int64_t *prev, int *dist)
{
    size_t limit = n - i < MAX_MATCH ? n - i : MAX_MATCH;
    int best = 0;
    int64_t j = head[hash3(in + i)];
    for (int tries = 0; j >= 0 && i - (size_t)j <= WINDOW && tries < MAX_CHAIN; ++tries) {
        size_t len = 0;
        while (len < limit && in[(size_t)j + len] == in[i + len]) ++len;
        if ((int)len > best) {
            best = (int)len;
            *dist = (int)(i - (size_t)j);
            if (len == limit) break;
        }
        j = prev[(size_t)j % WINDOW];
    }
    return best >= MIN_MATCH ? best : 0;
}

int png_deflate(const unsigned char *in, size_t n, png_bytes *out)
{
    static const unsigned char header[2] = {0x78, 0x01}; /* deflate, 32 KiB window */
    int64_t *head = malloc(sizeof *head << HASH_BITS), *prev = malloc(sizeof *prev * WINDOW);
    bit_out o = {out, 0, 0, 0};
    if (head == NULL || prev == NULL) o.err = ENOMEM;
    if (o.err == 0) o.err = png_bytes_append(out, header, 2);
    if (o.err == 0) {
        for (size_t h = 0; h < (size_t)1 << HASH_BITS; ++h) head[h] = -1;
        put_bits(&o, 1, 1); /* the last block */
        put_bits(&o, 1, 2); /* fixed Huffman codes */
    }
    for (size_t i = 0; i < n && o.err == 0;) {
        int dist = 0, len = n - i >= MIN_MATCH ? longest(in, n, i, head, prev, &dist) : 0;
        if (len == 0) {
            put_symbol(&o, in[i]);
            len = 1;
        } else {
            put_match(&o, len, dist);
        }
        /* every position passed enters the chains */
        for (size_t end = i + (size_t)len; i < end; ++i)
            if (n - i >= MIN_MATCH) {
                uint32_t h = hash3(in + i);
                prev[i % WINDOW] = head[h];
                head[h] = (int64_t)i;
            }
    }
    put_symbol(&o, 256); /* end of block */
    if (o.count > 0) put_bits(&o, 0, 8 - o.count); /* to the byte boundary */
    uint32_t adler = png_adler32(in, n);
    unsigned char tail[4] = {(unsigned char)(adler >> 24), (unsigned char)(adler >> 16),
                             (unsigned char)(adler >> 8), (unsigned char)adler};
    if (o.err == 0) o.err = png_bytes_append(out, tail, 4);
    free(head);
    free(prev);
    return o.err;
}
