import FXCore
import Foundation

/// The expectations file of `fx check`: for each effect and moment, the simulation and image
/// hashes it must give, and optionally a reference frame (a PNG kept by `--update
/// --references`) that `--diff-dir` shows as the expected picture. Written sorted, one line per
/// moment, so that a change shows as a one-line diff:
///
///     {
///       "fx-check": 1,
///       "seed": 7,
///       "times": [1, 3.5],
///       "effects": {
///         "fire": {
///           "1.5": {"simulation": "0123456789abcdef", "image": "fedcba9876543210"}
///         }
///       }
///     }
///
/// `seed` and `times` are there only when the hashes were made with `--seed` / `--times`; a
/// check without those options then uses them.
struct CheckExpectations: Equatable {
    /// One moment's expected hashes.
    struct Entry: Equatable {
        var hashes: FrameHashes
        /// A reference PNG of the frame, relative to the expectations file's folder (or absolute).
        var reference: String?
    }

    /// The file's format version key and value.
    static let versionKey = "fx-check", version = 1
    /// The file `fx check` reads and `--update` writes when no `--expect` is given.
    static let defaultPath = "fx-check.json"
    /// The largest expectations file read (hostile input must not eat memory).
    static let maxBytes = 64 * 1024 * 1024

    /// The seed the hashes were made with (`--seed`), when not each effect's own.
    var seed: UInt64?
    /// The times checked (`--times`), when not each effect's declared moments.
    var times: [Double]?
    /// Effect name → moment (seconds) → expected hashes.
    var effects: [String: [Double: Entry]] = [:]

    /// Why an expectations file cannot be used: the file, the place, what was expected.
    struct FileError: Error, CustomStringConvertible {
        var description: String
    }

    /// Reads and checks `path`.
    static func read(_ path: String) throws -> CheckExpectations {
        let bytes: [UInt8]
        do {
            bytes = try FileReader.read(path, limit: maxBytes)
        } catch {
            throw FileError(description: "cannot read the expectations file \(path): \(error)")
        }
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch let error as JSONSyntaxError {
            throw FileError(description: "\(path):\(error.location.line):\(error.location.column(in: bytes)): \(error.message); "
                            + "an expectations file is JSON written by `fx check --update`")
        }
        return try Reader(path: path, bytes: bytes).expectations(root)
    }

    /// Reads the JSON tree, naming the place of the first problem.
    private struct Reader {
        let path: String
        let bytes: [UInt8]

        func fail(_ node: JSONNode, _ jsonPath: String, _ what: String) -> FileError {
            FileError(description: "\(path):\(node.location.line):\(node.location.column(in: bytes)): \(jsonPath): \(what); "
                      + "fix it, or write the file anew with `fx check --update`")
        }

        func members(_ node: JSONNode, _ jsonPath: String, _ what: String) throws -> [JSONMember] {
            guard case .object(let members) = node.value else { throw fail(node, jsonPath, "expected \(what), found \(node.value.kindName)") }
            var seen = Set<String>()
            for member in members where !seen.insert(member.key).inserted {
                throw fail(member.value, jsonPath, "\"\(member.key)\" is written twice")
            }
            return members
        }

