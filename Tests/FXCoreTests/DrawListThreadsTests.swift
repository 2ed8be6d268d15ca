import FXCore
import XCTest

/// The draw list's particle quads written on several threads: each range of particles writes
/// its own slice of the buffers, and quads not drawn (far off the canvas) leave gaps that are
/// closed in range order, so the list's bytes must not depend on the thread count — and must be
/// the bytes recorded before the particle loop became a column loop.
final class DrawListThreadsTests: XCTestCase {
    /// A cell of about 20 000 particles that spin, fade and change color, some thrown so fast
    /// that their quads pass the coordinate limit (not drawn), with `extra` added to the cell.
    /// - Parameter replicated: the emitter drawn twice by a replicator, each copy tinted.
    func world(cell extra: String = "", layer: String = "", spinRange: Int = 12, replicated: Bool = false, steps: Int = 90) throws -> World {
        var emitter = """
            {"type": "emitter", "emitterPosition": [320, 240], "emitterSize": [400, 300],
               "emitterShape": "rectangle"\(layer),
               "emitterCells": [{"name": "bits", "contents": "rect", "birthRate": 15000, "lifetime": 2, "lifetimeRange": 1,
                 "velocity": 60, "velocityRange": 400000, "emissionRange": "360deg", "yAcceleration": 30,
                 "spin": 0, "spinRange": \(spinRange), "scale": 0.2, "scaleRange": 0.1, "scaleSpeed": -0.01,
                 "color": [1, 0.2, 0.3, 1], "redRange": 0.2, "redSpeed": -0.16, "greenSpeed": 0.12, "blueSpeed": 0.14,
                 "alphaSpeed": -0.2\(extra)}]}
            """
        if replicated {
            emitter = #"{"type": "replicator", "instanceCount": 2, "instanceColor": [1, 0.5, 0.8, 0.9], "instanceRedOffset": -0.2, "sublayers": ["#
                + emitter + "]}"
        }
        let json = #"{"fx": 1, "stepRate": 60, "maxParticles": 60000, "canvas": {"size": [640, 480]}, "layers": ["# + emitter + "]}"
        let world = World(effect: try effect(json), seed: 7)
        for _ in 0..<steps { world.step() }
        return world
    }

    /// The FNV-1a of the list's vertices, indices and batch ranges.
    func hash(_ world: World, threads: Int, interpolation: Double = 1, minimumChunk: Int = 4096) -> (hash: String, quads: Int) {
        var builder = DrawListBuilder(threads: threads)
        builder.minimumChunk = minimumChunk
        let list = DrawList()
        builder.build(world.snapshot(), into: list, interpolation: interpolation)
        var hasher = StateHasher()
        hasher.combine(list.vertices)
        hasher.combine(list.indices)
        for batch in list.batches {
            for value in [batch.vertexStart, batch.vertexCount, batch.indexStart, batch.indexCount] { hasher.combine(UInt64(value)) }
        }
        return (hasher.hex, list.quadCount)
    }

    /// 1, 2 and 3 threads (and ranges of 100 particles, so that a gap falls in most ranges) give
    /// the bytes recorded with the one-particle-at-a-time loop.
    /// - Parameter copies: how many times the world draws each particle (a replicator's copies).
    func assertSameBytes(_ world: World, interpolation: Double = 1, copies: Int = 1, recorded: String, file: StaticString = #filePath,
                         line: UInt = #line) {
        let one = hash(world, threads: 1, interpolation: interpolation)
        XCTAssertGreaterThan(one.quads, 10_000, file: file, line: line)
        XCTAssertLessThan(one.quads, copies * world.liveParticles, "some quads should be off the canvas, not drawn", file: file, line: line)
        XCTAssertEqual(one.hash, recorded, "the draw list's bytes moved", file: file, line: line)
        for threads in [2, 3] {
            for minimumChunk in [4096, 100] {
                XCTAssertEqual(hash(world, threads: threads, interpolation: interpolation, minimumChunk: minimumChunk).hash, one.hash,
                               "\(threads) threads, ranges of at least \(minimumChunk)", file: file, line: line)
            }
        }
    }

