import FXCore
import FXEffects
import FXSDL
import Foundation
import XCTest

/// Headless particle batches drawn by fx's software rasterizer: the same bytes run after run and
/// with any thread count, each blend mode against hand-computed bytes, shared edges drawn once,
/// and the transparent background.
final class SoftwareRasterizerTests: XCTestCase {
    /// Renders `effect` at `time` headless, drawn with `threads` threads.
    func render(_ effect: Effect, time: Double, size: (Int, Int)? = nil, supersampling: Int = HeadlessRenderer.supersampling,
                threads: Int = 1, rasterizing: Bool = true) throws -> RGBAImage {
        let player = EffectPlayer(effect: effect, seed: 7)
        let (width, height) = size ?? effect.canvas.size.wholePixels
        let renderer = try HeadlessRenderer(width: width, height: height, canvas: effect.canvas.size, supersampling: supersampling,
                                            resources: SystemResources(), threads: threads)
        renderer.rasterizesParticles = rasterizing
        let list = DrawList()
        player.seek(to: time)
        player.buildDrawList(into: list, pixelsPerPoint: renderer.renderedPixelsPerPoint)
        return try renderer.render(list)
    }

    func decode(_ json: String) throws -> Effect {
        try EffectDecoder.decode(bytes: Array(json.utf8), resources: SystemResources())
    }

    /// Thousands of spinning, overlapping particles of every blend mode, crossing every band.
    var busy: Effect {
        get throws {
            func cell(_ name: String, _ contents: String, _ color: String) -> String {
                """
                {"name": "\(name)", "contents": "\(contents)", "birthRate": 150, "lifetime": 2, "velocity": 80, "velocityRange": 60,
                 "emissionRange": "360deg", "spin": 2, "spinRange": 6, "scale": 0.4, "scaleRange": 0.3, "color": \(color),
                 "alphaSpeed": -0.3, "redRange": 0.3}
                """
            }
            return try decode("""
            {"fx": 1, "canvas": {"size": [320, 200], "background": [0.1, 0.15, 0.3, 1]}, "layers": [
              {"type": "emitter", "emitterPosition": [160, 100], "emitterSize": [320, 200], "emitterShape": "rectangle",
               "emitterCells": [\(cell("a", "spark", "[1, 0.6, 0.2, 0.8]")), \(cell("b", "square", "[0.3, 0.8, 1, 0.6]"))]},
              {"type": "emitter", "renderMode": "additive", "emitterPosition": [160, 100], "emitterSize": [200, 100],
               "emitterShape": "rectangle", "emitterCells": [\(cell("c", "circle", "[0.9, 0.4, 0.7, 0.7]"))]},
              {"type": "emitter", "compositingFilter": "screenBlendMode", "emitterPosition": [100, 100],
               "emitterCells": [\(cell("d", "disc", "[0.2, 0.9, 0.4, 0.5]"))]},
              {"type": "emitter", "compositingFilter": "multiplyBlendMode", "emitterPosition": [220, 100],
               "emitterCells": [\(cell("e", "square", "[0.9, 0.5, 0.2, 0.6]"))]}]}
            """)
        }
    }

    func testSameBytesRunAfterRunAndWithAnyThreadCount() throws {
        let effect = try busy
        let first = try render(effect, time: 1.5, threads: 1)
        XCTAssertEqual(try render(effect, time: 1.5, threads: 1), first, "a second run")
        for threads in [2, 3, 5] {
            XCTAssertEqual(try render(effect, time: 1.5, threads: threads), first, "\(threads) threads")
        }
        // At one rendered pixel per output pixel too (the bench's setting).
        let single = try render(effect, time: 1.5, supersampling: 1, threads: 1)
        XCTAssertEqual(try render(effect, time: 1.5, supersampling: 1, threads: 3), single)
        // And the rasterizer is what drew it: SDL's renderer snaps vertices to whole pixels.
        XCTAssertNotEqual(try render(effect, time: 1.5, supersampling: 1, rasterizing: false), single)
        // Something was drawn: many distinct colors.
        XCTAssertGreaterThan(Set(stride(from: 0, to: single.pixels.count, by: 4).map { Array(single.pixels[$0..<$0 + 4]) }).count, 300)
    }

    /// A particle of one color on a white texture (every built-in shape) is drawn by a shorter
    /// loop than one on a texture with colors. Both give the same bytes: the built-in square
    /// drawn as itself, and as a PNG file of its pixels with one transparent corner texel made
    /// black (which no blend can show, but which sends it down the general loop), with normal
    /// and additive blending, spinning and fading, at one sample a pixel and at two.
    func testWhiteTexturesGiveTheBytesOfTheGeneralLoop() throws {
        let directory = FXProcess.temporaryDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var square = BuiltinTexture.square.image(level: 0)
        XCTAssertEqual(square.pixels[3], 0, "the corner texel is transparent")
        square.pixels[0] = 0
        try PNGFile.write(square, to: directory.appendingPathComponent("square.png").path)
        func effect(_ contents: String) throws -> Effect {
            func cell(_ name: String, _ color: String) -> String {
                """
                {"name": "\(name)", "contents": "\(contents)", "birthRate": 40, "lifetime": 3, "velocity": 60, "velocityRange": 40,
                 "emissionRange": "360deg", "spin": 1, "spinRange": 4, "color": \(color), "alphaSpeed": -0.3, "redRange": 0.4}
                """
            }
            let json = """
                {"fx": 1, "canvas": {"size": [240, 160], "background": [0.1, 0.15, 0.3, 1]}, "textures": {"file": "square.png"}, "layers": [
                  {"type": "emitter", "emitterPosition": [120, 80], "emitterSize": [200, 120], "emitterShape": "rectangle",
                   "emitterCells": [\(cell("a", "[1, 0.6, 0.2, 0.8]"))]},
                  {"type": "emitter", "renderMode": "additive", "emitterPosition": [120, 80], "emitterSize": [200, 120],
                   "emitterShape": "rectangle", "emitterCells": [\(cell("b", "[0.3, 0.5, 0.9, 0.7]"))]}]}
                """
            return try EffectDecoder.decode(bytes: Array(json.utf8), baseDirectory: directory.path, resources: SystemResources())
        }
        let builtin = try effect("square"), file = try effect("file")
        for supersampling in [1, 2] {
            let drawn = try render(builtin, time: 2, supersampling: supersampling, threads: 2)
            XCTAssertEqual(try render(file, time: 2, supersampling: supersampling, threads: 2), drawn, "supersampling \(supersampling)")
            XCTAssertGreaterThan(Set(stride(from: 0, to: drawn.pixels.count, by: 4).map { Array(drawn.pixels[$0..<$0 + 4]) }).count, 300)
        }
    }

