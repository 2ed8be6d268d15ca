import Foundation
import FXCore

/// JSON written in the order it was built, so an imported effect reads top to bottom like the
/// shipped effects (name, canvas, layers, then each cell's keys in a sensible order).
public indirect enum ImportedJSON: Equatable, Sendable {
    /// A number, written without a trailing `.0` when whole and rounded to 6 decimals.
    case number(Double)
    /// A string.
    case string(String)
    /// `true` or `false`.
    case bool(Bool)
    /// An array.
    case array([ImportedJSON])
    /// An object whose members keep their order.
    case object([ImportedMember])

    /// The text of this value, pretty-printed with two-space indentation; short arrays of
    /// numbers and strings stay on one line. `exactNumbers`: every number in the shortest form
    /// that reads back the same, rather than rounded to 6 decimals.
    public func serialized(indent: Int = 0, exactNumbers: Bool = false) -> String {
        let pad = String(repeating: " ", count: indent)
        let inner = String(repeating: " ", count: indent + 2)
        switch self {
        case .number(let value): return exactNumbers ? Self.exactText(of: value) : Self.text(of: value)
        case .string(let text): return Self.quoted(text)
        case .bool(let flag): return flag ? "true" : "false"
        case .array(let items):
            if items.isEmpty { return "[]" }
            if items.allSatisfy({ if case .number = $0 { return true }; if case .string = $0 { return true }; return false }) {
                return "[" + items.map { $0.serialized(exactNumbers: exactNumbers) }.joined(separator: ", ") + "]"
            }
            return "[\n" + items.map { inner + $0.serialized(indent: indent + 2, exactNumbers: exactNumbers) }.joined(separator: ",\n") + "\n" + pad + "]"
        case .object(let members):
            if members.isEmpty { return "{}" }
            return "{\n" + members.map { inner + Self.quoted($0.key) + ": " + $0.value.serialized(indent: indent + 2, exactNumbers: exactNumbers) }
                .joined(separator: ",\n") + "\n" + pad + "}"
        }
    }

    /// A number as JSON: whole numbers without a fraction, others rounded to 6 decimals.
    static func text(of value: Double) -> String {
        guard value.isFinite else { return "0" }
        // Past 1e15 the six decimals do not matter, and scaling by 1e6 would overflow.
        if abs(value) >= 1e15 { return String(format: "%.15g", value) }
        let rounded = (value * 1_000_000).rounded() / 1_000_000
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        return "\(rounded)"
    }

    /// A number as JSON exactly: whole numbers without a fraction, others in Swift's shortest
    /// form that reads back as the same `Double` (`0.0833333`, `1.5707963267948966`, `1e-05`).
    static func exactText(of value: Double) -> String {
        guard value.isFinite else { return "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return value.description
    }

    /// A JSON string literal: FXCore's, as `fx set` writes them.
    static func quoted(_ text: String) -> String {
        JSONValue.quoted(text)
    }
}
