import Foundation
import XCTest

/// The round trip of issue 36 with the real binary: `fx export` a shipped effect, `fx import` the
/// export back, and compare the image hashes of both at three moments (`fx hash --rows`, one
/// process for every effect and moment).
enum ExportRoundTrip {
    /// What one shipped effect's round trip gave.
    struct Outcome {
        /// The effect's name.
        var effect: String
        /// The export's warnings (stderr lines): an effect with any is not expected to come back
        /// the same, and is not hashed.
        var exportWarnings: [String]
        /// The import's warnings, shown when the hashes differ.
        var importWarnings: [String]
        /// A failure of a command, or the moments whose image hashes differ (with both hashes).
        var problems: [String]

        /// Whether the export had no warnings, so the round trip must be exact.
        var isExpressible: Bool { exportWarnings.isEmpty }
    }

    /// The names of the shipped effects, sorted.
    static func shippedEffects() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: FXProcess.packageRoot.appendingPathComponent("effects").path)
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// The effect file of a shipped effect, its seed, and the three moments it is compared at:
    /// 0.5 s, 1.5 s and its preview time (else half its duration; 2.5 s when that is one of the
    /// others).
    static func facts(of effect: String) throws -> (path: String, seed: Int, times: [Double]) {
        let path = FXProcess.packageRoot.appendingPathComponent("effects/\(effect).json").path
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any] ?? [:]
        let seed = json["seed"] as? Int ?? 0
        var preview = json["previewTime"] as? Double ?? (json["duration"] as? Double ?? 5) / 2
        if preview == 0.5 || preview == 1.5 { preview = 2.5 }
        return (path, seed, [0.5, 1.5, preview])
    }

    /// Exports every effect of `effects` to `format` (`swift`, `objc`, `caml`) for `platform`,
    /// imports each export without warnings back, and hashes both.
    static func run(_ effects: [String], format: String, platform: String = "ios") throws -> [Outcome] {
        let folder = FXProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fileExtension = ["swift": "swift", "objc": "m", "caml": "ca"][format] ?? format
        var outcomes: [Outcome] = []
        var rows: [String] = []
        var rowOwners: [(effect: Int, time: Double, original: Bool)] = []
        for effect in effects {
            var outcome = Outcome(effect: effect, exportWarnings: [], importWarnings: [], problems: [])
            defer { outcomes.append(outcome) }
            let facts = try self.facts(of: effect)
            let exportFolder = folder.appendingPathComponent(effect)
            try FileManager.default.createDirectory(at: exportFolder, withIntermediateDirectories: true)
            let exported = exportFolder.appendingPathComponent("\(effect).\(fileExtension)").path
            let export = try FXProcess.run(["export", facts.path, "--to", format, "--platform", platform, "--out", exported])
            outcome.exportWarnings = export.stderr.split(separator: "\n").filter { $0.contains(": warning: ") }.map(String.init)
            guard export.status == 0 else {
                outcome.problems.append("fx export failed (\(export.status)): \(export.stderr)")
                continue
            }
            guard outcome.isExpressible else { continue }
            let imported = exportFolder.appendingPathComponent("\(effect).fx.json").path
            let back = try FXProcess.run(["import", exported, "--out", imported])
            outcome.importWarnings = back.stderr.split(separator: "\n").filter { $0.contains(": warning: ") }.map(String.init)
            guard back.status == 0 else {
                outcome.problems.append("fx import of the export failed (\(back.status)): \(back.stderr)")
                continue
            }
            for time in facts.times {
                rows.append("\(facts.path) \(facts.seed) \(time)")
                rowOwners.append((effects.firstIndex(of: effect)!, time, true))
                rows.append("\(imported) 0 \(time)")
                rowOwners.append((effects.firstIndex(of: effect)!, time, false))
            }
        }
        guard !rows.isEmpty else { return outcomes }
        let list = folder.appendingPathComponent("rows.txt")
        try Data(rows.joined(separator: "\n").utf8).write(to: list)
        let hashed = try FXProcess.run(["hash", "--rows", list.path])
        let lines = hashed.stdout.split(separator: "\n").map(String.init)
        guard lines.count == rows.count else {
            outcomes[0].problems.append("fx hash --rows gave \(lines.count) lines for \(rows.count) rows: \(hashed.stderr)")
            return outcomes
        }
        func image(_ line: String) -> String { line.components(separatedBy: " image ").last ?? line }
        for index in stride(from: 0, to: rows.count, by: 2) {
            let owner = rowOwners[index]
            let original = image(lines[index]), back = image(lines[index + 1])
            if original != back {
                let at = outcomes.firstIndex { $0.effect == effects[owner.effect] }!
                outcomes[at].problems.append("at \(owner.time) s the image hash is \(back), the effect's is \(original)")
            }
        }
        return outcomes
    }

    /// Fails for every expressible effect whose round trip is not exact, and for every effect
    /// of `required` that is not expressible.
    static func assertExact(_ outcomes: [Outcome], required: [String], format: String,
                            file: StaticString = #filePath, line: UInt = #line) {
        for outcome in outcomes where !outcome.problems.isEmpty {
            XCTFail("\(outcome.effect) → \(format) → fx import: " + outcome.problems.joined(separator: "; ")
                    + (outcome.importWarnings.isEmpty ? "" : "\nimport warnings:\n" + outcome.importWarnings.joined(separator: "\n")),
                    file: file, line: line)
        }
        for name in required {
            guard let outcome = outcomes.first(where: { $0.effect == name }) else {
                XCTFail("\(name) was not exported", file: file, line: line)
                continue
            }
            XCTAssert(outcome.isExpressible, "\(name) should export to \(format) without warnings:\n"
                      + outcome.exportWarnings.joined(separator: "\n"), file: file, line: line)
        }
    }

    /// The shipped effects that use only what Core Animation expresses, which every format
    /// must carry exactly (issue 36's list: the seed ports, the catalogue, fire, sparkle,
    /// spinner-ring, sound-wave, spring-pop, slide-to-unlock, shimmer, card-flip, …).
    static let requiredEffects = [
        "basic-animation", "card-flip", "cat-waiting-hud", "emitter-rect-burst", "fire", "group-path-color",
        "implicit-stroke-circle", "iqiyi-loader", "keyframe-path-button", "orbit-path", "preloader", "preloader-rebound", "qq-mail-loader",
        "replicator-loading-balls", "replicator-sound-wave", "ripple-check-button", "shimmer", "slide-to-unlock",
        "sound-wave", "sparkle", "spinner-ring", "spring-pop", "sticky-badge", "stroke-paths-slider", "uiview-basic-color",
        "uiview-keyframe-cubic", "uiview-keyframe-cubic-paced",
    ]
}
