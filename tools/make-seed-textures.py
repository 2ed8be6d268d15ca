#!/usr/bin/env python3
"""Draws the textures of the catalogue seed's effects (seed 004_b7b8b4341c73f734) into
effects/textures (run once; the images are committed). Needs Pillow (Debian: python3-pil).

magic-wand/m2_10001.png … m2_10066.png — stand in for the seed's 66 frames of the same names
  (004-3, the frame-by-frame UIImageView): 66 images of 140×140, frame k (0-based) in
  m2_1%04d.png of k + 1. A wand whose star turns and pulses while sparkles spiral
  out of it, and a ring round the edge filled to (k + 1) / 66 of a turn, so that every frame
  is different and its number can be read off the picture.
gif-imageio.gif — stands in for the seed's gakki2.gif (004-4, GIF through ImageIO): the same
  geometry as the author's demo GIF (540×243 pixels, 20 frames, 0.1 s each, looping); a ball
  bouncing across a landscape, the frame's dot lit in a row of 20. Frame 7 is stored with a
  delay of 0, which the seed's rule (SDWebImage's, Firefox's: a delay under 0.011 s plays at
  0.1 s) turns into 0.1 s, so every frame lasts 0.1 s and UIKit's even spreading of the total
  over the frames gives the same timing as per-frame delays.
confetti-blue.png, confetti-yellow.png, confetti-red.png — the seed's createImageWithColor:
  15×25 images filled with blueColor, yellowColor and redColor (004-11, the emitter).
"""
import math
import os
from PIL import Image, ImageDraw

TEXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "effects", "textures")
SUPERSAMPLE = 4


def star_points(cx, cy, outer, inner, rotation, points=5):
    result = []
    for i in range(points * 2):
        radius = outer if i % 2 == 0 else inner
        angle = rotation + math.pi * i / points - math.pi / 2
        result.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return result


def magic_wand_frame(k, count=66, size=140):
    s = SUPERSAMPLE
    big = size * s
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    phase = k / count
    # The progress ring: a thin full circle, and an arc over (k + 1) / count of a turn.
    margin = 6 * s
    box = [margin, margin, big - margin, big - margin]
    draw.ellipse(box, outline=(255, 255, 255, 90), width=2 * s)
    draw.arc(box, start=-90, end=-90 + 360 * (k + 1) / count, fill=(255, 214, 10, 255), width=5 * s)
    # The wand: a dark stick from the lower left to the tip.
    tip = (84 * s, 56 * s)
    draw.line([(38 * s, 104 * s), tip], fill=(60, 40, 90, 255), width=7 * s)
    draw.line([(38 * s, 104 * s), (46 * s, 96 * s)], fill=(235, 235, 245, 255), width=7 * s)
    # Sparkles spiralling out of the tip, each at its own phase, fading as they go.
    for index in range(5):
        age = (phase + index / 5) % 1
        angle = 2 * math.pi * (age * 1.25 + index / 5)
        distance = (8 + 38 * age) * s
        x = tip[0] + distance * math.cos(angle)
        y = tip[1] + distance * math.sin(angle)
        radius = (4.5 * (1 - age) + 1) * s
        alpha = int(255 * (1 - age))
        draw.polygon(star_points(x, y, radius * 1.8, radius * 0.55, angle, 4), fill=(255, 255, 255, alpha))
    # The star at the tip: turning once per cycle, pulsing twice.
    pulse = 1 + 0.18 * math.sin(4 * math.pi * phase)
    draw.polygon(star_points(tip[0], tip[1], 17 * s * pulse, 7 * s * pulse, 2 * math.pi * phase),
                 fill=(255, 214, 10, 255), outline=(200, 120, 0, 255))
    return image.resize((size, size), Image.LANCZOS)


def magic_wand_frames():
    """The seed's frames, one file each, named as the seed names them (m2_1%04d)."""
    count, size = 66, 140
    folder = os.path.join(TEXTURES, "magic-wand")
    os.makedirs(folder, exist_ok=True)
    paths = []
    for k in range(count):
        path = os.path.join(folder, "m2_1%04d.png" % (k + 1))
        magic_wand_frame(k, count, size).save(path, optimize=True)
        paths.append(path)
    return paths


