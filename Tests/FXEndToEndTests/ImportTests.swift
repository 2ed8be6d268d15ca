import FXCore
import FXImport
import Foundation
import XCTest

/// `fx import` of Particle Designer / cocos2d plists and Starling pex files, judged side by side
/// with the source's numbers: the real binary imports, the result validates, and the simulated
/// particles have the counts, speeds, angles and colors cocos2d gives them.
final class ImportTests: XCTestCase {
    var examples: URL { FXProcess.packageRoot.appendingPathComponent("Examples/imports") }

    /// Imports `source` with the fx binary into a new folder; returns the effect's path and the run.
    func importFile(_ source: String, arguments: [String] = []) throws -> (URL, FXProcess.Result) {
        let out = FXProcess.temporaryDirectory().appendingPathComponent(URL(fileURLWithPath: source).deletingPathExtension().lastPathComponent + ".json")
        let result = try FXProcess.run(["import", source, "--out", out.path] + arguments)
        return (out, result)
    }

    /// The particles of the effect's only cell at `time`, simulated in-process.
    func particles(of path: URL, at time: Double) throws -> ParticleStore {
        let effect = try EffectDecoder.load(path: path.path)
        let player = EffectPlayer(effect: effect)
        player.seek(to: time)
        return try XCTUnwrap(player.snapshot().emitters.first?.cells.first?.particles)
    }

