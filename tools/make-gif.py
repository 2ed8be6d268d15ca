#!/usr/bin/env python3
"""Draws effects/textures/signal.gif (run once; the GIF is committed): a traffic signal whose
three frames have their own delays — red 0.5 s, amber 0.2 s, green 0.5 s — to show that image
layers play a GIF at its own frame delays."""
import os
from PIL import Image, ImageDraw

def frame(lit):
    scale = 4
    image = Image.new("RGB", (120 * scale, 300 * scale), (34, 36, 44))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle([10 * scale, 10 * scale, 110 * scale, 290 * scale], radius=24 * scale, fill=(20, 21, 26))
    colors = [(235, 64, 52), (245, 179, 32), (52, 199, 89)]
    for index, color in enumerate(colors):
        cy = (60 + index * 90) * scale
        fill = color if index == lit else tuple(c // 5 for c in color)
        draw.ellipse([30 * scale, cy - 30 * scale, 90 * scale, cy + 30 * scale], fill=fill)
    return image.resize((120, 300), Image.LANCZOS)

frames = [frame(i) for i in range(3)]
out = os.path.join(os.path.dirname(__file__), "..", "effects", "textures", "signal.gif")
frames[0].save(out, save_all=True, append_images=frames[1:], duration=[500, 200, 500], loop=0, optimize=False)
print(os.path.normpath(out))
