import FXCore
import XCTest

/// SVG path data, shape fills and strokes, and replicators.
final class VectorTests: XCTestCase {
    func parse(_ text: String) throws -> Path {
        switch PathParser.parse(text) {
        case .success(let path): return path
        case .failure(let error): XCTFail("\(error)"); throw error
        }
    }

    func testEveryCommandAbsoluteAndRelative() throws {
        let absolute = try parse("M 10 20 L 30 40 H 50 V 60 C 60 60 70 70 70 80 S 80 100 90 100 Q 100 100 100 110 T 100 130 Z")
        let relative = try parse("m 10 20 l 20 20 h 20 v 20 c 10 0 20 10 20 20 s 10 20 20 20 q 10 0 10 10 t 0 20 z")
        let expected: [Path.Element] = [
            .move(Point(x: 10, y: 20)), .line(Point(x: 30, y: 40)), .line(Point(x: 50, y: 40)), .line(Point(x: 50, y: 60)),
            .cubic(control1: Point(x: 60, y: 60), control2: Point(x: 70, y: 70), to: Point(x: 70, y: 80)),
            // S reflects the previous second control point (70, 70) about (70, 80).
            .cubic(control1: Point(x: 70, y: 90), control2: Point(x: 80, y: 100), to: Point(x: 90, y: 100)),
            .quad(control: Point(x: 100, y: 100), to: Point(x: 100, y: 110)),
            // T reflects the previous control point (100, 100) about (100, 110).
            .quad(control: Point(x: 100, y: 120), to: Point(x: 100, y: 130)),
            .close,
        ]
        XCTAssertEqual(absolute.elements, expected)
        XCTAssertEqual(relative.elements, expected)
        // Implicit repeats: numbers after M are lines.
        XCTAssertEqual(try parse("M0,0 10,0 10,10").elements, [.move(.zero), .line(Point(x: 10, y: 0)), .line(Point(x: 10, y: 10))])
    }

    func testArcsEndWhereTheySayAndStayOnTheirCircle() throws {
        for text in ["M 0 50 A 50 50 0 0 1 100 50", "M 0 50 a 50 50 0 0 1 100 0", "M 0 50 A 50 50 0 1 0 100 50"] {
            let path = try parse(text)
            XCTAssertEqual(path.elements.count, 5, text)   // move + 4 cubics
            guard case .cubic(_, _, let end) = path.elements.last! else { return XCTFail(text) }
            XCTAssertEqual(end.x, 100, accuracy: 1e-9)
            XCTAssertEqual(end.y, 50, accuracy: 1e-9)
            for point in path.flattened(tolerance: 0.01)[0].points {
                XCTAssertEqual(((point.x - 50) * (point.x - 50) + (point.y - 50) * (point.y - 50)).squareRoot(), 50, accuracy: 0.05, text)
            }
        }
    }

