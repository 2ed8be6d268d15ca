import FXCore
import FXEffects
import FXSDL
import Foundation
import XCTest

/// CATransition-style transitions rendered headless, checked pixel by pixel against what Core
/// Animation's definitions give: images made of four coloured quadrants, so that every part of
/// the old and the new image can be told apart wherever it has moved.
final class TransitionRenderingTests: XCTestCase {
    /// The old image's quadrants (top-left, top-right, bottom-left, bottom-right).
    static let oldQuadrants: [[Int]] = [[255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 255]]
    /// The new image's quadrants.
    static let newQuadrants: [[Int]] = [[0, 255, 255], [255, 0, 255], [255, 255, 0], [128, 128, 128]]
    /// The canvas background.
    static let background = [0, 0, 0]

    /// An 8×8 PNG of four 4×4 quadrants, written to a temporary folder.
    static func quadrantImage(_ quadrants: [[Int]], name: String, in directory: URL) throws -> String {
        var pixels: [UInt8] = []
        for y in 0..<8 {
            for x in 0..<8 {
                let quadrant = (y < 4 ? 0 : 2) + (x < 4 ? 0 : 1)
                pixels += quadrants[quadrant].map(UInt8.init) + [255]
            }
        }
        let path = directory.appendingPathComponent(name).path
        try PNGFile.write(RGBAImage(width: 8, height: 8, pixels: pixels), to: path)
        return path
    }

    /// The effect: on a 400 × 200 black canvas, a 100 × 100 image layer centred at (200, 100)
    /// (its bounds span x 150…250, y 50…150), showing `old` and changing to `new` at 1 s with a
    /// 1 s transition — written into `layer` (`transitions` or `animations`).
    static func effect(_ layer: String) throws -> Effect {
        let directory = FXProcess.temporaryDirectory()
        let old = try quadrantImage(oldQuadrants, name: "old.png", in: directory)
        let new = try quadrantImage(newQuadrants, name: "new.png", in: directory)
        let json = """
            {"fx": 1, "canvas": {"size": [400, 200], "background": "black"},
             "textures": {"old": "\(old)", "new": "\(new)"},
             "layers": [{"type": "image", "name": "photo", "position": [200, 100], "bounds": [100, 100], "contents": "old",
                         \(layer)}]}
            """
        return try EffectDecoder.decode(bytes: Array(json.utf8), resources: SystemResources())
    }

    static func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [Int] {
        (0..<3).map { Int(image.pixels[(y * image.width + x) * 4 + $0]) }
    }

    /// The colour Core Animation's definition gives at unit point (u, v) of the layer's bounds
    /// (0…1 inside, beyond outside) for a motion transition at progress `p`: the old contents
    /// moved by p sizes along the subtype's motion (push, reveal) or not at all (moveIn), the
    /// new by p − 1 sizes (push, moveIn) or not at all (reveal), the moving one on top.
    static func expected(_ type: String, subtype: String, progress p: Double, u: Double, v: Double) -> [Int] {
        let motion: (Double, Double)
        switch subtype {
        case "fromRight": motion = (-1, 0)
        case "fromLeft": motion = (1, 0)
        case "fromTop": motion = (0, 1)
        default: motion = (0, -1)
        }
        func sample(_ quadrants: [[Int]], offset: Double) -> [Int]? {
            let x = u - motion.0 * offset, y = v - motion.1 * offset
            guard (0..<1).contains(x), (0..<1).contains(y) else { return nil }
            return quadrants[(y < 0.5 ? 0 : 2) + (x < 0.5 ? 0 : 1)]
        }
        let oldOffset = type == "moveIn" ? 0 : p
        let newOffset = type == "reveal" ? 0 : p - 1
        let old = sample(oldQuadrants, offset: oldOffset), new = sample(newQuadrants, offset: newOffset)
        let top = type == "reveal" ? old ?? new : new ?? old
        return top ?? background
    }

    /// Checks the frame at 1.5 s (half-way, eased or linear alike) at the centres of a grid of
    /// 25 × 25-point cells from x 25 to 375 and y 25 to 175: inside the bounds and beside them.
    func assertMidway(_ type: String, subtype: String, layer: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let image = try EffectRenderer().render(try Self.effect(layer), time: 1.5).image
        XCTAssertEqual([image.width, image.height], [400, 200])
        var checked = 0
        for cy in stride(from: 62.5, to: 150, by: 25.0) {
            for cx in stride(from: 37.5, to: 375, by: 25.0) {
                let u = (cx - 150) / 100, v = (cy - 50) / 100
                let expected = Self.expected(type, subtype: subtype, progress: 0.5, u: u, v: v)
                let found = Self.pixel(image, Int(cx), Int(cy))
                XCTAssertEqual(found, expected, "\(type) \(subtype) at (\(cx), \(cy)), unit (\(u), \(v))", file: file, line: line)
                checked += 1
            }
        }
        XCTAssertEqual(checked, 56, file: file, line: line)
    }

    /// The case: half-way through a push from the right, the left half of the bounds
    /// shows the old image's right half (moved left by half its width) and the right half the
    /// new image's left half; the old left half and the new right half are beside the bounds
    /// (nothing clips them: the layer does not mask to its bounds).
    func testHalfWayThroughAPushFromTheRightBothImagesHaveMoved() throws {
        let image = try EffectRenderer().render(try Self.effect("""
            "transitions": [{"time": 1, "contents": "new", "type": "push", "subtype": "fromRight", "duration": 1}]
            """), time: 1.5).image
        XCTAssertEqual(Self.pixel(image, 175, 75), Self.oldQuadrants[1], "left half of the bounds: the old top-right quadrant")
        XCTAssertEqual(Self.pixel(image, 225, 75), Self.newQuadrants[0], "right half: the new top-left quadrant")
        XCTAssertEqual(Self.pixel(image, 125, 125), Self.oldQuadrants[2], "left of the bounds: the old bottom-left quadrant")
        XCTAssertEqual(Self.pixel(image, 275, 125), Self.newQuadrants[3], "right of the bounds: the new bottom-right quadrant")
        XCTAssertEqual(Self.pixel(image, 325, 100), Self.background)
        // Before and after, one image in place.
        let before = try EffectRenderer().render(try Self.effect("""
            "transitions": [{"time": 1, "contents": "new", "type": "push", "subtype": "fromRight", "duration": 1}]
            """), time: 0.9).image
        XCTAssertEqual(Self.pixel(before, 175, 75), Self.oldQuadrants[0])
        XCTAssertEqual(Self.pixel(before, 225, 125), Self.oldQuadrants[3])
    }

    /// Push, moveIn and reveal from each side, half-way, on an image layer.
    func testMotionTransitionsFromEverySideOnAnImageLayer() throws {
        for type in ["push", "moveIn", "reveal"] {
            for subtype in ["fromLeft", "fromRight", "fromTop", "fromBottom"] {
                try assertMidway(type, subtype: subtype, layer: """
                    "transitions": [{"time": 1, "contents": "new", "type": "\(type)", "subtype": "\(subtype)", "duration": 1}]
                    """)
            }
        }
    }
}
