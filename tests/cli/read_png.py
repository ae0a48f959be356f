#!/usr/bin/env python3
"""read_png.py: an independent PNG reader for test_cli_render (Python's zlib
and the PNG spec, nothing of meshmat's): checks the signature, every chunk's
CRC-32, IHDR (8-bit RGB, not interlaced), inflates the IDAT data (zlib checks
its Adler-32) and undoes the five row filters.

Usage: read_png.py FILE [X,Y ...]
Prints "WIDTH HEIGHT CRC" (CRC: the CRC-32 of the decoded pixels, to compare
two pictures), then "R G B" for each pixel X,Y asked for. Exits 1 with a
message on anything malformed."""
import struct
import sys
import zlib


def fail(why):
    print(f"read_png.py: {why}", file=sys.stderr)
    sys.exit(1)


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def decode(data):
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail("not a PNG signature")
    pos, chunks = 8, []
    while pos < len(data):
        if pos + 12 > len(data):
            fail("truncated chunk")
        (n,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]
        (crc,) = struct.unpack(">I", data[pos + 8 + n:pos + 12 + n])
        if len(body) != n or zlib.crc32(kind + body) != crc:
            fail(f"bad chunk {kind!r} at byte {pos}")
        chunks.append((kind, body))
        pos += 12 + n
    if not chunks or chunks[0][0] != b"IHDR" or chunks[-1][0] != b"IEND":
        fail("IHDR must come first and IEND last")
    w, h, depth, colour, method, filt, interlace = struct.unpack(">IIBBBBB", chunks[0][1])
    if (depth, colour, method, filt, interlace) != (8, 2, 0, 0, 0):
        fail("expected 8-bit RGB, deflate, adaptive filters, no interlace")
    raw = zlib.decompress(b"".join(b for k, b in chunks if k == b"IDAT"))
    stride = 3 * w
    if len(raw) != h * (stride + 1):
        fail(f"{len(raw)} bytes of rows, expected {h * (stride + 1)}")
    pixels, prev = bytearray(), bytearray(stride)
    for y in range(h):
        t, row = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = row[i - 3] if i >= 3 else 0
            b = prev[i]
            c = prev[i - 3] if i >= 3 else 0
            pred = [0, a, b, (a + b) // 2, paeth(a, b, c)][t] if t < 5 else fail(f"filter {t}")
            row[i] = (row[i] + pred) & 0xFF
        pixels += row
        prev = row
    return w, h, bytes(pixels)


def main():
    if len(sys.argv) < 2:
        fail("usage: read_png.py FILE [X,Y ...]")
    with open(sys.argv[1], "rb") as f:
        w, h, pixels = decode(f.read())
    print(w, h, zlib.crc32(pixels))
    for xy in sys.argv[2:]:
        x, y = (int(v) for v in xy.split(","))
        i = 3 * (y * w + x)
        print(*pixels[i:i + 3])


if __name__ == "__main__":
    main()
