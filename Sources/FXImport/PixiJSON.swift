import Foundation
import FXCore

/// A pixi-particle-emitter JSON value with its line, read with typed accessors that throw
/// ``ImportError/malformed(path:line:message:)`` naming the key and what was expected.
struct PixiJSON {
    /// The parsed node (FXCore's parser keeps every value's line).
    let node: JSONNode
    /// The source path, for errors.
    let path: String
    /// The key path of this value in the file (`behaviors[2].config`), for errors.
    let keyPath: String

    /// The 1-based line of this value.
    var line: Int { node.location.line }

    /// The object's members, or an error saying an object was expected.
    func members() throws -> [(String, PixiJSON)] {
        guard case .object(let members) = node.value else { throw expected("an object") }
        return members.map { ($0.key, PixiJSON(node: $0.value, path: path, keyPath: keyPath.isEmpty ? $0.key : keyPath + "." + $0.key)) }
    }

    /// The member `key`, if present and not `null`.
    func member(_ key: String) -> PixiJSON? {
        guard case .object(let members) = node.value, let found = members.last(where: { $0.key == key }) else { return nil }
        if case .null = found.value.value { return nil }
        return PixiJSON(node: found.value, path: path, keyPath: keyPath.isEmpty ? key : keyPath + "." + key)
    }

    /// Whether the object has `key`.
    func has(_ key: String) -> Bool { member(key) != nil }

    /// The line of `key` (of this value when absent).
    func line(of key: String) -> Int {
        guard case .object(let members) = node.value, let found = members.last(where: { $0.key == key }) else { return line }
        return found.keyLocation.line
    }

    /// The array's elements.
    func elements() throws -> [PixiJSON] {
        guard case .array(let items) = node.value else { throw expected("an array") }
        return items.enumerated().map { PixiJSON(node: $1, path: path, keyPath: keyPath + "[\($0)]") }
    }

    /// The number (a numeric string such as `"0.5"` is read too: the editor writes some),
    /// checked by ``ImportedNumber/finite(_:file:line:key:)``: `"nan"` and `"Infinity"` are refused.
    func number() throws -> Double {
        switch node.value {
        case .number(let value): return try ImportedNumber.finite(value, file: path, line: line, key: keyPath)
        case .string(let text):
            if let value = ImportedNumber.parse(text) { return try ImportedNumber.finite(value, file: path, line: line, key: keyPath) }
        default: break
        }
        throw expected("a number")
    }

    /// The string.
    func string() throws -> String {
        guard case .string(let text) = node.value else { throw expected("a string") }
        return text
    }

    /// The boolean (JavaScript's truthiness for numbers, as pixi reads `!!value`).
    func bool() throws -> Bool {
        switch node.value {
        case .bool(let flag): return flag
        case .number(let value): return value != 0
        default: throw expected("true or false")
        }
    }

    /// The number under `key`, or `fallback` when absent.
    func number(_ key: String, _ fallback: Double) throws -> Double {
        try member(key)?.number() ?? fallback
    }

    /// The number under `key`, required.
    func requiredNumber(_ key: String) throws -> Double {
        guard let value = member(key) else { throw missing(key, "a number") }
        return try value.number()
    }

    /// The member `key`, required.
    func required(_ key: String, _ what: String) throws -> PixiJSON {
        guard let value = member(key) else { throw missing(key, what) }
        return value
    }

    /// An error at this value: `expected X, found Y`.
    func expected(_ what: String) -> ImportError {
        .malformed(path: path, line: line, message: "\(keyPath.isEmpty ? "the file" : keyPath): expected \(what), found \(node.value.kindName)")
    }

    /// An error for a missing member.
    func missing(_ key: String, _ what: String) -> ImportError {
        .malformed(path: path, line: line, message: "\(keyPath.isEmpty ? "" : keyPath + ": ")missing \"\(key)\" (\(what))")
    }

    /// An error with a message at this value.
    func error(_ message: String) -> ImportError {
        .malformed(path: path, line: line, message: "\(keyPath): \(message)")
    }
}
