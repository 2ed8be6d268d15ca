import Foundation

/// An archived `SKKeyframeSequence` (SpriteKit's `encodeWithCoder:`: `_values`, `_times`,
/// `_interpolationMode`, `_repeatMode`): values (numbers, or colors as red, green, blue, alpha)
/// at times that are normalized ages when an emitter uses it — 0 at a particle's birth, 1 at its
/// death (Apple's "Animating Particle Properties Across Disparate Values").
struct SpriteKitKeyframeSequence {
    /// The keyframes in time order (a stable sort: SpriteKit samples them by time).
    var keyframes: [(time: Double, value: [Double])]
    /// `SKInterpolationMode`: 1 linear, 2 spline, 3 step.
    var interpolationMode: Int
    /// `SKRepeatMode`: 1 clamp, 2 loop.
    var repeatMode: Int
    /// How many keyframes the file has (more than ``SpriteKitArchive/maximumKeyframes`` are cut).
    var total: Int

    static let linear = 1, spline = 2, step = 3
    static let clamp = 1, loop = 2

    /// A sequence made by the importer (a color sequence tinted by a blend factor sequence).
    init(keyframes: [(time: Double, value: [Double])], interpolationMode: Int) {
        self.keyframes = keyframes
        self.interpolationMode = interpolationMode
        repeatMode = Self.clamp
        total = keyframes.count
    }

    /// The sequence under `key` of `emitter`, or nil when the key is absent or `$null`.
    /// - Throws: ``ImportError/malformed(path:line:message:)`` when it is not a sequence SpriteKit
    ///   could load: values and times of different counts (SpriteKit's `initWithCoder:` raises
    ///   then), a value that is neither a number nor a color, a time that is not a finite number.
    init?(_ key: String, of emitter: SpriteKitArchive.Instance, in archive: SpriteKitArchive, publicName: String) throws {
        guard let sequence = try archive.object(key, of: emitter) else { return nil }
        func fail(_ message: String) -> ImportError { .malformed(path: archive.path, line: 1, message: "\(publicName): \(message)") }
        guard let (values, total) = try archive.elements("_values", of: sequence, limit: SpriteKitArchive.maximumKeyframes),
              let (times, timeTotal) = try archive.elements("_times", of: sequence, limit: SpriteKitArchive.maximumKeyframes) else {
            throw fail("the keyframe sequence has no _values or _times array")
        }
        guard total == timeTotal else { throw fail("\(total) values but \(timeTotal) times; SpriteKit refuses such a sequence ('values' and 'times' arrays must have equal counts)") }
        var keyframes: [(time: Double, value: [Double])] = []
        for (index, (valueNumber, timeNumber)) in zip(values, times).enumerated() {
            let place = "\(publicName)._values[\(index)]"
            let value: [Double]
            switch try archive.resolve(valueNumber, under: place) {
            case .real(let number)?: value = [number]
            case .integer(let number)?: value = [Double(number)]
            case .dictionary?:
                guard let object = try archive.instance(at: valueNumber, under: place), let color = try archive.color(object, under: place) else {
                    throw fail("keyframe \(index) is neither a number nor a color")
                }
                value = color
            default: throw fail("keyframe \(index) is neither a number nor a color")
            }
            let time: Double
            switch try archive.resolve(timeNumber, under: "\(publicName)._times[\(index)]") {
            case .real(let number)?: time = number
            case .integer(let number)?: time = Double(number)
            default: throw fail("time \(index) is not a number")
            }
            guard time.isFinite, value.allSatisfy(\.isFinite) else { throw fail("keyframe \(index) holds a number that is not finite") }
            keyframes.append((time, value))
        }
        guard !keyframes.isEmpty else { return nil }
        guard Set(keyframes.map(\.value.count)).count == 1 else { throw fail("mixes numbers and colors; SpriteKit samples only sequences of one kind") }
        self.keyframes = keyframes.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        interpolationMode = Int(try archive.number("_interpolationMode", of: sequence) ?? 1)
        repeatMode = Int(try archive.number("_repeatMode", of: sequence) ?? 1)
        self.total = total
    }

    /// The sequence's value at normalized age `t` (linear between keyframes, or the last
    /// keyframe at or before `t` for step; the first before the first, the last after the last).
    func value(at t: Double) -> [Double] {
        guard let first = keyframes.first, let last = keyframes.last else { return [] }
        if t <= first.time { return first.value }
        if t >= last.time { return last.value }
        for index in 1..<keyframes.count where t < keyframes[index].time {
            let (a, b) = (keyframes[index - 1], keyframes[index])
            if interpolationMode == Self.step || b.time == a.time { return a.value }
            let f = (t - a.time) / (b.time - a.time)
            return zip(a.value, b.value).map { $0 + ($1 - $0) * f }
        }
        return last.value
    }
}
