import FXCore
import XCTest

/// A cell's `trail`: the history recorded on each particle's age grid, and the ribbon the draw
/// list draws through it.
final class TrailTests: XCTestCase {
    /// One emitter at (100, 150) whose particles fly right at 100 pt/s, born by a burst at 0.
    func burstEffect(trail: String, burstCount: Int = 5, extra: String = "", stepRate: Double = 120, layer: String = "") -> String {
        """
        {"fx": 1, "stepRate": \(stepRate), "canvas": {"size": [400, 300]},
         "layers": [{"type": "emitter", "emitterPosition": [100, 150] \(layer.isEmpty ? "" : ", " + layer),
           "emitterCells": [{"name": "c", "contents": "circle", "birthRate": 0, "burstCount": \(burstCount), "lifetime": 10,
             "velocity": 100 \(extra.isEmpty ? "" : ", " + extra), "trail": \(trail)}]}]}
        """
    }

    /// The ribbon batches (solid, no texture) of a list.
    func ribbonBatches(_ list: DrawList) -> [DrawBatch] { list.batches.filter { $0.texture == nil } }

    /// Each ribbon's centre line (every third vertex from the second), head first, for a list
    /// holding ribbons of `pointsPerRibbon` points each.
    func centreLines(_ list: DrawList, batch: DrawBatch, pointsPerRibbon: Int) -> [[(x: Float, y: Float)]] {
        let vertices = Array(list.vertices[batch.vertexStart..<(batch.vertexStart + batch.vertexCount)])
        return stride(from: 0, to: vertices.count, by: 3 * pointsPerRibbon).map { start in
            (0..<pointsPerRibbon).map { point in (vertices[start + 3 * point + 1].x, vertices[start + 3 * point + 1].y) }
        }
    }

