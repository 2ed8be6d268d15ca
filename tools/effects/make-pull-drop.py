#!/usr/bin/env python3
"""Writes effects/pull-drop.json: the QQ pull-to-refresh drop.

The drop is one closed path — the top circle's upper half, a waist down to the smaller bottom
circle, its lower half, and back up — with the same commands at every pull distance, so the
path animates from the resting drop to the stretched one. Time is the pulled distance: drag
across the window to pull.
"""
import json, math, os

K = 0.5523  # cubic approximation of a quarter circle

def drop(d):
    cx, top = 150.0, 70.0
    r1 = 26 - d * 0.07            # the top circle shrinks a little
    r2 = max(26 - d * 0.17, 6)    # the bottom one more
    by = top + d                  # bottom circle's centre
    # Upper half of the top circle, from its left point to its right point (clockwise, y down).
    p = [f"M {cx - r1:.2f} {top:.2f}",
         f"C {cx - r1:.2f} {top - K * r1:.2f} {cx - K * r1:.2f} {top - r1:.2f} {cx:.2f} {top - r1:.2f}",
         f"C {cx + K * r1:.2f} {top - r1:.2f} {cx + r1:.2f} {top - K * r1:.2f} {cx + r1:.2f} {top:.2f}"]
    # Right waist down to the bottom circle, pinched toward the middle.
    pinch = min(d / 160, 0.45)
    p.append(f"C {cx + r1:.2f} {top + d * 0.35:.2f} {cx + r2 + (r1 - r2) * (1 - pinch) * 0.2:.2f} {by - d * 0.35:.2f} {cx + r2:.2f} {by:.2f}")
    # Lower half of the bottom circle.
    p.append(f"C {cx + r2:.2f} {by + K * r2:.2f} {cx + K * r2:.2f} {by + r2:.2f} {cx:.2f} {by + r2:.2f}")
    p.append(f"C {cx - K * r2:.2f} {by + r2:.2f} {cx - r2:.2f} {by + K * r2:.2f} {cx - r2:.2f} {by:.2f}")
    # Left waist back up.
    p.append(f"C {cx - r2 - (r1 - r2) * (1 - pinch) * 0.2:.2f} {by - d * 0.35:.2f} {cx - r1:.2f} {top + d * 0.35:.2f} {cx - r1:.2f} {top:.2f} Z")
    return " ".join(p)

steps = 12
values = [drop(90 * i / steps) for i in range(steps + 1)]
effect = {
    "fx": 1, "name": "pull-drop", "previewTime": 0.8, "reducedMotion": {"speed": 0.5},
    "description": "The QQ pull-to-refresh drop: a path that stretches with the pull; drag across the window to pull it",
    "canvas": {"size": [300, 260], "background": "#f5f5f7"}, "duration": 2, "loop": True,
    "layers": [
        {"type": "shape", "name": "drop", "position": [150, 130], "bounds": [300, 260], "path": values[0],
         "fillColor": "#8e9aaf", "strokeColor": "#6c7a93", "lineWidth": 1,
         "animations": [{"//": "Path keyframes, one per 7.5 points of pull; time 0…1 s is a pull of 0…90 points, and back.",
                         "type": "keyframe", "keyPath": "path", "values": values, "duration": 1,
                         "autoreverses": True, "repeatCount": "infinity", "timingFunction": "easeInEaseOut"}]},
        {"type": "shape", "name": "arrow", "position": [150, 70], "bounds": [24, 24],
         "path": "M 12 4 A 8 8 0 1 1 4.5 10", "fillColor": "transparent", "strokeColor": "#ffffff", "lineWidth": 3, "lineCap": "round",
         "animations": [{"type": "basic", "keyPath": "transform.rotation.z", "fromValue": 0, "toValue": "180deg", "duration": 1,
                         "autoreverses": True, "repeatCount": "infinity", "timingFunction": "easeInEaseOut"}]},
    ],
}
path = os.path.join(os.path.dirname(__file__), "..", "..", "effects", "pull-drop.json")
with open(path, "w") as f:
    json.dump(effect, f, indent=1)
    f.write("\n")
print(os.path.normpath(path))
