import CSDL2
import FXCore
import FXEncode
import FXSDL
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
        let area = Self.canvasArea(renderer, canvas: canvas)
        width = Int(area.w)
        height = Int(area.h)
        encoder = try VideoEncoder(path: path, format: .gif, width: width, height: height, framesPerSecond: Self.framesPerSecond)
    }

    /// Where the canvas is in the renderer's output, in pixels: the logical size's letterboxed
    /// area, less the property panel's strip at its right when the panel shows (the logical
    /// size is then wider than the canvas). A recording shows the effect alone.
    static func canvasArea(_ renderer: OpaquePointer, canvas: Size) -> SDL_Rect {
        var outputWidth: Int32 = 0, outputHeight: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &outputWidth, &outputHeight)
        var logicalWidth: Int32 = 0, logicalHeight: Int32 = 0
        SDL_RenderGetLogicalSize(renderer, &logicalWidth, &logicalHeight)
        guard logicalWidth > 0, logicalHeight > 0 else { return SDL_Rect(x: 0, y: 0, w: outputWidth, h: outputHeight) }
        let pixels = canvas.wholePixels
        let scale = min(Double(outputWidth) / Double(logicalWidth), Double(outputHeight) / Double(logicalHeight))
        let left = (Double(outputWidth) - Double(logicalWidth) * scale) / 2
        let top = (Double(outputHeight) - Double(logicalHeight) * scale) / 2
        return SDL_Rect(x: Int32(left.rounded()), y: Int32(top.rounded()),
                        w: min(Int32((Double(pixels.width) * scale).rounded()), outputWidth),
                        h: min(Int32((Double(pixels.height) * scale).rounded()), outputHeight))
    }

    /// Reads the frame just drawn, if a frame is due.
    func capture(clock: Double) throws {
        guard clock >= nextCapture else { return }
        nextCapture = max(nextCapture + 1 / Self.framesPerSecond, clock)
        var area = Self.canvasArea(renderer, canvas: canvas)
        guard Int(area.w) == width, Int(area.h) == height else {
            throw SDLError("recording", reason: "the window was resized; a recording keeps one size")
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        // Read in output pixels, then put the canvas scaling back as it was.
        var logicalWidth: Int32 = 0, logicalHeight: Int32 = 0
        SDL_RenderGetLogicalSize(renderer, &logicalWidth, &logicalHeight)
        SDL_RenderSetLogicalSize(renderer, 0, 0)
        let status = pixels.withUnsafeMutableBytes {
            SDL_RenderReadPixels(renderer, &area, fx_pixelformat_rgba32(), $0.baseAddress, Int32(width * 4))
        }
        SDL_RenderSetLogicalSize(renderer, logicalWidth, logicalHeight)
        if status != 0 { throw SDLError("reading the window's pixels") }
        for index in stride(from: 3, to: pixels.count, by: 4) { pixels[index] = 255 }
        try encoder.append(RGBAImage(width: width, height: height, pixels: pixels))
        frameCount += 1
    }

    func finish() throws {
        try encoder.finish()
    }
}
