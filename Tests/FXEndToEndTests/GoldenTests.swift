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
        for effect in effects {
            let file = goldens.appendingPathComponent("\(effect).txt")
            guard let text = try? String(contentsOf: file, encoding: .utf8) else {
                XCTFail("\(effect) has no golden file; run tools/update-goldens and look at the PNGs it writes")
                continue
            }
            let rows = text.split(separator: "\n").filter { !$0.hasPrefix("#") }
            XCTAssertFalse(rows.isEmpty, "\(file.path) is empty")
            for row in rows {
                let fields = row.split(separator: " ").map(String.init)
                guard fields.count == 4 else { XCTFail("bad golden line: \(row)"); continue }
                let result = try FXProcess.run(["hash", effect, "--seed", fields[0], "--time", fields[1]])
                XCTAssertEqual(result.status, 0, result.stderr)
                XCTAssertEqual(result.stdout.trimmingCharacters(in: .newlines),
                               "simulation \(fields[2]) image \(fields[3])",
                               "\(effect) seed \(fields[0]) time \(fields[1]) changed; if that is intended, run tools/update-goldens and review the PNGs")
            }
        }
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
