import FXCore
import Foundation
import XCTest

/// Random valid effects (``RandomEffectGenerator``), run at random step rates and times, against
/// what fx promises of every effect:
/// - every live particle is alive (born, not yet dead, no older than its cell allows), its
///   channels in 0…1, and its color, alpha and scale those of its cell's curves at its age;
/// - every drawn particle — at the step, or interpolated between steps as the window draws —
///   has its values at the drawn age;
/// - the live particles never exceed the budget;
/// - `fx validate` accepts the effect, and `fx hash` gives the same hashes in two processes,
///   equal to the library's own.
///
/// `FX_PROPERTY_CASES` sets the number of cases (default 30, as `tools/test` runs it) and
/// `FX_PROPERTY_SEED` the first case's seed; a failure names the case's seed and keeps its
/// effect file for reproduction.
final class PropertyTests: XCTestCase {
    func testRandomEffectsKeepEveryInvariant() throws {
        let environment = ProcessInfo.processInfo.environment
        let cases = environment["FX_PROPERTY_CASES"].flatMap(Int.init) ?? 30
        let firstSeed = environment["FX_PROPERTY_SEED"].flatMap(UInt64.init) ?? 1
        let directory = FXProcess.temporaryDirectory()
        var checked: [Case] = []
        for seed in firstSeed..<(firstSeed + UInt64(cases)) {
            var generator = try RandomEffectGenerator(seed: seed)
            let json = RandomEffectGenerator.json(generator.effect())
            let file = directory.appendingPathComponent("case-\(seed).json")
            try json.write(to: file, atomically: true, encoding: .utf8)
            let failuresBefore = testRun?.failureCount ?? 0
            let label = "case \(seed) (\(file.path))"
            let hashed = try check(json: json, file: file, generator: &generator, label: label)
            if (testRun?.failureCount ?? 0) > failuresBefore {
                print("property case \(seed) failed; its effect is kept at \(file.path):\n\(json)")
                return
            }
            if let hashed { checked.append(Case(seed: seed, file: file, json: json, label: label, hash: hashed)) }
        }
        try checkInOtherProcesses(checked)
    }

    /// A case that passed the checks in this process, and what `fx` must say of it.
    struct Case {
        var seed: UInt64
        var file: URL
        var json: String
        var label: String
        /// Its `fx hash --rows` row (`FILE SEED TIME STEP-RATE`), and the library's simulation hash.
        var hash: (row: String, simulation: String)
    }

    /// Every case through the real binary, a process for all of them at a time: `fx validate`
    /// accepts each, and `fx hash --rows` gives each the same hashes in two processes (the second
    /// taking the rows in the opposite order), equal to the library's own. A failing case is
    /// named and its effect file kept; the others' files go.
    func checkInOtherProcesses(_ cases: [Case]) throws {
        guard !cases.isEmpty else { return }
        let validation = try FXProcess.run(["validate"] + cases.map(\.file.path))
        let rows = FXProcess.temporaryDirectory().appendingPathComponent("rows.txt")
        try cases.map { $0.hash.row + "\n" }.joined().write(to: rows, atomically: true, encoding: .utf8)
        let first = try FXProcess.run(["hash", "--rows", rows.path])
        try cases.reversed().map { $0.hash.row + "\n" }.joined().write(to: rows, atomically: true, encoding: .utf8)
        let second = try FXProcess.run(["hash", "--rows", rows.path])
        /// Each row's hashes, by its row.
        func hashes(_ result: FXProcess.Result) -> [String: String] {
            var found: [String: String] = [:]
            for line in result.stdout.split(separator: "\n") {
                let words = line.split(separator: " ")
                if words.count > 4 { found[words.prefix(4).joined(separator: " ")] = words.dropFirst(4).joined(separator: " ") }
            }
            return found
        }
        let (firstHashes, secondHashes) = (hashes(first), hashes(second))
        for check in cases {
            let failuresBefore = testRun?.failureCount ?? 0
            // Its lines (`FILE:LINE:COLUMN: …` for each problem), and its verdict (`FILE: ok…`).
            let said = (validation.stdout + validation.stderr).split(separator: "\n").filter { $0.hasPrefix(check.file.path + ":") }
            XCTAssertTrue(said.contains { $0.hasPrefix(check.file.path + ": ok") },
                          "\(check.label): fx validate rejects it:\n\(said.joined(separator: "\n"))")
            let hashed = firstHashes[check.hash.row]
            XCTAssertNotNil(hashed, "\(check.label): fx hash --rows failed: \(first.stderr)")
            XCTAssertEqual(hashed, secondHashes[check.hash.row], "\(check.label): two processes disagree")
            XCTAssertTrue(hashed?.hasPrefix("simulation \(check.hash.simulation) ") ?? false,
                          "\(check.label): fx hash and the library disagree: \(hashed ?? "")")
            if (testRun?.failureCount ?? 0) > failuresBefore {
                print("property case \(check.seed) failed; its effect is kept at \(check.file.path):\n\(check.json)")
            } else {
                try? FileManager.default.removeItem(at: check.file)
            }
        }
        XCTAssertEqual(validation.status, 0, "fx validate: \(validation.stdout)\(validation.stderr)")
        XCTAssertEqual(first.status, 0, "fx hash --rows: \(first.stderr)")
        XCTAssertEqual(second.status, 0, "fx hash --rows: \(second.stderr)")
    }

