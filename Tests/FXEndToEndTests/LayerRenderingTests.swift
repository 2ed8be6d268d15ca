import FXCore
import FXEffects
import Foundation
import FXSDL
import XCTest

/// Masks, gradients and text, rendered headless with SDL as users see them.
final class LayerRenderingTests: XCTestCase {
    func render(_ json: String, time: Double) throws -> RGBAImage {
        let effect = try EffectDecoder.decode(bytes: Array(json.utf8), resources: SystemResources())
        return try EffectRenderer().render(effect, time: time).image
    }

    func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [Int] {
        (0..<4).map { Int(image.pixels[(y * image.width + x) * 4 + $0]) }
    }

    func testAMaskedLayerIsInvisibleWhereTheMasksAlphaIsZero() throws {
        // A white square masked by a gradient: alpha 0 on the left half, 1 on the right half.
        let image = try render("""
            {"fx": 1, "canvas": {"size": [200, 100], "background": "black"}, "layers": [
              {"type": "layer", "position": [100, 50], "bounds": [200, 100], "backgroundColor": "white",
               "mask": {"type": "gradient", "position": [100, 50], "bounds": [200, 100], "startPoint": [0, 0.5], "endPoint": [1, 0.5],
                        "colors": [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 1], [0, 0, 0, 1]], "locations": [0, 0.5, 0.5, 1]}}]}
            """, time: 0)
        XCTAssertEqual(pixel(image, 40, 50), [0, 0, 0, 255], "masked out")
        XCTAssertEqual(pixel(image, 160, 50), [255, 255, 255, 255], "shown")
    }

