import ArgumentParser
import FXCore
import Foundation

struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the state of an effect at a time as JSON.",
        discussion: """
            For each emitter layer (by its unique name) and each cell (by its path, e.g. \
            emitterCells.blue): alive and born counts, and {min, mean, max} of x and y (canvas \
            points), scale and alpha (null when no particle is alive). Under "values", the \
            presentation value (animations applied) of each --keypath, or with no --keypath, of \
            every animated key path in the effect (masks' and sublayers' too). LAYER is a layer's \
            unique name, optionally followed by steps to its mask or a sublayer: \
            label.mask.locations, ring.sublayers.dot.opacity, ring.sublayers[0].opacity.

            Example: fx inspect confetti --time 2.5 --seed 3 --keypath confetti.emitterCells.red.birthRate
            """)

    @OptionGroup var options: EffectOptions

    @Option(parsing: .unconditional, help: ArgumentHelp(EffectOptions.timeHelp, valueName: "seconds"))
    var time: Double?

    @Option(name: .customLong("keypath"), help: "LAYER.KEYPATH to report, e.g. burst.emitterCells.blue.birthRate or label.mask.locations (repeatable).")
    var keyPaths: [String] = []

    func validate() throws {
        if let time { try validateTime(time) }
    }

    func run() throws {
        let effect = try options.load()
        let player = EffectPlayer(effect: effect, seed: options.seed, stepRate: options.stepRate, defersPrewarm: true)
        let moment = time ?? effect.representativeTime
        try SlicedSeek.seek(player, to: moment, what: "\(effect.name) to \(format(moment)) s")
        let snapshot = player.snapshot()
        var values: [(String, JSONOutput)] = []
        let all = snapshot.effect.allPresentationLayers(at: snapshot.time)
        // Without --keypath, every animated key path of every layer is reported.
        let requested = keyPaths.isEmpty ? all.flatMap { placed in placed.model.animatedKeyPaths.map { placed.name + "." + $0 } } : keyPaths
        for keyPath in requested {
            do {
                let (placed, resolved) = try snapshot.effect.resolve(keyPath, in: all)
                values.append((keyPath, JSONOutput(resolved.value(on: placed.layer))))
            } catch {
                printError("fx: --keypath \(error)")
                throw ExitCode(1)
            }
        }
        let layers = snapshot.effect.presentationLayers(at: snapshot.time)
        let report = JSONOutput.object([
            ("time", .number(snapshot.time)),
            ("seed", .number(Double(snapshot.seed))),
            ("stepRate", .number(snapshot.stepRate)),
            ("layers", .array(snapshot.emitters.map { Self.describe($0, layers: layers) })),
            ("values", .object(values)),
        ])
        print(report.serialized())
    }

    static func describe(_ emitter: EmitterSnapshot, layers: [PlacedLayer]) -> JSONOutput {
        .object([
            ("name", .string(emitter.name)),
            ("type", .string("emitter")),
            ("cells", .array(emitter.cells.map { cell -> JSONOutput in
                let store = cell.particles
                let transform = layers.first { $0.name == emitter.name }?.transformToCanvas ?? .identity
                var xs = Statistics(), ys = Statistics(), scales = Statistics(), alphas = Statistics()
                for i in 0..<store.count {
                    let point = transform.apply(to: Point(x: Double(store.x[i]), y: Double(store.y[i])))
                    xs.add(point.x)
                    ys.add(point.y)
                    scales.add(Double(store.scale[i]))
                    alphas.add(Double(store.alpha[i]))
                }
                return JSONOutput.object([
                    ("path", .string(cell.path)),
                    ("alive", .number(Double(store.count))),
                    ("born", .number(Double(cell.born))),
                    ("x", xs.json), ("y", ys.json), ("scale", scales.json), ("alpha", alphas.json),
                ])
            })),
        ])
    }
}

/// Running minimum, mean and maximum.
struct Statistics {
    var count = 0
    var sum = 0.0
    var minimum = Double.infinity
    var maximum = -Double.infinity

    mutating func add(_ value: Double) {
        count += 1
        sum += value
        minimum = min(minimum, value)
        maximum = max(maximum, value)
    }

    var json: JSONOutput {
        guard count > 0 else { return .object([("min", .null), ("mean", .null), ("max", .null)]) }
        return .object([("min", .number(minimum)), ("mean", .number(sum / Double(count))), ("max", .number(maximum))])
    }
}

/// JSON written in a fixed key order, so output is stable and reads in a sensible order.
indirect enum JSONOutput {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONOutput])
    case object([(String, JSONOutput)])

    init(_ value: AnimatableValue) {
        switch value {
        case .number(let number): self = .number(number)
        case .bool(let flag): self = .bool(flag)
        case .transform(let transform):
            self = .object([
                ("translation", .array([.number(transform.translationX), .number(transform.translationY), .number(transform.translationZ)])),
                ("rotation", .array([.number(transform.rotationX), .number(transform.rotationY), .number(transform.rotationZ)])),
                ("scale", .array([.number(transform.scaleX), .number(transform.scaleY), .number(transform.scaleZ)])),
                ("perspective", .number(transform.perspective)),
            ])
        case .colors(let colors):
            self = .array(colors.map { .array([.number($0.red), .number($0.green), .number($0.blue), .number($0.alpha)]) })
        case .path(let path):
            self = .array(path.points.map { .array([.number($0.x), .number($0.y)]) })
        default:
            self = .array(value.components.map { .number($0) })
        }
    }

    func serialized(indent: String = "") -> String {
        let inner = indent + "  "
        switch self {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number):
            guard number.isFinite else { return "null" }
            if number == number.rounded() && abs(number) < 1e15 { return String(Int64(number)) }
            return String(number)
        case .string(let text):
            return JSONValue.quoted(text)
        case .array(let elements):
            if elements.isEmpty { return "[]" }
            if elements.allSatisfy({ if case .number = $0 { return true } else { return false } }) {
                return "[" + elements.map { $0.serialized() }.joined(separator: ", ") + "]"
            }
            return "[\n" + elements.map { inner + $0.serialized(indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        case .object(let members):
            if members.isEmpty { return "{}" }
            if members.allSatisfy({ if case .number = $0.1 { return true } else if case .null = $0.1 { return true } else { return false } }) {
                return "{" + members.map { JSONOutput.string($0.0).serialized() + ": " + $0.1.serialized() }.joined(separator: ", ") + "}"
            }
            return "{\n" + members.map { inner + JSONOutput.string($0.0).serialized() + ": " + $0.1.serialized(indent: inner) }
                .joined(separator: ",\n") + "\n" + indent + "}"
        }
    }
}
