import FXCore
import Foundation

/// canvas-confetti's options (catdad/canvas-confetti, the object given to `confetti(…)`), read
/// from a JSON object or an array of them (one per call, e.g. the two cannons of "school
/// pride"). Absent keys take canvas-confetti's defaults; a value of the wrong type is warned
/// and takes the default too, as canvas-confetti's `prop` would fall back on it for `null`.
struct CanvasConfettiConfig {
    /// One option object: one call of `confetti(options)`.
    struct Options {
        /// The members as written, with their lines.
        var members: [String: (node: JSONNode, line: Int)] = [:]
        /// The keys in source order.
        var keys: [String] = []
        /// The line of the object's opening brace.
        var line: Int
        /// The source file, for errors.
        var path: String
        /// Warnings about values that could not be read.
        var problems: [(key: String, line: Int, message: String)] = []

        /// The line of `key`, or of the object when it is absent.
        func line(_ key: String) -> Int { members[key]?.line ?? line }

        func has(_ key: String) -> Bool { members[key] != nil }

        /// A number option, or `fallback` when absent, null or not a number (warned); checked by
        /// ``ImportedNumber/finite(_:file:line:key:)``.
        /// - Throws: ``ImportError/malformed(path:line:message:)`` for NaN or ±infinity
        ///   (`"nan"`, `"Infinity"` or `"1e999"` written as a string).
        mutating func number(_ key: String, _ fallback: Double) throws -> Double {
            guard let member = members[key] else { return fallback }
            switch member.node.value {
            case .number(let value): return try ImportedNumber.finite(value, file: path, line: member.line, key: key)
            case .null: return fallback
            case .string(let text) where ImportedNumber.parse(text) != nil:
                // canvas-confetti reads options with Number(…), so "0.5" is 0.5.
                return try ImportedNumber.finite(ImportedNumber.parse(text)!, file: path, line: member.line, key: key)
            default:
                problems.append((key, member.line, "expected a number, got \(member.node.value.kindName): canvas-confetti's default \(ImportedJSON.text(of: fallback)) is used"))
                return fallback
            }
        }

        /// A boolean option (canvas-confetti takes any truthy value).
        func flag(_ key: String) -> Bool {
            guard let member = members[key] else { return false }
            switch member.node.value {
            case .bool(let value): return value
            case .number(let value): return value != 0
            case .string(let text): return !text.isEmpty
            case .null: return false
            case .array, .object: return true
            }
        }

        /// A list's elements as strings (nil for an element that is not one), or nil when the
        /// list is absent.
        mutating func strings(_ key: String) -> [(text: String?, line: Int)]? {
            guard let member = members[key] else { return nil }
            guard case .array(let elements) = member.node.value else {
                if case .null = member.node.value { return nil }
                problems.append((key, member.line, "expected a list, got \(member.node.value.kindName): canvas-confetti's default is used"))
                return nil
            }
            return elements.map { element in
                if case .string(let text) = element.value { return (text, element.location.line) }
                return (nil, element.location.line)
            }
        }

        /// The `origin` object's `x` and `y` (0…1 of the canvas; 0.5 each by default).
        mutating func origin() throws -> (x: Double, y: Double) {
            guard let member = members["origin"] else { return (0.5, 0.5) }
            guard case .object(let fields) = member.node.value else {
                if case .null = member.node.value { return (0.5, 0.5) }
                problems.append(("origin", member.line, "expected {\"x\": 0…1, \"y\": 0…1}, got \(member.node.value.kindName): the centre is used"))
                return (0.5, 0.5)
            }
            func coordinate(_ name: String) throws -> Double {
                guard let field = fields.first(where: { $0.key == name }) else { return 0.5 }
                if case .number(let value) = field.value.value {
                    return try ImportedNumber.finite(value, file: path, line: field.keyLocation.line, key: "origin." + name)
                }
                problems.append(("origin.\(name)", field.keyLocation.line, "expected a number, got \(field.value.value.kindName): 0.5 is used"))
                return 0.5
            }
            for field in fields where field.key != "x" && field.key != "y" {
                problems.append(("origin.\(field.key)", field.keyLocation.line, "not a member of origin (x, y): dropped"))
            }
            return (try coordinate("x"), try coordinate("y"))
        }
    }

    /// The option objects, in file order.
    var options: [Options] = []

    /// Every option key canvas-confetti's `confetti(options)` reads.
    static let knownKeys: Set<String> = [
        "particleCount", "angle", "spread", "startVelocity", "decay", "gravity", "drift", "ticks", "origin",
        "colors", "shapes", "scalar", "flat", "zIndex", "disableForReducedMotion",
    ]

    /// Keys only canvas-confetti uses: one of them marks a JSON object as its options.
    static let distinctiveKeys: Set<String> = [
        "particleCount", "spread", "startVelocity", "decay", "drift", "ticks", "scalar", "shapes", "zIndex",
        "disableForReducedMotion", "flat", "origin",
    ]

    /// Reads `source`: a JSON object or an array of objects.
    /// - Throws: ``ImportError/malformed(path:line:message:)`` for text that is not JSON, or
    ///   JSON that is not an object or a list of objects.
    init(_ source: ImportSource) throws {
        let root: JSONNode
        do {
            root = try JSONParser.parse(Array(source.data))
        } catch let error as JSONSyntaxError {
            throw ImportError.malformed(path: source.path, line: error.location.line, message: "not JSON: \(error.message)")
        }
        let objects: [JSONNode]
        switch root.value {
        case .object: objects = [root]
        case .array(let elements):
            objects = elements
            if elements.isEmpty {
                throw ImportError.malformed(path: source.path, line: root.location.line,
                                            message: "an empty list: canvas-confetti options are an object, or a list of objects (one per confetti() call)")
            }
        default:
            throw ImportError.malformed(path: source.path, line: root.location.line,
                                        message: "canvas-confetti options are a JSON object, or a list of objects (one per confetti() call); got \(root.value.kindName)")
        }
        for node in objects {
            guard case .object(let members) = node.value else {
                throw ImportError.malformed(path: source.path, line: node.location.line,
                                            message: "expected an object of canvas-confetti options, got \(node.value.kindName)")
            }
            var options = Options(line: node.location.line, path: source.path)
            for member in members where !member.key.hasPrefix("//") {
                if options.members[member.key] == nil { options.keys.append(member.key) }
                options.members[member.key] = (member.value, member.keyLocation.line)
            }
            self.options.append(options)
        }
    }

    /// Whether `data` is JSON whose object (or one of whose objects) has a key only
    /// canvas-confetti uses, and which is not an fx effect (`"fx"`).
    static func looksLikeOptions(_ data: Data) -> Bool {
        guard let root = try? JSONParser.parse(Array(data)) else { return false }
        let objects: [JSONNode]
        switch root.value {
        case .object: objects = [root]
        case .array(let elements): objects = elements
        default: return false
        }
        var distinctive = false
        for node in objects {
            guard case .object(let members) = node.value else { return false }
            if members.contains(where: { $0.key == EffectKeys.fx.name }) { return false }
            if members.contains(where: { distinctiveKeys.contains($0.key) }) { distinctive = true }
        }
        return distinctive
    }
}