    /// One particle, the canvas's color (51, 102, 204) under it and its color (230, 77, 128) at
    /// alpha 153: the byte at its centre.
    func centre(blend: String, background: String = "[0.2, 0.4, 0.8, 1]") throws -> [UInt8] {
        let effect = try decode("""
        {"fx": 1, "canvas": {"size": [40, 40], "background": \(background)}, "layers": [
          {"type": "emitter", \(blend) "emitterPosition": [20, 20],
           "emitterCells": [{"contents": "square", "burstCount": 1, "lifetime": 10, "scale": 0.5, "color": [0.9, 0.3, 0.5, 0.6]}]}]}
        """)
        let image = try render(effect, time: 0.1, supersampling: 1)
        let index = (20 * image.width + 20) * 4
        return Array(image.pixels[index..<index + 4])
    }

    // Each expectation is worked by hand with the integer formulas (⌊x/255⌋ unless rounded):
    // source premultiplied s = ⌊c·153/255⌋ = (138, 46, 76).
    func testNormalBlend() throws {
        // s + ⌊(255 − 153)·d/255⌋: 138 + 20, 46 + 40, 76 + 81; alpha 153 + 102.
        XCTAssertEqual(try centre(blend: ""), [158, 86, 157, 255])
    }

    func testAdditiveBlend() throws {
        // min(255, s + d): 138 + 51, 46 + 102, 76 + 204 → 255; the alpha as it was.
        XCTAssertEqual(try centre(blend: #""renderMode": "additive","#), [189, 148, 255, 255])
    }

    func testScreenBlend() throws {
        // (255·s + 255·d − s·d + 127) / 255: 41284/255, 33175/255, 56023/255.
        XCTAssertEqual(try centre(blend: #""compositingFilter": "screenBlendMode","#), [161, 130, 219, 255])
    }

    func testMultiplyBlend() throws {
        // Over an opaque target, (d·(255 − 153) + s·d + 127) / 255: 12367/255, 15223/255, 36439/255.
        XCTAssertEqual(try centre(blend: #""compositingFilter": "multiplyBlendMode","#), [48, 59, 142, 255])
    }

    func testTransparentBackground() throws {
        // Source-over onto transparency leaves (138, 46, 76, 153), made straight:
        // (138·255 + 76)/153, (46·255 + 76)/153, (76·255 + 76)/153.
        XCTAssertEqual(try centre(blend: "", background: "[0, 0, 0, 0]"), [230, 77, 127, 153])
        // Additive light on transparency keeps alpha 0: raised to the brightest channel, 138.
        XCTAssertEqual(try centre(blend: #""renderMode": "additive","#, background: "[0, 0, 0, 0]"), [255, 85, 140, 138])
        // A pixel no particle touches stays fully transparent.
        let effect = try decode("""
        {"fx": 1, "canvas": {"size": [40, 40], "background": [0, 0, 0, 0]}, "layers": [{"type": "emitter", "emitterPosition": [20, 20],
          "emitterCells": [{"contents": "square", "burstCount": 1, "lifetime": 10, "scale": 0.2}]}]}
        """)
        XCTAssertEqual(Array(try render(effect, time: 0.1, supersampling: 1).pixels[0..<4]), [0, 0, 0, 0])
    }

    /// A turned quad's two triangles share a diagonal: with additive light, a pixel drawn twice
    /// would be twice as bright. No pixel is brighter than the light once (102; the square's
    /// soft edge texels give less), and its inside has that.
    func testSharedEdgesAreDrawnOnce() throws {
        let effect = try decode("""
        {"fx": 1, "canvas": {"size": [64, 64], "background": [0, 0, 0, 1]}, "layers": [
          {"type": "emitter", "renderMode": "additive", "emitterPosition": [32, 32],
           "emitterCells": [{"contents": "square", "burstCount": 1, "lifetime": 10, "scale": 0.5, "spin": 1.3,
                             "color": [0.4, 0.4, 0.4, 1]}]}]}
        """)
        let image = try render(effect, time: 0.37, supersampling: 1, threads: 2)
        let values = stride(from: 0, to: image.pixels.count, by: 4).map { image.pixels[$0] }
        XCTAssertEqual(values.max(), 102, "red values seen: \(Set(values).sorted())")
        XCTAssertGreaterThan(values.filter { $0 == 102 }.count, 500)
    }
}
