#!/usr/bin/env python3
"""Writes effects/three-balls.json: three balls swapping places in six phases.

Each phase swaps two neighbours; the ball moving right passes in front (higher zPosition,
larger), the one moving left passes behind. After six phases every ball is home again.
"""
import json, os

X = {"L": 120, "C": 200, "R": 280}
paths = {  # position of each ball at the seven phase boundaries
    "red":    ["L", "C", "R", "R", "C", "L", "L"],
    "yellow": ["C", "L", "L", "C", "R", "R", "C"],
    "green":  ["R", "R", "C", "L", "L", "C", "R"],
}
colors = {"red": "#ef476f", "yellow": "#ffd166", "green": "#06d6a0"}
PHASE = 0.5
layers = []
for name, spots in paths.items():
    xs = [X[s] for s in spots]
    key_times = [i / 6 for i in range(7)]
    # Scale and depth at the middle of each phase: in front when moving right.
    scales, scale_times, depths, heights = [1.0], [0.0], [], [110]
    for i in range(6):
        direction = xs[i + 1] - xs[i]
        mid = 1.25 if direction > 0 else (0.8 if direction < 0 else 1.0)
        scales += [mid, 1.0]
        heights += [122 if direction > 0 else (96 if direction < 0 else 110), 110]
        scale_times += [(i + 0.5) / 6, (i + 1) / 6]
        depths.append(1 if direction > 0 else (-1 if direction < 0 else 0))
    depths.append(depths[0])
    layers.append({
        "type": "layer", "name": name, "position": [xs[0], 110], "bounds": [56, 56], "cornerRadius": 28,
        "backgroundColor": colors[name],
        "animations": [
            {"type": "keyframe", "keyPath": "position.x", "values": xs, "keyTimes": key_times,
             "timingFunctions": ["easeInEaseOut"] * 6, "duration": 6 * PHASE, "repeatCount": "infinity"},
            {"type": "keyframe", "keyPath": "transform.scale", "values": scales, "keyTimes": scale_times,
             "timingFunctions": ["easeInEaseOut"] * 12, "duration": 6 * PHASE, "repeatCount": "infinity"},
            {"type": "keyframe", "keyPath": "position.y", "values": heights, "keyTimes": scale_times,
             "timingFunctions": ["easeInEaseOut"] * 12, "duration": 6 * PHASE, "repeatCount": "infinity"},
            {"type": "keyframe", "keyPath": "zPosition", "values": depths, "calculationMode": "discrete",
             "keyTimes": key_times + [1.0], "duration": 6 * PHASE, "repeatCount": "infinity"},
        ],
    })
effect = {
    "fx": 1, "name": "three-balls", "previewTime": 0.25, "reducedMotion": {"speed": 0.5},
    "description": "Red, yellow and green balls swapping places in six phases, the one moving right passing in front (zPosition)",
    "canvas": {"size": [400, 220], "background": "#1b1d2a"}, "duration": 3, "loop": True, "layers": layers,
}
path = os.path.join(os.path.dirname(__file__), "..", "..", "effects", "three-balls.json")
with open(path, "w") as f:
    json.dump(effect, f, indent=1)
    f.write("\n")
print(os.path.normpath(path))
