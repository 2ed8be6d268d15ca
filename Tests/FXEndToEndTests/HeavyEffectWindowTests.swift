import FXSDL
import Foundation
import XCTest

/// The frozen-window case of issue 32 through the real binary: `fx play` on a heavy but legal
/// effect (HeavySimulationTests.heavyEffect: a 14 s prewarm of a birth rate at the particle
/// budget, in turbulence) keeps drawing frames behind a "simulating… N%" overlay, reloads when
/// the file is fixed, and quits on --quit-after and on SIGTERM.
final class HeavyEffectWindowTests: XCTestCase {
    override class func tearDown() {
        VirtualScreen.closeShared(by: self)
        super.tearDown()
    }

    /// The frames fx reported while simulating, as (log line, percent).
    private func simulatingFrames(_ fx: WindowProgram) -> [(line: Int, percent: Int)] {
        fx.lines.enumerated().compactMap { index, line in
            guard line.hasPrefix("fx: frame "), let field = line.split(separator: " ").first(where: { $0.hasPrefix("simulating=") }),
                  let percent = Int(field.dropFirst("simulating=".count)) else { return nil }
            return (index, percent)
        }
    }

    func testAHeavyPrewarmDrawsProgressReloadsWhenFixedAndQuitsAfterItsTime() throws {
        guard try requireTools(["Xvfb", "import"]) else { return }
        let screen = try VirtualScreen.shared(by: self)
        let path = try HeavySimulationTests.writeHeavyEffect()
        let shot = FXProcess.temporaryDirectory().appendingPathComponent("simulating.png").path
        let fx = try screen.startFX(["play", path, "--quit-after", "25"])
        let window = try fx.waitForWindow(named: "heavy")
        // Frame after frame while the prewarm runs, its percent going up.
        let frames = try fx.wait(for: "three frames drawn while simulating, the last past 0 %") { () -> [(line: Int, percent: Int)]? in
            let frames = simulatingFrames(fx)
            return frames.count >= 3 && frames.last!.percent > 0 ? frames : nil
        }
        XCTAssertEqual(frames.map(\.percent), frames.map(\.percent).sorted(), "the progress only goes up")
        try fx.waitForFrame("the frame after it", after: frames.last!.line)
        try screen.run("import", ["-window", window, shot])
        let image = try PNGFile.read(shot)
        XCTAssertEqual([image.width, image.height], [400, 300])
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(image.pixels[(y * image.width + x) * 4..<(y * image.width + x) * 4 + 3]) }
        // The overlay in the middle: its panel (320 × 58 at (40, 121)), white text, the
        // progress track's unfilled end; around it the effect's background.
        XCTAssertEqual(pixel(347, 161), [60, 66, 84], "no progress track at the overlay's right end")
        let white = image.count(x: 52..<200, y: 125..<145) { $0.prefix(3).allSatisfy { $0 > 200 } }
        XCTAssertGreaterThan(white, 40, "no \"simulating…\" text on the overlay")
        XCTAssertEqual(pixel(10, 10), [0x10, 0x20, 0x40], "the canvas's background is not around the overlay")
        // Fixed: no prewarm and a light rate. The window reloads it at once, and plays it.
        try HeavySimulationTests.heavyEffect(prewarm: 0, birthRate: 200, background: "#204010")
            .write(toFile: path, atomically: true, encoding: .utf8)
        let reloaded = try fx.waitForLine("fx: reloaded ")
        let playing = try fx.waitForFrame("a frame of the fixed effect with particles", after: reloaded) { $0.particles > 0 }
        XCTAssertFalse(fx.lines[playing.line].contains("simulating="), fx.lines[playing.line])
        // And --quit-after closes it, on time.
        XCTAssertEqual(try fx.waitForExit("fx to close by itself after --quit-after 25"), 0, fx.log)
    }

    func testSIGTERMClosesAWindowWhileItSimulates() throws {
        guard try requireTools(["Xvfb"]) else { return }
        let screen = try VirtualScreen.shared(by: self)
        let path = try HeavySimulationTests.writeHeavyEffect()
        let fx = try screen.startFX(["play", path, "--quit-after", "600"])
        _ = try fx.waitForWindow(named: "heavy")
        try fx.wait(for: "a frame drawn while simulating") { simulatingFrames(fx).first }
        // SIGTERM, then SIGKILL if fx still runs 5 s later (status 9). SDL makes SIGTERM a
        // quit event, which the next frame takes.
        fx.stop()
        XCTAssertEqual(try fx.waitForExit("fx to close on SIGTERM"), 0, "fx did not close on SIGTERM: \(fx.log)")
    }

    func testTheQuitTimeEndsAWindowThatNeverFinishesSimulating() throws {
        guard try requireTools(["Xvfb"]) else { return }
        let screen = try VirtualScreen.shared(by: self)
        let path = try HeavySimulationTests.writeHeavyEffect()
        let started = Date()
        let fx = try screen.startFX(["play", path, "--quit-after", "3"])
        XCTAssertEqual(try fx.waitForExit("fx to close by itself after --quit-after 3"), 0, fx.log)
        XCTAssertFalse(simulatingFrames(fx).isEmpty, "no frame was drawn while simulating: \(fx.log)")
        XCTAssertLessThan(Date().timeIntervalSince(started), 30, "--quit-after 3 took long")
    }
}