def gif_frame(k, count=20, width=540, height=243):
    s = SUPERSAMPLE
    image = Image.new("RGB", (width * s, height * s), (0, 0, 0))
    draw = ImageDraw.Draw(image)
    for y in range(0, height * s, s):  # the sky, darker at the top
        t = y / (height * s)
        draw.rectangle([0, y, width * s, y + s], fill=(int(70 + 120 * t), int(130 + 90 * t), int(220 + 30 * t)))
    ground = 190 * s
    draw.rectangle([0, ground, width * s, height * s], fill=(76, 140, 70))
    draw.ellipse([380 * s, 120 * s, 620 * s, 300 * s], fill=(96, 160, 86))  # a hill
    draw.ellipse([440 * s, 20 * s, 490 * s, 70 * s], fill=(255, 236, 140))  # the sun
    # The ball: across the picture once per loop, bouncing twice.
    phase = k / count
    x = (40 + 460 * phase) * s
    bounce = abs(math.sin(2 * math.pi * phase))
    radius = 22 * s
    y = ground - radius - 120 * s * bounce
    draw.ellipse([x - radius, ground - 6 * s, x + radius, ground + 4 * s], fill=(50, 100, 46))  # its shadow
    draw.ellipse([x - radius, y - radius, x + radius, y + radius], fill=(235, 64, 52))
    draw.ellipse([x - radius * 0.5, y - radius * 0.6, x - radius * 0.1, y - radius * 0.2], fill=(255, 170, 160))
    # The frame counter: 20 dots, this frame's lit.
    for index in range(count):
        cx = (60 + index * 22) * s
        cy = 220 * s
        r = 5 * s
        fill = (255, 255, 255) if index == k else (40, 80, 36)
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=fill)
    return image.resize((width, height), Image.LANCZOS)


def skip_sub_blocks(data, position):
    while data[position] != 0:
        position += data[position] + 1
    return position + 1


def graphic_control_extensions(data):
    """The offsets of the Graphic Control Extensions of a GIF, found by walking its blocks."""
    position = 13
    if data[10] & 0x80:
        position += 3 * (2 << (data[10] & 7))
    found = []
    while data[position] != 0x3B:
        if data[position] == 0x21:
            if data[position + 1] == 0xF9:
                found.append(position)
            position = skip_sub_blocks(data, position + 2)
        elif data[position] == 0x2C:
            flags = data[position + 9]
            position += 10
            if flags & 0x80:
                position += 3 * (2 << (flags & 7))
            position = skip_sub_blocks(data, position + 1)
        else:
            raise ValueError("unexpected GIF block 0x%02x at %d" % (data[position], position))
    return found


def imageio_gif():
    count = 20
    frames = [gif_frame(k, count) for k in range(count)]
    durations = [100] * count
    durations[7] = 0  # plays at 0.1 s by the seed's rule (delays under 0.011 s → 0.1 s)
    path = os.path.join(TEXTURES, "gif-imageio.gif")
    # Pillow writes no Graphic Control Extension for a frame without a delay, so every frame is
    # written with 0.1 s and the zero is then set in the file itself: the delay is bytes 4–5
    # (little-endian centiseconds) of each frame's Graphic Control Extension.
    frames[0].save(path, save_all=True, append_images=frames[1:], duration=100, loop=0, optimize=False)
    data = bytearray(open(path, "rb").read())
    extensions = graphic_control_extensions(data)
    assert len(extensions) == count, "one Graphic Control Extension per frame"
    for index, start in enumerate(extensions):
        data[start + 4:start + 6] = (durations[index] // 10).to_bytes(2, "little")
    open(path, "wb").write(bytes(data))
    return path


def confetti():
    paths = []
    for name, color in [("blue", (0, 0, 255)), ("yellow", (255, 255, 0)), ("red", (255, 0, 0))]:
        path = os.path.join(TEXTURES, "confetti-%s.png" % name)
        Image.new("RGB", (15, 25), color).save(path, optimize=True)
        paths.append(path)
    return paths


if __name__ == "__main__":
    for path in magic_wand_frames() + [imageio_gif()] + confetti():
        print(os.path.normpath(path))
