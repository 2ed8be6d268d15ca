/// A shape layer's properties (`CAShapeLayer`): a vector path, filled and stroked.
public struct ShapeProperties: Sendable, Equatable {
    /// The path, in the layer's coordinates (default empty: nothing drawn); `CAShapeLayer.path`.
    public var path = Path()
    /// The fill (default opaque black; clear fills nothing); `CAShapeLayer.fillColor`.
    public var fillColor: Color = .black
    /// Which parts of an overlapping path are inside (default `.nonZero`); `CAShapeLayer.fillRule`.
    public var fillRule: FillRule = .nonZero
    /// The stroke's color (default clear: no stroke); `CAShapeLayer.strokeColor`.
    public var strokeColor: Color = .clear
    /// The stroke: width, caps, joins, dashes and the stroked part of the path
    /// (`lineWidth`, `lineCap`, `lineJoin`, `miterLimit`, `lineDashPattern`,
    /// `lineDashPhase`, `strokeStart`, `strokeEnd`).
    public var style = StrokeStyle()

    /// A shape with Core Animation's defaults: no path, black fill, no stroke.
    public init() {}
}
