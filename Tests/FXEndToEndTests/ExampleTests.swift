import FXCore
import FXSDL
import Foundation
import XCTest

/// The example programs of `Examples/`, built with the package and run as a user runs them.
final class ExampleTests: XCTestCase {
    func testRenderFramesIsReproducibleAndMatchesFxRenderUntilItsBurst() throws {
        let program = try FXProcess.example("render-frames")
        let directory = FXProcess.temporaryDirectory()
        var runs: [[Data]] = []
        for run in 0..<2 {
            let folder = directory.appendingPathComponent("run\(run)").path
            let result = try FXProcess.run(["fireworks", folder, "14"], executable: program)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(result.stdout.contains("frame-013.png  t 1.3 s"), result.stdout)
            runs.append(try (0..<14).map { try Data(contentsOf: URL(fileURLWithPath: folder + String(format: "/frame-%03d.png", $0))) })
        }
        XCTAssertEqual(runs[0], runs[1], "the same program writes the same bytes")
        // Before its burst (at 1 s) a frame is what fx render makes of that moment; after, it is not.
        for (frame, matches) in [(5, true), (12, false)] {
            let png = directory.appendingPathComponent("fx-\(frame).png").path
            let result = try FXProcess.run(["render", "fireworks", "--seed", "7", "--size", "400x300", "--time", String(Double(frame) / 10), "--out", png])
            XCTAssertEqual(result.status, 0, result.stderr)
            let same = try Data(contentsOf: URL(fileURLWithPath: png)) == runs[0][frame]
            XCTAssertEqual(same, matches, "frame \(frame)")
        }
    }

    func testTheReadmeSnippetIsTheCompiledOneAndRuns() throws {
        let readme = try String(contentsOf: FXProcess.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: FXProcess.packageRoot.appendingPathComponent("Examples/EmbeddingSnippet/main.swift"), encoding: .utf8)
        let snippet = try XCTUnwrap(source.components(separatedBy: "// ---- end of the README snippet").first)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertTrue(readme.contains("```swift\n" + snippet + "\n```"), "README.md must show Examples/EmbeddingSnippet/main.swift's snippet as it is")
        XCTAssertLessThanOrEqual(snippet.split(separator: "\n").count, 12)

        let png = FXProcess.temporaryDirectory().appendingPathComponent("snippet.png").path
        let result = try FXProcess.run([png], executable: try FXProcess.example("embedding-snippet"))
        XCTAssertEqual(result.status, 0, result.stderr)
        let live = try XCTUnwrap(result.stdout.split(separator: " ").last.flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
        XCTAssertGreaterThan(live, 150, "the burst of 40 per cell (blue's steady rate off) is alive: \(result.stdout)")
        // Confetti colors were drawn over the scene, near the burst below (400, 300).
        let image = try PNGFile.read(png)
        let colored = image.count(x: 340..<460, y: 300..<420) { $0[$0.startIndex] > 120 || $0[$0.startIndex + 1] > 120 }
        XCTAssertGreaterThan(colored, 500, "no confetti drawn near the burst")
    }
}
