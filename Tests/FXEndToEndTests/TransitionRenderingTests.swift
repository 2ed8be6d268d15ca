import FXCore
import FXEffects
import FXSDL
import Foundation
import XCTest

/// CATransition-style transitions rendered headless, checked pixel by pixel against what Core
/// Animation's definitions give: images made of four coloured quadrants, so that every part of
/// the old and the new image can be told apart wherever it has moved.
final class TransitionRenderingTests: XCTestCase {
    /// The class's tests share one Xvfb (``VirtualScreen/shared(by:)``), stopped here.
    override class func tearDown() {
        VirtualScreen.closeShared(by: self)
        super.tearDown()
    }

    /// The old image's quadrants (top-left, top-right, bottom-left, bottom-right).
    static let oldQuadrants: [[Int]] = [[255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 255]]
    /// The new image's quadrants.
    static let newQuadrants: [[Int]] = [[0, 255, 255], [255, 0, 255], [255, 255, 0], [255, 128, 0]]
    /// The canvas background.
    static let background = [0, 0, 0]

    /// An 8×8 PNG of four 4×4 quadrants, written to a temporary folder.
    static func quadrantImage(_ quadrants: [[Int]], name: String, in directory: URL) throws -> String {
        var pixels: [UInt8] = []
        for y in 0..<8 {
            for x in 0..<8 {
                let quadrant = (y < 4 ? 0 : 2) + (x < 4 ? 0 : 1)
                pixels += quadrants[quadrant].map(UInt8.init) + [255]
            }
        }
        let path = directory.appendingPathComponent(name).path
        try PNGFile.write(RGBAImage(width: 8, height: 8, pixels: pixels), to: path)
        return path
    }

    /// The effect: on a 400 × 200 black canvas, a 100 × 100 image layer centred at (200, 100)
    /// (its bounds span x 150…250, y 50…150), showing `old` and changing to `new` at 1 s with a
    /// 1 s transition — written into `layer` (`transitions` or `animations`).
    static func effect(_ layer: String) throws -> Effect {
        let directory = FXProcess.temporaryDirectory()
        let old = try quadrantImage(oldQuadrants, name: "old.png", in: directory)
        let new = try quadrantImage(newQuadrants, name: "new.png", in: directory)
        let json = """
            {"fx": 1, "canvas": {"size": [400, 200], "background": "black"},
             "textures": {"old": "\(old)", "new": "\(new)"},
             "layers": [{"type": "image", "name": "photo", "position": [200, 100], "bounds": [100, 100], "contents": "old",
                         \(layer)}]}
            """
        return try EffectDecoder.decode(bytes: Array(json.utf8), resources: SystemResources())
    }

    static func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [Int] {
        (0..<3).map { Int(image.pixels[(y * image.width + x) * 4 + $0]) }
    }

    /// The colour Core Animation's definition gives at unit point (u, v) of the layer's bounds
    /// (0…1 inside, beyond outside) for a motion transition at progress `p`: the old contents
    /// moved by p sizes along the subtype's motion (push, reveal) or not at all (moveIn), the
    /// new by p − 1 sizes (push, moveIn) or not at all (reveal), the moving one on top.
    static func expected(_ type: String, subtype: String, progress p: Double, u: Double, v: Double) -> [Int] {
        let motion: (Double, Double)
        switch subtype {
        case "fromRight": motion = (-1, 0)
        case "fromLeft": motion = (1, 0)
        case "fromTop": motion = (0, 1)
        default: motion = (0, -1)
        }
        func sample(_ quadrants: [[Int]], offset: Double) -> [Int]? {
            let x = u - motion.0 * offset, y = v - motion.1 * offset
            guard (0..<1).contains(x), (0..<1).contains(y) else { return nil }
            return quadrants[(y < 0.5 ? 0 : 2) + (x < 0.5 ? 0 : 1)]
        }
        let oldOffset = type == "moveIn" ? 0 : p
        let newOffset = type == "reveal" ? 0 : p - 1
        let old = sample(oldQuadrants, offset: oldOffset), new = sample(newQuadrants, offset: newOffset)
        let top = type == "reveal" ? old ?? new : new ?? old
        return top ?? background
    }

