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

    /// Reads a plist (XML or binary) or a `.pex`.
    init(_ source: ImportSource) throws {
        path = source.path
        if ParticleDesignerImporter.isPex(source.data) {
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
        // Foundation's XMLParser on Linux traps on an attribute that is not UTF-8 (found by
        // tools/fuzz --target pex): such a file is refused first, at the line of the bad byte.
        if let line = Self.lineOfInvalidUTF8(source.data) {
            throw ImportError.malformed(path: source.path, line: line, message: "not UTF-8 text: a .pex is XML written in UTF-8")
        }
        // It also crashes on a processing instruction without data (`<?x?>`, found by the same
        // fuzzer): a .pex has none but its XML declaration.
        if let line = Self.lineOfProcessingInstruction(source.data) {
            throw ImportError.malformed(path: source.path, line: line,
                                        message: "a processing instruction (<?…?>): a .pex has none but its <?xml …?> declaration")
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

    /// The 1-based line of the first `<?` of `data` outside comments and CDATA that is not the
    /// XML declaration (`<?xml ` before anything but white space and a byte order mark), or nil.
    static func lineOfProcessingInstruction(_ data: Data) -> Int? {
        let bytes = [UInt8](data)
        func at(_ index: Int, _ text: String) -> Bool {
            let pattern = Array(text.utf8)
            return index + pattern.count <= bytes.count && bytes[index..<(index + pattern.count)].elementsEqual(pattern)
        }
        var index = 0, line = 1, seenContent = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A { line += 1 }
            if at(index, "<!--") || at(index, "<![CDATA[") {
                let close = at(index, "<!--") ? "-->" : "]]>"
                index += 4
                while index < bytes.count, !at(index, close) {
                    if bytes[index] == 0x0A { line += 1 }
                    index += 1
                }
                index += 3
                seenContent = true
                continue
            }
            if at(index, "<?") {
                if seenContent || !at(index, "<?xml") { return line }
            }
            if ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains(byte) { seenContent = true }
            index += 1
        }
        return nil
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