    /// A particle whose whole trail is behind it draws head, `segments` samples and the clipped
    /// tail: segments + 2 points of three vertices, segments + 1 pieces of four triangles. A
    /// younger one draws its samples since birth: ⌊age / interval⌋ + 2 points.
    func testRibbonVerticesAndTrianglesFollowTheSegments() throws {
        for segments in [1, 8, 64] {
            let world = World(effect: try effect(burstEffect(trail: #"{"length": 0.5, "segments": \#(segments)}"#)))
            world.stepForward(to: 1.3)
            let list = DrawList()
            DrawListBuilder().build(world, into: list)
            let ribbons = ribbonBatches(list)
            XCTAssertEqual(ribbons.count, 1, "one batch of ribbons for the cell")
            XCTAssertEqual(ribbons[0].vertexCount, 5 * 3 * (segments + 2), "segments \(segments)")
            XCTAssertEqual(ribbons[0].indexCount, 5 * 12 * (segments + 1), "segments \(segments)")
            XCTAssertEqual(list.batches.map(\.texture), [nil, .builtin(.circle)], "ribbons under the particles")
            XCTAssertEqual(list.quadCount * 6 - ribbons[0].indexCount, 5 * 6, "and one quad per particle")
        }
        // At 0.3 s a trail of 0.5 s in 8 segments (0.0625 s apart) has samples 4, 3, 2, 1, 0.
        let young = World(effect: try effect(burstEffect(trail: #"{"length": 0.5, "segments": 8}"#)))
        young.stepForward(to: 0.3)
        let list = DrawList()
        DrawListBuilder().build(young, into: list)
        XCTAssertEqual(ribbonBatches(list)[0].vertexCount, 5 * 3 * 6)
        XCTAssertEqual(ribbonBatches(list)[0].indexCount, 5 * 12 * 5)
    }

    /// The ribbon covers exactly `length` seconds of the path (its tail is clipped between two
    /// samples), and a particle younger than that starts its ribbon where it was born, never
    /// before: here particles born inside steps, at 60 Hz, fly right from x = 100 at 100 pt/s.
    func testTheRibbonIsClippedAtItsLengthAndAtTheBirth() throws {
        let json = """
            {"fx": 1, "stepRate": 60, "canvas": {"size": [400, 300]},
             "layers": [{"type": "emitter", "emitterPosition": [100, 150],
               "emitterCells": [{"name": "c", "contents": "circle", "birthRate": 7, "lifetime": 10, "velocity": 100,
                 "trail": {"length": 0.5, "segments": 8}}]}]}
            """
        let world = World(effect: try effect(json))
        world.stepForward(to: 1)
        let list = DrawList()
        DrawListBuilder().build(world, into: list)
        let batch = ribbonBatches(list)[0]
        let vertices = Array(list.vertices[batch.vertexStart..<(batch.vertexStart + batch.vertexCount)])
        let store = world.emitters[0].cells[0].particles
        XCTAssertEqual(store.count, 7)
        // Walk the ribbons in storage order: each has ⌊age / 0.0625⌋ + 2 points (at most 10).
        var start = 0
        for i in 0..<store.count {
            let age = Double(store.age[i])
            let points = min(Int(age / 0.0625) + 2, 10)
            let centre = (0..<points).map { vertices[start + 3 * $0 + 1] }
            start += 3 * points
            XCTAssertEqual(centre[0].x, store.x[i], accuracy: 1e-3, "the head is the particle")
            let tailX = 100 + 100 * Float(max(0, age - 0.5))
            XCTAssertEqual(centre[points - 1].x, tailX, accuracy: 2e-3, "particle \(i), age \(age): the tail")
            for point in centre {
                XCTAssertGreaterThanOrEqual(point.x, 100 - 1e-3, "nothing before the birth place")
                XCTAssertEqual(point.y, 150, accuracy: 1e-3)
            }
            XCTAssertEqual(zip(centre, centre.dropFirst()).filter { $0.x < $1.x }.count, 0, "head to tail, backwards along the path")
        }
        XCTAssertEqual(start, vertices.count)
    }

    /// Samples are taken on each particle's age grid at its position then, so the ribbon does
    /// not depend on the step rate: exactly (to rounding) under constant acceleration, and within
    /// the interpolation of a step's chord under forces (here a tangential push that curls the
    /// paths, 0.06 and 0.007 pt measured): 60 Hz ribbons lie within 0.1 pt of a 1000 Hz run's,
    /// 240 Hz ones within 0.02 pt.
    func testSixtyAndTwoHundredFortyHertzDrawTheSameRibbon() throws {
        func ribbon(_ extra: String, stepRate: Double) throws -> [[(x: Float, y: Float)]] {
            let world = World(effect: try effect(burstEffect(trail: #"{"length": 0.6, "segments": 12}"#, burstCount: 12,
                                                             extra: #""emissionRange": "360deg", \#(extra)"#, stepRate: stepRate)))
            world.stepForward(to: 1.5)
            let list = DrawList()
            DrawListBuilder().build(world, into: list)
            return centreLines(list, batch: ribbonBatches(list)[0], pointsPerRibbon: 14)
        }
        // The ribbons as curves: how far any point of one is from the other's polyline, both ways.
        func largestDistance(_ a: [[(x: Float, y: Float)]], _ b: [[(x: Float, y: Float)]]) -> Float {
            XCTAssertEqual(a.count, b.count)
            func distance(_ p: (x: Float, y: Float), to line: [(x: Float, y: Float)]) -> Float {
                zip(line, line.dropFirst()).map { q, r in
                    let dx = r.x - q.x, dy = r.y - q.y, lengthSquared = dx * dx + dy * dy
                    let t = lengthSquared > 0 ? min(max(((p.x - q.x) * dx + (p.y - q.y) * dy) / lengthSquared, 0), 1) : 0
                    let x = q.x + t * dx - p.x, y = q.y + t * dy - p.y
                    return (x * x + y * y).squareRoot()
                }.min() ?? .infinity
            }
            var largest: Float = 0
            for (lineA, lineB) in zip(a, b) {
                XCTAssertEqual(lineA.count, lineB.count)
                for p in lineA { largest = max(largest, distance(p, to: lineB)) }
                for q in lineB { largest = max(largest, distance(q, to: lineA)) }
                // The ends too: the same head, and the tail the same length back.
                largest = max(largest, hypot(lineA[0].x - lineB[0].x, lineA[0].y - lineB[0].y),
                              hypot(lineA.last!.x - lineB.last!.x, lineA.last!.y - lineB.last!.y))
            }
            return largest
        }
        let gravity = #""yAcceleration": 80, "xAcceleration": -30"#
        let exact = try ribbon(gravity, stepRate: 1000)
        XCTAssertLessThan(largestDistance(try ribbon(gravity, stepRate: 60), exact), 0.01)
        XCTAssertLessThan(largestDistance(try ribbon(gravity, stepRate: 240), exact), 0.01)
        let curling = #""tangentialAcceleration": 150, "linearDamping": 0.5"#
        let reference = try ribbon(curling, stepRate: 1000)
        let at60 = largestDistance(try ribbon(curling, stepRate: 60), reference)
        let at240 = largestDistance(try ribbon(curling, stepRate: 240), reference)
        XCTAssertLessThan(at60, 0.1)
        XCTAssertLessThan(at240, 0.02)
        XCTAssertGreaterThan(at60, 0, "forces make the chord an approximation")
    }

    /// Drawn between two steps (the window's interpolation), the ribbon starts where the
    /// particle's quad is drawn, has no point newer than that moment, and still reaches
    /// `length` back — here the samples (every 0.0125 s) are closer than a 30 Hz step, so the
    /// ring runs out and the tail goes on along its last piece.
    func testBetweenStepsTheRibbonStartsAtTheDrawnParticle() throws {
        let world = World(effect: try effect(burstEffect(trail: #"{"length": 0.5, "segments": 40}"#, burstCount: 1,
                                                         extra: #""yAcceleration": 50"#, stepRate: 30)))
        world.stepForward(to: 1)
        let list = DrawList()
        DrawListBuilder().build(world, into: list, interpolation: 0.25)
        let ribbon = ribbonBatches(list)[0]
        let quad = list.batches.first { $0.texture != nil }!
        let centre = list.vertices[quad.vertexStart..<(quad.vertexStart + 4)]
        let head = list.vertices[ribbon.vertexStart + 1]
        XCTAssertEqual(head.x, (centre.first!.x + centre.dropFirst(2).first!.x) / 2, accuracy: 1e-3)
        XCTAssertEqual(head.y, (centre.first!.y + centre.dropFirst(2).first!.y) / 2, accuracy: 1e-3)
        let xs = stride(from: ribbon.vertexStart + 1, to: ribbon.vertexStart + ribbon.vertexCount, by: 3).map { list.vertices[$0].x }
        XCTAssertEqual(xs.filter { $0 > head.x + 1e-3 }, [], "no point ahead of the drawn head")
        // 0.5 s back from the drawn moment, 0.75 of a 30 Hz step before 1 s: x = 100 + 100 × (1 − 0.025 − 0.5).
        XCTAssertEqual(xs.last!, 100 + 100 * (1 - 0.025 - 0.5), accuracy: 1e-2)
    }

    /// Same effect, same seed: the same simulation hash and the same draw list, bytes and all;
    /// the history is part of the state hash.
    func testTrailsAreDeterministic() throws {
        let json = burstEffect(trail: #"{"length": 0.4, "segments": 6, "widthOverLife": [1, 0.3], "alphaOverLength": [1, 0.5, 0]}"#,
                               burstCount: 40, extra: #""emissionRange": "360deg", "velocityRange": 60, "radialAcceleration": 40"#)
        func run() throws -> (UInt64, [DrawVertex], [Int32]) {
            let world = World(effect: try effect(json), seed: 3)
            world.stepForward(to: 1.7)
            let list = DrawList()
            DrawListBuilder().build(world, into: list)
            return (world.stateHash().value, list.vertices, list.indices)
        }
        let first = try run(), second = try run()
        XCTAssertEqual(first.0, second.0)
        XCTAssertEqual(first.1, second.1)
        XCTAssertEqual(first.2, second.2)
        let plain = World(effect: try effect(json.replacingOccurrences(of: #""length": 0.4"#, with: #""length": 0.8"#)), seed: 3)
        plain.stepForward(to: 1.7)
        XCTAssertNotEqual(plain.stateHash().value, first.0, "the history is hashed")
    }

    /// Width, width over life and length, and alpha along the length: the ribbon's half width
    /// at the head is width × widthOverLife(age) / 2 × widthOverLength(0); its centre alpha
    /// follows alphaOverLength and its edges are transparent.
    func testWidthAndAlphaFactors() throws {
        let world = World(effect: try effect(burstEffect(
            trail: #"{"length": 0.5, "segments": 5, "width": 20, "widthOverLife": [1, 0], "widthOverLength": [1, 0], "alphaOverLength": [1, 0]}"#,
            burstCount: 1, extra: #""color": [1, 1, 1, 0.8]"#)))
        world.stepForward(to: 2.5)    // a quarter of its 10 s life
        let list = DrawList()
        DrawListBuilder().build(world, into: list)
        let batch = ribbonBatches(list)[0]
        let v = Array(list.vertices[batch.vertexStart..<(batch.vertexStart + batch.vertexCount)])
        XCTAssertEqual(v.count, 3 * 7)
        // Moving right, the ribbon is vertical: half width 20 × 0.75 / 2 = 7.5 at the head.
        XCTAssertEqual(abs(v[0].y - v[1].y), 7.5, accuracy: 1e-3)
        XCTAssertEqual(abs(v[2].y - v[1].y), 7.5, accuracy: 1e-3)
        XCTAssertEqual(v[1].alpha, 204)
        XCTAssertEqual(v[0].alpha, 0)
        XCTAssertEqual(v[2].alpha, 0)
        // The tail, 0.5 s back: width and alpha 0.
        XCTAssertEqual(abs(v[18].y - v[19].y), 0, accuracy: 1e-3)
        XCTAssertEqual(v[19].alpha, 0)
        XCTAssertEqual(v[19].x, v[1].x - 50, accuracy: 1e-2)
        // A sample along the way (point 3): alpha falls linearly with the distance back.
        let middle = v[1 + 3 * 3]
        XCTAssertEqual(Double(middle.alpha), 204 * (1 - Double((v[1].x - middle.x) / 50)), accuracy: 1)
    }

    /// By default the ribbon is as wide as the particle is drawn: the larger side of its
    /// contents' frame in points, times its scale.
    func testTheDefaultWidthIsTheParticlesSize() throws {
        let world = World(effect: try effect(burstEffect(trail: #"{"length": 0.5}"#, burstCount: 1,
                                                         extra: #""scale": 0.5, "contentsRect": [0, 0, 1, 0.5]"#)))
        world.stepForward(to: 1)
        let list = DrawList()
        DrawListBuilder().build(world, into: list)
        let batch = ribbonBatches(list)[0]
        let v = Array(list.vertices[batch.vertexStart..<(batch.vertexStart + 3)])
        // circle is 64×64 px; the frame is 64×32: the larger side, 64 points, at scale 0.5.
        XCTAssertEqual(abs(v[0].y - v[2].y), 32, accuracy: 1e-3)
    }

    /// An additive layer's ribbons are added as its particles are; a sorted layer draws every
    /// ribbon under its sorted particles; a cell without contents draws its ribbon alone.
    func testRibbonsBlendAsTheLayer() throws {
        let additive = World(effect: try effect(burstEffect(trail: #"{"length": 0.5}"#, layer: #""renderMode": "additive""#)))
        additive.stepForward(to: 1)
        let list = DrawList()
        DrawListBuilder().build(additive, into: list)
        XCTAssertEqual(list.batches.map(\.blendMode), [.additive, .additive])
        let sorted = World(effect: try effect(burstEffect(trail: #"{"length": 0.5}"#, layer: #""renderMode": "oldestFirst""#)))
        sorted.stepForward(to: 1)
        DrawListBuilder().build(sorted, into: list)
        XCTAssertEqual(list.batches.map(\.texture), [nil, .builtin(.circle)])
        let bare = World(effect: try effect(burstEffect(trail: #"{"length": 0.5, "width": 4}"#).replacingOccurrences(of: #""contents": "circle", "#, with: "")))
        bare.stepForward(to: 1)
        DrawListBuilder().build(bare, into: list)
        XCTAssertEqual(list.batches.map(\.texture), [nil])
    }

    /// Cells without a trail keep no history (no extra columns, so steps and draw lists cost
    /// what they did); a trail of n segments keeps 1 + 2 × (n + 2) columns.
    func testOnlyCellsWithATrailKeepAHistory() throws {
        let world = World(effect: try effect(singleCellEffect(cell: #""birthRate": 10, "lifetime": 2"#)))
        XCTAssertEqual(world.emitters[0].cells[0].particles.extra.count, 0)
        let trailed = World(effect: try effect(singleCellEffect(cell: #""birthRate": 10, "lifetime": 2, "trail": {"length": 1, "segments": 8}"#)))
        XCTAssertEqual(trailed.emitters[0].cells[0].particles.extra.count, 1 + 2 * 10)
    }

    /// Bad trails are refused with the member's JSON path and what it must be; a trail that
    /// cannot be seen is a warning.
    func testBadTrailsAreRefusedWithTheirPath() throws {
        func messages(_ trail: String) -> [String] {
            diagnostics(singleCellEffect(cell: #""birthRate": 1, "lifetime": 1, "trail": \#(trail)"#)).map { "\($0.path): \($0.message)" }
        }
        XCTAssertEqual(messages(#"{"segments": 4}"#).first?.hasPrefix("$.layers[0].emitterCells[0].trail: a trail needs \"length\""), true)
        XCTAssertEqual(messages(#"{"length": 0.5, "segments": 65}"#),
                       ["$.layers[0].emitterCells[0].trail.segments: expected a number in 1…64, got 65"])
        XCTAssertEqual(messages(#"{"length": 0, "segments": 4}"#),
                       ["$.layers[0].emitterCells[0].trail.length: expected a number in 0.001…60, got 0"])
        XCTAssertEqual(messages(#"{"length": 1, "alphaOverLength": [1, 2]}"#),
                       ["$.layers[0].emitterCells[0].trail.alphaOverLength[1]: expected a number in 0…1, got 2"])
        XCTAssertEqual(messages(#"{"length": 1, "widthOverLife": []}"#),
                       ["$.layers[0].emitterCells[0].trail.widthOverLife: expected a list of 1…256 numbers, each a number in 0…1000"])
        XCTAssertEqual(messages(#"{"length": 1, "lenght": 2}"#).first, "$.layers[0].emitterCells[0].trail.lenght: unknown key \"lenght\" in a trail")
        XCTAssertEqual(messages(#"[1]"#), ["$.layers[0].emitterCells[0].trail: expected a trail (a JSON object), got an array"])
        let warned = try EffectDecoder.decode(bytes: Array(#"""
            {"fx": 1, "layers": [{"type": "emitter", "emitterCells": [{"birthRate": 1, "lifetime": 1, "trail": {"length": 1}}]}]}
            """#.utf8))
        XCTAssertEqual(warned.warnings.map(\.path), ["$.layers[0].emitterCells[0].trail"])
    }
}
