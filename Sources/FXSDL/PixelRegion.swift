/// A rectangle of a canvas's pixels (at a draw list's `pixelsPerPoint`), with the canvas's
/// size: what a group drawn apart covers.
struct PixelRegion {
    var x: Int
    var y: Int
    var width: Int
    var height: Int
    /// The canvas's size in pixels.
    var canvas: (width: Int, height: Int)

    /// The pixels in both (no pixels when they do not meet).
    func intersection(_ other: PixelRegion) -> PixelRegion {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(x + width, other.x + other.width), bottom = min(y + height, other.y + other.height)
        guard left < right, top < bottom else { return PixelRegion(x: x, y: y, width: 0, height: 0, canvas: canvas) }
        return PixelRegion(x: left, y: top, width: right - left, height: bottom - top, canvas: canvas)
    }

    /// The smallest rectangle covering both (either alone when the other has no pixels).
    func union(_ other: PixelRegion) -> PixelRegion {
        guard other.width > 0, other.height > 0 else { return self }
        guard width > 0, height > 0 else { return other }
        let left = min(x, other.x), top = min(y, other.y)
        return PixelRegion(x: left, y: top, width: max(x + width, other.x + other.width) - left,
                           height: max(y + height, other.y + other.height) - top, canvas: canvas)
    }
}
