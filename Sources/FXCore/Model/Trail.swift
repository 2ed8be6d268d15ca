/// A ribbon drawn behind each particle of a cell through its past positions (Unity's and
/// Godot's particle trails): `length` seconds of the particle's history, sampled every
/// `length / segments` seconds of its age, in the particle's color.
public struct Trail: Sendable, Equatable {
    /// Seconds of history the ribbon covers, from the particle's drawn position back (clipped
    /// at its birth).
    public var length: Double
    /// Samples along the length: one every `length / segments` seconds of the particle's age.
    public var segments: Int
    /// The ribbon's full width in points; nil: the particle's drawn size (the larger side of
    /// its contents' frame, in points, times its current scale).
    public var width: Double?
    /// Factors of the width over the particle's normalized age (0 at birth, 1 at death), evenly
    /// spaced and linearly interpolated; the whole ribbon takes the factor of the particle's
    /// age now.
    public var widthOverLife: [Double]
    /// Factors of the width along the ribbon, from the head (0) to the tail (1), evenly spaced:
    /// `[1, 0]` tapers to a point.
    public var widthOverLength: [Double]
    /// Factors of the particle's alpha along the ribbon, from the head (0) to the tail (1),
    /// evenly spaced.
    public var alphaOverLength: [Double]

    /// The most samples a trail may have.
    public static let maxSegments = 64

    /// A trail of `length` seconds with `segments` samples; the other members default to a
    /// ribbon as wide as the particle, of constant width, fading to nothing at its tail.
    public init(length: Double, segments: Int, width: Double? = nil, widthOverLife: [Double] = [1],
                widthOverLength: [Double] = [1], alphaOverLength: [Double] = [1, 0]) {
        self.length = length
        self.segments = segments
        self.width = width
        self.widthOverLife = widthOverLife
        self.widthOverLength = widthOverLength
        self.alphaOverLength = alphaOverLength
    }

    /// Seconds of age between two samples.
    public var sampleInterval: Double { length / Double(segments) }
}