    func alive(inspecting path: URL, at time: Double) throws -> Double {
        let result = try FXProcess.run(["inspect", path.path, "--time", "\(time)"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let layer = try XCTUnwrap((report?["layers"] as? [[String: Any]])?.first)
        let cell = try XCTUnwrap((layer["cells"] as? [[String: Any]])?.first)
        return try XCTUnwrap(cell["alive"] as? Double)
    }

    func assertImportedAndValid(_ out: URL, _ result: FXProcess.Result, source: String, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        let warnings = result.stderr.split(separator: "\n").filter { $0.contains(": warning: ") }
        for warning in warnings {
            XCTAssertNotNil(warning.range(of: #"^.*\#(source):\d+: warning: \w+: .+"#, options: .regularExpression), String(warning), file: file, line: line)
        }
        let validation = try FXProcess.run(["validate", out.path])
        XCTAssertEqual(validation.status, 0, validation.stdout + validation.stderr, file: file, line: line)
        XCTAssertEqual(validation.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "\(out.path): ok", file: file, line: line)
        let text = try String(contentsOf: out, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("{\n  \"$schema\": "), text, file: file, line: line)
        XCTAssertTrue(text.contains("\"//\": \"Imported by fx import from \(URL(fileURLWithPath: source).lastPathComponent)"), text, file: file, line: line)
    }

    /// campfire.plist: gravity mode, maxParticles 240, lifespan 1.2 ± 0.3, angle 90 ± 10,
    /// speed 90 ± 20, gravity (0, 40), start color (1, 0.55, 0.12, 0.8), additive, an embedded
    /// gzip-compressed PNG.
    func testCampfireImportsLikeCocos2dEmitsIt() throws {
        let source = examples.appendingPathComponent("campfire.plist").path
        let (out, result) = try importFile(source)
        try assertImportedAndValid(out, result, source: "campfire.plist")
        // The texture was inflated and written beside the effect: a 32-pixel PNG.
        let texture = try Data(contentsOf: out.deletingLastPathComponent().appendingPathComponent("campfire-texture.png"))
        XCTAssertEqual(Array(texture.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        XCTAssertTrue(result.stderr.contains("campfire.plist:37: warning: sourcePositionx: "), result.stderr)

        // cocos2d emits maxParticles / lifespan = 200 a second and holds at most 240: after 2 s,
        // min(t, life) × rate = 240, capped at 240.
        let alive = try alive(inspecting: out, at: 2)
        XCTAssertEqual(alive, 240, accuracy: 240 * 0.1)

        let store = try particles(of: out, at: 2)
        var speeds: [Double] = [], angles: [Double] = []
        var young: [(Float, Float, Float, Float)] = []
        for i in 0..<store.count {
            // Undo gravity (fx's y acceleration is −gravityy = −40) to get each birth velocity.
            let age = Double(store.age[i])
            let vx = Double(store.vx[i]), vy = Double(store.vy[i]) + 40 * age
            speeds.append((vx * vx + vy * vy).squareRoot())
            // Back to cocos2d's counterclockwise, y-up degrees.
            angles.append(atan2(-vy, vx) * 180 / .pi)
            if age < 0.03 { young.append((store.red[i], store.green[i], store.blue[i], store.alpha[i])) }
        }
        let meanSpeed = speeds.reduce(0, +) / Double(speeds.count)
        XCTAssertEqual(meanSpeed, 90, accuracy: 4, "speed 90 ± 20")
        XCTAssertGreaterThanOrEqual(speeds.min()!, 70 - 1)
        XCTAssertLessThanOrEqual(speeds.max()!, 110 + 1)
        let meanAngle = angles.reduce(0, +) / Double(angles.count)
        XCTAssertEqual(meanAngle, 90, accuracy: 1.5, "angle 90: straight up")
        XCTAssertGreaterThanOrEqual(angles.min()!, 80 - 0.5, "angleVariance 10")
        XCTAssertLessThanOrEqual(angles.max()!, 100 + 0.5, "angleVariance 10")
        XCTAssertGreaterThan(angles.max()! - angles.min()!, 17, "the spread is used")
        // At birth, the start color.
        XCTAssertFalse(young.isEmpty)
        for (red, green, blue, alpha) in young {
            XCTAssertEqual(red, 1, accuracy: 0.03)
            XCTAssertEqual(green, 0.55, accuracy: 0.03)
            XCTAssertEqual(blue, 0.12, accuracy: 0.03)
            XCTAssertEqual(alpha, 0.8, accuracy: 0.03)
        }
        // Scale: 48 px on a 32 px texture, ± 12 px.
        let text = try String(contentsOf: out, encoding: .utf8)
        XCTAssertTrue(text.contains("\"scale\": 1.5,") && text.contains("\"scaleRange\": 0.75,"), text)
        XCTAssertTrue(text.contains("\"renderMode\": \"additive\""), text)
    }

    /// galaxy.plist: radial mode, approximated with a warning; 300 particles over a 3 s life
    /// (100 a second), born on a ring of radius 220 in the start color.
    func testGalaxyRadialModeImportsApproximatelyWithAWarning() throws {
        let source = examples.appendingPathComponent("galaxy.plist").path
        let (out, result) = try importFile(source)
        try assertImportedAndValid(out, result, source: "galaxy.plist")
        XCTAssertTrue(result.stderr.contains("galaxy.plist:7: warning: emitterType: radial mode (1) has no exact fx equivalent"), result.stderr)
        XCTAssertTrue(result.stderr.contains("warning: finishColorVarianceRed: dropped"), result.stderr)
        XCTAssertTrue(result.stderr.contains("warning: textureFileName: galaxy-star.png not found"), result.stderr)
        // min(2, 3) × 100 = 200.
        XCTAssertEqual(try alive(inspecting: out, at: 2), 200, accuracy: 200 * 0.05)
        let store = try particles(of: out, at: 2)
        var radii: [Double] = []
        for i in 0..<store.count where store.age[i] < 0.05 {
            radii.append(((Double(store.x[i]) - 300) * (Double(store.x[i]) - 300) + (Double(store.y[i]) - 300) * (Double(store.y[i]) - 300)).squareRoot())
            XCTAssertEqual(store.blue[i], 1, accuracy: 0.02)
            XCTAssertEqual(store.red[i], 0.55, accuracy: 0.2 + 0.02, "startColorVarianceRed 0.2: 0.55 ± 0.2")
        }
        XCTAssertFalse(radii.isEmpty)
        for radius in radii { XCTAssertEqual(radius, 220, accuracy: 2, "born on the maxRadius ring") }
        // And they end nearer the centre than they started.
        var old: [Double] = []
        for i in 0..<store.count where store.age[i] > 2.5 {
            old.append(((Double(store.x[i]) - 300) * (Double(store.x[i]) - 300) + (Double(store.y[i]) - 300) * (Double(store.y[i]) - 300)).squareRoot())
        }
        XCTAssertLessThan(old.reduce(0, +) / Double(max(old.count, 1)), 160)
    }

    /// A binary plist imports as its XML twin does; a Starling pex maps its attributes to the
    /// same keys (gravity's y flipped, the angle negated).
    func testBinaryPlistAndPexImportAsTheirXMLTwin() throws {
        let directory = FXProcess.temporaryDirectory()
        let xml = try Data(contentsOf: examples.appendingPathComponent("campfire.plist"))
        let object = try PropertyListSerialization.propertyList(from: xml, options: [], format: nil)
        let binary = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        let binaryPath = directory.appendingPathComponent("binary/campfire.plist")
        try FileManager.default.createDirectory(at: binaryPath.deletingLastPathComponent(), withIntermediateDirectories: true)
        try binary.write(to: binaryPath)
        let (fromBinary, binaryRun) = try importFile(binaryPath.path)
        try assertImportedAndValid(fromBinary, binaryRun, source: "campfire.plist")
        let (fromXML, _) = try importFile(examples.appendingPathComponent("campfire.plist").path)
        func body(_ url: URL) throws -> String {
            try String(contentsOf: url, encoding: .utf8).split(separator: "\n").filter { !$0.contains("\"$schema\"") && !$0.contains("\"//\"") }.joined(separator: "\n")
        }
        XCTAssertEqual(try body(fromBinary), try body(fromXML))

        let pex = directory.appendingPathComponent("sparks.pex")
        try """
            <?xml version="1.0"?>
            <particleEmitterConfig>
              <texture name="missing.png"/>
              <sourcePositionVariance x="10" y="0"/>
              <speed value="120"/>
              <speedVariance value="30"/>
              <particleLifeSpan value="2"/>
              <particleLifespanVariance value="0"/>
              <angle value="45"/>
              <angleVariance value="15"/>
              <gravity x="5" y="-100"/>
              <radialAcceleration value="0"/>
              <tangentialAcceleration value="20"/>
              <tangentialAccelVariance value="5"/>
              <startColor red="1" green="0.5" blue="0.25" alpha="1"/>
              <finishColor red="1" green="0.5" blue="0.25" alpha="1"/>
              <maxParticles value="50"/>
              <startParticleSize value="32"/>
              <finishParticleSize value="-1"/>
              <duration value="-1"/>
              <emitterType value="0"/>
              <blendFuncSource value="770"/>
              <blendFuncDestination value="771"/>
            </particleEmitterConfig>
            """.write(to: pex, atomically: true, encoding: .utf8)
        let (out, result) = try importFile(pex.path)
        try assertImportedAndValid(out, result, source: "sparks.pex")
        XCTAssertTrue(result.stderr.contains("sparks.pex:14: warning: tangentialAccelVariance: dropped"), result.stderr)
        XCTAssertTrue(result.stderr.contains("sparks.pex:3: warning: textureFileName: missing.png not found"), result.stderr)
        let text = try String(contentsOf: out, encoding: .utf8)
        for expected in ["\"birthRate\": 25,", "\"emissionLongitude\": \"-45deg\",", "\"emissionRange\": \"30deg\",", "\"velocityRange\": 60,",
                         "\"xAcceleration\": 5,", "\"yAcceleration\": 100,", "\"tangentialAcceleration\": -20,", "\"scale\": 0.5,",
                         "\"color\": [1, 0.5, 0.25, 1]", "\"emitterSize\": [20, 0]"] {
            XCTAssertTrue(text.contains(expected), "\(expected) in\n\(text)")
        }
        XCTAssertFalse(text.contains("renderMode"), "770/771 is normal blending")
    }

    /// A PNG named by textureFileName beside the source is copied beside the effect and sizes
    /// the particles; an embedded TIFF cannot be decoded yet and falls back to "disc", warned.
    func testTextureFilesAreCopiedAndATIFFIsWarned() throws {
        let directory = FXProcess.temporaryDirectory()
        let (campfire, _) = try importFile(examples.appendingPathComponent("campfire.plist").path)
        let png = try Data(contentsOf: campfire.deletingLastPathComponent().appendingPathComponent("campfire-texture.png"))
        try png.write(to: directory.appendingPathComponent("blob.png"))
        func pex(_ texture: String) -> String {
            """
            <particleEmitterConfig>
              \(texture)
              <particleLifeSpan value="1"/>
              <maxParticles value="10"/>
              <speed value="10"/>
              <startParticleSize value="16"/>
              <startColor red="1" green="1" blue="1" alpha="1"/>
              <finishColor red="1" green="1" blue="1" alpha="1"/>
            </particleEmitterConfig>
            """
        }
        let withFile = directory.appendingPathComponent("file.pex")
        try pex(#"<texture name="blob.png"/>"#).write(to: withFile, atomically: true, encoding: .utf8)
        let out = directory.appendingPathComponent("out/file.json")
        let run = try FXProcess.run(["import", withFile.path, "--out", out.path])
        try assertImportedAndValid(out, run, source: "file.pex")
        XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("out/file-blob.png")), png)
        let text = try String(contentsOf: out, encoding: .utf8)
        XCTAssertTrue(text.contains(#""particle": "file-blob.png""#) && text.contains(#""scale": 0.5,"#), text)
        XCTAssertFalse(run.stderr.contains("textureFileName"), run.stderr)

        let withTIFF = directory.appendingPathComponent("tiff.pex")
        try pex(#"<texture name="gone.png" data="H4sIAAAAAAACA/P01GLgYCAMAK+bmHcoAAAA"/>"#).write(to: withTIFF, atomically: true, encoding: .utf8)
        let (tiffOut, tiffRun) = try importFile(withTIFF.path)
        try assertImportedAndValid(tiffOut, tiffRun, source: "tiff.pex")
        XCTAssertTrue(tiffRun.stderr.contains("tiff.pex:2: warning: textureImageData: a TIFF image, which fx cannot decode yet; the built-in \"disc\" is used instead"), tiffRun.stderr)
        let tiffText = try String(contentsOf: tiffOut, encoding: .utf8)
        XCTAssertTrue(tiffText.contains(#""contents": "disc""#) && tiffText.contains(#""scale": 0.25,"#), tiffText)
    }

    func testImportErrorsNameTheFileAndTheFormats() throws {
        let directory = FXProcess.temporaryDirectory()
        let notPlist = directory.appendingPathComponent("notes.plist")
        try "just some text\n".write(to: notPlist, atomically: true, encoding: .utf8)

        let undetected = try FXProcess.run(["import", notPlist.path])
        XCTAssertEqual(undetected.status, 1)
        XCTAssertTrue(undetected.stderr.contains("\(notPlist.path): not a format fx can import; fx imports plist (Particle Designer"), undetected.stderr)

        let forced = try FXProcess.run(["import", notPlist.path, "--from", "plist"])
        XCTAssertEqual(forced.status, 1)
        XCTAssertTrue(forced.stderr.contains("\(notPlist.path):1: error: not a property list"), forced.stderr)

        let unknown = try FXProcess.run(["import", notPlist.path, "--from", "flash"])
        XCTAssertEqual(unknown.status, 1)
        XCTAssertTrue(unknown.stderr.contains("unknown format 'flash' for --from; fx imports plist (Particle Designer / cocos2d .plist, Starling .pex)"), unknown.stderr)

        let missing = try FXProcess.run(["import", directory.appendingPathComponent("nowhere.plist").path])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("nowhere.plist: no such file"), missing.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("notes.fx.json").path), "nothing written on error")
    }

    /// Without --out the effect is written beside the source as NAME.fx.json.
    func testWithoutOutTheEffectIsWrittenBesideTheSource() throws {
        let directory = FXProcess.temporaryDirectory()
        let copy = directory.appendingPathComponent("galaxy.plist")
        try FileManager.default.copyItem(at: examples.appendingPathComponent("galaxy.plist"), to: copy)
        let result = try FXProcess.run(["import", copy.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let written = directory.appendingPathComponent("galaxy.fx.json")
        XCTAssertTrue(FileManager.default.fileExists(atPath: written.path))
        XCTAssertTrue(try String(contentsOf: written, encoding: .utf8).contains("\"name\": \"galaxy\""))
    }
}
