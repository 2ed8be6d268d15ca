import Foundation

/// Reads Godot's text resource format (`.tscn` scenes and `.tres` resources, Godot 3's
/// `format=2` and Godot 4's `format=3`) into a ``GodotDocument``, following Godot's own
/// `core/variant/variant_parser.cpp`: `[tag key=value …]` section headers, `key = value` lines
/// (keys may hold `/` and `:`, or be quoted), values that may span lines (arrays, dictionaries,
/// strings), `;` comments. Everything is bounded: nesting depth, the number of values, the
/// length of a number — so a hostile file is an error naming `file:line:column`, never a hang
/// or a crash.
struct GodotTextParser {
    let path: String
    let bytes: [UInt8]
    var index = 0
    var line = 1
    var column = 1
    var depth = 0
    var valueCount = 0

    /// Deepest nesting of arrays, dictionaries and constructors read (Godot's scenes nest a few levels).
    static let maxDepth = 64
    /// Most values one file may hold (a scene with an embedded image holds a few hundred thousand).
    static let maxValues = 4_000_000
    /// Longest number or name, in bytes.
    static let maxTokenLength = 400

    init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        // A UTF-8 byte order mark is skipped.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    /// The document in `source`.
    /// - Throws: ``ImportError/malformedAt(path:line:column:message:)`` at the first place the
    ///   text is not Godot's format.
    static func parse(_ source: ImportSource) throws -> GodotDocument {
        var parser = GodotTextParser(path: source.path, bytes: [UInt8](source.data))
        return try parser.document()
    }

    // MARK: Errors

    func error(_ message: String, line: Int? = nil, column: Int? = nil) -> ImportError {
        .malformedAt(path: path, line: line ?? self.line, column: column ?? self.column, message: message)
    }

    // MARK: Scanning

    var atEnd: Bool { index >= bytes.count }
    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func advance() {
        guard index < bytes.count else { return }
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    /// Skips spaces, tabs, line breaks and `;` comments (to the end of their line).
    mutating func skipBlank() {
        while let byte = current {
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                advance()
            } else if byte == UInt8(ascii: ";") {
                while let next = current, next != UInt8(ascii: "\n") { advance() }
            } else {
                return
            }
        }
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }

    static func describe(_ byte: UInt8?) -> String {
        guard let byte else { return "the end of the file" }
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return String(format: "byte 0x%02X", byte)
    }

    // MARK: Document

    mutating func document() throws -> GodotDocument {
        skipBlank()
        guard current == UInt8(ascii: "[") else {
            throw error("expected a section such as [gd_scene format=3] or [gd_resource type=\"…\" format=3] at the start of a Godot text file, found \(Self.describe(current))")
        }
        var sections: [GodotSection] = []
        while true {
            skipBlank()
            guard !atEnd else { break }
            guard current == UInt8(ascii: "[") else {
                throw error("expected a [section] or a key = value line, found \(Self.describe(current))")
            }
            var section = try sectionHeader()
            while true {
                skipBlank()
                guard let byte = current, byte != UInt8(ascii: "[") else { break }
                section.properties.append(try property())
            }
            sections.append(section)
        }
        let header = sections.removeFirst()
        guard header.tag == "gd_scene" || header.tag == "gd_resource" else {
            throw error("the first section is [\(header.tag)]; a Godot scene starts with [gd_scene …] and a resource with [gd_resource …]",
                        line: header.line, column: header.column)
        }
        return GodotDocument(header: header, sections: sections)
    }

    /// `[tag key=value key=value]`.
    mutating func sectionHeader() throws -> GodotSection {
        let startLine = line, startColumn = column
        advance() // [
        skipBlank()
        let tag = try name(what: "a section name")
        var attributes: [(key: String, value: GodotValue)] = []
        while true {
            skipBlank()
            guard let byte = current else {
                throw error("the section [\(tag) started here is not closed with ']'", line: startLine, column: startColumn)
            }
            if byte == UInt8(ascii: "]") { advance(); break }
            let key = try name(what: "an attribute name (such as type=, id= or path=)")
            skipBlank()
            guard current == UInt8(ascii: "=") else { throw error("expected '=' after the attribute \(key), found \(Self.describe(current))") }
            advance()
            skipBlank()
            attributes.append((key, try value()))
        }
        return GodotSection(tag: tag, attributes: attributes, line: startLine, column: startColumn, properties: [])
    }

