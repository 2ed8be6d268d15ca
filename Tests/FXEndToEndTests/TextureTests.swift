import FXCore
import FXSDL
import Foundation
import XCTest

/// PNG textures named by effects: loaded through SDL_image, drawn with their colors and
/// `contentsRect`, and a clear error when the file is wrong.
final class TextureTests: XCTestCase {
    /// A 4×2 PNG: the left half red, the right half blue, fully opaque.
    func writeSpriteSheet(to path: String) throws {
        var pixels: [UInt8] = []
        for _ in 0..<2 {
            for column in 0..<4 { pixels += column < 2 ? [255, 0, 0, 255] : [0, 0, 255, 255] }
        }
        try PNGFile.write(RGBAImage(width: 4, height: 2, pixels: pixels), to: path)
    }

    func effectJSON(contentsRect: String) -> String {
        """
        {"fx": 1, "canvas": {"size": [100, 100], "background": "black"},
         "textures": {"sheet": "art/sheet.png"},
         "layers": [{"type": "emitter", "emitterPosition": [50, 50], "emitterCells": [
           {"name": "big", "birthRate": 1, "lifetime": 10, "scale": 10, "contents": "sheet", "contentsRect": \(contentsRect)}]}]}
        """
    }

    func testAPNGTextureIsDrawnAndContentsRectPicksAFrame() throws {
        let directory = FXProcess.temporaryDirectory()
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("art"), withIntermediateDirectories: true)
        try writeSpriteSheet(to: directory.appendingPathComponent("art/sheet.png").path)
        for (rect, expected) in [("[0, 0, 0.5, 1]", (255, 0)), ("[0.5, 0, 0.5, 1]", (0, 255))] {
            let file = directory.appendingPathComponent("sprite.json")
            try effectJSON(contentsRect: rect).write(to: file, atomically: true, encoding: .utf8)
            let out = directory.appendingPathComponent("out.png").path
            // Run from elsewhere: the texture path is relative to the effect file, not the cwd.
            let result = try FXProcess.run(["render", file.path, "--time", "0.5", "--out", out], in: URL(fileURLWithPath: "/"))
            XCTAssertEqual(result.status, 0, result.stderr)
            let image = try PNGFile.read(out)
            // The frame is 2×2 pixels at scale 10: a 20×20 point square around the centre.
            let centre = (50 * 100 + 50) * 4
            XCTAssertEqual(Int(image.pixels[centre]), expected.0, "red at the centre for \(rect)")
            XCTAssertEqual(Int(image.pixels[centre + 2]), expected.1, "blue at the centre for \(rect)")
            let corner = (5 * 100 + 5) * 4
            XCTAssertEqual(Array(image.pixels[corner..<corner + 3]), [0, 0, 0], "background outside the particle")
        }
    }

    func testAMissingOrBrokenTextureIsAClearError() throws {
        let directory = FXProcess.temporaryDirectory()
        let file = directory.appendingPathComponent("sprite.json")
        try effectJSON(contentsRect: "[0, 0, 1, 1]").write(to: file, atomically: true, encoding: .utf8)
        var result = try FXProcess.run(["render", file.path, "--out", "x.png"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("texture \"sheet\" cannot be used:") && result.stderr.contains("art/sheet.png: no such file"), result.stderr)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("art"), withIntermediateDirectories: true)
        try "not a png".write(to: directory.appendingPathComponent("art/sheet.png"), atomically: true, encoding: .utf8)
        result = try FXProcess.run(["render", file.path, "--out", "x.png"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("not a PNG file"), result.stderr)
        XCTAssertTrue(result.stderr.contains("sprite.json:4:"), result.stderr)
    }
}
