#!/usr/bin/env python3
"""Writes effects/preloader.json: the sticky "oil spot" preloader.

A spot slides back and forth past three fixed spots; each fixed spot swells as the moving one
passes (at the times the moving spot reaches it), and while the two are close a bridge — a
shape whose path has the same commands at every sample — stretches between them and snaps.
"""
import json, math, os

DURATION = 2.4
FIXED = [100.0, 160.0, 220.0]
Y = 110.0
R_FIXED, R_MOVER = 10.0, 13.0
# The moving spot: keyframe x positions and their key times (slow at the ends, as the seed's).
MOVER_X = [50.0, 270.0, 50.0]
MOVER_TIMES = [0.0, 0.5, 1.0]

def ease(t):
    return t * t * (3 - 2 * t)

def mover_x(t):
    # t in 0…1 of the cycle: out and back, each leg eased.
    if t < 0.5:
        return MOVER_X[0] + (MOVER_X[1] - MOVER_X[0]) * ease(t / 0.5)
    return MOVER_X[1] + (MOVER_X[2] - MOVER_X[1]) * ease((t - 0.5) / 0.5)

def bridge(mx):
    """A neck between the mover and the nearest fixed spot when they are within 46 points."""
    fx = min(FIXED, key=lambda f: abs(f - mx))
    gap = abs(fx - mx)
    reach = 46.0
    if gap >= reach or gap < 1e-6:
        p = [(mx, Y)] * 4
        c = [(mx, Y)] * 4
    else:
        side = 1 if fx > mx else -1
        strength = 1 - gap / reach          # 1 when touching, 0 at the snap
        half = 6.5 * strength + 0.5          # the neck's half-width at its waist
        a, b = mx + side * R_MOVER * 0.6, fx - side * R_FIXED * 0.6
        top_a, top_b = (a, Y - R_MOVER * 0.8), (b, Y - R_FIXED * 0.8)
        bot_a, bot_b = (a, Y + R_MOVER * 0.8), (b, Y + R_FIXED * 0.8)
        mid = (a + b) / 2
        p = [top_a, top_b, bot_b, bot_a]
        c = [(mid, Y - half), (mid, Y - half), (mid, Y + half), (mid, Y + half)]
    return (f"M {p[0][0]:.2f} {p[0][1]:.2f} Q {c[0][0]:.2f} {c[0][1]:.2f} {p[1][0]:.2f} {p[1][1]:.2f} "
            f"L {p[2][0]:.2f} {p[2][1]:.2f} Q {c[2][0]:.2f} {c[2][1]:.2f} {p[3][0]:.2f} {p[3][1]:.2f} Z")

samples = 96
times = [i / samples for i in range(samples + 1)]
layers = []
for index, fx in enumerate(FIXED):
    # Swell when the mover passes: find the times it crosses this spot.
    crossings = [t for t0, t in zip(times, times[1:]) if (mover_x(t0) - fx) * (mover_x(t) - fx) <= 0]
    scale_times, scales = [0.0], [1.0]
    for t in crossings:
        for dt, s in [(-0.06, 1.0), (0.0, 1.45), (0.08, 1.0)]:
            tt = min(max(t + dt, scale_times[-1] + 1e-3), 1.0)
            scale_times.append(tt)
            scales.append(s)
    if scale_times[-1] < 1:
        scale_times.append(1.0)
        scales.append(1.0)
    layers.append({"type": "layer", "name": f"spot{index + 1}", "position": [fx, Y], "bounds": [2 * R_FIXED, 2 * R_FIXED],
                   "cornerRadius": R_FIXED, "backgroundColor": "#ff7b54",
                   "animations": [{"type": "keyframe", "keyPath": "transform.scale", "values": scales, "keyTimes": scale_times,
                                   "duration": DURATION, "repeatCount": "infinity"}]})
layers.append({"type": "shape", "name": "bridge", "position": [160, 110], "bounds": [320, 220], "path": bridge(mover_x(0)),
               "fillColor": "#ff7b54",
               "animations": [{"type": "keyframe", "keyPath": "path", "values": [bridge(mover_x(t)) for t in times],
                               "duration": DURATION, "repeatCount": "infinity"}]})
layers.append({"type": "layer", "name": "mover", "position": [MOVER_X[0], Y], "bounds": [2 * R_MOVER, 2 * R_MOVER],
               "cornerRadius": R_MOVER, "backgroundColor": "#ff7b54",
               "animations": [{"type": "keyframe", "keyPath": "position.x", "values": MOVER_X, "keyTimes": MOVER_TIMES,
                               "timingFunctions": ["easeInEaseOut", "easeInEaseOut"], "duration": DURATION, "repeatCount": "infinity"}]})
effect = {"fx": 1, "name": "preloader", "previewTime": 0.2, "reducedMotion": {"speed": 0.5},
          "description": "The sticky \"oil spot\" preloader: a spot slides past three others, which swell as it passes, joined by a stretching bridge",
          "canvas": {"size": [320, 220], "background": "#fff8f0"}, "duration": DURATION, "loop": True, "layers": layers}
path = os.path.join(os.path.dirname(__file__), "..", "..", "effects", "preloader.json")
with open(path, "w") as f:
    json.dump(effect, f, indent=1)
    f.write("\n")
print(os.path.normpath(path))
