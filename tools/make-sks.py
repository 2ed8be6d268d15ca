#!/usr/bin/env python3
"""Writes SpriteKit particle files (.sks) for fx's importer: the examples in Examples/imports and,
for the tests, any emitter described in JSON.

A .sks is what Xcode's particle editor saves: an NSKeyedArchiver archive in a binary plist whose
root object is an SKEmitterNode. The keys are SpriteKit's coder keys (-[SKEmitterNode
initWithCoder:], -[SKKeyframeSequence initWithCoder:], -[SKTexture initWithCoder:]) and the
layout is the one files saved by Xcode have ($archiver, $version 100000, $top {root, _info},
$objects with $null first, classes as {$classname, $classes}, CGPoints as "{x, y}" strings,
texture sizes as NSValue, keyframe colors as NSColor with NSColorSpace and NSRGB); Python's
plistlib writes binary plists with UIDs.

Usage:
  tools/make-sks.py --examples              writes Examples/imports/{Spark,Magic,Snow}.sks and
                                            their textures (run from anywhere)
  tools/make-sks.py --spec JSON --out FILE  writes one emitter: JSON overrides coder keys
                                            ("_birthrate": 100, …); a sequence key takes
                                            {"values": [...], "times": [...], "interpolation": 1,
                                            "repeat": 1, "colors": "NSColor" | "UIColor"}; the
                                            texture key "_particleTexture" takes {"name": "spark"}
                                            or {"png": "path"} (embedded) or null; any value
                                            {"$uid": N} is written as a raw UID (hostile files),
                                            {"$self": true} as the emitter's own UID, and
                                            {"$root": "SKScene"} renames the root's class.
"""
import json
import math
import os
import plistlib
import struct
import sys
import zlib

SEQUENCE_KEYS = ["_particleAlphaSequence", "_particleColorSequence", "_particleColorBlendFactorSequence",
                 "_particleScaleSequence", "_particleRotationSequence", "_fieldInfluenceSequence", "_particleSpeedSequence"]

# An emitter as Xcode's editor saves a new one, before the file's own values.
DEFAULTS = {
    "_startColorMix": 1.0, "_startColorBlendVariance": 0.0,
    "_startColorR": 1.0, "_startColorG": 1.0, "_startColorB": 1.0, "_startColorA": 1.0,
    "_startColorVarianceR": 0.0, "_startColorVarianceG": 0.0, "_startColorVarianceB": 0.0, "_startColorVarianceA": 0.0,
    "_birthrate": 100.0, "_startPosition": "{0, 0}", "_startPositionVariance": "{0, 0}",
    "_startZPosition": 0.0, "_startZPositionVariance": 0.0, "_lifetime": 1.0, "_lifetimeVariance": 0.0,
    "_startOpacity": 1.0, "_startOpacityVariance": 0.0, "_particleBlendMode": 0,
    "_startRotation": 0.0, "_startRotationVariance": 0.0, "_startSize": "{0, 0}", "_startScale": 1.0,
    "_startScaleVariance": 0.0, "_acceleration": "{0, 0}",
    "_colorSpeedR": 0.0, "_colorSpeedG": 0.0, "_colorSpeedB": 0.0, "_colorSpeedA": 0.0, "_colorBlendSpeed": 0.0,
    "_rotationSpeed": 0.0, "_scaleSpeed": 0.0, "_opacitySpeed": 0.0, "_startSpeed": 100.0, "_startSpeedVariance": 0.0,
    "_emissionAngle": 0.0, "_emissionAngleVariance": 0.0, "_numParticlesToEmit": 0, "_zPositionSpeed": 0.0,
    "_emissionDistance": 0.0, "_emissionDistanceRange": 0.0, "_fieldBitMask": 0,
}


