/// A rectangle of whole pixels.
struct PixelRect: Equatable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    /// The pixels it covers (0 when empty).
    var area: Int { width > 0 && height > 0 ? width * height : 0 }

    /// The pixels in both (empty, at this one's origin, when they do not meet).
    func intersection(_ other: PixelRect) -> PixelRect {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(x + width, other.x + other.width), bottom = min(y + height, other.y + other.height)
        guard left < right, top < bottom else { return PixelRect(x: x, y: y, width: 0, height: 0) }
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The smallest rectangle covering both.
    func union(_ other: PixelRect) -> PixelRect {
        let left = min(x, other.x), top = min(y, other.y)
        return PixelRect(x: left, y: top, width: max(x + width, other.x + other.width) - left,
                         height: max(y + height, other.y + other.height) - top)
    }
}
