#!/usr/bin/env python3
"""Writes effects/preloader.json: the "oil spot" Preloader of seed 000 (000_0cf893f8884abbc9.txt),
built as the seed's Objective-C builds it.

- Three moving spots: CAKeyframeAnimation "position.x", values [originX, originX, finalX, finalX,
  originX, originX] at keyTimes [0, 0.25, 0.35, 0.75, 0.85, 1], duration PROCESS_DURING, repeat
  forever, spot i begun i × SPOT_DELAY_RATIO (0.08) × PROCESS_DURING later (seed lines 8–28).
- Two fixed spots: CAKeyframeAnimation "transform" through scales 1…4 (seed lines 39–81), with
  the seed's smoothing of every jump by SPOT_MAGNIFY_ANIM_DURATION_RATIO = 0.03 (lines 97–99);
  the right spot begun 0.1 × PROCESS_DURING later; the left spot's model transform is a scale of 4.
- The sticky bridge (lines 100–108) is computed by the seed in a CADisplayLink from the
  presentation layers: two quadratic curves from the fixed spot's top and bottom to the moving
  spot's, an arc round the moving spot, shown while the surface distance is under a threshold and
  neither circle contains the other. fx has no per-frame computation from other layers, so this
  script computes the same geometry from the same keyframes and writes it as path keyframes (one
  bridge per moving spot, shown by a discrete opacity keyframe).

Numbers the seed leaves to the reader (chosen here, and said in the effect's "//" note):
PROCESS_DURING 4 s, UNIT_RADIUS 6 pt, originX 50, margin 50 on a 300 × 120 canvas (finalX 250),
spotColor #ff7b54, the bridge threshold 3 × UNIT_RADIUS, its control points' pull, and the right
spot's smoothed keyTimes (the seed gives only the left's; the right's follow the same rule).
"""
import json, math, os, sys

# `--rebound` writes effects/preloader-rebound.json: the seed's "Rebound Sticky effect" (lines
# 109-115): the moving spots run past the fixed spot to its rear and back
# (values [originX, originX, finalX, finalRearX, finalX, finalX, originX, originRearX, originX,
# originX] at keyTimes [0, 0.25, 0.35, 0.38, 0.41, 0.75, 0.85, 0.88, 0.91, 1]), and while a
# moving spot is behind a fixed one its own bridge shows: two segments from the fixed spot's
# top and bottom, tangent to the moving spot, and the arc of the moving spot's far side, closed
# through the fixed spot. The rear positions are left to the reader: 2 x UNIT_RADIUS behind.
REBOUND = "--rebound" in sys.argv

P = 4.0                       # PROCESS_DURING
R = 6.0                       # UNIT_RADIUS
W, H = 300.0, 120.0
ORIGIN_X, MARGIN = 50.0, 50.0
FINAL_X = W - MARGIN
CY = H / 2
DELAY = 0.08                  # SPOT_DELAY_RATIO
TI = 0.03                     # SPOT_MAGNIFY_ANIM_DURATION_RATIO
COLOR = "#ff7b54"
THRESHOLD = 3 * R

MOVE_VALUES = [ORIGIN_X, ORIGIN_X, FINAL_X, FINAL_X, ORIGIN_X, ORIGIN_X]
MOVE_TIMES = [0.0, 0.25, 0.35, 0.75, 0.85, 1.0]
ORIGIN_REAR_X, FINAL_REAR_X = ORIGIN_X - 2 * R, FINAL_X + 2 * R
if REBOUND:
    MOVE_VALUES = [ORIGIN_X, ORIGIN_X, FINAL_X, FINAL_REAR_X, FINAL_X, FINAL_X, ORIGIN_X, ORIGIN_REAR_X, ORIGIN_X, ORIGIN_X]
    MOVE_TIMES = [0.0, 0.25, 0.35, 0.38, 0.41, 0.75, 0.85, 0.88, 0.91, 1.0]
