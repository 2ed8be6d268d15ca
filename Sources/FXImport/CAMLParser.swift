import Foundation

/// Reads the XML of a CAML document (`main.caml`) into ``CAMLElement``s: a small parser of its
/// own, not Foundation's, so that hostile input is bounded and every element knows its line
/// and column. It reads elements, attributes, comments, CDATA and the predefined and numeric
/// character references; it refuses a `<!DOCTYPE` (whose entities could expand a few bytes into
/// gigabytes) and any other entity, nesting deeper than ``maxDepth``, more than ``maxElements``
/// elements, text that is not UTF-8 and the control characters XML forbids. Every step is
/// linear in the file's size (a 1 MB document on one line reads in milliseconds).
struct CAMLParser {
    /// The deepest nesting read: real documents nest a few tens of levels.
    static let maxDepth = 256
    /// The most elements read: a large wallpaper has a few thousand.
    static let maxElements = 500_000

    let bytes: [UInt8]
    let file: String
    var index = 0
    var elementCount = 0
    // Where `location(of:)` last stopped: lines and columns are counted once, forward.
    private var markIndex = 0, markLine = 1, markColumn = 1

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// The document's root element (`<caml>`).
    /// - Throws: ``ImportError/malformedAt(path:line:column:message:)`` naming where and why.
    static func parse(_ data: Data, file: String) throws -> CAMLElement {
        var parser = CAMLParser(bytes: [UInt8](data), file: file)
        return try parser.document()
    }

    // MARK: - Positions and errors

    /// The 1-based line and column (in characters) of byte `offset`; offsets asked for only grow.
    mutating func location(of offset: Int) -> (line: Int, column: Int) {
        if offset < markIndex { markIndex = 0; markLine = 1; markColumn = 1 }
        var line = markLine, column = markColumn
        var position = markIndex
        let end = min(offset, bytes.count)
        while position < end {
            let byte = bytes[position]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            position += 1
        }
        markIndex = position; markLine = line; markColumn = column
        return (line, column)
    }

    mutating func failure(at offset: Int, _ message: String) -> ImportError {
        let (line, column) = location(of: offset)
        return ImportError.malformedAt(path: file, line: line, column: column, message: message)
    }

    // MARK: - The document

    mutating func document() throws -> CAMLElement {
        if let bad = Self.firstInvalidUTF8(bytes) {
            throw failure(at: bad, "the document is not UTF-8 text (CAML documents are UTF-8 XML)")
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        var root: CAMLElement?
        while true {
            skipWhitespace()
            guard index < bytes.count else { break }
            guard bytes[index] == UInt8(ascii: "<") else {
                throw failure(at: index, root == nil ? "expected a CAML document (<caml xmlns=\"http://www.apple.com/CoreAnimation/1.0\">), found text" : "text after the document's root element")
            }
            if starts(with: "<?") {
                try declaration()
            } else if starts(with: "<!--") {
                try comment()
            } else if starts(with: "<!") {
                throw failure(at: index, "a <!DOCTYPE or other declaration is not part of CAML: fx reads no DTD and expands no entities (an entity can grow a few bytes into gigabytes)")
            } else {
                guard root == nil else { throw failure(at: index, "a second root element: a CAML document has one <caml> element") }
                root = try element(depth: 1)
            }
        }
        guard let root else { throw failure(at: bytes.count, "the file is empty: expected a CAML document (<caml xmlns=\"http://www.apple.com/CoreAnimation/1.0\">…</caml>)") }
        return root
    }

    /// The offset of the first byte that starts no valid UTF-8 sequence, or nil.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var position = 0
        while position < bytes.count {
            let lead = bytes[position]
            let length: Int
            switch lead {
            case 0x00...0x7F: position += 1; continue
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return position
            }
            guard position + length <= bytes.count else { return position }
            for offset in 1..<length where bytes[position + offset] & 0xC0 != 0x80 { return position }
            position += length
        }
        return nil
    }

    func starts(with text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let pointer = text.utf8Start
        for offset in 0..<count where bytes[index + offset] != pointer[offset] { return false }
        return true
    }

