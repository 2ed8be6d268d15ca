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

    /// Reads a plist (XML or binary) or a `.pex`.
    init(_ source: ImportSource) throws {
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
        do {
            object = try PropertyListSerialization.propertyList(from: source.data, options: [], format: nil)
        } catch {
            throw ImportError.malformed(path: source.path, line: 1, message: "not a property list: \(error.localizedDescription)")
        }
        guard let dictionary = object as? [String: Any] else {
            throw ImportError.malformed(path: source.path, line: 1, message: "a Particle Designer plist is a dictionary at the top level")
        }
        let text = String(decoding: source.data, as: UTF8.self)
        let lineOf = Self.lineIndex(text, pattern: { "<key>\($0)</key>" })
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

    /// A function from key to the 1-based line where `pattern(key)` first appears (1 if nowhere).
    private static func lineIndex(_ text: String, pattern: @escaping (String) -> String) -> (String) -> Int {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return { key in
            let needle = pattern(key)
            return (lines.firstIndex { $0.contains(needle) } ?? 0) + 1
        }
    }

    private mutating func readPex(_ source: ImportSource) throws {
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
                set(element.name, Double(value) ?? value as Any, line: element.line)
                continue
            }
            for (attribute, value) in element.attributes.sorted(by: { $0.key < $1.key }) {
                guard let suffix = attributeSuffixes[attribute] else { continue }
                set(element.name + suffix, Double(value) ?? value as Any, line: element.line)
            }
        }
    }

    /// The number under `key`, or `fallback`.
    func number(_ key: String, _ fallback: Double = 0) -> Double {
        switch values[key.lowercased()] {
        case let number as Double: return number
        case let string as String: return Double(string) ?? fallback
        default: return fallback
        }
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