# Left: [third, third, fourth, fourth, third, third, second, second, first, first, second, second, third, third].
LEFT_SCALES = [3, 3, 4, 4, 3, 3, 2, 2, 1, 1, 2, 2, 3, 3]
LEFT_TIMES = [0.0, 0.01, 0.01 + TI, 0.25, 0.25 + TI, 0.33, 0.33 + TI, 0.41, 0.41 + TI, 0.85, 0.85 + TI, 0.93, 0.93 + TI, 1.00]
RIGHT_SCALES = [1, 1, 2, 2, 3, 3, 4, 4, 3, 3, 2, 2, 1, 1]
RIGHT_TIMES = [0.0, 0.25, 0.25 + TI, 0.33, 0.33 + TI, 0.41, 0.41 + TI, 0.75, 0.75 + TI, 0.83, 0.83 + TI, 0.91, 0.91 + TI, 1.0]


def keyframe(values, key_times, fraction):
    """A linear keyframe animation's value at a fraction of its duration."""
    for (t0, v0), (t1, v1) in zip(zip(key_times, values), zip(key_times[1:], values[1:])):
        if t0 <= fraction <= t1:
            return v0 if t1 == t0 else v0 + (v1 - v0) * (fraction - t0) / (t1 - t0)
    return values[-1]


def at(time, begin, values, key_times, model):
    """The presented value of a repeating keyframe animation begun at `begin` (the model before)."""
    if time < begin:
        return model
    return keyframe(values, key_times, ((time - begin) % P) / P)


def round2(value):
    return round(value, 2)


def bridge(time, spot):
    """The seed's bridge between moving spot `spot` and the fixed spot nearest it: its path, or
    None while hidden (too far, or one circle inside the other)."""
    mx = at(time, spot * DELAY * P, MOVE_VALUES, MOVE_TIMES, ORIGIN_X)
    left_r = R * at(time, 0, LEFT_SCALES, LEFT_TIMES, 4)
    right_r = R * at(time, 0.1 * P, RIGHT_SCALES, RIGHT_TIMES, 1)
    fx, rf = min([(ORIGIN_X, left_r), (FINAL_X, right_r)], key=lambda f: abs(f[0] - mx))
    distance = abs(mx - fx)
    surface = distance - rf - R
    if surface <= 0 or surface >= THRESHOLD or distance + R <= rf:
        return None
    side = 1 if mx > fx else -1
    # The neck thins as the spots part: its half-width at the middle goes from the smaller
    # radius (touching) to nothing (at the threshold). A quadratic from Fu to Mu through the
    # control point c is at (Fu + 2c + Mu) / 4 halfway, which fixes c.
    half = min(rf, R) * (1 - surface / THRESHOLD) * 0.8
    pull = (4 * half - rf - R) / 2
    mid = (fx + mx) / 2
    k = 0.5523 * R
    return (f"M {round2(fx)} {round2(CY - rf)} Q {round2(mid)} {round2(CY - pull)} {round2(mx)} {round2(CY - R)} "
            f"C {round2(mx + side * k)} {round2(CY - R)} {round2(mx + side * R)} {round2(CY - k)} {round2(mx + side * R)} {round2(CY)} "
            f"C {round2(mx + side * R)} {round2(CY + k)} {round2(mx + side * k)} {round2(CY + R)} {round2(mx)} {round2(CY + R)} "
            f"Q {round2(mid)} {round2(CY + pull)} {round2(fx)} {round2(CY + rf)} Z")


def arc(cx, cy, r, a0, a1):
    """Two cubic Béziers along the circle from angle a0 to a1 (the same commands whatever the span)."""
    parts, mid = [], (a0 + a1) / 2
    for s0, s1 in [(a0, mid), (mid, a1)]:
        k = 4 / 3 * math.tan((s1 - s0) / 4) * r
        p0 = (cx + r * math.cos(s0), cy + r * math.sin(s0))
        p1 = (cx + r * math.cos(s1), cy + r * math.sin(s1))
        c0 = (p0[0] - k * math.sin(s0), p0[1] + k * math.cos(s0))
        c1 = (p1[0] + k * math.sin(s1), p1[1] - k * math.cos(s1))
        parts.append(f"C {round2(c0[0])} {round2(c0[1])} {round2(c1[0])} {round2(c1[1])} {round2(p1[0])} {round2(p1[1])}")
    return " ".join(parts)


