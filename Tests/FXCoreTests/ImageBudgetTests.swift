import FXCore
import XCTest

/// A frame's vector content has a limit in bytes of images, known before each image is made.
final class ImageBudgetTests: XCTestCase {
    private func list(_ layers: String, canvas: Int, pixelsPerPoint: Double) throws -> DrawList {
        let player = try EffectPlayer(json: """
            {"fx": 1, "canvas": {"size": [\(canvas), \(canvas)]}, "layers": [\(layers)]}
            """)
        let list = DrawList()
        player.buildDrawList(into: list, pixelsPerPoint: pixelsPerPoint)
        return list
    }

    /// Canvas-wide backgrounds of 8192² pixels (256 MiB each): the fifth passes 1 GiB and is
    /// named; no image is made for it or after it.
    func testBackgroundsPastTheLimitNameTheLayer() throws {
        let layers = (1...6).map { #"{"type": "layer", "name": "wall\#($0)", "position": [2048, 2048], "bounds": [4096, 4096], "backgroundColor": "red"}"# }
        let list = try list(layers.joined(separator: ","), canvas: 4096, pixelsPerPoint: 2)
        let overflow = try XCTUnwrap(list.imageOverflow)
        // Four fit exactly (give or take a pixel of edge, which would make the fourth pass).
        XCTAssertTrue(["wall4", "wall5"].contains(overflow.layer), overflow.layer)
        XCTAssertGreaterThan(overflow.bytes, DrawList.maxImageBytes)
        XCTAssertEqual(list.images.count, overflow.layer == "wall5" ? 4 : 3)
        XCTAssertLessThanOrEqual(list.imageBytes, DrawList.maxImageBytes)
    }

    /// Small content is not affected.
    func testSmallContentIsAdmitted() throws {
        let list = try list(#"{"type": "layer", "name": "dot", "position": [50, 50], "bounds": [10, 10], "backgroundColor": "red"}"#,
                            canvas: 100, pixelsPerPoint: 2)
        XCTAssertNil(list.imageOverflow)
        XCTAssertEqual(list.images.count, 1)
        XCTAssertEqual(list.imageBytes, list.images[0].image.pixels.count)
    }
}