    /// Checks the frame at 1.5 s (half-way, eased or linear alike) at the centres of a grid of
    /// 25 × 25-point cells from x 25 to 375 and y 25 to 175: inside the bounds and beside them.
    func assertMidway(_ type: String, subtype: String, layer: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let image = try EffectRenderer().render(try Self.effect(layer), time: 1.5).image
        XCTAssertEqual([image.width, image.height], [400, 200])
        var checked = 0
        for cy in stride(from: 62.5, to: 150, by: 25.0) {
            for cx in stride(from: 37.5, to: 375, by: 25.0) {
                let u = (cx - 150) / 100, v = (cy - 50) / 100
                let expected = Self.expected(type, subtype: subtype, progress: 0.5, u: u, v: v)
                let found = Self.pixel(image, Int(cx), Int(cy))
                XCTAssertEqual(found, expected, "\(type) \(subtype) at (\(cx), \(cy)), unit (\(u), \(v))", file: file, line: line)
                checked += 1
            }
        }
        XCTAssertEqual(checked, 56, file: file, line: line)
    }

    /// The issue's case: half-way through a push from the right, the left half of the bounds
    /// shows the old image's right half (moved left by half its width) and the right half the
    /// new image's left half; the old left half and the new right half are beside the bounds
    /// (nothing clips them: the layer does not mask to its bounds).
    func testHalfWayThroughAPushFromTheRightBothImagesHaveMoved() throws {
        let image = try EffectRenderer().render(try Self.effect("""
            "transitions": [{"time": 1, "contents": "new", "type": "push", "subtype": "fromRight", "duration": 1}]
            """), time: 1.5).image
        XCTAssertEqual(Self.pixel(image, 175, 75), Self.oldQuadrants[1], "left half of the bounds: the old top-right quadrant")
        XCTAssertEqual(Self.pixel(image, 225, 75), Self.newQuadrants[0], "right half: the new top-left quadrant")
        XCTAssertEqual(Self.pixel(image, 125, 125), Self.oldQuadrants[2], "left of the bounds: the old bottom-left quadrant")
        XCTAssertEqual(Self.pixel(image, 275, 125), Self.newQuadrants[3], "right of the bounds: the new bottom-right quadrant")
        XCTAssertEqual(Self.pixel(image, 325, 100), Self.background)
        // Before and after, one image in place.
        let before = try EffectRenderer().render(try Self.effect("""
            "transitions": [{"time": 1, "contents": "new", "type": "push", "subtype": "fromRight", "duration": 1}]
            """), time: 0.9).image
        XCTAssertEqual(Self.pixel(before, 175, 75), Self.oldQuadrants[0])
        XCTAssertEqual(Self.pixel(before, 225, 125), Self.oldQuadrants[3])
    }

    /// Push, moveIn and reveal from each side, half-way, on an image layer.
    func testMotionTransitionsFromEverySideOnAnImageLayer() throws {
        for type in ["push", "moveIn", "reveal"] {
            for subtype in ["fromLeft", "fromRight", "fromTop", "fromBottom"] {
                try assertMidway(type, subtype: subtype, layer: """
                    "transitions": [{"time": 1, "contents": "new", "type": "\(type)", "subtype": "\(subtype)", "duration": 1}]
                    """)
            }
        }
    }

    /// The same through a transition animation (`"type": "transition"`, linear like Core
    /// Animation's): the image changes at 1 s with no transition of its own, and the animation
    /// beginning then shows the change.
    func testMotionTransitionAnimationsFromEverySideOnAnImageLayer() throws {
        for type in ["push", "moveIn", "reveal"] {
            for subtype in ["fromLeft", "fromRight", "fromTop", "fromBottom"] {
                try assertMidway(type, subtype: subtype, layer: """
                    "transitions": [{"time": 1, "contents": "new", "duration": 0}],
                    "animations": [{"type": "transition", "transitionType": "\(type)", "subtype": "\(subtype)", "beginTime": 1, "duration": 1}]
                    """)
            }
        }
    }

