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
    /// numbers and strings stay on one line.
    public func serialized(indent: Int = 0) -> String {
        let pad = String(repeating: " ", count: indent)
        let inner = String(repeating: " ", count: indent + 2)
        switch self {
        case .number(let value): return Self.text(of: value)
        case .string(let text): return Self.quoted(text)
        case .bool(let flag): return flag ? "true" : "false"
        case .array(let items):
            if items.isEmpty { return "[]" }
            if items.allSatisfy({ if case .number = $0 { return true }; if case .string = $0 { return true }; return false }) {
                return "[" + items.map { $0.serialized() }.joined(separator: ", ") + "]"
            }
            return "[\n" + items.map { inner + $0.serialized(indent: indent + 2) }.joined(separator: ",\n") + "\n" + pad + "]"
        case .object(let members):
            if members.isEmpty { return "{}" }
            return "{\n" + members.map { inner + Self.quoted($0.key) + ": " + $0.value.serialized(indent: indent + 2) }
                .joined(separator: ",\n") + "\n" + pad + "}"
        }
    }

    /// A number as JSON: whole numbers without a fraction, others rounded to 6 decimals — unless
    /// that changes a number that is not a 32-bit float's (whose further digits are the float's
    /// noise): that is written exactly, in Swift's shortest form that reads back the same, so that
    /// `fx import` of `fx export`'s code gives fx's numbers back (`0.0833333`, `0.5235987755982988`).
    static func text(of value: Double) -> String {
        guard value.isFinite else { return "0" }
        // Past 1e15 the six decimals do not matter, and scaling by 1e6 would overflow.
        if abs(value) >= 1e15 { return String(format: "%.15g", value) }
        let rounded = (value * 1_000_000).rounded() / 1_000_000
        if rounded != value, Double(Float(value)) != value { return value.description }
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        return "\(rounded)"
    }

    /// A JSON string literal: FXCore's, as `fx set` writes them.
    static func quoted(_ text: String) -> String {
        JSONValue.quoted(text)
    }
}
