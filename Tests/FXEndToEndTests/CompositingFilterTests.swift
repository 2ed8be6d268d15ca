import FXCore
import FXEffects
import FXSDL
import Foundation
import XCTest

/// An emitter layer's `compositingFilter` (screen, multiply), rendered headless: known pixels
/// against the blend formulas.
final class CompositingFilterTests: XCTestCase {
    /// The class's tests share one Xvfb (``VirtualScreen/shared(by:)``), stopped here.
    override class func tearDown() {
        VirtualScreen.closeShared(by: self)
        super.tearDown()
    }

    /// The background's bytes and a particle's color and alpha, as the draw list writes them.
    let background = [51.0, 102, 204], color = [230.0, 77, 128], alpha = 153.0

    /// The pixel at the centre of a canvas of the background's color with `particles` squares
    /// on it; in a layer with the `group` keys, whose first sublayer is `backing`.
    func render(filter: String?, particles: Int = 1, group: String = "", backing: String = "") throws -> [Double] {
        let json = """
        {"fx": 1, "canvas": {"size": [100, 100], "background": [0.2, 0.4, 0.8, 1]}, "layers": [
          {"type": "layer", "position": [50, 50], "bounds": [100, 100], \(group) "sublayers": [\(backing)
            {"type": "emitter", \(filter.map { "\"compositingFilter\": \"\($0)\"," } ?? "") "emitterPosition": [50, 50],
             "emitterCells": [{"contents": "square", "burstCount": \(particles), "lifetime": 10, "color": [0.9, 0.3, 0.5, 0.6]}]}]}]}
        """
        let effect = try EffectDecoder.decode(bytes: Array(json.utf8), resources: SystemResources())
        let image = try EffectRenderer().render(effect, time: 0.1).image
        let index = (50 * image.width + 50) * 4
        return (0..<4).map { Double(image.pixels[index + $0]) }
    }

    /// 1 − (1 − d)(1 − a·S) per channel, `layers` times, in 0…255.
    func screened(_ layers: Int) -> [Double] {
        (0..<3).map { channel in
            var d = background[channel] / 255
            let s = alpha / 255 * color[channel] / 255
            for _ in 0..<layers { d = 1 - (1 - d) * (1 - s) }
            return d * 255
        }
    }

    /// d · (1 − a + a·S) per channel, `layers` times, in 0…255.
    func multiplied(_ layers: Int) -> [Double] {
        (0..<3).map { channel in
            var d = background[channel] / 255
            let a = alpha / 255
            for _ in 0..<layers { d *= 1 - a + a * color[channel] / 255 }
            return d * 255
        }
    }

    func testScreenFollowsItsFormula() throws {
        let pixel = try render(filter: "screenBlendMode")
        for channel in 0..<3 { XCTAssertEqual(pixel[channel], screened(1)[channel], accuracy: 1.5, "channel \(channel): \(pixel)") }
        XCTAssertEqual(pixel[3], 255)
        // Three particles on the same spot screen each other in turn.
        let three = try render(filter: "screenBlendMode", particles: 3)
        for channel in 0..<3 { XCTAssertEqual(three[channel], screened(3)[channel], accuracy: 2.5, "channel \(channel): \(three)") }
    }

    func testMultiplyFollowsItsFormula() throws {
        let pixel = try render(filter: "multiplyBlendMode")
        for channel in 0..<3 { XCTAssertEqual(pixel[channel], multiplied(1)[channel], accuracy: 1.5, "channel \(channel): \(pixel)") }
        let three = try render(filter: "multiplyBlendMode", particles: 3)
        for channel in 0..<3 { XCTAssertEqual(three[channel], multiplied(3)[channel], accuracy: 2.5, "channel \(channel): \(three)") }
    }