    /// Checks the case in this process; returns its `fx hash --rows` row and the library's
    /// simulation hash, for ``checkInOtherProcesses(_:)``, or nil when the effect does not load.
    func check(json: String, file: URL, generator: inout RandomEffectGenerator, label: String) throws -> (row: String, simulation: String)? {
        let effect: Effect
        do {
            effect = try EffectDecoder.decode(bytes: Array(json.utf8), file: file.lastPathComponent)
        } catch {
            XCTFail("\(label): a generated effect does not load:\n\(error)")
            return nil
        }

        let stepRate = generator.pick([24.0, 30, 60, 90, 120, 144, 240])
        let seed = UInt64(Int.random(in: 0...99, using: &generator.random))
        let world = World(effect: effect, seed: seed, stepRate: stepRate)
        let times = (0..<3).map { _ in generator.number(0...3.5) }.sorted()
        let list = DrawList()
        for time in times {
            let target = world.tick(for: time)
            while world.tick < target {
                world.step()
                XCTAssertLessThanOrEqual(world.liveParticles, effect.maxParticles, "\(label): over the budget at tick \(world.tick)")
            }
            let context = "\(label), seed \(seed), step rate \(stepRate), time \(world.time)"
            checkParticles(world, context: context)
            let interpolation = generator.chance(0.3) ? 1 : generator.number(0...1)
            DrawListBuilder().build(world, into: list, interpolation: interpolation)
            checkDrawnParticles(world, list: list, interpolation: interpolation, context: context + ", interpolation \(interpolation)")
        }
        return ("\(file.path) \(seed) \(times.last ?? 0) \(Int(stepRate))", world.stateHash().hex)
    }

    // MARK: - Particles

    /// A curve over life, read independently of fx's code: linear or stepped between keys.
    func curve(_ values: [Double], _ times: [Double], step: Bool, at t: Double) -> Double {
        if t <= times[0] { return values[0] }
        guard let last = times.last, t < last else { return values[values.count - 1] }
        var index = 0
        while index + 2 < times.count && times[index + 1] <= t { index += 1 }
        let span = times[index + 1] - times[index]
        if step || span <= 0 { return values[index] }
        return values[index] + (values[index + 1] - values[index]) * (t - times[index]) / span
    }

    /// Whether `actual` is the curve's value near normalized age `t`: single-precision ages make
    /// `t` uncertain by about 1e-6, which matters only where a stepped curve jumps.
    func matches(_ actual: Double, _ values: [Double], _ times: [Double], step: Bool, at t: Double, clamp: Bool = false) -> Bool {
        let samples = [t - 2e-5, t, t + 2e-5].map { sample -> Double in
            let value = curve(values, times, step: step, at: sample)
            return clamp ? min(max(value, 0), 1) : value
        }
        return actual >= samples.min()! - 2e-4 && actual <= samples.max()! + 2e-4
    }

