#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Parses SVG path data: M L H V C S Q T A Z and their relative (lower-case) forms, with
/// implicit repeated commands, as the SVG specification writes them.
public enum PathParser {
    /// The most path commands one path may have.
    public static let maxElements = 100_000

    /// The path `text` describes, or the first syntax error in it.
    public static func parse(_ text: String) -> Result<Path, PathSyntaxError> {
        var scanner = Scanner(Array(text.utf8))
        do {
            return .success(try scanner.parse())
        } catch let error as PathSyntaxError {
            return .failure(error)
        } catch {
            return .failure(PathSyntaxError(message: "\(error)", position: 0))
        }
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var elements: [Path.Element] = []
        var current = Point.zero
        var subpathStart = Point.zero
        /// The last control point, for S and T reflections.
        var lastCubicControl: Point?
        var lastQuadControl: Point?

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
        }

        func fail(_ message: String) -> PathSyntaxError {
            PathSyntaxError(message: message, position: index)
        }

        mutating func skipSeparators() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ",")].contains(bytes[index]) { index += 1 }
        }

        mutating func parse() throws -> Path {
            skipSeparators()
            var command: UInt8? = nil
            while index < bytes.count {
                let byte = bytes[index]
                if isCommand(byte) {
                    command = byte
                    index += 1
                } else if command == nil {
                    throw fail("path data must start with a command such as M")
                } else if command == UInt8(ascii: "M") {
                    command = UInt8(ascii: "L") // numbers after M are implicit L
                } else if command == UInt8(ascii: "m") {
                    command = UInt8(ascii: "l")
                } else if command == UInt8(ascii: "Z") || command == UInt8(ascii: "z") {
                    throw fail("unexpected '\(Character(Unicode.Scalar(byte)))' after Z; expected a command")
                }
                if elements.isEmpty && command != UInt8(ascii: "M") && command != UInt8(ascii: "m") {
                    throw fail("path data must start with M (move to)")
                }
                try apply(command!)
                guard elements.count <= PathParser.maxElements else { throw fail("more than \(PathParser.maxElements) path commands") }
                skipSeparators()
            }
            return Path(elements)
        }

        func isCommand(_ byte: UInt8) -> Bool {
            "MmLlHhVvCcSsQqTtAaZz".utf8.contains(byte)
        }

        mutating func number() throws -> Double {
            skipSeparators()
            let start = index
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
            var digits = 0, sawDot = false
            while index < bytes.count {
                let byte = bytes[index]
                if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") { digits += 1; index += 1 }
                else if byte == UInt8(ascii: "."), !sawDot { sawDot = true; index += 1 }
                else { break }
            }
            if digits > 0, index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
                while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            }
            guard digits > 0, let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else {
                index = start
                throw fail(index < bytes.count ? "expected a number, found '\(Character(Unicode.Scalar(bytes[index])))'" : "expected a number at the end of the path")
            }
            guard value.isFinite, abs(value) <= 1e9 else {
                index = start
                throw fail("the number is beyond ±1e9, the largest a path may use")
            }
            return value
        }

        mutating func flag() throws -> Bool {
            skipSeparators()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "0") || bytes[index] == UInt8(ascii: "1") else {
                throw fail("expected an arc flag, 0 or 1")
            }
            defer { index += 1 }
            return bytes[index] == UInt8(ascii: "1")
        }

        mutating func point(relative: Bool) throws -> Point {
            let x = try number(), y = try number()
            return relative ? Point(x: current.x + x, y: current.y + y) : Point(x: x, y: y)
        }

        mutating func apply(_ command: UInt8) throws {
            let relative = command >= UInt8(ascii: "a")
            let upper = relative ? command - 32 : command
            var cubicControl: Point? = nil, quadControl: Point? = nil
            switch upper {
            case UInt8(ascii: "M"):
                current = try point(relative: relative)
                subpathStart = current
                elements.append(.move(current))
            case UInt8(ascii: "L"):
                current = try point(relative: relative)
                elements.append(.line(current))
            case UInt8(ascii: "H"):
                let x = try number()
                current = Point(x: relative ? current.x + x : x, y: current.y)
                elements.append(.line(current))
            case UInt8(ascii: "V"):
                let y = try number()
                current = Point(x: current.x, y: relative ? current.y + y : y)
                elements.append(.line(current))
            case UInt8(ascii: "C"):
                let c1 = try point(relative: relative), c2 = try point(relative: relative), p = try point(relative: relative)
                elements.append(.cubic(control1: c1, control2: c2, to: p))
                current = p
                cubicControl = c2
            case UInt8(ascii: "S"):
                let c1 = lastCubicControl.map { Point(x: 2 * current.x - $0.x, y: 2 * current.y - $0.y) } ?? current
                let c2 = try point(relative: relative), p = try point(relative: relative)
                elements.append(.cubic(control1: c1, control2: c2, to: p))
                current = p
                cubicControl = c2
            case UInt8(ascii: "Q"):
                let c = try point(relative: relative), p = try point(relative: relative)
                elements.append(.quad(control: c, to: p))
                current = p
                quadControl = c
            case UInt8(ascii: "T"):
                let c = lastQuadControl.map { Point(x: 2 * current.x - $0.x, y: 2 * current.y - $0.y) } ?? current
                let p = try point(relative: relative)
                elements.append(.quad(control: c, to: p))
                current = p
                quadControl = c
            case UInt8(ascii: "A"):
                let rx = abs(try number()), ry = abs(try number()), rotation = try number() * .pi / 180
                let large = try flag(), sweep = try flag()
                let p = try point(relative: relative)
                appendArc(from: current, to: p, rx: rx, ry: ry, rotation: rotation, largeArc: large, sweep: sweep)
                current = p
            case UInt8(ascii: "Z"):
                elements.append(.close)
                current = subpathStart
            default:
                throw fail("unknown path command")
            }
            lastCubicControl = cubicControl
            lastQuadControl = quadControl
        }

        /// An SVG elliptical arc as cubic Béziers of at most 90° each (SVG spec, appendix B.2.4
        /// endpoint-to-centre conversion).
        mutating func appendArc(from p0: Point, to p1: Point, rx: Double, ry: Double, rotation: Double, largeArc: Bool, sweep: Bool) {
            var rx = rx, ry = ry
            if rx == 0 || ry == 0 || (p0 == p1) {
                if p0 != p1 { elements.append(.line(p1)) }
                return
            }
            let cosine = cos(rotation), sine = sin(rotation)
            let dx = (p0.x - p1.x) / 2, dy = (p0.y - p1.y) / 2
            let x1 = cosine * dx + sine * dy, y1 = -sine * dx + cosine * dy
            let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
            if lambda > 1 { rx *= lambda.squareRoot(); ry *= lambda.squareRoot() }
            let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
            let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
            var factor = (max(0, numerator) / denominator).squareRoot()
            if largeArc == sweep { factor = -factor }
            let cx1 = factor * rx * y1 / ry, cy1 = -factor * ry * x1 / rx
            let cx = cosine * cx1 - sine * cy1 + (p0.x + p1.x) / 2
            let cy = sine * cx1 + cosine * cy1 + (p0.y + p1.y) / 2
            func angle(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double {
                atan2(ux * vy - uy * vx, ux * vx + uy * vy)
            }
            let theta1 = angle(1, 0, (x1 - cx1) / rx, (y1 - cy1) / ry)
            var delta = angle((x1 - cx1) / rx, (y1 - cy1) / ry, (-x1 - cx1) / rx, (-y1 - cy1) / ry)
            if !sweep && delta > 0 { delta -= 2 * .pi }
            if sweep && delta < 0 { delta += 2 * .pi }
            // Always four cubics (each at most a quarter turn), so that two arcs of different
            // sweeps have the same commands and can be interpolated.
            let segments = 4
            let step = delta / Double(segments)
            let k = 4.0 / 3.0 * tan(step / 4)
            func pointOnEllipse(_ t: Double) -> Point {
                Point(x: cx + rx * cos(t) * cosine - ry * sin(t) * sine, y: cy + rx * cos(t) * sine + ry * sin(t) * cosine)
            }
            func derivative(_ t: Double) -> Point {
                Point(x: -rx * sin(t) * cosine - ry * cos(t) * sine, y: -rx * sin(t) * sine + ry * cos(t) * cosine)
            }
            var t = theta1
            for index in 0..<segments {
                let next = t + step
                let a = pointOnEllipse(t), b = index == segments - 1 ? p1 : pointOnEllipse(next)
                let da = derivative(t), db = derivative(next)
                elements.append(.cubic(control1: Point(x: a.x + k * da.x, y: a.y + k * da.y),
                                       control2: Point(x: b.x - k * db.x, y: b.y - k * db.y), to: b))
                t = next
            }
        }
    }
}
