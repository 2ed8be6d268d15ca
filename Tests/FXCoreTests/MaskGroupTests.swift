import FXCore
import XCTest

/// A layer drawn apart (group opacity, `masksToBounds`, a mask) covers the pixels it can show
/// on, not the canvas (issue 32), and a frame whose masks would pass
/// `DrawList.maxOffscreenBytes` names the layer instead of taking the memory.
final class MaskGroupTests: XCTestCase {
    private func list(_ layers: String, canvas: Int = 4000, pixelsPerPoint: Double = 1) throws -> DrawList {
        let player = try EffectPlayer(json: """
            {"fx": 1, "canvas": {"size": [\(canvas), \(canvas)]}, "layers": [\(layers)]}
            """)
        let list = DrawList()
        player.buildDrawList(into: list, pixelsPerPoint: pixelsPerPoint)
        return list
    }

    /// A canvas-sized mask was 16 MB here; the layer's bounds are 40 × 20 points.
    func testAClippedLayerCoversItsBounds() throws {
        let list = try list(#"""
            {"type": "layer", "name": "clip", "position": [1000, 2000], "bounds": [40, 20], "masksToBounds": true,
             "backgroundColor": "red", "sublayers": [{"type": "layer", "bounds": [400, 400], "backgroundColor": "blue"}]}
            """#, pixelsPerPoint: 2)
        let group = try XCTUnwrap(list.maskGroups.first)
        XCTAssertEqual(group.layer, "clip")
        // 80 × 40 pixels at 2 a point, from (1960, 3980), give or take a pixel of edge.
        XCTAssertEqual(Double(group.x), 1960, accuracy: 1)
        XCTAssertEqual(Double(group.y), 3980, accuracy: 1)
        XCTAssertEqual(Double(group.width), 80, accuracy: 2)
        XCTAssertEqual(Double(group.height), 40, accuracy: 2)
        XCTAssertEqual(group.alpha.count, group.width * group.height)
        XCTAssertEqual(list.maskAlphaBytes, group.alpha.count)
        XCTAssertNil(list.offscreenOverflow)
    }

    /// A mask covers what it draws; a clip inside it covers no more than the mask.
    func testAMaskedLayerCoversItsMaskAndANestedClipNoMore() throws {
        let list = try list(#"""
            {"type": "layer", "name": "masked", "position": [100, 100], "bounds": [2000, 2000], "backgroundColor": "red",
             "mask": {"type": "layer", "position": [10, 10], "bounds": [20, 20], "backgroundColor": "black"},
             "sublayers": [{"type": "layer", "name": "inner", "position": [1000, 1000], "bounds": [2000, 2000],
                            "masksToBounds": true, "sublayers": [{"type": "layer", "bounds": [10, 10], "backgroundColor": "blue"}]}]}
            """#)
        let outer = try XCTUnwrap(list.maskGroups.first { $0.layer == "masked" })
        let inner = try XCTUnwrap(list.maskGroups.first { $0.layer == "inner" })
        XCTAssertLessThanOrEqual(outer.width * outer.height, 22 * 22)
        XCTAssertLessThanOrEqual(inner.width * inner.height, outer.width * outer.height)
        XCTAssertGreaterThanOrEqual(inner.x, outer.x)
        XCTAssertGreaterThanOrEqual(inner.y, outer.y)
    }

    /// A group opacity alone is one number, not a byte a pixel.
    func testAGroupOpacityKeepsNoBytes() throws {
        let list = try list(#"""
            {"type": "layer", "name": "faded", "position": [2000, 2000], "bounds": [100, 100], "opacity": 0.5,
             "sublayers": [{"type": "layer", "bounds": [10, 10], "backgroundColor": "blue"}]}
            """#)
        let group = try XCTUnwrap(list.maskGroups.first)
        XCTAssertTrue(group.alpha.isEmpty)
        XCTAssertEqual(group.opacity, 128)
        XCTAssertEqual(list.maskAlphaBytes, 0)
    }

    /// A clip whose alpha alone would pass the frame's limit (36 864² pixels): the list names
    /// the layer, keeps no bytes for it, and the layers after it are not drawn apart either.
    func testAClipPastTheLimitNamesTheLayer() throws {
        let list = try list(#"""
            {"type": "layer", "name": "small", "position": [100, 100], "bounds": [10, 10], "masksToBounds": true,
             "sublayers": [{"type": "layer", "bounds": [10, 10], "backgroundColor": "blue"}]},
            {"type": "layer", "name": "huge", "position": [4096, 4096], "bounds": [8192, 8192], "masksToBounds": true,
             "sublayers": [{"type": "layer", "bounds": [10, 10], "backgroundColor": "blue"}]}
            """#, canvas: 8192, pixelsPerPoint: 4.5)
        let overflow = try XCTUnwrap(list.offscreenOverflow)
        XCTAssertEqual(overflow.layer, "huge")
        XCTAssertGreaterThan(overflow.bytes, DrawList.maxOffscreenBytes)
        XCTAssertLessThan(list.maskAlphaBytes, 100 * 100)
    }
}
