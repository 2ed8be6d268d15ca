#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value an animation produces or a key path holds. Values of one kind form a vector space
/// (add, scale, distance), which is all that linear, paced, cubic and spring interpolation need.
public enum AnimatableValue: Equatable, Sendable {
    /// One number, in the key path's own unit (points, radians, 0…1, per second, …).
    case number(Double)
    /// A point (`position`, `anchorPoint`, `emitterPosition`, …).
    case point(Point)
    /// A size (`bounds.size`, `emitterSize`, `transform.translation`).
    case size(Size)
    /// A rectangle (`bounds`, `contentsRect`).
    case rect(Rect)
    /// A color (`backgroundColor`, a cell's `color`, …).
    case color(Color)
    /// A whole transform (`transform`, `sublayerTransform`, `instanceTransform`), by parts.
    case transform(TransformValue)
    /// A list of numbers (a gradient's `locations`).
    case numbers([Double])
    /// A list of colors (a gradient's `colors`).
    case colors([Color])
    /// A path (a shape layer's `path`); only paths with the same commands interpolate.
    case path(Path)
    /// A flag: 0 or 1 as a component, true again from 0.5 up.
    case bool(Bool)

    /// The kind of this value, to check it against a key path's ``AnimatableKeyPath/kind``.
    public var kind: ValueKind {
        switch self {
        case .number: return .number
        case .point: return .point
        case .size: return .size
        case .rect: return .rect
        case .color: return .color
        case .transform: return .transform
        case .numbers: return .numbers
        case .colors: return .colors
        case .path: return .path
        case .bool: return .bool
        }
    }

    /// The value as a flat vector of numbers (booleans as 0 or 1).
    public var components: [Double] {
        switch self {
        case .number(let n): return [n]
        case .point(let p): return [p.x, p.y]
        case .size(let s): return [s.width, s.height]
        case .rect(let r): return [r.origin.x, r.origin.y, r.size.width, r.size.height]
        case .color(let c): return [c.red, c.green, c.blue, c.alpha]
        case .transform(let t): return t.components
        case .numbers(let values): return values
        case .colors(let colors): return colors.flatMap { [$0.red, $0.green, $0.blue, $0.alpha] }
        case .path(let path): return path.points.flatMap { [$0.x, $0.y] }
        case .bool(let flag): return [flag ? 1 : 0]
        }
    }

    /// A value of the same kind and shape as `self` with new components.
    public func with(components c: [Double]) -> AnimatableValue {
        switch self {
        case .number: return .number(c[0])
        case .point: return .point(Point(x: c[0], y: c[1]))
        case .size: return .size(Size(width: c[0], height: c[1]))
        case .rect: return .rect(Rect(x: c[0], y: c[1], width: c[2], height: c[3]))
        case .color: return .color(Color(red: c[0], green: c[1], blue: c[2], alpha: c[3]))
        case .transform: return .transform(TransformValue(components: c))
        case .numbers: return .numbers(c)
        case .colors:
            return .colors(stride(from: 0, to: c.count, by: 4).map { Color(red: c[$0], green: c[$0 + 1], blue: c[$0 + 2], alpha: c[$0 + 3]) })
        case .path(let path):
            return .path(path.replacingPoints(stride(from: 0, to: c.count, by: 2).map { Point(x: c[$0], y: c[$0 + 1]) }))
        case .bool: return .bool(c[0] >= 0.5)
        }
    }

    /// Whether `other` can be interpolated with `self`: same kind, same number of components
    /// (and, for paths, the same commands).
    public func isCompatible(with other: AnimatableValue) -> Bool {
        switch (self, other) {
        case (.path(let a), .path(let b)): return a.hasSameStructure(as: b)
        case (.numbers(let a), .numbers(let b)): return a.count == b.count
        case (.colors(let a), .colors(let b)): return a.count == b.count
        // Every other kind has a fixed number of components.
        default: return kind == other.kind
        }
    }

