/// A cell's particles as they were a moment before the step that ended now: what the window
/// draws between two steps, by the simulation's own rules run backward. Drawing reads it and
/// holds no rule of motion of its own, so a rule changed in the simulation is changed here,
/// beside it, and nowhere in `Render/`.
///
/// - Position: ``PastPosition``, which the simulation uses for trail samples and sub-particles.
/// - Rotation: the step turns each particle by spin × dt; drawn `back` seconds earlier it is
///   turned back by spin × back. Facing its travel (``AlignToVelocity``), it takes the heading
///   of its velocity then (``PastPosition/velocity(current:acceleration:back:)``).
/// - Color, alpha and scale: the step moves them by their rates (the cell's speeds, or each
///   particle's toward its end values, ``EndValues``), colors clamped to 0…1; drawn earlier they
///   are moved back and clamped the same way. A curve over life sets them instead, at the drawn
///   age (``LifeSequences/values(at:colors:alphas:scales:baseScale:red:green:blue:alpha:scale:)``).
///
/// Each rule has a form for one particle and one for eight particles side by side in lanes
/// (the draw list's column loop), written over ``Lane`` where they share arithmetic, so that
/// both write the same bytes. Rules without a lane form (curves over life, a rewound heading)
/// are reported by ``hasLaneForms``, and such a cell is drawn a particle at a time. The lane
/// forms are `@inline(always)` (SE-0496): called, they cost the column loop a sixth more
/// instructions, its vectors spilled around each call.
struct CellRewind {
    /// Eight particles' values, a lane each.
    typealias Lanes = SIMD8<Float>

    /// Seconds before the step's end to draw at (0: at the step's end).
    let seconds: Float
    /// The layer time of the step's end.
    let now: Double
    // The columns, read out of the store once (see QuadGeometry).
    private let age: UnsafeMutablePointer<Float>, deathTime: UnsafeMutablePointer<Double>
    private let x: UnsafeMutablePointer<Float>, y: UnsafeMutablePointer<Float>
    private let vx: UnsafeMutablePointer<Float>, vy: UnsafeMutablePointer<Float>
    private let rotation: UnsafeMutablePointer<Float>, spin: UnsafeMutablePointer<Float>
    private let xAcceleration: Float, yAcceleration: Float
    /// Each particle's position at the previous step's end (cells with forces), and that
    /// step's length.
    private let previousX: UnsafeMutablePointer<Float>?, previousY: UnsafeMutablePointer<Float>?
    private let lastStepDuration: Float
    private let faceTravel: Bool
    /// The curves over life; `scale`'s multiplies the birth scale column.
    private let colors: LifeCurve?, alphas: LifeCurve?, scales: LifeCurve?
    private let baseScale: UnsafeMutablePointer<Float>?
    private let scaleSpeed: Float, redSpeed: Float, greenSpeed: Float, blueSpeed: Float, alphaSpeed: Float
    /// Each particle's own per-second changes toward its end color, for cells with one.
    private let endRed: UnsafeMutablePointer<Float>?, endGreen: UnsafeMutablePointer<Float>?,
        endBlue: UnsafeMutablePointer<Float>?, endAlpha: UnsafeMutablePointer<Float>?
    /// Each particle's own scale per second, for cells whose behaviour keeps one (an end
    /// scale, a sub-cell's inherited scale speed).
    private let scaleRates: UnsafeMutablePointer<Float>?
    /// Whether drawing earlier changes a particle's color, alpha or scale (it has curves over
    /// life, speeds or end values, and is drawn earlier).
    let changesValues: Bool

    /// `cell`'s particles `seconds` before its step's end, which was at layer time `now`.
    init(_ cell: CellSnapshot, seconds: Float, now: Double) {
        self.seconds = seconds
        self.now = now
        let store = cell.particles, extra = store.extra
        age = store.age; deathTime = store.deathTime
        x = store.x; y = store.y; vx = store.vx; vy = store.vy
        rotation = store.rotation; spin = store.spin
        xAcceleration = cell.xAcceleration; yAcceleration = cell.yAcceleration
        previousX = cell.previousPositionColumn.map { extra[$0] }
        previousY = cell.previousPositionColumn.map { extra[$0 + 1] }
        lastStepDuration = cell.lastStepDuration
        faceTravel = cell.presented.extensions.alignsToVelocity
        colors = cell.lifeCurves.color
        alphas = cell.lifeCurves.alpha
        baseScale = cell.baseScaleColumn.map { extra[$0] }
        scales = baseScale == nil ? nil : cell.lifeCurves.scale
        scaleSpeed = cell.scaleSpeed; redSpeed = cell.redSpeed; greenSpeed = cell.greenSpeed
        blueSpeed = cell.blueSpeed; alphaSpeed = cell.alphaSpeed
        endRed = cell.endColorColumn.map { extra[$0] }; endGreen = cell.endColorColumn.map { extra[$0 + 1] }
        endBlue = cell.endColorColumn.map { extra[$0 + 2] }; endAlpha = cell.endColorColumn.map { extra[$0 + 3] }
        scaleRates = cell.scaleRateColumn.map { extra[$0] }
        changesValues = seconds > 0 && (colors != nil || alphas != nil || scales != nil || endRed != nil || scaleRates != nil
            || scaleSpeed != 0 || redSpeed != 0 || greenSpeed != 0 || blueSpeed != 0 || alphaSpeed != 0)
    }

