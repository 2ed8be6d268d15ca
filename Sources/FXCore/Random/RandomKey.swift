/// Counter-based randomness: a value is a pure function of (seed, emitter, cell, particle serial,
/// property). Nothing is carried between draws, so a particle's values do not depend on the step
/// rate, on the order particles are updated, on threads, or on edits to other cells.
///
/// The mixing is SplitMix64's finaliser applied to each key in turn (the construction of
/// Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014).
public struct RandomKey: Sendable, Equatable {
    /// The effect seed combined with the emitter and cell identities.
    public let stream: UInt64

    /// - Parameters:
    ///   - seed: the effect's seed (the `--seed` flag or the file's `seed`), combined with the
    ///     emitter layer's own `seed`.
    ///   - emitter: a stable identity of the emitter layer (a hash of its unique name).
    ///   - cell: a stable identity of the cell (a hash of its name path), so that adding or
    ///     reordering cells leaves the others' particles unchanged.
    public init(seed: UInt64, emitter: UInt64, cell: UInt64) {
        stream = RandomKey.mix(RandomKey.mix(RandomKey.mix(seed) ^ emitter) ^ cell)
    }

    /// A uniform value in [0, 1) for one property of one particle.
    @inline(__always)
    public func unit(particle: UInt64, _ property: RandomProperty) -> Double {
        Double(bits(particle: particle, property) >> 11) * (1.0 / 9_007_199_254_740_992.0)
    }

    /// 64 random bits for one property of one particle: what ``unit(particle:_:)`` is made
    /// of, and the seed of a cell's noise lattice.
    @inline(__always)
    public func bits(particle: UInt64, _ property: RandomProperty) -> UInt64 {
        RandomKey.mix(RandomKey.mix(stream ^ (particle &* 0x9E37_79B9_7F4A_7C15)) ^ property.rawValue)
    }

    /// A value drawn uniformly from [mean − range/2, mean + range/2], Core Animation's rule for
    /// every `…Range` property.
    @inline(__always)
    public func value(mean: Double, range: Double, particle: UInt64, _ property: RandomProperty) -> Double {
        if range == 0 { return mean }
        return mean + range * (unit(particle: particle, property) - 0.5)
    }

    /// SplitMix64's output function: a bijective avalanche of 64 bits.
    @inline(__always)
    public static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A stable 64-bit identity for a name (FNV-1a), used to key emitters and cells.
    public static func identity(of name: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}
