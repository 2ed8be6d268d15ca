import Foundation
import XCTest

/// The embedding product (FXSDL: the engine and its SDL renderer) stays light: a program that
/// depends on it builds neither Dear ImGui, nor the ffmpeg encoder, nor swift-argument-parser.
/// Those belong to the `fx` command's targets (FXWindow, FXPanel, FXEncode), and the window
/// reaches the panel only through `WindowPanel`. Read from the manifest as SwiftPM reads it
/// (`swift package dump-package`) and from the sources' imports.
final class EmbeddingProductTests: XCTestCase {
    private let root = FXProcess.packageRoot

    /// The `fx` command's own targets and what only they may use: never reached from the
    /// embedding product.
    private let commandOnly: Set<String> = ["fx", "FXWindow", "FXPanel", "FXEncode", "CImGui", "CImGuiBridge"]

    /// The manifest as JSON. A scratch path of its own, so that it never waits for the lock
    /// `swift test` holds on .build.
    private func manifest() throws -> [String: Any] {
        let scratch = FXProcess.temporaryDirectory()
        let result = try FXProcess.run(["swift", "package", "--package-path", root.path, "--scratch-path", scratch.path, "dump-package"],
                                       in: root, executable: "/usr/bin/env")
        XCTAssertEqual(result.status, 0, result.stderr)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    /// Each target's dependencies: the package's own targets by name, and "package/product" for
    /// another package's products.
    private func dependencies(in manifest: [String: Any]) throws -> [String: [String]] {
        let targets = try XCTUnwrap(manifest["targets"] as? [[String: Any]])
        var result: [String: [String]] = [:]
        for target in targets {
            let name = try XCTUnwrap(target["name"] as? String)
            result[name] = try (target["dependencies"] as? [[String: Any]] ?? []).map { dependency in
                if let byName = dependency["byName"] as? [Any], let dependencyName = byName.first as? String { return dependencyName }
                if let target = dependency["target"] as? [Any], let dependencyName = target.first as? String { return dependencyName }
                let product = try XCTUnwrap(dependency["product"] as? [Any], "a dependency of \(name) of an unknown kind: \(dependency)")
                return "\(product.count > 1 ? product[1] as? String ?? "?" : "?")/\(product.first as? String ?? "?")"
            }
        }
        return result
    }

    /// Every target `starts` reach, themselves included.
    private func closure(of starts: [String], in dependencies: [String: [String]]) -> Set<String> {
        var reached = Set<String>()
        var pending = starts
        while let next = pending.popLast() {
            guard reached.insert(next).inserted else { continue }
            pending += dependencies[next] ?? []
        }
        return reached
    }

    func testTheEmbeddingProductReachesNeitherImGuiNorTheEncoderNorArgumentParser() throws {
        let manifest = try manifest()
        let dependencies = try dependencies(in: manifest)
        let products = try XCTUnwrap(manifest["products"] as? [[String: Any]])
        let embedding = try XCTUnwrap(products.first { $0["name"] as? String == "FXSDL" }, "no FXSDL product")
        let targets = try XCTUnwrap(embedding["targets"] as? [String])
        XCTAssertEqual(Set(targets), ["FXCore", "FXSDL"])

        let reached = closure(of: targets, in: dependencies)
        XCTAssertEqual(reached.intersection(commandOnly), [], "the FXSDL product reaches the fx command's targets")
        XCTAssertEqual(reached.filter { $0.contains("/") }, [], "the FXSDL product depends on another package (ArgumentParser?)")
        XCTAssertEqual(reached, ["FXCore", "FXSDL", "CSDL2"], "what the embedding product builds changed: is it needed by every embedder?")

        // The examples are programs embedding fx: what they use, a program gets from the
        // embedding product (and FXEffects).
        for example in ["click-confetti", "render-frames", "embedding-snippet"] {
            XCTAssertNotNil(dependencies[example], "no example \(example)")
            let used = closure(of: [example], in: dependencies).subtracting([example])
            XCTAssertEqual(used.subtracting(reached.union(["FXEffects"])), [], "\(example) uses more than the embedding product")
        }

        // The window does not depend on the panel (the panel depends on the window).
        let window = closure(of: ["FXWindow"], in: dependencies)
        XCTAssertFalse(window.contains("FXPanel") || window.contains("CImGuiBridge"), "FXWindow reaches the panel: \(window.sorted())")
        XCTAssertTrue(closure(of: ["FXPanel"], in: dependencies).contains("FXWindow"))
    }

    /// The modules a Swift file imports (`import X`, `@_implementationOnly import X`,
    /// `public import X`, `import struct X.Y`).
    static func importedModules(_ text: String) -> [String] {
        let pattern = #"(?m)^\s*(?:@\w+\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?(\w+)"#
        let expression = try! NSRegularExpression(pattern: pattern)
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    func testTheImportsAreReadAsTheCompilerReadsThem() {
        XCTAssertEqual(Self.importedModules("import CSDL2\n@_implementationOnly import CImGuiBridge\n  public import struct FXEncode.Chart\n// import FXPanel\nlet x = 1 // import FXWindow"),
                       ["CSDL2", "CImGuiBridge", "FXEncode"])
    }

    func testTheEmbeddingSourcesImportNoneOfTheCommandsModulesAndRunNoEncoder() throws {
        let imports = ["CImGui", "CImGuiBridge", "ArgumentParser", "FXWindow", "FXPanel", "FXEncode"]
        for (folder, forbidden) in [("Sources/FXSDL", imports), ("Sources/FXCore", imports), ("Sources/FXWindow", ["CImGui", "CImGuiBridge", "FXPanel", "ArgumentParser"])] {
            let files = try XCTUnwrap(FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)?.allObjects as? [String])
                .filter { $0.hasSuffix(".swift") }
            XCTAssertFalse(files.isEmpty, "no sources in \(folder)")
            for file in files {
                let text = try String(contentsOf: root.appendingPathComponent(folder).appendingPathComponent(file), encoding: .utf8)
                for module in Self.importedModules(text) {
                    XCTAssertFalse(forbidden.contains(module), "\(folder)/\(file) imports \(module)")
                }
                if folder == "Sources/FXSDL" {
                    // The encoder (ffmpeg through a pipe) is FXEncode's.
                    XCTAssertFalse(text.contains("VideoEncoder") || text.lowercased().contains("ffmpeg"), "\(folder)/\(file) has encoder code")
                }
            }
        }
    }
}
