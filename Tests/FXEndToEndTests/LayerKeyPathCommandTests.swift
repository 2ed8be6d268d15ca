import FXCore
import FXSDL
import Foundation
import XCTest

/// Masks and sublayers named in key paths (`title.mask.locations`, `ring.sublayers.dot.opacity`)
/// by the commands a user runs: `inspect`, `plot`, `set` and `render`.
final class LayerKeyPathCommandTests: XCTestCase {
    /// `title` animates its mask's locations; `ring` animates its sublayer `dot` (whose own time
    /// begins at 1 s) and dot's mask, in ring's time.
    private static let json = """
        {"fx": 1, "name": "masked", "canvas": {"size": [200, 100], "background": "#000000"}, "duration": 2,
         "layers": [
          {"name": "title", "position": [100, 30], "bounds": [200, 40], "backgroundColor": "#ffffff",
           "mask": {"type": "gradient", "name": "fade", "position": [100, 20], "bounds": [200, 40],
                    "startPoint": [0, 0], "endPoint": [1, 0], "colors": ["transparent", "#ffffff", "transparent"],
                    "locations": [0, 0.1, 0.2]},
           "animations": [{"type": "basic", "keyPath": "mask.locations", "fromValue": [0, 0.1, 0.2], "toValue": [0.8, 0.9, 1], "duration": 2}]},
          {"name": "ring", "position": [100, 75], "bounds": [60, 40],
           "sublayers": [
             {"name": "dot", "position": [15, 20], "bounds": [20, 20], "backgroundColor": "#ff0000", "beginTime": 1,
              "mask": {"name": "dotMask", "position": [10, 10], "bounds": [20, 20], "backgroundColor": "#ffffff"}},
             {"name": "bar", "position": [45, 20], "bounds": [20, 20], "backgroundColor": "#00ff00"}],
           "animations": [
             {"type": "basic", "keyPath": "sublayers.dot.opacity", "fromValue": 1, "toValue": 0, "duration": 2},
             {"type": "keyframe", "keyPath": "sublayers[0].mask.opacity", "values": [1, 0], "duration": 2}]}
         ]}
        """

