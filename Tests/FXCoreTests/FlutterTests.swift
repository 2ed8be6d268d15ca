import FXCore
import XCTest

/// A cell's `flutter`: the drawn quad wobbles around the particle's position and its width
/// follows the cosine of a turning tilt phase; positions, other random values and cells without
/// a flutter are untouched.
final class FlutterTests: XCTestCase {
    /// `count` particles at rest at (200, 150), born by a burst at 0, drawn as circles 32 pt wide
    /// (the built-in circle is 64 px at scale 1), with `flutter`.
    func restingEffect(flutter: String?, count: Int = 1, extra: String = "") -> String {
        singleCellEffect(cell: """
            "birthRate": 0, "burstCount": \(count), "lifetime": 20, "scale": 0.5\
            \(flutter.map { #", "flutter": \#($0)"# } ?? "")\(extra.isEmpty ? "" : ", " + extra)
            """)
    }

    /// The drawn quads (four vertices each, in storage order) of a world at `time`.
    func quads(_ json: String, at time: Double, seed: UInt64? = nil) throws -> [[DrawVertex]] {
        let world = World(effect: try effect(json), seed: seed)
        world.stepForward(to: time)
        let list = DrawList()
        DrawListBuilder().build(world, into: list)
        return stride(from: 0, to: list.vertices.count, by: 4).map { Array(list.vertices[$0..<($0 + 4)]) }
    }

    /// The signed width of a quad: its first edge, along its own x axis (no rotation here).
    func signedWidth(_ quad: [DrawVertex]) -> Double { Double(quad[1].x - quad[0].x) }

    /// The centre of a quad.
    func centre(_ quad: [DrawVertex]) -> (x: Double, y: Double) {
        (Double(quad.map(\.x).reduce(0, +)) / 4, Double(quad.map(\.y).reduce(0, +)) / 4)
    }

