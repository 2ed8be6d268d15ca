/// How a property's value is written in an effect file.
public enum PropertyForm: Sendable, Equatable {
    /// A JSON number.
    case number
    /// Radians, or a string such as `"90deg"`, `"1.2rad"`, `"0.25turn"`.
    case angle
    /// A whole number.
    case integer
    /// `true` or `false`.
    case boolean
    /// A string.
    case string
    /// One of the listed names.
    case enumeration([String])
    /// A color: `"#rrggbb"`, a CSS name, or `[r, g, b(, a)]` in 0…1.
    case color
    /// `[x, y]`.
    case point
    /// `[width, height]`.
    case size
    /// `[x, y, width, height]`.
    case rect
    /// A size `[width, height]` or a rect `[x, y, width, height]`.
    case bounds
    /// A list of transform operations.
    case transform
    /// A list of colors.
    case colors
    /// A list of numbers.
    case numbers
    /// SVG path data or a circle, rect or ellipse helper.
    case path
    /// A number of repeats, or `"infinity"`.
    case repeatCount
    /// A named timing function or `[c1x, c1y, c2x, c2y]`.
    case timingFunction
    /// A value of the animated key path's kind.
    case keyPathValue
    /// An object or list with keys of its own (`emitterCells`, `colorOverLife`, …).
    case structure

    /// An enumeration of `type`'s cases, by their raw values.
    static func cases<E: CaseIterable & RawRepresentable>(of type: E.Type) -> PropertyForm where E.RawValue == String {
        .enumeration(E.allCases.map(\.rawValue))
    }

    /// The value kind a key path to a property of this form holds.
    public var valueKind: ValueKind? {
        switch self {
        case .number, .angle, .integer: return .number
        case .boolean: return .bool
        case .color: return .color
        case .point: return .point
        case .size: return .size
        case .rect, .bounds: return .rect
        case .transform: return .transform
        case .colors: return .colors
        case .numbers: return .numbers
        case .path: return .path
        case .string, .enumeration, .repeatCount, .timingFunction, .keyPathValue, .structure: return nil
        }
    }
}