class Archive:
    """An NSKeyedArchiver object table: $objects with $null first, classes shared."""

    def __init__(self):
        self.objects = ["$null"]
        self.classes = {}

    def add(self, value):
        self.objects.append(value)
        return plistlib.UID(len(self.objects) - 1)

    def cls(self, name, supers):
        if name not in self.classes:
            self.classes[name] = self.add({"$classname": name, "$classes": [name] + supers})
        return self.classes[name]

    def array(self, items, mutable=True):
        name = "NSMutableArray" if mutable else "NSArray"
        supers = ["NSArray", "NSObject"] if mutable else ["NSObject"]
        return self.add({"NS.objects": [self.add(item) if not isinstance(item, plistlib.UID) else item for item in items],
                         "$class": self.cls(name, supers)})

    def value(self, special, key, text):
        return self.add({"NS.special": special, key: self.add(text), "$class": self.cls("NSValue", ["NSObject"])})

    def color(self, rgba, encoding):
        r, g, b, a = (list(rgba) + [1.0])[:4] if len(rgba) >= 3 else (rgba[0], rgba[0], rgba[0], 1.0)
        if encoding == "UIColor":
            return self.add({"UIColorComponentCount": 4, "UIRed": float(r), "UIGreen": float(g), "UIBlue": float(b), "UIAlpha": float(a),
                             "$class": self.cls("UIColor", ["NSObject"])})
        text = "%.10g %.10g %.10g" % (r, g, b) + ("" if a == 1 else " %.10g" % a)
        return self.add({"NSRGB": text.encode() + b"\0", "NSColorSpace": 1, "$class": self.cls("NSColor", ["NSObject"])})

    def sequence(self, spec):
        encoding = spec.get("colors", "NSColor")
        values = [self.color(v, encoding) if isinstance(v, list) else self.add(float(v)) for v in spec["values"]]
        times = [self.add(float(t)) for t in spec["times"]]
        mutable = self.cls("NSMutableArray", ["NSArray", "NSObject"])
        return self.add({"_interpolationMode": spec.get("interpolation", 1), "_repeatMode": spec.get("repeat", 1),
                         "_values": self.add({"NS.objects": values, "$class": mutable}),
                         "_times": self.add({"NS.objects": times, "$class": mutable}),
                         "$class": self.cls("SKKeyframeSequence", ["NSObject"])})

    def texture(self, spec):
        if spec is None:
            return plistlib.UID(0)
        png = open(spec["png"], "rb").read() if "png" in spec else None
        size = png_size(png) if png else tuple(spec.get("size", (64, 64)))
        record = {"_isRotated": False, "_isFlipped": False, "_isCapture": False, "_isPath": False, "_filteringMode": 1,
                  "_isData": png is not None, "_originalAtlasName": plistlib.UID(0), "_subTextureName": plistlib.UID(0),
                  "_disableAlpha": False,
                  "_size": self.value(2, "NS.sizeval", "{%g, %g}" % size),
                  "_pixelSize": self.value(2, "NS.sizeval", "{%g, %g}" % size),
                  "_cropOffset": self.value(1, "NS.pointval", "{0, 0}"),
                  "_cropScale": self.value(1, "NS.pointval", "{1, 1}"),
                  "_textRect": self.value(3, "NS.rectval", "{{0, 0}, {1, 1}}"),
                  "_imgName": self.add(spec.get("name", "texture")),
                  "$class": self.cls("SKTexture", ["NSObject"])}
        if png is not None:
            record["_imageData"] = self.add(png)
        return self.add(record)


def raw(value, emitter_uid):
    """A spec value that stands for a raw UID, or None."""
    if isinstance(value, dict) and "$uid" in value:
        return plistlib.UID(value["$uid"])
    if isinstance(value, dict) and value.get("$self"):
        return emitter_uid
    return None