    /// Whether every rule this cell's particles are drawn by has a lane form: not when values
    /// drawn earlier are found on curves over life, nor when particles facing their travel are
    /// turned to an earlier heading.
    var hasLaneForms: Bool {
        !(changesValues && (colors != nil || alphas != nil || scales != nil)) && !(faceTravel && seconds > 0)
    }

    // MARK: One particle

    /// How far back particle `i` is drawn: ``seconds``, but not to before its birth.
    @inline(__always)
    func back(_ i: Int) -> Float { min(seconds, age[i]) }

    /// Particle `i`'s age when drawn `back` seconds before the step's end.
    @inline(__always)
    func drawnAge(_ i: Int, back: Float) -> Float { age[i] - back }

    /// Particle `i`'s normalized age (0 at birth, 1 at death) when drawn `back` seconds before
    /// the step's end: the argument of every curve over life.
    @inline(__always)
    func normalizedAge(_ i: Int, back: Float) -> Float {
        LifeSequences.normalizedAge(age: Double(age[i] - back), deathTime: deathTime[i], now: now - Double(back))
    }

    /// Particle `i`'s whole lifetime, seconds.
    @inline(__always)
    func lifetime(_ i: Int) -> Double { Double(age[i]) + (deathTime[i] - now) }

    /// Particle `i`'s position `back` seconds before the step's end.
    @inline(__always)
    func position(_ i: Int, back: Float) -> (x: Float, y: Float) {
        let span = min(lastStepDuration, age[i])
        return (PastPosition.coordinate(current: x[i], velocity: vx[i], acceleration: xAcceleration, previous: previousX?[i],
                                        span: span, back: back),
                PastPosition.coordinate(current: y[i], velocity: vy[i], acceleration: yAcceleration, previous: previousY?[i],
                                        span: span, back: back))
    }

    /// Particle `i`'s rotation `back` seconds before the step's end.
    @inline(__always)
    func rotation(_ i: Int, back: Float) -> Float {
        let turned = Self.turnedBack(rotation[i], spin: spin[i], back: back)
        guard faceTravel && back > 0 else { return turned }
        return AlignToVelocity.heading(PastPosition.velocity(current: vx[i], acceleration: xAcceleration, back: back),
                                       PastPosition.velocity(current: vy[i], acceleration: yAcceleration, back: back)) ?? turned
    }

    /// Particle `i`'s color, alpha and scale `back` seconds before the step's end, from its
    /// values at the step's end: the rates moved back, then the curves over life at the
    /// drawn age (the order of the step: rates, then curves).
    @inline(__always)
    func values(_ i: Int, back: Float, red: inout Float, green: inout Float, blue: inout Float, alpha: inout Float,
                scale: inout Float) {
        guard changesValues && back > 0 else { return }
        if let endRed, let endGreen, let endBlue, let endAlpha {
            red = Self.channelMovedBack(red, rate: endRed[i], back: back)
            green = Self.channelMovedBack(green, rate: endGreen[i], back: back)
            blue = Self.channelMovedBack(blue, rate: endBlue[i], back: back)
            alpha = Self.channelMovedBack(alpha, rate: endAlpha[i], back: back)
        } else {
            red = Self.channelMovedBack(red, rate: redSpeed, back: back)
            green = Self.channelMovedBack(green, rate: greenSpeed, back: back)
            blue = Self.channelMovedBack(blue, rate: blueSpeed, back: back)
            alpha = Self.channelMovedBack(alpha, rate: alphaSpeed, back: back)
        }
        scale = Self.movedBack(scale, rate: scaleRates?[i] ?? scaleSpeed, back: back)
        guard colors != nil || alphas != nil || scales != nil else { return }
        LifeSequences.values(at: normalizedAge(i, back: back), colors: colors, alphas: alphas, scales: scales,
                             baseScale: baseScale?[i], red: &red, green: &green, blue: &blue, alpha: &alpha, scale: &scale)
    }

    // MARK: Eight particles

    /// Loads particles `i ..< i + 8` of `column`.
    @inline(__always)
    private static func load(_ column: UnsafeMutablePointer<Float>, _ i: Int) -> Lanes {
        UnsafeRawPointer(column + i).loadUnaligned(as: Lanes.self)
    }

    /// How far back particles `i ..< i + 8` are drawn (``back(_:)`` in lanes).
    #if compiler(>=6.3)
    @inline(always)
    #else
    @inline(__always)
    #endif
    func back(lanesAt i: Int) -> Lanes {
        Self.minimum(Lanes(repeating: seconds), Self.load(age, i))
    }

