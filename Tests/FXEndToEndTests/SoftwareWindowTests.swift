import FXCore
import FXEffects
import FXSDL
import Foundation
import XCTest

/// The window without a GPU: under Xvfb SDL draws through Mesa's software OpenGL (or its own
/// software renderer), and fx draws the effect with its own rasterizer into one texture — the
/// picture `fx render` makes, byte for byte — unless told otherwise.
final class SoftwareWindowTests: XCTestCase {
    override class func tearDown() {
        VirtualScreen.closeShared(by: self)
        super.tearDown()
    }

    /// A still (the reduced-motion variant shows `previewTime`, paused): particles with normal
    /// and additive blending on a shape layer with a gradient and a text layer, which the
    /// headless renderer draws with SDL's software renderer between the particles.
    static let still = """
        {"fx": 1, "name": "still", "canvas": {"size": [320, 200], "background": "#101830"}, "previewTime": 1.5,
         "reducedMotion": {"still": true}, "layers": [
          {"type": "gradient", "name": "sky", "position": [160, 60], "bounds": [300, 100], "colors": ["#304070", "#a04060"]},
          {"type": "text", "name": "title", "position": [160, 170], "bounds": [300, 30], "string": "fx", "fontSize": 20,
           "foregroundColor": "white", "alignmentMode": "center"},
          {"type": "emitter", "name": "sparks", "emitterPosition": [160, 100], "emitterSize": [280, 160], "emitterShape": "rectangle",
           "emitterCells": [{"name": "square", "contents": "square", "birthRate": 25, "lifetime": 3, "velocity": 40, "velocityRange": 30,
             "emissionRange": "360deg", "spinRange": 4, "scale": 0.3, "scaleRange": 0.2, "color": [1, 0.6, 0.2, 0.9], "alphaSpeed": -0.2}]},
          {"type": "emitter", "name": "glow", "renderMode": "additive", "emitterPosition": [160, 100],
           "emitterCells": [{"name": "disc", "contents": "disc", "birthRate": 40, "lifetime": 2, "velocity": 60, "emissionRange": "360deg",
             "scale": 0.4, "color": [0.3, 0.5, 1, 0.6]}]}]}
        """

    /// The time bar the window draws over a paused effect's bottom rows.
    static let timeBarHeight = 26

    /// Shows the still in a window drawn with `arguments` and photographs it: the pixels of its
    /// canvas above the time bar, as RGB rows.
    func photograph(_ file: URL, _ arguments: [String], on screen: VirtualScreen) throws -> (pixels: [UInt8], log: String) {
        let fx = try screen.startFX(["play", file.path, "--reduced-motion", "--no-reload", "--quit-after", "60"] + arguments)
        let window = try fx.waitForWindow(named: "still")
        // Paused from the first frame: the next one shows the same picture, fully presented.
        try fx.waitForFrames(2, "frames of the still")
        let shot = FXProcess.temporaryDirectory().appendingPathComponent("window.png").path
        try screen.run("import", ["-window", window, shot])
        try screen.xdotool("key", "--window", window, "q")
        XCTAssertEqual(try fx.waitForExit("fx to close on q"), 0, fx.log)
        let image = try PNGFile.read(shot)
        XCTAssertEqual([image.width, image.height], [320, 200])
        return (rgbRows(image, rows: 200 - Self.timeBarHeight), fx.log)
    }

