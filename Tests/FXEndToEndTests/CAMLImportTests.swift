import Foundation
import XCTest

/// `fx import` of CAML, Core Animation's document format (`main.caml` in a `.ca` bundle
/// folder), through the real binary: the bundle folder and its `main.caml` import alike, the
/// effect validates, and `fx inspect` shows at a time t what Core Animation computes from the
/// document's own numbers — a basic animation's value from its fromValue, toValue, duration and
/// timing function (CAMediaTimingFunction's cubic Bézier), a keyframe animation's from its
/// values and keyTimes, an emitter's births as the layer's birthRate × the cell's. Hostile
/// documents (entities, deep nesting, cut short, megabyte lines) fail with file:line:column or
/// import, never trap or hang.
final class CAMLImportTests: XCTestCase {
    var examples: URL { FXProcess.packageRoot.appendingPathComponent("Examples/imports") }

    /// Imports `source` into a new folder; the effect's path, its JSON and the run.
    func importing(_ source: String, arguments: [String] = [], file: StaticString = #filePath, line: UInt = #line) throws -> (URL, [String: Any], FXProcess.Result) {
        let out = FXProcess.temporaryDirectory().appendingPathComponent("imported.json")
        let result = try FXProcess.run(["import", source, "--out", out.path] + arguments, timeout: 120)
        XCTAssertTrue([0, 1].contains(result.status), "exit \(result.status): \(result.stderr.suffix(2000))", file: file, line: line)
        guard result.status == 0 else { return (out, [:], result) }
        let validation = try FXProcess.run(["validate", out.path])
        XCTAssertEqual(validation.status, 0, validation.stdout + validation.stderr, file: file, line: line)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: Any] ?? [:]
        return (out, json, result)
    }

    /// The presentation values of `keyPaths` at `time`.
    func values(_ effect: URL, at time: Double, _ keyPaths: [String]) throws -> [String: Any] {
        let result = try FXProcess.run(["inspect", effect.path, "--time", "\(time)"] + keyPaths.flatMap { ["--keypath", $0] })
        XCTAssertEqual(result.status, 0, result.stderr)
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return report?["values"] as? [String: Any] ?? [:]
    }

    /// The cells of `fx inspect` at `time`, by path.
    func cells(_ effect: URL, at time: Double) throws -> [String: [String: Any]] {
        let result = try FXProcess.run(["inspect", effect.path, "--time", "\(time)"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        var cells: [String: [String: Any]] = [:]
        for layer in (report?["layers"] as? [[String: Any]]) ?? [] {
            for cell in (layer["cells"] as? [[String: Any]]) ?? [] { cells[cell["path"] as? String ?? ""] = cell }
        }
        return cells
    }

    /// Core Animation's timing function: the cubic Bézier through (0,0), c1, c2, (1,1), y at x
    /// (CAMediaTimingFunction(controlPoints:)), solved by bisection.
    func timing(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double, at x: Double) -> Double {
        func bezier(_ a: Double, _ b: Double, _ s: Double) -> Double { 3 * a * s * (1 - s) * (1 - s) + 3 * b * s * s * (1 - s) + s * s * s }
        var low = 0.0, high = 1.0
        for _ in 0..<60 {
            let middle = (low + high) / 2
            if bezier(c1x, c2x, middle) < x { low = middle } else { high = middle }
        }
        return bezier(c1y, c2y, (low + high) / 2)
    }

    /// A folder `Name.ca` holding `main.caml` with `text` (and `assets/` when given).
    func bundle(_ text: String, name: String = "Doc", assets: [String: Data] = [:]) throws -> URL {
        let folder = FXProcess.temporaryDirectory().appendingPathComponent(name + ".ca")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("assets"), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: folder.appendingPathComponent("main.caml"))
        for (path, data) in assets { try data.write(to: folder.appendingPathComponent(path)) }
        return folder
    }

    func document(_ body: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<caml xmlns=\"http://www.apple.com/CoreAnimation/1.0\">\n" + body + "\n</caml>\n"
    }

    // MARK: - The examples

    /// Orbit.ca: the folder and its main.caml import to the same layers; the planet image,
    /// named URL-encoded (`assets/Planet-2%201.png`), is written beside the effect; the
    /// document's leftovers (locked, mica_*, description, <hash>, <delegate/>,
    /// <scriptComponents/>, autoresizingMask) make no warning.
    func testOrbitImportsAsFolderAndAsMainCaml() throws {
        let folder = examples.appendingPathComponent("Orbit.ca").path
        let (out, effect, result) = try importing(folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("(0 warnings)"), result.stderr)
        let (_, fromFile, fileResult) = try importing(folder + "/main.caml")
        XCTAssertEqual(fileResult.status, 0, fileResult.stderr)
        XCTAssertEqual((effect["layers"] as? NSArray), (fromFile["layers"] as? NSArray))
        XCTAssertEqual((effect["textures"] as? [String: String])?["Planet-2-1"], "imported-Planet-2-1.png")
        let written = try Data(contentsOf: out.deletingLastPathComponent().appendingPathComponent("imported-Planet-2-1.png"))
        XCTAssertEqual(written, try Data(contentsOf: examples.appendingPathComponent("Orbit.ca/assets/Planet-2 1.png")))
        let canvas = effect["canvas"] as? [String: Any]
        XCTAssertEqual(canvas?["size"] as? [Double], [400, 400])
        // Without --out the effect is named after the bundle and written beside it.
        let copy = FXProcess.temporaryDirectory().appendingPathComponent("Orbit.ca")
        try FileManager.default.copyItem(atPath: folder, toPath: copy.path)
        let plain = try FXProcess.run(["import", copy.path])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: copy.deletingLastPathComponent().appendingPathComponent("Orbit.fx.json").path), plain.stderr)
    }

    /// Orbit.ca's numbers against Core Animation's: the ring turns 0 → 2π linearly in 4 s,
    /// repeating (π/2 at 1 s and at 5 s); the planet's scale goes 0.6 → 1.2 in 0.6 s eased in
    /// and out, autoreversing (at 0.3 s the curve is at its symmetric middle: 0.9); the sun's
    /// opacity keyframes 1 → 0.6 → 1 at key times 0, 0.5, 1 of 2 s (0.8 at 0.5 s); the sun's
    /// transform string in degrees (25deg) is 25° in radians; 12 instances.
    func testOrbitValuesMatchCoreAnimation() throws {
        let (out, effect, result) = try importing(examples.appendingPathComponent("Orbit.ca").path)
        XCTAssertEqual(result.status, 0, result.stderr)
        let ring = ((effect["layers"] as? [[String: Any]])?.first?["sublayers"] as? [[String: Any]])?.first
        XCTAssertEqual(ring?["type"] as? String, "replicator")
        XCTAssertEqual(ring?["instanceCount"] as? Double, 12)
        XCTAssertEqual(ring?["instanceTransform"] as? NSArray, [["rotate": "30deg"]] as NSArray)
        let sun = ((effect["layers"] as? [[String: Any]])?.first?["sublayers"] as? [[String: Any]])?.last
        XCTAssertEqual(sun?["transform"] as? NSArray, [["translate": [0, 0]], ["rotate": "25deg"], ["scale": 1.25]] as NSArray)
        for (time, expected) in [(1.0, Double.pi / 2), (5.0, Double.pi / 2), (3.0, 3 * Double.pi / 2)] {
            let value = try values(out, at: time, ["ring.transform.rotation.z"])["ring.transform.rotation.z"] as? Double
            XCTAssertEqual(value ?? .nan, expected, accuracy: 1e-3, "at \(time) s")
        }
        let at = try values(out, at: 0.3, ["planet.transform.scale.x", "sun.opacity"])
        let eased = timing(0.42, 0, 0.58, 1, at: 0.5)
        XCTAssertEqual(at["planet.transform.scale.x"] as? Double ?? .nan, 0.6 + 0.6 * eased, accuracy: 1e-3)
        let sunOpacity = try values(out, at: 0.5, ["sun.opacity", "sun.transform.rotation.z"])
        XCTAssertEqual(sunOpacity["sun.opacity"] as? Double ?? .nan, 0.8, accuracy: 1e-3)
        XCTAssertEqual(sunOpacity["sun.transform.rotation.z"] as? Double ?? .nan, 25 * Double.pi / 180, accuracy: 1e-6)
        let render = FXProcess.temporaryDirectory().appendingPathComponent("orbit.png")
        let rendered = try FXProcess.run(["render", out.path, "--time", "1", "--out", render.path])
        XCTAssertEqual(rendered.status, 0, rendered.stderr)
    }

    /// Snowfall.ca (CAPlayground's style: one line, `<contents><CGImage src/></contents>`,
    /// `data:` URLs, key-path attributes): the layer's birthRate 2 multiplies the flake cell's
    /// 20 (CAEmitterLayer.birthRate: "The birth rate of each cell is multiplied by this
    /// number"), and the cells' beginTime −12 starts them 12 s into their lives, so Core
    /// Animation shows 40/s × E[min(age, life)]: at 0 s births over 12 s with lives uniform in
    /// 11…13 s: 40 × 11.75 = 470 alive; at 3 s, 15 s in: 40 × 12 = 480 (±5 %, the lives drawn).
    func testSnowfallEmitterMultipliesRatesAndStartsFull() throws {
        let (out, effect, result) = try importing(examples.appendingPathComponent("Snowfall.ca").path)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("(0 warnings)"), result.stderr)
        let snow = ((effect["layers"] as? [[String: Any]])?.first?["sublayers"] as? [[String: Any]])?.first
        XCTAssertEqual(snow?["birthRate"] as? Double, 2)
        XCTAssertEqual(snow?["prewarm"] as? Double, 12)
        XCTAssertEqual((snow?["emitterBehaviors"] as? [[String: Any]])?.map { $0["type"] as? String }, ["drag", "valueOverLife"])
        let textures = effect["textures"] as? [String: String] ?? [:]
        XCTAssertEqual(textures.count, 2, "\(textures)") // flake.png and one data: URL (written once)
        let star = try Data(contentsOf: out.deletingLastPathComponent().appendingPathComponent(textures["image-2"] ?? textures.values.sorted().first ?? ""))
        XCTAssertTrue(star.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let start = try cells(out, at: 0)
        XCTAssertEqual(Double(start["emitterCells.flake"]?["alive"] as? Int ?? 0), 470, accuracy: 470 * 0.05)
        let later = try cells(out, at: 3)
        XCTAssertEqual(Double(later["emitterCells.flake"]?["alive"] as? Int ?? 0), 480, accuracy: 480 * 0.05)
        XCTAssertNotNil(later["emitterCells.flake.emitterCells.glint"])
        let render = FXProcess.temporaryDirectory().appendingPathComponent("snow.png")
        XCTAssertEqual(try FXProcess.run(["render", out.path, "--time", "1", "--out", render.path]).status, 0)
    }

    /// Shimmer.ca: a text layer masked by a gradient whose locations slide, a shape layer whose
    /// strokeEnd draws a check mark, and states: the base state ("Base State") is applied (the
    /// check's lineWidth 6, the label's position.y 220) and one warning lists what is not carried.
    func testShimmerStatesShapeAndMask() throws {
        let (out, effect, result) = try importing(examples.appendingPathComponent("Shimmer.ca").path)
        XCTAssertEqual(result.status, 0, result.stderr)
        let warnings = result.stderr.split(separator: "\n").filter { $0.contains(": warning: ") }
        XCTAssertEqual(warnings.count, 1, result.stderr)
        XCTAssertTrue(warnings.first?.hasSuffix(#"Shimmer.ca/main.caml:6: warning: states: fx has no state machine: the base state "Base State" is applied to the layers; not carried: the state "Locked" (1 value); 1 state transition and their animations"#) ?? false, result.stderr)
        let sublayers = (effect["layers"] as? [[String: Any]])?.first?["sublayers"] as? [[String: Any]] ?? []
        XCTAssertEqual(sublayers.first?["position"] as? [Double], [195, 220])
        XCTAssertEqual(sublayers.last?["lineWidth"] as? Double, 6)
        XCTAssertEqual(sublayers.last?["path"] as? String, "M 30 85 L 65 120 L 130 45")
        // strokeEnd 0 → 1 over 1.5 s, eased in and out; the mask's locations over 2 s on (0.25, 0.1, 0.25, 1).
        let at = try values(out, at: 0.75, ["check.strokeEnd"])
        XCTAssertEqual(at["check.strokeEnd"] as? Double ?? .nan, timing(0.42, 0, 0.58, 1, at: 0.5), accuracy: 1e-3)
        let slide = try values(out, at: 1, ["shine.locations"])["shine.locations"] as? [Double] ?? []
        let f = timing(0.25, 0.1, 0.25, 1, at: 0.5)
        XCTAssertEqual(slide.count, 3)
        for (index, value) in slide.enumerated() {
            XCTAssertEqual(value, [0, 0.1, 0.2][index] + 0.8 * f, accuracy: 1e-3)
        }
        let render = FXProcess.temporaryDirectory().appendingPathComponent("shimmer.png")
        XCTAssertEqual(try FXProcess.run(["render", out.path, "--time", "1", "--out", render.path]).status, 0)
    }

    // MARK: - Encodings

    /// Transform strings: degrees, axis-angle rotations, 3-D translations and scales; colors as
    /// attributes and as elements with opacity; an empty transform; `--from caml` on a file of
    /// another name.
    func testTransformStringsAndColors() throws {
        let text = document("""
            <CALayer bounds="0 0 200 100" position="100 50">
              <sublayers>
                <CALayer name="card" bounds="0 0 40 40" position="50 50" transform="translate(-168, -120, -999) rotate(25.0472deg) rotate(20.7048deg, 0, 1, 0) rotate(-10deg, 0, 0, -1) scale(2.41568, 2.41568, 1)" backgroundColor="0.3764 0.8725 1.016"/>
                <CALayer name="clear" bounds="0 0 10 10" position="20 20" transform="">
                  <backgroundColor opacity="0" value="1 0 1"/>
                  <borderColor opacity="0.5" value="0 0 1"/>
                </CALayer>
              </sublayers>
            </CALayer>
            """)
        let file = FXProcess.temporaryDirectory().appendingPathComponent("scene.xml")
        try Data(text.utf8).write(to: file)
        let (out, effect, result) = try importing(file.path, arguments: ["--from", "caml"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let layers = (effect["layers"] as? [[String: Any]])?.first?["sublayers"] as? [[String: Any]] ?? []
        XCTAssertEqual(layers.first?["transform"] as? NSArray, [["translate": [-168, -120]], ["translateZ": -999], ["rotate": "25.0472deg"],
                                                               ["rotateY": "20.7048deg"], ["rotate": "10deg"], ["scale": 2.41568]] as NSArray)
        XCTAssertEqual(layers.first?["backgroundColor"] as? [Double], [0.3764, 0.8725, 1, 1])
        XCTAssertTrue(result.stderr.contains("scene.xml:5: warning: backgroundColor: an extended-range color"), result.stderr)
        XCTAssertNil(layers.last?["transform"])
        XCTAssertEqual(layers.last?["backgroundColor"] as? [Double], [1, 0, 1, 0])
        XCTAssertEqual(layers.last?["borderColor"] as? [Double], [0, 0, 1, 0.5])
        let rotation = try values(out, at: 0, ["card.transform.rotation.z"])["card.transform.rotation.z"] as? Double
        XCTAssertEqual(rotation ?? .nan, (25.0472 + 10) * Double.pi / 180, accuracy: 1e-4)
    }

    /// Tool leftovers pass quietly; geometryFlipped, an animation on a key path fx lacks and a
    /// class fx lacks are each a warning at their line; the animation is dropped by what fx's
    /// decoder says, and the rest imports.
    func testLeftoversAreQuietAndGapsAreWarned() throws {
        let text = document("""
            <CALayer bounds="0 0 100 100" position="50 50" locked="0" autoresizingMask="18" mica_uuid="x" description="&lt;CALayer: 0x1&gt;" debugDescription="long">
              <hash type="real" value="0.5"/>
              <delegate/>
              <scriptComponents/>
              <sublayers>
                <CALayer name="dot" bounds="0 0 10 10" position="50 50" geometryFlipped="1" backgroundColor="1 1 1">
                  <animations>
                    <matrix type="CABasicAnimation" keyPath="filters.colorMatrix.inputColorMatrix" duration="1"/>
                    <fade type="CABasicAnimation" keyPath="opacity" fromValue="1" toValue="0" duration="2" beginTime="1e-100"/>
                  </animations>
                </CALayer>
                <CAScrollLayer bounds="0 0 10 10"/>
              </sublayers>
            </CALayer>
            """)
        let (out, _, result) = try importing(try bundle(text).path)
        XCTAssertEqual(result.status, 0, result.stderr)
        let warnings = result.stderr.split(separator: "\n").filter { $0.contains(": warning: ") }.map(String.init)
        XCTAssertEqual(warnings.count, 3, result.stderr)
        XCTAssertTrue(warnings.contains { $0.contains("Doc.ca/main.caml:8: warning: geometryFlipped: ") }, result.stderr)
        XCTAssertTrue(warnings.contains { $0.contains("Doc.ca/main.caml:10: warning: matrix: dropped: fx would not load it: ") }, result.stderr)
        XCTAssertTrue(warnings.contains { $0.contains("Doc.ca/main.caml:14: warning: CAScrollLayer: ") }, result.stderr)
        let fade = try values(out, at: 1, ["dot.opacity"])["dot.opacity"] as? Double
        XCTAssertEqual(fade ?? .nan, 0.5, accuracy: 1e-3)
    }

    /// `geometryFlipped="1"` on the root: its sublayers' y runs up from the bottom, so fx, which
    /// is y-down only, places them mirrored as Core Animation shows them: position.y 20 in a
    /// 100-point-high parent is 80 from the top, anchorPoint.y 0 is 1, rotate(30deg) turns
    /// −30°, translate(5, 5) moves up, a position.y animation 20 → 80 runs 80 → 20 (so the
    /// dot is 50 from the top half-way), and an emitter's position and downward emission
    /// (π/2, yAcceleration 20) go up.
    func testFlippedGeometryIsMirrored() throws {
        let text = document("""
            <CALayer bounds="0 0 100 100" geometryFlipped="1">
              <sublayers>
                <CALayer name="dot" bounds="0 0 10 10" position="50 20" anchorPoint="0.5 0" backgroundColor="1 0 0" transform="translate(5, 5) rotate(30deg)">
                  <animations><up type="CABasicAnimation" keyPath="position.y" fromValue="20" toValue="80" duration="2"/></animations>
                </CALayer>
                <CAEmitterLayer name="em" bounds="0 0 100 100" position="50 50" emitterPosition="50 10">
                  <emitterCells><CAEmitterCell name="c" birthRate="10" lifetime="2" velocity="50" emissionLongitude="1.5707963267948966" yAcceleration="20"/></emitterCells>
                </CAEmitterLayer>
              </sublayers>
            </CALayer>
            """)
        let (out, effect, result) = try importing(try bundle(text).path)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("main.caml:3: warning: geometryFlipped: fx has no flipped geometry"), result.stderr)
        let layers = (effect["layers"] as? [[String: Any]])?.first?["sublayers"] as? [[String: Any]] ?? []
        XCTAssertEqual(layers.first?["position"] as? [Double], [50, 80])
        XCTAssertEqual(layers.first?["anchorPoint"] as? [Double], [0.5, 1])
        XCTAssertEqual(layers.first?["transform"] as? NSArray, [["translate": [5, -5]], ["rotate": "-30deg"]] as NSArray)
        XCTAssertEqual(layers.last?["emitterPosition"] as? [Double], [50, 90])
        let cell = (layers.last?["emitterCells"] as? [[String: Any]])?.first
        XCTAssertEqual(cell?["emissionLongitude"] as? String, "-90deg")
        XCTAssertEqual(cell?["yAcceleration"] as? Double, -20)
        let y = try values(out, at: 1, ["dot.position.y"])["dot.position.y"] as? Double
        XCTAssertEqual(y ?? .nan, 50, accuracy: 1e-6)
    }

    /// An image sequence (a keyframe animation of `contents` whose values are `<CGImage>`s) and
    /// a group whose children are named by their class, one a spring: the images become
    /// textures shown in turn (discrete, warned: Core Animation's default linear mode
    /// cross-fades); the group's opacity child is 0.5 at 0.5 s of 0 → 1 over 1 s; the spring's
    /// position.x at 1 s is CASpringAnimation's damped oscillator, mass 1, stiffness 100,
    /// damping 10: 100 − 100·e^(−ζω₀t)(cos ω_d t + ζω₀/ω_d · sin ω_d t), ω₀ = 10, ζ = 0.5.
    func testImageSequenceGroupAndSpring() throws {
        let text = document("""
            <CALayer bounds="0 0 100 100">
              <sublayers>
                <CALayer name="film" bounds="0 0 16 16" position="50 50">
                  <contents type="CGImage" src="assets/a.png"/>
                  <animations>
                    <animation type="CAKeyframeAnimation" keyPath="contents" duration="1" repeatCount="inf">
                      <values><CGImage src="assets/a.png"/><CGImage src="assets/b%20c.png"/></values>
                    </animation>
                    <grow type="CAAnimationGroup" duration="2" fillMode="both" removedOnCompletion="0">
                      <animations>
                        <CABasicAnimation keyPath="opacity" fromValue="0" toValue="1" duration="1"/>
                        <CASpringAnimation keyPath="position.x" fromValue="0" toValue="100" mass="1" stiffness="100" damping="10" velocity="0" duration="2"/>
                      </animations>
                    </grow>
                  </animations>
                </CALayer>
              </sublayers>
            </CALayer>
            """)
        let png = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAeUlEQVQ4y6WSQQ7AIAgEoT/Rvsm36Os7PZSDsYol3cQYIiwDUcQRoDzSVc4hvtJwhw3KcL+0RDPsq2+mqkQI0ibeGpRNPMcGMlCZq9q7RorwzBRgi+bosHOKSAvWNqv7uQNnoaNJDfFZp155lvf7J34dI4Y/GSOvcm6L7t9SB/Xk1QAAAABJRU5ErkJggg==")!
        let (out, effect, result) = try importing(try bundle(text, assets: ["assets/a.png": png, "assets/b c.png": png]).path)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("main.caml:8: warning: calculationMode: images in turn are shown one at a time (discrete)"), result.stderr)
        let film = ((effect["layers"] as? [[String: Any]])?.first?["sublayers"] as? [[String: Any]])?.first
        let animations = film?["animations"] as? [[String: Any]] ?? []
        XCTAssertEqual(animations.first?["values"] as? [String], ["a", "b-c"])
        XCTAssertEqual(animations.first?["calculationMode"] as? String, "discrete")
        XCTAssertEqual((animations.last?["animations"] as? [[String: Any]])?.map { $0["type"] as? String }, ["basic", "spring"])
        let at = try values(out, at: 0.5, ["film.opacity"])
        XCTAssertEqual(at["film.opacity"] as? Double ?? .nan, 0.5, accuracy: 1e-3)
        let omega = 10.0, zeta = 0.5, damped = omega * (1 - zeta * zeta).squareRoot()
        let expected = 100 - 100 * exp(-zeta * omega) * (cos(damped) + zeta * omega / damped * sin(damped))
        let x = try values(out, at: 1, ["film.position.x"])["film.position.x"] as? Double
        XCTAssertEqual(x ?? .nan, expected, accuracy: 1e-2)
    }

    // MARK: - Hostile documents

    /// Entities, nesting, truncation, text that is not UTF-8, a root that is no layer: each an
    /// error with file:line:column, exit 1, nothing written; a megabyte on one line imports.
    func testHostileDocumentsFailClearlyOrImport() throws {
        let laughs = """
            <?xml version="1.0"?>
            <!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
            <caml xmlns="http://www.apple.com/CoreAnimation/1.0"><CALayer name="&lol2;"/></caml>
            """
        let deep = "<caml>" + String(repeating: "<CALayer><sublayers>", count: 20_000) + "</caml>"
        let cases: [(String, String, String)] = [
            (laughs, "main.caml:2:1: error: a <!DOCTYPE", "billion laughs"),
            (deep, "main.caml:1:", "deep nesting"),
            ("<caml><CALayer bounds=\"0 0 10 10\"><sublayers><CALayer", "main.caml:1:46: error: the document ends inside the tag <CALayer", "cut short"),
            ("<caml><CALayer bounds=\"0 0 10 10\"><sublayers>", "main.caml:1:35: error: <sublayers> is never closed", "never closed"),
            (document("<CALayer bounds=\"0 0 10 10\"><sublayers></CALayer>"), "main.caml:3:40: error: </CALayer> closes <sublayers> opened at line 3, column 29", "mismatched"),
            (document("<CALayer name=\"&nbsp;\"/>"), "main.caml:3:16: error: the entity &nbsp; is not defined", "entity"),
            (document("<MicaAssetManifest><modules type=\"NSArray\"/></MicaAssetManifest>"), "main.caml:3:1: error: the document's object is a MicaAssetManifest", "not a layer"),
            ("", "error: the file is empty", "empty"),
            ("<caml>\u{0}</caml>", "main.caml:1:7: error: the control character 0", "NUL"),
        ]
        for (text, expected, what) in cases {
            let folder = try bundle(text)
            let (out, _, result) = try importing(folder.path)
            XCTAssertEqual(result.status, 1, "\(what): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(expected), "\(what): \(result.stderr)")
            if what == "deep nesting" { XCTAssertTrue(result.stderr.contains("deeper than 256 levels"), result.stderr) }
            XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), what)
        }
        // Not UTF-8.
        let latin = try bundle("")
        try Data([0x3C, 0x63, 0x61, 0x6D, 0x6C, 0x3E, 0xE9, 0x3C, 0x2F, 0x63, 0x61, 0x6D, 0x6C, 0x3E]).write(to: latin.appendingPathComponent("main.caml"))
        let (_, _, latinResult) = try importing(latin.path)
        XCTAssertTrue(latinResult.stderr.contains("main.caml:1:7: error: the document is not UTF-8"), latinResult.stderr)
        // A folder that is no bundle.
        let empty = FXProcess.temporaryDirectory().appendingPathComponent("Empty.ca")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let (_, _, emptyResult) = try importing(empty.path)
        XCTAssertTrue(emptyResult.stderr.contains("Empty.ca: a Core Animation bundle holds its document in main.caml, and this folder has none"), emptyResult.stderr)
        // A megabyte on one line: 5000 sublayers, imported in well under the time limit.
        let layers = (0..<5000).map { "<CALayer name=\"l\($0)\" bounds=\"0 0 4 4\" position=\"\($0 % 100) \($0 / 100)\" backgroundColor=\"1 0.5 0.25\" description=\"\(String(repeating: "x", count: 120))\"/>" }
        let line = "<caml xmlns=\"http://www.apple.com/CoreAnimation/1.0\"><CALayer bounds=\"0 0 100 50\"><sublayers>" + layers.joined() + "</sublayers></CALayer></caml>"
        XCTAssertGreaterThan(line.utf8.count, 1_000_000)
        let started = Date()
        let (_, big, bigResult) = try importing(try bundle(line).path)
        XCTAssertEqual(bigResult.status, 0, bigResult.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(started), 60)
        XCTAssertEqual(((big["layers"] as? [[String: Any]])?.first?["sublayers"] as? [Any])?.count, 5000)
        // 100 000 attributes fx does not know on one element: read in linear time, and the
        // warnings are capped at 500 and a line saying how many more.
        let attributes = (0..<100_000).map { "a\($0)=\"1\"" }.joined(separator: " ")
        let (_, _, manyResult) = try importing(try bundle("<caml><CALayer bounds=\"0 0 10 10\" \(attributes)/></caml>").path)
        XCTAssertEqual(manyResult.status, 0, String(manyResult.stderr.suffix(500)))
        XCTAssertTrue(manyResult.stderr.contains("and 99500 more warnings, not listed (the first 500 are)"), String(manyResult.stderr.suffix(500)))
        XCTAssertTrue(manyResult.stderr.contains("(501 warnings)"), String(manyResult.stderr.suffix(500)))
    }

    /// Images that are missing, outside the bundle, not images or bad data: URLs are warnings
    /// at their line naming the image and its column; the layer imports without them.
    func testMissingAndEscapingImagesAreWarned() throws {
        let text = document("""
            <CALayer bounds="0 0 100 100" position="50 50">
              <sublayers>
                <CALayer name="a" bounds="0 0 10 10"><contents type="CGImage" src="assets/Missing%20One.png"/></CALayer>
                <CALayer name="b" bounds="0 0 10 10"><contents type="CGImage" src="../../../../etc/passwd"/></CALayer>
                <CALayer name="c" bounds="0 0 10 10"><contents type="CGImage" src="/dev/zero"/></CALayer>
                <CALayer name="d" bounds="0 0 10 10"><contents type="CGImage" src="assets/notes.txt"/></CALayer>
                <CALayer name="e" bounds="0 0 10 10"><contents type="CGImage" src="data:image/png;base64,@@@"/></CALayer>
              </sublayers>
            </CALayer>
            """)
        let folder = try bundle(text, assets: ["assets/notes.txt": Data("hello".utf8)])
        let (_, _, result) = try importing(folder.path)
        XCTAssertEqual(result.status, 0, result.stderr)
        for (line, words) in [(5, "the image \"assets/Missing One.png\" (column 67) is not in Doc.ca/"), (6, "is outside the bundle"), (7, "is outside the bundle"),
                              (8, "is not a PNG, JPEG, GIF or TIFF"), (9, "is not valid base64")] {
            XCTAssertTrue(result.stderr.contains("main.caml:\(line): warning: contents: ") && result.stderr.contains(words), "\(line): \(result.stderr)")
        }
    }
}
