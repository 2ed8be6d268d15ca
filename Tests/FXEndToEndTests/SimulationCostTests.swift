import FXCore
import FXEffects
import Foundation
import XCTest

/// `fx validate`'s warning for effects that are legal but very costly to simulate (issue 32's
/// frozen window: a 14 s prewarm, a birth rate at the particle budget, turbulence).
final class SimulationCostTests: XCTestCase {
    /// The 300-byte effect that froze the window for 112 s.
    static let frozenWindow = """
        {"fx": 1, "duration": 5, "layers": [{"type": "emitter", "prewarm": 14, "emitterPosition": [400, 300],
          "emitterCells": [{"name": "storm", "contents": "spark", "birthRate": 100000, "lifetime": 14, "velocity": 50,
            "emissionRange": 6.28, "turbulence": {"strength": 300, "scale": 60, "speed": 1, "octaves": 4}}]}]}
        """

    func testTheFrozenWindowEffectWarnsNamingItsCellTheCostAndWhatToLower() throws {
        let directory = FXProcess.temporaryDirectory()
        let file = directory.appendingPathComponent("storm.json")
        try Self.frozenWindow.write(to: file, atomically: true, encoding: .utf8)
        let result = try FXProcess.run(["validate", file.path])
        XCTAssertEqual(result.status, 0, "a costly effect is legal: \(result.stdout)\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let warning = try XCTUnwrap(lines.first { $0.contains("warning:") && $0.contains("particle-steps") }, result.stdout)
        XCTAssertTrue(warning.contains("storm.json:2:"), "placed at the cell: \(warning)")
        XCTAssertTrue(warning.contains("$.layers[0].emitterCells[0]"), warning)
        XCTAssertTrue(warning.contains("\"storm\""), "names the cell: \(warning)")
        XCTAssertTrue(warning.contains("billion particle-steps"), "the estimate in words: \(warning)")
        XCTAssertTrue(warning.contains("1 million particles"), "capped at the budget: \(warning)")
        XCTAssertTrue(warning.contains("turbulence"), "names the costly behaviour: \(warning)")
        XCTAssertTrue(warning.contains("min") || warning.contains(" s of simulation"), "the time it takes: \(warning)")
        XCTAssertTrue(warning.contains("lower prewarm (14 s)"), "suggests the prewarm: \(warning)")
        XCTAssertTrue(warning.contains("birthRate or lifetime"), warning)
        XCTAssertTrue(lines.last?.hasSuffix("storm.json: ok, 1 warning") == true, result.stdout)
    }

    func testLoweringWhatTheWarningNamesSilencesIt() throws {
        let directory = FXProcess.temporaryDirectory()
        // The same storm at a thousandth of the birth rate, no prewarm, and two octaves.
        let tamed = Self.frozenWindow.replacingOccurrences(of: "\"prewarm\": 14", with: "\"prewarm\": 0")
            .replacingOccurrences(of: "100000", with: "100").replacingOccurrences(of: "\"octaves\": 4", with: "\"octaves\": 2")
        let file = directory.appendingPathComponent("breeze.json")
        try tamed.write(to: file, atomically: true, encoding: .utf8)
        let result = try FXProcess.run(["validate", file.path])
        XCTAssertEqual(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "\(file.path): ok", result.stdout)
    }

    func testTheEstimateFollowsParticlesStepsAndBehaviours() throws {
        let file = FXProcess.temporaryDirectory().appendingPathComponent("storm.json")
        try Self.frozenWindow.write(to: file, atomically: true, encoding: .utf8)
        let effect = try EffectDecoder.decode(bytes: Array(Self.frozenWindow.utf8), file: "storm.json", baseDirectory: file.deletingLastPathComponent().path)
        let cost = SimulationCost(effect: effect)
        let cell = try XCTUnwrap(cost.cells.first)
        // 100 000 a second × 14 s is 1.4 million, over the default budget of 1 million.
        XCTAssertEqual(cell.particles, 1_000_000, accuracy: 1)
        // The prewarm's 14 s at 120 steps a second, then the 5 s run.
        XCTAssertEqual(cell.steps, 14 * 120 + 5 * 120)
        XCTAssertGreaterThan(cell.costPerParticleStep, 10, "turbulence of 4 octaves costs many plain steps")
        XCTAssertEqual(cell.costlyKeys, ["turbulence"])
        XCTAssertGreaterThan(cost.particleSteps, SimulationCost.warningThreshold * 10)
    }
}

extension SimulationCostTests {
    /// Every shipped effect stays under a tenth of the threshold, so that the warning means
    /// something when it shows.
    func testEveryShippedEffectIsFarUnderTheThreshold() throws {
        let directory = FXProcess.packageRoot.appendingPathComponent("effects")
        var costs: [(String, Double)] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path).filter({ $0.hasSuffix(".json") }).sorted() {
            let path = directory.appendingPathComponent(name).path
            let effect = try EffectDecoder.decode(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), file: name,
                                                  baseDirectory: directory.path, sourcePath: path, resources: SystemResources())
            costs.append((name, SimulationCost(effect: effect).particleSteps))
        }
        let costliest = try XCTUnwrap(costs.max { $0.1 < $1.1 })
        print("the costliest shipped effect: \(costliest.0), \(costliest.1) particle-steps")
        XCTAssertLessThan(costliest.1, SimulationCost.warningThreshold / 10, "\(costliest.0)")
    }
}
