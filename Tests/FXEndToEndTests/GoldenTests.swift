import FXCore
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

    func testEveryShippedEffectLoadsCleanlyWithAPreviewAndAReducedMotionVariant() throws {
        let directory = FXProcess.packageRoot.appendingPathComponent("effects")
        for file in try FileManager.default.contentsOfDirectory(atPath: directory.path) where file.hasSuffix(".json") {
            let effect = try EffectDecoder.load(path: directory.appendingPathComponent(file).path)
            XCTAssertEqual(effect.warnings.map(\.description), [], file)
            XCTAssertNotNil(effect.previewTime, "\(file) has no previewTime")
            XCTAssertNotNil(effect.reducedMotion, "\(file) has no reducedMotion variant")
        }
    }
}
