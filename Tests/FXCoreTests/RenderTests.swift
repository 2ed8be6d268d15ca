import FXCore
import XCTest

/// The draw list: one quad per live particle, batched by texture and blend mode.
final class RenderTests: XCTestCase {
    func testOneQuadPerParticleBatchedByTextureAndBlendMode() throws {
        let fx = try effect("""
            {"fx": 1, "layers": [
              {"type": "emitter", "emitterPosition": [100, 100], "emitterCells": [
                {"name": "a", "birthRate": 20, "lifetime": 5, "contents": "circle"},
                {"name": "b", "birthRate": 20, "lifetime": 5, "contents": "circle"},
                {"name": "c", "birthRate": 20, "lifetime": 5, "contents": "star"},
                {"name": "invisible", "birthRate": 20, "lifetime": 5}]},
              {"type": "emitter", "renderMode": "additive", "emitterCells": [
                {"name": "glow", "birthRate": 20, "lifetime": 5, "contents": "star"}]}]}
            """)
        let world = World(effect: fx)
        world.stepForward(to: 1)
        let list = DrawList()
        DrawListBuilder().build(world, into: list)
        let visible = world.liveParticles - world.emitters[0].cells[3].particles.count
        XCTAssertEqual(list.quadCount, visible)
        XCTAssertEqual(list.vertices.count, visible * 4)
        XCTAssertEqual(list.batches.map(\.texture), [.builtin(.circle), .builtin(.star), .builtin(.star)])
        XCTAssertEqual(list.batches.map(\.blendMode), [.normal, .normal, .additive])
        XCTAssertEqual(list.batches.map(\.indexCount).reduce(0, +), list.indices.count)
    }

    func testQuadSizeFollowsTexturePixelsScaleAndContentsScale() throws {
        let fx = try effect(singleCellEffect(cell: "\"birthRate\": 1, \"lifetime\": 5, \"scale\": 0.5, \"contentsScale\": 2, \"contentsRect\": [0, 0, 0.5, 1]"))
        let world = World(effect: fx)
        world.stepForward(to: 0.5)
        let list = DrawList()
        DrawListBuilder().build(world, into: list)
        let quad = Array(list.vertices.prefix(4))
        // circle is 64×64 px; half of its width, at contentsScale 2 and scale 0.5: 8 × 16 points.
        XCTAssertEqual(quad[1].x - quad[0].x, 8, accuracy: 1e-4)
        XCTAssertEqual(quad[3].y - quad[0].y, 16, accuracy: 1e-4)
        XCTAssertEqual(quad[1].u, 0.5)
        XCTAssertEqual((quad[0].x + quad[2].x) / 2, 200, accuracy: 1e-4)
    }

    func testInterpolationDrawsBetweenThePreviousAndTheCurrentStep() throws {
        let fx = try effect(singleCellEffect(cell: "\"birthRate\": 1, \"lifetime\": 5, \"velocity\": 120, \"yAcceleration\": 60"))
        let world = World(effect: fx)
        world.stepForward(to: 1)
        let list = DrawList()
        DrawListBuilder().build(world, into: list, interpolation: 0)
        let previousCentre = (list.vertices[0].x + list.vertices[2].x) / 2
        let current = world.emitters[0].cells[0].particles.x[0]
        XCTAssertEqual(previousCentre, current - 120 * Float(world.stepDuration), accuracy: 1e-3)
    }

    func testOldestFirstDrawsTheOldestOnTop() throws {
        let fx = try effect(singleCellEffect(cell: "\"birthRate\": 10, \"lifetime\": 5, \"velocity\": 10", layer: "\"renderMode\": \"oldestFirst\""))
        let world = World(effect: fx)
        world.stepForward(to: 1)
        let list = DrawList()
        DrawListBuilder().build(world, into: list)
        let store = world.emitters[0].cells[0].particles
        let oldestX = (0..<store.count).max { store.age[$0] < store.age[$1] }.map { store.x[$0] }!
        let last = list.vertices.suffix(4)
        XCTAssertEqual((last.first!.x + last.dropFirst(2).first!.x) / 2, oldestX, accuracy: 1e-3)
    }

    func testBuiltinTexturesAreAntiAliasedShapes() {
        for texture in BuiltinTexture.allCases {
            let image = texture.image()
            XCTAssertEqual(Double(image.width), texture.pixelSize.width)
            let alphas = stride(from: 3, to: image.pixels.count, by: 4).map { image.pixels[$0] }
            XCTAssertTrue(alphas.contains(255) || texture == .disc || texture == .spark, "\(texture) has an opaque core")
            XCTAssertTrue(alphas.contains(0), "\(texture) has transparent surroundings")
            let partial = alphas.filter { $0 > 0 && $0 < 255 }.count
            XCTAssertGreaterThan(partial, 20, "\(texture) has soft edges")
        }
    }
}