    mutating func skipWhitespace() {
        while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// `<?xml …?>` or another processing instruction: skipped; an encoding other than UTF-8 refused.
    mutating func declaration() throws {
        let start = index
        guard let end = find("?>", from: index + 2) else { throw failure(at: start, "a processing instruction (<?…) that never ends with ?>") }
        let text = String(decoding: bytes[start..<end], as: UTF8.self)
        if text.hasPrefix("<?xml"), let range = text.range(of: #"encoding\s*=\s*["']([^"']*)["']"#, options: .regularExpression) {
            let declared = text[range].split(whereSeparator: { $0 == "\"" || $0 == "'" }).dropFirst().first.map(String.init)?.lowercased() ?? ""
            if declared != "utf-8" && declared != "utf8" {
                throw failure(at: start, "the declaration names the encoding \"\(declared)\": fx reads CAML documents in UTF-8")
            }
        }
        index = end + 2
    }

    mutating func comment() throws {
        let start = index
        guard let end = find("-->", from: index + 4) else { throw failure(at: start, "a comment (<!--) that never ends with -->: the document is cut short") }
        index = end + 3
    }

    /// The offset of `text` at or after `from`, or nil.
    func find(_ text: StaticString, from: Int) -> Int? {
        let count = text.utf8CodeUnitCount
        let pointer = text.utf8Start
        let first = pointer[0]
        var position = from
        while position + count <= bytes.count {
            if bytes[position] == first {
                var matches = true
                for offset in 1..<count where bytes[position + offset] != pointer[offset] { matches = false; break }
                if matches { return position }
            }
            position += 1
        }
        return nil
    }

    // MARK: - Elements

    static func isNameByte(_ byte: UInt8) -> Bool {
        !(isSpace(byte) || byte == UInt8(ascii: "=") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "<")
          || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "&") || byte < 0x20)
    }

    mutating func name(what: String) throws -> String {
        let start = index
        while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
        guard index > start else {
            throw failure(at: start, index < bytes.count ? "expected \(what), found \"\(Character(UnicodeScalar(bytes[start])))\"" : "the document ends where \(what) was expected: it is cut short")
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    mutating func element(depth: Int) throws -> CAMLElement {
        let start = index
        guard depth <= Self.maxDepth else {
            throw failure(at: start, "elements nested deeper than \(Self.maxDepth) levels: not a CAML document fx reads (real ones nest a few tens of levels)")
        }
        elementCount += 1
        guard elementCount <= Self.maxElements else {
            throw failure(at: start, "more than \(Self.maxElements) elements: fx reads CAML documents of up to \(Self.maxElements) elements")
        }
        let (line, column) = location(of: start)
        index += 1
        let elementName = try name(what: "an element name after <")
        var attributes: [CAMLElement.Attribute] = []
        var attributeNames: Set<String> = []
        while true {
            let before = index
            skipWhitespace()
            guard index < bytes.count else { throw failure(at: start, "the document ends inside the tag <\(elementName): it is cut short") }
            if bytes[index] == UInt8(ascii: "/") {
                guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") else { throw failure(at: index, "expected /> to end the tag <\(elementName)") }
                index += 2
                return CAMLElement(name: elementName, attributes: attributes, children: [], text: "", line: line, column: column)
            }
            if bytes[index] == UInt8(ascii: ">") {
                index += 1
                break
            }
            guard index > before else { throw failure(at: index, "expected a space before the attribute in <\(elementName)") }
            let attributeStart = index
            let attributeName = try name(what: "an attribute name in <\(elementName)")
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { throw failure(at: index, "expected = after the attribute \(attributeName) in <\(elementName)") }
            index += 1
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                throw failure(at: index, "expected a quoted value for the attribute \(attributeName) in <\(elementName)")
            }
            let quote = bytes[index]
            index += 1
            let valueStart = index
            while index < bytes.count, bytes[index] != quote {
                if bytes[index] == UInt8(ascii: "<") { throw failure(at: index, "a < inside the value of \(attributeName): write &lt;") }
                index += 1
            }
            guard index < bytes.count else { throw failure(at: valueStart - 1, "the value of \(attributeName) in <\(elementName) never ends: the document is cut short") }
            let value = try decodeReferences(valueStart, index)
            index += 1
            guard attributeNames.insert(attributeName).inserted else {
                throw failure(at: attributeStart, "the attribute \(attributeName) is written twice in <\(elementName)")
            }
            let (attributeLine, attributeColumn) = location(of: attributeStart)
            attributes.append(CAMLElement.Attribute(name: attributeName, value: value, line: attributeLine, column: attributeColumn))
        }
        var children: [CAMLElement] = []
        var text = ""
        while true {
            let textStart = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "<") { index += 1 }
            if index > textStart {
                let piece = try decodeReferences(textStart, index)
                if !piece.allSatisfy(\.isWhitespace) { text += piece }
            }
            guard index < bytes.count else {
                throw failure(at: start, "<\(elementName)> is never closed: the document ends before </\(elementName)> (it is cut short)")
            }
            if starts(with: "</") {
                let closeStart = index
                index += 2
                let closing = try name(what: "an element name after </")
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { throw failure(at: index, "expected > to end </\(closing)") }
                guard closing == elementName else {
                    throw failure(at: closeStart, "</\(closing)> closes <\(elementName)> opened at line \(line), column \(column)")
                }
                index += 1
                return CAMLElement(name: elementName, attributes: attributes, children: children,
                                   text: text.trimmingCharacters(in: .whitespacesAndNewlines), line: line, column: column)
            } else if starts(with: "<!--") {
                try comment()
            } else if starts(with: "<![CDATA[") {
                guard let end = find("]]>", from: index + 9) else { throw failure(at: index, "a CDATA section that never ends with ]]>") }
                text += String(decoding: bytes[(index + 9)..<end], as: UTF8.self)
                index = end + 3
            } else if starts(with: "<?") {
                try declaration()
            } else if starts(with: "<!") {
                throw failure(at: index, "a <!DOCTYPE or other declaration is not part of CAML: fx reads no DTD and expands no entities")
            } else {
                children.append(try element(depth: depth + 1))
            }
        }
    }

    /// The text of bytes `start..<end` with its character references replaced.
    mutating func decodeReferences(_ start: Int, _ end: Int) throws -> String {
        var position = start
        var hasReference = false
        while position < end {
            let byte = bytes[position]
            if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D {
                throw failure(at: position, "the control character \(byte) is not allowed in XML")
            }
            if byte == UInt8(ascii: "&") { hasReference = true }
            position += 1
        }
        guard hasReference else { return String(decoding: bytes[start..<end], as: UTF8.self) }
        var result: [UInt8] = []
        result.reserveCapacity(end - start)
        position = start
        while position < end {
            let byte = bytes[position]
            guard byte == UInt8(ascii: "&") else { result.append(byte); position += 1; continue }
            var close = position + 1
            while close < end, close - position <= 12, bytes[close] != UInt8(ascii: ";") { close += 1 }
            guard close < end, bytes[close] == UInt8(ascii: ";") else {
                throw failure(at: position, "a & that starts no character reference: write &amp;")
            }
            let reference = String(decoding: bytes[(position + 1)..<close], as: UTF8.self)
            var scalar: UnicodeScalar?
            switch reference {
            case "lt": scalar = "<"
            case "gt": scalar = ">"
            case "amp": scalar = "&"
            case "quot": scalar = "\""
            case "apos": scalar = "'"
            default:
                if reference.hasPrefix("#x") || reference.hasPrefix("#X") {
                    scalar = UInt32(reference.dropFirst(2), radix: 16).flatMap(UnicodeScalar.init)
                } else if reference.hasPrefix("#") {
                    scalar = UInt32(reference.dropFirst()).flatMap(UnicodeScalar.init)
                } else {
                    throw failure(at: position, "the entity &\(reference); is not defined: CAML (XML without a DTD) has only &lt; &gt; &amp; &quot; &apos; and numeric references")
                }
            }
            guard let scalar, scalar.value != 0 else { throw failure(at: position, "&\(reference); is not a character XML allows") }
            result += Array(String(Character(scalar)).utf8)
            position = close + 1
        }
        return String(decoding: result, as: UTF8.self)
    }
}
