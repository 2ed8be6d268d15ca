import CSDL2
import FXCore
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

    func testDrawingIntoACallersRenderTargetMatchesFxRender() throws {
        for (name, time) in [("confetti", 2.2), ("fireworks", 2.5), ("slide-to-unlock", 1.0)] {
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
            let differing = zip(drawn, expected.pixels).filter { $0 != $1 }.count
            XCTAssertEqual(differing, 0, "\(name): \(differing) of \(drawn.count) bytes differ from fx render")
        }
    }
}
