/// A cell's turbulence: a divergence-free (curl) noise field added to its particles'
/// acceleration, evolving over time (fx extension, the `turbulence` key).
///
/// The field is the curl of a seeded gradient-noise potential ψ(x / scale, y / scale,
/// time · speed), so it swirls without gathering particles anywhere or pushing them apart: a
/// crowd keeps its density and has no mean drift.
public struct Turbulence: Sendable, Equatable {
    /// The root-mean-square acceleration of the field, points/s²; 0 turns it off.
    public var strength: Double
    /// The size of the noise's features (the lattice spacing of its first octave), points.
    public var scale: Double
    /// How fast the field changes: lattice steps of its time axis per second, 1/s (0 holds it
    /// still).
    public var speed: Double
    /// Octaves of noise, 1…4: each adds detail at half the feature size and half the
    /// acceleration.
    public var octaves: Int

    /// A turbulence of `strength` points/s² with features of `scale` points changing at
    /// `speed` per second, over `octaves` octaves.
    public init(strength: Double, scale: Double = 100, speed: Double = 0.5, octaves: Int = 1) {
        self.strength = strength
        self.scale = scale
        self.speed = speed
        self.octaves = octaves
    }

    /// Whether the field pushes at all: a strength of 0 costs nothing.
    var isActive: Bool { strength != 0 }
}
