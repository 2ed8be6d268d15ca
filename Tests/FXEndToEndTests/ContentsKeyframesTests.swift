import FXCore
import FXSDL
import Foundation
import XCTest

/// Frame-by-frame images as Core Animation makes them: a keyframe animation of an image
/// layer's `contents` whose values are images (seed 004's 66 frames), drawn in discrete mode.
final class ContentsKeyframesTests: XCTestCase {
    /// Three 2×2 PNGs, red, green and blue, beside an effect whose image layer steps through
    /// them; `animation` is the keyframe animation's JSON.
    private func effect(animation: String, layerType: String = "image") throws -> URL {
        let directory = FXProcess.temporaryDirectory()
        for (name, pixel) in [("red", [255, 0, 0, 255]), ("green", [0, 255, 0, 255]), ("blue", [0, 0, 255, 255])] as [(String, [UInt8])] {
            try PNGFile.write(RGBAImage(width: 2, height: 2, pixels: Array([[UInt8]](repeating: pixel, count: 4).joined())),
                              to: directory.appendingPathComponent("\(name).png").path)
        }
        let file = directory.appendingPathComponent("frames.json")
        try """
            {"fx": 1, "canvas": {"size": [40, 40], "background": "black"},
             "textures": {"red": "red.png", "green": "green.png", "blue": "blue.png"},
             "layers": [{"type": "\(layerType)", "name": "view", "position": [20, 20], "bounds": [40, 40], "contents": "red",
                         "animations": [\(animation)]}]}
            """.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    private func centre(_ file: URL, at time: Double) throws -> [UInt8] {
        let out = file.deletingLastPathComponent().appendingPathComponent("out-\(time).png").path
        let result = try FXProcess.run(["render", file.path, "--time", "\(time)", "--out", out])
        XCTAssertEqual(result.status, 0, result.stderr)
        let image = try PNGFile.read(out)
        let index = (20 * image.width + 20) * 4
        return Array(image.pixels[index..<index + 3])
    }

    func testEachImageShowsInTurnAtItsKeyTime() throws {
        // Evenly spaced over 1.5 s: green 0–0.5, blue 0.5–1, red 1–1.5, repeating.
        let even = try effect(animation: #"{"type": "keyframe", "keyPath": "contents", "values": ["green", "blue", "red"], "calculationMode": "discrete", "duration": 1.5, "repeatCount": "infinity"}"#)
        XCTAssertEqual(try centre(even, at: 0.25), [0, 255, 0])
        XCTAssertEqual(try centre(even, at: 0.75), [0, 0, 255])
        XCTAssertEqual(try centre(even, at: 1.25), [255, 0, 0])
        XCTAssertEqual(try centre(even, at: 1.75), [0, 255, 0], "the second repeat starts again")
        // Key times, one more than the images (discrete): blue only from 0.8 of the 1 s.
        let timed = try effect(animation: #"{"type": "keyframe", "keyPath": "contents", "values": ["green", "blue"], "keyTimes": [0, 0.8, 1], "calculationMode": "discrete", "duration": 1}"#)
        XCTAssertEqual(try centre(timed, at: 0.7), [0, 255, 0])
        XCTAssertEqual(try centre(timed, at: 0.9), [0, 0, 255])
        // Ended and removed: the model's contents again.
        XCTAssertEqual(try centre(timed, at: 1.5), [255, 0, 0])
    }

    func testWhatCannotBeDrawnIsAClearError() throws {
        let cases: [(String, String, String)] = [
            (#"{"type": "keyframe", "keyPath": "contents", "values": ["green", "blue"], "duration": 1}"#, "image",
             #"add "calculationMode": "discrete""#),
            (#"{"type": "keyframe", "keyPath": "contents", "values": ["green", "bleu"], "calculationMode": "discrete", "duration": 1}"#, "image",
             #"unknown texture "bleu""#),
            (#"{"type": "keyframe", "keyPath": "contents", "values": ["green", 3], "calculationMode": "discrete", "duration": 1}"#, "image",
             "an image is the name of a texture"),
            (#"{"type": "keyframe", "keyPath": "contents", "values": ["green"], "calculationMode": "discrete", "duration": 1}"#, "layer",
             "changes an image layer's image"),
        ]
        for (animation, layerType, expected) in cases {
            let file = try effect(animation: animation, layerType: layerType)
            if layerType == "layer" {
                // A plain layer takes no `contents` key of its own: drop it, keep the animation.
                let text = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: #""contents": "red","#, with: "")
                try text.write(to: file, atomically: true, encoding: .utf8)
            }
            let result = try FXProcess.run(["validate", file.path])
            XCTAssertEqual(result.status, 1, animation)
            XCTAssertTrue((result.stdout + result.stderr).contains(expected), "\(animation): \(result.stdout + result.stderr)")
        }
    }
}
