import FXCore
import Foundation
import XCTest

/// One particle of an imported effect as the simulation has it at a moment, for the importer
/// tests that compare its motion with the source engine's: `vx`, `vy` are the velocity it really
/// moves at (its displacement over the next short step, velocityOverLife included); `storedVX`,
/// `storedVY` the velocity the simulation keeps (which accelerations change).
struct MovingParticle {
    var x, y, vx, vy, storedVX, storedVY, age, lifetime, rotation, scale, red, green, blue, alpha: Double
    var normalizedAge: Double { age / lifetime }

    /// The particles of layer `layer`'s first cell of the effect at `path` at `time`, simulated
    /// in-process, each matched by serial with itself `step` later.
    static func sample(_ path: URL, at time: Double, layer: Int = 0, step: Double) throws -> [MovingParticle] {
        let player = EffectPlayer(effect: try EffectDecoder.load(path: path.path))
        func read() throws -> (Double, [UInt32: MovingParticle]) {
            let snapshot = player.snapshot()
            let store = try XCTUnwrap(snapshot.emitters[layer].cells.first?.particles)
            var out: [UInt32: MovingParticle] = [:]
            for i in 0..<store.count {
                let age = Double(store.age[i])
                out[store.serial[i]] = MovingParticle(x: Double(store.x[i]), y: Double(store.y[i]), vx: Double(store.vx[i]), vy: Double(store.vy[i]),
                                                      storedVX: Double(store.vx[i]), storedVY: Double(store.vy[i]),
                                                      age: age, lifetime: age + store.deathTime[i] - snapshot.time, rotation: Double(store.rotation[i]),
                                                      scale: Double(store.scale[i]), red: Double(store.red[i]), green: Double(store.green[i]),
                                                      blue: Double(store.blue[i]), alpha: Double(store.alpha[i]))
            }
            return (snapshot.time, out)
        }
        player.seek(to: time)
        let (now, first) = try read()
        player.seek(to: now + step)
        let (later, second) = try read()
        return first.compactMap { serial, particle in
            guard let next = second[serial] else { return nil }
            var moving = particle
            moving.vx = (next.x - particle.x) / (later - now)
            moving.vy = (next.y - particle.y) / (later - now)
            return moving
        }
    }
}
