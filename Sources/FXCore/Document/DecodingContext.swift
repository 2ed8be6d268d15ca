import Foundation

/// The state of one decoding pass: the file, and the problems found so far.
final class DecodingContext {
    /// The file as the user named it, for messages.
    let file: String
    let bytes: [UInt8]
    /// Where relative texture paths are resolved from.
    let baseDirectory: String
    /// Where the effect's textures and fonts are read from.
    let resources: any EffectResources
    private(set) var diagnostics: [Diagnostic] = []
    /// The effect's textures, for what names them by name: the layers' `contents`, and the
    /// values of a keyframe animation of `contents` (set while the layers are decoded).
    var textures: TextureResolver?
    /// A file with thousands of mistakes reports the first ones, not a flood.
    static let maxDiagnostics = 100

    init(file: String, bytes: [UInt8], baseDirectory: String, resources: any EffectResources = FileResources()) {
        self.file = file
        self.bytes = bytes
        self.baseDirectory = baseDirectory
        self.resources = resources
    }

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// The errors reported so far: compare before and after reading a part to know whether
    /// the part was sound.
    var errorCount: Int { diagnostics.reduce(0) { $0 + ($1.severity == .error ? 1 : 0) } }

    func report(_ severity: Diagnostic.Severity, at location: SourceLocation?, path: String,
                _ message: String, suggestion: String? = nil) {
        guard diagnostics.count < Self.maxDiagnostics else { return }
        diagnostics.append(Diagnostic(
            severity: severity, file: file, line: location?.line, column: location.map { $0.column(in: bytes) },
            path: path, message: message, suggestion: suggestion))
    }

    func error(at location: SourceLocation?, path: String, _ message: String, suggestion: String? = nil) {
        failedPaths.insert(path)
        report(.error, at: location, path: path, message, suggestion: suggestion)
    }

    /// The JSON paths an error was reported at: a value there was replaced by its default, so
    /// what follows from that default is no news (a wrong `lifetime` is not also "lifetime 0").
    private(set) var failedPaths: Set<String> = []

    /// Whether an error was reported at `path` or inside it (`$.a.b` fails with `$.a.b[0]`).
    func hasFailed(_ path: String) -> Bool {
        if failedPaths.contains(path) { return true }
        return failedPaths.contains { $0.hasPrefix(path + ".") || $0.hasPrefix(path + "[") }
    }

    func warning(at location: SourceLocation?, path: String, _ message: String, suggestion: String? = nil) {
        report(.warning, at: location, path: path, message, suggestion: suggestion)
    }
}

/// JSON path syntax: `$.layers[0].emitterCells[2].birthRate`.
enum JSONPath {
    static func member(_ path: String, _ key: String) -> String {
        let isIdentifier = !key.isEmpty && key.unicodeScalars.allSatisfy { $0 == "_" || $0 == "$" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
            && !("0"..."9").contains(key.unicodeScalars.first!)
        if isIdentifier { return path + "." + key }
        let escaped = key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return path + "[\"" + escaped + "\"]"
    }

    static func element(_ path: String, _ index: Int) -> String {
        path + "[\(index)]"
    }
}
