import FXCore
import XCTest

/// What a cell change does to particles already alive (docs/effect-format.md, "What a change
/// does to live particles"): accelerations and per-second speeds move them; birth values stay.
final class LiveParticleChangeTests: XCTestCase {

    /// One cell that emits for the first 0.5 s only, so every particle looked at was born before
    /// the changes.
    private func player() throws -> EffectPlayer {
        EffectPlayer(effect: try effect(singleCellEffect(cell: #""birthRate": 40, "duration": 0.5, "lifetime": 20, "velocity": 50, "emissionRange": 6.28, "scale": 1"#)))
    }

    /// The particles' values in `column`, by serial number (the store reorders as particles die).
    private func column(_ player: EffectPlayer, _ pick: (ParticleStore) -> UnsafeMutablePointer<Float>) throws -> [UInt32: Float] {
        let particles = try XCTUnwrap(player.snapshot().emitter(named: "e")?.cells.first?.particles)
        return Dictionary(uniqueKeysWithValues: (0..<particles.count).map { (particles.serial[$0], pick(particles)[$0]) })
    }

    func testAccelerationsAndSpeedsMoveLiveParticles() throws {
        let player = try self.player()
        player.seek(to: 1)
        let before = try column(player, \.vy)
        XCTAssertEqual(before.count, 20)
        try player.setValue(-100, forKeyPath: "e.emitterCells.c.yAcceleration")
        try player.setValue(-0.5, forKeyPath: "e.emitterCells.c.alphaSpeed")
        try player.setValue(0.25, forKeyPath: "e.emitterCells.c.scaleSpeed")
        player.step(count: 120)
        let after = try column(player, \.vy)
        // One second of −100 pt/s² on every one born before the change.
        for (serial, vy) in before { XCTAssertEqual(try XCTUnwrap(after[serial]), vy - 100, accuracy: 0.05) }
        XCTAssertTrue(try column(player, \.alpha).values.allSatisfy { abs($0 - 0.5) < 0.01 })
        XCTAssertTrue(try column(player, \.scale).values.allSatisfy { abs($0 - 1.25) < 0.01 })
    }

    func testBirthValuesStayWithTheParticlesAlreadyAlive() throws {
        let player = try self.player()
        player.seek(to: 1)
        let velocities = try column(player, \.vx)
        let scales = try column(player, \.scale)
        try player.setValue(500, forKeyPath: "e.emitterCells.c.velocity")
        try player.setValue(3, forKeyPath: "e.emitterCells.c.scale")
        player.step(count: 120)
        XCTAssertEqual(try column(player, \.vx), velocities, "a velocity change reached particles already alive")
        XCTAssertEqual(try column(player, \.scale), scales, "a scale change reached particles already alive")
    }
}
