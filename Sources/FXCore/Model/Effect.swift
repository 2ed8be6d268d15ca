/// A whole effect, as decoded from a v1 effect file: the canvas, the clock, and the layer tree.
public struct Effect: Sendable {
    /// The format version (`fx`); this build reads version 1.
    public var formatVersion: Int
    /// The effect's name, shown in the window title; the file name (without extension) when
    /// the file gives none.
    public var name: String
    /// A one-line summary, shown by `fx list`; empty by default.
    public var description: String
    /// The drawing surface: size in points and background color.
    public var canvas: Canvas
    /// The default length of renders and recordings, and the loop period, in seconds.
    public var duration: Double
    /// Whether the window restarts the effect after `duration`.
    public var loop: Bool
    /// The seed of every random value of a run, 0…4 294 967 295 (default 0); `--seed` overrides
    /// it, and each emitter layer combines it with its own `seed`.
    public var seed: UInt64
    /// Simulation steps per second.
    public var stepRate: Double
    /// The budget of live particles for the whole effect.
    public var maxParticles: Int
    /// Texture names declared in the file, resolved to absolute PNG paths.
    public var textures: [String: String]
    /// The textures declared as atlas frames (`{"path": …, "frame": [x, y, width, height]}`):
    /// the rectangle of the image at `textures[name]`, in its pixels from the top-left corner.
    public var textureFrames: [String: Rect] = [:]
    /// The top-level layers of the layer tree, in file order.
    public var layers: [Layer]
    /// The file the effect was read from, if any.
    public var sourcePath: String?
    /// The moment that shows the effect best, for previews and the gallery (`previewTime`, an
    /// fx key); half the duration when not given.
    public var previewTime: Double?
    /// More moments `fx check` renders and compares with its expectations, besides
    /// ``representativeTime`` (`checkTimes`, an fx key), in seconds; empty by default.
    public var checkTimes: [Double] = []
    /// The effect's reduced-motion variant, if it declares one.
    public var reducedMotion: ReducedMotion?
    /// Scheduled model changes (`transactions`, an fx key), in time order: at each one's time
    /// the key paths' model values change, and those Core Animation animates implicitly run an
    /// implicit animation from the value shown just before. The decoder schedules them on the
    /// layers as animations (``Animation/transactionPart``); after changing this list or the
    /// layers in code, call ``scheduleTransactions()``.
    public var transactions: [Transaction] = []
    /// Legal but suspicious things found while decoding (a cell whose particles never show).
    public var warnings: [Diagnostic] = []

    /// The `duration` of an effect that gives none: 5 seconds.
    public static let defaultDuration = 5.0

    /// The files the effect is made from — its own file, its textures, its fonts — for hot
    /// reloading.
    public var dependencies: [String] {
        var paths = sourcePath.map { [$0] } ?? []
        paths += textures.values.sorted()
        func fonts(_ layers: [Layer]) -> [String] {
            layers.flatMap { layer in (layer.text?.fontPath.map { [$0] } ?? []) + fonts(layer.sublayers) + fonts(layer.mask.map { [$0] } ?? []) }
        }
        paths += Set(fonts(layers)).sorted()
        return paths
    }

    /// The time previews and the gallery show.
    public var representativeTime: Double { previewTime ?? duration / 2 }
    /// The moments `fx check` compares: ``representativeTime``, then ``checkTimes``, sorted,
    /// each once.
    public var checkMoments: [Double] { Array(Set([representativeTime] + checkTimes)).sorted() }
    /// The longest `duration`, and the latest time fx steps to: a day.
    public static let maxDuration = 86_400.0
    /// The `stepRate` of an effect that gives none: 120 steps per second.
    public static let defaultStepRate = 120.0
    /// The `maxParticles` of an effect that gives none.
    public static let defaultMaxParticles = 1_000_000
    /// The largest `maxParticles` an effect file or `--max-particles` may ask for: 4 000 000.
    public static let maxParticlesCeiling = 4_000_000
    /// Step rates outside this range are rejected: below it motion is coarse, above it a
    /// second of effect time costs thousands of steps.
    public static let stepRateRange = 1.0...1000.0

    /// An effect with the given properties; every one but `name` has the file format's default
    /// (an empty layer tree, a looping 5-second effect at 120 steps per second).
    public init(formatVersion: Int = 1, name: String, description: String = "", canvas: Canvas = Canvas(),
                duration: Double = defaultDuration, loop: Bool = true, seed: UInt64 = 0,
                stepRate: Double = defaultStepRate, maxParticles: Int = defaultMaxParticles,
                textures: [String: String] = [:], layers: [Layer] = [], sourcePath: String? = nil) {
        self.formatVersion = formatVersion
        self.name = name
        self.description = description
        self.canvas = canvas
        self.duration = duration
        self.loop = loop
        self.seed = seed
        self.stepRate = stepRate
        self.maxParticles = maxParticles
        self.textures = textures
        self.layers = layers
        self.sourcePath = sourcePath
    }
}
