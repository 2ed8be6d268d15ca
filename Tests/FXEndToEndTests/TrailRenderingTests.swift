import FXCore
import FXSDL
import XCTest

/// Trails as users see them: rendered headless by SDL from the draw list.
final class TrailRenderingTests: XCTestCase {
    func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [Int] {
        (0..<4).map { Int(image.pixels[(y * image.width + x) * 4 + $0]) }
    }

    /// A particle without contents flies right from x = 20 at 100 pt/s, so at 1.2 s it is at
    /// x = 140 and its half-second trail runs back to x = 90, 10 points wide, along y = 50.
    /// Pixels on that stretch of the path are its color; pixels ahead of it, behind the tail,
    /// and beside the ribbon are the background.
    func testTheRibbonColorsThePathBehindTheParticleAndNothingElse() throws {
        let effect = try EffectDecoder.decode(bytes: Array("""
            {"fx": 1, "canvas": {"size": [200, 100], "background": "black"}, "layers": [
              {"type": "emitter", "emitterPosition": [20, 50], "emitterCells": [
                {"birthRate": 0, "burstCount": 1, "lifetime": 10, "velocity": 100, "color": [1, 0.5, 0, 1],
                 "trail": {"length": 0.5, "segments": 10, "width": 10, "alphaOverLength": [1]}}]}]}
            """.utf8))
        let image = try EffectRenderer().render(effect, time: 1.2, size: (200, 100)).image
        for x in stride(from: 93, through: 137, by: 4) {
            let centre = pixel(image, x, 50)
            XCTAssertGreaterThan(centre[0], 200, "x \(x): on the ribbon's centre line, \(centre)")
            XCTAssertEqual(Double(centre[1]), Double(centre[0]) / 2, accuracy: 3, "the particle's color")
            XCTAssertEqual(centre[2], 0)
            XCTAssertGreaterThan(pixel(image, x, 52)[0], 40, "x \(x): inside the width")
        }
        for (x, y, why) in [(150, 50, "ahead of the particle"), (160, 50, "ahead"), (80, 50, "behind the tail"), (40, 50, "behind the tail"),
                            (115, 40, "above the ribbon"), (115, 60, "below the ribbon"), (115, 20, "far off the path")] {
            XCTAssertEqual(pixel(image, x, y), [0, 0, 0, 255], "(\(x), \(y)): \(why)")
        }
    }

    /// An additive layer's ribbons inside a group drawn apart (here a half-opaque, clipped
    /// layer) add light as they do outside one, and the group's opacity then applies.
    func testAdditiveRibbonsShowInsideAGroup() throws {
        func centre(group: String) throws -> [Int] {
            let effect = try EffectDecoder.decode(bytes: Array("""
                {"fx": 1, "canvas": {"size": [200, 100], "background": "black"}, "layers": [
                  {"type": "layer", "position": [100, 50], "bounds": [200, 100], \(group) "sublayers": [
                    {"type": "emitter", "renderMode": "additive", "emitterPosition": [20, 50], "emitterCells": [
                      {"birthRate": 0, "burstCount": 1, "lifetime": 10, "velocity": 100, "color": [0.5, 0.5, 0.5, 1],
                       "trail": {"length": 0.5, "segments": 10, "width": 10, "alphaOverLength": [1]}}]}]}]}
                """.utf8))
            return pixel(try EffectRenderer().render(effect, time: 1.2, size: (200, 100)).image, 115, 50)
        }
        let plain = try centre(group: "")
        // Half grey at the centre line, a little less over a pixel (the edges fade).
        XCTAssertEqual(plain[0], 128, accuracy: 16, "added over black: \(plain)")
        let grouped = try centre(group: #""opacity": 0.5, "masksToBounds": true,"#)
        XCTAssertEqual(grouped[0], plain[0] / 2, accuracy: 2, "the group's opacity halves it: \(grouped)")
    }
}