    /// Additive particles inside a group drawn apart (group opacity, masksToBounds, a mask) add
    /// to the group's alpha as well as its color, so they show when the group is composited:
    /// two overlapping particles of 0.25 grey add up to 0.5, then the group's opacity applies.
    func testAdditiveParticlesShowInsideAGroup() throws {
        let directory = FXProcess.temporaryDirectory()
        // An orange-and-blue PNG texture: its coverage (alpha) is read apart from its colors.
        let png = directory.appendingPathComponent("tile.png").path
        try PNGFile.write(RGBAImage(width: 8, height: 8, pixels: (0..<64).flatMap { $0 % 2 == 0 ? [255, 128, 0, 255] : [0, 128, 255, 255] as [UInt8] }), to: png)
        func grey(_ group: String, contents: String = "square", textures: String = "") throws -> [Int] {
            let image = try render("""
                {"fx": 1, "canvas": {"size": [100, 100], "background": "black"}, \(textures) "layers": [
                  {"type": "layer", "position": [50, 50], "bounds": [100, 100], \(group) "sublayers": [
                    {"type": "emitter", "renderMode": "additive", "emitterPosition": [50, 50], "emitterCells": [
                      {"contents": "\(contents)", "birthRate": 2, "lifetime": 10, "color": [0.25, 0.25, 0.25, 1], "scale": 0.5}]}]}]}
                """, time: 0.6)
            return pixel(image, 50, 50)
        }
        XCTAssertEqual(try grey(""), [128, 128, 128, 255], "no group: SDL's additive blend")
        XCTAssertEqual(try grey(#""masksToBounds": true,"#), [128, 128, 128, 255], "clipped")
        XCTAssertEqual(try grey(#""opacity": 0.5,"#)[0], 64, accuracy: 1, "group opacity")
        XCTAssertEqual(try grey(#""opacity": 0.9,"#)[0], 115, accuracy: 1)
        XCTAssertEqual(try grey(#""mask": {"type": "layer", "position": [50, 50], "bounds": [100, 100], "backgroundColor": "white"},"#),
                       [128, 128, 128, 255], "masked by an opaque mask")
        // A file texture: its colors tint, its coverage adds the alpha (a 0.5-opacity group over black).
        let tinted = try grey(#""opacity": 0.5,"#, contents: "tile", textures: #""textures": {"tile": "\#(png)"},"#)
        let plain = try grey("", contents: "tile", textures: #""textures": {"tile": "\#(png)"},"#)
        XCTAssertGreaterThan(plain.prefix(3).max()!, 60)
        for channel in 0..<3 { XCTAssertEqual(tinted[channel], plain[channel] / 2, accuracy: 2, "channel \(channel): \(tinted) vs \(plain)") }
    }

    /// A particle scaled far past the canvas is cut to the canvas before SDL's software
    /// rasterizer sees it: drawn whole (this one covers the canvas: every pixel white, where SDL
    /// drew nothing), and rotated ones at a corner — which crashed SDL (found by the property
    /// test) — draw without crashing.
    func testParticlesFarLargerThanTheCanvasAreDrawnAndNeverCrash() throws {
        let covering = try render("""
            {"fx": 1, "canvas": {"size": [400, 300], "background": "black"}, "layers": [{"type": "emitter",
              "emitterPosition": [-39100, 150], "emitterCells": [
              {"name": "b", "contents": "square", "burstCount": 1, "lifetime": 10, "scale": 1400, "spin": 0.002}]}]}
            """, time: 1)
        XCTAssertEqual(Set(stride(from: 0, to: covering.pixels.count, by: 4).map { covering.pixels[$0] }), [255], "the canvas is inside the particle")
        // A rotated square 896 points wide at the centre, rendered at twice the canvas size:
        // SDL cut wedges out of it (a mean of 0.75 against 0.99) until large triangles were
        // cut into tiles.
        let square = try EffectDecoder.decode(bytes: Array("""
            {"fx": 1, "canvas": {"size": [800, 600], "background": "black"}, "layers": [{"type": "emitter",
              "emitterPosition": [400, 300], "emitterCells": [
              {"name": "b", "contents": "square", "burstCount": 1, "lifetime": 10, "scale": 14, "spin": 0.3}]}]}
            """.utf8))
        for size in [(800, 600), (1600, 1200)] {
            let image = try EffectRenderer().render(square, time: 1, size: size).image
            let mean = Double(stride(from: 0, to: image.pixels.count, by: 4).reduce(0) { $0 + Int(image.pixels[$1]) }) / Double(image.width * image.height) / 255
            // 0.9887 through SDL's rasterizer, which maps the texture one texel short (its
            // soft edge texels drawn half as wide); 0.9855 through fx's, which maps all 64.
            XCTAssertEqual(mean, 0.9855, accuracy: 0.002, "\(size)")
        }
        let directory = FXProcess.temporaryDirectory()
        let file = directory.appendingPathComponent("huge.json")
        try """
            {"fx": 1, "layers": [{"type": "emitter", "emitterCells": [{"name": "c", "birthRate": 56.7569, "contents": "snowflake",
              "contentsRect": [0.0079, 0.3863, 0.6542, 0.5146], "contentsScale": 0.0001, "lifetime": 2.3156, "scale": 0.4962,
              "scaleSpeed": -0.1102, "spin": -1.0814, "spriteFrames": {"columns": 3, "count": 1, "framesPerSecond": 1.1146, "rows": 1}}]}]}
            """.write(to: file, atomically: true, encoding: .utf8)
        for time in ["1.2", "2", "2.3"] {
            let result = try FXProcess.run(["hash", file.path, "--step-rate", "30", "--time", time])
            XCTAssertEqual(result.status, 0, "time \(time): \(result.stderr.prefix(300))")
        }
    }

    func testTheSlideToUnlockBandSitsWhereTheLocationsSay() throws {
        // The seed's locations go from [0, 0, 0.3] to [0.7, 1, 1] over 3 s: at 1.5 s they are
        // [0.35, 0.5, 0.65] of the 315-point label at x = 30, so the text is brightest at
        // x = 30 + 0.5 · 315 = 187.5 and masked away (clear) left of 30 + 0.35 · 315 = 140.25.
        let effect = try EffectDecoder.load(path: FXProcess.packageRoot.appendingPathComponent("effects/slide-to-unlock.json").path, resources: SystemResources())
        let image = try EffectRenderer().render(effect, time: 1.5).image
        func brightest(in columns: Range<Int>) -> Int {
            columns.map { x in (x, (585..<610).map { pixel(image, x, $0)[0] }.max()!) }.max { $0.1 < $1.1 }!.1
        }
        let atBand = brightest(in: 176..<200)
        let farLeft = brightest(in: 100..<136)
        XCTAssertGreaterThan(atBand, 200, "the band is bright")
        XCTAssertLessThan(farLeft, 8, "outside the band the mask is clear and the text does not show")
    }

    func testGradientTypes() throws {
        func image(_ type: String, _ start: String, _ end: String) throws -> RGBAImage {
            try render("""
                {"fx": 1, "canvas": {"size": [100, 100]}, "layers": [{"type": "gradient", "position": [50, 50], "bounds": [100, 100],
                  "gradientType": "\(type)", "startPoint": \(start), "endPoint": \(end), "colors": ["black", "white"]}]}
                """, time: 0)
        }
        let axial = try image("axial", "[0, 0.5]", "[1, 0.5]")
        XCTAssertEqual(pixel(axial, 50, 10)[0], 128, accuracy: 3)
        XCTAssertLessThan(pixel(axial, 2, 50)[0], 8)
        let radial = try image("radial", "[0.5, 0.5]", "[1, 0.5]")
        XCTAssertLessThan(pixel(radial, 50, 50)[0], 8)
        XCTAssertEqual(pixel(radial, 75, 50)[0], 128, accuracy: 4)
        XCTAssertEqual(pixel(radial, 50, 25)[0], 128, accuracy: 4)
        let conic = try image("conic", "[0.5, 0.5]", "[1, 0.5]")
        // A quarter turn clockwise from the +x direction (y down): straight below the centre.
        XCTAssertEqual(pixel(conic, 50, 90)[0], 64, accuracy: 4)
        XCTAssertEqual(pixel(conic, 10, 50)[0], 128, accuracy: 4)
    }

    func testTextIsDrawnWhereItsLayerIs() throws {
        let image = try render("""
            {"fx": 1, "canvas": {"size": [300, 100], "background": "black"}, "layers": [
              {"type": "text", "position": [150, 50], "bounds": [300, 40], "string": "HELLO", "fontSize": 30,
               "alignmentMode": "right", "foregroundColor": "#ff0000"}]}
            """, time: 0)
        let red = (0..<image.height).flatMap { y in (0..<image.width).map { x in (x, y) } }.filter { pixel(image, $0.0, $0.1)[0] > 200 }
        XCTAssertGreaterThan(red.count, 200)
        // Right-aligned: the text ends near the right edge and starts well past the middle.
        XCTAssertGreaterThan(red.map(\.0).max()!, 285)
        XCTAssertGreaterThan(red.map(\.0).min()!, 150)
        XCTAssertTrue(red.allSatisfy { $0.1 >= 30 && $0.1 < 75 })
        let bad = try? EffectDecoder.decode(bytes: Array(#"{"fx": 1, "layers": [{"type": "text", "string": "x", "font": "DejaVu Sanz"}]}"#.utf8))
        XCTAssertNil(bad)
    }

    func testMasksToBoundsClipsSublayers() throws {
        let image = try render("""
            {"fx": 1, "canvas": {"size": [200, 100], "background": "black"}, "layers": [
              {"type": "layer", "position": [50, 50], "bounds": [60, 60], "masksToBounds": true, "cornerRadius": 30, "sublayers": [
                {"type": "layer", "position": [60, 30], "bounds": [120, 20], "backgroundColor": "white"}]}]}
            """, time: 0)
        XCTAssertEqual(pixel(image, 50, 50), [255, 255, 255, 255], "inside the bounds")
        XCTAssertEqual(pixel(image, 100, 50), [0, 0, 0, 255], "outside the bounds, where the sublayer reaches")
        XCTAssertEqual(pixel(image, 20, 40), [0, 0, 0, 255], "outside the rounded corner, where a square clip would show the sublayer")
    }

    func testOpacityFadesALayerAndItsSublayersAsAGroup() throws {
        // Two overlapping white squares in a half-transparent parent: the overlap is no brighter.
        let image = try render("""
            {"fx": 1, "canvas": {"size": [200, 100], "background": "black"}, "layers": [
              {"type": "layer", "opacity": 0.5, "sublayers": [
                {"type": "layer", "position": [80, 50], "bounds": [80, 60], "backgroundColor": "white"},
                {"type": "layer", "position": [120, 50], "bounds": [80, 60], "backgroundColor": "white"}]}]}
            """, time: 0)
        XCTAssertEqual(pixel(image, 60, 50)[0], 128, accuracy: 1)
        XCTAssertEqual(pixel(image, 100, 50)[0], 128, accuracy: 1)
    }
}

/// Image layers: PNG and animated GIF contents, contentsGravity.
final class ImageLayerTests: XCTestCase {
    func testTheSignalGIFsDelaysAreRead() throws {
        let data = try Data(contentsOf: FXProcess.packageRoot.appendingPathComponent("effects/textures/signal.gif"))
        guard case .success(let info) = GIFInfo.read([UInt8](data)) else { return XCTFail("GIF not read") }
        XCTAssertEqual([info.width, info.height], [120, 300])
        XCTAssertEqual(info.delays, [0.5, 0.2, 0.5])
        XCTAssertEqual([0.1, 0.55, 0.69, 0.71, 1.19, 1.21].map(info.frame(at:)), [0, 1, 1, 2, 2, 0])
        guard case .failure = GIFInfo.read(Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0, 0x2C]) else { return XCTFail("truncated GIF accepted") }
    }

    func testAGIFPlaysAtItsOwnDelays() throws {
        let effect = try EffectDecoder.load(path: FXProcess.packageRoot.appendingPathComponent("effects/gif-playback.json").path, resources: SystemResources())
        // The signal is drawn at 120×300 in a 200×300 layer at (160, 170): lamps at x 160, y 80 / 170 / 260.
        func lamp(_ time: Double, _ y: Int) throws -> [Int] {
            let image = try EffectRenderer().render(effect, time: time).image
            return (0..<3).map { Int(image.pixels[(y * image.width + 160) * 4 + $0]) }
        }
        XCTAssertGreaterThan(try lamp(0.25, 80)[0], 200, "red lit at 0.25 s")
        XCTAssertGreaterThan(try lamp(0.6, 170)[1], 150, "amber lit at 0.6 s")
        XCTAssertLessThan(try lamp(0.6, 80)[0], 100, "red dark at 0.6 s")
        XCTAssertGreaterThan(try lamp(1.0, 260)[1], 150, "green lit at 1.0 s")
    }

    func testContentsGravityPlacesTheImage() {
        let bounds = Rect(x: 0, y: 0, width: 200, height: 100)
        let natural = Size(width: 50, height: 50)
        XCTAssertEqual(ContentsGravity.resizeAspect.frame(natural, in: bounds), Rect(x: 50, y: 0, width: 100, height: 100))
        XCTAssertEqual(ContentsGravity.resizeAspectFill.frame(natural, in: bounds), Rect(x: 0, y: -50, width: 200, height: 200))
        XCTAssertEqual(ContentsGravity.bottomRight.frame(natural, in: bounds), Rect(x: 150, y: 50, width: 50, height: 50))
        XCTAssertEqual(ContentsGravity.center.frame(natural, in: bounds), Rect(x: 75, y: 25, width: 50, height: 50))
    }
}
