import FXCore
import FXEffects
import FXSDL
import Foundation
import XCTest

/// Where effects and their files are found: the command line's knowledge (the working folder,
/// FX_EFFECTS_PATH, the shipped effects, the system's fonts) lives in FXEffects, and FXCore is
/// told through an `EffectResources`.
final class EffectResourcesTests: XCTestCase {
    private let root = FXProcess.packageRoot

    func testLoadingFromEveryKindOfSource() throws {
        let named = try EffectPlayer(named: "confetti")
        XCTAssertEqual(named.effect.name, "confetti")
        XCTAssertEqual(named.layerNames, ["confetti"])
        let path = try XCTUnwrap(named.effect.sourcePath)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let fromFile = try EffectPlayer(contentsOfFile: path)
        let fromJSON = try EffectPlayer(json: text)
        let fromData = try EffectPlayer(data: Data(text.utf8))
        for player in [named, fromFile, fromJSON, fromData] { player.seek(to: 1) }
        XCTAssertEqual(Set([named, fromFile, fromJSON, fromData].map { $0.stateHash() }).count, 1)
        XCTAssertThrowsError(try EffectPlayer(named: "confeti")) { error in
            XCTAssertTrue("\(error)".contains("did you mean \"confetti\""), "\(error)")
        }
    }

    /// An image that exists only in memory is decoded and drawn: the renderer reads through the
    /// same resolver the effect was decoded with. Drawn headless, the particles are the file's
    /// pixels, as when the image is read from disk.
    func testInMemoryImagesAreDrawn() throws {
        struct InMemory: EffectResources {
            let png: [UInt8]
            func location(ofFile path: String, relativeTo directory: String) -> String { "memory:" + path }
            func contents(at location: String, prefix: Int?, limit: Int) throws(FileReadError) -> [UInt8] {
                guard location == "memory:star.png" else { throw FileReadError(path: location, reason: .missing) }
                return prefix.map { Array(png.prefix($0)) } ?? png
            }
        }
        let png = Array(try Data(contentsOf: root.appendingPathComponent("effects/textures/twinkle.png")))
        func json(_ texture: String) -> String {
            """
            {"fx": 1, "canvas": {"size": [120, 120], "background": "black"}, "textures": {"star": "\(texture)"},
             "layers": [{"type": "emitter", "emitterPosition": [60, 60],
                         "emitterCells": [{"contents": "star", "birthRate": 20, "lifetime": 5, "velocity": 30, "emissionRange": "360deg"}]}]}
            """
        }
        let inMemory = try EffectDecoder.decode(bytes: Array(json("star.png").utf8), resources: InMemory(png: png))
        let onDisk = try EffectDecoder.decode(bytes: Array(json("textures/twinkle.png").utf8), baseDirectory: root.appendingPathComponent("effects").path)
        let drawn = try FrameSequence(effect: inMemory, resources: InMemory(png: png)).frame(at: 1)
        let reference = try FrameSequence(effect: onDisk).frame(at: 1)
        XCTAssertEqual(drawn.pixels, reference.pixels)
        XCTAssertGreaterThan(drawn.pixels.enumerated().filter { $0.offset % 4 == 0 && $0.element > 40 }.count, 20, "the particles are drawn")
    }

    /// A shipped effect with text in a named family loads with the system's resources, as `fx`
    /// loads it, and says which resolver it needs without them.
    func testSystemResourcesFindTheInstalledFamilies() throws {
        let path = root.appendingPathComponent("effects/slide-to-unlock.json").path
        let effect = try EffectDecoder.load(path: path, resources: SystemResources())
        let fonts = effect.allLayers().compactMap(\.layer.text?.fontPath)
        XCTAssertFalse(fonts.isEmpty)
        XCTAssertTrue(fonts.allSatisfy { path in SystemResources.standardFontDirectories.contains { path.hasPrefix($0 + "/") } }, "\(fonts)")
        XCTAssertThrowsError(try EffectDecoder.load(path: path)) { error in
            XCTAssertTrue("\(error)".contains("SystemResources"), "\(error)")
        }
        // With no font folders, the family is "not installed", with the package to install.
        XCTAssertThrowsError(try EffectDecoder.load(path: path, resources: SystemResources(fontDirectories: []))) { error in
            XCTAssertTrue("\(error)".contains("is not installed; install fonts-dejavu-core"), "\(error)")
        }
    }

    /// FXCore depends on no other module of the package (nor any package), as SwiftPM itself
    /// describes the package; and no FXCore source reaches for the command line's knowledge.
    func testFXCoreDependsOnNothingAndKnowsNoCommandLineConcerns() throws {
        // A scratch folder of its own: the test run holds the package's .build lock.
        let scratch = FXProcess.temporaryDirectory().appendingPathComponent("scratch").path
        let result = try FXProcess.run(["swift", "package", "--package-path", root.path, "--scratch-path", scratch,
                                        "describe", "--type", "json"], executable: "/usr/bin/env", timeout: 120)
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let targets = try XCTUnwrap(json?["targets"] as? [[String: Any]])
        func target(_ name: String) throws -> [String: Any] { try XCTUnwrap(targets.first { $0["name"] as? String == name }, name) }
        let core = try target("FXCore")
        XCTAssertEqual(core["target_dependencies"] as? [String] ?? [], [], "FXCore depends on no other target")
        XCTAssertEqual(core["product_dependencies"] as? [String] ?? [], [], "FXCore depends on no package")
        XCTAssertEqual(try target("FXEffects")["target_dependencies"] as? [String], ["FXCore"])

        let sources = root.appendingPathComponent("Sources/FXCore")
        let files = try XCTUnwrap(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        XCTAssertGreaterThan(files.count, 20)
        let forbidden = ["import FXEffects", "import FXSDL", "import CSDL2", "import ArgumentParser", "canImport(FXEffects)",
                         "FX_EFFECTS_PATH", "currentDirectoryPath", "ProcessInfo", "/usr/share/fonts", "Bundle.module"]
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for word in forbidden where text.contains(word) {
                XCTFail("Sources/FXCore/\(file) mentions \(word): that knowledge belongs to FXEffects or the fx command")
            }
        }
    }
}
