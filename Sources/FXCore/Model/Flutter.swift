/// A cell's flutter: flat particles tumbling in 3-D like paper confetti, as canvas-confetti
/// draws them (fx extension, the `flutter` key).
///
/// It changes how particles are drawn, not where they are: the quad is drawn `wobble` points
/// away from the particle's position, in a direction that turns at `wobbleSpeed`, and its
/// width is multiplied by the cosine of a tilt phase that turns at `tiltSpeed` — the paper
/// turning edge-on, then showing its other face. Each particle starts both phases at random and
/// draws its own speeds within the ranges.
public struct Flutter: Sendable, Equatable {
    /// How far the drawn quad is from the particle's position, points.
    public var wobble: Double
    /// How fast the wobble's direction turns, radians per second.
    public var wobbleSpeed: Double
    /// The full width of the spread of each particle's `wobbleSpeed` (fx's range rule: the
    /// speed is drawn uniformly from `wobbleSpeed ± wobbleSpeedRange / 2`).
    public var wobbleSpeedRange: Double
    /// How fast the tilt phase turns, radians per second; with `tiltSpeedRange` 0 too, the quad
    /// is not tilted.
    public var tiltSpeed: Double
    /// The full width of the spread of each particle's `tiltSpeed`.
    public var tiltSpeedRange: Double

    /// A flutter of `wobble` points turning at `wobbleSpeed`, tilting at `tiltSpeed`.
    public init(wobble: Double = 0, wobbleSpeed: Double = 0, wobbleSpeedRange: Double = 0,
                tiltSpeed: Double = 0, tiltSpeedRange: Double = 0) {
        self.wobble = wobble
        self.wobbleSpeed = wobbleSpeed
        self.wobbleSpeedRange = wobbleSpeedRange
        self.tiltSpeed = tiltSpeed
        self.tiltSpeedRange = tiltSpeedRange
    }

    /// Whether the quad is moved by a wobble.
    var wobbles: Bool { wobble != 0 }
    /// Whether the quad is tilted.
    var tilts: Bool { tiltSpeed != 0 || tiltSpeedRange != 0 }
    /// Whether drawing changes at all: a flutter with no wobble and no tilt costs nothing.
    var isActive: Bool { wobbles || tilts }
}
