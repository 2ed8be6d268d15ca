import FXCore
import FXEffects
import Foundation
import XCTest

/// The demos of seeds 000–003, checked at the seeds' key moments against values computed here
/// from the seeds' own numbers (keyTimes, durations, control points), not from fx's evaluation.
final class SeedDemoTests: XCTestCase {
    /// A shipped effect's player at `time`.
    private func player(_ name: String, at time: Double) throws -> EffectPlayer {
        let path = FXProcess.packageRoot.appendingPathComponent("effects/\(name).json").path
        let player = EffectPlayer(effect: try EffectDecoder.load(path: path, resources: SystemResources()))
        player.seek(to: time)
        return player
    }

    private func number(_ player: EffectPlayer, _ keyPath: String, file: StaticString = #filePath, line: UInt = #line) throws -> Double {
        guard case .number(let value) = try player.presentationValue(forKeyPath: keyPath) else {
            XCTFail("\(keyPath) is not a number", file: file, line: line)
            return .nan
        }
        return value
    }

    /// y of a cubic Bézier timing curve (0, 0), (x1, y1), (x2, y2), (1, 1) at x, by bisection on
    /// its parameter: the seeds' named and custom curves, solved here without fx.
    private func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
        func coordinate(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
        }
        var low = 0.0, high = 1.0
        for _ in 0..<80 {
            let middle = (low + high) / 2
            if coordinate(x1, x2, middle) < x { low = middle } else { high = middle }
        }
        return coordinate(y1, y2, (low + high) / 2)
    }

    private func easeInEaseOut(_ x: Double) -> Double { bezier(0.42, 0, 0.58, 1, at: x) }

    /// The bounding box of a path value's points (its on-curve and control points).
    private func bounds(_ value: AnimatableValue) throws -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        guard case .path(let path) = value else { throw XCTSkip("not a path") }
        var points: [Point] = []
        for element in path.elements {
            switch element {
            case .move(let p), .line(let p): points.append(p)
            case .quad(let c, let p): points += [c, p]
            case .cubic(let c1, let c2, let p): points += [c1, c2, p]
            case .close: break
            }
        }
        return (points.map(\.x).min() ?? 0, points.map(\.y).min() ?? 0, points.map(\.x).max() ?? 0, points.map(\.y).max() ?? 0)
    }

    // MARK: - 000 Preloader

    /// Moving spot i: position.x through [originX, originX, finalX, finalX, originX, originX] at
    /// [0, 0.25, 0.35, 0.75, 0.85, 1] of PROCESS_DURING, begun i × 0.08 × PROCESS_DURING late;
    /// the fixed spots' scales stepping 1…4 (smoothed by 0.03), the right one begun 0.1 late.
    func testPreloaderSpotsRestAndMoveAtTheSeedsKeyTimes() throws {
        let period = 4.0, originX = 50.0, finalX = 250.0
        let moving = [originX, originX, finalX, finalX, originX, originX], movingTimes = [0, 0.25, 0.35, 0.75, 0.85, 1.0]
        for spot in 0..<3 {
            let begin = Double(spot) * 0.08 * period
            // Resting on the right (0.55), halfway across (0.30), on its way back (0.8), resting left (0.95).
            for fraction in [0.55, 0.30, 0.8, 0.95] {
                let player = try player("preloader", at: begin + fraction * period)
                let expected = linear(moving, movingTimes, at: (player.time - begin).truncatingRemainder(dividingBy: period) / period)
                XCTAssertEqual(try number(player, "movingSpot\(spot + 1).position.x"), expected, accuracy: 1e-6,
                               "spot \(spot + 1) at \(fraction) of its period")
            }
        }
        // The fixed spots step through scales 1…4, each jump smoothed over 0.03 (left given by
        // the seed; the right one by the same rule, begun 0.1 of the period late).
        let ti = 0.03
        let left = [3.0, 3, 4, 4, 3, 3, 2, 2, 1, 1, 2, 2, 3, 3]
        let leftTimes = [0, 0.01, 0.01 + ti, 0.25, 0.25 + ti, 0.33, 0.33 + ti, 0.41, 0.41 + ti, 0.85, 0.85 + ti, 0.93, 0.93 + ti, 1]
        let right = [1.0, 1, 2, 2, 3, 3, 4, 4, 3, 3, 2, 2, 1, 1]
        let rightTimes = [0, 0.25, 0.25 + ti, 0.33, 0.33 + ti, 0.41, 0.41 + ti, 0.75, 0.75 + ti, 0.83, 0.83 + ti, 0.91, 0.91 + ti, 1]
        for fraction in [0.2, 0.265, 0.30, 0.6, 0.9] {
            let player = try player("preloader", at: fraction * period)
            XCTAssertEqual(try number(player, "leftFixedSpot.transform.scale"), linear(left, leftTimes, at: player.time / period),
                           accuracy: 1e-6, "left at \(fraction)")
            let rightTime = player.time - 0.1 * period
            let expected = rightTime < 0 ? 1 : linear(right, rightTimes, at: rightTime / period)
            XCTAssertEqual(try number(player, "rightFixedSpot.transform.scale"), expected, accuracy: 1e-6, "right at \(fraction)")
        }
    }

    /// The rebound variant (seed lines 109–115): the moving spots run 2 × UNIT_RADIUS past the
    /// fixed spot and back, on the seed's ten keyTimes.
    func testPreloaderReboundRunsBehindTheFixedSpotAndBack() throws {
        let period = 4.0, originX = 50.0, finalX = 250.0, rear = 12.0
        let values = [originX, originX, finalX, finalX + rear, finalX, finalX, originX, originX - rear, originX, originX]
        let keyTimes = [0, 0.25, 0.35, 0.38, 0.41, 0.75, 0.85, 0.88, 0.91, 1.0]
        for spot in 0..<3 {
            let begin = Double(spot) * 0.08 * period
            for fraction in [0.3, 0.365, 0.38, 0.395, 0.5, 0.865, 0.88, 0.9] {
                let player = try player("preloader-rebound", at: begin + fraction * period)
                let expected = linear(values, keyTimes, at: (player.time - begin).truncatingRemainder(dividingBy: period) / period)
                XCTAssertEqual(try number(player, "movingSpot\(spot + 1).position.x"), expected, accuracy: 1e-6,
                               "spot \(spot + 1) at \(fraction) of its period")
            }
        }
        // Behind the right spot (0.38 of the first spot's period) the rebound bridge shows.
        XCTAssertEqual(try number(player("preloader-rebound", at: 0.38 * period), "reboundBridge1.opacity"), 1)
        XCTAssertEqual(try number(player("preloader-rebound", at: 0.6 * period), "reboundBridge1.opacity"), 0)
    }

    /// A linear keyframe animation's value at a fraction of its duration, from its values and
    /// keyTimes (a repeated key time is a jump).
    private func linear(_ values: [Double], _ keyTimes: [Double], at fraction: Double) -> Double {
        for index in 0..<(values.count - 1) where keyTimes[index] <= fraction && fraction <= keyTimes[index + 1] {
            let span = keyTimes[index + 1] - keyTimes[index]
            if span == 0 { continue }
            return values[index] + (values[index + 1] - values[index]) * (fraction - keyTimes[index]) / span
        }
        return values[values.count - 1]
    }

    // MARK: - 001 SCCatWaitingHUD

    /// Eyeballs: 180° per animationDuration (1 s), cumulative, linear. Lids: a scale.y of 1 → 3
    /// on (0.2, 0, 0.8, 1) inside an autoreversing group on the same curve.
    func testCatEyesTurnAndLidsFollowTheSeedsCurve() throws {
        for time in [0.25, 0.5, 1.5, 2.75] {
            let player = try player("cat-waiting-hud", at: time)
            let rotation = try number(player, "rightEye.transform.rotation.z")
            let expected = Double.pi * player.time  // 180° a second, added up
            XCTAssertEqual(remainder(rotation - expected, 2 * .pi), 0, accuracy: 1e-6, "rotation at \(time) s")
        }
        func lid(_ time: Double) throws -> Double { try number(player("cat-waiting-hud", at: time), "leftEyelid.transform.scale.y") }
        func curve(_ x: Double) -> Double { bezier(0.2, 0, 0.8, 1, at: x) }
        for time in [0.2, 0.5, 0.8] {
            XCTAssertEqual(try lid(time), 1 + 2 * curve(curve(time)), accuracy: 1e-4, "lid at \(time) s")
        }
        // Autoreversed: at 1.3 s the group runs backwards from 0.7.
        XCTAssertEqual(try lid(1.3), 1 + 2 * curve(curve(0.7)), accuracy: 1e-4)
    }

    // MARK: - 002 iQiyi, QQ pull-down, QQ Mail

    /// From 1 s on, every 1.2 s: strokeEnd 0.02 → 0.98 over 0.6 s (easeInEaseOut), then
    /// strokeStart 0.02 → 0.98 while strokeEnd holds, and the triangle turns 4π/3. The timer's
    /// model changes are transactions: 'show' sets strokeStart back to 0.02, which Core
    /// Animation animates implicitly (no explicit animation of strokeStart replaces it then).
    func testIqiyiLoaderFollowsTheTimer() throws {
        XCTAssertEqual(try number(player("iqiyi-loader", at: 0.5), "ring.strokeEnd"), 0, accuracy: 1e-9, "nothing drawn before 1 s")
        // Drawing (0…0.6 s of each 1.2 s from 1 s): strokeEnd on the curve, strokeStart at 0.02
        // once its implicit 0.25 s animation is over. The stroke at 0.3 s of the 0.6 s
        // ease-in-ease-out is halfway.
        for time in [1.3, 1.45, 2.2 + 0.45] {
            let player = try player("iqiyi-loader", at: time)
            let local = (player.time - 1).truncatingRemainder(dividingBy: 1.2)
            XCTAssertEqual(try number(player, "ring.strokeEnd"), 0.02 + 0.96 * easeInEaseOut(local / 0.6), accuracy: 1e-4, "at \(time) s")
            XCTAssertEqual(try number(player, "ring.strokeStart"), 0.02, accuracy: 1e-9, "at \(time) s")
        }
        XCTAssertEqual(try number(player("iqiyi-loader", at: 1.3), "ring.strokeEnd"), 0.5, accuracy: 1e-9, "halfway at 0.3 s of 0.6 s")
        // The second 'show' (2.2 s): strokeStart sweeps back from the 0.98 'hide' left, on Core
        // Animation's default curve for 0.25 s, while strokeEnd grows from 0.02.
        let sweeping = try number(player("iqiyi-loader", at: 2.2 + 0.125), "ring.strokeStart")
        XCTAssertEqual(sweeping, 0.98 - 0.96 * Transaction.defaultTimingFunction.value(at: 0.5), accuracy: 1e-4)
        XCTAssertTrue(sweeping > 0.02 && sweeping < 0.98, "\(sweeping)")
        // Erasing (0.6…1.2 s): strokeEnd stays at 0.98 (the model the timer set), strokeStart
        // follows the curve, and the triangle turns 4π/3 on it.
        for time in [1.75, 2.05, 3.0] {
            let player = try player("iqiyi-loader", at: time)
            let local = (player.time - 1).truncatingRemainder(dividingBy: 1.2) - 0.6
            XCTAssertEqual(try number(player, "ring.strokeEnd"), 0.98, accuracy: 1e-9, "at \(time) s")
            XCTAssertEqual(try number(player, "ring.strokeStart"), 0.02 + 0.96 * easeInEaseOut(local / 0.6), accuracy: 1e-4, "at \(time) s")
            XCTAssertEqual(try number(player, "triangle.transform.rotation.z"), 4 * .pi / 3 * easeInEaseOut(local / 0.6), accuracy: 1e-4,
                           "at \(time) s")
        }
    }

    /// The drop pulled s points: top circle radius 15 - s/6 at y = 40, bottom circle radius
    /// 12 - s/6 at y = 40 + s; s is 66 × the layer's timeOffset (0.5 in the file).
    func testPullDropHasTheSeedsShapeForThePull() throws {
        let box = try bounds(try player("qq-pull-to-refresh", at: 0).presentationValue(forKeyPath: "drop.path"))
        let s = 33.0
        XCTAssertEqual(box.minY, 40 - (15 - s / 6), accuracy: 1e-6, "top of the drop")
        XCTAssertEqual(box.maxY, 40 + s + (12 - s / 6), accuracy: 1e-6, "bottom of the drop")
        XCTAssertEqual(box.minX, 100 - (15 - s / 6), accuracy: 1e-6)
        XCTAssertEqual(box.maxX, 100 + (15 - s / 6), accuracy: 1e-6)
    }

    /// Six phases of 0.24 s; the balls' x offsets [-30, 0, 30, 0, 0, 0], [0, 0, -30, 0, 30, 0],
    /// [30, 0, 0, 0, -30, 0], linear within a phase; the ball at index 3 in front.
    func testQQMailBallsMeetAndFanOutInTheSeedsPhases() throws {
        let offsets = ["red": [-30.0, 0, 30, 0, 0, 0, -30], "yellow": [0.0, 0, -30, 0, 30, 0, 0], "green": [30.0, 0, 0, 0, -30, 0, 30]]
        for (ball, values) in offsets {
            for phase in 0..<6 {
                let player = try player("qq-mail-loader", at: 0.24 * (Double(phase) + 0.3))
                let box = try bounds(try player.presentationValue(forKeyPath: "\(ball).path"))
                let expected = 100 + linear(values, (0...6).map { Double($0) / 6 }, at: player.time / 1.44)
                XCTAssertEqual((box.minX + box.maxX) / 2, expected, accuracy: 1e-4, "\(ball) in phase \(phase)")
            }
        }
        // Green in front for phases 0–1, red for 2–3, yellow for 4–5.
        for (time, front) in [(0.1, "green"), (0.6, "red"), (1.1, "yellow")] {
            let player = try player("qq-mail-loader", at: time)
            XCTAssertEqual(try number(player, "\(front).zPosition"), 3, "\(front) in front at \(time) s")
        }
    }

    // MARK: - 003 Interactive avatar

    /// A paused layer shown at its timeOffset: cornerRadius 0 → 60 over 1 s; position.y
    /// 40 → -80 with easeIn over the 2 s group (a child without duration spans its group).
    func testAvatarAtHalfItsPanIsHalfRound() throws {
        let player = try player("interactive-avatar", at: 1.7)  // the layer's time stands still: any effect time
        let offset = 0.5
        XCTAssertEqual(try number(player, "headerLayer.cornerRadius"), 60 * offset, accuracy: 1e-6)
        XCTAssertEqual(try number(player, "headerLayer.position.y"), 40 - 120 * bezier(0.42, 0, 1, 1, at: offset / 2), accuracy: 1e-4)
    }

    /// The former names of renamed seed demos still find them.
    func testRenamedDemosAreFoundByTheirFormerNames() throws {
        let catalog = EffectCatalog(workingDirectory: "/nonexistent", environment: [:],
                                    shippedDirectory: FXProcess.packageRoot.appendingPathComponent("effects").path)
        for (former, current) in EffectCatalog.formerNames {
            XCTAssertEqual((try catalog.locate(former) as NSString).lastPathComponent, current + ".json")
        }
    }
}
