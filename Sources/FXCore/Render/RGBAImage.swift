/// Straight-alpha RGBA pixels, 4 bytes a pixel, rows top to bottom.
public struct RGBAImage: Equatable, Sendable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// `width × height × 4` bytes: red, green, blue, alpha for each pixel, rows with no padding.
    public var pixels: [UInt8]

    /// Wraps `pixels`, which must hold exactly `width × height × 4` bytes (checked).
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4)
        self.width = width
        self.height = height
        self.pixels = pixels
    }
}
