import FXCore
import FXEffects
import FXSDL
import Foundation
import XCTest

/// Every shipped effect against its golden hashes (Tests/Goldens/NAME.txt, written by
/// tools/update-goldens): the same effect, seed and time must keep giving the same simulation
/// and image.
final class GoldenTests: XCTestCase {
    func testEveryShippedEffectMatchesItsGoldens() throws {
        let goldens = FXProcess.packageRoot.appendingPathComponent("Tests/Goldens")
        let effects = try FileManager.default.contentsOfDirectory(atPath: FXProcess.packageRoot.appendingPathComponent("effects").path)
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
        XCTAssertFalse(effects.isEmpty)
        // Every row of every golden file: the effect, and the row's seed, time, simulation and image.
        var rows: [(effect: String, fields: [String])] = []
        for effect in effects {
            let file = goldens.appendingPathComponent("\(effect).txt")
            guard let text = try? String(contentsOf: file, encoding: .utf8) else {
                XCTFail("\(effect) has no golden file; run tools/update-goldens and look at the PNGs it writes")
                continue
            }
            let lines = text.split(separator: "\n").filter { !$0.hasPrefix("#") }
            XCTAssertFalse(lines.isEmpty, "\(file.path) is empty")
            for line in lines {
                let fields = line.split(separator: " ").map(String.init)
                guard fields.count == 4 else { XCTFail("bad golden line: \(line)"); continue }
                rows.append((effect, fields))
            }
        }
        // The real binary hashes them all in one process (`fx hash --rows`): a line
        // `EFFECT SEED TIME simulation HEX image HEX` per row.
        let list = FXProcess.temporaryDirectory().appendingPathComponent("goldens.txt")
        try rows.map { "\($0.effect) \($0.fields[0]) \($0.fields[1])\n" }.joined().write(to: list, atomically: true, encoding: .utf8)
        let result = try FXProcess.run(["hash", "--rows", list.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        var hashed: [String: String] = [:]
        for line in result.stdout.split(separator: "\n") {
            let words = line.split(separator: " ")
            guard words.count >= 3 else { continue }
            hashed[words.prefix(3).joined(separator: " ")] = words.dropFirst(3).joined(separator: " ")
        }
        XCTAssertEqual(result.stdout.split(separator: "\n").count, rows.count, "one line per row:\n\(result.stdout)")
        for (effect, fields) in rows {
            XCTAssertEqual(hashed["\(effect) \(fields[0]) \(fields[1])"] ?? "no line", "simulation \(fields[2]) image \(fields[3])",
                           "\(effect) seed \(fields[0]) time \(fields[1]) changed; if that is intended, run tools/update-goldens and review the PNGs")
        }
    }

    /// `fx hash --rows` (how the goldens are checked, and written by tools/update-goldens) gives
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
