import Foundation
import XCTest

/// `fx bench --json` for machines, tools/bench's table read from it, and `fx play --measure`'s
/// figures: every figure with its unit. No timing is asserted, only what is reported.
final class BenchReportTests: XCTestCase {
    /// The class's tests share one Xvfb (``VirtualScreen/shared(by:)``), stopped here.
    override class func tearDown() {
        VirtualScreen.closeShared(by: self)
        super.tearDown()
    }

    /// The settings of the class's runs of `fx bench`: one step, the smallest run that still
    /// takes every measure, at the 10 000 particles of the performance table's simulation row.
    private static let settings = ["bench", "--particles", "10000", "--steps", "1"]

    /// `fx bench` with ``settings`` (`--json` or text), run once for all the class's tests: each
    /// run takes every fixed-size measure (100 000 and 1 000 000 particles), which is most of it.
    private static var runs: [Bool: FXProcess.Result] = [:]

    private func bench(json: Bool) throws -> FXProcess.Result {
        if let run = Self.runs[json] { return run }
        let run = try FXProcess.run(Self.settings + (json ? ["--json"] : []))
        Self.runs[json] = run
        return run
    }

    /// The JSON document of a tiny run: its layout, the machine, and one figure for every line
    /// the text output of the same settings prints — a measure added anywhere shows in both.
    func testBenchJSONHoldsEveryFigureOfTheTextOutputWithItsUnit() throws {
        let json = try bench(json: true)
        XCTAssertEqual(json.status, 0, json.stderr)
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any],
                                     "not a JSON object:\n\(json.stdout)")
        XCTAssertEqual(document["format"] as? String, "fx-bench-1")
        XCTAssertNotNil((document["date"] as? String).flatMap { ISO8601DateFormatter().date(from: $0) }, "no ISO 8601 date")
        let machine = try XCTUnwrap(document["machine"] as? [String: Any])
        XCTAssertFalse((machine["cpu"] as? String ?? "").isEmpty)
        XCTAssertGreaterThan(machine["cores"] as? Int ?? 0, 0)
        XCTAssertGreaterThan(machine["memoryGiB"] as? Double ?? 0, 0)
        let documentSettings = try XCTUnwrap(document["settings"] as? [String: Any])
        XCTAssertEqual(documentSettings["particles"] as? [Int], [10000])
        XCTAssertEqual(documentSettings["steps"] as? Int, 1)
        let figures = try XCTUnwrap(document["figures"] as? [[String: Any]])
        var named: [String] = []
        for figure in figures {
            let name = try XCTUnwrap(figure["name"] as? String)
            XCTAssertFalse((figure["unit"] as? String ?? "").isEmpty, "\(name) has no unit")
            XCTAssertTrue(figure["value"] is Double || figure["value"] is Int || figure["value"] is NSNull, "\(name) has no value")
            let parameters = try XCTUnwrap(figure["parameters"] as? [String: Any], "\(name) has no parameters")
            named.append(name + parameters.keys.sorted().map { " \($0)=\(parameters[$0]!)" }.joined())
        }
        XCTAssertTrue(named.contains("simulation_ns_per_particle_step particles=10000"), named.joined(separator: "\n"))
        XCTAssertTrue(figures.contains { $0["name"] as? String == "bytes_per_particle" && $0["unit"] as? String == "B" })

        // The text output: `name key=value … number unit` lines, one per figure of the JSON.
        let text = try bench(json: false)
        XCTAssertEqual(text.status, 0, text.stderr)
        let lines = text.stdout.split(separator: "\n").map { line -> String in
            let words = line.split(separator: " ")
            let parameters = words.dropFirst().dropLast(2).map(String.init).sorted { $0.split(separator: "=")[0] < $1.split(separator: "=")[0] }
            return ([String(words[0])] + parameters).joined(separator: " ")
        }
        XCTAssertEqual(lines.count, figures.count, "text:\n\(text.stdout)\nJSON names:\n\(named.joined(separator: "\n"))")
        XCTAssertEqual(Set(lines), Set(named))
    }

    /// `fx bench` runs and reports every measure (timings themselves are not asserted).
    func testBenchReportsEveryMeasure() throws {
        let result = try bench(json: false)
        XCTAssertEqual(result.status, 0, result.stderr)
        for name in ["simulation_ns_per_particle_step particles=10000", "bytes_per_particle 68 B", "peak_memory",
                     "drawlist_ns_per_particle", "frame_build_ms", "frame_sdl_geometry_ms", "frame_ours_over_sdl",
                     "memory_stream_speedup particles=1000000", "memory_stream_bytes_per_particle 100 B"] {
            XCTAssertTrue(result.stdout.contains(name), "\(name) missing from:\n\(result.stdout)")
        }
    }

    /// tools/bench prints docs/performance.md's table from a saved document (--from), with the
    /// window row's ratio against LÖVE, and writes it between the file's markers
    /// (--update-table), leaving the rest of the file as it was.
    func testToolsBenchPrintsTheTableFromTheJSONAndWritesItIntoTheDocument() throws {
        let json = try bench(json: true)
        XCTAssertEqual(json.status, 0, json.stderr)
        var document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        var figures = try XCTUnwrap(document["figures"] as? [[String: Any]])
        figures.append(["name": "window_fps", "parameters": ["program": "fx", "drawing": "fx", "particles": 100_000, "min": 9.5, "max": 10.5],
                        "value": 10.0, "unit": "fps"])
        figures.append(["name": "window_fps", "parameters": ["program": "fx", "drawing": "sdl", "particles": 100_000], "value": 3.0, "unit": "fps"])
        figures.append(["name": "window_fps", "parameters": ["program": "love", "particles": 100_000], "value": 8.0, "unit": "fps"])
        for (part, value) in [("simulate", 1.0), ("build", 2.0), ("submit", 3.0), ("present", 90.0)] {
            figures.append(["name": "window_\(part)_ms", "parameters": ["program": "fx", "drawing": "fx"], "value": value, "unit": "ms"])
        }
        // The C loop at every count, and fx at the two this tiny run did not measure.
        for particles in [10_000, 100_000, 1_000_000] {
            figures.append(["name": "c_reference_ns_per_particle_step", "parameters": ["particles": particles], "value": 50.0, "unit": "ns"])
        }
        for particles in [100_000, 1_000_000] {
            figures.append(["name": "simulation_ns_per_particle_step", "parameters": ["particles": particles], "value": 40.0, "unit": "ns"])
        }
        figures.append(["name": "record_seconds", "parameters": ["effect": "fireworks", "clip_seconds": 4, "fps": 30, "size": "800x600"],
                        "value": 1.0, "unit": "s", "range": [0.9, 1.25]])
        document["figures"] = figures
        let directory = FXProcess.temporaryDirectory()
        let saved = directory.appendingPathComponent("bench.json")
        try JSONSerialization.data(withJSONObject: document).write(to: saved)
        let readme = directory.appendingPathComponent("performance.md")
        let start = "<!-- bench-table: written by tools/bench --update-table -->", end = "<!-- end of bench-table -->"
        try "# fx\n\nBefore.\n\n\(start)\nold table\n\(end)\n\nAfter.\n".write(to: readme, atomically: true, encoding: .utf8)
        let tool = FXProcess.packageRoot.appendingPathComponent("tools/bench").path
        let summaryStart = "<!-- bench-summary: written by tools/bench --update-table -->", summaryEnd = "<!-- end of bench-summary -->"
        let summary = directory.appendingPathComponent("README.md")
        try "# fx\n\n\(summaryStart)\nold rows\n\(summaryEnd)\n".write(to: summary, atomically: true, encoding: .utf8)
        let result = try FXProcess.run(["--from", saved.path, "--update-table", "--table-file", readme.path, "--summary-file", summary.path],
                                       executable: tool)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("| measure | fx | reference | ratio | target |"), result.stdout)
        XCTAssertTrue(result.stdout.contains("| simulation, 10,000 particles (ns per particle-step; reference: C loop) |"), result.stdout)
        XCTAssertTrue(result.stdout.contains("| 10.0 (9.5–10.5) | 8.0 | 1.25× | ≥ 2.5× |"), result.stdout)
        XCTAssertTrue(result.stdout.contains("--no-software (fps; reference: LÖVE 11.4's ParticleSystem) | 3.0 | 8.0 | 0.38× |  |"), result.stdout)
        XCTAssertTrue(result.stdout.contains("| 1.0 / 2.0 / 3.0 / 90.0 |"), result.stdout)
        XCTAssertTrue(result.stdout.contains("| 1.00 (0.90–1.25) | 4.00 | 4.00× real time | ≥ 3× real time |"), result.stdout)
        let written = try String(contentsOf: readme, encoding: .utf8)
        XCTAssertEqual(written, "# fx\n\nBefore.\n\n\(start)\n\(result.stdout)\(end)\n\nAfter.\n")
        // The headline rows (the window, fx record; fx check and the simulation when measured)
        // go between the summary file's markers, as they are in the whole table.
        let headlines = try String(contentsOf: summary, encoding: .utf8)
        XCTAssertTrue(headlines.hasPrefix("# fx\n\n\(summaryStart)\nFrom one `tools/bench --runs 1 --window` run ("), headlines)
        XCTAssertTrue(headlines.contains("fx's rasterizer (fps; reference: LÖVE 11.4's ParticleSystem, the same scene) | 10.0 (9.5–10.5) | 8.0 | 1.25× | ≥ 2.5× |"),
                      headlines)
        XCTAssertTrue(headlines.contains("| 1.00 (0.90–1.25) | 4.00 | 4.00× real time | ≥ 3× real time |\n\(summaryEnd)\n"), headlines)
        XCTAssertTrue(headlines.contains("| simulation, 10k / 100k / 1M particles (ns per particle-step; reference: the C loop) | ")
                      && headlines.contains(" / 40.00 / 40.00 | 50.00 / 50.00 / 50.00 | "), headlines)
    }

    /// `fx play --measure` under Xvfb prints its frames per second and a frame's split as
    /// figure lines, with units, for Benchmarks/window-vs-love.sh.
    func testPlayMeasurePrintsFramesPerSecondAndTheSplitOfAFrame() throws {
        guard try requireTools(["Xvfb"]) else { return }
        let screen = try VirtualScreen.shared(by: self)
        let fx = try screen.startFX(["play", "confetti", "--measure", "--hud", "--quit-after", "2.5"])
        XCTAssertEqual(try fx.waitForExit("fx to close by itself after --quit-after 2.5"), 0, fx.log)
        let lines = fx.log.split(separator: "\n").filter { $0.hasPrefix("window_") }
        XCTAssertEqual(lines.map { String($0.split(separator: " ")[0]) },
                       ["window_fps", "window_simulate_ms", "window_build_ms", "window_submit_ms", "window_present_ms"], fx.log)
        for line in lines {
            let words = line.split(separator: " ")
            XCTAssertEqual(words.last, words[0] == "window_fps" ? "fps" : "ms", String(line))
            XCTAssertNotNil(Double(words[words.count - 2]), String(line))
            XCTAssertTrue(line.contains(" program=fx ") && line.contains(" width=800 height=600 "), String(line))
            let frames = words.first { $0.hasPrefix("frames=") }.flatMap { Int($0.dropFirst("frames=".count)) }
            XCTAssertGreaterThan(frames ?? 0, 0, "no frame measured after the first second: \(line)")
        }
    }

    /// --measure leaves out the run's first second: a shorter --quit-after is refused, saying so.
    func testPlayMeasureRefusesARunShorterThanItsWarmUp() throws {
        let result = try FXProcess.run(["play", "confetti", "--measure", "--quit-after", "0.5"])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("--measure leaves out the first 1 s of the run"), result.stderr)
    }
}