    func testSpinningFadingParticlesGiveTheSameBytesOnAnyNumberOfThreads() throws {
        let world = try world()
        assertSameBytes(world, recorded: "a42a90ef9b8caecc")
        // Half a step back: positions, rotations, colors and scales rewound.
        assertSameBytes(world, interpolation: 0.5, recorded: "c486514d1549f4ab")
        // A whole step back: every particle rewound by its age where that is less than a step.
        assertSameBytes(world, interpolation: 0, recorded: "9bd45f9036394009")
    }

    func testEndValuesDrawnBetweenStepsGiveTheSameBytes() throws {
        // Each particle's own speeds toward its end color and scale (columns), undone for a
        // quad drawn part of a step back.
        let world = try world(cell: #", "endColor": [0.2, 0.9, 1, 0.1], "endRedRange": 0.3, "endAlphaRange": 0.2, "endScale": 0.05, "endScaleRange": 0.04"#)
        assertSameBytes(world, interpolation: 0.5, recorded: "2228d26180eb11a3")
        // Drawn a whole step back: the newest particles rewound only to their birth.
        assertSameBytes(world, interpolation: 0, recorded: "be3ccf892798f8da")
    }

    func testRewoundAlphaUnderALayerOpacityGivesTheSameBytes() throws {
        // The alpha is undone along its speed first, then multiplied by the layer's opacity.
        assertSameBytes(try world(layer: #", "opacity": 0.6"#), interpolation: 0.5, recorded: "88c819a7342a97d3")
    }

    func testOneEndValueWithTheOtherOnItsCellSpeedGivesTheSameBytes() throws {
        // The scale toward each particle's end scale, the colors along the cell's speeds; then
        // the colors toward each particle's end color, the scale along the cell's speed.
        assertSameBytes(try world(cell: #", "endScale": 0.05, "endScaleRange": 0.04"#), interpolation: 0.5, recorded: "123c429423b43dc3")
        assertSameBytes(try world(cell: #", "endColor": [0.2, 0.9, 1, 0.1], "endBlueRange": 0.3"#), interpolation: 0.5, recorded: "8986ea85a1a97e83")
    }

    func testParticlesUnderForcesDrawnBetweenStepsGiveTheSameBytes() throws {
        // Radial acceleration keeps each particle's previous position; drawn on the line to it.
        let world = try world(cell: #", "radialAcceleration": -40, "linearDamping": 0.5"#)
        assertSameBytes(world, interpolation: 0.3, recorded: "cd252a328c467193")
    }

    func testParticlesThatDoNotTurnGiveTheSameBytes() throws {
        // No spin: the column loop leaves sine and cosine out.
        assertSameBytes(try world(spinRange: 0), recorded: "e86cc6b0a4fcb0b4")
    }

    func testTintedReplicatedParticlesGiveTheSameBytes() throws {
        // A replicator's copies multiply each particle's color by their instance color.
        assertSameBytes(try world(replicated: true), interpolation: 0.5, copies: 2, recorded: "5a33c5c82de32be4")
    }

    func testSortedAndChosenTexturesGiveTheSameBytes() throws {
        // Sorted by age across the layer, and a texture chosen per particle: lists of indices.
        let world = try world(cell: #", "contentsChoices": ["rect", "circle", "spark"]"#, layer: #", "renderMode": "oldestFirst""#)
        assertSameBytes(world, recorded: "6b8ea748b752f69c")
    }

    func testFlutteringParticlesGiveTheSameBytes() throws {
        let world = try world(cell: #", "flutter": {"wobble": 4, "wobbleSpeed": 5, "wobbleSpeedRange": 2, "tiltSpeed": 5, "tiltSpeedRange": 2}"#)
        assertSameBytes(world, interpolation: 0.5, recorded: "4576c53a319eadbd")
    }
}
