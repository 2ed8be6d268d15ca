import FXCore
import FXEffects
import FXSDL
import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// Layer shadows as users see them: rendered headless with SDL, from text and images as well as
/// vector content, and animated by key path.
final class ShadowRenderingTests: XCTestCase {
    private func render(_ json: String, time: Double = 0) throws -> RGBAImage {
        let effect = try EffectDecoder.decode(bytes: Array(json.utf8), resources: SystemResources())
        return try EffectRenderer().render(effect, time: time).image
    }

    private func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [Int] {
        (0..<3).map { Int(image.pixels[(y * image.width + x) * 4 + $0]) }
    }

    /// How much of the white background is darkened at a pixel, 0…1 (the red channel).
    private func darkness(_ image: RGBAImage, _ x: Int, _ y: Int) -> Double {
        1 - Double(image.pixels[(y * image.width + x) * 4]) / 255
    }

    private func phi(_ x: Double) -> Double { 0.5 * erfc(-x / 2.squareRoot()) }

    /// A blue card with a black shadow moved by (10, 20), blurred by 4 points: the darkened
    /// pixels lie on the offset side only, and below the card they fall off as the Gaussian's
    /// tail of standard deviation 4.
    func testARenderedShadowIsMovedByItsOffsetAndFallsOffWithItsRadius() throws {
        let card = ##""type": "layer", "position": [100, 100], "bounds": [80, 80], "backgroundColor": "#2060ff""##
        let image = try render("""
            {"fx": 1, "canvas": {"size": [200, 200], "background": "white"}, "layers": [
              {\(card), "shadowOpacity": 1, "shadowRadius": 4, "shadowOffset": [10, 20]}]}
            """)
        // The card spans 60…140; its shadow 70…150 across and 80…160 down.
        XCTAssertEqual(pixel(image, 100, 100), [32, 96, 255], "the card is drawn over its shadow")
        XCTAssertGreaterThan(darkness(image, 145, 120), 0.8, "right of the card, inside the shadow")
        XCTAssertGreaterThan(darkness(image, 110, 150), 0.8, "below the card, inside the shadow")
        XCTAssertEqual(darkness(image, 55, 100), 0, accuracy: 0.01, "left of the card: no shadow")
        XCTAssertEqual(darkness(image, 100, 55), 0, accuracy: 0.01, "above the card: no shadow")
        // Down column 110, past the shadow's bottom edge at 160 (pixel centres at y + 0.5).
        for y in 152...172 {
            let expected = 1 - phi((Double(y) + 0.5 - 160) / 4)
            XCTAssertEqual(darkness(image, 110, y), expected, accuracy: 0.025, "y = \(y)")
        }
        // shadowOpacity 0 draws nothing: the same bytes as no shadow at all.
        let none = try render("""
            {"fx": 1, "canvas": {"size": [200, 200], "background": "white"}, "layers": [
              {\(card), "shadowOpacity": 0, "shadowRadius": 4, "shadowOffset": [10, 20]}]}
            """)
        let plain = try render("""
            {"fx": 1, "canvas": {"size": [200, 200], "background": "white"}, "layers": [{\(card)}]}
            """)
        XCTAssertEqual(none, plain)
        XCTAssertNotEqual(image, plain)
    }

    /// shadowOpacity animated by key path: the shadow darkens with it, frame by frame.
    func testAnAnimatedShadowOpacityChangesThePixelsOverTime() throws {
        let json = """
            {"fx": 1, "canvas": {"size": [200, 200], "background": "white"}, "layers": [
              {"type": "layer", "position": [100, 100], "bounds": [80, 80], "backgroundColor": "#2060ff",
               "shadowRadius": 2, "shadowOffset": [0, 30],
               "animations": [{"type": "basic", "keyPath": "shadowOpacity", "fromValue": 0, "toValue": 1, "duration": 1}]}]}
            """
        let effect = try EffectDecoder.decode(bytes: Array(json.utf8), resources: SystemResources())
        let frames = try FrameSequence(effect: effect)
        var previous = -1.0
        for time in [0.0, 0.25, 0.5, 0.75] {
            let image = try frames.frame(at: time)
            // Below the card (which ends at 140), inside the shadow (which ends at 170).
            let measured = darkness(image, 100, 160)
            XCTAssertEqual(measured, time, accuracy: 0.02, "t = \(time)")
            XCTAssertGreaterThan(measured, previous)
            previous = measured
            // A recorded frame is what a fresh render of its time gives.
            XCTAssertEqual(image, try EffectRenderer().render(effect, time: time).image, "t = \(time)")
        }
    }

    /// Without a shadowPath, a text's glyphs and an image's alpha cast the shadow, not their
    /// bounds.
    func testTextGlyphsAndImageAlphaCastTheirOwnShape() throws {
        let text = try render("""
            {"fx": 1, "canvas": {"size": [200, 100], "background": "white"}, "layers": [
              {"type": "text", "position": [100, 50], "bounds": [200, 100], "string": "I", "fontSize": 80, "alignmentMode": "center",
               "foregroundColor": "white", "shadowColor": "#ff0000", "shadowOpacity": 1, "shadowRadius": 0, "shadowOffset": [30, 0]}]}
            """)
        // The white "I" is an upright bar around x = 100; its red shadow, 30 points right of it.
        var red = 0, elsewhere = 0
        for y in 0..<100 {
            for x in 0..<200 where pixel(text, x, y) == [255, 0, 0] {
                if x >= 120 && x <= 145 { red += 1 } else { elsewhere += 1 }
            }
        }
        XCTAssertGreaterThan(red, 300, "the glyph's shadow")
        XCTAssertEqual(elsewhere, 0, "no shadow of the text's bounds")

        // An image whose left half is opaque and right half transparent, shadowed 50 points down.
        let directory = FXProcess.temporaryDirectory()
        let png = directory.appendingPathComponent("half.png").path
        try PNGFile.write(RGBAImage(width: 8, height: 8, pixels: (0..<64).flatMap { $0 % 8 < 4 ? [0, 160, 0, 255] : [0, 0, 0, 0] as [UInt8] }),
                          to: png)
        let image = try render("""
            {"fx": 1, "canvas": {"size": [200, 200], "background": "white"}, "textures": {"half": "\(png)"}, "layers": [
              {"type": "image", "contents": "half", "position": [100, 60], "bounds": [80, 80],
               "shadowOpacity": 1, "shadowRadius": 1, "shadowOffset": [0, 50]}]}
            """)
        // The image spans 60…140 across and 20…100 down; its shadow 70…150 down.
        XCTAssertEqual(pixel(image, 80, 60), [0, 160, 0], "the opaque half")
        XCTAssertEqual(pixel(image, 120, 60), [255, 255, 255], "the transparent half shows the background")
        XCTAssertGreaterThan(darkness(image, 80, 130), 0.95, "below the opaque half: its shadow")
        XCTAssertEqual(darkness(image, 120, 130), 0, accuracy: 0.01, "below the transparent half: none")
    }
}
