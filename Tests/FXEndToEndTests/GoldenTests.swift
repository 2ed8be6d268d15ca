import FXCore
import FXEffects
import FXSDL
import Foundation
import XCTest

/// Every shipped effect against its golden hashes, with `fx check`: Tests/Goldens/seed-0.json
/// and seed-7.json (written by tools/update-goldens) are its expectations files, each holding
/// the effects at 1 s and 3.5 s with its seed. The same effect, seed and time must keep giving
/// the same simulation and image.
final class GoldenTests: XCTestCase {
    func testEveryShippedEffectMatchesItsGoldens() throws {
        let root = FXProcess.packageRoot
        let effects = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("effects").path)
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
        XCTAssertFalse(effects.isEmpty)
        for seed in [0, 7] {
            let file = root.appendingPathComponent("Tests/Goldens/seed-\(seed).json")
            let text = try String(contentsOf: file, encoding: .utf8)
            // The file's own seed and times, and every shipped effect in it.
            XCTAssertTrue(text.contains("\"seed\": \(seed),\n  \"times\": [1, 3.5],"), "\(file.path) is not for seed \(seed) at 1 and 3.5 s")
            for effect in effects where !text.contains("\n    \"\(effect)\": {") {
                XCTFail("\(effect) has no goldens in \(file.path); run tools/update-goldens and look at the PNGs it writes")
            }
            // The real binary checks every effect in one process.
            let result = try FXProcess.run(["check", root.appendingPathComponent("effects").path, "--expect", file.path])
            XCTAssertEqual(result.status, 0, "the goldens of seed \(seed) changed; if that is intended, run tools/update-goldens and review the PNGs:\n"
                           + result.stdout + result.stderr)
            XCTAssertTrue(result.stdout.contains("fx check: \(effects.count * 2) moments of \(effects.count) effects"), result.stdout)
        }
    }

    /// `fx hash --rows` (many rows hashed in one process, for scripts) gives
    /// each row what `fx hash` gives it in a process of its own, whatever rows came before in
    /// the same process; a row it cannot hash fails alone, saying why.
    func testHashingRowsInOneProcessGivesWhatEachRowGivesAlone() throws {
        // Effects with textures, images, text, shadows and transitions, each twice (other
        // rows between), and a seed, time and step rate of their own.
        let rows = ["image-sequence 3 2", "fire 0 1", "transitions 1 2.5", "cat-waiting-hud 7 1", "basic-animation 0 3.5",
                    "fire 5 0.5 240", "image-sequence 0 1", "gif-playback 2 1.25 30", "transitions 0 1"]
        var alone: [String] = []
        for row in rows {
            let fields = row.split(separator: " ").map(String.init)
            let result = try FXProcess.run(["hash", fields[0], "--seed", fields[1], "--time", fields[2]]
                                           + (fields.count == 4 ? ["--step-rate", fields[3]] : []))
            XCTAssertEqual(result.status, 0, "\(row): \(result.stderr)")
            alone.append("\(row) \(result.stdout.trimmingCharacters(in: .newlines))")
        }
        let list = FXProcess.temporaryDirectory().appendingPathComponent("rows.txt")
        try ("# a comment, then a blank line\n\n" + rows.reversed().joined(separator: "\n") + "\n").write(to: list, atomically: true, encoding: .utf8)
        let together = try FXProcess.run(["hash", "--rows", list.path])
        XCTAssertEqual(together.status, 0, together.stderr)
        XCTAssertEqual(together.stdout.split(separator: "\n").map(String.init), alone.reversed())

        try "fire 0 1\nno-such-effect 0 1\nfire 0\nfire 0 -1\nfire 0 1 0\nfire 7 1\n".write(to: list, atomically: true, encoding: .utf8)
        let failing = try FXProcess.run(["hash", "--rows", list.path])
        XCTAssertEqual(failing.status, 1)
        let lines = failing.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 6, failing.stdout)
        XCTAssertEqual(lines.first, alone[1])
        XCTAssertEqual(Array(lines.dropFirst().prefix(4)), ["no-such-effect 0 1 failed", "fire 0 failed", "fire 0 -1 failed", "fire 0 1 0 failed"])
        XCTAssertTrue(lines.last?.hasPrefix("fire 7 1 simulation ") ?? false, failing.stdout)
        for reason in ["no effect named \"no-such-effect\"", "rows.txt:3: expected `EFFECT SEED TIME [STEP-RATE]`", "rows.txt:5: expected",
                       "--time must be", "4 rows failed"] {
            XCTAssertTrue(failing.stderr.contains(reason), "\(reason) not in:\n\(failing.stderr)")
        }
        let mixed = try FXProcess.run(["hash", "--rows", list.path, "--seed", "1"])
        XCTAssertNotEqual(mixed.status, 0)
        XCTAssertTrue(mixed.stderr.contains("--rows takes each row's seed and time from its file"), mixed.stderr)
    }

    /// Every shipped effect, rendered small at its previewTime, looks like its reviewed
    /// thumbnail (Tests/Goldens/thumbnails/NAME.png): a mean difference under 0.8 % of full
    /// scale, so rounding passes and a changed picture does not, whatever the hashes say.
    /// tools/update-goldens refuses to replace a thumbnail that changed visibly unless told to.
    func testEveryShippedEffectLooksLikeItsReviewedThumbnail() throws {
        let root = FXProcess.packageRoot
        let effects = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("effects").path)
            .filter { $0.hasSuffix(".json") }.sorted()
        for file in effects {
            let name = String(file.dropLast(5))
            let thumbnailPath = root.appendingPathComponent("Tests/Goldens/thumbnails/\(name).png").path
            guard FileManager.default.fileExists(atPath: thumbnailPath) else {
                XCTFail("\(name) has no reviewed thumbnail; run tools/update-goldens and look at it")
                continue
            }
            let thumbnail = try PNGFile.read(thumbnailPath)
            let effect = try EffectDecoder.load(path: root.appendingPathComponent("effects/\(file)").path, resources: SystemResources())
            let image = try EffectRenderer().render(effect, time: effect.previewTime ?? 1, seed: 0,
                                                    size: (thumbnail.width, thumbnail.height)).image
            XCTAssertEqual(image.pixels.count, thumbnail.pixels.count, name)
            guard image.pixels.count == thumbnail.pixels.count else { continue }
            let total = zip(image.pixels, thumbnail.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
            let mean = Double(total) / Double(image.pixels.count) / 255
            XCTAssertLessThan(mean, 0.008, "\(name) no longer looks like Tests/Goldens/thumbnails/\(name).png (mean difference \(mean))")
        }
    }

    func testEveryShippedEffectLoadsCleanlyWithAPreviewAndAReducedMotionVariant() throws {
        let directory = FXProcess.packageRoot.appendingPathComponent("effects")
        for file in try FileManager.default.contentsOfDirectory(atPath: directory.path) where file.hasSuffix(".json") {
            let effect = try EffectDecoder.load(path: directory.appendingPathComponent(file).path, resources: SystemResources())
            XCTAssertEqual(effect.warnings.map(\.description), [], file)
            XCTAssertNotNil(effect.previewTime, "\(file) has no previewTime")
            XCTAssertNotNil(effect.reducedMotion, "\(file) has no reducedMotion variant")
        }
    }
}
