/// The per-particle behaviours of fx's cell keys for imported effects — a palette of colors,
/// an initial rotation, end values, spin acceleration, ranges on accelerations, velocity over
/// life and a speed limit — chosen once when the effect loads: which passes run and which
/// extra columns they keep. A cell that uses none has no `ParticleBehaviors` at all, so its
/// steps and births cost one test of nil.
final class ParticleBehaviors {
    /// The cell's keys (they do not animate, so they are read once).
    let extensions: CellExtensions
    let palette: ColorPalette?
    let endValues: EndValues?
    let accelerationSpread: AccelerationSpread?
    let velocityCurve: LifeCurve?
    /// rad/s², 0 for none (or with an end rotation, which sets the spin).
    let spinAcceleration: Float
    /// pt/s, 0 for no limit.
    let maxSpeed: Float
    /// Whether a birth sets the rotation itself (rotation keys, spin acceleration or an end
    /// rotation).
    let setsRotation: Bool
    /// The extra columns the behaviours keep, from the first one given.
    let columnCount: Int
    /// The layer's `scale` this step, which multiplies `endScale` as it multiplies `scale`.
    var layerScale = 1.0

    /// The behaviours `extensions` switch on, their columns from `firstColumn`; nil when none.
    init?(_ extensions: CellExtensions, firstColumn: Int) {
        self.extensions = extensions
        palette = ColorPalette(extensions, column: firstColumn)
        let endColumn = firstColumn + (palette?.columnCount ?? 0)
        endValues = EndValues(extensions, firstColumn: endColumn)
        let spreadColumn = endColumn + (endValues?.columnCount ?? 0)
        accelerationSpread = AccelerationSpread(extensions, firstColumn: spreadColumn)
        columnCount = (palette?.columnCount ?? 0) + (endValues?.columnCount ?? 0) + (accelerationSpread?.columnCount ?? 0)
        velocityCurve = extensions.velocityOverLife.map { LifeCurve($0) { [Float($0)] } }
        spinAcceleration = extensions.endRotation == nil ? Float(extensions.spinAcceleration) : 0
        maxSpeed = Float(extensions.maxSpeed)
        setsRotation = extensions.rotation != 0 || extensions.rotationRange != 0 || extensions.rotatesToEmissionAngle
            || spinAcceleration != 0 || extensions.endRotation != nil
        guard palette != nil || endValues != nil || accelerationSpread != nil || velocityCurve != nil || setsRotation || maxSpeed > 0 else {
            return nil
        }
    }

    /// Whether a pass moves particles other than the exact constant-acceleration motion, so the
    /// cell must keep each particle's position at the previous step (to draw between steps,
    /// and for the passes to know where the step started).
    static func movesParticles(_ extensions: CellExtensions) -> Bool {
        extensions.xAccelerationRange > 0 || extensions.yAccelerationRange > 0 || extensions.zAccelerationRange > 0
            || extensions.radialAccelerationRange > 0 || extensions.tangentialAccelerationRange > 0
            || extensions.velocityOverLife != nil || extensions.maxSpeed > 0
    }

    /// Whether the end color replaces the color speeds, the end scale `scaleSpeed`.
    var overridesColorSpeeds: Bool { endValues?.color != nil }
    var overridesScaleSpeed: Bool { endValues?.scale != nil }

    /// After a step's constant accelerations (or forces) moved the particles in `range`: their
    /// own accelerations, spin acceleration, and the velocity factor over life.
    func afterAcceleration(_ store: ParticleStore, range: Range<Int>, duration: Float, end: Double, previousColumn: Int?,
                           origin: Point, gain: Float, accelerationFactor: Float) {
        if let previousColumn {
            let previousX = store.extra[previousColumn], previousY = store.extra[previousColumn + 1]
            accelerationSpread?.stepPlane(store, range: range, previousX: previousX, previousY: previousY, origin: origin,
                                          gain: gain, accelerationFactor: accelerationFactor)
            if let velocityCurve {
                VelocityOverLife.apply(store, curve: velocityCurve, range: range, duration: duration, end: end,
                                       previousX: previousX, previousY: previousY)
            }
        }
        if spinAcceleration != 0 { InitialRotation.stepSpin(store, acceleration: spinAcceleration, range: range, duration: duration) }
    }

    /// After the step's other motion (turbulence, fields, colliders, depth): the particles'
    /// own z accelerations, the speed limit, and the end values' rates.
    func afterMotion(_ store: ParticleStore, range: Range<Int>, duration: Float, previousColumn: Int?) {
        accelerationSpread?.stepDepth(store, range: range, duration: duration)
        if maxSpeed > 0, let previousColumn {
            SpeedLimit.apply(store, limit: maxSpeed, range: range, duration: duration,
                             previousX: store.extra[previousColumn], previousY: store.extra[previousColumn + 1])
        }
        endValues?.step(store, range: range, duration: duration)
    }

    /// A particle born `age` before the step's end, its position and velocity set by the
    /// cell's accelerations: its own accelerations and the velocity factor over that time.
    func birthMotion(_ store: ParticleStore, index i: Int, key: UInt64, random: RandomKey, age: Double, end: Double,
                     previousColumn: Int?, origin: Point, gain: Float, accelerationFactor: Float) {
        accelerationSpread?.birth(store, index: i, key: key, random: random)
        guard age > 0 else { return }
        let range = i..<(i + 1)
        if let previousColumn {
            let previousX = store.extra[previousColumn], previousY = store.extra[previousColumn + 1]
            accelerationSpread?.stepPlane(store, range: range, previousX: previousX, previousY: previousY, origin: origin,
                                          gain: gain, accelerationFactor: accelerationFactor)
            if let velocityCurve {
                VelocityOverLife.apply(store, curve: velocityCurve, range: range, duration: Float(age), end: end,
                                       previousX: previousX, previousY: previousY)
            }
        }
        accelerationSpread?.stepDepth(store, range: range, duration: Float(age))
    }

    /// A particle born `age` before the step's end, after the other motion passes: the speed
    /// limit.
    func birthLimit(_ store: ParticleStore, index i: Int, age: Double, previousColumn: Int?) {
        guard maxSpeed > 0, let previousColumn else { return }
        SpeedLimit.apply(store, limit: maxSpeed, range: i..<(i + 1), duration: Float(age),
                         previousX: store.extra[previousColumn], previousY: store.extra[previousColumn + 1])
    }
}
