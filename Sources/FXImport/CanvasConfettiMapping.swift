import FXCore
import Foundation

/// The translation of canvas-confetti options into an fx effect (docs/importing.md has the
/// table). canvas-confetti moves each piece once per animation frame, at 60 frames a second
/// (its `updateFetti`):
///
///     x += cos(angle2D) · velocity + drift        y += sin(angle2D) · velocity + 3 · gravity
///     velocity *= decay                            alpha = 1 − tick / ticks
///
/// fx is time-based: the decaying velocity is exact (linear damping k = −60 · ln decay, with
/// the start speed scaled so that the distance covered matches at every frame). The constant
/// per-frame drift and fall are not velocities: they move every piece of a call by the same
/// distance at the same rate, and all of a call's pieces are born together, so they are the
/// emitter layer's own motion — a linear slide of its transform over the life, exact at every
/// frame.
struct CanvasConfettiMapping {
    let source: ImportSource
    var config: CanvasConfettiConfig
    let name: String
    var warnings: [ImportWarning] = []

    /// canvas-confetti's frames per second (requestAnimationFrame on a 60 Hz display).
    static let framesPerSecond = 60.0
    /// The canvas fx shows the confetti on: canvas-confetti's is the browser window (or the
    /// element it is given), unknown here; fx takes a laptop browser's viewport, 1280 × 800
    /// (pieces travel hundreds of pixels: with the defaults 450 px up, 600 px down over their
    /// life), and `origin` is a fraction of it.
    static let canvasWidth = 1280.0, canvasHeight = 800.0
    /// canvas-confetti's default colors.
    static let defaultColors = ["#26ccff", "#a25afd", "#ff5e7e", "#88ff5a", "#fcff42", "#ffa62d", "#ff36ff"]
    /// canvas-confetti's wobble speed, per frame, is min(0.11, 0.05 + 0.1 · random): uniform on
    /// [0.05, 0.11) for 60 % of the pieces, 0.11 for the other 40 %; mean 0.092 rad a frame,
    /// 5.52 rad/s. fx draws it uniformly with the same mean and the same largest value:
    /// 5.52 ± 1.08 rad/s (4.44…6.6).
    static let flutterSpeed = 5.52, flutterSpeedRange = 2.16

    init(source: ImportSource, config: CanvasConfettiConfig, name: String) {
        self.source = source
        self.config = config
        self.name = name
    }

    mutating func warn(_ key: String, line: Int, _ message: String) {
        warnings.append(ImportWarning(file: source.path, line: line, key: key, message: message))
    }

    // MARK: - The physics, per frame to per second

    /// The linear damping (1/s) whose e^(−k·t) is `decay` each 1/60 s.
    static func damping(decay: Double) -> Double { -framesPerSecond * log(decay) }

    /// The factor on the start speed (px a frame × 60) that makes fx's continuous decay cover
    /// canvas-confetti's distance at every frame: Σ v·decayᵏ (k < n) = v·(1 − decayⁿ)/(1 − decay),
    /// and ∫ 60·v·f·e^(−k·t) dt to n/60 = 60·v·f·(1 − decayⁿ)/k, so f = −ln decay / (1 − decay).
    static func speedFactor(decay: Double) -> Double {
        decay >= 1 ? 1 : -log(decay) / (1 - decay)
    }

    /// The slide of a call's emitter layer: canvas-confetti adds `drift` px and 3 · `gravity` px
    /// to every piece each frame whatever its velocity (its `updateFetti`), so after n frames
    /// every piece of the call has moved (n · drift, 3 · n · gravity) more than its velocity took
    /// it. fx's pieces of one call are born in one burst at 0 and live in the layer's space, so
    /// moving the layer by (60 · drift, 180 · gravity) pt a second moves each exactly so: a
    /// linear `transform.translation` animation over the life, held at its end.
    static func slide(drift: Double, gravity: Double, life: Double) -> ImportedJSON? {
        guard life > 0, drift != 0 || gravity != 0 else { return nil }
        let end = ImportedJSON.array([.number(drift * framesPerSecond * life), .number(3 * gravity * framesPerSecond * life)])
        return .object([
            ImportedMember(AnimationKeys.type, .name(Animation.AnimationType.basic)),
            ImportedMember(AnimationKeys.keyPath, .string(slideKeyPath)),
            ImportedMember(BasicAnimationKeys.fromValue, .array([.number(0), .number(0)])),
            ImportedMember(BasicAnimationKeys.toValue, end),
            ImportedMember(MediaTimingKeys.duration, .number(life)),
            ImportedMember(MediaTimingKeys.fillMode, .name(MediaTiming.FillMode.forwards)),
            ImportedMember(AnimationKeys.removedOnCompletion, .bool(false)),
        ])
    }

