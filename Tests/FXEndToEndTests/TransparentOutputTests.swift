import FXCore
import FXEffects
import FXSDL
import Foundation
import XCTest

/// `--background transparent` / `none` (issue 19, points 18 and 19): straight alpha in PNGs,
/// composites that match renders on a background, every format with an alpha channel keeping
/// it, and the same bytes on every run.
final class TransparentOutputTests: XCTestCase {
    /// A render by the real binary, read back.
    func render(_ effect: String, background: String, time: Double = 2, size: String = "200x150") throws -> RGBAImage {
        let out = FXProcess.temporaryDirectory().appendingPathComponent("out.png").path
        let result = try FXProcess.run(["render", effect, "--time", String(time), "--size", size, "--background", background, "--out", out])
        XCTAssertEqual(result.status, 0, result.stderr)
        return try PNGFile.read(out)
    }

    /// `image` (straight alpha) composited source-over onto an opaque `background` (bytes),
    /// as ImageMagick's `-composite` does.
    func composite(_ image: RGBAImage, over background: [Double]) -> [Double] {
        var result: [Double] = []
        for pixel in 0..<(image.width * image.height) {
            let alpha = Double(image.pixels[pixel * 4 + 3]) / 255
            for channel in 0..<3 {
                result.append(Double(image.pixels[pixel * 4 + channel]) * alpha + background[channel] * (1 - alpha))
            }
        }
        return result
    }

    /// The largest difference, in levels of 255, between a composite and an opaque render, and
    /// whether every channel's difference stays within `bound(channel)`.
    func differences(_ composited: [Double], _ rendered: RGBAImage, within bound: (Int) -> Double) -> (largest: Double, withinBound: Bool) {
        var largest = 0.0, within = true
        for pixel in 0..<(rendered.width * rendered.height) {
            XCTAssertEqual(rendered.pixels[pixel * 4 + 3], 255)
            for channel in 0..<3 {
                let difference = abs(composited[pixel * 3 + channel] - Double(rendered.pixels[pixel * 4 + channel]))
                largest = max(largest, difference)
                if difference > bound(channel) { within = false }
            }
        }
        return (largest, within)
    }

