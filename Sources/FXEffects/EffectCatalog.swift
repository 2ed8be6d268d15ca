import FXCore
import Foundation

/// Finds effects by name or path: a path to a file; else `NAME.json` in `./effects`, then in
/// each folder of `FX_EFFECTS_PATH` (colon-separated), then among the effects shipped with fx.
///
/// This is the `fx` command's way of finding effects (the working folder, the environment, the
/// bundled effects), so it lives here and not in FXCore: a program embedding fx that wants
/// `EffectPlayer(named:)` depends on FXEffects.
public struct EffectCatalog: Sendable {
    /// The folders searched for `NAME.json`, in order: the first match wins.
    public var searchDirectories: [String]

    /// - Parameters:
    ///   - workingDirectory: where `./effects` is looked for.
    ///   - environment: read for `FX_EFFECTS_PATH`.
    ///   - shippedDirectory: the folder of effects bundled with fx, if found.
    public init(workingDirectory: String, environment: [String: String], shippedDirectory: String?) {
        var directories = [(workingDirectory as NSString).appendingPathComponent("effects")]
        if let extra = environment["FX_EFFECTS_PATH"] {
            directories += extra.split(separator: ":").map(String.init).filter { !$0.isEmpty }
        }
        if let shippedDirectory { directories.append(shippedDirectory) }
        searchDirectories = directories
    }

    /// What `fx NAME` searches: `./effects` in the current directory, `FX_EFFECTS_PATH`, and
    /// the effects shipped with fx.
    public static func standard() -> EffectCatalog {
        EffectCatalog(workingDirectory: FileManager.default.currentDirectoryPath,
                      environment: ProcessInfo.processInfo.environment, shippedDirectory: shippedDirectory)
    }

    /// The folder of the effects shipped with fx (`confetti.json`, …), when the resource bundle
    /// is installed beside the program.
    public static var shippedDirectory: String? {
        ShippedEffects.directory
    }

    /// Shipped effects renamed after the titles of the write-ups they rebuild, by their former
    /// names: `fx cat-hud` still plays what is now `cat-waiting-hud`. A file of the former name
    /// in a search folder wins (a user's own `cat-hud.json`).
    public static let formerNames: [String: String] = [
        "cat-hud": "cat-waiting-hud",
        "pull-drop": "qq-pull-to-refresh",
        "three-balls": "qq-mail-loader",
        "avatar-morph": "interactive-avatar",
        "loading-dots": "replicator-loading-balls",
        "checkmark-button": "ripple-check-button",
    ]

    /// One effect found in the search folders, as `fx list` shows it.
    public struct Entry: Sendable, Equatable {
        /// The file name without `.json`: what `fx NAME` takes.
        public var name: String
        /// The file's path.
        public var path: String
        /// The effect's own `description`, or why the file does not load.
        public var description: String
    }

    /// Why an effect argument names no file.
    public enum LookupError: Error, CustomStringConvertible {
        /// No file or effect has this name; `available` lists every effect found and
        /// `suggestion` the closest name, when one is a likely misspelling.
        case notFound(name: String, available: [String], suggestion: String?)
        /// The argument is a path (it has a `/` or ends in `.json`) and no file is there;
        /// `missingFolder` is the outermost folder on the path that is missing too, when one is.
        /// `suggestion` is the effect found by name (in ./effects, FX_EFFECTS_PATH or among the
        /// shipped ones) closest to the file's name, when one is a likely misspelling.
        case missingFile(path: String, missingFolder: String?, suggestion: String? = nil)

        public var description: String {
            switch self {
            case .missingFile(let path, let missingFolder, let suggestion):
                var text = "the file \"\(path)\" does not exist"
                if let missingFolder { text += " (there is no folder \"\(missingFolder)\")" }
                let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
                let new = stem.isEmpty || stem.hasPrefix("-") ? "NAME" : stem
                if let suggestion {
                    return text + "; did you mean the effect \"\(suggestion)\" (fx finds it by that name, without .json)? fx list shows the effects by name, and fx new \(new) writes a new one"
                }
                return text + "; give the path of an effect file, or an effect's name (fx list shows them); fx new \(new) writes a new effect"
            case .notFound(let name, let available, let suggestion):
                var text = "no effect named \"\(name)\""
                if let suggestion { text += "; did you mean \"\(suggestion)\"?" }
                text += "\navailable effects: " + (available.isEmpty ? "(none found)" : available.joined(separator: ", "))
                return text
            }
        }
    }