def emitter_archive(spec):
    """The .sks bytes of the emitter `spec` describes (coder keys over DEFAULTS)."""
    archive = Archive()
    root = archive.add(None)  # filled below: the root is object 1, as in Xcode's files
    emitter = {}
    values = dict(DEFAULTS)
    values.update({k: v for k, v in spec.items() if not k.startswith("$")})
    for key, value in values.items():
        uid = raw(value, root)
        if uid is not None:
            emitter[key] = uid
        elif key in SEQUENCE_KEYS:
            emitter[key] = archive.sequence(value) if value else plistlib.UID(0)
        elif key == "_particleTexture":
            emitter[key] = archive.texture(value)
        elif key == "_numParticlesToEmit":
            emitter[key] = archive.add(int(value))
        elif isinstance(value, str):
            emitter[key] = archive.add(value)
        else:
            emitter[key] = value
    for key in SEQUENCE_KEYS:
        emitter.setdefault(key, plistlib.UID(0))
    emitter.setdefault("_particleTexture", plistlib.UID(0))
    # SKNode's own keys, as Xcode writes them.
    emitter.update({"_version": archive.add(45000000), "_position": archive.value(1, "NS.pointval", "{0, 0}"),
                    "_opacity": archive.add(1.0), "_xScale": archive.add(1.0), "_yScale": archive.add(1.0),
                    "_zRotation": archive.add(0.0), "_name": plistlib.UID(0), "_userData": plistlib.UID(0),
                    "_children": archive.array([]), "_hidden": archive.add(False), "_paused": archive.add(False),
                    "_target": emitter.get("_target", plistlib.UID(0)), "_particleAction": plistlib.UID(0), "_shader": plistlib.UID(0),
                    "_originalClass": archive.add("SKEmitterNode")})
    if "$nest" in spec:
        # Arrays nested `depth` deep under one key (a hostile file).
        nested = []
        for _ in range(spec["$nest"]):
            nested = [nested]
        emitter["_userData"] = nested
    root_class = spec.get("$root", "SKEmitterNode")
    emitter["$class"] = archive.cls(root_class, ["SKNode", "NSResponder", "NSObject"])
    archive.objects[root.data] = emitter
    info = archive.add({"NS.keys": [archive.add("_spriteKitVersion")], "NS.objects": [archive.add("45000000")],
                        "$class": archive.cls("NSDictionary", ["NSObject"])})
    document = {"$version": 100000, "$archiver": "NSKeyedArchiver", "$top": {"root": root, "_info": info}, "$objects": archive.objects}
    return plistlib.dumps(document, fmt=plistlib.FMT_BINARY, sort_keys=False)


def png_size(data):
    return struct.unpack(">II", data[16:24])


def png(width, height, pixel):
    """An RGBA PNG whose pixel (x, y) is pixel(x, y) → (r, g, b, a) bytes."""
    rows = b"".join(b"\0" + b"".join(bytes(pixel(x, y)) for x in range(width)) for y in range(height))

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


def glow(size, hardness):
    """A white round glow: alpha falls from 1 at the centre to 0 at the rim."""
    def pixel(x, y):
        r = math.hypot(x + 0.5 - size / 2, y + 0.5 - size / 2) / (size / 2)
        a = max(0.0, 1 - r) ** hardness
        return (255, 255, 255, int(round(255 * a)))
    return png(size, size, pixel)


def star(size):
    """A white four-pointed star with a soft core (Magic's embedded image)."""
    def pixel(x, y):
        dx, dy = abs(x + 0.5 - size / 2) / (size / 2), abs(y + 0.5 - size / 2) / (size / 2)
        ray = max(0.0, 1 - (dx * dy * 40 + dx + dy) * 0.9)
        core = max(0.0, 1 - math.hypot(dx, dy) * 2.2) ** 1.5
        return (255, 255, 255, int(round(255 * min(1.0, ray + core))))
    return png(size, size, pixel)


def flake(size):
    """A white six-armed flake (Snow's image, kept in an asset catalog)."""
    def pixel(x, y):
        px, py = x + 0.5 - size / 2, y + 0.5 - size / 2
        r = math.hypot(px, py) / (size / 2)
        angle = math.atan2(py, px)
        arm = abs(math.sin(3 * angle)) * r * size / 2
        a = (1.0 if arm < 1.6 and r < 0.95 else 0.0) + max(0.0, 1 - r * 3)
        return (255, 255, 255, int(round(255 * min(1.0, a))))
    return png(size, size, pixel)


def write(path, data):
    with open(path, "wb") as handle:
        handle.write(data)