    func writeEffect(_ json: String) throws -> String {
        let path = FXProcess.temporaryDirectory().appendingPathComponent("disc.json").path
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A soft white disc on a transparent canvas: every pixel it touches is white with its
    /// coverage as alpha (straight, not premultiplied: no grey fringe at the soft edge), and
    /// where it does not reach the pixel is (0, 0, 0, 0).
    func testAPNGOnNoBackgroundHasStraightAlphaAndCleanEdges() throws {
        let effect = try writeEffect("""
        {"fx": 1, "canvas": {"size": [100, 100], "background": "#336699"}, "layers": [
          {"type": "emitter", "emitterPosition": [50, 50],
           "emitterCells": [{"contents": "disc", "burstCount": 1, "lifetime": 10, "color": "white"}]}]}
        """)
        for background in ["transparent", "none"] {
            let image = try render(effect, background: background, time: 0.1, size: "100x100")
            XCTAssertEqual(Array(image.pixels[0..<4]), [0, 0, 0, 0], background)
            var partial = 0
            for pixel in 0..<(image.width * image.height) {
                let alpha = image.pixels[pixel * 4 + 3]
                guard alpha > 0 else { continue }
                if alpha < 255 { partial += 1 }
                // Rounding in the premultiplied average can cost a few levels at the faintest alpha.
                let floor: UInt8 = alpha >= 16 ? 250 : 200
                for channel in 0..<3 {
                    XCTAssertGreaterThanOrEqual(image.pixels[pixel * 4 + channel], floor, "pixel \(pixel) alpha \(alpha)")
                }
            }
            XCTAssertGreaterThan(partial, 100, "the disc's soft edge should be translucent")
        }
    }

    /// Normal blending: the transparent render composited over dark and light backgrounds is
    /// the render on that background, within 2 levels of 255 (rounding).
    func testNormalParticlesCompositeOverDarkAndLightLikeARenderOnThem() throws {
        let transparent = try render("confetti", background: "transparent", time: 1)
        XCTAssertTrue(stride(from: 3, to: transparent.pixels.count, by: 4).contains { transparent.pixels[$0] == 0 })
        for (name, bytes) in [("#000000", [0.0, 0, 0]), ("#202020", [32.0, 32, 32]), ("#ffffff", [255.0, 255, 255])] {
            let opaque = try render("confetti", background: name, time: 1)
            let result = differences(composite(transparent, over: bytes), opaque) { _ in 2 }
            XCTAssertTrue(result.withinBound, "over \(name): largest difference \(result.largest)")
        }
    }

    /// Additive light (fire): over black the composite is the render on black within a level;
    /// over another background B it can only dim B under the light (the PNG's alpha is the
    /// light's brightest channel), so it differs from the render by at most B — which over a
    /// light background is the saturation additive blending gives there.
    func testAdditiveLightCompositesExactlyOverBlackAndWithinTheBackgroundOverOthers() throws {
        let transparent = try render("fire", background: "none")
        let overBlack = differences(composite(transparent, over: [0, 0, 0]), try render("fire", background: "black")) { _ in 1 }
        XCTAssertTrue(overBlack.withinBound, "over black: largest difference \(overBlack.largest)")
        XCTAssertGreaterThan(stride(from: 3, to: transparent.pixels.count, by: 4).filter { transparent.pixels[$0] > 128 }.count, 50,
                             "the fire's light must give the PNG alpha")
        for (name, bytes) in [("#202020", [32.0, 32, 32]), ("#808080", [128.0, 128, 128])] {
            let result = differences(composite(transparent, over: bytes), try render("fire", background: name)) { bytes[$0] + 1 }
            XCTAssertTrue(result.withinBound, "over \(name): largest difference \(result.largest)")
        }
    }

    /// Screen and multiply over a transparent canvas: with nothing under them they are
    /// source-over (the separable blend formulas with a transparent backdrop), so the pixel is
    /// the particle's own color with its alpha.
    func testScreenAndMultiplyOverTransparencyAreTheParticleItself() throws {
        for filter in ["screenBlendMode", "multiplyBlendMode"] {
            let json = """
            {"fx": 1, "canvas": {"size": [100, 100], "background": "transparent"}, "layers": [
              {"type": "emitter", "compositingFilter": "\(filter)", "emitterPosition": [50, 50],
               "emitterCells": [{"contents": "square", "burstCount": 1, "lifetime": 10, "color": [0.9, 0.3, 0.5, 0.6]}]}]}
            """
            let effect = try EffectDecoder.decode(bytes: Array(json.utf8), resources: SystemResources())
            let image = try EffectRenderer().render(effect, time: 0.1).image
            let index = (50 * image.width + 50) * 4
            let pixel = (0..<4).map { Double(image.pixels[index + $0]) }
            for (channel, expected) in [230.0, 77, 128, 153].enumerated() {
                XCTAssertEqual(pixel[channel], expected, accuracy: 2, "\(filter): \(pixel)")
            }
            XCTAssertEqual(Array(image.pixels[0..<4]), [0, 0, 0, 0], filter)
        }
    }

    /// A contact sheet on no background: transparent between the cells, thumbnails straight.
    func testAContactSheetOnNoBackgroundIsTransparentAroundItsThumbnails() throws {
        var sheet = ContactSheet()
        sheet.background = .clear
        sheet.columns = 1
        // A half-covered white thumbnail: straight white at alpha 128.
        let thumbnail = RGBAImage(width: 240, height: 180, pixels: [UInt8](repeating: 0, count: 240 * 180 * 4).enumerated().map { $0.offset % 4 == 3 ? 128 : 255 })
        let image = try sheet.render([("half", thumbnail)])
        XCTAssertEqual(Array(image.pixels[0..<4]), [0, 0, 0, 0])
        let index = ((16 + 90) * image.width + 16 + 120) * 4
        XCTAssertEqual(Array(image.pixels[index..<(index + 3)]), [255, 255, 255])
        XCTAssertEqual(Double(image.pixels[index + 3]), 128, accuracy: 1, "SDL's blend rounds alpha down")
    }

    func testABadBackgroundSaysWhatItTakes() throws {
        let result = try FXProcess.run(["render", "fire", "--background", "grene", "--out", "x.png"])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("transparent, none, or a color"), result.stderr)
        XCTAssertTrue(result.stderr.contains("did you mean \"green\""), result.stderr)
        let help = try FXProcess.run(["record", "--help"])
        XCTAssertTrue(help.stdout.contains("--background"), help.stdout)
    }
}