    /// The key path of the slide: the layer transform's translation, as Core Animation names it.
    static let slideKeyPath = LayerKeys.transform.name + ".translation"

    /// `#rrggbb` from a color string as canvas-confetti's `hexToRgb` reads it (everything but
    /// hex digits removed; three digits doubled), or nil when fewer than three digits remain.
    static func hexColor(_ text: String) -> String? {
        var digits = text.lowercased().filter { "0123456789abcdef".contains($0) }.map(String.init)
        if digits.count < 6 {
            guard digits.count >= 3 else { return nil }
            digits = [digits[0], digits[0], digits[1], digits[1], digits[2], digits[2]]
        }
        return "#" + digits.prefix(6).joined()
    }

    // MARK: - The effect

    /// One kind of piece: canvas-confetti draws each shape its own way.
    enum Piece: String, CaseIterable {
        case square, circle, star
    }

    mutating func run() throws -> ImportResult {
        var layers: [ImportedJSON] = []
        var longest = 0.0
        var counts: [Int] = []
        let count = config.options.count
        for index in config.options.indices {
            var options = config.options[index]
            let layerName = count == 1 ? name : "cannon\(index + 1)"
            let (layer, life, pieces) = try emitterLayer(&options, name: layerName)
            counts.append(pieces)
            for problem in options.problems { warn(problem.key, line: problem.line, problem.message) }
            config.options[index] = options
            layers.append(layer)
            longest = max(longest, life)
        }
        // Each call's count is at most fx's largest burst (checked in emitterLayer), so the sum
        // of even a million calls fits.
        let particles = counts.reduce(0, +)
        let effect: [ImportedMember] = [
            ImportedMember(EffectKeys.fx, .number(1)),
            ImportedMember(EffectKeys.name, .string(name)),
            ImportedMember(EffectKeys.description, .string("\(name): canvas-confetti, \(particles) pieces from \(count) confetti() call\(count == 1 ? "" : "s"), imported")),
            ImportedMember(EffectKeys.canvas, .object([
                ImportedMember(CanvasKeys.size, .array([.number(Self.canvasWidth), .number(Self.canvasHeight)])),
                ImportedMember(CanvasKeys.background, .string("#ffffff")),
            ])),
            ImportedMember(EffectKeys.duration, .number(max(1, (longest * 10).rounded(.up) / 10 + 0.5))),
            ImportedMember(EffectKeys.loop, .bool(true)),
            ImportedMember(EffectKeys.previewTime, .number((max(longest, 0.2) * 10 / 3).rounded() / 10)),
            ImportedMember(EffectKeys.layers, .array(layers)),
        ]
        warnings.sort { ($0.line, $0.key) < ($1.line, $1.key) }
        return ImportResult(effect: .object(effect), warnings: warnings, files: [])
    }

