import FXCore
import FXSDL
import Foundation
import XCTest

/// PNG and JPEG textures named by effects: loaded through SDL_image, drawn with their colors and
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
        XCTAssertTrue(result.stderr.contains("not a PNG or JPEG file"), result.stderr)
        XCTAssertTrue(result.stderr.contains("sprite.json:4:"), result.stderr)
    }

    /// A JPEG (as seed 003's `head.jpg`) is read like a PNG: its size from its frame header,
    /// found past metadata segments, and its pixels through SDL_image. A damaged one is an error.
    func testAJPEGTextureIsDrawnAndADamagedOneIsAClearError() throws {
        let corpus = FXProcess.packageRoot.appendingPathComponent("Tests/Corpus/images")
        let directory = FXProcess.temporaryDirectory()
        for image in ["red-blue.jpg", "red-blue-with-metadata.jpg"] {
            let file = directory.appendingPathComponent("photo.json")
            try """
                {"fx": 1, "canvas": {"size": [160, 80], "background": "black"},
                 "textures": {"photo": "\(corpus.appendingPathComponent(image).path)"},
                 "layers": [{"type": "image", "name": "photo", "position": [80, 40], "bounds": [160, 80], "contents": "photo"}]}
                """.write(to: file, atomically: true, encoding: .utf8)
            let out = directory.appendingPathComponent("photo.png").path
            let result = try FXProcess.run(["render", file.path, "--out", out])
            XCTAssertEqual(result.status, 0, result.stderr)
            let rendered = try PNGFile.read(out)
            func pixel(_ x: Int, _ y: Int) -> [Int] { (0..<3).map { Int(rendered.pixels[(y * 160 + x) * 4 + $0]) } }
            // The 16×8 image fills the layer: red on the left, blue on the right (JPEG is lossy: near).
            XCTAssertGreaterThan(pixel(20, 40)[0], 200, "\(image): not red at the left: \(pixel(20, 40))")
            XCTAssertLessThan(pixel(20, 40)[2], 60, "\(image): \(pixel(20, 40))")
            XCTAssertGreaterThan(pixel(140, 40)[2], 200, "\(image): not blue at the right: \(pixel(140, 40))")
            XCTAssertLessThan(pixel(140, 40)[0], 60, "\(image): \(pixel(140, 40))")
            let inspect = try FXProcess.run(["validate", file.path])
            XCTAssertEqual(inspect.status, 0, inspect.stderr)
        }
        let file = directory.appendingPathComponent("broken.json")
        try """
            {"fx": 1, "canvas": {"size": [160, 80]},
             "textures": {"photo": "\(corpus.appendingPathComponent("truncated.jpg").path)"},
             "layers": [{"type": "image", "position": [80, 40], "bounds": [160, 80], "contents": "photo"}]}
            """.write(to: file, atomically: true, encoding: .utf8)
        let result = try FXProcess.run(["validate", file.path])
        XCTAssertEqual(result.status, 1)
        let output = result.stdout + result.stderr
        XCTAssertTrue(output.contains("texture \"photo\" cannot be used") && output.contains("the JPEG ends before its frame header"), output)
    }
}