    /// A plain layer's background pushed out by its new colour.
    func testAPlainLayersBackgroundIsPushed() throws {
        let effect = try EffectDecoder.decode(bytes: Array("""
            {"fx": 1, "canvas": {"size": [400, 200], "background": "black"}, "layers": [
              {"type": "layer", "position": [200, 100], "bounds": [100, 100], "backgroundColor": "red", "masksToBounds": true,
               "animations": [
                 {"type": "basic", "keyPath": "backgroundColor", "fromValue": "blue", "toValue": "blue", "beginTime": 1, "duration": 0.001,
                  "fillMode": "forwards", "removedOnCompletion": false},
                 {"type": "transition", "transitionType": "push", "subtype": "fromBottom", "beginTime": 1, "duration": 1}]}]}
            """.utf8), resources: SystemResources())
        // Blue from 1 s on (held forwards): the transition shows the red of before.
        let image = try EffectRenderer().render(effect, time: 1.5).image
        XCTAssertEqual(Self.pixel(image, 200, 75), [255, 0, 0], "the old red, pushed up half-way")
        XCTAssertEqual(Self.pixel(image, 200, 125), [0, 0, 255], "the new blue, coming from the bottom")
        XCTAssertEqual(Self.pixel(image, 200, 40), Self.background, "cut at the bounds: masksToBounds")
        XCTAssertEqual(Self.pixel(try EffectRenderer().render(effect, time: 0.5).image, 200, 125), [255, 0, 0], "before it: the model")
    }

    /// Which part of which image a pixel shows, whatever the shading: the quadrant colour whose
    /// direction it has ("old0" … "new3"); nil for the background and mixtures.
    static func source(_ pixel: [Int]) -> String? {
        let length = Double(pixel.reduce(0) { $0 + $1 * $1 }).squareRoot()
        guard length > 60 else { return nil }
        for (name, quadrants) in [("old", oldQuadrants), ("new", newQuadrants)] {
            for (index, color) in quadrants.enumerated() {
                let reference = Double(color.reduce(0) { $0 + $1 * $1 }).squareRoot()
                let cosine = Double(zip(pixel, color).reduce(0) { $0 + $1.0 * $1.1 }) / (length * reference)
                if cosine > 0.995 { return "\(name)\(index)" }
            }
        }
        return nil
    }

    func render(_ type: String, _ subtype: String = "fromRight", at time: Double) throws -> RGBAImage {
        try EffectRenderer().render(try Self.effect("""
            "transitions": [{"time": 1, "contents": "new", "duration": 0}],
            "animations": [{"type": "transition", "transitionType": "\(type)", "subtype": "\(subtype)", "beginTime": 1, "duration": 1}]
            """), time: time).image
    }

    /// Counts the pixels inside the bounds (x 150…250, y 50…150) showing each image.
    static func shares(_ image: RGBAImage) -> (old: Int, new: Int) {
        var old = 0, new = 0
        for y in 50..<150 {
            for x in 150..<250 {
                switch source(pixel(image, x, y))?.prefix(3) {
                case "old": old += 1
                case "new": new += 1
                default: break
                }
            }
        }
        return (old, new)
    }

    func testTheThreeDimensionalTypesTurnTheImage() throws {
        // cube, half-way from the right: the old face left of the centre line (its right half
        // seen), the new face right of it (its left half), both darkened by their turn.
        let cube = try render("cube", at: 1.5)
        XCTAssertEqual(Self.source(Self.pixel(cube, 192, 75)), "old1")
        XCTAssertEqual(Self.source(Self.pixel(cube, 208, 75)), "new0")
        XCTAssertLessThan(Self.pixel(cube, 192, 75)[1], 230, "shaded")
        XCTAssertGreaterThan(Self.pixel(cube, 192, 75)[1], 100)
        // oglFlip: at a quarter the old face turned 45° (narrower), at three quarters the new
        // face, not mirrored.
        let early = try render("oglFlip", at: 1.25), late = try render("oglFlip", at: 1.75)
        XCTAssertEqual(Self.source(Self.pixel(early, 190, 75)), "old0")
        XCTAssertEqual(Self.source(Self.pixel(early, 210, 125)), "old3")
        XCTAssertEqual(Self.pixel(early, 155, 100), Self.background, "the turned face is narrower than the bounds")
        XCTAssertEqual(Self.source(Self.pixel(late, 190, 75)), "new0")
        XCTAssertEqual(Self.source(Self.pixel(late, 210, 125)), "new3")
    }

