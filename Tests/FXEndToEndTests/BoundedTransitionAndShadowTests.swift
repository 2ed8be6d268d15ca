import FXSDL
import Foundation
import XCTest

/// Transitions and shadows take memory for the pixels they touch, counted in the frame's limit
/// of memory drawn apart, past which fx names the layer (issue 32): through the real binary.
final class BoundedTransitionAndShadowTests: XCTestCase {
    /// A small text layer pushing its new string on a 4096-point canvas (8192² pixels as
    /// rendered): its transition was drawn on a canvas-sized surface (256 MiB), and the render
    /// failed under this limit with "creating a 8192×8192 surface for a transition"; it now
    /// takes a surface of the layer's size.
    func testASmallTransitionOnALargeCanvasTakesItsOwnPixels() throws {
        let file = try FXProcess.writeTemporary("""
            {"fx": 1, "canvas": {"size": [4096, 4096], "background": "#000000"}, "previewTime": 0.3,
             "layers": [{"type": "text", "name": "counter", "position": [200, 200], "bounds": [130, 110], "string": "1",
               "fontSize": 64, "foregroundColor": "#ffffff", "backgroundColor": "#3a86ff",
               "transitions": [{"time": 0, "string": "2", "type": "push", "subtype": "fromRight", "duration": 0.6}]}]}
            """, name: "small-transition.json")
        let out = file.deletingLastPathComponent().appendingPathComponent("small-transition.png").path
        let result = try FXProcess.runLimited(["render", file.path, "--out", out], kilobytes: 800_000)
        XCTAssertEqual(result.status, 0, result.stderr)
        let image = try PNGFile.read(out)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(image.pixels[((y * image.width + x) * 4)..<((y * image.width + x) * 4 + 3)]) }
        // Half way through the push the layer's blue background is where the layer is; far
        // from it the canvas is black.
        XCTAssertEqual(pixel(250, 245), [58, 134, 255])
        XCTAssertEqual(pixel(3000, 3000), [0, 0, 0])
    }

    /// A transition over a whole 1536-point canvas: rendered at 3072² (6144² pixels with the
    /// supersampling) it fits the frame's limit (1057 MB: the surface, the composite, the
    /// snapshots' textures — each piece is read in place); at 4096² (8192² pixels) its surface
    /// and compositing pass the limit, and fx names the layer instead of taking the memory.
    func testATransitionOverTheCanvasFitsAndPastTheLimitNamesTheLayer() throws {
        let file = try FXProcess.writeTemporary("""
            {"fx": 1, "canvas": {"size": [1536, 1536], "background": "#000000"}, "previewTime": 0.3,
             "layers": [{"type": "text", "name": "headline", "position": [768, 768], "bounds": [1536, 1536], "string": "1",
               "fontSize": 64, "foregroundColor": "#ffffff", "backgroundColor": "#3a86ff",
               "transitions": [{"time": 0, "string": "2", "type": "fade", "duration": 0.6}]}]}
            """, name: "wide-transition.json")
        let fits = file.path + "-3072.png"
        let rendered = try FXProcess.runLimited(["render", file.path, "--size", "3072x3072", "--out", fits])
        XCTAssertEqual(rendered.status, 0, rendered.stderr)
        let image = try PNGFile.read(fits)
        XCTAssertEqual(image.width, 3072)
        // The layer's blue background, unchanged by the fade, fills the canvas.
        let middle = ((1536 * image.width) + 1536) * 4
        XCTAssertEqual(Array(image.pixels[middle..<(middle + 3)]), [58, 134, 255])

        let out = file.path + "-4096.png"
        let result = try FXProcess.runLimited(["render", file.path, "--size", "4096x4096", "--out", out])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains(#"layer "headline" is drawn apart (it is in a transition)"#), result.stderr)
        XCTAssertTrue(result.stderr.contains("limit of 1024 MB"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }

    /// A shadow over a whole canvas inside two faded groups, rendered at 4400² (8800² pixels):
    /// the groups' surfaces (310 MB each) and the shadow's image and texture (8192², 512 MiB)
    /// pass the frame's limit; fx names the shadow's layer before making its image (it took
    /// 1.8 GB before).
    func testAShadowPastTheLimitNamesTheLayer() throws {
        let file = try FXProcess.writeTemporary("""
            {"fx": 1, "canvas": {"size": [600, 600], "background": "#ffffff"}, "previewTime": 0,
             "layers": [{"type": "layer", "name": "outer", "position": [300, 300], "bounds": [600, 600], "opacity": 0.9,
               "sublayers": [{"type": "layer", "name": "inner", "position": [300, 300], "bounds": [600, 600], "opacity": 0.9,
                 "sublayers": [{"type": "layer", "name": "card", "position": [300, 300], "bounds": [600, 600],
                   "backgroundColor": "#3a86ff", "shadowOpacity": 0.5, "shadowRadius": 4, "shadowOffset": [0, 3]}]}]}]}
            """, name: "wide-shadow.json")
        let out = file.path + ".png"
        let result = try FXProcess.runLimited(["render", file.path, "--size", "4400x4400", "--out", out])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains(#"layer "card" is drawn apart (it casts a shadow)"#), result.stderr)
        XCTAssertTrue(result.stderr.contains("limit of 1024 MB"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }
}
