import FXCore
import XCTest

/// Birth positions for every emitterShape × emitterMode, as SEMANTICS.md and the docs say.
final class EmissionShapeTests: XCTestCase {
    /// Positions of particles born with no velocity, relative to emitterPosition (200, 150).
    func births(shape: String, mode: String, size: String = "[100, 60]", depth: Double = 40) throws -> [(x: Double, y: Double)] {
        let fx = try effect(singleCellEffect(
            cell: "\"birthRate\": 4000, \"lifetime\": 10",
            layer: "\"emitterShape\": \"\(shape)\", \"emitterMode\": \"\(mode)\", \"emitterSize\": \(size), \"emitterDepth\": \(depth)"))
        let world = World(effect: fx, seed: 11)
        world.stepForward(to: 0.25)
        let store = world.emitters[0].cells[0].particles
        XCTAssertGreaterThan(store.count, 900)
        return (0..<store.count).map { (Double(store.x[$0]) - 200, Double(store.y[$0]) - 150) }
    }

    let tolerance = 1e-3
    let modes = ["points", "outline", "surface", "volume"]

    func testPointShapeIsAlwaysThePosition() throws {
        for mode in modes {
            for p in try births(shape: "point", mode: mode) {
                XCTAssertEqual(p.x, 0, accuracy: tolerance)
                XCTAssertEqual(p.y, 0, accuracy: tolerance)
            }
        }
    }

    func testLineIsAlongXCentredOnThePosition() throws {
        for mode in ["outline", "surface", "volume"] {
            let points = try births(shape: "line", mode: mode)
            for p in points {
                XCTAssertEqual(p.y, 0, accuracy: tolerance)
                XCTAssertLessThanOrEqual(abs(p.x), 50 + tolerance)
            }
            XCTAssertLessThan(points.map(\.x).min()!, -45)
            XCTAssertGreaterThan(points.map(\.x).max()!, 45)
        }
        let ends = Set(try births(shape: "line", mode: "points").map { Int($0.x.rounded()) })
        XCTAssertEqual(ends, [-50, 50])
    }

    func testRectangle() throws {
        for mode in ["surface", "volume"] {
            let points = try births(shape: "rectangle", mode: mode)
            for p in points {
                XCTAssertLessThanOrEqual(abs(p.x), 50 + tolerance)
                XCTAssertLessThanOrEqual(abs(p.y), 30 + tolerance)
            }
            // Inside means inside: some particles well away from every edge.
            XCTAssertTrue(points.contains { abs($0.x) < 20 && abs($0.y) < 10 })
        }
        for p in try births(shape: "rectangle", mode: "outline") {
            let onVertical = abs(abs(p.x) - 50) < tolerance && abs(p.y) <= 30 + tolerance
            let onHorizontal = abs(abs(p.y) - 30) < tolerance && abs(p.x) <= 50 + tolerance
            XCTAssertTrue(onVertical || onHorizontal, "\(p) is not on the rectangle's edges")
        }
        let corners = Set(try births(shape: "rectangle", mode: "points").map { "\(Int($0.x.rounded())),\(Int($0.y.rounded()))" })
        XCTAssertEqual(corners, ["-50,-30", "50,-30", "50,30", "-50,30"])
    }

    /// Radius `emitterSize.width` (100 here), as Apple documents the circle.
    func testCircle() throws {
        for mode in ["surface", "volume"] {
            let points = try births(shape: "circle", mode: mode)
            let radii = points.map { ($0.x * $0.x + $0.y * $0.y).squareRoot() }
            XCTAssertLessThanOrEqual(radii.max()!, 100 + tolerance)
            // Uniform over the area: about a quarter inside half the radius.
            let inner = Double(radii.filter { $0 < 50 }.count) / Double(radii.count)
            XCTAssertEqual(inner, 0.25, accuracy: 0.05)
        }
        for p in try births(shape: "circle", mode: "outline") {
            XCTAssertEqual((p.x * p.x + p.y * p.y).squareRoot(), 100, accuracy: tolerance)
        }
        for p in try births(shape: "circle", mode: "points") {
            XCTAssertEqual(p.x, 0, accuracy: tolerance)
            XCTAssertEqual(p.y, 0, accuracy: tolerance)
        }
    }

    func testCuboidProjectsOntoItsRectangle() throws {
        for mode in ["surface", "volume", "outline"] {
            for p in try births(shape: "cuboid", mode: mode) {
                XCTAssertLessThanOrEqual(abs(p.x), 50 + tolerance)
                XCTAssertLessThanOrEqual(abs(p.y), 30 + tolerance)
            }
        }
        let corners = Set(try births(shape: "cuboid", mode: "points").map { "\(Int($0.x.rounded())),\(Int($0.y.rounded()))" })
        XCTAssertEqual(corners, ["-50,-30", "50,-30", "50,30", "-50,30"])
    }

    func testSphere() throws {
        for mode in ["surface", "volume", "outline"] {
            let radii = try births(shape: "sphere", mode: mode).map { ($0.x * $0.x + $0.y * $0.y).squareRoot() }
            XCTAssertLessThanOrEqual(radii.max()!, 100 + tolerance)
            XCTAssertGreaterThan(radii.max()!, 90)
        }
        for p in try births(shape: "sphere", mode: "points") {
            XCTAssertEqual(p.x, 0, accuracy: tolerance)
            XCTAssertEqual(p.y, 0, accuracy: tolerance)
        }
    }

    func testEmissionLongitudePointsDownTheScreenAtQuarterTurn() throws {
        let cell = "\"birthRate\": 10, \"lifetime\": 5, \"velocity\": 100, \"emissionLongitude\": \"90deg\""
        try assertSimulation(singleCellEffect(cell: cell), steps: 120) { world in
            let store = world.emitters[0].cells[0].particles
            for i in 0..<store.count {
                XCTAssertEqual(store.vx[i], 0, accuracy: 1e-3)
                XCTAssertEqual(store.vy[i], 100, accuracy: 1e-3)
            }
        }
    }
}
