import FXCore
import Foundation

/// A CAML transform string — CSS-like functions applied left to right,
/// `translate(-168, -120, -999) rotate(25.0472deg) scale(2, 2, 1)`, axis-angle
/// `rotate(20deg, 0, 1, 0)` — as fx's transform list, whose operations are FXCore's
/// `TransformOperation` cases by name. Angles here are degrees (`deg`; `rad` and `turn` are read
/// too, a bare number is taken as degrees) and stay degrees in the effect (`"25.0472deg"`).
enum CAMLTransform {
    /// The operations read, and what could not be carried (each a phrase for a warning).
    struct Parsed {
        var operations: [ImportedJSON] = []
        var dropped: [String] = []
    }

    /// The key fx writes an operation under: the name of FXCore's case (`rotateX`).
    static func key(_ operation: TransformOperation) -> String {
        Mirror(reflecting: operation).children.first?.label ?? String(describing: operation)
    }

    /// `text` read, or nil when it is not a list of functions at all (the reason).
    static func parse(_ text: String) -> Result<Parsed, TransformError> {
        var parsed = Parsed()
        var rest = Substring(text)
        // A function at most every 3 characters: the count is bounded by the text.
        while true {
            rest = rest.drop(while: { $0.isWhitespace || $0 == "," })
            guard !rest.isEmpty else { break }
            guard let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") else {
                return .failure(TransformError(reason: "\"\(rest.prefix(40))\" is not a function such as rotate(45deg)"))
            }
            let name = rest[..<open].trimmingCharacters(in: .whitespaces)
            let arguments = rest[rest.index(after: open)..<close].split(whereSeparator: { $0 == "," || $0.isWhitespace }).map(String.init)
            rest = rest[rest.index(after: close)...]
            guard let values = try? arguments.map(Self.argument) else {
                return .failure(TransformError(reason: "the arguments of \(name)(\(arguments.joined(separator: ", "))) are not numbers"))
            }
            let numbers = values.map(\.value)
            func angle(_ index: Int) -> ImportedJSON { .string(ImportedJSON.text(of: values[index].degrees) + "deg") }
            switch (name, numbers.count) {
            case ("translate", 3) where numbers[0] == 0 && numbers[1] == 0 && numbers[2] != 0:
                // A move along z only (`fx export` writes translateZ so).
                parsed.operations.append(.object([ImportedMember(entry: key(.translateZ(0)), .number(numbers[2]))]))
            case ("translate", 1...3):
                parsed.operations.append(.object([ImportedMember(entry: key(.translate(x: 0, y: 0)),
                                                                 .array([.number(numbers[0]), .number(numbers.count > 1 ? numbers[1] : 0)]))]))
                if numbers.count == 3, numbers[2] != 0 {
                    parsed.operations.append(.object([ImportedMember(entry: key(.translateZ(0)), .number(numbers[2]))]))
                }
            case ("translateX", 1): parsed.operations.append(.object([ImportedMember(entry: key(.translate(x: 0, y: 0)), .array([.number(numbers[0]), .number(0)]))]))
            case ("translateY", 1): parsed.operations.append(.object([ImportedMember(entry: key(.translate(x: 0, y: 0)), .array([.number(0), .number(numbers[0])]))]))
            case ("translateZ", 1): parsed.operations.append(.object([ImportedMember(entry: key(.translateZ(0)), .number(numbers[0]))]))
            case ("scale", 1): parsed.operations.append(.object([ImportedMember(entry: key(.scale(x: 1, y: 1)), .number(numbers[0]))]))
            case ("scale", 2...3):
                let value: ImportedJSON = numbers[0] == numbers[1] ? .number(numbers[0]) : .array([.number(numbers[0]), .number(numbers[1])])
                parsed.operations.append(.object([ImportedMember(entry: key(.scale(x: 1, y: 1)), value)]))
            case ("scaleX", 1): parsed.operations.append(.object([ImportedMember(entry: key(.scale(x: 1, y: 1)), .array([.number(numbers[0]), .number(1)]))]))
            case ("scaleY", 1): parsed.operations.append(.object([ImportedMember(entry: key(.scale(x: 1, y: 1)), .array([.number(1), .number(numbers[0])]))]))
            case ("scaleZ", 1): break // no depth to scale: nothing visible changes
            case ("rotate", 1), ("rotateZ", 1): parsed.operations.append(.object([ImportedMember(entry: key(.rotate(0)), angle(0))]))
            case ("rotateX", 1): parsed.operations.append(.object([ImportedMember(entry: key(.rotateX(0)), angle(0))]))
            case ("rotateY", 1): parsed.operations.append(.object([ImportedMember(entry: key(.rotateY(0)), angle(0))]))
            case ("rotate", 4), ("rotate3d", 4):
                // Axis-angle: the angle first in CAML (`rotate(20deg, 0, 1, 0)`).
                let axis = Array(numbers[1...3])
                let length = (axis[0] * axis[0] + axis[1] * axis[1] + axis[2] * axis[2]).squareRoot()
                guard length > 0, values[0].degrees != 0 else { continue }
                let unit = axis.map { $0 / length }
                let sign: Double
                let operation: TransformOperation
                if abs(abs(unit[2]) - 1) < 1e-9 { operation = .rotate(0); sign = unit[2] } else if abs(abs(unit[0]) - 1) < 1e-9 {
                    operation = .rotateX(0); sign = unit[0]
                } else if abs(abs(unit[1]) - 1) < 1e-9 { operation = .rotateY(0); sign = unit[1] } else {
                    parsed.dropped.append("rotate(\(arguments.joined(separator: ", "))) turns about an axis fx has no operation for (fx turns about x, y or z)")
                    continue
                }
                parsed.operations.append(.object([ImportedMember(entry: key(operation), .string(ImportedJSON.text(of: sign * values[0].degrees) + "deg"))]))
            case ("perspective", 1): parsed.operations.append(.object([ImportedMember(entry: key(.perspective(1)), .number(numbers[0]))]))
            default:
                parsed.dropped.append("\(name)(\(arguments.joined(separator: ", "))) is not a transform function fx has (translate, scale, rotate about x, y or z, perspective)")
            }
        }
        return .success(parsed)
    }

    /// Why a transform string could not be read.
    struct TransformError: Error {
        var reason: String
    }

    /// One argument: a number with an optional unit; angles as degrees too.
    struct Argument {
        var value: Double
        var degrees: Double
    }

    static func argument(_ text: String) throws -> Argument {
        var number = Substring(text)
        var factor = 1.0 // to degrees
        for (unit, toDegrees) in [("deg", 1.0), ("rad", 180 / Double.pi), ("turn", 360.0), ("px", 1.0)] where number.hasSuffix(unit) {
            number = number.dropLast(unit.count)
            factor = toDegrees
            break
        }
        guard let value = Double(number), value.isFinite else { throw TransformError(reason: text) }
        return Argument(value: value, degrees: value * factor)
    }
}