    func checkParticles(_ world: World, context: String) {
        for emitter in world.emitters {
            let layer = emitter.properties
            let now = emitter.simulatedTime
            for simulation in emitter.allCells {
                let cell = simulation.cell, store = simulation.particles
                let longest = (cell.lifetime + cell.lifetimeRange / 2) * layer.lifetime
                for i in 0..<store.count {
                    let age = Double(store.age[i]), lifetime = age + store.deathTime[i] - now
                    let where_ = "\(context): \(simulation.path) particle \(store.serial[i]) (age \(age), lifetime \(lifetime))"
                    XCTAssertGreaterThanOrEqual(age, 0, where_)
                    XCTAssertGreaterThan(store.deathTime[i], now, "a dead particle is alive: \(where_)")
                    XCTAssertLessThanOrEqual(lifetime, longest + 1e-3 * (1 + longest), "lives longer than its cell allows: \(where_)")
                    for (name, value) in [("red", store.red[i]), ("green", store.green[i]), ("blue", store.blue[i]), ("alpha", store.alpha[i])] {
                        XCTAssertTrue((0...1).contains(value), "\(name) \(value) outside 0…1: \(where_)")
                    }
                    let t = lifetime > 0 ? age / lifetime : 1
                    let extensions = cell.extensions
                    if let colors = extensions.colorOverLife {
                        let step = colors.interpolation == .step
                        let channels = [colors.values.map(\.red), colors.values.map(\.green), colors.values.map(\.blue), colors.values.map(\.alpha)]
                        for (channel, actual) in [store.red[i], store.green[i], store.blue[i]].enumerated() {
                            XCTAssertTrue(matches(Double(actual), channels[channel], colors.times, step: step, at: t),
                                          "channel \(channel) \(actual) is not colorOverLife at t \(t): \(where_)")
                        }
                        if extensions.alphaOverLife == nil {
                            XCTAssertTrue(matches(Double(store.alpha[i]), channels[3], colors.times, step: step, at: t), "alpha off colorOverLife: \(where_)")
                        }
                    }
                    if let alphas = extensions.alphaOverLife {
                        XCTAssertTrue(matches(Double(store.alpha[i]), alphas.values, alphas.times, step: alphas.interpolation == .step, at: t, clamp: true),
                                      "alpha \(store.alpha[i]) is not alphaOverLife at t \(t): \(where_)")
                    }
                    if extensions.alignsToVelocity && (store.vx[i] != 0 || store.vy[i] != 0) {
                        let direction = atan2(Double(store.vy[i]), Double(store.vx[i]))
                        XCTAssertEqual(remainder(Double(store.rotation[i]) - direction, 2 * .pi), 0, accuracy: 1e-3,
                                       "an aligned particle does not face its direction of travel: \(where_)")
                    }
                    checkBirthRanges(cell, layer: layer, store: store, i, age: age, t: t, topLevel: !simulation.path.dropFirst().contains(".emitterCells."),
                                     where_: where_)
                    if let scales = extensions.scaleOverLife {
                        let base = Double(store.extra[0][i])
                        let factor = base == 0 ? 0 : Double(store.scale[i]) / base
                        XCTAssertTrue(base == 0 ? store.scale[i] == 0 : matches(factor, scales.values, scales.times, step: scales.interpolation == .step, at: t),
                                      "scale \(store.scale[i]) is not \(base) × scaleOverLife at t \(t): \(where_)")
                    }
                }
            }
        }
    }

