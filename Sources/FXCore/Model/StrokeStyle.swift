/// How a stroke looks: Core Animation's `CAShapeLayer` stroke properties.
public struct StrokeStyle: Sendable, Equatable {
    /// How the open ends of a stroke (and of each dash) are drawn: `lineCap`.
    public enum Cap: String, CaseIterable, Sendable {
        /// The stroke stops square at the end point.
        case butt
        /// A half circle of the line width's diameter is added at the end point.
        case round
        /// The stroke extends half the line width past the end point, square.
        case square
    }
    /// How the stroke turns at a vertex between two segments: `lineJoin`.
    public enum Join: String, CaseIterable, Sendable {
        /// The outer edges are extended to meet in a point, unless that exceeds `miterLimit`.
        case miter
        /// The corner is rounded with a circle of the line width's diameter.
        case round
        /// The corner is cut straight across between the outer edges.
        case bevel
    }

    /// The stroke's width in points, centred on the path; 0 or less draws nothing. Default 1.
    public var lineWidth: Double = 1
    /// The shape of open ends; default `butt`.
    public var lineCap: Cap = .butt
    /// The shape of corners; default `miter`.
    public var lineJoin: Join = .miter
    /// The longest a miter may be, as a multiple of the line width; sharper corners are
    /// bevelled. Default 10, as in Core Animation.
    public var miterLimit: Double = 10
    /// Alternating dash and gap lengths in points, starting with a dash; empty for a solid line.
    public var lineDashPattern: [Double] = []
    /// How far into the dash pattern the stroke starts, in points.
    public var lineDashPhase: Double = 0
    /// The part of the path stroked, as fractions of its length.
    public var strokeStart: Double = 0
    /// Where the stroked part ends, as a fraction 0…1 of the path's length; default 1.
    public var strokeEnd: Double = 1

    /// A 1-point solid line with butt caps and miter joins: Core Animation's defaults.
    public init() {}
}
