import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The keys of a Particle Designer `.plist` or a Starling `.pex`, flattened to the plist's
/// names (a `.pex`'s `<gravity x="0" y="-100"/>` becomes `gravityx` and `gravityy`,
/// `<startColor red=…/>` `startColorRed`…, `<texture name=…/>` `textureFileName`), looked up
/// without regard to case (Starling writes `particleLifeSpan`, cocos2d `particleLifespan`), with
/// the source line of each key for warnings.
struct ParticleDesignerConfig {
    /// Values by lowercased key: numbers as Double, strings as String.
    private(set) var values: [String: Any] = [:]
    /// 1-based source lines by lowercased key.
    private(set) var lines: [String: Int] = [:]
    /// The keys as written, in source order.
    private(set) var keys: [String] = []

    /// The source's path, for errors.
    let path: String
    /// Whether the source is a Starling `.pex` (`<particleEmitterConfig>`), read by Starling's
    /// y-down `PDParticleSystem`, rather than a cocos2d plist (y-up).
    let isStarling: Bool

    /// Reads a plist (XML or binary) or a `.pex`.
    init(_ source: ImportSource) throws {
        path = source.path
        isStarling = ParticleDesignerImporter.isPex(source.data)
        if isStarling {
            try readPex(source)
        } else {
            try readPlist(source)
        }
    }

    private mutating func set(_ key: String, _ value: Any, line: Int) {
        let lower = key.lowercased()
        if values[lower] == nil { keys.append(key) }
        values[lower] = value
        lines[lower] = line
    }

    private mutating func readPlist(_ source: ImportSource) throws {
        let object: Any
        if source.data.starts(with: Array("bplist".utf8)), let problem = BinaryPropertyList.problem(in: source.data) {
            throw ImportError.malformed(path: source.path, line: 1, message: "not a Particle Designer binary plist: \(problem)")
        }
        do {
            object = try PropertyListSerialization.propertyList(from: source.data, options: [], format: nil)
        } catch {
            throw ImportError.malformed(path: source.path, line: 1, message: "not a property list: \(error.localizedDescription)")
        }
        guard let dictionary = object as? [String: Any] else {
            throw ImportError.malformed(path: source.path, line: 1, message: "a Particle Designer plist is a dictionary at the top level")
        }
        let keyLines = Self.keyLines(source.data)
        func lineOf(_ key: String) -> Int { keyLines[key] ?? 1 }
        // Source order: by line when the plist is XML, else by name.
        for (key, value) in dictionary.sorted(by: { (lineOf($0.key), $0.key) < (lineOf($1.key), $1.key) }) {
            if let number = value as? NSNumber, !(value is String) {
                set(key, number.doubleValue, line: lineOf(key))
            } else if let string = value as? String {
                set(key, string, line: lineOf(key))
            } else {
                set(key, "\(value)", line: lineOf(key))
            }
        }
    }

