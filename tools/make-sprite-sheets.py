#!/usr/bin/env python3
"""Draws the sprite sheets shipped in effects/textures (run once; the PNGs are committed).

twinkle.png: 4 frames of 64x64 in a row, a four-pointed white twinkle growing and fading,
anti-aliased by 4x supersampling.
"""
import math
import os
from PIL import Image, ImageDraw

def twinkle(size, arm, glow):
    big = size * 4
    image = Image.new("L", (big, big), 0)
    draw = ImageDraw.Draw(image)
    c = big / 2
    a = arm * big / 2
    w = big * 0.06
    draw.polygon([(c, c - a), (c + w, c), (c, c + a), (c - w, c)], fill=255)
    draw.polygon([(c - a, c), (c, c - w), (c + a, c), (c, c + w)], fill=255)
    r = glow * big / 2
    draw.ellipse([c - r, c - r, c + r, c + r], fill=255)
    return image.resize((size, size), Image.LANCZOS)

def main():
    out = os.path.join(os.path.dirname(__file__), "..", "effects", "textures", "twinkle.png")
    frames = [(0.35, 0.10), (0.7, 0.16), (0.95, 0.2), (0.6, 0.12)]
    sheet = Image.new("RGBA", (64 * len(frames), 64), (255, 255, 255, 0))
    for index, (arm, glow) in enumerate(frames):
        alpha = twinkle(64, arm, glow)
        frame = Image.new("RGBA", (64, 64), (255, 255, 255, 0))
        frame.putalpha(alpha)
        sheet.paste(frame, (64 * index, 0))
    sheet.save(out, optimize=True)
    print(out)

if __name__ == "__main__":
    main()