    /// Without a curve for them, a particle's channels and scale are its birth value — drawn
    /// within mean ± range/2 (the mean one of `colors` when the cell has a palette) — moved by
    /// its speed over its age and clamped, or, with an end value, on the line from it to its own
    /// end value (within the end range) at normalized age `t`; its speed is within `velocity` ±
    /// `velocityRange`/2 while nothing accelerates or limits it.
    func checkBirthRanges(_ cell: EmitterCell, layer: EmitterProperties, store: ParticleStore, _ i: Int, age: Double, t: Double,
                          topLevel: Bool, where_: String) {
        func clamp(_ x: Double) -> Double { min(max(x, 0), 1) }
        let extensions = cell.extensions
        if extensions.colorOverLife == nil {
            let means = extensions.colors.isEmpty ? [cell.color] : extensions.colors
            let end = extensions.endColor
            let channels: [(String, [Double], Double, Double, Float, Double?, Double)] = [
                ("red", means.map(\.red), cell.redRange, cell.redSpeed, store.red[i], end?.red, extensions.endRedRange),
                ("green", means.map(\.green), cell.greenRange, cell.greenSpeed, store.green[i], end?.green, extensions.endGreenRange),
                ("blue", means.map(\.blue), cell.blueRange, cell.blueSpeed, store.blue[i], end?.blue, extensions.endBlueRange),
            ] + (extensions.alphaOverLife == nil
                 ? [("alpha", means.map(\.alpha), cell.alphaRange, cell.alphaSpeed, store.alpha[i], end?.alpha, extensions.endAlphaRange)] : [])
            for (name, means, range, speed, actual, endMean, endRange) in channels {
                let birthLow = clamp(means.min()! - range / 2), birthHigh = clamp(means.max()! + range / 2)
                var low: Double, high: Double
                if let endMean {
                    low = (1 - t) * birthLow + t * clamp(endMean - endRange / 2)
                    high = (1 - t) * birthHigh + t * clamp(endMean + endRange / 2)
                } else {
                    low = clamp(birthLow + speed * age)
                    high = clamp(birthHigh + speed * age)
                }
                // Sub-particles take their parent's color, alpha included, as a factor: only
                // the upper bound holds.
                if !topLevel { low = 0 }
                XCTAssertTrue(Double(actual) >= low - 1e-4 && Double(actual) <= high + 1e-4,
                              "\(name) \(actual) outside its birth range moved by its speed [\(low), \(high)]: \(where_)")
            }
        }
        // A sub-particle's scale, range and speed are its parent's scale times the cell's (any
        // number, as the parent's own changes): only a top-level cell's are bounded by its own.
        if extensions.scaleOverLife == nil && topLevel {
            let a = (cell.scale - cell.scaleRange / 2) * layer.scale, b = (cell.scale + cell.scaleRange / 2) * layer.scale
            var low = min(a, b) + cell.scaleSpeed * age, high = max(a, b) + cell.scaleSpeed * age
            if let endScale = extensions.endScale {
                let c = (endScale - extensions.endScaleRange / 2) * layer.scale, d = (endScale + extensions.endScaleRange / 2) * layer.scale
                low = (1 - t) * min(a, b) + t * min(c, d)
                high = (1 - t) * max(a, b) + t * max(c, d)
            }
            let actual = Double(store.scale[i])
            XCTAssertTrue(actual >= low - 1e-4 * (1 + abs(low)) && actual <= high + 1e-4 * (1 + abs(high)),
                          "scale \(actual) outside [\(low), \(high)]: \(where_)")
        }
        let accelerated = cell.xAcceleration != 0 || cell.yAcceleration != 0 || cell.zAcceleration != 0
            || extensions.radialAcceleration != 0 || extensions.tangentialAcceleration != 0 || extensions.linearDamping != 0
            || extensions.xAccelerationRange != 0 || extensions.yAccelerationRange != 0 || extensions.zAccelerationRange != 0
            || extensions.radialAccelerationRange != 0 || extensions.tangentialAccelerationRange != 0 || EmitterCellKeys.maxSpeed.value(on: cell) != .number(0)
        if !accelerated {
            let a = (cell.velocity - cell.velocityRange / 2) * layer.velocity, b = (cell.velocity + cell.velocityRange / 2) * layer.velocity
            let low = a <= 0 && b >= 0 ? 0 : min(abs(a), abs(b)), high = max(abs(a), abs(b))
            let speed = Double((store.vx[i] * store.vx[i] + store.vy[i] * store.vy[i] + store.vz[i] * store.vz[i]).squareRoot())
            XCTAssertTrue(speed >= low - 1e-3 * (1 + low) && speed <= high + 1e-3 * (1 + high), "speed \(speed) outside [\(low), \(high)]: \(where_)")
        }
    }

    // MARK: - Drawn particles

