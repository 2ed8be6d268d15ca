import FXCore
import FXEffects
import FXSDL
import Foundation
import XCTest

/// The simulation gives the same state with any number of threads (`World.threads`,
/// `--threads`, `FX_THREADS`): each thread moves only its own range of particles, and emission
/// and removal stay in order on one thread.
final class ThreadDeterminismTests: XCTestCase {
    /// Every shipped effect, stepped with 1, 2 and 3 threads, has the same state hash at
    /// several times. Ranges as small as one particle are allowed here, so even a cell of a
    /// few particles is split between threads (a real run keeps ranges of 16 384 or more).
    func testEveryShippedEffectHasTheSameStateWithOneTwoAndThreeThreads() throws {
        let directory = FXProcess.packageRoot.appendingPathComponent("effects")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertGreaterThan(files.count, 10)
        let times = [0.5, 1.25, 3.0]
        var effectsSplit = 0
        for file in files {
            let effect = try EffectDecoder.load(path: directory.appendingPathComponent(file).path, resources: SystemResources())
            var hashesByThreads: [Int: [UInt64]] = [:]
            var split = false
            for threads in [1, 2, 3] {
                let world = World(effect: effect)
                world.threads = threads
                world.minimumChunk = 1
                var hashes: [UInt64] = []
                for time in times {
                    while world.tick < world.tick(for: time) {
                        world.step()
                        if threads > 1 && world.emitters.contains(where: { $0.allCells.contains { $0.particles.count >= 2 } }) {
                            split = true
                        }
                    }
                    hashes.append(world.stateHash().value)
                }
                hashesByThreads[threads] = hashes
            }
            XCTAssertEqual(hashesByThreads[2], hashesByThreads[1], "\(file): 2 threads differ from 1")
            XCTAssertEqual(hashesByThreads[3], hashesByThreads[1], "\(file): 3 threads differ from 1")
            if split { effectsSplit += 1 }
        }
        // The particle effects (not the layer-only ones) did run split between threads.
        XCTAssertGreaterThan(effectsSplit, 15)
    }

    /// Removal with threads finds the dead range by range and replays the one-thread walk from
    /// that list: with many deaths a step — runs of particles dying together (no lifetime range,
    /// so the dead are often the last ones, moved into a dead slot and removed again) and
    /// scattered ones — the state matches one thread's after every step.
    func testRemovalWithManyDeathsAStepMatchesOneThreadStepByStep() throws {
        let json = """
            {"fx": 1, "stepRate": 60, "canvas": {"size": [400, 300]}, "layers": [{"type": "emitter",
              "emitterPosition": [200, 150], "emitterSize": [400, 300], "emitterShape": "rectangle", "emitterCells": [
                {"name": "together", "contents": "disc", "birthRate": 3000, "lifetime": 0.25, "velocity": 20},
                {"name": "scattered", "contents": "disc", "birthRate": 4000, "lifetime": 0.3, "lifetimeRange": 0.5, "velocity": 30}]}]}
            """
        let effect = try EffectDecoder.decode(bytes: Array(json.utf8))
        let worlds = [1, 2, 3].map { threads -> World in
            let world = World(effect: effect)
            world.threads = threads
            world.minimumChunk = 1
            return world
        }
        for step in 0..<90 {
            for world in worlds { world.step() }
            let hashes = worlds.map { $0.stateHash().value }
            XCTAssertEqual(hashes[1], hashes[0], "step \(step): 2 threads differ from 1")
            XCTAssertEqual(hashes[2], hashes[0], "step \(step): 3 threads differ from 1")
        }
        // 1.5 s at 7 000 a second made about 10 500 particles; most have died (about 120 a
        // step once both cells are in steady state), and the rest are split between threads.
        XCTAssertGreaterThan(worlds[0].liveParticles, 1000)
        XCTAssertLessThan(worlds[0].liveParticles, 4000)
    }

    /// A player keeps its thread count when a seek back makes a new world, and the default
    /// comes from `World.defaultThreads`.
    func testPlayerKeepsItsThreadCountAcrossSeeks() throws {
        let player = try EffectPlayer(json: Self.steadyEffect(particles: 1000))
        XCTAssertEqual(player.threads, World.defaultThreads)
        player.threads = 3
        XCTAssertEqual(player.world.threads, 3)
        player.seek(to: 1)
        player.seek(to: 0.5)
        XCTAssertEqual(player.world.threads, 3)
        player.threads = 0
        XCTAssertEqual(player.threads, 1, "fewer than one thread counts as one")
    }

    /// A world of 100 000 particles, where a real run splits at the default chunk size: the
    /// same state and the same frame with 1 and 2 threads (the bench checks the same at 1 M).
    func testALargeEffectGivesTheSameStateAndPixelsWithOneAndTwoThreads() throws {
        let effect = try EffectDecoder.decode(bytes: Array(Self.steadyEffect(particles: 100_000).utf8))
        var results: [(UInt64, [UInt8])] = []
        for threads in [1, 2] {
            let world = World(effect: effect)
            world.threads = threads
            for _ in 0..<30 { world.step() }
            XCTAssertGreaterThan(world.liveParticles, 2 * World.defaultMinimumChunk)
            let list = DrawList()
            DrawListBuilder().build(world, into: list)
            let renderer = try HeadlessRenderer(width: 320, height: 180, canvas: effect.canvas.size, supersampling: 1)
            results.append((world.stateHash().value, try renderer.render(list).pixels))
        }
        XCTAssertEqual(results[0].0, results[1].0)
        XCTAssertTrue(results[0].1 == results[1].1, "the frames differ with 1 and 2 threads")
    }

    /// A steady confetti-like effect of about `particles` live particles, moving under gravity,
    /// spinning, shrinking and fading: every column of the step's hot loop changes.
    static func steadyEffect(particles: Int) -> String {
        """
        {"fx": 1, "stepRate": 60, "maxParticles": \(particles * 2), "canvas": {"size": [1280, 720]},
         "layers": [{"type": "emitter", "timeOffset": 5, "emitterPosition": [640, 360],
           "emitterSize": [1280, 720], "emitterShape": "rectangle",
           "emitterCells": [{"name": "confetti", "contents": "rect", "birthRate": \(Double(particles) / 5), "lifetime": 5,
             "lifetimeRange": 2, "velocity": 60, "velocityRange": 40, "emissionRange": "360deg", "yAcceleration": 30,
             "xAcceleration": 2, "spinRange": 12, "scale": 0.2, "scaleRange": 0.1, "scaleSpeed": -0.01,
             "color": [1, 0.2, 0.3, 1], "redSpeed": -0.16, "greenSpeed": 0.12, "blueSpeed": 0.14, "alphaSpeed": -0.2}]}]}
        """
    }
}
