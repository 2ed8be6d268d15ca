import Foundation

extension JSONValue {
    /// `text` as a JSON string literal: quoted, with quotes, backslashes and control
    /// characters escaped (what `fx set` writes into files and `fx inspect` prints).
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 { result += String(format: "\\u%04x", scalar.value) } else { result.unicodeScalars.append(scalar) }
            }
        }
        return result + "\""
    }

    /// `value` as JSON text, as an effect file writes it: a number as a person writes it (`3`,
    /// `0.35`), a color as `"#rrggbb"` (or `#rrggbbaa`) when its channels are whole 255ths and as
    /// `[r, g, b(, a)]` otherwise, points, sizes and rectangles as lists. What the panel writes
    /// for a value inside a structure (a keyframe value, a stop of `colorOverLife`).
    public static func text(of value: AnimatableValue) -> String {
        if case .color(let color) = value, let hex = EffectDocument.hexColor(color) { return quoted(hex) }
        return EffectDocument.json(value, for: nil, replacing: nil)
    }

    /// A number as JSON text, as a person writes it: `3`, not `3.0`.
    public static func text(of number: Double) -> String {
        format(number)
    }
}
