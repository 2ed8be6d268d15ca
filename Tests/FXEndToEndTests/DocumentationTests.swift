import FXCore
import Foundation
import XCTest

/// The library's documentation is whole and current: every public symbol has a `///` comment,
/// docs/API.md lists the API as it is, and the DocC catalog's articles from docs/ are links to
/// them.
final class DocumentationTests: XCTestCase {
    private let root = FXProcess.packageRoot

    /// One copy of each article: the catalog's are links to docs/, not copies that go stale.
    func testTheCatalogsArticlesAreLinksToTheDocsArticles() throws {
        for (source, article) in [("docs/effect-format.md", "EffectFileFormat.md"), ("docs/determinism.md", "Determinism.md")] {
            let link = root.appendingPathComponent("Sources/FXCore/FXCore.docc/" + article)
            let destination = try FileManager.default.destinationOfSymbolicLink(atPath: link.path)
            XCTAssertEqual(link.deletingLastPathComponent().appendingPathComponent(destination).standardizedFileURL.path,
                           root.appendingPathComponent(source).standardizedFileURL.path)
        }
    }

    func testTheKeyTablesAreTheRegistrys() throws {
        let text = try String(contentsOf: root.appendingPathComponent("docs/effect-format.md"), encoding: .utf8)
        XCTAssertEqual(PropertyTable.updatingTables(in: text), text, "docs/effect-format.md's key tables are stale: run tools/docs --sync")
        // Every owner's keys are somewhere in the document's tables.
        let tables = text.components(separatedBy: "<!-- keys: ").dropFirst().map { String($0.prefix { $0 != " " }) }
        for owner in PropertyOwner.allCases {
            let covered = tables.contains(owner.rawValue) || (owner == .emitterCell && tables.contains("extensions"))
                || ([.animation, .basicAnimation, .keyframeAnimation, .springAnimation, .groupAnimation, .transitionAnimation].contains(owner)
                    && tables.contains("animations"))
            XCTAssertTrue(covered, "no key table of \(owner.rawValue) in docs/effect-format.md")
        }
    }

    func testEveryPublicSymbolIsDocumentedAndListed() throws {
        // tools/test names the release build's modules; a bare `swift test` may have none.
        guard let modules = ProcessInfo.processInfo.environment["FX_MODULES_DIR"] else {
            if ProcessInfo.processInfo.environment["FX_REQUIRE_WINDOW_TEST"] == "1" {
                XCTFail("FX_MODULES_DIR is not set")
                return
            }
            throw XCTSkip("set FX_MODULES_DIR to a build's Modules folder (tools/test does)")
        }
        let result = try FXProcess.run(["--check"],
                                       environment: ["FX_MODULES_DIR": modules],
                                       executable: root.appendingPathComponent("tools/api-listing").path)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
    }
}