def rebound_bridge(time, spot):
    """While the moving spot is behind a fixed one (past it, away from the other side) and not
    inside it: segments from the fixed spot's top and bottom tangent to the moving spot, and the
    moving spot's far arc between them, closed through the fixed spot."""
    mx = at(time, spot * DELAY * P, MOVE_VALUES, MOVE_TIMES, ORIGIN_X)
    left_r = R * at(time, 0, LEFT_SCALES, LEFT_TIMES, 4)
    right_r = R * at(time, 0.1 * P, RIGHT_SCALES, RIGHT_TIMES, 1)
    if mx > FINAL_X:
        fx, rf, side = FINAL_X, right_r, 1
    elif mx < ORIGIN_X:
        fx, rf, side = ORIGIN_X, left_r, -1
    else:
        return None
    if abs(mx - fx) + R <= rf or abs(mx - fx) < 0.5:
        return None
    def tangent(px, py, upper):
        # The point of the moving spot's circle where a line from (px, py) touches it.
        vx, vy = px - mx, py - CY
        length = math.hypot(vx, vy)
        if length <= R:
            return None
        base, spread = math.atan2(vy, vx), math.acos(R / length)
        candidates = [base + spread, base - spread]
        return min(candidates, key=lambda a: math.sin(a)) if upper else max(candidates, key=lambda a: math.sin(a))
    top, bottom = tangent(fx, CY - rf, True), tangent(fx, CY + rf, False)
    if top is None or bottom is None:
        return None
    # Round the far side: from the top tangent point the long way past the spot's far end.
    start, end = top, bottom
    if side == 1:
        while end < start: end += 2 * math.pi
    else:
        while end > start: end -= 2 * math.pi
    t0 = (mx + R * math.cos(start), CY + R * math.sin(start))
    return (f"M {round2(fx)} {round2(CY - rf)} L {round2(t0[0])} {round2(t0[1])} " + arc(mx, CY, R, start, end)
            + f" L {round2(fx)} {round2(CY + rf)} Z")


def bridge_layer(spot, geometry=None):
    geometry = geometry or bridge
    # Sampled at 240 per second over one period of the moving spot, from its first departure.
    begin = spot * DELAY * P
    samples = int(P * 240)
    times = [begin + P * i / samples for i in range(samples + 1)]
    paths = [geometry(t, spot) for t in times]
    shown = [p is not None for p in paths]
    # Keep only the samples where the bridge shows (and one either side), so the file stays
    # small; the hidden path is the last shown one (the same commands, as keyframes need).
    keep = [i for i in range(len(times)) if shown[i] or (i > 0 and shown[i - 1]) or (i + 1 < len(times) and shown[i + 1])]
    first = next((p for p in paths if p), None)
    if first is None:
        return None  # never shown: a spot that is always inside the fixed one as it passes
    values, key_times, last = [], [], first
    for i in keep:
        last = paths[i] or last
        values.append(paths[i] or last)
        key_times.append(round((times[i] - begin) / P, 5))
    if key_times[0] != 0:
        values.insert(0, values[0]); key_times.insert(0, 0.0)
    if key_times[-1] != 1:
        values.append(values[-1]); key_times.append(1.0)
    opacity_values = [1 if p else 0 for p in (paths[i] for i in keep)]
    opacity_times = [round((times[i] - begin) / P, 5) for i in keep]
    if opacity_times[0] != 0:
        opacity_values.insert(0, 0); opacity_times.insert(0, 0.0)
    # Discrete keyframes: one more key time than values, ending at 1.
    if opacity_times[-1] == 1:
        opacity_values.pop()
    opacity_times.append(1.0)
    prefix = "reboundBridge" if geometry is rebound_bridge else "bridge"
    return {"type": "shape", "name": f"{prefix}{spot + 1}", "position": [W / 2, H / 2], "bounds": [W, H], "path": first,
            "fillColor": COLOR, "opacity": 0,
            "animations": [
                {"type": "keyframe", "keyPath": "path", "values": values, "keyTimes": key_times, "duration": P,
                 "repeatCount": "infinity", "beginTime": begin},
                {"type": "keyframe", "keyPath": "opacity", "calculationMode": "discrete", "values": opacity_values,
                 "keyTimes": opacity_times, "duration": P, "repeatCount": "infinity", "beginTime": begin}]}