    func testPathErrorsSayWhere() {
        guard case .failure(let error) = PathParser.parse("M 0 0 L 10 x") else { return XCTFail() }
        XCTAssertEqual(error.position, 11)
        let found = diagnostics(#"{"fx": 1, "layers": [{"type": "shape", "path": "M 0 0 L 10 x"}]}"#)
        XCTAssertEqual(found.first?.column, 60)
        XCTAssertTrue(found.first?.message.contains("expected a number") == true)
    }

    /// The coverage (0…1 summed over pixels) of the layer images in a region of the canvas.
    func coverage(_ json: String, time: Double = 0, in region: (Int, Int, Int, Int)) throws -> Double {
        let fx = try effect(json)
        let world = World(effect: fx)
        world.stepForward(to: time)
        let list = DrawList()
        DrawListBuilder().build(world, into: list)
        var total = 0.0
        for (image, rect) in list.images {
            for row in 0..<image.height {
                for column in 0..<image.width {
                    let x = Int(rect.origin.x) + column, y = Int(rect.origin.y) + row
                    guard x >= region.0, x < region.0 + region.2, y >= region.1, y < region.1 + region.3 else { continue }
                    total += Double(image.pixels[(row * image.width + column) * 4 + 3]) / 255
                }
            }
        }
        return total
    }

    func testStrokeEndOfHalfCoversHalfTheCircumference() throws {
        func ring(_ end: Double) -> String {
            """
            {"fx": 1, "canvas": {"size": [200, 200]}, "layers": [{"type": "shape", "position": [100, 100], "bounds": [200, 200],
              "path": {"circle": {"center": [100, 100], "radius": 80}}, "fillColor": "transparent", "strokeColor": "white",
              "lineWidth": 4, "strokeEnd": \(end)}]}
            """
        }
        let whole = try coverage(ring(1), in: (0, 0, 200, 200))
        let half = try coverage(ring(0.5), in: (0, 0, 200, 200))
        XCTAssertEqual(whole, 2 * .pi * 80 * 4, accuracy: 2 * .pi * 80 * 4 * 0.01)
        XCTAssertEqual(half / whole, 0.5, accuracy: 0.01)
        // The circle starts at its rightmost point and runs clockwise (y down): the lower half.
        XCTAssertEqual(try coverage(ring(0.5), in: (0, 0, 200, 98)), 0, accuracy: 1)
    }

    func testEvenOddAndNonZeroOnASelfIntersectingStar() throws {
        func star(_ rule: String) -> String {
            """
            {"fx": 1, "canvas": {"size": [200, 200]}, "layers": [{"type": "shape", "position": [100, 100], "bounds": [200, 200],
              "path": "M 100 10 L 153 173 L 14 72 L 186 72 L 47 173 Z", "fillColor": "white", "fillRule": "\(rule)"}]}
            """
        }
        // The pentagon in the middle has winding 2: filled by nonZero, a hole for evenOdd.
        XCTAssertEqual(try coverage(star("nonZero"), in: (95, 100, 10, 10)), 100, accuracy: 0.5)
        XCTAssertEqual(try coverage(star("evenOdd"), in: (95, 100, 10, 10)), 0, accuracy: 0.5)
        // The points are filled either way.
        XCTAssertEqual(try coverage(star("evenOdd"), in: (97, 30, 6, 6)), 36, accuracy: 0.5)
    }

    func testAReplicatorOfFiveAtSeventyTwoDegreesPlacesFiveCopies() throws {
        let fx = try effect("""
            {"fx": 1, "layers": [{"type": "replicator", "position": [100, 100], "bounds": [100, 100], "instanceCount": 5,
              "instanceTransform": [{"rotate": "72deg"}], "instanceColor": "white", "instanceAlphaOffset": -0.1,
              "sublayers": [{"type": "layer", "name": "dot", "position": [50, 10], "bounds": [10, 10], "backgroundColor": "red"}]}]}
            """)
        let dots = fx.presentationLayers(at: 0).filter { $0.name == "dot" }
        XCTAssertEqual(dots.count, 5)
        for (k, dot) in dots.enumerated() {
            // The dot's centre at 40 points above the replicator's centre (100, 100), turned by 72° · k.
            let centre = dot.transformToCanvas.apply(to: Point(x: 5, y: 5))
            let angle = -Double.pi / 2 + Double(k) * 72 * .pi / 180
            XCTAssertEqual(centre.x, 100 + 40 * cos(angle), accuracy: 1e-9, "copy \(k)")
            XCTAssertEqual(centre.y, 100 + 40 * sin(angle), accuracy: 1e-9, "copy \(k)")
            XCTAssertEqual(dot.tint.alpha, 1 - 0.1 * Double(k), accuracy: 1e-12)
            XCTAssertEqual(dot.instancePath, [k])
        }
    }

    func testReplicatorCopiesRunInstanceDelayLate() throws {
        let fx = try effect("""
            {"fx": 1, "layers": [{"type": "replicator", "instanceCount": 3, "instanceDelay": 0.25, "sublayers": [
              {"type": "layer", "name": "dot", "animations": [
                {"type": "basic", "keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 1,
                 "fillMode": "both", "removedOnCompletion": false}]}]}]}
            """)
        let dots = fx.presentationLayers(at: 0.75).filter { $0.name == "dot" }
        XCTAssertEqual(dots.map { $0.layer.position.x }, [75, 50, 25])
    }

    func testNestedReplicatorsMakeAGridAndAreBounded() throws {
        let fx = try effect("""
            {"fx": 1, "layers": [{"type": "replicator", "instanceCount": 4, "instanceTransform": [{"translate": [0, 20]}], "sublayers": [
              {"type": "replicator", "instanceCount": 5, "instanceTransform": [{"translate": [20, 0]}], "sublayers": [
                {"type": "layer", "name": "cell", "bounds": [10, 10], "backgroundColor": "white"}]}]}]}
            """)
        let cells = fx.presentationLayers(at: 0).filter { $0.name == "cell" }
        XCTAssertEqual(cells.count, 20)
        XCTAssertEqual(Set(cells.map { "\(Int($0.transformToCanvas.tx)),\(Int($0.transformToCanvas.ty))" }).count, 20)
        let huge = diagnostics(#"{"fx": 1, "layers": [{"type": "replicator", "instanceCount": 1000000}]}"#)
        XCTAssertEqual(huge.first?.path, "$.layers[0].instanceCount")
        let product = diagnostics(#"{"fx": 1, "layers": [{"type": "replicator", "instanceCount": 1000, "sublayers": [{"type": "replicator", "instanceCount": 1000}]}]}"#)
        XCTAssertEqual(product.map(\.path), ["$.layers[0].sublayers[0].instanceCount"])
        XCTAssertTrue(product[0].message.contains("1000000 copies"), product[0].message)
    }
}

/// Scheduled content changes with CATransition-style transitions: the old and new contents
/// are drawn apart (as snapshots) and placed by the transition's meshes.
final class TransitionTests: XCTestCase {
    /// The draw list of a 200 × 100 text layer at (0, 0)…(200, 100) changing from "old" to "new"
    /// at 1 s with a 1 s transition.
    func drawList(kind: String, subtype: String, at time: Double) throws -> DrawList {
        let fx = try effect("""
            {"fx": 1, "layers": [{"type": "text", "position": [100, 50], "bounds": [200, 100], "string": "old",
              "transitions": [{"time": 1, "duration": 1, "string": "new", "type": "\(kind)", "subtype": "\(subtype)"}]}]}
            """, resources: MemoryResources(files: [:], fonts: ["DejaVuSans.ttf": "memory:DejaVuSans.ttf"]))
        let world = World(effect: fx)
        world.stepForward(to: time)
        let list = DrawList()
        DrawListBuilder().build(world, into: list)
        return list
    }

    func strings(_ list: DrawList, _ batches: Range<Int>) -> [String] {
        list.batches[batches].compactMap(\.text).map { list.texts[$0].string }
    }

    /// The canvas extent of a piece's vertices: (min x, max x, min y, max y).
    func extent(_ piece: DrawList.TransitionGroup.Piece) -> [Double] {
        let xs = piece.vertices.map { Double($0.x) }, ys = piece.vertices.map { Double($0.y) }
        return [xs.min()!, xs.max()!, ys.min()!, ys.max()!]
    }

    func testContentsChangeOnScheduleWithEachTransition() throws {
        let before = try drawList(kind: "push", subtype: "fromRight", at: 0.5)
        XCTAssertTrue(before.transitionGroups.isEmpty)
        XCTAssertEqual(before.texts.map(\.string), ["old"])
        let after = try drawList(kind: "push", subtype: "fromRight", at: 2.5)
        XCTAssertTrue(after.transitionGroups.isEmpty)
        XCTAssertEqual(after.texts.map(\.string), ["new"])
        // Half-way (eased: 0.5) through a push from the right: old half out to the left, new half in.
        let push = try drawList(kind: "push", subtype: "fromRight", at: 1.5)
        XCTAssertEqual(push.transitionGroups.count, 1)
        let group = push.transitionGroups[0]
        XCTAssertEqual(strings(push, group.previousBatches), ["old"])
        XCTAssertEqual(strings(push, group.currentBatches), ["new"])
        XCTAssertEqual(group.pieces.map(\.source), [.previous, .current])
        XCTAssertEqual(extent(group.pieces[0]), [-100, 100, 0, 100])
        XCTAssertEqual(extent(group.pieces[1]), [100, 300, 0, 100])
        // The texture coordinates are where each vertex was before it moved.
        XCTAssertEqual(group.pieces[0].vertices.map(\.u), group.pieces[1].vertices.map(\.u))
        let moveIn = try drawList(kind: "moveIn", subtype: "fromTop", at: 1.5).transitionGroups[0]
        XCTAssertEqual(moveIn.pieces.map(\.source), [.previous, .current])
        XCTAssertEqual(extent(moveIn.pieces[0]), [0, 200, 0, 100])
        XCTAssertEqual(extent(moveIn.pieces[1]), [0, 200, -50, 50])
        let reveal = try drawList(kind: "reveal", subtype: "fromLeft", at: 1.5).transitionGroups[0]
        XCTAssertEqual(reveal.pieces.map(\.source), [.current, .previous], "the old contents move away on top")
        XCTAssertEqual(extent(reveal.pieces[1]), [100, 300, 0, 100])
        let fade = try drawList(kind: "fade", subtype: "fromRight", at: 1.5).transitionGroups[0]
        XCTAssertEqual(fade.pieces.map(\.compositing), [.add, .add], "a dissolve: the halves add up")
        XCTAssertEqual(fade.pieces.flatMap { $0.vertices.map(\.alpha) }, Array(repeating: 128, count: 8))
        XCTAssertEqual(extent(fade.pieces[0]), [0, 200, 0, 100])
    }

    func testScheduleErrors() {
        let found = diagnostics(#"{"fx": 1, "layers": [{"type": "text", "transitions": [{"time": 2, "string": "a"}, {"time": 1, "string": "b", "type": "wipe"}]}]}"#,
                                resources: MemoryResources(files: [:], fonts: ["DejaVuSans.ttf": "memory:DejaVuSans.ttf"]))
        XCTAssertEqual(found.map(\.path), ["$.layers[0].transitions[1].time", "$.layers[0].transitions[1].type"])
    }
}

/// Layers turned in 3D under a perspective `sublayerTransform`.
final class PerspectiveLayerTests: XCTestCase {
    func testAPanelTurnedAboutYShowsItsNearEdgeTaller() throws {
        let fx = try effect("""
            {"fx": 1, "canvas": {"size": [300, 200]}, "layers": [{"type": "layer", "position": [150, 100], "bounds": [300, 200],
              "sublayerTransform": [{"perspective": 400}], "sublayers": [
              {"type": "layer", "position": [150, 100], "bounds": [120, 120], "backgroundColor": "white",
               "transform": [{"rotateY": "50deg"}]}]}]}
            """)
        let world = World(effect: fx)
        let list = DrawList()
        DrawListBuilder().build(world, into: list)
        XCTAssertEqual(list.images.count, 1)
        let (image, rect) = list.images[0]
        func height(atColumn column: Int) -> Int {
            (0..<image.height).filter { image.pixels[($0 * image.width + column) * 4 + 3] > 128 }.count
        }
        let left = height(atColumn: 2), right = height(atColumn: image.width - 3)
        // Turned about y, the panel is narrower than 120 and its two vertical edges differ.
        XCTAssertLessThan(rect.size.width, 100)
        XCTAssertNotEqual(left, right)
        XCTAssertGreaterThan(abs(left - right), 20)
        // Flat (no perspective), the same turn only foreshortens: both edges 120 tall.
        let flat = try effect("""
            {"fx": 1, "canvas": {"size": [300, 200]}, "layers": [
              {"type": "layer", "position": [150, 100], "bounds": [120, 120], "backgroundColor": "white", "transform": [{"rotateY": "50deg"}]}]}
            """)
        let flatList = DrawList()
        DrawListBuilder().build(World(effect: flat), into: flatList)
        let (flatImage, _) = flatList.images[0]
        let heights = [2, flatImage.width - 3].map { column in
            (0..<flatImage.height).filter { flatImage.pixels[($0 * flatImage.width + column) * 4 + 3] > 128 }.count
        }
        XCTAssertEqual(heights[0], heights[1])
    }
}
