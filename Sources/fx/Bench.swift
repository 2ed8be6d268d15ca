import ArgumentParser
import FXCore
import FXSDL
import Foundation

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure the simulation, the draw list and headless frames (build in release: tools/bench).",
        discussion: """
            Prints one line per figure, `name key=value … number unit` (its parameters, such as \
            particles=100000, between the name and the number), or with --json one JSON \
            document: the machine, the settings and every figure with its parameters and unit, \
            for CI to keep as a history (tools/bench reads it to print the README's table). \
            The simulation runs a \
            confetti-like cell (velocity, gravity, spin, scale speed, color speeds, alpha fade) \
            in steady state — particles dying and being born every step — at 60 steps a second on \
            one core (the simulation_threads lines: at 1 000 000 particles on one thread and on \
            every core). The trails line runs the same world with an 8-segment trail on its cell, \
            stepping and building the draw list each step, beside the same measure without it. \
            tools/bench also runs the C reference loop and prints the ratios.

            Example: fx bench --particles 10000,100000,1000000 --steps 200
            """)

    @Option(help: "Live particle counts to measure, comma-separated.")
    var particles: String = "10000,100000,1000000"

    @Option(help: "Steps measured per count.")
    var steps: Int = 200

    @Flag(help: "Print one JSON document (machine, settings, every figure with its parameters and unit) instead of lines.")
    var json = false

    func validate() throws {
        guard steps > 0 else { throw ValidationError("--steps must be at least 1") }
        guard !counts.isEmpty else { throw ValidationError("--particles must list at least one count above 0 (e.g. 10000,100000)") }
    }

    /// The live particle counts of --particles.
    var counts: [Int] { particles.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }.filter { $0 > 0 } }

    @OptionGroup var threadOptions: ThreadOptions

    func run() throws {
        Bench.recorder = Recorder(echoes: !json)
        try measure()
        let recorder = Bench.recorder
        if let malformed = recorder.malformed { throw malformed }
        if json {
            #if DEBUG
            let build = "debug"
            #else
            let build = "release"
            #endif
            let report = BenchReport(date: ISO8601DateFormatter().string(from: Date()), machine: .current(),
                                     settings: .init(particles: counts, steps: steps, build: build), figures: recorder.figures)
            Swift.print(try report.json(), terminator: "")
        }
    }

    /// What the measures printed: each line parsed into a figure as it comes.
    struct Recorder {
        /// Whether lines are printed as they come (the text output); off for --json.
        var echoes = true
        var figures: [BenchFigure] = []
        /// The first line that is not `name key=value … number unit`: the run fails on it, so
        /// that a measure cannot go missing from the JSON.
        var malformed: BenchFigure.Malformed?
    }

    /// The run's figures; `fx bench` is one command in one process, run on the main thread.
    nonisolated(unsafe) static var recorder = Recorder()

    /// Every figure goes through here: a measure calls `print(String(format: "name key=%d %.3f
    /// unit", …))` in ``Bench`` or an extension of it (a `Bench+Topic.swift` file), and this
    /// member, not Swift's `print`, takes the line — records it as a figure for --json and
    /// prints it for the text output.
    static func print(_ line: String) {
        do {
            recorder.figures.append(try BenchFigure(line: line))
        } catch {
            recorder.malformed = recorder.malformed ?? error
        }
        if recorder.echoes { Swift.print(line) }
    }

    /// The same for the instance methods (`run()`), where the static one is not found by name.
    func print(_ line: String) { Self.print(line) }

    /// Runs every measure; each prints its figures through `Bench.print(_:)`.
    func measure() throws {
        let counts = self.counts
        for count in counts {
            let world = Bench.steadyWorld(particles: count)
            // Five trials of a fifth of the steps each, and the median trial: on a shared
            // machine a burst of other work slows one trial, not the figure (tools/bench runs
            // the C reference the same way).
            let trials = min(5, steps)
            let perTrial = (0..<trials).map { _ in Bench.nanosecondsPerParticleStep(world, steps: steps / trials) }
            print(String(format: "simulation_ns_per_particle_step particles=%d %.3f ns", count, Bench.median(perTrial)))
            if count == counts.max() {
                print(String(format: "bytes_per_particle %d B", ParticleStore.bytesPerParticle))
                print(String(format: "peak_memory particles=%d %.1f MiB", count, Bench.peakMemoryMiB()))
            }
        }
        // fx's motion extensions on the same steady state at 100 000 particles: compare each
        // with simulation_ns_per_particle_step particles=100000.
        let features: [(name: String, cell: (inout EmitterCell) -> Void, layer: (inout EmitterProperties) -> Void)] = [
            ("turbulence", { $0.extensions.turbulence = Turbulence(strength: 200, scale: 80, speed: 0.5, octaves: 2) }, { _ in }),
            ("fields", { _ in }, {
                $0.fields = [ForceField(name: "pull", kind: .attractor, position: Point(x: 640, y: 360), strength: 40, radius: 600,
                                        falloff: .linear),
                             ForceField(name: "wind", kind: .directional, strength: 20)]
            }),
            ("colliders", { _ in }, {
                $0.colliders = [Collider(name: "floor", shape: .line(from: Point(x: 0, y: 700), to: Point(x: 1280, y: 700))),
                                Collider(name: "ball", shape: .circle(center: Point(x: 640, y: 360), radius: 100))]
            }),
        ]
        for feature in features {
            let world = Bench.steadyWorld(particles: 100_000, cell: feature.cell, layer: feature.layer)
            print(String(format: "%@_ns_per_particle_step particles=%d %.3f ns", feature.name, 100_000,
                         Bench.nanosecondsPerParticleStep(world, steps: steps)))
        }
        // The draw list and a headless frame at 100 000 particles, 1280×720.
        let world = Bench.steadyWorld(particles: 100_000)
        let list = DrawList()
        let builder = DrawListBuilder()
        builder.build(world, into: list)
        let start = DispatchTime.now().uptimeNanoseconds
        let repeats = 20
        for _ in 0..<repeats { builder.build(world, into: list) }
        let buildNanoseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / Double(repeats)
        print(String(format: "drawlist_ns_per_particle particles=%d %.3f ns", list.quadCount, buildNanoseconds / Double(max(list.quadCount, 1))))
        // The same with a flutter on the cell: its phases are found per quad from the particle's
        // serial and age (four random draws, two sines), nothing stored.
        let fluttering = Bench.steadyWorld(particles: 100_000) {
            $0.extensions.flutter = Flutter(wobble: 4, wobbleSpeed: 5, wobbleSpeedRange: 2, tiltSpeed: 5, tiltSpeedRange: 2)
        }
        builder.build(fluttering, into: list)
        let flutterStart = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<repeats { builder.build(fluttering, into: list) }
        let flutterNanoseconds = Double(DispatchTime.now().uptimeNanoseconds - flutterStart) / Double(repeats)
        print(String(format: "drawlist_flutter_ns_per_particle particles=%d %.3f ns", list.quadCount, flutterNanoseconds / Double(max(list.quadCount, 1))))
        let renderer = try HeadlessRenderer(width: 1280, height: 720, canvas: world.effect.canvas.size, supersampling: 1)
        renderer.rasterizesParticles = false
        builder.build(world, into: list, pixelsPerPoint: renderer.renderedPixelsPerPoint)
        _ = try renderer.render(list)
        var sdl = 0.0, readback = 0.0
        let frames = 5
        for _ in 0..<frames {
            let timings = try renderer.renderTimed(list)
            sdl += timings.draw
            readback += timings.readback
        }
        print(String(format: "frame_build_ms particles=%d %.2f ms", list.quadCount, buildNanoseconds / 1e6))
        print(String(format: "frame_sdl_geometry_ms particles=%d %.2f ms", list.quadCount, sdl / Double(frames) * 1000))
        print(String(format: "frame_readback_ms %.2f ms", readback / Double(frames) * 1000))
        print(String(format: "frame_ours_over_sdl %.1f %%", (buildNanoseconds / 1e6) / (sdl / Double(frames) * 1000) * 100))
        try Bench.raster()
        try Bench.drawList()
        try Bench.trails(steps: max(steps / 4, 10))
        try Bench.shadows()
        try Bench.threads(steps: steps)
    }

    /// Trails at 100 000 particles: the same steady world with and without an 8-segment trail
    /// on its cell, each step followed by a draw list build (a trail costs in both: its history
    /// is recorded each step and its ribbon drawn each frame), in nanoseconds per particle-step.
    static func trails(steps: Int) throws {
        for trail in [nil, Trail(length: 0.5, segments: 8)] {
            let world = Bench.steadyWorld(particles: 100_000) { $0.extensions.trail = trail }
            let list = DrawList()
            let builder = DrawListBuilder()
            builder.build(world, into: list)
            var particleSteps = 0
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<steps {
                particleSteps += world.liveParticles
                world.step()
                builder.build(world, into: list)
            }
            let perParticleStep = Double(DispatchTime.now().uptimeNanoseconds - start) / Double(max(particleSteps, 1))
            let name = trail == nil ? "step_and_drawlist_ns_per_particle_step" : "trails_ns_per_particle_step"
            print(String(format: "%@ particles=100000 %.3f ns", name, perParticleStep))
        }
    }

    /// Layer shadows at 2 pixels a point: the blur of a new caster (what a frame costs while
    /// the caster or the radius animates), the placing of a kept blur (while the offset,
    /// opacity, color or the layer's position animate), a shadow that does not change, and a
    /// whole headless frame with and without the shadow.
    static func shadows() throws {
        let cases = [("button", "[88, 30]", 3.0), ("card", "[600, 400]", 3.0), ("card", "[600, 400]", 20.0)]
        for (name, bounds, radius) in cases {
            let json = """
                {"fx": 1, "canvas": {"size": [800, 600], "background": "white"}, "layers": [
                  {"type": "layer", "position": [400, 300], "bounds": \(bounds), "cornerRadius": 12, "backgroundColor": "#aaaaaa",
                   "shadowOpacity": 0.5, "shadowRadius": \(radius)}]}
                """
            let player = try EffectPlayer(json: json)
            let list = DrawList()
            player.buildDrawList(into: list, pixelsPerPoint: 2)
            guard var item = list.shadows.first else { continue }
            func milliseconds(_ repeats: Int, _ body: (Int) throws -> Void) rethrows -> Double {
                let start = DispatchTime.now().uptimeNanoseconds
                for index in 0..<repeats { try body(index) }
                return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 / Double(repeats)
            }
            let label = "\(name)=\(bounds.filter { $0 != " " }) radius=\(Int(radius))"
            let blur = try milliseconds(10) { _ in _ = try ShadowCache().image(for: item, canvas: list.size, pixelsPerPoint: 2) }
            let cache = ShadowCache()
            let place = try milliseconds(20) { index in
                item.offset.height = -3 + Double(index) * 0.25
                _ = try cache.image(for: item, canvas: list.size, pixelsPerPoint: 2)
            }
            let kept = try milliseconds(200) { _ in _ = try cache.image(for: item, canvas: list.size, pixelsPerPoint: 2) }
            print(String(format: "shadow_blur_ms %@ %.3f ms", label, blur))
            print(String(format: "shadow_place_ms %@ %.3f ms", label, place))
            print(String(format: "shadow_kept_ms %@ %.4f ms", label, kept))
            // Whole headless frames (800×600 output, drawn at 2×), the shadow kept between them.
            for opacity in [0.5, 0] {
                let frame = try EffectPlayer(json: json.replacingOccurrences(of: "\"shadowOpacity\": 0.5", with: "\"shadowOpacity\": \(opacity)"))
                let renderer = try HeadlessRenderer(width: 800, height: 600, canvas: frame.effect.canvas.size)
                frame.buildDrawList(into: list, pixelsPerPoint: renderer.renderedPixelsPerPoint)
                _ = try renderer.render(list)
                let total = try milliseconds(10) { _ in
                    frame.buildDrawList(into: list, pixelsPerPoint: renderer.renderedPixelsPerPoint)
                    _ = try renderer.render(list)
                }
                print(String(format: "shadow_frame_ms %@ shadow=%@ %.2f ms", label, opacity > 0 ? "yes" : "no", total))
            }
        }
    }

    /// A world holding about `particles` live particles in steady state: lifetime 4…6 s, birth
    /// rate particles / 5, started five seconds in (the layer's timeOffset) so the first step
    /// fills it. The effect is built as a model, so every key it sets is the model's own.
    /// - Parameters:
    ///   - cell: more of the cell (a turbulence, a trail, a flutter).
    ///   - layer: more of the emitter layer (fields, colliders).
    static func steadyWorld(particles: Int, canvas: (Int, Int) = (1280, 720), cell more: (inout EmitterCell) -> Void = { _ in },
                            layer moreOfLayer: (inout EmitterProperties) -> Void = { _ in }) -> World {
        var cell = EmitterCell(name: "confetti")
        cell.contents = .builtin(.rect)
        cell.birthRate = Double(particles) / 5
        cell.lifetime = 5
        cell.lifetimeRange = 2
        cell.velocity = 60
        cell.velocityRange = 40
        cell.emissionRange = 360 * (Double.pi / 180)
        (cell.xAcceleration, cell.yAcceleration) = (2, 30)
        (cell.spin, cell.spinRange) = (0, 12)
        (cell.scale, cell.scaleRange, cell.scaleSpeed) = (0.2, 0.1, -0.01)
        cell.color = Color(red: 1, green: 0.2, blue: 0.3, alpha: 1)
        (cell.redSpeed, cell.greenSpeed, cell.blueSpeed, cell.alphaSpeed) = (-0.16, 0.12, 0.14, -0.2)
        more(&cell)
        var layer = Layer(type: .emitter)
        layer.timing.timeOffset = 5
        layer.emitter?.emitterPosition = Point(x: Double(canvas.0 / 2), y: Double(canvas.1 / 2))
        layer.emitter?.emitterSize = Size(width: Double(canvas.0), height: Double(canvas.1))
        layer.emitter?.emitterShape = .rectangle
        layer.emitter?.emitterCells = [cell]
        moreOfLayer(&layer.emitter!)
        var effect = Effect(name: "bench", canvas: Canvas(size: Size(width: Double(canvas.0), height: Double(canvas.1))),
                            stepRate: 60, maxParticles: max(particles * 2, 1000), layers: [layer])
        effect.assignUniqueNames()
        let world = World(effect: effect)
        // One core, whatever --threads says: the figures compare with the one-thread C
        // reference (Bench+Threads measures every core).
        world.threads = 1
        world.step()
        return world
    }

    /// Steps `world` `steps` times; the nanoseconds per particle-step it took.
    static func nanosecondsPerParticleStep(_ world: World, steps: Int) -> Double {
        var particleSteps = 0
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<max(steps, 1) {
            particleSteps += world.liveParticles
            world.step()
        }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(max(particleSteps, 1))
    }

    /// The middle value (the upper one of the middle two for an even count).
    static func median(_ values: [Double]) -> Double {
        values.isEmpty ? 0 : values.sorted()[values.count / 2]
    }

    /// The process's peak resident memory (VmHWM), in MiB.
    static func peakMemoryMiB() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return 0 }
        let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
        return kilobytes / 1024
    }
}
