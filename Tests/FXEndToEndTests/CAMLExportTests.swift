import FXCore
import FXEffects
import FXExport
import FXSDL
import Foundation
import XCTest

/// `fx export --to caml`: a `.ca` bundle (`main.caml`, `index.xml` naming it, `assets/` with
/// the textures), checked by importing it back with the real binary: every shipped effect
/// whose export has no warning gives the same image hash (`fx hash … --time T`) at three
/// moments after `fx import bundle.ca`.
final class CAMLExportTests: XCTestCase {
    var effects: URL { FXProcess.packageRoot.appendingPathComponent("effects") }

    /// The times compared: early, later, and the effect's own preview time.
    func times(of document: EffectDocument) -> [Double] {
        let preview = document.effect.representativeTime
        return [0.5, 1.5, [0.5, 1.5].contains(preview) ? 2.75 : preview]
    }

    /// The shipped effect `name` loaded as `fx` loads it.
    func load(_ name: String) throws -> EffectDocument {
        let path = effects.appendingPathComponent(name + ".json").path
        return try EffectDocument(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))), file: name + ".json",
                                  baseDirectory: effects.path, resources: SystemResources())
    }

    /// Writes `result`'s files into the folder `bundle` (the `.ca` folder), images as PNG.
    func write(_ result: ExportResult, to bundle: URL) throws {
        for file in result.files {
            let url = bundle.appendingPathComponent(file.relativePath)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            switch file.contents {
            case .text(let text): try Data(text.utf8).write(to: url)
            case .image(let image): try PNGFile.write(image, to: url.path)
            case .copy(let path): try FileManager.default.copyItem(atPath: path, toPath: url.path)
            }
        }
    }

    /// The image hash of `fx hash TARGET --time T`.
    func imageHash(_ target: String, at time: Double, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let result = try FXProcess.run(["hash", target, "--time", "\(time)"])
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        let words = result.stdout.split(whereSeparator: \.isWhitespace)
        guard let index = words.firstIndex(of: "image"), index + 1 < words.count else { return result.stdout }
        return String(words[index + 1])
    }

    /// Exports `name`, imports the bundle back and compares the image hashes; returns what
    /// differed (empty when nothing did), or nil when the export had warnings.
    func roundTrip(_ name: String) throws -> [String]? {
        let document = try load(name)
        let result = EffectExport.run(document, format: .caml, name: name)
        guard result.warnings.isEmpty else { return nil }
        let folder = FXProcess.temporaryDirectory()
        let bundle = folder.appendingPathComponent(name + ".ca")
        try write(result, to: bundle)
        let imported = folder.appendingPathComponent(name + ".json")
        let run = try FXProcess.run(["import", bundle.path, "--out", imported.path], timeout: 120)
        guard run.status == 0 else { return ["fx import failed: \(run.stderr.suffix(1500))"] }
        var differences: [String] = []
        let importWarnings = run.stderr.split(separator: "\n").filter { $0.contains(": warning: ") }
        if !importWarnings.isEmpty { differences.append("fx import warned: " + importWarnings.joined(separator: "\n")) }
        for time in times(of: document) {
            let original = try imageHash(effects.appendingPathComponent(name + ".json").path, at: time)
            let back = try imageHash(imported.path, at: time)
            if original != back { differences.append("at \(time) s: image \(original) → \(back)") }
        }
        return differences
    }

    /// Every shipped effect that Core Animation expresses (its CAML export has no warning)
    /// comes back from `fx import` of its bundle as the same image at three moments.
    func testEveryExpressibleShippedEffectComesBackAsTheSameImage() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: effects.path).filter { $0.hasSuffix(".json") }
            .map { String($0.dropLast(5)) }.sorted()
        var checked: [String] = [], failures: [String] = []
        for name in names {
            guard let differences = try roundTrip(name) else { continue }
            checked.append(name)
            if !differences.isEmpty { failures.append(name + ":\n  " + differences.joined(separator: "\n  ")) }
        }
        XCTAssertFalse(checked.isEmpty, "no shipped effect exports to CAML without warnings")
        XCTAssertTrue(failures.isEmpty, "\(failures.count) of \(checked.count) effects differ after the round trip:\n" + failures.joined(separator: "\n"))
    }

    /// The bundle of an effect with built-in textures: `main.caml` in Core Animation's
    /// namespace with the root layer as big as the canvas, `index.xml` naming `main.caml` as
    /// the root document, and each built-in texture rendered at its full size into `assets/`
    /// and named by `<contents type="CGImage" src="assets/NAME.png"/>`.
    func testTheBundleHoldsItsDocumentIndexAndAssets() throws {
        let document = try load("sparkle")
        let result = EffectExport.run(document, format: .caml, name: "sparkle")
        XCTAssertTrue(result.isBundle)
        XCTAssertEqual(result.files.first?.relativePath, "main.caml")
        let bundle = FXProcess.temporaryDirectory().appendingPathComponent("sparkle.ca")
        try write(result, to: bundle)
        let main = try String(contentsOf: bundle.appendingPathComponent("main.caml"), encoding: .utf8)
        XCTAssertTrue(main.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<caml xmlns=\"http://www.apple.com/CoreAnimation/1.0\">\n  <CALayer "), main)
        XCTAssertTrue(main.contains(" bounds=\"0 0 600 600\""), main)
        let index = try String(contentsOf: bundle.appendingPathComponent("index.xml"), encoding: .utf8)
        XCTAssertTrue(index.contains("<key>rootDocument</key>\n\t<string>main.caml</string>"), index)
        for texture in [BuiltinTexture.star, .spark, .disc] {
            let path = bundle.appendingPathComponent("assets/\(texture.rawValue).png").path
            XCTAssertTrue(FileManager.default.fileExists(atPath: path), "assets/\(texture.rawValue).png is missing")
            XCTAssertEqual(try PNGFile.read(path), texture.image(level: 0))
            XCTAssertTrue(main.contains("<contents type=\"CGImage\" src=\"assets/\(texture.rawValue).png\"/>"), main)
        }
    }
}
