import FXCore
import XCTest

/// An emitter layer's `colliders`: swept, so that no particle crosses one at any step rate;
/// bounce, friction and kills.
final class ColliderTests: XCTestCase {
    /// Fast particles sprayed in every direction from (200, 150), under gravity, with `colliders`.
    static func spray(colliders: String, stepRate: Double, velocity: Double = 2500, cell: String = "") -> String {
        """
        {"fx": 1, "stepRate": \(stepRate), "canvas": {"size": [400, 300]},
         "layers": [{"type": "emitter", "name": "e", "emitterPosition": [200, 150], "colliders": \(colliders),
                     "emitterCells": [{"name": "c", "contents": "circle", "birthRate": 400, "lifetime": 3,
                                       "velocity": \(velocity), "velocityRange": \(velocity), "emissionRange": "360deg",
                                       "yAcceleration": 900 \(cell)}]}]}
        """
    }

    /// Runs `json` for two seconds and returns the worst (most negative) `signedDistance` of
    /// any live particle after any step: positive is the side the particles started on.
    static func worstDistance(_ json: String, _ signedDistance: (Float, Float) -> Float) throws -> (worst: Float, checked: Int) {
        let world = World(effect: try effect(json))
        var worst = Float.infinity, checked = 0
        while world.time < 2 {
            world.step()
            for cell in world.emitters[0].allCells {
                let store = cell.particles
                for i in 0..<store.count {
                    worst = min(worst, signedDistance(store.x[i], store.y[i]))
                    checked += 1
                }
            }
        }
        return (worst, checked)
    }

    func testNoParticleCrossesAColliderAtAnyStepRate() throws {
        struct Case {
            var name: String
            var colliders: String
            var distance: (Float, Float) -> Float
        }
        let cases = [
            // A floor 30 points below the emitter, far wider than any spark flies.
            Case(name: "floor line", colliders: "[{\"name\": \"floor\", \"type\": \"line\", \"from\": [-100000, 180], \"to\": [100000, 180], \"bounce\": 0.7}]",
                 distance: { _, y in 180 - y }),
            // A slanted wall: particles start on its left.
            Case(name: "slanted line", colliders: "[{\"name\": \"wall\", \"type\": \"line\", \"from\": [230, -100000], \"to\": [260, 100000], \"bounce\": 0.4, \"friction\": 0.2}]",
                 distance: { x, y in
                     // Left of the line through (230, -1e5) and (260, 1e5): signed distance.
                     let ex: Float = 30, ey: Float = 200_000
                     let length = (ex * ex + ey * ey).squareRoot()
                     return ((x - 230) * ey - (y + 100_000) * ex) / -length
                 }),
            // A box around the emitter: particles stay inside.
            Case(name: "rect from inside", colliders: "[{\"name\": \"box\", \"type\": \"rect\", \"rect\": [150, 100, 100, 100], \"bounce\": 0.9}]",
                 distance: { x, y in min(x - 150, 250 - x, y - 100, 200 - y) }),
            // A ring around the emitter: particles stay inside.
            Case(name: "circle from inside", colliders: "[{\"name\": \"ring\", \"type\": \"circle\", \"center\": [200, 150], \"radius\": 60, \"bounce\": 1}]",
                 distance: { x, y in 60 - ((x - 200) * (x - 200) + (y - 150) * (y - 150)).squareRoot() }),
            // A ball and a block beside the emitter: particles stay outside both.
            Case(name: "circle and rect from outside", colliders: """
                [{"name": "ball", "type": "circle", "center": [200, 200], "radius": 30, "bounce": 0.8},
                 {"name": "block", "type": "rect", "rect": [120, 80, 50, 40], "bounce": 0.3, "friction": 0.5}]
                """,
                 distance: { x, y in
                     let ball = ((x - 200) * (x - 200) + (y - 200) * (y - 200)).squareRoot() - 30
                     let outsideX = max(120 - x, x - 170), outsideY = max(80 - y, y - 120)
                     return min(ball, max(outsideX, outsideY))
                 }),
        ]
        for test in cases {
            for rate in [37.0, 60, 240] {
                let (worst, checked) = try Self.worstDistance(Self.spray(colliders: test.colliders, stepRate: rate), test.distance)
                XCTAssertGreaterThan(checked, 1000, test.name)
                XCTAssertGreaterThanOrEqual(worst, 0, "\(test.name) at \(rate) Hz: a particle \(-worst) pt beyond")
            }
        }
    }