    /// In a group drawn apart (clipped, masked) the particles blend with what the group drew
    /// before them, by the same formulas; over the group's transparent backing they show as
    /// they are (the separable blend formulas with a transparent backdrop).
    func testTheFiltersWorkInsideAGroupDrawnApart() throws {
        let backing = #"{"type": "layer", "position": [50, 50], "bounds": [100, 100], "backgroundColor": [0.2, 0.4, 0.8, 1]},"#
        for group in [#""masksToBounds": true,"#, #""mask": {"type": "layer", "position": [50, 50], "bounds": [100, 100], "backgroundColor": "white"},"#] {
            let screen = try render(filter: "screenBlendMode", group: group, backing: backing)
            let multiply = try render(filter: "multiplyBlendMode", group: group, backing: backing)
            for channel in 0..<3 {
                XCTAssertEqual(screen[channel], screened(1)[channel], accuracy: 2, "\(group) channel \(channel): \(screen)")
                XCTAssertEqual(multiply[channel], multiplied(1)[channel], accuracy: 2, "\(group) channel \(channel): \(multiply)")
            }
            let normal = try render(filter: nil, group: group)
            for channel in 0..<3 {
                XCTAssertEqual(try render(filter: "screenBlendMode", group: group)[channel], normal[channel], accuracy: 2, group)
                XCTAssertEqual(try render(filter: "multiplyBlendMode", group: group)[channel], normal[channel], accuracy: 2, group)
            }
        }
    }

    func testWithoutAFilterTheParticleIsCompositedSourceOver() throws {
        let pixel = try render(filter: nil)
        for channel in 0..<3 {
            let a = alpha / 255
            XCTAssertEqual(pixel[channel], color[channel] * a + background[channel] * (1 - a), accuracy: 1.5)
        }
        XCTAssertNotEqual(try render(filter: "screenBlendMode"), pixel)
    }

    func testRendersAreTheSameBytesEveryTime() throws {
        let json = """
        {"fx": 1, "canvas": {"size": [120, 80], "background": "teal"}, "layers": [
          {"type": "emitter", "compositingFilter": "screenBlendMode", "emitterPosition": [60, 40],
           "emitterCells": [{"contents": "spark", "birthRate": 200, "lifetime": 2, "velocity": 40, "emissionRange": 6.28, "color": "orange"}]}]}
        """
        let effect = try EffectDecoder.decode(bytes: Array(json.utf8), resources: SystemResources())
        let first = try EffectRenderer().render(effect, time: 1).image, second = try EffectRenderer().render(effect, time: 1).image
        XCTAssertEqual(first.pixels, second.pixels)
    }

    /// The window draws them too (under Xvfb, SDL's OpenGL renderer with custom blend modes):
    /// the centre of a 100 × 100 window, centred on the screen, against the formulas.
    func testTheWindowDrawsScreenAndMultiply() throws {
        guard try requireTools(["Xvfb", "import"]) else { return }
        for (filter, expected) in [("screenBlendMode", screened(1)), ("multiplyBlendMode", multiplied(1))] {
            let directory = FXProcess.temporaryDirectory()
            let file = directory.appendingPathComponent("blend.json")
            try """
            {"fx": 1, "canvas": {"size": [100, 100], "background": [0.2, 0.4, 0.8, 1]}, "layers": [
              {"type": "emitter", "compositingFilter": "\(filter)", "emitterPosition": [50, 50],
               "emitterCells": [{"contents": "square", "burstCount": 1, "lifetime": 100, "color": [0.9, 0.3, 0.5, 0.6]}]}]}
            """.write(to: file, atomically: true, encoding: .utf8)
            let screen = try VirtualScreen.shared(by: self)
            let shot = directory.appendingPathComponent("window.png").path
            let fx = try screen.startFX(["play", file.path, "--quit-after", "60"], in: directory)
            let shown = try fx.waitForFrame("a frame at t ≥ 0.5 s") { $0.time >= 0.5 }
            try fx.waitForFrame("the frame after it", after: shown)
            try screen.run("import", ["-window", "root", shot])
            // Closed before the next filter's window opens in the same place.
            fx.stop()
            let image = try PNGFile.read(shot)
            let index = (image.height / 2 * image.width + image.width / 2) * 4
            for channel in 0..<3 {
                XCTAssertEqual(Double(image.pixels[index + channel]), expected[channel], accuracy: 3, "\(filter) channel \(channel)")
            }
        }
    }
}