    /// The 1-based line of the first `<key>NAME</key>` of each name in an XML plist, found in
    /// one pass over the bytes (a binary plist has none: its keys are on line 1). One pass, so
    /// that a file with a long string costs no more than reading it (searching the text once
    /// per key, from a sort's comparisons, took 16 s for a 1 MB string).
    static func keyLines(_ data: Data) -> [String: Int] {
        var lines: [String: Int] = [:]
        let open = Array("<key>".utf8), close = UInt8(ascii: "<")
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            var line = 1, index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 0x0A { line += 1; index += 1; continue }
                guard byte == close, index + open.count <= bytes.count,
                      bytes[index..<(index + open.count)].elementsEqual(open) else { index += 1; continue }
                let start = index + open.count
                var end = start
                while end < bytes.count, bytes[end] != close, bytes[end] != 0x0A { end += 1 }
                // Only a key closed on its own line by </key>, as the plist writes it.
                if end + 6 <= bytes.count, bytes[end..<(end + 6)].elementsEqual("</key>".utf8) {
                    let name = String(decoding: bytes[start..<end], as: UTF8.self)
                    if lines[name] == nil { lines[name] = line }
                }
                index = end
            }
        }
        return lines
    }

    private mutating func readPex(_ source: ImportSource) throws {
        // Foundation's XMLParser on Linux traps on an attribute that is not UTF-8, and crashes on
        // a processing instruction without data (both found by tools/fuzz --target pex): such
        // a file is refused first, at the line of what is wrong.
        if let (line, message) = Self.unsafeMarkup(source.data) {
            throw ImportError.malformed(path: source.path, line: line, message: message)
        }
        let delegate = PexDelegate()
        let parser = XMLParser(data: source.data)
        parser.delegate = delegate
        guard parser.parse() else {
            throw ImportError.malformed(path: source.path, line: parser.lineNumber,
                                        message: "not well-formed XML: \(parser.parserError?.localizedDescription ?? "parse error")")
        }
        let attributeSuffixes: [String: String] = ["x": "x", "y": "y", "red": "Red", "green": "Green", "blue": "Blue", "alpha": "Alpha"]
        for element in delegate.elements {
            if element.name == "texture" {
                if let name = element.attributes["name"] { set("textureFileName", name, line: element.line) }
                if let data = element.attributes["data"] { set("textureImageData", data, line: element.line) }
                continue
            }
            if let value = element.attributes["value"] {
                set(element.name, ImportedNumber.parse(value) ?? value as Any, line: element.line)
                continue
            }
            for (attribute, value) in element.attributes.sorted(by: { $0.key < $1.key }) {
                guard let suffix = attributeSuffixes[attribute] else { continue }
                set(element.name + suffix, ImportedNumber.parse(value) ?? value as Any, line: element.line)
            }
        }
    }

    /// What in a `.pex` must not reach Foundation's XMLParser, at the first line where it
    /// shows (and why, for the error), or nil.
    ///
    /// Foundation's XMLParser on Linux parses with libxml2 in recovery mode and hands a
    /// processing instruction's data to `String(cString:)`; libxml2 gives no data at all (a null
    /// pointer) for `<?target?>`, a target followed by `?>` at once, and fx crashed (exit 139).
    /// libxml2 goes on after errors, so such an instruction is a crash wherever libxml2 finds it,
    /// before the root element, inside it or after it. It can reach the parser in three ways,
    /// each closed here:
    /// - written out: `<?x?>`, `<?xml?>`, `<?é?>`, anywhere; the shape is refused everywhere in
    ///   the file, comments and CDATA included (recovery may read as markup what a strict
    ///   reading takes for a comment), and any other `<?` outside comments and CDATA but the XML
    ///   declaration (a `.pex` has no processing instructions);
    /// - from an entity: `<!ENTITY e "&#60;?x?>">` expands to one: a `.pex` has no DOCTYPE;
    /// - in another encoding: `encoding="UTF-7"` makes `+ADw-?x?+AD4-` one, and libxml2 takes
    ///   NUL bytes for UTF-16 or UCS-4: a `.pex` is UTF-8 and its declaration may name only
    ///   that, and control characters (which XML does not allow) are refused.
    /// `<?x ?>` (data, though empty), `<??>` (no target) and a `<?` at the end of the file do not
    /// crash; they are refused as processing instructions all the same.
    static func unsafeMarkup(_ data: Data) -> (line: Int, message: String)? {
        let notUTF8 = lineOfInvalidUTF8(data).map { (line: $0, message: "not UTF-8 text: a .pex is XML written in UTF-8") }
        let bytes = [UInt8](data)
        func at(_ index: Int, _ text: String, ignoringCase: Bool = false) -> Bool {
            let pattern = Array(text.utf8)
            guard index + pattern.count <= bytes.count else { return false }
            return zip(bytes[index..<(index + pattern.count)], pattern).allSatisfy { byte, expected in
                byte == expected || (ignoringCase && byte | 0x20 == expected | 0x20 && expected >= UInt8(ascii: "A"))
            }
        }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        // `<?` + a target + `?>`: the target runs to white space or a `?` (a name has neither).
        func isInstructionWithoutData(_ index: Int) -> Bool {
            var end = index + 2
            while end < bytes.count, !isSpace(bytes[end]), bytes[end] != UInt8(ascii: "?") { end += 1 }
            return end > index + 2 && at(end, "?>")
        }
        // The XML declaration: `<?xml` and white space, first in the file (after a byte order
        // mark and white space, which libxml2 reports as an error of its own).
        var declaration = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while declaration < bytes.count, isSpace(bytes[declaration]) { declaration += 1 }
        var declarationEnd = declaration
        if at(declaration, "<?xml"), declaration + 5 < bytes.count, isSpace(bytes[declaration + 5]) {
            declarationEnd = declaration + 5
            while declarationEnd < bytes.count, !at(declarationEnd, "?>") { declarationEnd += 1 }
            declarationEnd = min(declarationEnd + 2, bytes.count)
        }
        var index = 0, line = 1
        var problem: (line: Int, message: String)?
        // The end of the comment, CDATA section or declaration the scan is in, and its closing.
        var quietEnd: [UInt8]?
        while index < bytes.count, problem == nil {
            let byte = bytes[index]
            if byte == 0x0A { line += 1; index += 1; continue }
            if byte < 0x20, byte != 0x09, byte != 0x0D {
                let hex = String(byte, radix: 16, uppercase: true)
                problem = (line, "a control character (byte 0x\(hex.count == 1 ? "0" + hex : hex)), which XML does not allow")
                break
            }
            if byte == UInt8(ascii: "<"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "?"), isInstructionWithoutData(index) {
                problem = (line, "a processing instruction without data (<?…?>), which fx cannot read: a .pex has none")
                break
            }
            if let closing = quietEnd {
                if bytes[index...].starts(with: closing) { index += closing.count; quietEnd = nil } else { index += 1 }
                continue
            }
            if index == declaration, declarationEnd > declaration {
                if let message = Self.unsupportedEncoding(bytes[declaration..<declarationEnd]) { problem = (line, message); break }
                quietEnd = Array("?>".utf8)
                index += 2
                continue
            }
            if byte == UInt8(ascii: "<") {
                if at(index, "<!--") { quietEnd = Array("-->".utf8); index += 4; continue }
                if at(index, "<![CDATA[") { quietEnd = Array("]]>".utf8); index += 9; continue }
                if at(index, "<!DOCTYPE", ignoringCase: true) {
                    problem = (line, "a document type declaration (<!DOCTYPE …>): a .pex has none, and its entities could make markup fx cannot read")
                    break
                }
                if at(index, "<?") {
                    problem = (line, "a processing instruction (<?…?>): a .pex has none but its <?xml …?> declaration")
                    break
                }
            }
            index += 1
        }
        switch (notUTF8, problem) {
        case let (bad?, found?): return bad.line <= found.line ? bad : found
        case (let bad?, nil): return bad
        case (nil, let found): return found
        }
    }

    /// The error for an XML declaration naming an encoding other than UTF-8 (or ASCII, its
    /// subset), or nil.
    static func unsupportedEncoding(_ declaration: ArraySlice<UInt8>) -> String? {
        let text = String(decoding: declaration, as: UTF8.self)
        guard text.contains("encoding") else { return nil }
        guard let match = text.range(of: #"encoding\s*=\s*("[^"]*"|'[^']*')"#, options: .regularExpression) else {
            return "an XML declaration whose encoding fx cannot read: a .pex is UTF-8 (write encoding=\"UTF-8\", or none)"
        }
        let value = String(text[match].drop { $0 != "\"" && $0 != "'" }.dropFirst().dropLast())
        guard !["utf-8", "utf8", "us-ascii", "ascii"].contains(value.lowercased()) else { return nil }
        return "encoding \"\(value)\" in the XML declaration: a .pex is UTF-8 (write encoding=\"UTF-8\", or none)"
    }

    /// The 1-based line of the first byte sequence of `data` that is not UTF-8, or nil when it
    /// all is.
    static func lineOfInvalidUTF8(_ data: Data) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = data.makeIterator()
        var line = 1
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): if encoded.count == 1, encoded.first == 0x0A { line += 1 }
            case .error: return line
            case .emptyInput: return nil
            }
        }
    }

    /// The number under `key`, or `fallback` when absent or not a number, checked by
    /// ``ImportedNumber/finite(_:file:line:key:)``.
    /// - Throws: ``ImportError/malformed(path:line:message:)`` for NaN or ±infinity.
    func number(_ key: String, _ fallback: Double = 0) throws -> Double {
        let value: Double
        switch values[key.lowercased()] {
        case let number as Double: value = number
        case let string as String: value = ImportedNumber.parse(string) ?? fallback
        default: return fallback
        }
        return try ImportedNumber.finite(value, file: path, line: line(key), key: key)
    }

    /// Whether the source has `key`.
    func has(_ key: String) -> Bool { values[key.lowercased()] != nil }

    /// The string under `key`.
    func string(_ key: String) -> String? { values[key.lowercased()] as? String }

    /// The line of `key` (of the first of `keys` present), 1 if absent.
    func line(_ keys: String...) -> Int {
        for key in keys { if let line = lines[key.lowercased()] { return line } }
        return 1
    }
}

/// Collects a `.pex`'s elements with their attributes and lines.
private final class PexDelegate: NSObject, XMLParserDelegate {
    struct Element {
        var name: String
        var attributes: [String: String]
        var line: Int
    }

    var elements: [Element] = []

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        elements.append(Element(name: elementName, attributes: attributes, line: parser.lineNumber))
    }
}
