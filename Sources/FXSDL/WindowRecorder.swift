import CSDL2
import FXCore
import Foundation

/// Records what the window shows to a GIF (through ffmpeg), at 15 frames a second of real time.
final class WindowRecorder {
    let path: String
    private let renderer: OpaquePointer
    private let encoder: VideoEncoder
    private let width: Int
    private let height: Int
    private let canvas: Size
    private var nextCapture = -Double.infinity
    private(set) var frameCount = 0
    static let framesPerSecond = 15.0

    init(renderer: OpaquePointer, path: String, canvas: Size) throws {
        self.renderer = renderer
        self.path = path
        self.canvas = canvas
        var outputWidth: Int32 = 0, outputHeight: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &outputWidth, &outputHeight)
        width = Int(outputWidth)
        height = Int(outputHeight)
        encoder = try VideoEncoder(path: path, format: .gif, width: width, height: height, framesPerSecond: Self.framesPerSecond)
    }

    /// Reads the frame just drawn, if a frame is due.
    func capture(clock: Double) throws {
        guard clock >= nextCapture else { return }
        nextCapture = max(nextCapture + 1 / Self.framesPerSecond, clock)
        var outputWidth: Int32 = 0, outputHeight: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &outputWidth, &outputHeight)
        guard Int(outputWidth) == width, Int(outputHeight) == height else {
            throw SDLError("recording", reason: "the window was resized; a recording keeps one size")
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        // Read the whole output, then put the canvas scaling back.
        SDL_RenderSetLogicalSize(renderer, 0, 0)
        var everything = SDL_Rect(x: 0, y: 0, w: outputWidth, h: outputHeight)
        let status = pixels.withUnsafeMutableBytes {
            SDL_RenderReadPixels(renderer, &everything, fx_pixelformat_rgba32(), $0.baseAddress, Int32(width * 4))
        }
        let canvasPixels = canvas.wholePixels
        SDL_RenderSetLogicalSize(renderer, Int32(canvasPixels.width), Int32(canvasPixels.height))
        if status != 0 { throw SDLError("reading the window's pixels") }
        for index in stride(from: 3, to: pixels.count, by: 4) { pixels[index] = 255 }
        try encoder.append(RGBAImage(width: width, height: height, pixels: pixels))
        frameCount += 1
    }

    func finish() throws {
        try encoder.finish()
    }
}
