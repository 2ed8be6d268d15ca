import CSDL2
import FXCore
import Foundation

/// PNG files in and out, through SDL_image.
public enum PNGFile {
    /// Writes `image` as a PNG. The bytes depend only on the pixels: no timestamps.
    public static func write(_ image: RGBAImage, to path: String) throws {
        // Read in place (SDL_image only reads the surface it is given): no copy of the pixels.
        try image.pixels.withUnsafeBytes { bytes in
            guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(UnsafeMutableRawPointer(mutating: bytes.baseAddress), Int32(image.width), Int32(image.height),
                                                                   32, Int32(image.width * 4), fx_pixelformat_rgba32()) else {
                throw SDLError("preparing the image for \(path)")
            }
            defer { SDL_FreeSurface(surface) }
            if IMG_SavePNG(surface, path) != 0 { throw SDLError("writing \(path)") }
        }
    }

    /// Reads any image SDL_image can decode, as RGBA.
    public static func read(_ path: String) throws -> RGBAImage {
        let loaded = try FileReader.withRWops(path, resources: FileResources()) { IMG_Load_RW($0, 0) }
        guard let loaded else { throw SDLError("reading \(path)") }
        defer { SDL_FreeSurface(loaded) }
        guard let converted = SDL_ConvertSurfaceFormat(loaded, fx_pixelformat_rgba32(), 0) else { throw SDLError("converting \(path)") }
        defer { SDL_FreeSurface(converted) }
        let width = Int(converted.pointee.w), height = Int(converted.pointee.h), pitch = Int(converted.pointee.pitch)
        let source = converted.pointee.pixels!.assumingMemoryBound(to: UInt8.self)
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for row in 0..<height {
            for column in 0..<(width * 4) { bytes[row * width * 4 + column] = source[row * pitch + column] }
        }
        return RGBAImage(width: width, height: height, pixels: bytes)
    }
}
