import Foundation

/// The one conversion every number read from a foreign file goes through before an importer
/// computes with it or makes a whole number of it: a value that is not a number (NaN) or is
/// infinite is refused with an error naming the file, line and key; a whole number outside the
/// range fx can use (a `maxParticles` of 1e300) is clamped into it with a warning. Nothing an
/// importer reads can then trap a conversion to `Int` (docs/importing.md, "Errors and warnings").
enum ImportedNumber {
    /// What ``whole(_:in:)`` made of a number.
    enum Whole: Equatable {
        /// The number, rounded toward zero, was in the range.
        case exact(Int)
        /// The number (or ±infinity) was outside the range: the nearest end.
        case clamped(Int)
        /// NaN: no whole number stands for it.
        case notANumber

        /// The whole number, exact or clamped; nil for NaN.
        var value: Int? {
            switch self {
            case .exact(let number), .clamped(let number): return number
            case .notANumber: return nil
            }
        }

        /// The whole number when the value was in the range; nil when it was clamped or NaN
        /// (an index into a list: one past the end is no element).
        var exactValue: Int? {
            if case .exact(let number) = self { return number }
            return nil
        }
    }

    /// `value` rounded toward zero, clamped into `range`; never traps, whatever the value.
    static func whole(_ value: Double, in range: ClosedRange<Int>) -> Whole {
        guard !value.isNaN else { return .notANumber }
        // Compared as Doubles first: `Int(value)` traps past ±2⁶³, and Double(Int.max) rounds
        // up to 2⁶³, so the ends are taken before any conversion.
        if value <= Double(range.lowerBound) { return value.rounded(.towardZero) == Double(range.lowerBound) ? .exact(range.lowerBound) : .clamped(range.lowerBound) }
        if value >= Double(range.upperBound) { return value.rounded(.towardZero) == Double(range.upperBound) ? .exact(range.upperBound) : .clamped(range.upperBound) }
        return .exact(Int(value.rounded(.towardZero)))
    }

    /// `value` when it is a finite number; else an error at `file:line` naming `key`.
    /// - Parameters:
    ///   - value: the number as read.
    ///   - file: the source file, as the user named it.
    ///   - line: the 1-based line of the key (1 when the format has no lines).
    ///   - key: the source's key, as written.
    /// - Throws: ``ImportError/malformed(path:line:message:)`` for NaN and ±infinity.
    static func finite(_ value: Double, file: String, line: Int, key: String) throws -> Double {
        guard value.isFinite else {
            throw ImportError.malformed(path: file, line: line,
                                        message: "\(key): \(value.isNaN ? "nan" : value < 0 ? "-infinity" : "infinity") is not a number fx can use; write a finite number")
        }
        return value
    }

    /// A number written as text (a `.pex` attribute, a numeric string in JSON options): decimal,
    /// with optional surrounding spaces, as ``finite(_:file:line:key:)`` then checks it. Nil when
    /// the text is not a number at all.
    static func parse(_ text: String) -> Double? {
        Double(text.trimmingCharacters(in: .whitespaces))
    }

    /// `value` as a whole number in `range` for the importer to compute with: NaN and ±infinity
    /// refused (see ``finite(_:file:line:key:)``), a number outside the range clamped to it
    /// with a warning appended to `warnings`.
    /// - Parameter why: what the range is, for the warning (`"fx's particle budget"`).
    static func whole(_ value: Double, in range: ClosedRange<Int>, why: String, file: String, line: Int, key: String,
                      warnings: inout [ImportWarning]) throws -> Int {
        switch whole(try finite(value, file: file, line: line, key: key), in: range) {
        case .exact(let number): return number
        case .clamped(let number):
            warnings.append(ImportWarning(file: file, line: line, key: key,
                                          message: "\(ImportedJSON.text(of: value)) is outside \(why) (\(range.lowerBound)…\(range.upperBound)); \(number) is used"))
            return number
        case .notANumber:
            // Refused by `finite` above.
            return range.lowerBound
        }
    }
}