    func testRippleDissolvesThroughWaves() throws {
        let ripple = try render("rippleEffect", at: 1.5)
        // Red and cyan at half each make a grey, darkened in the troughs.
        let mixed = Self.pixel(ripple, 175, 75)
        XCTAssertEqual(mixed[0], mixed[1], accuracy: 24, "\(mixed)")
        XCTAssertEqual(mixed[1], mixed[2], accuracy: 24, "\(mixed)")
        XCTAssertGreaterThan(mixed[0], 50)
        // Barely begun, the old image; nearly over, the new (a few waves and the blends at the
        // quadrants' edges, which have other colours' hues, aside).
        let begun = Self.shares(try render("rippleEffect", at: 1.05)), ending = Self.shares(try render("rippleEffect", at: 1.95))
        XCTAssertGreaterThan(begun.old, 7500)
        XCTAssertLessThan(begun.new, 300)
        XCTAssertGreaterThan(ending.new, 7500)
        XCTAssertLessThan(ending.old, 300)
    }

    func testSuckPullsTheOldImageIntoTheBottomLeftCorner() throws {
        let quarter = Self.shares(try render("suckEffect", at: 1.25))
        let threeQuarters = Self.shares(try render("suckEffect", at: 1.75))
        XCTAssertGreaterThan(quarter.old, 5000)
        XCTAssertLessThan(threeQuarters.old, 2500)
        XCTAssertGreaterThan(threeQuarters.old, 0)
        XCTAssertEqual(Self.source(Self.pixel(try render("suckEffect", at: 1.75), 240, 60)), "new1", "the top-right corner is uncovered")
    }

    func testAPageCurlsOffFromItsCornerInsideTheBounds() throws {
        let curl = try render("pageCurl", at: 1.3)
        XCTAssertEqual(Self.source(Self.pixel(curl, 246, 146)), "new3", "the bottom-right corner lifted first")
        XCTAssertEqual(Self.source(Self.pixel(curl, 155, 55)), "old0", "the top-left corner still lies flat")
        var outside = 0
        for y in 0..<200 { for x in 0..<400 where !(150..<250).contains(x) || !(50..<150).contains(y) {
            if Self.pixel(curl, x, y) != Self.background { outside += 1 }
        } }
        XCTAssertEqual(outside, 0, "the curl is cut at the bounds")
        let unCurl = try render("pageUnCurl", at: 1.7)
        XCTAssertEqual(Self.source(Self.pixel(unCurl, 246, 146)), "old3", "the new page not yet down at its corner")
        XCTAssertEqual(Self.source(Self.pixel(unCurl, 155, 55)), "new0")
    }

    func testTheIrisesOpenAndCloseOnTheCentre() throws {
        let open = try render("cameraIrisHollowOpen", at: 1.5), close = try render("cameraIrisHollowClose", at: 1.5)
        XCTAssertEqual(Self.source(Self.pixel(open, 190, 90)), "new0", "the new image through the opening")
        XCTAssertEqual(Self.source(Self.pixel(open, 153, 53)), "old0", "the old image round it")
        XCTAssertEqual(Self.source(Self.pixel(close, 190, 90)), "old0", "the old image in the closing opening")
        XCTAssertEqual(Self.source(Self.pixel(close, 153, 53)), "new0", "the new image round it")
    }