        func expectations(_ root: JSONNode) throws -> CheckExpectations {
            var result = CheckExpectations()
            let top = try members(root, "$", "an object with \"\(versionKey)\": \(version) and \"effects\"")
            guard let version = top.first(where: { $0.key == versionKey }) else {
                throw fail(root, "$", "missing \"\(versionKey)\": \(CheckExpectations.version), the format version")
            }
            guard case .number(let number) = version.value.value, number == Double(CheckExpectations.version) else {
                throw fail(version.value, "$.\(versionKey)", "expected \(CheckExpectations.version), the format this fx reads")
            }
            for member in top {
                let place = "$.\(member.key)"
                switch member.key {
                case versionKey: break
                case "seed":
                    guard case .number(let seed) = member.value.value, seed >= 0, seed <= Double(UInt64(UInt32.max)), seed == seed.rounded() else {
                        throw fail(member.value, place, "expected a whole number 0…\(UInt32.max), the seed the hashes were made with")
                    }
                    result.seed = UInt64(seed)
                case "times":
                    guard case .array(let elements) = member.value.value, !elements.isEmpty else {
                        throw fail(member.value, place, "expected a list of times in seconds, such as [1, 3.5]")
                    }
                    result.times = try elements.enumerated().map { index, element in
                        guard case .number(let time) = element.value, time >= 0, time <= Effect.maxDuration else {
                            throw fail(element, "\(place)[\(index)]", "expected a time in seconds, 0…\(format(Effect.maxDuration))")
                        }
                        return time
                    }
                case "effects":
                    for effect in try members(member.value, place, "an object of effect names") {
                        let effectPlace = "\(place).\(effect.key)"
                        var moments: [Double: Entry] = [:]
                        for moment in try members(effect.value, effectPlace, "an object of moments (\"1.5\": {…})") {
                            let momentPlace = "\(effectPlace)[\"\(moment.key)\"]"
                            guard let time = Double(moment.key), time >= 0, time <= Effect.maxDuration else {
                                throw fail(moment.value, momentPlace, "\"\(moment.key)\" is not a time in seconds (0…\(format(Effect.maxDuration)))")
                            }
                            guard moments[time] == nil else { throw fail(moment.value, momentPlace, "the moment \(format(time)) s is written twice") }
                            moments[time] = try entry(moment.value, momentPlace)
                        }
                        result.effects[effect.key] = moments
                    }
                default:
                    throw fail(member.value, place, "unknown key \"\(member.key)\" (an expectations file has \"\(versionKey)\", \"seed\", \"times\" and \"effects\")")
                }
            }
            guard top.contains(where: { $0.key == "effects" }) else { throw fail(root, "$", "missing \"effects\"") }
            return result
        }

        func entry(_ node: JSONNode, _ place: String) throws -> Entry {
            var simulation: String?, image: String?, reference: String?
            for member in try members(node, place, "an object {\"simulation\": HEX, \"image\": HEX}") {
                guard case .string(let text) = member.value.value else {
                    throw fail(member.value, "\(place).\(member.key)", "expected a string, found \(member.value.value.kindName)")
                }
                switch member.key {
                case "simulation", "image":
                    guard text.count == 16, text.allSatisfy(\.isHexDigit) else {
                        throw fail(member.value, "\(place).\(member.key)", "expected 16 hex digits (a hash `fx hash` prints), found \"\(text)\"")
                    }
                    if member.key == "simulation" { simulation = text.lowercased() } else { image = text.lowercased() }
                case "reference": reference = text
                default:
                    throw fail(member.value, "\(place).\(member.key)", "unknown key \"\(member.key)\" (a moment has \"simulation\", \"image\" and \"reference\")")
                }
            }
            guard let simulation, let image else {
                throw fail(node, place, "missing \"\(simulation == nil ? "simulation" : "image")\", the expected hash")
            }
            return Entry(hashes: FrameHashes(simulation: simulation, image: image), reference: reference)
        }
    }

    /// The file's text: sorted by effect name and by time, one line per moment.
    var text: String {
        var lines = ["{", "  \"\(Self.versionKey)\": \(Self.version),"]
        if let seed { lines.append("  \"seed\": \(seed),") }
        if let times { lines.append("  \"times\": [\(times.map(format).joined(separator: ", "))],") }
        lines.append("  \"effects\": {")
        let names = effects.keys.sorted()
        for (index, name) in names.enumerated() {
            let moments = effects[name]!.sorted { $0.key < $1.key }
            lines.append("    \(JSONValue.quoted(name)): {" + (moments.isEmpty ? "}" : ""))
            for (row, (time, entry)) in moments.enumerated() {
                var fields = "\"simulation\": \"\(entry.hashes.simulation)\", \"image\": \"\(entry.hashes.image)\""
                if let reference = entry.reference { fields += ", \"reference\": \(JSONValue.quoted(reference))" }
                lines.append("      \"\(format(time))\": {\(fields)}" + (row < moments.count - 1 ? "," : ""))
            }
            if !moments.isEmpty { lines.append("    }") }
            if index < names.count - 1 { lines[lines.count - 1] += "," }
        }
        lines += ["  }", "}"]
        return lines.joined(separator: "\n") + "\n"
    }
}