    func testWithoutCollidersParticlesDoCross() throws {
        // The same spray crosses the floor when it is not there: the test above has teeth.
        let (worst, _) = try Self.worstDistance(Self.spray(colliders: "[]", stepRate: 60)) { _, y in 180 - y }
        XCTAssertLessThan(worst, -100)
    }

    func testBounceReflectsTheNormalVelocityAndFrictionScalesTheTangential() throws {
        // One particle thrown right at 100 pt/s from 50 pt above a floor, falling at 1000 pt/s².
        func thrown(_ floor: String, rate: Double) throws -> World {
            let world = World(effect: try effect("""
                {"fx": 1, "stepRate": \(rate), "canvas": {"size": [400, 300]},
                 "layers": [{"type": "emitter", "name": "e", "emitterPosition": [100, 150],
                   "colliders": [{"name": "floor", "type": "line", "from": [0, 200], "to": [400, 200], \(floor)}],
                   "emitterCells": [{"name": "c", "contents": "circle", "burstCount": 1, "lifetime": 10, "velocity": 100, "yAcceleration": 1000}]}]}
                """))
            return world
        }
        for rate in [60.0, 240, 1000] {
            let world = try thrown("\"bounce\": 0.5, \"friction\": 0.25", rate: rate)
            // It lands at t = √(2 · 50 / 1000) ≈ 0.316 s at 316 pt/s, and leaves at half that
            // upward: its next top is a quarter of the drop, 12.5 points above the floor.
            var top: Float = 200
            var horizontal: Float = 0
            while world.time < 0.6 {
                world.step()
                let store = world.emitters[0].cells[0].particles
                if world.time > 0.33 {
                    top = min(top, store.y[0])
                    horizontal = store.vx[0]
                }
            }
            XCTAssertEqual(200 - top, 12.5, accuracy: rate == 60 ? 1.5 : 0.5, "at \(rate) Hz")
            XCTAssertEqual(horizontal, 75, accuracy: 0.01, "friction 0.25 keeps three quarters of the tangential velocity")
        }
    }

    func testKillsRemovesTheParticleAtTheHit() throws {
        // Falling at a steady 100 pt/s from y = 150, the particle hits the line at y = 243.3 at
        // t = 0.933 s, inside a step at 37, 60 and 240 Hz. Its sub-cell emits 100 a second
        // until the parent dies: 93 when the death is the hit's moment, at any step rate.
        for rate in [37.0, 60, 240] {
            let world = World(effect: try effect("""
                {"fx": 1, "stepRate": \(rate), "canvas": {"size": [400, 300]},
                 "layers": [{"type": "emitter", "name": "e", "emitterPosition": [200, 150],
                   "colliders": [{"name": "floor", "type": "line", "from": [0, 243.3], "to": [400, 243.3], "kills": true}],
                   "emitterCells": [{"name": "c", "contents": "circle", "burstCount": 1, "lifetime": 10, "velocity": 100,
                                     "emissionLongitude": "90deg",
                                     "emitterCells": [{"name": "trail", "contents": "circle", "birthRate": 100, "lifetime": 10}]}]}]}
                """))
            var sawAlive = false
            while world.time < 1.5 {
                world.step()
                let alive = world.emitters[0].cells[0].particles.count
                if world.time < 0.933 { XCTAssertEqual(alive, 1, "alive before the hit at \(world.time)") } else { XCTAssertEqual(alive, 0, "gone once it hit, at \(world.time)") }
                sawAlive = sawAlive || alive == 1
            }
            XCTAssertTrue(sawAlive)
            let trail = world.emitters[0].allCells[1].particles
            XCTAssertEqual(trail.count, 93, "at \(rate) Hz")
            // Born along the parent's path, none beyond the floor (the 93rd near y = 243).
            let lowest = trail.positionsBySerial.map(\.y).max() ?? 0
            XCTAssertLessThanOrEqual(lowest, 243.3)
            XCTAssertGreaterThan(lowest, 242)
        }
    }

