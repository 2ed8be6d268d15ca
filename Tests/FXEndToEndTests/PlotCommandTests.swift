import FXCore
import FXEffects
import FXEncode
import FXSDL
import Foundation
import XCTest

/// `fx plot` as a user runs it: one panel per unit, the values as CSV, and its help.
final class PlotCommandTests: XCTestCase {
    /// spring-pop's star burst (a birth rate falling from 900) and its button's spring
    /// (`transform.scale` from 0.3, `cornerRadius` from 120 pt).
    private let springPop = ["stars.emitterCells.star.birthRate", "button.transform.scale", "button.cornerRadius", "button.position"]

    private func csvRows(_ text: String) -> [[String]] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }

    /// Every CSV value is what `fx inspect` reports at that row's time, to the last digit.
    func testCSVValuesEqualInspectAtThoseTimes() throws {
        let keyPaths = springPop.flatMap { ["--keypath", $0] }
        // 0, 0.375, …, 1.5 s: whole simulation steps at 120 steps/s, where inspect does not round.
        let result = try FXProcess.run(["plot", "spring-pop", "--to", "1.5", "--samples", "5", "--csv"] + keyPaths)
        XCTAssertEqual(result.status, 0, result.stderr)
        let rows = csvRows(result.stdout)
        XCTAssertEqual(rows.first, ["time", "stars.emitterCells.star.birthRate", "button.transform.scale", "button.cornerRadius",
                                    "button.position.x", "button.position.y"])
        XCTAssertEqual(rows.dropFirst().map { $0[0] }, ["0", "0.375", "0.75", "1.125", "1.5"])
        var moving = Set<String>()
        for row in rows.dropFirst() {
            let inspect = try FXProcess.run(["inspect", "spring-pop", "--time", row[0]] + keyPaths)
            XCTAssertEqual(inspect.status, 0, inspect.stderr)
            // fx's own parser reads numbers exactly (Foundation's JSONSerialization on Linux can
            // be off in the last digit), so the comparison is to the last bit.
            guard case .object(let report) = try JSONParser.parse(Array(inspect.stdout.utf8)).value,
                  case .number(let time)? = report.first(where: { $0.key == "time" })?.value.value,
                  case .object(let values)? = report.first(where: { $0.key == "values" })?.value.value else {
                return XCTFail("unexpected inspect output:\n\(inspect.stdout)")
            }
            XCTAssertEqual(time, Double(row[0]))
            let expected: [Double] = springPop.flatMap { keyPath -> [Double] in
                switch values.first(where: { $0.key == keyPath })?.value.value {
                case .number(let number)?: return [number]
                case .array(let elements)?: return elements.compactMap { if case .number(let number) = $0.value { return number } else { return nil } }
                default: XCTFail("\(keyPath) missing from inspect's values"); return []
                }
            }
            XCTAssertEqual(row.dropFirst().map { Double($0) }, expected, "at \(row[0]) s")
            if row[2] != rows[1][2] { moving.insert("scale") }
        }
        XCTAssertEqual(moving, ["scale"], "the spring moves, so the rows differ")
        XCTAssertTrue(rows[2][2].contains("."), "a spring value keeps its digits: \(rows[2][2])")
    }

    /// `--out FILE.csv` writes the same bytes as standard output; formats that do not fit are
    /// errors that say what to write.
    func testCSVGoesToAFileAndMismatchedOutputsAreErrors() throws {
        let directory = FXProcess.temporaryDirectory()
        let arguments = ["plot", "confetti", "--keypath", "confetti.emitterCells.red.birthRate", "--to", "2", "--samples", "9"]
        let printed = try FXProcess.run(arguments + ["--csv"])
        XCTAssertEqual(printed.status, 0, printed.stderr)
        XCTAssertEqual(printed.stdout, "time,confetti.emitterCells.red.birthRate\n0,30\n0.25,22.5\n0.5,15\n0.75,7.5\n1,0\n1.25,0\n1.5,0\n1.75,0\n2,0\n")
        let file = directory.appendingPathComponent("burst.csv").path
        let written = try FXProcess.run(arguments + ["--out", file])
        XCTAssertEqual(written.status, 0, written.stderr)
        XCTAssertEqual(written.stdout, file + "\n")
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), printed.stdout, "--out FILE.csv is CSV without --csv")
        for (extra, message) in [(["--csv", "--out", "x.png"], "does not end in .csv"),
                                 (["--out", "x.avi"], "writes FILE.png (the chart) or FILE.csv (the values)"),
                                 ([], "give --out FILE.png for the chart, or --csv to print the values"),
                                 (["--csv", "--from=-1"], "--from must be a number of seconds in 0…86400, not -1"),
                                 (["--csv", "--samples", "1"], "--samples must be in 2…10000, not 1")] {
            let bad = try FXProcess.run(arguments + extra)
            XCTAssertEqual(bad.status, 64, "\(extra)")
            XCTAssertTrue(bad.stderr.contains(message), bad.stderr)
        }
    }

    /// The command-line guide's CSV example is what fx prints.
    func testTheGuidesCSVExampleIsWhatFXPrints() throws {
        let readme = try String(contentsOf: FXProcess.packageRoot.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        let prompt = "$ tools/fx plot "
        let start = try XCTUnwrap(readme.range(of: prompt), "docs/cli.md shows fx plot --csv")
        let block = readme[start.upperBound...].prefix { $0 != "`" }
        let command = try XCTUnwrap(block.split(separator: "\n").first)
        XCTAssertTrue(command.hasSuffix("--csv"), String(command))
        let result = try FXProcess.run(["plot"] + command.split(separator: " ").map(String.init))
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, String(block.dropFirst(command.count + 1)))
    }

    /// The y axes of `image`, as (top, bottom) rows: runs down the axis column of the dark
    /// gray the axes are drawn in (every channel dark and alike, unlike the lines' colors). A
    /// line that starts on the axis hides a few pixels of it, so gaps under 10 rows are bridged;
    /// panels are further apart than that.
    private func yAxes(_ image: RGBAImage) -> [(top: Int, bottom: Int)] {
        func isAxis(_ x: Int, _ y: Int) -> Bool {
            let i = (y * image.width + x) * 4
            let channels = (0..<3).map { Int(image.pixels[i + $0]) }
            return channels.max()! < 160 && channels.max()! - channels.min()! < 20
        }
        let column = (40..<min(300, image.width)).max { a, b in
            (0..<image.height).filter { isAxis(a, $0) }.count < (0..<image.height).filter { isAxis(b, $0) }.count
        }!
        var runs: [(top: Int, bottom: Int)] = []
        for y in 0..<image.height where isAxis(column, y) {
            if let last = runs.last, y - last.bottom < 10 { runs[runs.count - 1].bottom = y } else { runs.append((y, y)) }
        }
        return runs.filter { $0.bottom - $0.top >= 30 }
    }

    /// A birth rate and an opacity get a panel each, with its own y axis; key paths of one
    /// unit share one.
    func testTwoUnitsDrawTwoPanels() throws {
        let directory = FXProcess.temporaryDirectory()
        func plot(_ keyPaths: [String], size: String = "960x540") throws -> (FXProcess.Result, RGBAImage?) {
            let out = directory.appendingPathComponent("\(keyPaths.count)-\(size).png").path
            let result = try FXProcess.run(["plot", "spring-pop", "--to", "1.5", "--size", size, "--out", out]
                                           + keyPaths.flatMap { ["--keypath", $0] })
            return (result, result.status == 0 ? try PNGFile.read(out) : nil)
        }
        let (two, twoImage) = try plot(["stars.emitterCells.star.birthRate", "button.opacity"])
        XCTAssertEqual(two.status, 0, two.stderr)
        let image = try XCTUnwrap(twoImage)
        XCTAssertEqual([image.width, image.height], [960, 540])
        let axes = yAxes(image)
        XCTAssertEqual(axes.count, 2, "two panels, each with its own y axis: \(axes)")
        if axes.count == 2 {
            XCTAssertGreaterThan(axes[1].top, axes[0].bottom + 20, "stacked, apart: \(axes)")
            XCTAssertGreaterThan(axes[0].bottom - axes[0].top, 150, "each gets a good share of the height: \(axes)")
        }
        let (one, oneImage) = try plot(["button.cornerRadius", "button.position"])
        XCTAssertEqual(one.status, 0, one.stderr)
        XCTAssertEqual(yAxes(try XCTUnwrap(oneImage)).count, 1, "cornerRadius and position are both in pt")
        // The chart reports the panels it draws, from the same samples.
        let effect = try EffectPlayer(named: "spring-pop").effect
        let series = try effect.sample(["stars.emitterCells.star.birthRate", "button.opacity", "button.transform.scale"], from: 0, to: 1.5, count: 10)
        XCTAssertEqual(Chart(title: "", series: series).panelUnits, ["1/s", "0…1", "×"])
        // Too many panels for the height is an error that names the height that fits.
        let (small, _) = try plot(["stars.emitterCells.star.birthRate", "button.opacity", "button.transform", "button.cornerRadius"], size: "600x200")
        XCTAssertEqual(small.status, 1)
        XCTAssertTrue(small.stderr.contains("a 600x200 chart is too small for 6 panels (one per unit: 1/s, 0…1, pt, rad, ×, 1/pt)"), small.stderr)
        let fits = try XCTUnwrap(small.stderr.range(of: #"--size 600x\d+"#, options: .regularExpression).map { String(small.stderr[$0].dropFirst(7)) })
        let (enough, _) = try plot(["stars.emitterCells.star.birthRate", "button.opacity", "button.transform", "button.cornerRadius"], size: fits)
        XCTAssertEqual(enough.status, 0, "the suggested \(fits) fits: \(enough.stderr)")
    }

    /// Every default in `fx plot --help` reads as the user types it.
    func testHelpShowsDefaultsAsTyped() throws {
        let help = try FXProcess.run(["plot", "--help"])
        XCTAssertEqual(help.status, 0)
        let text = help.stdout.replacingOccurrences(of: "\n ", with: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for expected in ["(default: 960x540)", "Start time in seconds (default: 0).", "(default: 400)",
                         "End time in seconds (default: the effect's duration).", "--csv", "FILE.csv", "panel"] {
            XCTAssertTrue(text.contains(expected), "missing \(expected) in:\n\(help.stdout)")
        }
        for unwanted in ["PixelSize(", "0.0)", "Optional("] {
            XCTAssertFalse(help.stdout.contains(unwanted), "\(unwanted) in:\n\(help.stdout)")
        }
    }
}
