import FXCore
import Foundation
import XCTest

/// `--threads N` and `FX_THREADS`, through the real binary: the same output with any thread
/// count, the option winning over the variable, and a clear error for a bad value.
final class ThreadsCommandLineTests: XCTestCase {
    /// An effect of about 40 000 live particles, so that a step is split into ranges (of at
    /// least 16 384) on two or more threads.
    private func largeEffect() throws -> URL {
        let file = FXProcess.temporaryDirectory().appendingPathComponent("large.json")
        try Data(ThreadDeterminismTests.steadyEffect(particles: 40_000).utf8).write(to: file)
        return file
    }

    func testHashAndPNGBytesAreTheSameWithOneTwoAndThreeThreads() throws {
        let file = try largeEffect().path
        let one = try FXProcess.run(["hash", file, "--time", "1", "--threads", "1"])
        XCTAssertEqual(one.status, 0, one.stderr)
        XCTAssertTrue(one.stdout.hasPrefix("simulation "), one.stdout)
        let two = try FXProcess.run(["hash", file, "--time", "1", "--threads", "2"])
        XCTAssertEqual(two.stdout, one.stdout, two.stderr)
        let three = try FXProcess.run(["hash", file, "--time", "1"], environment: ["FX_THREADS": "3"])
        XCTAssertEqual(three.stdout, one.stdout, three.stderr)
        let directory = FXProcess.temporaryDirectory()
        for threads in ["1", "2"] {
            let result = try FXProcess.run(["render", file, "--time", "1.5", "--size", "320x180", "--threads", threads,
                                            "--out", "frame\(threads).png"], in: directory)
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        let first = try Data(contentsOf: directory.appendingPathComponent("frame1.png"))
        let second = try Data(contentsOf: directory.appendingPathComponent("frame2.png"))
        XCTAssertGreaterThan(first.count, 1000)
        XCTAssertEqual(first, second, "the PNG bytes differ with 1 and 2 threads")
    }

    func testTheOptionWinsOverTheVariable() throws {
        let result = try FXProcess.run(["hash", "confetti", "--time", "0.5", "--threads", "2"], environment: ["FX_THREADS": "lots"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("simulation "), result.stdout)
    }

    func testABadThreadCountIsAClearError() throws {
        let zero = try FXProcess.run(["hash", "confetti", "--threads", "0"])
        XCTAssertNotEqual(zero.status, 0)
        XCTAssertTrue(zero.stderr.contains("--threads must be a whole number of at least 1, not 0"), zero.stderr)
        let word = try FXProcess.run(["render", "confetti", "--out", "x.png", "--threads", "many"])
        XCTAssertNotEqual(word.status, 0)
        XCTAssertTrue(word.stderr.contains("'many'") && word.stderr.contains("--threads"), word.stderr)
        for value in ["0", "-2", "two", "1.5", ""] {
            let result = try FXProcess.run(["hash", "confetti", "--time", "0.5"], environment: ["FX_THREADS": value])
            XCTAssertNotEqual(result.status, 0, "FX_THREADS=\(value)")
            XCTAssertTrue(result.stderr.contains("FX_THREADS must be a whole number of at least 1, not \"\(value)\""), result.stderr)
        }
        // Unset, or a valid number, runs.
        let unset = try FXProcess.run(["hash", "confetti", "--time", "0.5"], environment: ["FX_THREADS": nil])
        XCTAssertEqual(unset.status, 0, unset.stderr)
        let spaced = try FXProcess.run(["hash", "confetti", "--time", "0.5"], environment: ["FX_THREADS": " 2 "])
        XCTAssertEqual(spaced.status, 0, spaced.stderr)
        XCTAssertEqual(spaced.stdout, unset.stdout)
    }

    func testEveryCommandThatSimulatesTakesThreads() throws {
        for command in ["play", "render", "hash", "inspect", "plot", "record", "sheet", "bench"] {
            let help = try FXProcess.run([command, "--help"])
            XCTAssertEqual(help.status, 0, "\(command): \(help.stderr)")
            XCTAssertTrue(help.stdout.contains("--threads <N>"), "\(command) --help does not list --threads")
        }
    }
}