    /// A large layer is cut into triangles SDL's software rasterizer draws correctly (one
    /// triangle thousands of pixels across overflows its fixed-point texture arithmetic): a
    /// 1500 × 300-point layer (3000 pixels wide as rendered) pushed half-way, and turned in a cube.
    func testALargeLayerIsDrawnThroughItsTransitionWhole() throws {
        func render(_ transition: String, at time: Double) throws -> RGBAImage {
            try EffectRenderer().render(try EffectDecoder.decode(bytes: Array("""
                {"fx": 1, "canvas": {"size": [1600, 400], "background": "black"}, "layers": [
                  {"type": "layer", "position": [800, 200], "bounds": [1500, 300], "backgroundColor": "red",
                   "animations": [
                     {"type": "basic", "keyPath": "backgroundColor", "fromValue": "blue", "toValue": "blue", "beginTime": 1, "duration": 0.001,
                      "fillMode": "forwards", "removedOnCompletion": false},
                     {"type": "transition", "transitionType": "\(transition)", "subtype": "fromRight", "beginTime": 1, "duration": 1}]}]}
                """.utf8), resources: SystemResources()), time: time).image
        }
        let push = try render("push", at: 1.5)
        for y in stride(from: 5, to: 400, by: 10) {
            for x in stride(from: 5, to: 1600, by: 10) {
                let expected = !(50..<350).contains(y) ? Self.background : (x < 800 ? [255, 0, 0] : [0, 0, 255])
                XCTAssertEqual(Self.pixel(push, x, y), expected, "push at (\(x), \(y))")
            }
        }
        // The cube a fifth of the way: the old face, darkened evenly, fills its middle rows.
        let cube = try render("cube", at: 1.2)
        let row = stride(from: 205, to: 1000, by: 10).map { Self.pixel(cube, $0, 200) }
        XCTAssertTrue(row.allSatisfy { $0[0] > 150 && $0[1] == 0 && $0[2] == 0 }, "\(row)")
    }

    /// The same moment gives the same bytes, for every type.
    func testTransitionsRenderTheSameBytesEveryTime() throws {
        for type in TransitionType.allCases {
            let first = try render(type.rawValue, at: 1.4), second = try render(type.rawValue, at: 1.4)
            XCTAssertEqual(first.pixels, second.pixels, type.rawValue)
        }
    }

    /// The window draws transitions as headless renders do (both in software at the draw list's
    /// resolution): four layers frozen half-way (a parent with `speed: 0`, `timeOffset: 1.5`)
    /// through a push, a cube, a page curl and an opening iris, photographed in `fx play` under
    /// Xvfb and compared with `fx render` of the same moment.
    func testTheWindowShowsTransitionsAsHeadlessRendersDo() throws {
        guard try requireTools(["Xvfb", "import", "xdotool"]) else { return }
        let directory = FXProcess.temporaryDirectory()
        let old = try Self.quadrantImage(Self.oldQuadrants, name: "old.png", in: directory)
        let new = try Self.quadrantImage(Self.newQuadrants, name: "new.png", in: directory)
        let types = ["push", "cube", "pageCurl", "cameraIrisHollowOpen"]
        let layers = types.enumerated().map { index, type in
            """
            {"type": "image", "position": [\(100 + 200 * index), 100], "bounds": [100, 100], "contents": "old",
             "transitions": [{"time": 1, "contents": "new", "duration": 0}],
             "animations": [{"type": "transition", "transitionType": "\(type)", "subtype": "fromRight", "beginTime": 1, "duration": 1}]}
            """
        }
        let file = directory.appendingPathComponent("frozen-transitions.json")
        try """
            {"fx": 1, "name": "frozen-transitions", "canvas": {"size": [800, 200], "background": "black"},
             "textures": {"old": "\(old)", "new": "\(new)"},
             "layers": [{"type": "layer", "position": [400, 100], "bounds": [800, 200], "speed": 0, "timeOffset": 1.5,
                         "sublayers": [\(layers.joined(separator: ", "))]}]}
            """.write(to: file, atomically: true, encoding: .utf8)
        let headless = try EffectRenderer().render(try EffectDecoder.load(path: file.path, resources: SystemResources()), time: 0.5).image

        let screen = try VirtualScreen.shared(by: self)
        let shot = directory.appendingPathComponent("window.png").path
        let fx = try screen.startFX(["play", file.path, "--quit-after", "60"])
        let window = try fx.waitForWindow(named: "frozen-transitions")
        let shown = try fx.waitForFrame("a frame")
        try fx.waitForFrame("the frame after it", after: shown)
        try screen.run("import", ["-window", window, shot])
        try screen.xdotool("key", "--window", window, "q")
        XCTAssertEqual(try fx.waitForExit("fx to close on q"), 0, fx.log)
        let windowed = try PNGFile.read(shot)
        XCTAssertEqual([windowed.width, windowed.height], [800, 200])
        guard windowed.width == 800, windowed.height == 200 else { return }

        // Each image's parts are where the headless render has them: the same quadrant of the
        // same image at every point of a 5-point grid, but for the few points on an edge.
        var compared = 0, differing: [String] = []
        for y in stride(from: 2, to: 200, by: 5) {
            for x in stride(from: 2, to: 800, by: 5) {
                guard let expected = Self.source(Self.pixel(headless, x, y)) else { continue }
                compared += 1
                let found = Self.source(Self.pixel(windowed, x, y))
                if found != expected { differing.append("(\(x), \(y)): \(found ?? "none") for \(expected)") }
            }
        }
        XCTAssertGreaterThan(compared, 1000)
        XCTAssertLessThan(differing.count, compared / 50, "\(differing.prefix(20))")
        // And the pictures agree overall, edges and shading included.
        let total = zip(windowed.pixels, headless.pixels).enumerated().reduce(0) { sum, item in
            item.offset % 4 == 3 ? sum : sum + abs(Int(item.element.0) - Int(item.element.1))
        }
        XCTAssertLessThan(Double(total) / Double(800 * 200 * 3) / 255, 0.02)
        // The issue's case in the window: half-way through a push from the right.
        XCTAssertEqual(Self.source(Self.pixel(windowed, 75, 75)), "old1")
        XCTAssertEqual(Self.source(Self.pixel(windowed, 125, 75)), "new0")
    }