    private func writeEffect() throws -> URL {
        let file = FXProcess.temporaryDirectory().appendingPathComponent("masked.json")
        try Self.json.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    private func values(_ result: FXProcess.Result) throws -> [String: Any] {
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return try XCTUnwrap(json["values"] as? [String: Any])
    }

    func testInspectListsAndReadsTheAnimatedValuesOfMasksAndSublayers() throws {
        // slide-to-unlock: the mask's own animation, by its unique name; read by its path too.
        let shipped = try values(FXProcess.run(["inspect", "slide-to-unlock", "--time", "1.5"]))
        XCTAssertEqual(Array(shipped.keys), ["gradientLayer.locations"])
        let both = try values(FXProcess.run(["inspect", "slide-to-unlock", "--time", "1.5",
                                             "--keypath", "label.mask.locations", "--keypath", "gradientLayer.locations"]))
        let viaMask = try XCTUnwrap(both["label.mask.locations"] as? [Double])
        XCTAssertEqual(viaMask, both["gradientLayer.locations"] as? [Double])
        XCTAssertEqual(viaMask, [0.35, 0.5, 0.65], "halfway through its 3 s: [0, 0, 0.3] → [0.7, 1, 1]")
        // Animations added to a layer with a mask's or a sublayer's key path are listed as written.
        let file = try writeEffect()
        let listed = try values(FXProcess.run(["inspect", file.path, "--time", "0.5"]))
        XCTAssertEqual(Set(listed.keys), ["title.mask.locations", "ring.sublayers.dot.opacity", "ring.sublayers[0].mask.opacity"])
        XCTAssertEqual(listed["ring.sublayers.dot.opacity"] as? Double, 0.75, "in ring's time, though dot begins at 1 s")
        XCTAssertEqual(listed["ring.sublayers[0].mask.opacity"] as? Double, 0.75)
        let locations = try XCTUnwrap(listed["title.mask.locations"] as? [Double])
        for (value, expected) in zip(locations, [0.2, 0.3, 0.4]) { XCTAssertEqual(value, expected, accuracy: 1e-9) }
        // Misspelled and missing steps: exit 1 with the nearest name and what the layer has.
        let typo = try FXProcess.run(["inspect", "slide-to-unlock", "--keypath", "label.sublayers.txt.opacity"])
        XCTAssertEqual(typo.status, 1)
        XCTAssertTrue(typo.stderr.contains(#"layer "label" has no sublayer named "txt"; did you mean "text"?"#), typo.stderr)
        let noMask = try FXProcess.run(["inspect", "slide-to-unlock", "--keypath", "text.mask.opacity"])
        XCTAssertEqual(noMask.status, 1)
        XCTAssertTrue(noMask.stderr.contains(#"layer "text" has no mask (it has no sublayers)"#), noMask.stderr)
    }

    func testPlotChartsAMasksKeyPath() throws {
        let out = FXProcess.temporaryDirectory().appendingPathComponent("plot.png").path
        let result = try FXProcess.run(["plot", "slide-to-unlock", "--keypath", "label.mask.locations", "--to", "3",
                                        "--size", "800x400", "--out", out])
        XCTAssertEqual(result.status, 0, result.stderr)
        let image = try PNGFile.read(out)
        // The first series (#1f77b4, locations[0]) rises from 0 to 0.7: drawn higher at 2.5 s than at 0.5 s.
        func curveRow(atFraction fraction: Double) -> Int? {
            let x = 70 + Int(Double(800 - 30 - 70) * fraction)
            return (100..<image.height).first { y in
                let i = (y * image.width + x) * 4
                return abs(Int(image.pixels[i]) - 0x1f) < 40 && abs(Int(image.pixels[i + 1]) - 0x77) < 40 && abs(Int(image.pixels[i + 2]) - 0xb4) < 40
            }
        }
        let early = try XCTUnwrap(curveRow(atFraction: 0.5 / 3)), late = try XCTUnwrap(curveRow(atFraction: 2.5 / 3))
        XCTAssertGreaterThan(early, late, "locations[0] at 2.5 s is drawn above its value at 0.5 s")
    }

    func testSetWritesIntoTheMasksAndSublayersObjects() throws {
        let file = try writeEffect()
        let result = try FXProcess.run(["set", file.path, "title.mask.locations", "[0, 0.4, 0.6]", "ring.sublayers[1].opacity", "0.5",
                                        "ring.sublayers.dot.mask.backgroundColor", "\"#00ff00\""])
        XCTAssertEqual(result.status, 0, result.stderr)
        let text = try String(contentsOf: file, encoding: .utf8)
        let changed = zip(Self.json.split(separator: "\n"), text.split(separator: "\n")).filter { $0.0 != $0.1 }
            .map { $0.1.drop { $0 == " " } }.map(String.init)
        XCTAssertEqual(changed, [
            #""locations": [0, 0.4, 0.6]},"#,
            ##""mask": {"name": "dotMask", "position": [10, 10], "bounds": [20, 20], "backgroundColor": "#00ff00"}},"##,
            ##"{"name": "bar", "position": [45, 20], "bounds": [20, 20], "backgroundColor": "#00ff00", "opacity": 0.5}],"##,
        ], "each value lands in its layer's object, the rest byte for byte")
        let before = try Data(contentsOf: file)
        let bad = try FXProcess.run(["set", file.path, "ring.mask.opacity", "0.5"])
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.contains(#"layer "ring" has no mask (its sublayers: dot, bar)"#), bad.stderr)
        XCTAssertEqual(try Data(contentsOf: file), before)
    }

    /// What is drawn follows the animations: dot fades to 0.75 and its mask to 0.75 at 0.5 s
    /// (0.5625 of red over black), to 0.25 each at 1.5 s.
    func testRenderDrawsASublayerAnimatedFromItsParent() throws {
        let file = try writeEffect()
        for (time, expected) in [(0.5, 255 * 0.5625), (1.5, 255 * 0.0625)] {
            let out = FXProcess.temporaryDirectory().appendingPathComponent("frame.png").path
            let result = try FXProcess.run(["render", file.path, "--time", String(time), "--out", out])
            XCTAssertEqual(result.status, 0, result.stderr)
            let image = try PNGFile.read(out)
            let dot = (75 * image.width + 85) * 4, bar = (75 * image.width + 115) * 4
            XCTAssertEqual(Double(image.pixels[dot]), expected, accuracy: 4, "the dot's red at \(time) s")
            XCTAssertEqual(Array(image.pixels[bar..<bar + 3]), [0, 255, 0], "bar is not animated")
        }
    }
}
