import FXCore
import FXEffects
import FXSDL
import Foundation
import XCTest

/// Atlas frames: a texture declared as `{"path": …, "frame": [x, y, width, height]}` draws only
/// its rectangle of the image, wherever a texture name is used.
final class AtlasFrameTests: XCTestCase {
    /// A 16×8 sheet: the left 8×8 square red, the right one blue, both opaque.
    func sheet() throws -> String {
        let path = FXProcess.temporaryDirectory().appendingPathComponent("sheet.png").path
        let pixels = (0..<(16 * 8)).flatMap { index -> [UInt8] in index % 16 < 8 ? [255, 0, 0, 255] : [0, 0, 255, 255] }
        try PNGFile.write(RGBAImage(width: 16, height: 8, pixels: pixels), to: path)
        return path
    }

    func render(_ json: String) throws -> RGBAImage {
        let effect = try EffectDecoder.decode(bytes: Array(json.utf8), resources: SystemResources())
        return try EffectRenderer().render(effect, time: 0.1).image
    }

    /// The pixels that are mostly red, and mostly blue.
    func counts(_ image: RGBAImage) -> (red: Int, blue: Int) {
        var red = 0, blue = 0
        for index in stride(from: 0, to: image.pixels.count, by: 4) {
            if image.pixels[index] > 40 { red += 1 }
            if image.pixels[index + 2] > 128 { blue += 1 }
        }
        return (red, blue)
    }

    func testAParticleDrawsOnlyItsFrameAtTheFramesSize() throws {
        let path = try sheet()
        let json = """
        {"fx": 1, "canvas": {"size": [100, 100], "background": "black"},
         "textures": {"blue": {"path": "\(path)", "frame": [8, 0, 8, 8]}, "whole": "\(path)"},
         "layers": [{"type": "emitter", "emitterPosition": [50, 50],
                     "emitterCells": [{"contents": "blue", "burstCount": 1, "lifetime": 10, "scale": 4}]}]}
        """
        let effect = try EffectDecoder.decode(bytes: Array(json.utf8), resources: SystemResources())
        XCTAssertEqual(effect.layers[0].emitter?.emitterCells[0].contents?.pixelSize, Size(width: 8, height: 8))
        let image = try render(json)
        let (red, blue) = counts(image)
        XCTAssertEqual(red, 0, "no pixel of the red half is drawn")
        // 8 × 4 = 32 points a side: about 32 × 32 pixels of blue (edges are smoothed).
        XCTAssertEqual(Double(blue), 32 * 32, accuracy: 70)
        XCTAssertEqual(Array(image.pixels[(50 * 100 + 50) * 4..<(50 * 100 + 50) * 4 + 4]), [0, 0, 255, 255])
        // The whole image, for comparison, shows both halves at 16 × 8 pixels.
        let whole = try render(json.replacingOccurrences(of: "\"contents\": \"blue\"", with: "\"contents\": \"whole\""))
        XCTAssertGreaterThan(counts(whole).red, 400)
    }

    func testAnImageLayerTakesAFrame() throws {
        let path = try sheet()
        let image = try render("""
        {"fx": 1, "canvas": {"size": [100, 100], "background": "black"},
         "textures": {"red": {"path": "\(path)", "frame": [0, 0, 8, 8]}},
         "layers": [{"type": "image", "contents": "red", "position": [50, 50], "bounds": [60, 60]}]}
        """)
        let (red, blue) = counts(image)
        XCTAssertEqual(blue, 0)
        XCTAssertEqual(Double(red), 60 * 60, accuracy: 130)
    }

    func testBadFramesAreReported() throws {
        let path = try sheet()
        func message(_ texture: String) -> String {
            let json = """
            {"fx": 1, "textures": {"t": \(texture)}, "layers": [{"type": "emitter", "emitterCells": [{"contents": "t", "birthRate": 1, "lifetime": 1}]}]}
            """
            do {
                _ = try EffectDecoder.decode(bytes: Array(json.utf8), file: "bad.json", resources: SystemResources())
                XCTFail("\(texture) loaded")
                return ""
            } catch let error as EffectLoadError {
                return error.diagnostics.map(\.description).joined(separator: "\n")
            } catch {
                return "\(error)"
            }
        }
        XCTAssertTrue(message(#"{"path": "\#(path)", "frame": [8, 0, 9, 8]}"#).contains("reaches outside its image"))
        XCTAssertTrue(message(#"{"path": "\#(path)", "frame": [0, 0, 8]}"#).contains("$.textures.t.frame"))
        XCTAssertTrue(message(#"{"path": "\#(path)", "frame": [0, -1, 8, 8]}"#).contains("$.textures.t.frame[1]"))
        XCTAssertTrue(message(#"{"path": "\#(path)", "frame": [0, 0, 0, 8]}"#).contains("1…"))
        XCTAssertTrue(message(#"{"frame": [0, 0, 8, 8]}"#).contains("needs \"path\""))
        XCTAssertTrue(message(#"{"path": "\#(path)", "frame": [0, 0, 8, 8], "rotated": true}"#).contains("unknown key \"rotated\""))
    }
}
