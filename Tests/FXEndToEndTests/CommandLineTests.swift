import FXCore
import FXSDL
import Foundation
import XCTest

/// The built binary's commands, run as a user runs them.
final class CommandLineTests: XCTestCase {
    func testRenderWritesTheSamePNGBytesEveryRun() throws {
        let directory = FXProcess.temporaryDirectory()
        let first = directory.appendingPathComponent("a.png").path, second = directory.appendingPathComponent("b.png").path
        for out in [first, second] {
            let result = try FXProcess.run(["render", "confetti", "--time", "2.5", "--seed", "3", "--out", out])
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        let a = try Data(contentsOf: URL(fileURLWithPath: first)), b = try Data(contentsOf: URL(fileURLWithPath: second))
        XCTAssertEqual(a, b)
        let image = try PNGFile.read(first)
        XCTAssertEqual(image.width, 800)
        XCTAssertEqual(image.height, 600)
        // Confetti is on the picture: many pixels differ from the background, in several colors.
        XCTAssertGreaterThan(ImageStatistics(image).nonBackgroundFraction, 0.02)
        XCTAssertGreaterThan(ImageStatistics(image).saturatedHues, 4)
    }

    func testRenderHonoursSize() throws {
        let out = FXProcess.temporaryDirectory().appendingPathComponent("small.png").path
        let result = try FXProcess.run(["render", "fire", "--time", "2", "--size", "300x200", "--out", out])
        XCTAssertEqual(result.status, 0, result.stderr)
        let image = try PNGFile.read(out)
        XCTAssertEqual([image.width, image.height], [300, 200])
    }

    func testHashIsStableAcrossProcessesAndChangesWithTheSeed() throws {
        let one = try FXProcess.run(["hash", "confetti", "--time", "2", "--seed", "1"])
        let again = try FXProcess.run(["hash", "confetti", "--time", "2", "--seed", "1"])
        let other = try FXProcess.run(["hash", "confetti", "--time", "2", "--seed", "2"])
        XCTAssertEqual(one.status, 0, one.stderr)
        let pattern = try NSRegularExpression(pattern: "^simulation [0-9a-f]{16} image [0-9a-f]{16}\n$")
        XCTAssertEqual(pattern.numberOfMatches(in: one.stdout, range: NSRange(one.stdout.startIndex..., in: one.stdout)), 1, one.stdout)
        XCTAssertEqual(one.stdout, again.stdout)
        let simulation = { (text: String) in text.split(separator: " ")[1] }
        let image = { (text: String) in text.split(separator: " ")[3] }
        XCTAssertNotEqual(simulation(one.stdout), simulation(other.stdout))
        XCTAssertNotEqual(image(one.stdout), image(other.stdout))
    }

    func testAPrewarmedEffectHasItsParticlesAliveAtTimeZero() throws {
        for name in ["snow", "rain"] {
            let result = try FXProcess.run(["inspect", name, "--time", "0"])
            XCTAssertEqual(result.status, 0, result.stderr)
            let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let layers = try XCTUnwrap(json["layers"] as? [[String: Any]])
            let cells = try XCTUnwrap(layers.first?["cells"] as? [[String: Any]])
            for cell in cells {
                let alive = try XCTUnwrap(cell["alive"] as? Int)
                XCTAssertGreaterThan(alive, 20, "\(name) \(cell["path"] ?? "") at time 0")
            }
        }
    }

    func testInspectReportsLayersCellsAndKeyPaths() throws {
        let result = try FXProcess.run(["inspect", "confetti", "--time", "2.5", "--seed", "3",
                                        "--keypath", "confetti.emitterCells.blue.birthRate", "--keypath", "confetti.emitterPosition"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(json["time"] as? Double, 2.5)
        XCTAssertEqual(json["seed"] as? Int, 3)
        let layers = try XCTUnwrap(json["layers"] as? [[String: Any]])
        XCTAssertEqual(layers.count, 1)
        XCTAssertEqual(layers[0]["name"] as? String, "confetti")
        XCTAssertEqual(layers[0]["type"] as? String, "emitter")
        let cells = try XCTUnwrap(layers[0]["cells"] as? [[String: Any]])
        XCTAssertEqual(cells.map { $0["path"] as? String }, ["emitterCells.red", "emitterCells.yellow", "emitterCells.green",
                                                            "emitterCells.blue", "emitterCells.purple"])
        let blue = cells[3]
        // The burst: birthRate 30 → 0 in the first second emits 15, all still alive at 2.5 s.
        XCTAssertEqual(blue["born"] as? Int, 15)
        XCTAssertEqual(blue["alive"] as? Int, 15)
        for key in ["x", "y", "scale", "alpha"] {
            let stats = try XCTUnwrap(blue[key] as? [String: Double], key)
            XCTAssertLessThanOrEqual(stats["min"]!, stats["mean"]!)
            XCTAssertLessThanOrEqual(stats["mean"]!, stats["max"]!)
        }
        let values = try XCTUnwrap(json["values"] as? [String: Any])
        // Presentation values: the burst holds the birth rate at 0 after its first second.
        XCTAssertEqual(values["confetti.emitterCells.blue.birthRate"] as? Double, 0)
        XCTAssertEqual(values["confetti.emitterPosition"] as? [Double], [400, -20])
        let early = try FXProcess.run(["inspect", "confetti", "--time", "0.25", "--keypath", "confetti.emitterCells.blue.birthRate"])
        let earlyJSON = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(early.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((earlyJSON["values"] as? [String: Any])?["confetti.emitterCells.blue.birthRate"] as? Double, 22.5)
    }

    func testTheConfettiBurstEmitsFifteenPerCellAt60And240Hz() throws {
        for rate in ["60", "240"] {
            let result = try FXProcess.run(["inspect", "confetti", "--time", "3", "--step-rate", rate])
            let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let cells = try XCTUnwrap((json["layers"] as? [[String: Any]])?.first?["cells"] as? [[String: Any]])
            XCTAssertEqual(cells.count, 5)
            for cell in cells {
                XCTAssertEqual(Double(cell["born"] as? Int ?? -1), 15, accuracy: 1, "\(cell["path"] ?? "") at \(rate) Hz")
            }
        }
    }

    func testInspectRejectsAKeyPathThatNamesNothing() throws {
        let result = try FXProcess.run(["inspect", "confetti", "--keypath", "confetti.emitterCells.bleu.birthRate"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("emitterCells.bleu.birthRate"), result.stderr)
    }

    func testPlotDrawsTheBurstCurve() throws {
        let out = FXProcess.temporaryDirectory().appendingPathComponent("plot.png").path
        let result = try FXProcess.run(["plot", "confetti", "--keypath", "confetti.emitterCells.red.birthRate", "--to", "2",
                                        "--size", "800x400", "--out", out])
        XCTAssertEqual(result.status, 0, result.stderr)
        let image = try PNGFile.read(out)
        XCTAssertEqual([image.width, image.height], [800, 400])
        // The first series is drawn in #1f77b4. Find its curve in the columns at t ≈ 0.25 s and t ≈ 1.5 s:
        // the line falls from 30 toward 0 in the first second, then stays at 0 (lower on the chart).
        func curveRow(atFraction fraction: Double) -> Int? {
            let left = 70, right = 800 - 30
            let x = left + Int(Double(right - left) * fraction)
            return (0..<image.height).first { y in
                let i = (y * image.width + x) * 4
                return abs(Int(image.pixels[i]) - 0x1f) < 40 && abs(Int(image.pixels[i + 1]) - 0x77) < 40 && abs(Int(image.pixels[i + 2]) - 0xb4) < 40
                    && y > 100
            }
        }
        let early = try XCTUnwrap(curveRow(atFraction: 0.125)), late = try XCTUnwrap(curveRow(atFraction: 0.75))
        XCTAssertLessThan(early, late, "the birth rate at 0.25 s is drawn above the rate at 1.5 s")
        let bad = try FXProcess.run(["plot", "confetti", "--keypath", "confetti.emitterCells.red.birthrate", "--out", out])
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.contains("did you mean \"emitterCells.red.birthRate\"?"), bad.stderr)
    }

    func testReducedMotionIsChosenByTheFlagAndTheEnvironment() throws {
        func born(_ arguments: [String], environment: [String: String?] = [:]) throws -> Int {
            let result = try FXProcess.run(["inspect", "confetti", "--time", "2"] + arguments, environment: environment)
            let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let cells = try XCTUnwrap((json["layers"] as? [[String: Any]])?.first?["cells"] as? [[String: Any]])
            return try XCTUnwrap(cells.first?["born"] as? Int)
        }
        XCTAssertEqual(try born([], environment: ["FX_REDUCED_MOTION": nil]), 15)
        // confetti's variant: 0.4 of the particles.
        XCTAssertEqual(try born(["--reduced-motion"]), 6)
        XCTAssertEqual(try born([], environment: ["FX_REDUCED_MOTION": "1"]), 6)
    }

    func testMaxParticlesOverridesTheBudget() throws {
        let result = try FXProcess.run(["inspect", "confetti", "--time", "3", "--max-particles", "20"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let cells = try XCTUnwrap((json["layers"] as? [[String: Any]])?.first?["cells"] as? [[String: Any]])
        XCTAssertEqual(cells.compactMap { $0["alive"] as? Int }.reduce(0, +), 20)
        XCTAssertTrue(result.stderr.isEmpty || !result.stderr.contains("error"), result.stderr)
    }

    func testListShowsTheShippedEffectsFromAnyDirectory() throws {
        let result = try FXProcess.run(["list"], in: URL(fileURLWithPath: "/"))
        XCTAssertEqual(result.status, 0, result.stderr)
        for name in ["confetti", "fire", "snow", "sparkle"] {
            XCTAssertTrue(result.stdout.contains("\n\(name) ") || result.stdout.hasPrefix("\(name) "), "\(name) missing from:\n\(result.stdout)")
        }
        XCTAssertTrue(result.stdout.contains("A burst of confetti ribbons"), result.stdout)
    }

    func testEffectsAreFoundInTheWorkingDirectoryAndFXEffectsPath() throws {
        let directory = FXProcess.temporaryDirectory()
        let local = directory.appendingPathComponent("effects")
        try FileManager.default.createDirectory(at: local, withIntermediateDirectories: true)
        let extra = FXProcess.temporaryDirectory()
        let tiny = #"{"fx": 1, "description": "DESC", "layers": [{"type": "emitter", "emitterCells": [{"birthRate": 5, "lifetime": 1, "contents": "circle"}]}]}"#
        try tiny.replacingOccurrences(of: "DESC", with: "local one").write(to: local.appendingPathComponent("mine.json"), atomically: true, encoding: .utf8)
        try tiny.replacingOccurrences(of: "DESC", with: "from the path").write(to: extra.appendingPathComponent("theirs.json"), atomically: true, encoding: .utf8)
        let list = try FXProcess.run(["list"], environment: ["FX_EFFECTS_PATH": extra.path], in: directory)
        XCTAssertTrue(list.stdout.contains("local one"), list.stdout)
        XCTAssertTrue(list.stdout.contains("from the path"), list.stdout)
        let hash = try FXProcess.run(["hash", "theirs", "--time", "1"], environment: ["FX_EFFECTS_PATH": extra.path], in: directory)
        XCTAssertEqual(hash.status, 0, hash.stderr)
    }

    func testUnknownEffectListsTheAvailableOnes() throws {
        let result = try FXProcess.run(["render", "confeti", "--out", "x.png"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("no effect named \"confeti\"; did you mean \"confetti\"?"), result.stderr)
        XCTAssertTrue(result.stderr.contains("available effects:") && result.stderr.contains("sparkle"), result.stderr)
    }

    func testABadFileGetsPositionedMessagesAndNoStackTrace() throws {
        let directory = FXProcess.temporaryDirectory()
        let file = directory.appendingPathComponent("broken.json")
        try """
            {
              "fx": 1,
              "layers": [
                {"type": "emitter", "emitterCells": [{"name": "a", "birthrate": 10, "lifetime": "long"}]}
              ]
            }
            """.write(to: file, atomically: true, encoding: .utf8)
        let result = try FXProcess.run(["render", file.path, "--out", "x.png"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("broken.json:4:56: error: $.layers[0].emitterCells[0].birthrate: unknown key \"birthrate\" in an emitter cell; did you mean \"birthRate\"?"), result.stderr)
        XCTAssertTrue(result.stderr.contains("broken.json:4:85: error: $.layers[0].emitterCells[0].lifetime: expected a number ≥ 0, got \"long\""), result.stderr)
        XCTAssertFalse(result.stderr.contains("Fatal error") || result.stderr.contains("Stack dump"), result.stderr)
    }

    func testADisplayThatIsNotThereAlsoGivesAPreview() throws {
        let result = try FXProcess.run(["fire"], environment: ["DISPLAY": ":77", "WAYLAND_DISPLAY": nil, "SDL_VIDEODRIVER": nil])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("wrote a preview instead: "), result.stdout)
    }

    func testThePreviewIsNamedAfterTheFileWhateverTheEffectsName() throws {
        let directory = FXProcess.temporaryDirectory()
        let file = directory.appendingPathComponent("my effect.json")
        try #"{"fx": 1, "name": "../../escape", "layers": []}"#.write(to: file, atomically: true, encoding: .utf8)
        let result = try FXProcess.run([file.path], environment: ["DISPLAY": nil, "WAYLAND_DISPLAY": nil, "SDL_VIDEODRIVER": nil])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasSuffix("/fx-preview/my-effect.png\n"), result.stdout)
    }

    func testPlayWithoutADisplayWritesAPreview() throws {
        let result = try FXProcess.run(["confetti"], environment: ["DISPLAY": nil, "WAYLAND_DISPLAY": nil, "SDL_VIDEODRIVER": nil])
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, result.stdout)
        let path = try XCTUnwrap(result.stdout.components(separatedBy: "wrote a preview instead: ").last?.trimmingCharacters(in: .whitespacesAndNewlines))
        let image = try PNGFile.read(path)
        XCTAssertGreaterThan(ImageStatistics(image).nonBackgroundFraction, 0.02)
    }
}

/// Simple measures of an image, to tell a picture from a blank.
struct ImageStatistics {
    /// Share of pixels that differ clearly from the top-left pixel.
    var nonBackgroundFraction: Double
    /// How many of 12 hue sectors hold at least 50 saturated pixels.
    var saturatedHues: Int

    init(_ image: RGBAImage) {
        let p = image.pixels
        let background = (Int(p[0]), Int(p[1]), Int(p[2]))
        var different = 0
        var hues = [Int](repeating: 0, count: 12)
        for i in stride(from: 0, to: p.count, by: 4) {
            let r = Int(p[i]), g = Int(p[i + 1]), b = Int(p[i + 2])
            if abs(r - background.0) + abs(g - background.1) + abs(b - background.2) > 60 { different += 1 }
            let maximum = max(r, g, b), minimum = min(r, g, b)
            guard maximum > 120, maximum - minimum > 80 else { continue }
            let delta = Double(maximum - minimum)
            var hue: Double
            if maximum == r { hue = Double(g - b) / delta } else if maximum == g { hue = 2 + Double(b - r) / delta } else { hue = 4 + Double(r - g) / delta }
            hue = (hue * 60).truncatingRemainder(dividingBy: 360)
            if hue < 0 { hue += 360 }
            hues[min(11, Int(hue / 30))] += 1
        }
        nonBackgroundFraction = Double(different) / Double(p.count / 4)
        saturatedHues = hues.filter { $0 >= 50 }.count
    }
}
