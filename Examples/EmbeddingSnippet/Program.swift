// The program around the README's embedding snippet (main.swift): a software renderer on a
// memory surface stands in for your window's renderer, so the snippet runs anywhere.
import CSDL2
import FXCore
import FXSDL

/// The surface the stand-in renderer draws on: 800×600, the confetti canvas.
let surface: UnsafeMutablePointer<SDL_Surface> = {
    guard let surface = SDL_CreateRGBSurfaceWithFormat(0, 800, 600, 32, fx_pixelformat_rgba32()) else {
        fatalError("SDL cannot make a surface: \(String(cString: SDL_GetError()))")
    }
    return surface
}()

/// Your program's `SDL_Renderer`, here one without a window.
let renderer: OpaquePointer = {
    guard let renderer = SDL_CreateSoftwareRenderer(surface) else {
        fatalError("SDL cannot make a renderer: \(String(cString: SDL_GetError()))")
    }
    return renderer
}()

/// Your scene: here a plain dark blue.
func drawScene() {
    SDL_SetRenderDrawColor(renderer, 16, 24, 48, 255)
    SDL_RenderClear(renderer)
}

/// The time since the last frame, from your frame loop.
let secondsSinceLastFrame = 1.0 / 60

/// Writes what the renderer drew as a PNG.
func savePicture(to path: String) throws {
    SDL_RenderFlush(renderer)
    let pixels = surface.pointee.pixels!.assumingMemoryBound(to: UInt8.self)
    let bytes = Array(UnsafeBufferPointer(start: pixels, count: Int(surface.pointee.pitch) * Int(surface.pointee.h)))
    try PNGFile.write(RGBAImage(width: Int(surface.pointee.w), height: Int(surface.pointee.h), pixels: bytes), to: path)
}