    /// With tilt speed ω (no range), the width is 32 · cos(φ₀ + ω·t): half a turn (π / ω s)
    /// later it is mirrored, a quarter turn later the two widths make a right triangle with the
    /// full width (cos² + sin² = 1), and the height never changes.
    func testTheWidthFollowsTheCosineOfTheTiltPhase() throws {
        // ω = π: half a turn is 1 s and a quarter 0.5 s, both on the 120 Hz step grid.
        let omega = Double.pi
        let json = restingEffect(flutter: #"{"tiltSpeed": \#(omega)}"#, count: 8)
        let t0 = 1.0
        let first = try quads(json, at: t0)
        let mirrored = try quads(json, at: t0 + 1)
        let quarter = try quads(json, at: t0 + 0.5)
        XCTAssertEqual(first.count, 8)
        var sawBothFaces = (front: false, back: false)
        for i in first.indices {
            let w0 = signedWidth(first[i]), wq = signedWidth(quarter[i])
            // φ = φ₀ + ω·t0 is unknown: w0 = 32 cos φ, wq = 32 cos(φ + π/2) = −32 sin φ.
            XCTAssertEqual(signedWidth(mirrored[i]), -w0, accuracy: 0.01, "particle \(i): mirrored half a turn later")
            XCTAssertEqual((w0 * w0 + wq * wq).squareRoot(), 32, accuracy: 0.01, "particle \(i)")
            XCTAssertEqual(Double(first[i][3].y - first[i][0].y), 32, accuracy: 1e-3, "the height is untouched")
            if w0 > 1 { sawBothFaces.front = true }
            if w0 < -1 { sawBothFaces.back = true }
        }
        XCTAssertTrue(sawBothFaces.front && sawBothFaces.back, "random start phases show fronts and backs")
    }

    /// The width at a known age, from the phase: sampled every 1/120 s over 2 s, the width of
    /// one particle is 32·cos(φ₀ + ω·t) for a single φ₀ (fitted from the first two samples).
    func testTheWidthTracesOneCosineOverTime() throws {
        let omega = 5.0
        let json = restingEffect(flutter: #"{"tiltSpeed": \#(omega)}"#)
        let world = World(effect: try effect(json))
        var samples: [(t: Double, w: Double)] = []
        for _ in 0..<240 {
            world.step()
            let list = DrawList()
            DrawListBuilder().build(world, into: list)
            samples.append((world.time, Double(list.vertices[1].x - list.vertices[0].x)))
        }
        // The age lags the world's time by the particle's birth, at 0.
        let c = samples[0].w / 32
        let s = -(samples[1].w / 32 - c * cos(omega * (samples[1].t - samples[0].t))) / sin(omega * (samples[1].t - samples[0].t))
        let phase0 = atan2(s, c) - omega * samples[0].t
        for sample in samples {
            XCTAssertEqual(sample.w, 32 * cos(phase0 + omega * sample.t), accuracy: 0.01, "t = \(sample.t)")
        }
    }

    /// The quad's centre is `wobble` points from the particle's position, and its direction
    /// turns by ω·Δt (no range: every particle at the same ω).
    func testTheWobbleMovesTheQuadOnACircle() throws {
        let omega = 2.0
        let json = restingEffect(flutter: #"{"wobble": 7, "wobbleSpeed": \#(omega)}"#, count: 6)
        let early = try quads(json, at: 0.5), late = try quads(json, at: 1.0)
        var directions: [Double] = []
        for i in early.indices {
            let a = centre(early[i]), b = centre(late[i])
            XCTAssertEqual(hypot(a.x - 200, a.y - 150), 7, accuracy: 1e-3, "particle \(i)")
            XCTAssertEqual(hypot(b.x - 200, b.y - 150), 7, accuracy: 1e-3, "particle \(i)")
            var turn = atan2(b.y - 150, b.x - 200) - atan2(a.y - 150, a.x - 200)
            turn = remainder(turn, 2 * Double.pi)
            XCTAssertEqual(turn, omega * 0.5, accuracy: 1e-3, "particle \(i) turned by ω·Δt")
            XCTAssertEqual(signedWidth(early[i]), 32, accuracy: 1e-3, "no tilt without a tilt speed")
            directions.append(atan2(a.y - 150, a.x - 200))
        }
        XCTAssertGreaterThan(directions.max()! - directions.min()!, 1, "the start phases are random")
    }

    /// Each particle's wobble speed is drawn from wobbleSpeed ± wobbleSpeedRange / 2: measured
    /// from its turn over 0.1 s, every speed is in [3, 6.6] and they spread across it.
    func testTheWobbleSpeedRangeSpreadsTheSpeeds() throws {
        let json = restingEffect(flutter: #"{"wobble": 5, "wobbleSpeed": 4.8, "wobbleSpeedRange": 3.6}"#, count: 1000)
        let a = try quads(json, at: 1.0), b = try quads(json, at: 1.1)
        let speeds = a.indices.map { i -> Double in
            let p = centre(a[i]), q = centre(b[i])
            return remainder(atan2(q.y - 150, q.x - 200) - atan2(p.y - 150, p.x - 200), 2 * Double.pi) / 0.1
        }
        XCTAssertGreaterThanOrEqual(speeds.min()!, 3 - 1e-3)
        XCTAssertLessThanOrEqual(speeds.max()!, 6.6 + 1e-3)
        XCTAssertLessThan(speeds.min()!, 3.2)
        XCTAssertGreaterThan(speeds.max()!, 6.4)
        XCTAssertEqual(speeds.reduce(0, +) / Double(speeds.count), 4.8, accuracy: 0.12, "uniform around the mean (σ/√n = 0.033)")
    }

    /// Same effect and seed: the same quads; another seed: other phases. A flutter that does
    /// nothing (`{}`) draws exactly what no flutter draws, and a flutter never moves the
    /// simulated particles (positions, velocities, spins are those of the same cell without it).
    func testFlutterIsDeterministicAndOnlyChangesDrawing() throws {
        let extra = #""velocity": 80, "velocityRange": 40, "emissionRange": 6.28, "spin": 1, "spinRange": 2, "scaleRange": 0.2"#
        let fluttering = restingEffect(flutter: #"{"wobble": 5, "wobbleSpeed": 4, "wobbleSpeedRange": 2, "tiltSpeed": 5, "tiltSpeedRange": 2}"#,
                                       count: 50, extra: extra)
        let first = try quads(fluttering, at: 1.5), again = try quads(fluttering, at: 1.5)
        XCTAssertEqual(first.flatMap { $0.map(\.x) }, again.flatMap { $0.map(\.x) })
        XCTAssertEqual(first.flatMap { $0.map(\.y) }, again.flatMap { $0.map(\.y) })
        let reseeded = try quads(fluttering, at: 1.5, seed: 9)
        XCTAssertNotEqual(first.flatMap { $0.map(\.x) }, reseeded.flatMap { $0.map(\.x) })

        let plain = restingEffect(flutter: nil, count: 50, extra: extra)
        let idle = restingEffect(flutter: "{}", count: 50, extra: extra)
        XCTAssertEqual(try quads(plain, at: 1.5).flatMap { $0.map(\.x) }, try quads(idle, at: 1.5).flatMap { $0.map(\.x) })
        XCTAssertNotEqual(try quads(plain, at: 1.5).flatMap { $0.map(\.x) }, first.flatMap { $0.map(\.x) })

        let withFlutter = World(effect: try effect(fluttering)), without = World(effect: try effect(plain))
        withFlutter.stepForward(to: 1.5)
        without.stepForward(to: 1.5)
        XCTAssertEqual(withFlutter.stateHash().value, without.stateHash().value, "the simulation does not see the flutter")
    }

    /// Wrong flutters are reported with their JSON path: not an object, an unknown member, a
    /// value out of its range.
    func testBadFluttersAreReported() {
        let notObject = diagnostics(restingEffect(flutter: "3"))
        XCTAssertTrue(notObject.contains { $0.path.hasSuffix("flutter") && $0.message.contains("a flutter") }, "\(notObject)")
        let unknown = diagnostics(restingEffect(flutter: #"{"wobbel": 3}"#))
        XCTAssertTrue(unknown.contains { $0.path.hasSuffix("flutter.wobbel") }, "\(unknown)")
        XCTAssertTrue(unknown.contains { $0.suggestion?.contains("wobble") ?? false }, "\(unknown)")
        let negative = diagnostics(restingEffect(flutter: #"{"wobble": -1}"#))
        XCTAssertTrue(negative.contains { $0.path.hasSuffix("flutter.wobble") }, "\(negative)")
        let range = diagnostics(restingEffect(flutter: #"{"tiltSpeedRange": -2}"#))
        XCTAssertTrue(range.contains { $0.path.hasSuffix("flutter.tiltSpeedRange") }, "\(range)")
    }
}