    /// The positions of particles `i ..< i + 8` when drawn (their positions at the step's end
    /// when drawn there).
    #if compiler(>=6.3)
    @inline(always)
    #else
    @inline(__always)
    #endif
    func position(lanesAt i: Int) -> (x: Lanes, y: Lanes) {
        let x = Self.load(self.x, i), y = Self.load(self.y, i)
        guard seconds > 0 else { return (x, y) }
        let back = back(lanesAt: i)
        let ax = Lanes(repeating: xAcceleration), ay = Lanes(repeating: yAcceleration)
        let span = previousX == nil ? Lanes(repeating: 0) : Self.minimum(Lanes(repeating: lastStepDuration), Self.load(age, i))
        return (PastPosition.coordinate(current: x, velocity: Self.load(vx, i), acceleration: ax,
                                        previous: previousX.map { Self.load($0, i) }, span: span, back: back),
                PastPosition.coordinate(current: y, velocity: Self.load(vy, i), acceleration: ay,
                                        previous: previousY.map { Self.load($0, i) }, span: span, back: back))
    }

    /// The rotations of particles `i ..< i + 8` when drawn (cells with ``hasLaneForms``: their
    /// spin turned back).
    #if compiler(>=6.3)
    @inline(always)
    #else
    @inline(__always)
    #endif
    func rotation(lanesAt i: Int) -> Lanes {
        let rotation = Self.load(self.rotation, i)
        guard seconds > 0 else { return rotation }
        return Self.turnedBack(rotation, spin: Self.load(spin, i), back: back(lanesAt: i))
    }

    /// The colors of particles `i ..< i + 8` when drawn, from their values at the step's end
    /// (cells with ``hasLaneForms``: their rates moved back).
    #if compiler(>=6.3)
    @inline(always)
    #else
    @inline(__always)
    #endif
    func colors(lanesAt i: Int, red: inout Lanes, green: inout Lanes, blue: inout Lanes, alpha: inout Lanes) {
        guard changesValues else { return }
        let back = back(lanesAt: i)
        // A particle born at the step's end (back 0) keeps its values.
        let earlier = back .> 0
        if let endRed, let endGreen, let endBlue, let endAlpha {
            red = Self.choose(Self.channelMovedBack(red, rate: Self.load(endRed, i), back: back), where: earlier, else: red)
            green = Self.choose(Self.channelMovedBack(green, rate: Self.load(endGreen, i), back: back), where: earlier, else: green)
            blue = Self.choose(Self.channelMovedBack(blue, rate: Self.load(endBlue, i), back: back), where: earlier, else: blue)
            alpha = Self.choose(Self.channelMovedBack(alpha, rate: Self.load(endAlpha, i), back: back), where: earlier, else: alpha)
        } else {
            red = Self.choose(Self.channelMovedBack(red, rate: Lanes(repeating: redSpeed), back: back), where: earlier, else: red)
            green = Self.choose(Self.channelMovedBack(green, rate: Lanes(repeating: greenSpeed), back: back), where: earlier, else: green)
            blue = Self.choose(Self.channelMovedBack(blue, rate: Lanes(repeating: blueSpeed), back: back), where: earlier, else: blue)
            alpha = Self.choose(Self.channelMovedBack(alpha, rate: Lanes(repeating: alphaSpeed), back: back), where: earlier, else: alpha)
        }
    }

    /// The scales of particles `i ..< i + 8` when drawn, from their scales at the step's end
    /// (cells with ``hasLaneForms``: the rate moved back).
    #if compiler(>=6.3)
    @inline(always)
    #else
    @inline(__always)
    #endif
    func scale(lanesAt i: Int, _ scale: Lanes) -> Lanes {
        guard changesValues else { return scale }
        let back = back(lanesAt: i)
        let rate = scaleRates.map { Self.load($0, i) } ?? Lanes(repeating: scaleSpeed)
        return Self.choose(Self.movedBack(scale, rate: rate, back: back), where: back .> 0, else: scale)
    }

    // MARK: The rules, over lanes

    /// A rotation turned back by its spin: the step adds spin × dt.
    @inline(__always)
    static func turnedBack<Value: Lane>(_ rotation: Value, spin: Value, back: Value) -> Value { rotation - spin * back }

    /// A value moved back along its rate (a scale): the step adds rate × dt.
    @inline(__always)
    static func movedBack<Value: Lane>(_ value: Value, rate: Value, back: Value) -> Value { value - rate * back }

    /// A color channel moved back along its rate and kept in 0…1, as the step keeps it.
    @inline(__always)
    static func channelMovedBack<Value: Lane>(_ value: Value, rate: Value, back: Value) -> Value {
        (value - rate * back).clampedToUnit
    }

    /// Swift's `min(x, y)` (`y < x ? y : x`) in lanes.
    @inline(__always)
    static func minimum(_ x: Lanes, _ y: Lanes) -> Lanes { choose(y, where: y .< x, else: x) }

    /// `value` in the lanes where `mask` is set, `other` elsewhere.
    @inline(__always)
    static func choose(_ value: Lanes, where mask: SIMDMask<SIMD8<Int32>>, else other: Lanes) -> Lanes {
        other.replacing(with: value, where: mask)
    }
}
