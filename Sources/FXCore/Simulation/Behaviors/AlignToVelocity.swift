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
        for i in range {
            if let heading = heading(vx[i], vy[i]) { rotation[i] = heading }
        }
    }

    /// The rotation of a particle moving at (`vx`, `vy`): its direction of travel; nil while it
    /// stands still (it keeps the rotation it had). Drawing between two steps takes it from
    /// the velocity then (``CellRewind``).
    @inline(__always)
    static func heading(_ vx: Float, _ vy: Float) -> Float? {
        vx != 0 || vy != 0 ? atan2f(vy, vx) : nil
    }
}

extension EmitterCellKeys {
    /// The `alignsToVelocity` key: each particle faces its direction of travel (its spin is then ignored).
    public static let alignsToVelocity = PropertyDescriptor(
        "alignsToVelocity", .emitterCell, .boolean, access: .value(.bool(\EmitterCell.extensions.alignsToVelocity)),
        "each particle faces its direction of travel (its spin is then ignored)")
}