    /// The file for an effect argument: an existing path as given, or a name looked up in order.
    /// - Throws: ``LookupError/missingFile(path:missingFolder:suggestion:)`` for a path (with a `/`, or
    ///   ending in `.json`) where no file is, ``LookupError/notFound(name:available:suggestion:)``
    ///   for a name that names no effect.
    public func locate(_ argument: String) throws -> String {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        // A path is returned when anything is there (a directory too): reading it then says
        // what is wrong with it, which helps more than "no effect named …".
        let isPath = argument.contains("/") || argument.hasSuffix(".json")
        if isPath && manager.fileExists(atPath: argument) { return argument }
        for directory in searchDirectories {
            let candidate = (directory as NSString).appendingPathComponent(argument + ".json")
            if manager.fileExists(atPath: candidate) { return candidate }
        }
        if manager.fileExists(atPath: argument, isDirectory: &isDirectory), !isDirectory.boolValue { return argument }
        // A shipped effect renamed after its seed's title is still found by its former name.
        if let current = Self.formerNames[argument] {
            for directory in searchDirectories {
                let candidate = (directory as NSString).appendingPathComponent(current + ".json")
                if manager.fileExists(atPath: candidate) { return candidate }
            }
        }
        if isPath {
            let stem = ((argument as NSString).lastPathComponent as NSString).deletingPathExtension
            throw LookupError.missingFile(path: argument, missingFolder: Self.missingFolder(of: argument),
                                          suggestion: closestMatch(to: stem, in: entryNames()))
        }
        let available = entries().map(\.name)
        throw LookupError.notFound(name: argument, available: available, suggestion: closestMatch(to: argument, in: available))
    }

    /// The outermost folder of `path` that does not exist (`a/b` of `a/b/c/x.json` when `a`
    /// exists), or nil when the file's own folder exists.
    static func missingFolder(of path: String) -> String? {
        var folder = (path as NSString).deletingLastPathComponent
        var missing: String?
        var isDirectory: ObjCBool = false
        while !folder.isEmpty && folder != "/" && !(FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) && isDirectory.boolValue) {
            missing = folder
            folder = (folder as NSString).deletingLastPathComponent
        }
        return missing
    }

    /// The names of every effect found, sorted, without loading them.
    public func entryNames() -> [String] {
        var names = Set<String>()
        for directory in searchDirectories {
            guard let files = try? FileManager.default.contentsOfDirectory(atPath: directory) else { continue }
            for file in files where file.hasSuffix(".json") { names.insert(String(file.dropLast(5))) }
        }
        return names.sorted()
    }

    /// Every effect found, the first of each name winning, sorted by name.
    public func entries() -> [Entry] {
        var seen: [String: Entry] = [:]
        for directory in searchDirectories {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { continue }
            for file in names.sorted() where file.hasSuffix(".json") {
                let name = String(file.dropLast(5))
                guard seen[name] == nil else { continue }
                let path = (directory as NSString).appendingPathComponent(file)
                let description: String
                do {
                    description = try EffectDecoder.load(path: path, resources: SystemResources()).description
                } catch let error as EffectLoadError {
                    let first = error.diagnostics.first { $0.severity == .error }
                    description = "(does not load: \(first.map { "\($0.line.map { "line \($0): " } ?? "")\($0.message)" } ?? "error"))"
                } catch {
                    description = "(does not load: \(error))"
                }
                seen[name] = Entry(name: name, path: path, description: description)
            }
        }
        return seen.values.sorted { $0.name < $1.name }
    }
}
