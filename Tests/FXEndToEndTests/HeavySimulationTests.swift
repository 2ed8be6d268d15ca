import Foundation
import XCTest

/// A legal but heavy effect — a long `prewarm` of a birth rate at the particle budget, with
/// turbulence — through the real binary: `fx hash`, `fx render`, `fx inspect` and `fx record` show their
/// progress and stop on SIGTERM and Ctrl-C (SIGINT) with the shell's statuses, 143 and 130.
/// (The window's side is HeavyEffectWindowTests.) No timing is asserted beyond generous
/// deadlines that catch a hang.
final class HeavySimulationTests: XCTestCase {
    /// The frozen-window case of issue 32, lighter per step (200 000 particles) so that a test
    /// sees it move, and still some minutes of simulation: `prewarm` 14 s of a birth rate at
    /// the budget, every particle in turbulence.
    static func heavyEffect(prewarm: Double = 14, birthRate: Int = 200_000, background: String = "#102040") -> String {
        """
        {"fx": 1, "name": "heavy", "maxParticles": 200000, "canvas": {"size": [400, 300], "background": "\(background)"}, "layers": [
          {"type": "emitter", "name": "storm", "emitterPosition": [200, 150], "prewarm": \(prewarm),
           "emitterCells": [{"name": "dust", "contents": "circle", "birthRate": \(birthRate), "lifetime": 14, "velocity": 30,
                             "emissionRange": 6.28, "scale": 0.05,
                             "turbulence": {"strength": 40, "scale": 80, "speed": 0.5, "octaves": 2}}]}]}
        """
    }

    /// Writes the heavy effect into a new folder and returns its path.
    static func writeHeavyEffect() throws -> String {
        let path = FXProcess.temporaryDirectory().appendingPathComponent("heavy.json").path
        try heavyEffect().write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testSIGTERMStopsAHeavyHashWithStatus143() throws {
        let path = try Self.writeHeavyEffect()
        let fx = try RunningFX(["hash", path])
        // Its stderr is a pipe: the progress shows once the work has taken a second.
        try fx.waitForStderr(containing: "fx: simulating heavy to", what: "the progress of the prewarm")
        fx.send(SIGTERM)
        let status = try fx.waitForExit(within: 30)
        XCTAssertEqual(status, 143, fx.stderr)
        XCTAssertTrue(fx.stderr.contains("fx: stopped by SIGTERM while simulating heavy"), fx.stderr)
        XCTAssertEqual(fx.stdout, "", "no hash was printed")
    }

    func testCtrlCStopsAHeavyRenderWithStatus130AndWritesNothing() throws {
        let path = try Self.writeHeavyEffect()
        let out = (path as NSString).deletingLastPathComponent + "/heavy.png"
        let fx = try RunningFX(["render", path, "--out", out])
        try fx.waitForStderr(containing: "fx: simulating heavy to", what: "the progress of the prewarm")
        fx.send(SIGINT)
        let status = try fx.waitForExit(within: 30)
        XCTAssertEqual(status, 130, fx.stderr)
        XCTAssertTrue(fx.stderr.contains("fx: stopped by Ctrl-C (SIGINT) while simulating heavy"), fx.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }

    func testSIGTERMStopsAHeavyInspect() throws {
        let path = try Self.writeHeavyEffect()
        let fx = try RunningFX(["inspect", path, "--time", "1"])
        try fx.waitForStderr(containing: "fx: simulating heavy to 1 s takes", what: "the progress of the prewarm")
        fx.send(SIGTERM)
        XCTAssertEqual(try fx.waitForExit(within: 30), 143, fx.stderr)
    }

    func testSIGTERMStopsAHeavyRecordBeforeAnyFileIsMade() throws {
        let path = try Self.writeHeavyEffect()
        let out = (path as NSString).deletingLastPathComponent + "/heavy.gif"
        let fx = try RunningFX(["record", path, "--seconds", "1", "--out", out])
        try fx.waitForStderr(containing: "fx: simulating heavy to its first frame takes", what: "the progress of the prewarm")
        fx.send(SIGTERM)
        XCTAssertEqual(try fx.waitForExit(within: 30), 143, fx.stderr)
        XCTAssertTrue(fx.stderr.contains("fx: stopped by SIGTERM while simulating heavy"), fx.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }

    func testAQuickRenderToAPipeShowsNoProgress() throws {
        let directory = FXProcess.temporaryDirectory()
        let path = directory.appendingPathComponent("light.json").path
        try Self.heavyEffect(prewarm: 2, birthRate: 50).write(toFile: path, atomically: true, encoding: .utf8)
        let result = try FXProcess.run(["hash", path, "--time", "1"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
    }
}

/// `fx` started and left running, its output collected as it comes, for a test to signal it.
final class RunningFX {
    private let process = Process()
    private let lock = NSLock()
    private var out = Data(), err = Data()

    init(_ arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: try FXProcess.binary())
        process.arguments = arguments
        process.currentDirectoryURL = FXProcess.temporaryDirectory()
        let outPipe = Pipe(), errPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        outPipe.fileHandleForReading.readabilityHandler = { [weak self] handle in self?.append(handle.availableData, toError: false) }
        errPipe.fileHandleForReading.readabilityHandler = { [weak self] handle in self?.append(handle.availableData, toError: true) }
        try process.run()
    }

    deinit { process.stop() }

    private func append(_ data: Data, toError: Bool) {
        lock.lock()
        if toError { err += data } else { out += data }
        lock.unlock()
    }

    var stdout: String { lock.lock(); defer { lock.unlock() }; return String(decoding: out, as: UTF8.self) }
    var stderr: String { lock.lock(); defer { lock.unlock() }; return String(decoding: err, as: UTF8.self) }

    func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Waits (at most 120 s: the machine may be busy) until stderr shows `text`.
    func waitForStderr(containing text: String, what: String) throws {
        let deadline = Date(timeIntervalSinceNow: 120)
        while !stderr.contains(text) {
            guard process.isRunning else { throw WaitFailure("fx exited (status \(process.terminationStatus)) before \(what): \(stderr)") }
            guard Date() < deadline else { throw WaitFailure("waited 120 s for \(what); stderr: \(stderr)") }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// Waits for the exit and returns its status; a process still running after `seconds`
    /// fails the test (it did not stop), and is killed.
    func waitForExit(within seconds: TimeInterval) throws -> Int32 {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while process.isRunning {
            guard Date() < deadline else {
                process.stop()
                throw WaitFailure("fx still ran \(Int(seconds)) s after the signal; stderr: \(stderr)")
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        // The last of the output.
        Thread.sleep(forTimeInterval: 0.1)
        return process.terminationStatus
    }
}