def examples():
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Examples", "imports")
    root = os.path.normpath(root)
    # Spark: a one-off burst of 300 sparks thrown up and falling (numParticlesToEmit), its
    # image named "spark" beside the file, drawn additively, cooling white → yellow → red.
    write(os.path.join(root, "spark.png"), glow(32, 1.6))
    write(os.path.join(root, "Spark.sks"), emitter_archive({
        "_birthrate": 1500.0, "_numParticlesToEmit": 300, "_lifetime": 1.2, "_lifetimeVariance": 0.6,
        "_startSpeed": 420.0, "_startSpeedVariance": 160.0, "_emissionAngle": math.pi / 2, "_emissionAngleVariance": 1.2,
        "_acceleration": "{0, -600}", "_startScale": 0.35, "_startScaleVariance": 0.15, "_scaleSpeed": -0.2,
        "_startOpacity": 1.0, "_opacitySpeed": -0.6, "_particleBlendMode": 1, "_startColorMix": 1.0,
        "_particleColorSequence": {"values": [[1, 1, 1, 1], [1, 0.85, 0.3, 1], [1, 0.25, 0.05, 1]], "times": [0, 0.25, 1]},
        "_particleTexture": {"name": "spark", "size": (32, 32)},
    }))
    # Magic: a continuous shimmer of stars in a square, its image embedded in the file, with
    # color, scale and alpha sequences over each star's life.
    star_png = os.path.join(root, ".magic-star.png")
    write(star_png, star(48))
    write(os.path.join(root, "Magic.sks"), emitter_archive({
        "_birthrate": 90.0, "_lifetime": 2.4, "_lifetimeVariance": 1.2, "_startSpeed": 40.0, "_startSpeedVariance": 30.0,
        "_emissionAngle": math.pi / 2, "_emissionAngleVariance": 2 * math.pi, "_startPositionVariance": "{260, 160}",
        "_startSize": "{40, 40}", "_startRotationVariance": math.pi, "_rotationSpeed": 1.5, "_particleBlendMode": 1,
        "_particleColorSequence": {"values": [[0.55, 0.3, 1], [0.3, 0.9, 1], [1, 0.45, 0.85]], "times": [0, 0.45, 1]},
        "_particleScaleSequence": {"values": [0.1, 1.0, 0.6, 0.0], "times": [0, 0.3, 0.7, 1]},
        "_particleAlphaSequence": {"values": [0, 1, 1, 0], "times": [0, 0.15, 0.7, 1]},
        "_particleTexture": {"png": star_png, "name": "magic-star"},
    }))
    os.remove(star_png)
    # Snow: flakes falling from a band above the canvas, drifting and turning; the image is in
    # an asset catalog beside the file (Assets.xcassets/flake.imageset), as in an Xcode project.
    imageset = os.path.join(root, "Assets.xcassets", "flake.imageset")
    os.makedirs(imageset, exist_ok=True)
    write(os.path.join(root, "Assets.xcassets", "Contents.json"), b'{\n  "info" : {\n    "author" : "xcode",\n    "version" : 1\n  }\n}\n')
    write(os.path.join(imageset, "Contents.json"), b'{\n  "images" : [\n    {\n      "filename" : "flake@2x.png",\n      "idiom" : "universal",\n      "scale" : "2x"\n    }\n  ],\n  "info" : {\n    "author" : "xcode",\n    "version" : 1\n  }\n}\n')
    write(os.path.join(imageset, "flake@2x.png"), flake(48))
    write(os.path.join(root, "Snow.sks"), emitter_archive({
        "_birthrate": 40.0, "_lifetime": 9.0, "_lifetimeVariance": 2.0, "_startSpeed": 60.0, "_startSpeedVariance": 30.0,
        "_emissionAngle": -math.pi / 2, "_emissionAngleVariance": 0.5, "_startPosition": "{0, 300}",
        "_startPositionVariance": "{600, 20}", "_acceleration": "{8, -4}", "_startScale": 0.5, "_startScaleVariance": 0.4,
        "_startRotationVariance": math.pi, "_rotationSpeed": 0.6, "_startOpacity": 0.9, "_startOpacityVariance": 0.2,
        "_startColorR": 0.85, "_startColorG": 0.93, "_startColorB": 1.0, "_startColorMix": 1.0,
        "_particleTexture": {"name": "flake", "size": (24, 24)},
    }))


def main(argv):
    if argv[1:] == ["--examples"]:
        examples()
        return 0
    if len(argv) == 5 and argv[1] == "--spec" and argv[3] == "--out":
        write(argv[4], emitter_archive(json.loads(argv[2])))
        return 0
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
