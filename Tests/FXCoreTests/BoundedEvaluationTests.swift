import FXCore
import Foundation
import XCTest

/// Keyframe animations and gradients of any size cost a logarithm of their keyframes or stops:
/// the searches that replaced the scans give what the scans gave, on random input.
final class BoundedEvaluationTests: XCTestCase {
    /// A generator of the same numbers on every run (SplitMix64).
    struct Numbers {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    /// Key times as a user (or a program through the API) may give them: in order, in order
    /// with repeats, out of order, or nil.
    static func keyTimes(_ count: Int, style: Int, _ numbers: inout Numbers) -> [Double]? {
        switch style {
        case 0: return nil
        case 1: return (0..<count).map { _ in numbers.unit() }.sorted()
        case 2: return (0..<count).map { _ in Double(numbers.below(4)) / 4 }.sorted()
        default: return (0..<count).map { _ in numbers.unit() }
        }
    }

    /// The segment and local fraction as the scan from the first key time found them.
    static func scannedSegment(_ fraction: Double, count: Int, keyTimes: [Double]?) -> (Int, Double) {
        let times = keyTimes.flatMap { $0.count == count + 1 ? $0 : nil } ?? (0...count).map { Double($0) / Double(count) }
        var segment = 0
        while segment < count - 1 && times[segment + 1] <= fraction { segment += 1 }
        let span = times[segment + 1] - times[segment]
        let local = span > 0 ? (fraction - times[segment]) / span : 1
        return (segment, min(max(local, 0), 1))
    }

    static func scannedDiscreteIndex(_ fraction: Double, count: Int, keyTimes: [Double]?) -> Int {
        let times = keyTimes.flatMap { $0.count >= count ? $0 : nil } ?? (0..<count).map { Double($0) / Double(count) }
        var index = 0
        while index + 1 < count && times[index + 1] <= fraction { index += 1 }
        return index
    }

    /// `position.x` of a layer with one keyframe animation lasting 1 s, at `time`.
    func presented(_ keyframes: Animation.Keyframes, at time: Double, on layer: Layer) throws -> Double {
        var layer = layer
        var animation = Animation(keyPath: try XCTUnwrap(AnimatableKeyPath("position.x", on: layer)), spec: .keyframe(keyframes))
        animation.timing.duration = 1
        layer.animations = [animation]
        return try XCTUnwrap(AnimatableKeyPath("position.x", on: layer)).value(on: layer.presentation(atLocalTime: time)).components[0]
    }