def spot(name, x, animation, transform=None):
    layer = {"type": "layer", "name": name, "position": [x, CY], "bounds": [2 * R, 2 * R], "cornerRadius": R,
             "backgroundColor": COLOR}
    if transform:
        layer["transform"] = transform
    layer["animations"] = [animation]
    return layer


layers = [bridge_layer(i) for i in range(3)]
if REBOUND:
    # The seed draws the rebound bridge in its own CAShapeLayer, apart from the sticky one.
    layers += [layer for layer in (bridge_layer(i, rebound_bridge) for i in range(3)) if layer]
for i in range(3):
    layers.append(spot(f"movingSpot{i + 1}", ORIGIN_X, {
        "type": "keyframe", "keyPath": "position.x", "values": MOVE_VALUES, "keyTimes": MOVE_TIMES,
        "duration": P, "repeatCount": "infinity", "beginTime": round(i * DELAY * P, 6)}))
layers.append(spot("leftFixedSpot", ORIGIN_X, {
    "type": "keyframe", "keyPath": "transform", "values": [[{"scale": s}] for s in LEFT_SCALES], "keyTimes": [round(t, 4) for t in LEFT_TIMES],
    "duration": P, "repeatCount": "infinity"}, transform=[{"scale": 4}]))
layers.append(spot("rightFixedSpot", FINAL_X, {
    "type": "keyframe", "keyPath": "transform", "values": [[{"scale": s}] for s in RIGHT_SCALES], "keyTimes": [round(t, 4) for t in RIGHT_TIMES],
    "duration": P, "repeatCount": "infinity", "beginTime": round(0.1 * P, 6)}))

effect = {
    "fx": 1, "name": "preloader",
    "//": ("Seed 000_0cf893f8884abbc9.txt (Preloader, by Volodymyr Kurbatov), lines 8-99, as its code builds it. "
           "Chosen where the seed is silent: PROCESS_DURING 4 s, UNIT_RADIUS 6, originX 50 and margin 50 on a 300x120 view, "
           "spotColor #ff7b54; the right fixed spot's smoothed keyTimes follow the left's rule (the seed gives only the left's). "
           "The seed computes the sticky bridge every frame from the presentation layers (CADisplayLink); fx has no such "
           "computation, so tools/effects/make-preloader.py computes the same geometry from the same keyframes and writes it "
           "as path keyframes at 240 a second, shown by discrete opacity keyframes (threshold 3 x UNIT_RADIUS). "
           "Written by tools/effects/make-preloader.py."),
    "description": "The sticky \"oil spot\" Preloader (seed 0, the Preloader write-up): three spots slide across in turn, the fixed spots swell and shrink, a bridge stretches between them",
    "canvas": {"size": [W, H], "background": "#ffffff"},
    "duration": P, "loop": True, "previewTime": 1.2, "reducedMotion": {"speed": 0.5},
    "layers": layers,
}
if REBOUND:
    effect["name"] = "preloader-rebound"
    effect["//"] = ("Seed 000_0cf893f8884abbc9.txt (Preloader), its 'Rebound Sticky effect', lines 109-115, on the demo of lines 8-99: "
                    "the moving spots' keyframes become [originX, originX, finalX, finalRearX, finalX, finalX, originX, originRearX, "
                    "originX, originX] at [0, 0.25, 0.35, 0.38, 0.41, 0.75, 0.85, 0.88, 0.91, 1] (a rebound of 0.03 x 2), and a second "
                    "set of bridges (the seed's separate CAShapeLayer) shows while a moving spot is behind a fixed one: segments from the "
                    "fixed spot's top and bottom tangent to the moving spot, and its far arc, closed through the fixed spot. "
                    "Chosen where the seed is silent: originRearX and finalRearX 2 x UNIT_RADIUS behind the fixed spots; the rest as in "
                    "preloader. Written by tools/effects/make-preloader.py --rebound.")
    effect["description"] = ("The Preloader's rebound variant (seed 0, the Preloader write-up): the spots run past the fixed spot to its "
                             "rear and spring back, held to it by a bridge of tangent lines")
    effect["previewTime"] = 1.52
path = os.path.join(os.path.dirname(__file__), "..", "..", "effects", effect["name"] + ".json")
with open(path, "w") as f:
    json.dump(effect, f, indent=1)
    f.write("\n")
print(os.path.normpath(path))