    /// The first `rows` rows of `image` as RGB bytes.
    func rgbRows(_ image: RGBAImage, rows: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: rows * image.width * 4, by: 4) { bytes += image.pixels[index..<index + 3] }
        return bytes
    }

    func testTheWindowShowsTheBytesFxRenderMakes() throws {
        guard try requireTools(["Xvfb", "import", "xdotool"]) else { return }
        let screen = try VirtualScreen.shared(by: self)
        let directory = FXProcess.temporaryDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("still.json")
        try Self.still.write(to: file, atomically: true, encoding: .utf8)
        // Two samples a pixel: exactly `fx render`'s picture at the canvas's size.
        let rendered = directory.appendingPathComponent("render.png").path
        let result = try FXProcess.run(["render", file.path, "--reduced-motion", "--out", rendered])
        XCTAssertEqual(result.status, 0, result.stderr)
        let expected = rgbRows(try PNGFile.read(rendered), rows: 200 - Self.timeBarHeight)
        let supersampled = try photograph(file, ["--software", "--supersampling", "2"], on: screen)
        XCTAssertTrue(supersampled.pixels == expected, "the window's picture is not fx render's: \(difference(supersampled.pixels, expected))")
        // One sample a pixel, the default: the headless renderer's picture at that setting.
        let effect = try EffectDecoder.decode(bytes: Array(Self.still.utf8), baseDirectory: directory.path, resources: SystemResources())
        let player = EffectPlayer(effect: effect)
        player.seek(to: 1.5)
        let renderer = try HeadlessRenderer(width: 320, height: 200, canvas: effect.canvas.size, supersampling: 1, resources: SystemResources())
        let list = DrawList()
        player.buildDrawList(into: list, pixelsPerPoint: renderer.renderedPixelsPerPoint)
        let single = rgbRows(try renderer.render(list), rows: 200 - Self.timeBarHeight)
        let window = try photograph(file, ["--software"], on: screen)
        XCTAssertTrue(window.pixels == single, "the window's picture is not the headless one: \(difference(window.pixels, single))")
        XCTAssertNotEqual(single, expected, "one and two samples a pixel drew the same")
    }

    /// Where two pictures first differ, and how many bytes do.
    func difference(_ a: [UInt8], _ b: [UInt8]) -> String {
        guard a.count == b.count else { return "\(a.count) bytes against \(b.count)" }
        let differing = zip(a, b).enumerated().filter { $0.element.0 != $0.element.1 }
        guard let first = differing.first else { return "none" }
        let pixel = first.offset / 3
        return "\(differing.count) bytes differ, the first at (\(pixel % 320), \(pixel / 320)): \(first.element.0) against \(first.element.1)"
    }

    /// Under Xvfb there is no GPU: without being asked, fx's rasterizer draws, and `--measure`
    /// says so; `--no-software` and `FX_SOFTWARE=0` give SDL's renderer the triangles instead,
    /// `FX_SOFTWARE=1` fx's rasterizer again, and `--software` wins over the environment.
    func testWithoutAGPUFxsRasterizerDrawsUnlessToldOtherwise() throws {
        guard try requireTools(["Xvfb"]) else { return }
        let screen = try VirtualScreen.shared(by: self)
        func drawing(_ arguments: [String], environment: [String: String] = [:]) throws -> String {
            let fx = try screen.start(FXProcess.binary(), ["play", "confetti", "--measure", "--quit-after", "1.6"] + arguments,
                                      environment: environment.merging(["FX_WINDOW_EVENTS": "1"]) { $1 })
            XCTAssertEqual(try fx.waitForExit("fx to close by itself"), 0, fx.log)
            guard let line = fx.lines.first(where: { $0.hasPrefix("window_fps ") }),
                  let word = line.split(separator: " ").first(where: { $0.hasPrefix("drawing=") }) else {
                XCTFail("no window_fps line with drawing=: \(fx.log)")
                return ""
            }
            return String(word.dropFirst("drawing=".count))
        }
        XCTAssertEqual(try drawing([]), "fx")
        XCTAssertEqual(try drawing(["--no-software"]), "sdl")
        XCTAssertEqual(try drawing([], environment: ["FX_SOFTWARE": "0"]), "sdl")
        XCTAssertEqual(try drawing([], environment: ["FX_SOFTWARE": "1"]), "fx")
        XCTAssertEqual(try drawing(["--software"], environment: ["FX_SOFTWARE": "0"]), "fx")
    }

    /// An `FX_SOFTWARE` that is not a choice, or a supersampling out of range, is refused before
    /// a window opens, saying what is accepted.
    func testBadChoicesAreRefused() throws {
        var result = try FXProcess.run(["play", "confetti"], environment: ["FX_SOFTWARE": "maybe"])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("FX_SOFTWARE=maybe is not a choice: 1 draws with fx's rasterizer, 0 with SDL's renderer"),
                      result.stderr)
        result = try FXProcess.run(["play", "confetti", "--supersampling", "5"])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("--supersampling must be 1, 2, 3 or 4"), result.stderr)
    }

    /// What names a software renderer: SDL's own, and an OpenGL whose `GL_RENDERER` names
    /// llvmpipe, softpipe or swrast (Mesa's strings), in any case; a GPU's string does not.
    func testSoftwareRenderersAreRecognisedByName() {
        XCTAssertEqual(RendererDescription(name: "software").softwareName, "software")
        XCTAssertEqual(RendererDescription(name: "opengl", openGLRenderer: "llvmpipe (LLVM 15.0.6, 256 bits)").softwareName, "llvmpipe")
        XCTAssertEqual(RendererDescription(name: "opengles2", openGLRenderer: "softpipe").softwareName, "softpipe")
        XCTAssertEqual(RendererDescription(name: "opengl", openGLRenderer: "Mesa X11 SWRAST").softwareName, "swrast")
        XCTAssertEqual(RendererDescription(name: "opengl", openGLRenderer: "Software Rasterizer").softwareName, "software rasterizer")
        XCTAssertFalse(RendererDescription(name: "opengl", openGLRenderer: "NVIDIA GeForce RTX 3060/PCIe/SSE2").isSoftware)
        XCTAssertFalse(RendererDescription(name: "opengl", openGLRenderer: "Mesa Intel(R) UHD Graphics 620 (KBL GT2)").isSoftware)
        XCTAssertFalse(RendererDescription(name: "opengl").isSoftware, "an OpenGL whose renderer could not be read")
    }
}