    /// `key = value`: the key up to '=' (Godot's keys hold `/` and `:`; a quoted key is read as a string).
    mutating func property() throws -> GodotProperty {
        let startLine = line, startColumn = column
        var key: String
        if current == UInt8(ascii: "\"") {
            key = try string()
        } else {
            let start = index
            while let byte = current, byte != UInt8(ascii: "="), byte != UInt8(ascii: "\n"), byte != UInt8(ascii: " "), byte != UInt8(ascii: "\t") {
                guard index - start < Self.maxTokenLength else { throw error("a key longer than \(Self.maxTokenLength) characters", line: startLine, column: startColumn) }
                advance()
            }
            key = String(decoding: bytes[start..<index], as: UTF8.self)
        }
        skipBlank()
        guard current == UInt8(ascii: "=") else {
            throw error("expected '=' after the key \(key.isEmpty ? "" : "'\(key)' ")(a line of a Godot section is key = value), found \(Self.describe(current))")
        }
        advance()
        skipBlank()
        let valueLine = line, valueColumn = column
        guard !atEnd else { throw error("the value of \(key) is missing at the end of the file", line: valueLine, column: valueColumn) }
        let parsed = try value()
        return GodotProperty(key: key, value: parsed, line: startLine, column: startColumn)
    }

    /// A name: letters, digits and underscores.
    mutating func name(what: String) throws -> String {
        let start = index
        while let byte = current, Self.isNameByte(byte) {
            guard index - start < Self.maxTokenLength else { throw error("a name longer than \(Self.maxTokenLength) characters") }
            advance()
        }
        guard index > start else { throw error("expected \(what), found \(Self.describe(current))") }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    // MARK: Values

    mutating func counted(_ value: GodotValue) throws -> GodotValue {
        valueCount += 1
        guard valueCount <= Self.maxValues else {
            throw error("more than \(Self.maxValues) values in one file; fx reads Godot scenes of ordinary size")
        }
        return value
    }

    mutating func nested<T>(_ body: (inout GodotTextParser) throws -> T) throws -> T {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxDepth else {
            throw error("values nested deeper than \(Self.maxDepth) levels (arrays, dictionaries or constructors inside one another)")
        }
        return try body(&self)
    }

    mutating func value() throws -> GodotValue {
        guard let byte = current else { throw error("expected a value, found the end of the file") }
        switch byte {
        case UInt8(ascii: "\""):
            return try counted(.string(try string()))
        case UInt8(ascii: "&"), UInt8(ascii: "^"):
            // StringName &"name" and NodePath ^"path" (Godot 4).
            advance()
            guard current == UInt8(ascii: "\"") else { throw error("expected a quoted string after \(Self.describe(byte))") }
            return try counted(.string(try string()))
        case UInt8(ascii: "["):
            return try nested { try $0.array() }
        case UInt8(ascii: "{"):
            return try nested { try $0.dictionary() }
        case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try counted(try number())
        default:
            guard Self.isNameByte(byte) else { throw error("expected a value (a number, string, array, dictionary or Name(…)), found \(Self.describe(byte))") }
            return try named()
        }
    }

    /// A number: Godot writes `1`, `-0.5`, `1e-05`, `1.47136e-43`, and `inf`, `-inf`, `nan` as names.
    mutating func number() throws -> GodotValue {
        let startLine = line, startColumn = column
        let start = index
        while let byte = current, Self.isNameByte(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") {
            guard index - start < Self.maxTokenLength else {
                throw error("a number longer than \(Self.maxTokenLength) characters", line: startLine, column: startColumn)
            }
            advance()
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        switch text {
        case "-inf", "inf_neg": return .number(-.infinity)
        case "+inf", "inf": return .number(.infinity)
        default: break
        }
        guard let number = Double(text) else {
            throw error("'\(text)' is not a number", line: startLine, column: startColumn)
        }
        return .number(number)
    }

    /// A name: a keyword (`true`, `false`, `null`, `inf`, `nan`) or a constructor `Name(…)`;
    /// Godot 4's typed arrays and dictionaries (`Array[int]([1, 2])`) read as their contents.
    mutating func named() throws -> GodotValue {
        let startLine = line, startColumn = column
        let word = try name(what: "a name")
        switch word {
        case "true": return try counted(.bool(true))
        case "false": return try counted(.bool(false))
        case "null", "nil": return try counted(.null)
        case "inf": return try counted(.number(.infinity))
        case "inf_neg": return try counted(.number(-.infinity))
        case "nan": return try counted(.number(.nan))
        default: break
        }
        skipBlank()
        if current == UInt8(ascii: "[") && (word == "Array" || word == "Dictionary") {
            // The element type: a name or a resource reference, skipped.
            _ = try nested { try $0.array() }
            skipBlank()
            guard current == UInt8(ascii: "(") else { throw error("expected '(' after the typed \(word)[…]") }
            let contents = try nested { try $0.arguments(of: word, line: startLine, column: startColumn) }
            return contents.first ?? .array([])
        }
        guard current == UInt8(ascii: "(") else {
            throw error("'\(word)' is not a value Godot writes; expected true, false, null, a number, a string or \(word)(…)", line: startLine, column: startColumn)
        }
        let arguments = try nested { try $0.arguments(of: word, line: startLine, column: startColumn) }
        return try counted(.constructor(word, arguments))
    }

    /// `( value, value, … )` after a constructor's name. Godot 3's `Object(Class, "key": value)`
    /// pairs keep their values.
    mutating func arguments(of word: String, line startLine: Int, column startColumn: Int) throws -> [GodotValue] {
        advance() // (
        var items: [GodotValue] = []
        while true {
            skipBlank()
            guard let byte = current else {
                throw error("\(word)( started here is not closed with ')'", line: startLine, column: startColumn)
            }
            if byte == UInt8(ascii: ")") { advance(); return items }
            var item = try value()
            skipBlank()
            if current == UInt8(ascii: ":") {
                advance()
                skipBlank()
                item = try value()
                skipBlank()
            }
            items.append(item)
            if current == UInt8(ascii: ",") { advance(); continue }
            guard current == UInt8(ascii: ")") else {
                throw error(atEnd ? "\(word)( started at \(startLine):\(startColumn) is not closed with ')'" : "expected ',' or ')' in \(word)(…), found \(Self.describe(current))")
            }
        }
    }

    /// `[ value, value, … ]` (a trailing comma allowed).
    mutating func array() throws -> GodotValue {
        let startLine = line, startColumn = column
        advance() // [
        var items: [GodotValue] = []
        while true {
            skipBlank()
            guard let byte = current else { throw error("the array '[' started here is not closed with ']'", line: startLine, column: startColumn) }
            if byte == UInt8(ascii: "]") { advance(); break }
            items.append(try value())
            skipBlank()
            if current == UInt8(ascii: ",") { advance(); continue }
            guard current == UInt8(ascii: "]") else {
                if atEnd { throw error("the array '[' started here is not closed with ']'", line: startLine, column: startColumn) }
                throw error("expected ',' or ']' in the array started at \(startLine):\(startColumn), found \(Self.describe(current))")
            }
        }
        return try counted(.array(items))
    }

    /// `{ key: value, … }`.
    mutating func dictionary() throws -> GodotValue {
        let startLine = line, startColumn = column
        advance() // {
        var entries: [GodotDictionaryEntry] = []
        while true {
            skipBlank()
            guard let byte = current else { throw error("the dictionary '{' started here is not closed with '}'", line: startLine, column: startColumn) }
            if byte == UInt8(ascii: "}") { advance(); break }
            let key = try value()
            skipBlank()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after a dictionary key, found \(Self.describe(current))") }
            advance()
            skipBlank()
            entries.append(GodotDictionaryEntry(key: key, value: try value()))
            skipBlank()
            if current == UInt8(ascii: ",") { advance(); continue }
            guard current == UInt8(ascii: "}") else {
                if atEnd { throw error("the dictionary '{' started here is not closed with '}'", line: startLine, column: startColumn) }
                throw error("expected ',' or '}' in the dictionary started at \(startLine):\(startColumn), found \(Self.describe(current))")
            }
        }
        return try counted(.dictionary(entries))
    }

    /// A double-quoted string with Godot's escapes (`\"`, `\\`, `\n`, `\t`, `\uXXXX`); it may span lines.
    mutating func string() throws -> String {
        let startLine = line, startColumn = column
        advance() // "
        var scalars = String.UnicodeScalarView()
        var pending: [UInt8] = []
        func flush() {
            if !pending.isEmpty {
                scalars.append(contentsOf: String(decoding: pending, as: UTF8.self).unicodeScalars)
                pending.removeAll(keepingCapacity: true)
            }
        }
        while true {
            guard let byte = current else {
                throw error("the string started here is not closed with '\"'", line: startLine, column: startColumn)
            }
            advance()
            if byte == UInt8(ascii: "\"") { break }
            guard byte == UInt8(ascii: "\\") else { pending.append(byte); continue }
            guard let escaped = current else { continue }
            advance()
            flush()
            switch escaped {
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "b"): scalars.append("\u{8}")
            case UInt8(ascii: "f"): scalars.append("\u{C}")
            case UInt8(ascii: "u"), UInt8(ascii: "U"):
                let digits = escaped == UInt8(ascii: "u") ? 4 : 6
                var code: UInt32 = 0
                for _ in 0..<digits {
                    guard let hex = current, let digit = Int(String(Unicode.Scalar(hex)), radix: 16) else {
                        throw error("expected \(digits) hexadecimal digits after \\\(Character(Unicode.Scalar(escaped)))")
                    }
                    code = code * 16 + UInt32(digit)
                    advance()
                }
                scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
            default: pending.append(escaped)
            }
        }
        flush()
        return String(scalars)
    }
}
