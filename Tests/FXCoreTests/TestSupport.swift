import FXCore
import XCTest

/// Decodes an effect from JSON text, failing the test with the diagnostics if it does not load.
/// - Parameter resources: where textures and fonts are found (files beside the test, no fonts).
func effect(_ json: String, resources: any EffectResources = FileResources(), file: StaticString = #filePath,
            line: UInt = #line) throws -> Effect {
    do {
        return try EffectDecoder.decode(bytes: Array(json.utf8), file: "test.json", resources: resources)
    } catch let error as EffectLoadError {
        XCTFail("effect did not load:\n\(error)", file: file, line: line)
        throw error
    }
}

/// Decodes an effect from JSON text, runs a ``World`` of it for `steps` steps, and calls `check`
/// with the world — unless no particle is alive then, which fails the test instead: a check
/// that loops over the particles, or compares two runs, passes vacuously on empty stores, so an
/// effect that emits nothing (a misspelled key, a zero birth rate) must not get that far.
/// - Parameters:
///   - seed: overrides the effect's `seed`, as ``World/init(effect:seed:stepRate:)`` does.
///   - stepRate: overrides the effect's `stepRate`.
func assertSimulation(_ json: String, steps: Int, seed: UInt64? = nil, stepRate: Double? = nil,
                      file: StaticString = #filePath, line: UInt = #line, _ check: (World) throws -> Void) throws {
    let world = World(effect: try effect(json, file: file, line: line), seed: seed, stepRate: stepRate)
    for _ in 0..<steps { world.step() }
    guard world.liveParticles > 0 else {
        XCTFail("no particle is alive after \(steps) steps (t = \(world.time) s): the check would pass with nothing to check",
                file: file, line: line)
        return
    }
    try check(world)
}

/// The diagnostics of JSON text that must not load.
/// - Parameter resources: where textures and fonts are found (files beside the test, no fonts).
func diagnostics(_ json: String, resources: any EffectResources = FileResources(), file: StaticString = #filePath,
                 line: UInt = #line) -> [Diagnostic] {
    do {
        _ = try EffectDecoder.decode(bytes: Array(json.utf8), file: "bad.json", resources: resources)
        XCTFail("expected the effect to be rejected", file: file, line: line)
        return []
    } catch let error as EffectLoadError {
        return error.diagnostics
    } catch {
        XCTFail("unexpected error \(error)", file: file, line: line)
        return []
    }
}

/// An effect with one emitter layer holding one cell written as JSON members.
func singleCellEffect(cell: String, layer: String = "", stepRate: Double = 120, maxParticles: Int = 1_000_000) -> String {
    """
    {"fx": 1, "stepRate": \(stepRate), "maxParticles": \(maxParticles), "canvas": {"size": [400, 300]},
     "layers": [{"type": "emitter", "name": "e", "emitterPosition": [200, 150] \(layer.isEmpty ? "" : ", " + layer),
                 "emitterCells": [{"name": "c", "contents": "circle", \(cell)}]}]}
    """
}

extension ParticleStore {
    /// Every live particle as (serial, x, y), sorted by serial.
    var positionsBySerial: [(serial: UInt32, x: Float, y: Float)] {
        (0..<count).map { (serial[$0], x[$0], y[$0]) }.sorted { $0.serial < $1.serial }
    }
}

extension World {
    /// Steps forward to the tick nearest `time`, for tests of the simulation itself. A world
    /// only goes forward; going to an earlier time is `EffectPlayer.seek(to:)`, which replays.
    func stepForward(to time: Double, file: StaticString = #filePath, line: UInt = #line) {
        let target = tick(for: time)
        if target < tick {
            XCTFail("a world only steps forward: it is at tick \(tick), and \(time) s is tick \(target)", file: file, line: line)
        }
        while tick < target { step() }
    }
}