    /// One option object: one emitter layer at its origin, one cell per kind of piece; and the
    /// pieces' life in seconds.
    mutating func emitterLayer(_ options: inout CanvasConfettiConfig.Options, name layerName: String) throws -> (ImportedJSON, Double, Int) {
        for key in options.keys where !CanvasConfettiConfig.knownKeys.contains(key) {
            let hint = ["resize", "useWorker"].contains(key) ? ": it is an option of confetti.create(), not of a confetti() call" : ""
            warn(key, line: options.line(key), "not a canvas-confetti option\(hint): dropped")
        }
        if options.has("zIndex") {
            warn("zIndex", line: options.line("zIndex"), "ignored: fx draws its layers in file order, and the canvas is the whole effect")
        }
        if options.flag("disableForReducedMotion") {
            warn("disableForReducedMotion", line: options.line("disableForReducedMotion"),
                 "dropped: fx's reduced-motion variant is the effect's \"reducedMotion\" (see docs/effect-format.md); write one by hand")
        }

        let rawCount = try options.number("particleCount", 50)
        // canvas-confetti takes the whole part and makes nothing of a negative count; fx bursts
        // at most EffectLimits.maxBurstCount at once.
        let particleCount = try ImportedNumber.whole(max(0, rawCount.rounded(.down)), in: 0...EffectLimits.maxBurstCount, why: "fx's largest burstCount",
                                                     file: source.path, line: options.line("particleCount"), key: "particleCount", warnings: &warnings)
        if rawCount < 0 || rawCount != rawCount.rounded(.down) {
            warn("particleCount", line: options.line("particleCount"), "\(ImportedJSON.text(of: rawCount)) is taken as \(particleCount), as canvas-confetti does")
        }
        let angle = try options.number("angle", 90), spread = try options.number("spread", 45)
        let startVelocity = try options.number("startVelocity", 45)
        var decay = try options.number("decay", 0.9)
        if decay > 1 {
            warn("decay", line: options.line("decay"), "\(ImportedJSON.text(of: decay)) makes the pieces speed up each frame; fx's damping cannot, so 1 (no decay) is used")
            decay = 1
        } else if decay < 0.001 {
            warn("decay", line: options.line("decay"), "\(ImportedJSON.text(of: decay)) stops the pieces after their first frame; 0.001 is used (they stop within a few frames)")
            decay = 0.001
        }
        let gravity = try options.number("gravity", 1), drift = try options.number("drift", 0)
        let ticks = try options.number("ticks", 200)
        let life = max(0, ticks) / Self.framesPerSecond
        if ticks <= 0 { warn("ticks", line: options.line("ticks"), "\(ImportedJSON.text(of: ticks)): the pieces never show") }
        let scalar = try options.number("scalar", 1)
        let flat = options.flag("flat")
        let origin = try options.origin()

        let k = Self.damping(decay: decay)
        let speed = abs(startVelocity) * Self.framesPerSecond * Self.speedFactor(decay: decay)
        // canvas-confetti adds 3 · gravity px (and drift px) every frame, whatever the velocity:
        // the layer's slide (see slide(drift:gravity:life:)), not the pieces' accelerations.
        let slide = Self.slide(drift: drift, gravity: gravity, life: life)

        let colors = colorList(&options)
        let pieces = pieceCounts(&options, total: particleCount)

        var cells: [ImportedJSON] = []
        for (piece, count) in pieces where count > 0 {
            var cell: [ImportedMember] = [
                ImportedMember(EmitterCellKeys.name, .string(piece.rawValue)),
                ImportedMember(EmitterCellKeys.contents, .string(piece.rawValue)),
                ImportedMember(EmitterCellKeys.birthRate, .number(0)),
                ImportedMember(EmitterCellKeys.burstCount, .number(Double(count))),
                ImportedMember(EmitterCellKeys.lifetime, .number(life)),
                ImportedMember(EmitterCellKeys.velocity, .number(startVelocity < 0 ? -speed : speed)),
                ImportedMember(EmitterCellKeys.velocityRange, .number(speed)),
                ImportedMember(EmitterCellKeys.emissionLongitude, .string(ParticleDesignerMapping.degrees(-angle))),
                ImportedMember(EmitterCellKeys.emissionRange, .string(ParticleDesignerMapping.degrees(abs(spread)))),
            ]
            if k > 0 { cell.append(ImportedMember(EmitterCellKeys.linearDamping, .number(k))) }
            cell.append(ImportedMember(EmitterCellKeys.scale, .number(Self.scale(of: piece, scalar: scalar, flat: flat))))
            if colors.count == 1 {
                cell.append(ImportedMember(EmitterCellKeys.color, .string(colors[0])))
            } else {
                cell.append(ImportedMember(EmitterCellKeys.colors, .array(colors.map { .string($0) })))
                cell.append(ImportedMember(EmitterCellKeys.paletteOrder, .name(PaletteOrder.sequential)))
            }
            if life > 0 { cell.append(ImportedMember(EmitterCellKeys.alphaSpeed, .number(-1 / life))) }
            if !flat { cell += Self.tumbling(piece, scalar: scalar) }
            cells.append(.object(cell))
        }
        var layer: [ImportedMember] = [
            ImportedMember(LayerKeys.type, .name(Layer.LayerType.emitter)),
            ImportedMember(LayerKeys.name, .string(layerName)),
            ImportedMember(EmitterLayerKeys.emitterPosition, .array([.number(origin.x * Self.canvasWidth), .number(origin.y * Self.canvasHeight)])),
            ImportedMember(EmitterLayerKeys.emitterCells, .array(cells)),
        ]
        if let slide { layer.append(ImportedMember(LayerKeys.animations, .array([slide]))) }
        return (.object(layer), life, particleCount)
    }

    /// The fx scale of a piece: the built-in square is drawn 61 px wide at scale 1, the circle
    /// 60, the star's points reach 30 px from its centre.
    ///
    /// A tumbling square spans 10·scalar·|cos w| by 10·scalar·|sin w| (w its wobble phase): fx
    /// draws a square of 10·scalar/√2 — its size at w = 45°, with the same mean area — whose
    /// width the flutter's tilt narrows. A tumbling circle is an ellipse of radii 6·scalar·|cos
    /// w| and 6·scalar·|sin w|: a circle 12·scalar/√2 across. A star is 8·scalar to its points,
    /// never tumbling. Flat pieces keep their whole size: a square of 10·scalar, a circle of 12.
    static func scale(of piece: Piece, scalar: Double, flat: Bool) -> Double {
        let tumble = flat ? 1 : 1 / 2.0.squareRoot()
        switch piece {
        case .square: return 10 * scalar * tumble / 61
        case .circle: return 12 * scalar * tumble / 60
        case .star: return 8 * scalar / 30
        }
    }

