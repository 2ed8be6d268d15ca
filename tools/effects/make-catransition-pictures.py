#!/usr/bin/env python3
"""Writes effects/textures/pic_1.png and pic_2.png, the two pictures of effects/catransition.json.

Seed 004's CATransition demo swaps an image view's `pic_1` for `pic_2`, images the write-up does
not show. These stand in for them: a day landscape, 480 x 360 (landscape), and a night one,
360 x 480 (portrait), so that the view's aspect fill crops each its own way. Pure Python (zlib
and struct), the same bytes on every run.
"""
import math, os, struct, zlib

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "effects", "textures")


def write_png(path, width, height, pixel):
    rows = []
    for y in range(height):
        row = bytearray(b"\x00")
        for x in range(width):
            row += bytes(max(0, min(255, int(round(c)))) for c in pixel(x / width, y / height))
        rows.append(bytes(row))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    data += chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b"")
    with open(path, "wb") as file:
        file.write(data)


def scatter(n):
    """SplitMix64 of n, as a fraction 0…1."""
    z = (n * 0x9E3779B97F4A7C15 + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return (z ^ (z >> 31)) / 2.0 ** 64


def smooth(edge0, edge1, value):
    t = min(max((value - edge0) / (edge1 - edge0), 0.0), 1.0)
    return t * t * (3 - 2 * t)


def mix(a, b, t):
    return tuple(p + (q - p) * t for p, q in zip(a, b))


def day(u, v):
    """Sky, sun, two rolling hills and a lake with ripples (u, v: 0…1 across and down)."""
    color = mix((70, 150, 235), (190, 225, 250), v)
    color = mix(color, (255, 214, 90), smooth(0.085, 0.075, math.hypot((u - 0.72) * 4 / 3, v - 0.27)))
    color = mix(color, (88, 160, 80), smooth(-0.004, 0.004, v - (0.58 + 0.08 * math.sin(u * 5.5 + 0.6))))
    color = mix(color, (52, 122, 58), smooth(-0.004, 0.004, v - (0.68 + 0.06 * math.sin(u * 8 + 2.1))))
    lake = mix((60, 120, 190), (90, 150, 215), 0.5 + 0.5 * math.sin(v * 260))
    return mix(color, lake, smooth(-0.004, 0.004, v - 0.84))


def night(u, v):
    """A night sky with a crescent moon, stars and two ranges of mountains."""
    color = mix((12, 18, 52), (60, 40, 110), v)
    for k in range(70):
        # Stars scattered by SplitMix64 of their number: the same scatter on every run.
        sx, sy, size = (scatter(3 * k + i) for i in range(3))
        sy *= 0.6
        radius = 0.002 + 0.003 * size
        color = mix(color, (255, 250, 230), smooth(radius, radius * 0.4, math.hypot((u - sx) * 0.75, v - sy)))
    moon = smooth(0.07, 0.064, math.hypot((u - 0.3) * 0.75, v - 0.2)) * smooth(0.058, 0.064, math.hypot((u - 0.345) * 0.75, v - 0.185))
    color = mix(color, (250, 240, 200), moon)
    ridge = 0.6 + 0.14 * abs(((u * 2.6 + 0.3) % 1.0) - 0.5) * 2 - 0.14
    color = mix(color, (34, 30, 70), smooth(-0.004, 0.004, v - ridge))
    ridge = 0.74 + 0.08 * abs(((u * 1.7 + 0.7) % 1.0) - 0.5) * 2 - 0.08
    return mix(color, (20, 18, 44), smooth(-0.004, 0.004, v - ridge))


if __name__ == "__main__":
    write_png(os.path.join(ROOT, "pic_1.png"), 480, 360, day)
    write_png(os.path.join(ROOT, "pic_2.png"), 360, 480, night)
    print("wrote effects/textures/pic_1.png and pic_2.png")
