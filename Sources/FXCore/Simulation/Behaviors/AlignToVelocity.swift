#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// fx's `alignsToVelocity`: each particle faces its direction of travel, its spin ignored.
enum AlignToVelocity {
    /// The behaviour's key, as the property registry lists it.
    static let properties = [EmitterCellKeys.alignsToVelocity]

    /// Turns each particle in `range` to its direction of travel.
    static func apply(_ store: ParticleStore, range: Range<Int>) {
        let vx = store.vx, vy = store.vy, rotation = store.rotation
        for i in range where vx[i] != 0 || vy[i] != 0 {
            rotation[i] = atan2f(vy[i], vx[i])
        }
    }
}

extension EmitterCellKeys {
    /// The `alignsToVelocity` key: each particle faces its direction of travel (its spin is then ignored).
    public static let alignsToVelocity = PropertyDescriptor(
        "alignsToVelocity", .emitterCell, .boolean, access: .value(.bool(\EmitterCell.extensions.alignsToVelocity)),
        "each particle faces its direction of travel (its spin is then ignored)")
}
