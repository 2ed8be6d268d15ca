import FXCore
import FXSDL
import Foundation
import XCTest

/// Layers drawn apart (group opacity, `masksToBounds`, masks) take memory for the pixels they
/// show on, reused from layer to layer, within a limit past which fx names the layer (issue
/// 32): through the real binary, under a memory limit.
final class BoundedCompositingTests: XCTestCase {
    /// Ten thousand copies of a small masked layer: each was drawn apart on a canvas-sized
    /// surface with a canvas-sized mask (4 MB a copy here), and did not finish in a minute.
    func testTenThousandReplicatedMaskedLayersRender() throws {
        let file = try FXProcess.writeTemporary("""
            {"fx": 1, "canvas": {"size": [1000, 1000], "background": "#000000"}, "previewTime": 0,
             "layers": [{"type": "replicator", "name": "copies", "position": [500, 500], "bounds": [1000, 1000],
               "instanceCount": 10000, "instanceTransform": [{"translate": [0.098, 0.098]}],
               "sublayers": [{"type": "layer", "name": "tile", "position": [10, 10], "bounds": [16, 16], "backgroundColor": "#ff3030",
                 "sublayers": [{"type": "layer", "name": "inner", "position": [4, 4], "bounds": [12, 12], "backgroundColor": "#3030ff"}],
                 "mask": {"type": "layer", "name": "round", "position": [8, 8], "bounds": [16, 16], "cornerRadius": 8,
                          "backgroundColor": "#000000"}}]}]}
            """, name: "replicated-masks.json")
        let out = file.deletingLastPathComponent().appendingPathComponent("replicated-masks.png").path
        let result = try FXProcess.runLimited(["render", file.path, "--out", out])
        XCTAssertEqual(result.status, 0, result.stderr)
        let image = try PNGFile.read(out)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(image.pixels[((y * image.width + x) * 4)..<((y * image.width + x) * 4 + 3)]) }
        // On the diagonal the copies' inner squares (blue); the mask's round corner cuts the
        // first copy's corner away; off the diagonal nothing.
        let centre = pixel(500, 500)
        XCTAssertGreaterThan(centre[2], 200, "\(centre)")
        XCTAssertLessThan(centre[0], 80, "\(centre)")
        XCTAssertEqual(pixel(3, 3), [0, 0, 0])
        XCTAssertEqual(pixel(900, 100), [0, 0, 0])
        XCTAssertEqual(pixel(100, 900), [0, 0, 0])
    }

    /// Faded groups nested around a canvas-wide layer, each drawn apart on a canvas-sized
    /// surface (256 MB at this size): the fourth passes the frame's limit of 1 GiB, and fx
    /// names it instead of being killed. (Before, every level also kept canvas-sized copies.)
    func testNestedGroupsPastTheLimitNameTheLayer() throws {
        var layer = ##"{"type": "layer", "name": "wall", "position": [2048, 2048], "bounds": [4096, 4096], "backgroundColor": "#ffffff"}"##
        for level in (1...6).reversed() {
            layer = #"{"type": "layer", "name": "level\#(level)", "position": [2048, 2048], "bounds": [4096, 4096], "opacity": 0.9, "#
                + #""sublayers": [\#(layer)]}"#
        }
        let file = try FXProcess.writeTemporary("""
            {"fx": 1, "canvas": {"size": [4096, 4096], "background": "#000000"}, "previewTime": 0, "layers": [\(layer)]}
            """, name: "nested-groups.json")
        let result = try FXProcess.runLimited(["render", file.path, "--size", "4096x4096", "--out", file.path + ".png"])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains(#"layer "level4" is drawn apart"#), result.stderr)
        XCTAssertTrue(result.stderr.contains("limit of 1024 MB"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path + ".png"))
    }

    /// The same nesting around a small layer takes surfaces of the small layer's size: it
    /// renders, the fades multiplied.
    func testNestedGroupsAroundASmallLayerRender() throws {
        var layer = ##"{"type": "layer", "name": "dot", "position": [2048, 2048], "bounds": [40, 40], "backgroundColor": "#ffffff"}"##
        for level in (1...30).reversed() {
            layer = #"{"type": "layer", "name": "level\#(level)", "position": [2048, 2048], "bounds": [4096, 4096], "opacity": 0.99, "#
                + #""sublayers": [\#(layer)]}"#
        }
        let file = try FXProcess.writeTemporary("""
            {"fx": 1, "canvas": {"size": [4096, 4096], "background": "#000000"}, "previewTime": 0, "layers": [\(layer)]}
            """, name: "nested-small.json")
        let out = file.deletingLastPathComponent().appendingPathComponent("nested-small.png").path
        let result = try FXProcess.runLimited(["render", file.path, "--size", "4096x4096", "--out", out])
        XCTAssertEqual(result.status, 0, result.stderr)
        let image = try PNGFile.read(out)
        let centre = image.pixels[(2048 * image.width + 2048) * 4]
        // 0.99³⁰ ≈ 0.74 of white (189 of 255), less what thirty composites round away (each
        // blends onto transparency, takes the color back out of the alpha and rounds the fade
        // down: 143 here) — not one fade alone (252), as when the outer of two groups over the
        // same batches was passed over.
        XCTAssertGreaterThanOrEqual(centre, 130)
        XCTAssertLessThanOrEqual(centre, 195)
        XCTAssertEqual(image.pixels[(100 * image.width + 100) * 4], 0)
    }
}