    func testDecodingErrorsNameThePath() {
        func errors(_ colliders: String) -> [Diagnostic] {
            diagnostics(Self.spray(colliders: colliders, stepRate: 60))
        }
        let unknown = errors("[{\"name\": \"a\", \"type\": \"square\", \"rect\": [0, 0, 1, 1]}]")
        XCTAssertTrue(unknown.contains { $0.path == "$.layers[0].colliders[0].type" && $0.line == 2 && $0.column != nil }, "\(unknown)")
        let missing = errors("[{\"type\": \"circle\", \"center\": [1, 1], \"radius\": 3}]")
        XCTAssertTrue(missing.contains { $0.path == "$.layers[0].colliders[0].name" }, "\(missing)")
        let duplicate = errors("[{\"name\": \"a\", \"type\": \"circle\", \"center\": [1, 1], \"radius\": 3}, {\"name\": \"a\", \"type\": \"rect\", \"rect\": [0, 0, 1, 1]}]")
        XCTAssertTrue(duplicate.contains { $0.path == "$.layers[0].colliders[1].name" && $0.message.contains("also named") }, "\(duplicate)")
        let bounce = errors("[{\"name\": \"a\", \"type\": \"line\", \"from\": [0, 0], \"to\": [1, 0], \"bounce\": 1.5}]")
        XCTAssertTrue(bounce.contains { $0.path == "$.layers[0].colliders[0].bounce" && $0.message.contains("0…1") }, "\(bounce)")
        let incomplete = errors("[{\"name\": \"a\", \"type\": \"line\", \"from\": [0, 0]}]")
        XCTAssertTrue(incomplete.contains { $0.path == "$.layers[0].colliders[0].to" && $0.message.contains("needs \"to\"") }, "\(incomplete)")
        let foreign = errors("[{\"name\": \"a\", \"type\": \"line\", \"from\": [0, 0], \"to\": [1, 0], \"radius\": 3}]")
        XCTAssertTrue(foreign.contains { $0.path == "$.layers[0].colliders[0].radius" && $0.message.contains("circle") }, "\(foreign)")
    }
}

extension ColliderTests {
    func testWhatAKilledParticleMakesStartsOnTheSideItCameFrom() throws {
        // Drops fall onto a killing floor; each splashes 6 particles every way. The splashes
        // going up live on; those going down meet the floor at once.
        for rate in [37.0, 60, 240] {
            let json = """
                {"fx": 1, "stepRate": \(rate), "layers": [{"type": "emitter", "emitterPosition": [100, 0],
                  "colliders": [{"name": "floor", "type": "line", "from": [0, 100], "to": [200, 100], "kills": true}],
                  "emitterCells": [{"name": "drop", "birthRate": 0, "burstCount": 1, "lifetime": 5, "velocity": 100,
                    "emissionLongitude": "90deg", "contents": "circle",
                    "emitterCells": [{"name": "splash", "emitOn": "death", "burstCount": 60, "lifetime": 3, "velocity": 50,
                                      "emissionRange": "360deg", "contents": "circle"}]}]}]}
                """
            let world = World(effect: try effect(json))
            world.stepForward(to: 1.5)
            let store = world.emitters[0].cells[0].subcells[0].particles
            XCTAssertGreaterThan(store.count, 15, "at \(rate) Hz")
            XCTAssertLessThan(store.count, 45, "at \(rate) Hz")
            for i in 0..<store.count { XCTAssertLessThan(store.y[i], 100, "no splash below the floor, at \(rate) Hz") }
        }
    }
}
