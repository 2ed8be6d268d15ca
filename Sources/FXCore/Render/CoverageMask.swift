/// Coverage of a region of pixels by a set of polygons: 0 outside, 1 inside, fractions along
/// the edges. Pixel (column, row) covers [x + column, x + column + 1) × [y + row, y + row + 1).
public struct CoverageMask: Sendable {
    /// The pixel column of the mask's left edge, in the raster's pixel grid.
    public var x: Int
    /// The pixel row of the mask's top edge, in the raster's pixel grid.
    public var y: Int
    /// The mask's width in pixels.
    public var width: Int
    /// The mask's height in pixels.
    public var height: Int
    /// Coverage in 0…1, `width × height` values, row by row from the top.
    public var coverage: [Float]

    /// A mask covering no pixels: what a shape with nothing inside the clip gives.
    public static let empty = CoverageMask(x: 0, y: 0, width: 0, height: 0, coverage: [])

    /// The mask's pixel rectangle in points.
    func rect(pixelsPerPoint: Double) -> Rect {
        Rect(x: Double(x) / pixelsPerPoint, y: Double(y) / pixelsPerPoint,
             width: Double(width) / pixelsPerPoint, height: Double(height) / pixelsPerPoint)
    }
}
