/// A strict JSON (RFC 8259) parser that records where every value and key was written, so that
/// every later diagnostic can name `file:line:column`.
///
/// Foundation's `JSONSerialization` gives no positions, and accepts some things an effect file
/// must not contain; this parser is small, bounded and never recursive beyond `maxDepth`.
public struct JSONParser {
    /// The deepest nesting of arrays and objects accepted; deeper input is an error, not a
    /// stack overflow.
    public static let defaultMaxDepth = 128

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private let maxDepth: Int

    private init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    /// Parses a whole document: exactly one value, surrounded by optional white space.
    public static func parse(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth) throws -> JSONNode {
        var parser = JSONParser(bytes: bytes, maxDepth: maxDepth)
        // A UTF-8 byte order mark is tolerated, as editors on some systems write one.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3; parser.lineStart = 3 }
        parser.skipWhitespace()
        if parser.index >= bytes.count { throw parser.error("the file is empty; expected a JSON object") }
        let node = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        if parser.index < bytes.count {
            throw parser.error("unexpected \(parser.describeCurrent()) after the end of the JSON document")
        }
        return node
    }

    // MARK: - Positions

    private var location: SourceLocation {
        SourceLocation(line: line, lineStart: lineStart, offset: index)
    }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(location: location, message: message)
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of file" }
        let byte = bytes[index]
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16))"
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default: return
            }
        }
    }

    // MARK: - Values

    private mutating func parseValue(depth: Int) throws -> JSONNode {
        var node = try parseValueStart(depth: depth)
        node.endOffset = index
        return node
    }

    private mutating func parseValueStart(depth: Int) throws -> JSONNode {
        guard index < bytes.count else { throw error("unexpected end of file; expected a value") }
        let start = location
        switch bytes[index] {
        case UInt8(ascii: "{"):
            if depth >= maxDepth { throw error("nesting deeper than \(maxDepth) levels") }
            return JSONNode(.object(try parseObject(depth: depth + 1)), at: start)
        case UInt8(ascii: "["):
            if depth >= maxDepth { throw error("nesting deeper than \(maxDepth) levels") }
            return JSONNode(.array(try parseArray(depth: depth + 1)), at: start)
        case UInt8(ascii: "\""):
            return JSONNode(.string(try parseString()), at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(.number(try parseNumber()), at: start)
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return JSONNode(.bool(true), at: start)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return JSONNode(.bool(false), at: start)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return JSONNode(.null, at: start)
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            throw error("NaN and Infinity are not JSON numbers; write a finite number")
        case UInt8(ascii: "'"):
            throw error("strings in JSON use double quotes (\"), not single quotes")
        default:
            throw error("unexpected \(describeCurrent()); expected a value (object, array, string, number, true, false or null)")
        }
    }

    private mutating func expectLiteral(_ literal: String) throws {
        let utf8 = Array(literal.utf8)
        guard index + utf8.count <= bytes.count, Array(bytes[index..<index + utf8.count]) == utf8 else {
            throw error("unexpected \(describeCurrent()); expected '\(literal)'")
        }
        index += utf8.count
    }

    private mutating func parseObject(depth: Int) throws -> [JSONMember] {
        index += 1 // {
        var members: [JSONMember] = []
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
            index += 1
            return members
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file inside an object; expected a key") }
            guard bytes[index] == UInt8(ascii: "\"") else {
                if bytes[index] == UInt8(ascii: "}") { throw error("trailing comma before '}'; remove the comma") }
                throw error("unexpected \(describeCurrent()); expected a key in double quotes")
            }
            let keyLocation = location
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected ':' after the key \"\(key)\"")
            }
            index += 1
            skipWhitespace()
            let value = try parseValue(depth: depth)
            members.append(JSONMember(key: key, keyLocation: keyLocation, value: value))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file inside an object; expected ',' or '}'") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return members }
            throw error("unexpected \(describeCurrent()) in an object; expected ',' or '}'")
        }
    }

    private mutating func parseArray(depth: Int) throws -> [JSONNode] {
        index += 1 // [
        var elements: [JSONNode] = []
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
            index += 1
            return elements
        }
        while true {
            skipWhitespace()
            if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
                throw error("trailing comma before ']'; remove the comma")
            }
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file inside an array; expected ',' or ']'") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return elements }
            throw error("unexpected \(describeCurrent()) in an array; expected ',' or ']'")
        }
    }

    private mutating func parseString() throws -> String {
        index += 1 // opening quote
        // The string's UTF-8, gathered in one buffer: appending each run of plain bytes to a
        // String instead copied the string so far at every escape, so a string of a million
        // `\n`s took minutes.
        var utf8: [UInt8] = []
        var runStart = index
        /// Checks the plain bytes since `runStart` (up to `end`) as UTF-8 on their own — an
        /// escape's bytes never complete or continue a sequence — and keeps them.
        func flush(upTo end: Int) throws {
            guard runStart < end else { return }
            let run = bytes[runStart..<end]
            if run.contains(where: { $0 >= 0x80 }) {
                guard String(validating: run, as: UTF8.self) != nil else { throw error("the string is not valid UTF-8") }
            }
            utf8.append(contentsOf: run)
        }
        func append(_ scalar: Unicode.Scalar) {
            UTF8.encode(scalar) { utf8.append($0) }
        }
        while true {
            guard index < bytes.count else { throw error("unexpected end of file inside a string; close it with \"") }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                try flush(upTo: index - 1)
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try flush(upTo: index)
                index += 1
                guard index < bytes.count else { throw error("unexpected end of file in an escape sequence") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): append("\"")
                case UInt8(ascii: "\\"): append("\\")
                case UInt8(ascii: "/"): append("/")
                case UInt8(ascii: "b"): append("\u{08}")
                case UInt8(ascii: "f"): append("\u{0C}")
                case UInt8(ascii: "n"): append("\n")
                case UInt8(ascii: "r"): append("\r")
                case UInt8(ascii: "t"): append("\t")
                case UInt8(ascii: "u"):
                    var code = try parseHex4()
                    if (0xD800..<0xDC00).contains(code) {
                        // A high surrogate must be followed by \u and a low surrogate.
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                            throw error("a UTF-16 high surrogate must be followed by a low surrogate")
                        }
                        index += 2
                        let low = try parseHex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("invalid UTF-16 low surrogate") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw error("\\u escape is not a Unicode scalar") }
                    append(scalar)
                default:
                    index -= 1
                    throw error("invalid escape sequence '\\\(Character(Unicode.Scalar(escape)))'")
                }
                runStart = index
            case 0x00..<0x20:
                throw error(byte == 0x0A ? "a string may not span lines; close it with \" or write \\n" : "control character in a string; escape it")
            default:
                index += 1
            }
        }
    }

    private mutating func parseHex4() throws -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("\\u needs four hex digits") }
        var code: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("\\u needs four hex digits")
            }
            code = code << 4 | digit
            index += 1
        }
        return code
    }

    private mutating func parseNumber() throws -> Double {
        let start = index
        func digits() -> Int {
            let first = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            return index - first
        }
        if bytes[index] == UInt8(ascii: "-") {
            index += 1
            if index < bytes.count && (bytes[index] == UInt8(ascii: "I") || bytes[index] == UInt8(ascii: "N")) {
                index = start
                throw error("-Infinity is not a JSON number; write a finite number")
            }
        }
        let integerStart = index
        let integerDigits = digits()
        if integerDigits == 0 { throw error("a number needs digits") }
        if integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0") {
            index = integerStart
            throw error("numbers may not have leading zeros")
        }
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            if digits() == 0 { throw error("a '.' in a number must be followed by digits") }
        }
        if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            index += 1
            if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) { index += 1 }
            if digits() == 0 { throw error("an exponent needs digits") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            index = start
            throw error("the number \(text) is too large to represent")
        }
        return value
    }
}