    func testLinearAndDiscreteKeyframesFindTheSegmentAScanFinds() throws {
        let layer = try effect(#"{"fx": 1, "layers": [{"type": "layer", "name": "box", "position": [10, 20]}]}"#).layers[0]
        var numbers = Numbers(state: 32)
        for round in 0..<200 {
            let count = [2, 3, 5, 17, 200, 10_000][round % 6]
            let values = (0..<count).map { _ in numbers.unit() * 200 - 100 }
            let style = numbers.below(4)
            let linearTimes = Self.keyTimes(count, style: style, &numbers)
            let discreteTimes = Self.keyTimes(count + numbers.below(2), style: style, &numbers)
            var linear = Animation.Keyframes(values: values.map { .number($0) }, keyTimes: linearTimes)
            var discrete = Animation.Keyframes(values: values.map { .number($0) }, calculationMode: .discrete)
            // Set after the values, as a program may: the search follows.
            discrete.keyTimes = discreteTimes
            // Moments at random, at key times themselves, and at the ends.
            var moments = (0..<20).map { _ in numbers.unit() }
            moments += (linearTimes ?? []).prefix(5) + (discreteTimes ?? []).prefix(5) + [0, 0.999_999_999, .ulpOfOne]
            for time in moments where time >= 0 && time < 1 {
                let (segment, local) = Self.scannedSegment(time, count: count - 1, keyTimes: linearTimes)
                let expected = AnimatableValue.number(values[segment]).interpolated(to: .number(values[segment + 1]), local).components[0]
                XCTAssertEqual(try presented(linear, at: time, on: layer), expected, "linear, \(count) values, key times \(style), at \(time)")
                let index = Self.scannedDiscreteIndex(time, count: count, keyTimes: discreteTimes)
                XCTAssertEqual(try presented(discrete, at: time, on: layer), values[index], "discrete, \(count) values, key times \(style), at \(time)")
            }
            linear.keyTimes = nil
            let (segment, local) = Self.scannedSegment(0.5, count: count - 1, keyTimes: nil)
            XCTAssertEqual(try presented(linear, at: 0.5, on: layer),
                           AnimatableValue.number(values[segment]).interpolated(to: .number(values[segment + 1]), local).components[0])
        }
    }

    /// A layer's presentation leaves out the animations a later one replaces; what it shows is
    /// what applying every animation in turn shows.
    func testThePresentationIsEveryAnimationAppliedInTurn() throws {
        let layer = try effect(#"{"fx": 1, "layers": [{"type": "layer", "name": "box", "position": [10, 20], "opacity": 0.5}]}"#).layers[0]
        var numbers = Numbers(state: 7)
        let paths = ["position.x", "position", "opacity", "position.y"]
        for _ in 0..<300 {
            var model = layer
            for _ in 0..<(1 + numbers.below(8)) {
                let path = paths[numbers.below(paths.count)]
                let keyPath = try XCTUnwrap(AnimatableKeyPath(path, on: model))
                func value() -> AnimatableValue {
                    keyPath.kind == .point ? .point(Point(x: numbers.unit() * 100, y: numbers.unit() * 100)) : .number(numbers.unit())
                }
                let spec: Animation.Spec
                switch numbers.below(4) {
                case 0: spec = .basic(fromValue: value(), toValue: value(), byValue: nil)
                case 1: spec = .basic(fromValue: nil, toValue: value(), byValue: nil)
                case 2: spec = .keyframe(Animation.Keyframes(values: (0..<(1 + numbers.below(6))).map { _ in value() },
                                                             calculationMode: numbers.below(2) == 0 ? .cubicPaced : .linear))
                default: spec = .keyframe(Animation.Keyframes(values: [value(), value()], calculationMode: .discrete))
                }
                var animation = Animation(keyPath: keyPath, spec: spec)
                animation.timing.beginTime = Double(numbers.below(3)) * 0.3
                animation.timing.duration = 0.2 + numbers.unit()
                animation.timing.fillMode = [.removed, .forwards, .backwards, .both][numbers.below(4)]
                animation.removedOnCompletion = numbers.below(2) == 0
                animation.additive = numbers.below(5) == 0
                animation.cumulative = numbers.below(5) == 0
                animation.timing.repeatCount = Double(numbers.below(3))
                model.animations.append(animation)
            }
            for time in [0, 0.1, 0.35, 0.6, 0.95, 1.4, 3] {
                var applied = model
                for animation in model.animations { animation.apply(to: &applied, at: time) }
                let presented = model.presentation(atLocalTime: time)
                XCTAssertEqual(presented.position, applied.position, "at \(time)")
                XCTAssertEqual(presented.opacity, applied.opacity, "at \(time)")
            }
        }
    }

    /// The color of a gradient of `colors` at `locations` (nil: evenly spread) at t, as the scan
    /// over the stops from the first found it.
    static func scannedColor(_ t: Double, colors: [Color], locations: [Double]?) -> Color {
        let locations = locations.flatMap { $0.count == colors.count ? $0 : nil }
            ?? (0..<colors.count).map { Double($0) / Double(colors.count - 1) }
        if t <= locations[0] { return colors[0] }
        if t >= locations[locations.count - 1] { return colors[colors.count - 1] }
        var index = 0
        while index + 1 < locations.count - 1 && locations[index + 1] <= t { index += 1 }
        let span = locations[index + 1] - locations[index]
        let f = span > 0 ? (t - locations[index]) / span : 0
        let a = colors[index], b = colors[index + 1]
        return Color(red: a.red + (b.red - a.red) * f, green: a.green + (b.green - a.green) * f,
                     blue: a.blue + (b.blue - a.blue) * f, alpha: a.alpha + (b.alpha - a.alpha) * f)
    }

    /// A horizontal gradient over a whole canvas of 400 × 20, drawn, against the scan at each
    /// pixel's centre: evenly spread, sorted and unsorted locations, up to 100 000 stops.
    func testAGradientOfManyStopsHasTheColorsOfTheScan() throws {
        var numbers = Numbers(state: 100_000)
        for (count, style) in [(3, 1), (100_000, 0), (100_000, 1), (5_000, 3), (64, 2)] {
            let colors = (0..<count).map { _ in Color(red: numbers.unit(), green: numbers.unit(), blue: numbers.unit(), alpha: 1) }
            let locations = Self.keyTimes(count, style: style, &numbers)
            let hex = colors.map { color in
                "\"#" + [color.red, color.green, color.blue].map { String(format: "%02x", Int(($0 * 255).rounded())) }.joined() + "\""
            }
            let parsed = hex.map { text -> Color in
                let digits = Array(text.dropFirst(2).dropLast())
                let channel = { (at: Int) in Double(Int(String(digits[at..<at + 2]), radix: 16)!) / 255 }
                return Color(red: channel(0), green: channel(2), blue: channel(4), alpha: 1)
            }
            let locationsJSON = locations.map { ", \"locations\": [" + $0.map { "\($0)" }.joined(separator: ",") + "]" } ?? ""
            let fx = try effect("""
                {"fx": 1, "canvas": {"size": [400, 20]}, "layers": [{"type": "gradient", "position": [200, 10], "bounds": [400, 20],
                  "startPoint": [0, 0.5], "endPoint": [1, 0.5], "colors": [\(hex.joined(separator: ","))]\(locationsJSON)}]}
                """)
            let list = DrawList()
            DrawListBuilder().build(World(effect: fx), into: list)
            let (image, rect) = try XCTUnwrap(list.images.first)
            let left = Int(rect.origin.x.rounded())
            var worst = 0
            for column in 0..<image.width where (0..<400).contains(left + column) {
                let expected = Self.scannedColor((Double(left + column) + 0.5) / 400, colors: parsed, locations: locations)
                let row = image.height / 2
                let pixel = image.pixels[(row * image.width + column) * 4..<(row * image.width + column) * 4 + 3]
                for (byte, channel) in zip(pixel, [expected.red, expected.green, expected.blue]) {
                    worst = max(worst, abs(Int(byte) - Int((channel * 255).rounded())))
                }
            }
            // A wrong pair of stops gives another random color; the pixel centre's position
            // may differ from (column + 0.5) / 400 in its last bits.
            XCTAssertLessThanOrEqual(worst, 1, "\(count) stops, locations \(style)")
        }
    }
}