    /// Component-wise linear combination `a·self + b·other`.
    public func combined(_ a: Double, _ other: AnimatableValue, _ b: Double) -> AnimatableValue {
        // The kinds animations use most, without building component arrays (the same
        // arithmetic, component by component): this runs for every animated value every frame.
        switch (self, other) {
        case (.number(let x), .number(let y)):
            return .number(a * x + b * y)
        case (.point(let p), .point(let q)):
            return .point(Point(x: a * p.x + b * q.x, y: a * p.y + b * q.y))
        case (.size(let p), .size(let q)):
            return .size(Size(width: a * p.width + b * q.width, height: a * p.height + b * q.height))
        case (.rect(let p), .rect(let q)):
            return .rect(Rect(x: a * p.origin.x + b * q.origin.x, y: a * p.origin.y + b * q.origin.y,
                              width: a * p.size.width + b * q.size.width, height: a * p.size.height + b * q.size.height))
        case (.color(let p), .color(let q)):
            return .color(Color(red: a * p.red + b * q.red, green: a * p.green + b * q.green, blue: a * p.blue + b * q.blue,
                                alpha: a * p.alpha + b * q.alpha))
        default:
            break
        }
        let x = components, y = other.components
        return with(components: zip(x, y).map { a * $0 + b * $1 })
    }

    /// `self + other`, component by component; for transforms, translations and rotations add
    /// and scales multiply.
    public func adding(_ other: AnimatableValue) -> AnimatableValue {
        if case .transform(let t) = self, case .transform(let u) = other {
            // Transforms add by composition of parts: translations and rotations add, scales multiply.
            var sum = t
            sum.translationX += u.translationX; sum.translationY += u.translationY; sum.translationZ += u.translationZ
            sum.rotationX += u.rotationX; sum.rotationY += u.rotationY; sum.rotationZ += u.rotationZ
            sum.scaleX *= u.scaleX; sum.scaleY *= u.scaleY; sum.scaleZ *= u.scaleZ
            return .transform(sum)
        }
        return combined(1, other, 1)
    }

    /// The value added to itself `count` times (a cumulative animation's offset after `count`
    /// repeats): translations and rotations multiply by the count, scales are raised to it.
    public func repeated(_ count: Int) -> AnimatableValue {
        if case .transform(let t) = self {
            var result = t
            let n = Double(count)
            result.translationX *= n; result.translationY *= n; result.translationZ *= n
            result.rotationX *= n; result.rotationY *= n; result.rotationZ *= n
            result.scaleX = pow(t.scaleX, n); result.scaleY = pow(t.scaleY, n); result.scaleZ = pow(t.scaleZ, n)
            result.perspective = t.perspective
            return .transform(result)
        }
        return combined(Double(count), self, 0)
    }

    /// `self − other`, component by component, undoing ``adding(_:)``; for transforms,
    /// translations and rotations subtract and scales divide (0 for a zero scale).
    public func subtracting(_ other: AnimatableValue) -> AnimatableValue {
        if case .transform(let t) = self, case .transform(let u) = other {
            var difference = t
            difference.translationX -= u.translationX; difference.translationY -= u.translationY; difference.translationZ -= u.translationZ
            difference.rotationX -= u.rotationX; difference.rotationY -= u.rotationY; difference.rotationZ -= u.rotationZ
            difference.scaleX = u.scaleX == 0 ? 0 : t.scaleX / u.scaleX
            difference.scaleY = u.scaleY == 0 ? 0 : t.scaleY / u.scaleY
            difference.scaleZ = u.scaleZ == 0 ? 0 : t.scaleZ / u.scaleZ
            return .transform(difference)
        }
        return combined(1, other, -1)
    }

    /// `self + (other − self)·t`.
    public func interpolated(to other: AnimatableValue, _ t: Double) -> AnimatableValue {
        combined(1 - t, other, t)
    }

    /// Euclidean distance between the component vectors, for paced keyframes.
    public func distance(to other: AnimatableValue) -> Double {
        if case .number(let a) = self, case .number(let b) = other {
            // The sum below with one term, without the vectors (a cubic-paced table measures
            // thousands of these).
            return (0 + (a - b) * (a - b)).squareRoot()
        }
        return zip(components, other.components).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
    }
}
