#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The kinds of value a key path holds.
public enum ValueKind: String, Sendable {
    /// One number (`opacity`, `position.x`, `birthRate`, …).
    case number
    /// A point: x and y.
    case point
    /// A size: width and height.
    case size
    /// A rectangle: origin and size.
    case rect
    /// An RGBA color.
    case color
    /// A whole layer transform, interpolated by parts.
    case transform
    /// A list of numbers (a gradient's `locations`).
    case numbers
    /// A list of colors (a gradient's `colors`).
    case colors
    /// A path (a shape layer's `path`).
    case path
    /// A flag (`hidden`, `masksToBounds`, a cell's `enabled`).
    case bool
}
