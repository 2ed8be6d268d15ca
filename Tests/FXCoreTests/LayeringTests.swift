import Foundation
import XCTest

/// FXCore's folders depend on one another one way, as docs/architecture.md draws them: the
/// model knows nothing of decoding, simulating or drawing; the simulation nothing of drawing or
/// decoding; drawing nothing of decoding or of the property table. The compiler does not see
/// folders, so this test reads the sources: every type and top-level function FXCore declares,
/// by the folder that declares it, and every use of one in another folder.
///
/// What it cannot see: members added to a type in an extension in another folder (calling one
/// names only the type), and uses written inside string interpolations (strings are skipped).
final class LayeringTests: XCTestCase {
    /// Each folder of `Sources/FXCore` and the folders whose declarations it may use.
    static let allowed: [String: Set<String>] = {
        let base: Set = ["Math", "Random"]
        // The effect's model, with its animations and timing: values and how they evaluate
        // over time (a layer holds its animations; an animation's values are the model's).
        let model = base.union(["Model", "Timing", "Animation"])
        let simulation = model.union(["Simulation"])
        return [
            "Math": [],
            "Random": ["Math"],
            "Model": model,
            "Timing": model,
            "Animation": model,
            "Simulation": simulation,
            // The property table gathers the particle behaviours' keys, which each behaviour
            // declares in its own file, and resolves key paths through them.
            "Registry": simulation.union(["Registry"]),
            // Drawing reads snapshots of the simulation (and the particles as drawn between
            // steps, CellRewind), never the property table or the document.
            "Render": simulation.union(["Render"]),
            "Document": simulation.union(["Registry", "Document"]),
            "Player": simulation.union(["Registry", "Render", "Document", "Player"]),
        ]
    }()

    /// `Sources/FXCore`, from this file's place in the repository.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/FXCore")

    /// Every Swift file under `Sources/FXCore`: its top folder and its text with comments and
    /// string literals removed.
    static func sources() throws -> [(folder: String, file: String, code: String)] {
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)!
        var sources: [(String, String, String)] = []
        for case let url as URL in files where url.pathExtension == "swift" {
            let relative = url.path.dropFirst(root.path.count + 1)
            let folder = String(relative.prefix { $0 != "/" })
            sources.append((folder, String(relative), withoutCommentsAndStrings(try String(contentsOf: url, encoding: .utf8))))
        }
        return sources.sorted { $0.1 < $1.1 }
    }

    /// `code` without its comments, string literals (interpolations with them) and multi-line
    /// strings.
    static func withoutCommentsAndStrings(_ code: String) -> String {
        var text = code
        let patterns = [#"/\*[\s\S]*?\*/"#, #"//[^\n]*"#, #""""[\s\S]*?""""#, #""(?:\\.|[^"\\\n])*""#]
        for pattern in patterns {
            text = text.replacingOccurrences(of: pattern, with: "\"\"", options: .regularExpression)
        }
        return text
    }

    /// Names declared at the top level of a file (not indented): types and functions.
    static func declarations(in code: String) -> [String] {
        let declaration = try! NSRegularExpression(
            pattern: #"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|internal|private|fileprivate|final|indirect|open)\s+)*(?:struct|class|enum|protocol|typealias|actor|func)\s+([A-Za-z_]\w*)"#,
            options: .anchorsMatchLines)
        return declaration.matches(in: code, range: NSRange(code.startIndex..., in: code)).map {
            String(code[Range($0.range(at: 1), in: code)!])
        }
    }

    /// The folders each folder uses, with one use (file and name) for each.
    static func uses() throws -> [String: [String: (file: String, name: String)]] {
        let sources = try sources()
        var declaringFolder: [String: String] = [:]
        for source in sources {
            for name in declarations(in: source.code) { declaringFolder[name] = source.folder }
        }
        let identifier = try! NSRegularExpression(pattern: #"(?<![\w.])([A-Za-z_]\w*)\b(\s*\()?"#)
        var uses: [String: [String: (file: String, name: String)]] = [:]
        for source in sources {
            let code = source.code
            for match in identifier.matches(in: code, range: NSRange(code.startIndex..., in: code)) {
                let name = String(code[Range(match.range(at: 1), in: code)!])
                guard let folder = declaringFolder[name], folder != source.folder else { continue }
                // A function is used where it is called; a lower-case name alone is a variable.
                if name.first!.isLowercase && match.range(at: 2).location == NSNotFound { continue }
                if uses[source.folder, default: [:]][folder] == nil { uses[source.folder, default: [:]][folder] = (source.file, name) }
            }
        }
        return uses
    }

    func testEachFolderUsesOnlyTheFoldersBelowIt() throws {
        let uses = try Self.uses()
        for (folder, used) in uses.sorted(by: { $0.key < $1.key }) {
            let allowed = try XCTUnwrap(Self.allowed[folder], "Sources/FXCore/\(folder) is not placed among the layers: add it to LayeringTests.allowed")
            for (other, use) in used.sorted(by: { $0.key < $1.key }) where !allowed.contains(other) {
                XCTFail("Sources/FXCore/\(use.file) uses \(use.name), declared in \(other)/: \(folder)/ may use only \(allowed.sorted().joined(separator: ", "))")
            }
        }
    }

    func testEveryFolderIsPlaced() throws {
        let folders = Set(try Self.sources().map(\.folder)).subtracting(["FXCore.docc"])
        XCTAssertEqual(folders.subtracting(Self.allowed.keys), [], "folders of Sources/FXCore missing from LayeringTests.allowed")
    }

    /// The reading finds the uses that are there (a reader that found none would pass the
    /// test above whatever the sources did): drawing uses the simulation's snapshots, the
    /// decoder the property table, and the registry's key path lookup calls closestMatch, a
    /// function in Math/ (its only use of Math/).
    func testTheReaderFindsTypesAndFunctionsUsedAcrossFolders() throws {
        let uses = try Self.uses()
        XCTAssertNotNil(uses["Render"]?["Simulation"])
        XCTAssertNotNil(uses["Document"]?["Registry"])
        XCTAssertEqual(uses["Registry"]?["Math"]?.name, "closestMatch")
        let code = Self.withoutCommentsAndStrings("let a = \"Render\" // World\n/* DrawList */ let b = World()")
        XCTAssertEqual(code.contains("World()"), true)
        XCTAssertEqual(code.contains("DrawList"), false)
        XCTAssertEqual(Self.declarations(in: "public final class World {}\nfunc closestMatch() {}\n    struct Nested {}"), ["World", "closestMatch"])
    }
}
