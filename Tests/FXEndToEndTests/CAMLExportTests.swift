import FXCore
import FXSDL
import Foundation
import XCTest

/// `fx export --to caml`: a `.ca` bundle (`main.caml`, `index.xml` naming it, `assets/` with
/// the textures), checked by importing it back with the real binary: every shipped effect
/// whose export has no warning gives the same image hash (`fx hash … --time T`) at three
/// moments after `fx import bundle.ca`.
final class CAMLExportTests: XCTestCase {
    var effects: URL { FXProcess.packageRoot.appendingPathComponent("effects") }

    /// Every shipped effect that Core Animation expresses (its CAML export has no warning)
    /// comes back from `fx import` of its bundle as the same image at three moments, and the
    /// effects issue 36 lists are all expressible.
    func testEveryExpressibleShippedEffectComesBackAsTheSameImage() throws {
        let effects = try ExportRoundTrip.shippedEffects()
        let outcomes = try ExportRoundTrip.run(effects, format: "caml")
        XCTAssertGreaterThanOrEqual(outcomes.filter(\.isExpressible).count, 25)
        ExportRoundTrip.assertExact(outcomes, required: ExportRoundTrip.requiredEffects, format: "caml")
    }

    /// The bundle of an effect with built-in textures: `main.caml` in Core Animation's
    /// namespace with the root layer as big as the canvas, `index.xml` naming `main.caml` as
    /// the root document, and each built-in texture rendered at its full size into `assets/`
    /// and named by `<contents type="CGImage" src="assets/NAME.png"/>`.
    func testTheBundleHoldsItsDocumentIndexAndAssets() throws {
        let bundle = FXProcess.temporaryDirectory().appendingPathComponent("sparkle.ca")
        let export = try FXProcess.run(["export", "sparkle", "--to", "caml", "--out", bundle.path])
        XCTAssertEqual(export.status, 0, export.stderr)
        let main = try String(contentsOf: bundle.appendingPathComponent("main.caml"), encoding: .utf8)
        XCTAssertTrue(main.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<caml xmlns=\"http://www.apple.com/CoreAnimation/1.0\">\n  <CALayer "), main)
        XCTAssertTrue(main.contains(" bounds=\"0 0 600 600\""), main)
        let index = try String(contentsOf: bundle.appendingPathComponent("index.xml"), encoding: .utf8)
        XCTAssertTrue(index.contains("<key>rootDocument</key>\n\t<string>main.caml</string>"), index)
        for texture in [BuiltinTexture.star, .spark, .disc] {
            let path = bundle.appendingPathComponent("assets/\(texture.rawValue).png").path
            XCTAssertTrue(FileManager.default.fileExists(atPath: path), "assets/\(texture.rawValue).png is missing")
            XCTAssertEqual(try PNGFile.read(path), texture.image(level: 0))
            XCTAssertTrue(main.contains("<contents type=\"CGImage\" src=\"assets/\(texture.rawValue).png\"/>"), main)
        }
    }

    /// What no shipped expressible effect has, exported and imported back to the same image:
    /// an image file whose name needs URL-encoding (`src="assets/my%20tile.png"`), a transform
    /// of every kind (`perspective(300) translate(4, -3) rotate(20deg, 0, 1, 0) …`), a
    /// CATransition (its type an element, `type=` naming the class), an even-odd shape with
    /// quadratic curves, a dash pattern and a fill with alpha, a keyframe animation along a
    /// path, and a string with markup characters and a line break.
    func testEncodingsComeBackTheSame() throws {
        let folder = FXProcess.temporaryDirectory()
        var pixels: [UInt8] = []
        for y in 0..<16 { for x in 0..<16 { pixels += [UInt8(x * 16), UInt8(y * 16), 128, 255] } }
        try PNGFile.write(RGBAImage(width: 16, height: 16, pixels: pixels), to: folder.appendingPathComponent("my tile.png").path)
        let effect = folder.appendingPathComponent("encodings.json")
        try Data(#"""
            {"fx": 1, "name": "encodings", "canvas": {"size": [200, 160], "background": "#203040"}, "duration": 3,
             "textures": {"tile": "my tile.png"},
             "layers": [
              {"type": "image", "name": "tile", "contents": "tile", "position": [40, 40], "bounds": [32, 32],
               "transform": [{"perspective": 300}, {"translate": [4, -3]}, {"rotateY": "20deg"}, {"rotateX": "-15deg"}, {"translateZ": 5}, {"scale": [1.5, 0.75]}],
               "animations": [{"type": "transition", "transitionType": "push", "duration": 1}]},
              {"type": "shape", "name": "ring", "position": [120, 80], "bounds": [80, 80],
               "path": "M 10 40 Q 40 0 70 40 Q 40 80 10 40 Z M 30 40 L 50 40 L 40 50 Z", "fillRule": "evenOdd", "fillColor": [1, 0.5, 0, 0.6],
               "strokeColor": "#ffffff", "lineWidth": 2, "lineDashPattern": [4, 2],
               "animations": [{"type": "keyframe", "keyPath": "position", "path": "M 120 80 C 150 40 170 120 120 80", "duration": 2,
                               "repeatCount": "infinity", "calculationMode": "paced"}]},
              {"type": "text", "name": "label", "position": [100, 140], "bounds": [180, 30], "string": "A & B <\"C\">\nline 2",
               "font": "DejaVu Sans", "fontSize": 11, "foregroundColor": [1, 1, 1, 0.8]}
             ]}
            """#.utf8).write(to: effect)
        let bundle = folder.appendingPathComponent("encodings.ca")
        let export = try FXProcess.run(["export", effect.path, "--to", "caml", "--out", bundle.path])
        XCTAssertEqual(export.status, 0, export.stderr)
        XCTAssertFalse(export.stderr.contains(": warning: "), export.stderr)
        let main = try String(contentsOf: bundle.appendingPathComponent("main.caml"), encoding: .utf8)
        for expected in ["<contents type=\"CGImage\" src=\"assets/my%20tile.png\"/>",
                         "transform=\"perspective(300) translate(4, -3) rotate(20deg, 0, 1, 0) rotate(-15deg, 1, 0, 0) translate(0, 0, 5) scale(1.5, 0.75, 1)\"",
                         "type=\"CATransition\"", "<type value=\"push\"/>", "fillRule=\"even-odd\"",
                         "<path type=\"CGPath\" value=\"M 10 40 Q 40 0 70 40 Q 40 80 10 40 Z M 30 40 L 50 40 L 40 50 Z\"/>",
                         "<fillColor opacity=\"0.6\" value=\"1 0.5 0\"/>", "string=\"A &amp; B &lt;&quot;C&quot;&gt;&#10;line 2\""] {
            XCTAssertTrue(main.contains(expected), "main.caml lacks \(expected):\n\(main)")
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: bundle.appendingPathComponent("assets/my tile.png").path))
        let back = folder.appendingPathComponent("back.json")
        let imported = try FXProcess.run(["import", bundle.path, "--out", back.path])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: back)) as? [String: Any] ?? [:]
        XCTAssertEqual((json["canvas"] as? [String: Any])?["background"] as? String, "#203040")
        for time in [0.3, 0.5, 1.5] {
            XCTAssertEqual(try imageHash(back.path, at: time), try imageHash(effect.path, at: time), "at \(time) s")
        }
    }

    /// An image named like a built-in texture comes back as that texture only when it holds
    /// exactly the pixels `fx export` renders: another `assets/star.png` is an image file.
    func testOnlyTheBuiltinPixelsMakeABuiltinTexture() throws {
        let folder = FXProcess.temporaryDirectory().appendingPathComponent("Stars.ca")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("assets"), withIntermediateDirectories: true)
        var star = BuiltinTexture.star.image(level: 0)
        try PNGFile.write(star, to: folder.appendingPathComponent("assets/star.png").path)
        star.pixels[star.pixels.count / 2] ^= 1
        try PNGFile.write(star, to: folder.appendingPathComponent("assets/ring.png").path)
        // A 64 × 64 PNG whose data inflates to 200 000 bytes, twelve times its pixels: refused
        // as it inflates, and imported as the image file it claims to be.
        let bomb = "iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAYAAACqaXHeAAAA2UlEQVR42u3BMQEAAADCoPVPbQZ/o"
            + String(repeating: "A", count: 258) + "CA1wANbQABD6rragAAAABJRU5ErkJggg=="
        try XCTUnwrap(Data(base64Encoded: bomb)).write(to: folder.appendingPathComponent("assets/disc.png"))
        try Data("""
            <caml xmlns="http://www.apple.com/CoreAnimation/1.0"><CALayer bounds="0 0 100 100"><sublayers>
            <CALayer name="a" bounds="0 0 64 64" position="30 30"><contents type="CGImage" src="assets/star.png"/></CALayer>
            <CALayer name="b" bounds="0 0 64 64" position="70 70"><contents type="CGImage" src="assets/ring.png"/></CALayer>
            <CALayer name="c" bounds="0 0 64 64" position="50 50"><contents type="CGImage" src="assets/disc.png"/></CALayer>
            </sublayers></CALayer></caml>
            """.utf8).write(to: folder.appendingPathComponent("main.caml"))
        let out = folder.deletingLastPathComponent().appendingPathComponent("stars.json")
        let result = try FXProcess.run(["import", folder.path, "--out", out.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: Any] ?? [:]
        let layers = (json["layers"] as? [[String: Any]])?.first?["sublayers"] as? [[String: Any]] ?? []
        XCTAssertEqual(layers.map { $0["contents"] as? String }, ["star", "ring-2", "disc-2"])
        XCTAssertEqual((json["textures"] as? [String: Any])?.keys.sorted(), ["disc-2", "ring-2"])
    }

    /// snow's `prewarm` is written as its emitter layer's `beginTime="-12"` (warned: Core
    /// Animation has no prewarm) and read back as `prewarm` 12, so the bundle still gives
    /// snow's image.
    func testAnEmitterLayerBegunEarlierComesBackPrewarmed() throws {
        let folder = FXProcess.temporaryDirectory()
        let bundle = folder.appendingPathComponent("snow.ca"), back = folder.appendingPathComponent("snow.json")
        let export = try FXProcess.run(["export", "snow", "--to", "caml", "--out", bundle.path])
        XCTAssertEqual(export.status, 0, export.stderr)
        XCTAssertTrue(try String(contentsOf: bundle.appendingPathComponent("main.caml"), encoding: .utf8).contains(" beginTime=\"-12\""))
        let imported = try FXProcess.run(["import", bundle.path, "--out", back.path])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: back)) as? [String: Any] ?? [:]
        let snow = ((json["layers"] as? [[String: Any]])?.first?["sublayers"] as? [[String: Any]])?.first
        XCTAssertEqual(snow?["prewarm"] as? Double, 12)
        XCTAssertNil(snow?["beginTime"])
        for time in [0.5, 1.5] {
            XCTAssertEqual(try imageHash(back.path, at: time), try imageHash("snow", at: time), "at \(time) s")
        }
    }

    /// The image hash of `fx hash TARGET --time T`.
    func imageHash(_ target: String, at time: Double) throws -> String {
        let result = try FXProcess.run(["hash", target, "--time", "\(time)"])
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout.components(separatedBy: " image ").last ?? result.stdout
    }
}