    /// Seed 004's CATransition demo (effects/catransition.json) at the seed's numbers: a
    /// 200-point view, a reveal from the top over 2 s with no timing function (linear), begun
    /// at 1 s; listed by `fx list` with its seed file.
    func testTheCATransitionSeedDemoAtItsKeyMoments() throws {
        let effect = try EffectDecoder.load(path: FXProcess.packageRoot.appendingPathComponent("effects/catransition.json").path,
                                            resources: SystemResources())
        let seedDuration = 2.0, seedSide = 200.0, trigger = 1.0
        for time in [1.5, 2.0, 2.5] {
            let view = try XCTUnwrap(effect.presentationLayers(at: time).first { $0.name == "testImgView" })
            let transition = try XCTUnwrap(view.transition, "at \(time)")
            XCTAssertEqual(transition.type, .reveal)
            XCTAssertEqual(transition.subtype, .fromTop)
            XCTAssertEqual(transition.progress, (time - trigger) / seedDuration, accuracy: 1e-9, "linear, as the seed sets no timingFunction")
            XCTAssertTrue(transition.previous.image?.contents?.description.hasSuffix("pic_1.png") ?? false)
            XCTAssertTrue(view.layer.contents(at: view.localTime).image?.contents?.description.hasSuffix("pic_2.png") ?? false)
        }
        XCTAssertNil(try XCTUnwrap(effect.presentationLayers(at: 3.5).first { $0.name == "testImgView" }).transition)
        // Half-way, the old picture has slid down by half the view: the view's top half shows
        // pic_2's night sky, its bottom half pic_1's day sky (the picture's top).
        let image = try EffectRenderer().render(effect, time: trigger + seedDuration / 2).image
        let top = 333.5 - seedSide / 2
        let night = Self.pixel(image, 187, Int(top + seedSide * 0.3)), day = Self.pixel(image, 187, Int(top + seedSide * 0.6))
        XCTAssertLessThan(night[0], 60, "\(night)")
        XCTAssertGreaterThan(day[2], 200, "\(day)")
        XCTAssertEqual(Self.pixel(image, 187, Int(top + seedSide + 20)), [255, 255, 255], "cut at the view's bounds (masksToBounds)")
        let listed = try FXProcess.run(["list"])
        XCTAssertTrue(listed.stdout.split(separator: "\n").contains { $0.hasPrefix("catransition ") && $0.contains("seed 4, the catalogue of iOS animations") }, listed.stdout)
    }
}
