#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// fx's `alignsToVelocity`: each particle faces its direction of travel, its spin ignored.
final class AlignToVelocity: ParticleBehavior {
    /// The behaviour's key, as the property registry lists it.
    static let properties = [EmitterCellKeys.alignsToVelocity]

    static func make(for cell: EmitterCell, in context: BehaviorContext) -> AlignToVelocity? {
        cell.extensions.alignsToVelocity ? AlignToVelocity() : nil
    }

    var passes: [(pass: StepPass, order: Int)] { [(.orientation, 0)] }
    func advancesNewborns(in pass: StepPass) -> Bool { true }

    func step(_ pass: StepPass, _ span: ParticleSpan) {
        Self.apply(span.store, range: span.range)
    }

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
