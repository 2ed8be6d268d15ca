import FXCore
import Foundation
import XCTest

/// Layer shadows (`shadowColor`, `shadowOpacity`, `shadowRadius`, `shadowOffset`, `shadowPath`):
/// the keys, where the shadow falls, how it is blurred, and what is blurred again when it animates.
final class ShadowTests: XCTestCase {
    /// One layer at the centre of a 300 × 300 canvas, with the JSON members given.
    private func player(_ members: String, animations: String = "[]", canvas: Int = 300) throws -> EffectPlayer {
        try EffectPlayer(json: """
            {"fx": 1, "canvas": {"size": [\(canvas), \(canvas)]}, "layers": [
              {"type": "layer", "name": "card", "position": [\(canvas / 2), \(canvas / 2)], \(members), "animations": \(animations)}]}
            """)
    }

    /// The frame's shadows made into images by `cache`, at `time`.
    private func shadows(_ player: EffectPlayer, at time: Double = 0, pixelsPerPoint: Double = 1,
                         cache: ShadowCache = ShadowCache()) throws -> [(image: RGBAImage, rect: Rect)] {
        player.seek(to: time)
        let list = DrawList()
        player.buildDrawList(into: list, pixelsPerPoint: pixelsPerPoint)
        return try list.shadows.compactMap { try cache.image(for: $0, canvas: list.size, pixelsPerPoint: pixelsPerPoint) }
    }

    /// The shadow's alpha (0…1) at a canvas point, 0 outside its image.
    private func alpha(_ shadow: (image: RGBAImage, rect: Rect), at point: Point, pixelsPerPoint: Double = 1) -> Double {
        let column = Int(((point.x - shadow.rect.origin.x) * pixelsPerPoint).rounded(.down))
        let row = Int(((point.y - shadow.rect.origin.y) * pixelsPerPoint).rounded(.down))
        guard column >= 0, row >= 0, column < shadow.image.width, row < shadow.image.height else { return 0 }
        return Double(shadow.image.pixels[(row * shadow.image.width + column) * 4 + 3]) / 255
    }

    /// The centre of the output pixel holding a canvas point, in canvas points.
    private func pixelCentre(_ point: Point, pixelsPerPoint: Double = 1) -> Point {
        Point(x: ((point.x * pixelsPerPoint).rounded(.down) + 0.5) / pixelsPerPoint,
              y: ((point.y * pixelsPerPoint).rounded(.down) + 0.5) / pixelsPerPoint)
    }

    /// The alpha-weighted centre of a shadow, in canvas points.
    private func centroid(_ shadow: (image: RGBAImage, rect: Rect), pixelsPerPoint: Double = 1) -> Point {
        var sum = 0.0, x = 0.0, y = 0.0
        for row in 0..<shadow.image.height {
            for column in 0..<shadow.image.width {
                let a = Double(shadow.image.pixels[(row * shadow.image.width + column) * 4 + 3])
                sum += a
                x += a * (shadow.rect.origin.x + (Double(column) + 0.5) / pixelsPerPoint)
                y += a * (shadow.rect.origin.y + (Double(row) + 0.5) / pixelsPerPoint)
            }
        }
        return Point(x: x / sum, y: y / sum)
    }

    /// The standard normal distribution's cumulative probability.
    private func phi(_ x: Double) -> Double { 0.5 * erfc(-x / 2.squareRoot()) }

    func testTheKeysHaveCoreAnimationsNamesAndDefaults() throws {
        let layer = Layer(type: .layer)
        XCTAssertEqual(layer.shadowColor, .black)
        XCTAssertEqual(layer.shadowOpacity, 0)
        XCTAssertEqual(layer.shadowRadius, 3)
        XCTAssertEqual(layer.shadowOffset, Size(width: 0, height: -3), "Core Animation's numbers, as a UIKit developer types them")
        XCTAssertNil(layer.shadowPath)
        for name in ["shadowColor", "shadowOpacity", "shadowRadius", "shadowOffset", "shadowPath"] {
            let property = try XCTUnwrap(PropertyRegistry.property(name, of: .layer), name)
            XCTAssertEqual(property.coreAnimationName, "CALayer.\(name)")
            XCTAssertTrue(property.isAnimatable, name)
        }
        XCTAssertEqual(PropertyRegistry.property("shadowOffset", of: .layer)?.defaultDescription, "[0, -3]")
        XCTAssertEqual(PropertyRegistry.property("shadowRadius", of: .layer)?.range, .nonNegative)
        XCTAssertEqual(PropertyRegistry.property("shadowOpacity", of: .layer)?.range, .unit)
    }