    /// The flutter (and for circles the turning) of a tumbling piece. canvas-confetti draws a
    /// square from its position to its wobble point 10·scalar away: its centre circles
    /// 5·scalar from the position, and its width follows cos(wobble). A circle is drawn at its
    /// position, squashed the same way and turned by π/10 · wobble. A star does not tumble.
    static func tumbling(_ piece: Piece, scalar: Double) -> [ImportedMember] {
        var members: [ImportedMember] = []
        var flutter: [ImportedMember] = []
        switch piece {
        case .star: return []
        case .square:
            flutter.append(ImportedMember(FlutterKeys.wobble, .number(5 * abs(scalar))))
            flutter.append(ImportedMember(FlutterKeys.wobbleSpeed, .number(flutterSpeed)))
            flutter.append(ImportedMember(FlutterKeys.wobbleSpeedRange, .number(flutterSpeedRange)))
        case .circle:
            // The rotation π/10 · wobble: from [0, π) at birth (the wobble starts in [0, 10)),
            // turning at π/10 of the wobble speed.
            members.append(ImportedMember(EmitterCellKeys.rotation, .number(Double.pi / 2)))
            members.append(ImportedMember(EmitterCellKeys.rotationRange, .number(Double.pi)))
            members.append(ImportedMember(EmitterCellKeys.spin, .number(Double.pi / 10 * flutterSpeed)))
            members.append(ImportedMember(EmitterCellKeys.spinRange, .number(Double.pi / 10 * flutterSpeedRange)))
        }
        flutter.append(ImportedMember(FlutterKeys.tiltSpeed, .number(flutterSpeed)))
        flutter.append(ImportedMember(FlutterKeys.tiltSpeedRange, .number(flutterSpeedRange)))
        members.append(ImportedMember(EmitterCellKeys.flutter, .object(flutter)))
        return members
    }

    /// The colors as `#rrggbb`, canvas-confetti's defaults when absent; unreadable ones warned
    /// and left out.
    mutating func colorList(_ options: inout CanvasConfettiConfig.Options) -> [String] {
        guard let written = options.strings("colors") else { return Self.defaultColors }
        var colors: [String] = []
        for (text, line) in written {
            if let text, let color = Self.hexColor(text) {
                colors.append(color)
            } else {
                warn("colors", line: line, "\(text.map { "\"\($0)\"" } ?? "a value that is not a string") is not a hex color canvas-confetti reads: left out")
            }
        }
        if colors.isEmpty {
            warn("colors", line: options.line("colors"), "no color left: canvas-confetti's default colors are used")
            return Self.defaultColors
        }
        return colors
    }

    /// How many of `total` pieces each kind of piece gets. canvas-confetti picks each piece's
    /// shape at random from `shapes` (a shape listed twice is twice as likely); fx emits each
    /// kind from its own cell, so the count is split in proportion, largest remainders first.
    mutating func pieceCounts(_ options: inout CanvasConfettiConfig.Options, total: Int) -> [(Piece, Int)] {
        var weights: [Piece: Int] = [:]
        if let written = options.strings("shapes") {
            for (text, line) in written {
                if let text, let piece = Piece(rawValue: text) {
                    weights[piece, default: 0] += 1
                } else {
                    let what = text.map { "\"\($0)\"" } ?? "a custom shape (confetti.shapeFromPath or shapeFromText)"
                    warn("shapes", line: line, "\(what) is not a shape fx draws: drawn as a square")
                    weights[.square, default: 0] += 1
                }
            }
            if written.isEmpty {
                warn("shapes", line: options.line("shapes"), "an empty list: canvas-confetti's default shapes (square, circle) are used")
            }
        }
        if weights.isEmpty { weights = [.square: 1, .circle: 1] }
        let listed = weights.values.reduce(0, +)
        let kinds = Piece.allCases.filter { weights[$0] != nil }
        var counts = kinds.map { total * weights[$0]! / listed }
        var left = total - counts.reduce(0, +)
        let byRemainder = kinds.indices.sorted {
            (total * weights[kinds[$0]]! % listed, -$0) > (total * weights[kinds[$1]]! % listed, -$1)
        }
        for index in byRemainder where left > 0 {
            counts[index] += 1
            left -= 1
        }
        if kinds.count > 1 && total > 0 {
            warn("shapes", line: options.line("shapes"),
                 "canvas-confetti picks each piece's shape at random, so the split varies from call to call; fx emits each shape from its own cell, always the expected split: \(zip(kinds, counts).map { "\($0.1) \($0.0.rawValue)\($0.1 == 1 ? "" : "s")" }.joined(separator: ", "))")
        }
        return Array(zip(kinds, counts))
    }
}
