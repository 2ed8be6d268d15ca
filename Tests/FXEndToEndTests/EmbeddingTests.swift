import CSDL2
import FXCore
import FXEffects
import FXSDL
import Foundation
import XCTest

/// The library as a program embedding it uses it: its own SDL renderer, the public API only.
final class EmbeddingTests: XCTestCase {
    /// A program's software renderer on a surface, and a render target texture on it.
    private struct CallerRenderer {
        let surface: UnsafeMutablePointer<SDL_Surface>
        let renderer: OpaquePointer
        let target: OpaquePointer
        let width: Int, height: Int

        init(width: Int, height: Int) throws {
            self.width = width
            self.height = height
            surface = try XCTUnwrap(SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_ABGR8888.rawValue))
            renderer = try XCTUnwrap(SDL_CreateSoftwareRenderer(surface))
            target = try XCTUnwrap(SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ABGR8888.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
                                                     Int32(width), Int32(height)))
        }

        func destroy() {
            SDL_DestroyTexture(target)
            SDL_DestroyRenderer(renderer)
            SDL_FreeSurface(surface)
        }

        /// The render target's pixels, RGBA rows.
        func targetPixels() -> [UInt8] {
            SDL_SetRenderTarget(renderer, target)
            defer { SDL_SetRenderTarget(renderer, nil) }
            var bytes = [UInt8](repeating: 0, count: width * height * 4)
            _ = bytes.withUnsafeMutableBytes { SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_ABGR8888.rawValue, $0.baseAddress, Int32(width * 4)) }
            return bytes
        }
    }

    /// Each output pixel the rounded mean of a 2×2 block, as fx's headless renders average
    /// their supersampled frame.
    private func halve(_ pixels: [UInt8], width: Int, height: Int) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: width / 2 * height / 2 * 4)
        for row in 0..<(height / 2) {
            for column in 0..<(width / 2) {
                for channel in 0..<4 {
                    var sum = 0
                    for dy in 0..<2 { for dx in 0..<2 { sum += Int(pixels[((row * 2 + dy) * width + column * 2 + dx) * 4 + channel]) } }
                    result[(row * (width / 2) + column) * 4 + channel] = UInt8((sum + 2) / 4)
                }
            }
        }
        return result
    }

    func testDrawingAtAPositionAndScaleOverTheCallersSceneLeavesTheRendererAsItWas() throws {
        let player = try EffectPlayer(json: """
            {"fx": 1, "canvas": {"size": [100, 100], "background": "#ff0000"},
             "layers": [{"type": "layer", "position": [50, 50], "bounds": [20, 20], "backgroundColor": "#00ff00"}]}
            """)
        let caller = try CallerRenderer(width: 400, height: 300)
        defer { caller.destroy() }
        let renderer = caller.renderer
        SDL_SetRenderDrawColor(renderer, 10, 20, 30, 255)
        SDL_RenderClear(renderer)
        // The caller's own state, which drawing must leave as it was.
        SDL_SetRenderDrawColor(renderer, 1, 2, 3, 4)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_ADD)
        var clip = SDL_Rect(x: 0, y: 0, w: 400, h: 300)
        SDL_RenderSetClipRect(renderer, &clip)

        try SDLEffectRenderer(renderer: renderer).draw(player, at: Point(x: 200, y: 100), scale: 0.5,
                                                       options: SDLEffectRenderer.Options(drawsBackground: true, clipsToCanvas: true))
        var pixels = [UInt8](repeating: 0, count: 400 * 300 * 4)
        _ = pixels.withUnsafeMutableBytes { SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_ABGR8888.rawValue, $0.baseAddress, 400 * 4) }
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(pixels[(y * 400 + x) * 4..<(y * 400 + x) * 4 + 3]) }
        XCTAssertEqual(pixel(205, 105), [255, 0, 0], "the canvas's background, placed at (200, 100)")
        XCTAssertEqual(pixel(245, 145), [255, 0, 0], "the canvas is 100 × 0.5 = 50 wide")
        XCTAssertEqual(pixel(225, 125), [0, 255, 0], "the layer at canvas (50, 50) is at (225, 125)")
        XCTAssertEqual(pixel(195, 105), [10, 20, 30], "outside the canvas the scene is untouched")
        XCTAssertEqual(pixel(255, 155), [10, 20, 30])

        var red: UInt8 = 0, green: UInt8 = 0, blue: UInt8 = 0, alpha: UInt8 = 0
        SDL_GetRenderDrawColor(renderer, &red, &green, &blue, &alpha)
        XCTAssertEqual([red, green, blue, alpha], [1, 2, 3, 4])
        var blend = SDL_BLENDMODE_NONE
        SDL_GetRenderDrawBlendMode(renderer, &blend)
        XCTAssertEqual(blend, SDL_BLENDMODE_ADD)
        var restored = SDL_Rect()
        SDL_RenderGetClipRect(renderer, &restored)
        XCTAssertEqual([restored.x, restored.y, restored.w, restored.h], [0, 0, 400, 300])
    }

    func testDrawingIntoACallersRenderTargetMatchesFxRender() throws {
        // basic-animation: a layer's shadow, blurred and placed on the CPU, is the same too.
        for (name, time) in [("confetti", 2.2), ("fireworks", 2.5), ("slide-to-unlock", 1.0), ("basic-animation", 0.56)] {
            let directory = FXProcess.temporaryDirectory()
            let png = directory.appendingPathComponent("\(name).png").path
            let result = try FXProcess.run(["render", name, "--time", String(time), "--seed", "7", "--out", png])
            XCTAssertEqual(result.status, 0, result.stderr)
            let expected = try PNGFile.read(png)

            let player = try EffectPlayer(named: name, seed: 7)
            player.seek(to: time)
            // fx renders at twice the size and averages down: the caller does the same.
            let caller = try CallerRenderer(width: expected.width * 2, height: expected.height * 2)
            defer { caller.destroy() }
            SDL_SetRenderTarget(caller.renderer, caller.target)
            SDL_SetRenderDrawColor(caller.renderer, 255, 0, 255, 255)
            SDL_RenderClear(caller.renderer)
            SDL_SetRenderTarget(caller.renderer, nil)
            let drawer = SDLEffectRenderer(renderer: caller.renderer)
            let scale = Double(caller.width) / player.effect.canvas.size.width
            try drawer.draw(player, at: Point(x: 0, y: 0), scale: scale, into: caller.target,
                            options: SDLEffectRenderer.Options(drawsBackground: true))
            let drawn = halve(caller.targetPixels(), width: caller.width, height: caller.height)
            // A caller's renderer draws particles with SDL's rasterizer, which puts vertices on
            // whole pixels; fx render draws them with its own, to 1/16 pixel: the same picture,
            // small particles moved by up to a rendered pixel. Everything else is SDL's in both.
            let difference = zip(drawn, expected.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
            let mean = Double(difference) / Double(drawn.count)
            XCTAssertLessThan(mean, 1.0, "\(name): bytes differ from fx render by \(mean) on average")
            XCTAssertEqual(drawn.count, expected.pixels.count)
        }
    }
}