    func testANegativeOffsetDecodesAsCoreAnimationsDefaultIsWritten() throws {
        // Core Animation's own default, [0, -3], must be writable in a file; the schema allows it too.
        let card = try player(#""bounds": [10, 10], "shadowOffset": [-2, -3]"#)
        XCTAssertEqual(try card.value(forKeyPath: "card.shadowOffset"), .size(Size(width: -2, height: -3)))
        XCTAssertThrowsError(try player(#""bounds": [-10, 10]"#), "bounds keep refusing negative sizes")
    }

    func testBadValuesAreRefusedWithTheirPlace() throws {
        let bad = [
            (#""shadowRadius": -2"#, "$.layers[0].shadowRadius: expected a number ≥ 0, got -2"),
            (#""shadowOpacity": 1.5"#, "$.layers[0].shadowOpacity: expected a number in 0…1, got 1.5"),
            (#""shadowOpacity": -0.1"#, "$.layers[0].shadowOpacity: expected a number in 0…1, got -0.1"),
            (#""shadowOffset": [3]"#, "$.layers[0].shadowOffset: expected a size [width, height]"),
            (#""shadowColor": "shade""#, "$.layers[0].shadowColor: \"shade\" is not a color"),
            (#""shadowPath": "M 0 0 Q""#, "$.layers[0].shadowPath: path data"),
            (#""shadowRadus": 2"#, "did you mean \"shadowRadius\"?"),
        ]
        for (member, message) in bad {
            XCTAssertThrowsError(try player(member), member) { error in
                XCTAssertTrue("\(error)".contains(message), "\(member): \(error)")
                XCTAssertTrue("\(error)".contains("<json>:2:"), "\(member) names its line: \(error)")
            }
        }
        // At run time, out of range is refused too.
        let card = try player(#""bounds": [10, 10]"#)
        XCTAssertThrowsError(try card.setValue(.number(-1), forKeyPath: "card.shadowRadius"))
        XCTAssertThrowsError(try card.setValue(.number(2), forKeyPath: "card.shadowOpacity"))
    }

    func testEveryKeyDecodesAndReadsBackThroughItsKeyPaths() throws {
        let card = try player("""
            "bounds": [10, 10], "shadowColor": "#ff0000", "shadowOpacity": 0.5, "shadowRadius": 7, "shadowOffset": [4, 5],
            "shadowPath": {"rect": [0, 0, 10, 10], "cornerRadius": 2}
            """)
        XCTAssertEqual(try card.value(forKeyPath: "card.shadowColor"), .color(Color(red: 1, green: 0, blue: 0)))
        XCTAssertEqual(try card.value(forKeyPath: "card.shadowOpacity"), .number(0.5))
        XCTAssertEqual(try card.value(forKeyPath: "card.shadowRadius"), .number(7))
        XCTAssertEqual(try card.value(forKeyPath: "card.shadowOffset"), .size(Size(width: 4, height: 5)))
        XCTAssertEqual(try card.value(forKeyPath: "card.shadowOffset.height"), .number(5))
        guard case .path(let path) = try card.value(forKeyPath: "card.shadowPath") else { return XCTFail("no path") }
        XCTAssertEqual(path, Path.rect(Rect(x: 0, y: 0, width: 10, height: 10), cornerRadius: 2))
        try card.setValue(.number(-8), forKeyPath: "card.shadowOffset.width")
        card.step()
        XCTAssertEqual(try card.value(forKeyPath: "card.shadowOffset"), .size(Size(width: -8, height: 5)))
    }

    /// Past an edge of a large shadow, the alpha is the Gaussian's tail: opacity · (1 − Φ(d / σ))
    /// at distance d from the (moved) edge, with σ = shadowRadius in points — at two output
    /// resolutions and with a blur wider than the grid keeps in full.
    func testTheShadowFallsOffAsAGaussianOfStandardDeviationShadowRadius() throws {
        for (radius, pixelsPerPoint) in [(3.0, 1.0), (3.0, 2.0), (8.0, 1.0), (0.5, 2.0)] {
            let card = try player("""
                "bounds": [100, 100], "backgroundColor": "#808080", "shadowOpacity": 0.8, "shadowRadius": \(radius), "shadowOffset": [20, 10]
                """)
            let shadow = try XCTUnwrap(try shadows(card, pixelsPerPoint: pixelsPerPoint).first)
            // The layer spans 100…200; its shadow's right edge is at 220, its middle row at y = 160.
            for step in stride(from: -2 * radius, through: 3 * radius, by: radius / 2) {
                // The pixel there, and the distance of its centre from the edge.
                let point = pixelCentre(Point(x: 220 + step, y: 160), pixelsPerPoint: pixelsPerPoint)
                let d = point.x - 220
                let expected = 0.8 * (1 - phi(d / radius))
                let measured = alpha(shadow, at: point, pixelsPerPoint: pixelsPerPoint)
                XCTAssertEqual(measured, expected, accuracy: 0.02, "radius \(radius), \(pixelsPerPoint) px/pt, \(d) pt past the edge")
            }
            XCTAssertEqual(alpha(shadow, at: Point(x: 160, y: 160), pixelsPerPoint: pixelsPerPoint), 0.8, accuracy: 0.01, "inside")
            XCTAssertEqual(alpha(shadow, at: Point(x: 220 + 4 * radius + 1, y: 160), pixelsPerPoint: pixelsPerPoint), 0, accuracy: 0.005)
        }
        // shadowRadius 0: a hard edge, anti-aliased over one pixel.
        let hard = try XCTUnwrap(try shadows(try player(#""bounds": [100, 100], "backgroundColor": "white", "shadowOpacity": 1, "shadowRadius": 0, "shadowOffset": [20, 10]"#)).first)
        XCTAssertEqual(alpha(hard, at: Point(x: 219.5, y: 160)), 1, accuracy: 0.01)
        XCTAssertEqual(alpha(hard, at: Point(x: 220.5, y: 160)), 0, accuracy: 0.01)
    }

    /// The shadow is moved by shadowOffset in the layer's own plane: Core Animation's default
    /// (0, −3) is 3 points up, and the offset turns with the layer.
    func testTheShadowIsMovedByShadowOffsetInTheLayersPlane() throws {
        let base = #""bounds": [60, 40], "backgroundColor": "white", "shadowOpacity": 1"#
        let byDefault = try XCTUnwrap(try shadows(try player(base)).first)
        XCTAssertEqual(centroid(byDefault).x, 150, accuracy: 0.05)
        XCTAssertEqual(centroid(byDefault).y, 147, accuracy: 0.05, "3 points up")
        let moved = try XCTUnwrap(try shadows(try player(base + #", "shadowOffset": [12, 7]"#)).first)
        XCTAssertEqual(centroid(moved).x, 162, accuracy: 0.05)
        XCTAssertEqual(centroid(moved).y, 157, accuracy: 0.05)
        // Turned a quarter clockwise, the layer's +x points down the canvas: so does its shadow.
        let turned = try XCTUnwrap(try shadows(try player(base + #", "shadowOffset": [12, 0], "transform": [{"rotate": "90deg"}]"#)).first)
        XCTAssertEqual(centroid(turned).x, 150, accuracy: 0.05)
        XCTAssertEqual(centroid(turned).y, 162, accuracy: 0.05)
        // Scaled twice, the offset and the blur double with the layer.
        let scaled = try XCTUnwrap(try shadows(try player(base + #", "shadowOffset": [12, 0], "shadowRadius": 2, "transform": [{"scale": 2}]"#)).first)
        XCTAssertEqual(centroid(scaled).x, 174, accuracy: 0.05)
        XCTAssertEqual(alpha(scaled, at: Point(x: 233.5, y: 150)), 1 - phi(-0.5 / 4), accuracy: 0.02, "the edge at 150 + 2 · (30 + 12)")
        XCTAssertEqual(alpha(scaled, at: Point(x: 237.5, y: 150)), 1 - phi(3.5 / 4), accuracy: 0.02, "σ is 2 · 2 points")
    }

    func testNothingIsDrawnWithoutOpacityColorOrACaster() throws {
        for members in [#""bounds": [60, 40], "backgroundColor": "white""#,
                        #""bounds": [60, 40], "backgroundColor": "white", "shadowOpacity": 0, "shadowRadius": 10"#,
                        #""bounds": [60, 40], "backgroundColor": "white", "shadowOpacity": 1, "shadowColor": [0, 0, 0, 0]"#,
                        #""bounds": [60, 40], "shadowOpacity": 1"#,
                        #""bounds": [60, 40], "backgroundColor": "white", "shadowOpacity": 1, "opacity": 0"#] {
            let card = try player(members)
            let list = DrawList()
            card.buildDrawList(into: list)
            XCTAssertTrue(list.shadows.isEmpty, members)
            XCTAssertFalse(list.batches.contains { $0.shadow != nil }, members)
        }
        // A shadow is a batch before the layer's content.
        let card = try player(#""bounds": [60, 40], "backgroundColor": "white", "shadowOpacity": 1"#)
        let list = DrawList()
        card.buildDrawList(into: list)
        XCTAssertEqual(list.batches.map { $0.shadow != nil }, [true, false])
        XCTAssertEqual(list.batches.last?.image, 0)
    }

    /// The shadow follows what casts it: a shape layer's path, or the shadowPath instead of the
    /// layer's content; a translucent background casts a lighter shadow.
    func testTheShadowHasTheShapeOfItsCaster() throws {
        let triangle = try EffectPlayer(json: """
            {"fx": 1, "canvas": {"size": [300, 300]}, "layers": [
              {"type": "shape", "position": [100, 100], "path": "M 0 0 L 100 0 L 0 100 Z", "fillColor": "#00ff00",
               "shadowOpacity": 1, "shadowRadius": 0, "shadowOffset": [0, 0]}]}
            """)
        let shape = try XCTUnwrap(try shadows(triangle).first)
        XCTAssertEqual(alpha(shape, at: Point(x: 120, y: 120)), 1, accuracy: 0.01, "inside the triangle")
        XCTAssertEqual(alpha(shape, at: Point(x: 180, y: 180)), 0, accuracy: 0.01, "outside it, inside its bounding box")

        let circle = try XCTUnwrap(try shadows(try player("""
            "bounds": [100, 100], "backgroundColor": "white", "shadowOpacity": 1, "shadowRadius": 0, "shadowOffset": [0, 0],
            "shadowPath": {"circle": {"center": [50, 50], "radius": 50}}
            """)).first)
        XCTAssertEqual(alpha(circle, at: Point(x: 150, y: 150)), 1, accuracy: 0.01)
        XCTAssertEqual(alpha(circle, at: Point(x: 104, y: 104)), 0, accuracy: 0.01, "the bounds' corner is outside the path")
        // A shadowPath casts without any content.
        XCTAssertEqual(try shadows(try player(#""bounds": [100, 100], "shadowOpacity": 1, "shadowPath": "M 0 0 L 10 0 L 10 10 Z""#)).count, 1)

        let faint = try XCTUnwrap(try shadows(try player(#""bounds": [100, 100], "backgroundColor": [1, 1, 1, 0.5], "shadowOpacity": 0.8"#)).first)
        XCTAssertEqual(alpha(faint, at: Point(x: 150, y: 150)), 0.4, accuracy: 0.01, "the content's alpha times shadowOpacity")
        let rounded = try XCTUnwrap(try shadows(try player(#""bounds": [100, 100], "cornerRadius": 50, "backgroundColor": "white", "shadowOpacity": 1, "shadowRadius": 0, "shadowOffset": [0, 0]"#)).first)
        XCTAssertEqual(alpha(rounded, at: Point(x: 103, y: 103)), 0, accuracy: 0.01, "rounded away")
    }

    func testTheShadowIsTintedAndFadedWithItsLayer() throws {
        let card = try player(##""bounds": [100, 100], "backgroundColor": "white", "opacity": 0.5, "shadowOpacity": 0.8, "shadowColor": "#ff8000""##)
        let shadow = try XCTUnwrap(try shadows(card).first)
        let centre = ((50 * shadow.image.width + 50) * 4)
        XCTAssertEqual(Array(shadow.image.pixels[centre..<(centre + 3)]), [255, 128, 0])
        XCTAssertEqual(alpha(shadow, at: Point(x: 150, y: 147)), 0.4, accuracy: 0.01, "shadowOpacity × opacity")
    }

    /// Animating shadowOpacity, shadowOffset, shadowColor or the layer's position changes the
    /// pixels but blurs once; animating shadowRadius or the shape blurs each frame.
    func testAnimationsOfOpacityOffsetAndColorReuseTheBlurWhileRadiusBlursAgain() throws {
        let card = #""bounds": [100, 60], "backgroundColor": "white", "shadowOpacity": 1"#
        let reused = try player(card, animations: """
            [{"type": "basic", "keyPath": "shadowOpacity", "fromValue": 0.2, "toValue": 1, "duration": 1},
             {"type": "basic", "keyPath": "shadowOffset.height", "fromValue": -3, "toValue": 12, "duration": 1},
             {"type": "basic", "keyPath": "shadowColor", "fromValue": "#000000", "toValue": "#0000ff", "duration": 1},
             {"type": "basic", "keyPath": "position.x", "fromValue": 100, "toValue": 200, "duration": 1}]
            """)
        let cache = ShadowCache()
        var frames: [(image: RGBAImage, rect: Rect)] = []
        for time in [0.1, 0.3, 0.5, 0.7, 0.9] { frames += try shadows(reused, at: time, cache: cache) }
        XCTAssertEqual(frames.count, 5)
        XCTAssertEqual(cache.blurCount, 1, "one blur for five frames")
        XCTAssertLessThan(alpha(frames[0], at: centroid(frames[0])), alpha(frames[4], at: centroid(frames[4])) - 0.5, "the opacity animates")
        XCTAssertEqual(centroid(frames[0]).y, 150 - 3 + 15 * 0.1, accuracy: 0.1, "the offset animates")
        XCTAssertEqual(centroid(frames[4]).x, 190, accuracy: 0.1, "the shadow moves with the layer")
        XCTAssertGreaterThan(frames[4].image.pixels[(frames[4].image.width * 30 + 50) * 4 + 2], 200, "blue at the end")

        let reblurred = try player(card, animations: #"[{"type": "basic", "keyPath": "shadowRadius", "fromValue": 1, "toValue": 9, "duration": 1}]"#)
        let radiusCache = ShadowCache()
        for time in [0.1, 0.3, 0.5, 0.7, 0.9] { _ = try shadows(reblurred, at: time, cache: radiusCache) }
        XCTAssertEqual(radiusCache.blurCount, 5, "each radius is blurred anew")

        let reshaped = try player(card, animations: #"[{"type": "basic", "keyPath": "cornerRadius", "fromValue": 0, "toValue": 30, "duration": 1}]"#)
        let shapeCache = ShadowCache()
        for time in [0.1, 0.3, 0.5] { _ = try shadows(reshaped, at: time, cache: shapeCache) }
        XCTAssertEqual(shapeCache.blurCount, 3, "a new shape is a new caster")
    }

    /// A cached shadow is the same bytes as one made afresh.
    func testACachedShadowIsTheSameAsAFreshOne() throws {
        let card = try player(#""bounds": [100, 60], "cornerRadius": 10, "backgroundColor": "white", "shadowOpacity": 0.7, "shadowRadius": 5"#,
                              animations: #"[{"type": "basic", "keyPath": "transform.rotation.z", "fromValue": 0, "toValue": 1, "duration": 1}]"#)
        let cache = ShadowCache()
        for time in [0.2, 0.4, 0.6] {
            let kept = try XCTUnwrap(try shadows(card, at: time, pixelsPerPoint: 2, cache: cache).first)
            let fresh = try XCTUnwrap(try shadows(card, at: time, pixelsPerPoint: 2).first)
            XCTAssertEqual(kept.image, fresh.image, "t = \(time)")
            XCTAssertEqual(kept.rect, fresh.rect)
        }
        XCTAssertEqual(cache.blurCount, 1)
    }

    /// The images of shadows that do not move are kept within the cache's budget of bytes (the
    /// least recently used go), and the size of a new one is known before it is made, for the
    /// frame's memory limit.
    func testKeptShadowImagesStayWithinTheirBudget() throws {
        let card = try player(#""bounds": [100, 60], "backgroundColor": "white", "shadowOpacity": 0.7, "shadowRadius": 5"#,
                              animations: #"[{"type": "basic", "keyPath": "position.x", "fromValue": 100, "toValue": 200, "duration": 1}]"#)
        let list = DrawList()
        card.seek(to: 0.5)
        card.buildDrawList(into: list)
        let item = try XCTUnwrap(list.shadows.first)
        XCTAssertEqual(item.layer, "card")
        let cache = ShadowCache(placedByteBudget: 60_000)
        let expected = try XCTUnwrap(cache.newImagePixels(for: item, canvas: list.size, pixelsPerPoint: 1))
        let made = try XCTUnwrap(try cache.image(for: item, canvas: list.size, pixelsPerPoint: 1))
        XCTAssertEqual([expected.width, expected.height], [made.image.width, made.image.height])
        XCTAssertNil(cache.newImagePixels(for: item, canvas: list.size, pixelsPerPoint: 1), "kept: no new image")
        XCTAssertEqual(cache.placedBytes, made.image.pixels.count)
        for time in [0.1, 0.3, 0.7, 0.9] {
            let kept = try XCTUnwrap(try shadows(card, at: time, cache: cache).first)
            let fresh = try XCTUnwrap(try shadows(card, at: time).first)
            XCTAssertEqual(kept.image, fresh.image, "t = \(time)")
            XCTAssertLessThanOrEqual(cache.placedBytes, 60_000)
            XCTAssertEqual(cache.placedBytes, kept.image.pixels.count, "one image fits the budget")
        }
        cache.dropPlacedImages(downTo: 0)
        XCTAssertEqual(cache.placedBytes, 0)
        XCTAssertEqual(cache.blurCount, 1, "the blurred grid is kept")
    }

    /// Core Animation clips a layer's shadow with masksToBounds: the shadow is inside the
    /// layer's clip group, not before it.
    func testMasksToBoundsClipsTheShadowAsInCoreAnimation() throws {
        let card = try player(#""bounds": [100, 60], "backgroundColor": "white", "shadowOpacity": 1, "masksToBounds": true"#)
        let list = DrawList()
        card.buildDrawList(into: list)
        XCTAssertEqual(list.maskGroups.count, 1)
        let shadowBatch = try XCTUnwrap(list.batches.firstIndex { $0.shadow != nil })
        XCTAssertTrue(list.maskGroups[0].batches.contains(shadowBatch))
    }

    func testShadowPathAnimates() throws {
        let card = try player(#""bounds": [100, 100], "shadowOpacity": 1, "shadowPath": "M 0 0 L 10 0 L 10 10 Z""#, animations: """
            [{"type": "basic", "keyPath": "shadowPath", "fromValue": "M 0 0 L 10 0 L 10 10 Z", "toValue": "M 0 0 L 100 0 L 100 100 Z", "duration": 1}]
            """)
        card.seek(to: 0.5)
        guard case .path(let path) = try card.presentationValue(forKeyPath: "card.shadowPath") else { return XCTFail("no path") }
        XCTAssertEqual(path.points, [Point(x: 0, y: 0), Point(x: 55, y: 0), Point(x: 55, y: 55)])
    }
}