    /// Walks the draw list's quads in the order the builder writes them (emitters in file
    /// order, cells depth first, particles in store order, for the unsorted render modes) and
    /// checks each quad's color, alpha and size against its particle at the drawn age.
    func checkDrawnParticles(_ world: World, list: DrawList, interpolation: Double, context: String) {
        let rewind = (1 - min(max(interpolation, 0), 1)) * world.stepDuration
        var quad = 0
        for emitter in world.emitters {
            let mode = emitter.properties.renderMode
            let drawsInStoreOrder = mode == .unordered || mode == .additive
            let now = emitter.simulatedTime
            for simulation in emitter.allCells {
                let cell = simulation.cell, store = simulation.particles
                // Contents choices batch a cell's quads by texture, out of store order: the walk
                // stops there (ParticleBehaviorTests checks their quads).
                if !cell.extensions.contentsChoices.isEmpty { return }
                guard let texture = cell.contents, store.count > 0 else { continue }
                let frames = cell.extensions.spriteFrames
                let width = texture.pixelSize.width * cell.contentsRect.size.width / Double(frames?.columns ?? 1) / cell.contentsScale
                let height = texture.pixelSize.height * cell.contentsRect.size.height / Double(frames?.rows ?? 1) / cell.contentsScale
                // A quad reaching 100 000 points from the origin is not drawn (the builder's
                // bound on rasterizing time): nil near that bound, where the walk stops.
                func drawn(_ i: Int) -> Bool? {
                    let extent = (width + height) / 2 * abs(Double(store.scale[i]))
                    let reach = max(extent, Double(abs(store.x[i])), Double(abs(store.y[i])))
                    return reach > 100_000 * 1.01 ? false : reach < 100_000 * 0.99 ? true : nil
                }
                guard drawsInStoreOrder else {
                    // Sorted modes interleave the cells' quads: count this cell's, check none.
                    for i in 0..<store.count {
                        guard let drawn = drawn(i) else { return }
                        if drawn { quad += 1 }
                    }
                    continue
                }
                for i in 0..<store.count {
                    guard let drawn = drawn(i) else { return }
                    if !drawn { continue }
                    guard 4 * quad + 1 < list.vertices.count else {
                        return XCTFail("\(context): \(simulation.path) particle \(i) is not drawn (\(list.vertices.count / 4) quads)")
                    }
                    let v0 = list.vertices[4 * quad], v1 = list.vertices[4 * quad + 1]
                    quad += 1
                    let age = Double(store.age[i]), back = min(rewind, age), drawnAge = age - back
                    let lifetime = age + store.deathTime[i] - now
                    let t = lifetime > 0 ? drawnAge / lifetime : 1
                    let extensions = cell.extensions
                    // The simulation's rules, in its order: speeds, then curves.
                    var red = min(max(Double(store.red[i]) - cell.redSpeed * back, 0), 1)
                    var green = min(max(Double(store.green[i]) - cell.greenSpeed * back, 0), 1)
                    var blue = min(max(Double(store.blue[i]) - cell.blueSpeed * back, 0), 1)
                    var alpha = min(max(Double(store.alpha[i]) - cell.alphaSpeed * back, 0), 1)
                    var scale = Double(store.scale[i]) - cell.scaleSpeed * back
                    if back == 0 {
                        (red, green, blue, alpha, scale) = (Double(store.red[i]), Double(store.green[i]), Double(store.blue[i]),
                                                            Double(store.alpha[i]), Double(store.scale[i]))
                    }
                    var stepped = false
                    // A particle's own rates toward its end values are undone by the draw list
                    // (ParticleBehaviorTests checks it against the previous step); here only at
                    // the step itself.
                    let skipsColor = back > 0 && extensions.endColor != nil && extensions.colorOverLife == nil
                    // So is a sub-particle's scale speed, its parent's scale times the cell's
                    // (CoreAnimationInheritanceTests checks it).
                    let inheritsScaleSpeed = simulation.path.dropFirst().contains(".emitterCells.") && cell.scaleSpeed != 0
                    let skipsSize = back > 0 && (extensions.endScale != nil || inheritsScaleSpeed) && extensions.scaleOverLife == nil
                    if back > 0, let colors = extensions.colorOverLife {
                        stepped = stepped || colors.interpolation == .step
                        red = curve(colors.values.map(\.red), colors.times, step: colors.interpolation == .step, at: t)
                        green = curve(colors.values.map(\.green), colors.times, step: colors.interpolation == .step, at: t)
                        blue = curve(colors.values.map(\.blue), colors.times, step: colors.interpolation == .step, at: t)
                        alpha = curve(colors.values.map(\.alpha), colors.times, step: colors.interpolation == .step, at: t)
                    }
                    if back > 0, let alphas = extensions.alphaOverLife {
                        stepped = stepped || alphas.interpolation == .step
                        alpha = min(max(curve(alphas.values, alphas.times, step: alphas.interpolation == .step, at: t), 0), 1)
                    }
                    if back > 0, let scales = extensions.scaleOverLife {
                        stepped = stepped || scales.interpolation == .step
                        scale = Double(store.extra[0][i]) * curve(scales.values, scales.times, step: scales.interpolation == .step, at: t)
                    }
                    // A stepped curve may jump within single-precision rounding of the drawn age.
                    let tolerance = stepped ? 256.0 : 1.01
                    let where_ = "\(context): \(simulation.path) particle \(store.serial[i]) drawn at age \(drawnAge) (t \(t))"
                    if !skipsColor {
                        XCTAssertEqual(Double(v0.red), red * 255, accuracy: tolerance, "red: \(where_)")
                        XCTAssertEqual(Double(v0.green), green * 255, accuracy: tolerance, "green: \(where_)")
                        XCTAssertEqual(Double(v0.blue), blue * 255, accuracy: tolerance, "blue: \(where_)")
                    }
                    if !skipsColor || extensions.alphaOverLife != nil {
                        XCTAssertEqual(Double(v0.alpha), alpha * 255, accuracy: tolerance, "alpha: \(where_)")
                    }
                    let side = Double(((v1.x - v0.x) * (v1.x - v0.x) + (v1.y - v0.y) * (v1.y - v0.y)).squareRoot())
                    if !skipsSize {
                        XCTAssertEqual(side, width * abs(scale), accuracy: stepped ? .infinity : 1e-3 * (1 + width * abs(scale)), "size: \(where_)")
                    }
                }
            }
        }
    }
}
