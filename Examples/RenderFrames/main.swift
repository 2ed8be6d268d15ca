// render-frames: renders an effect to PNG files from code — no window, no display — and
// changes it halfway through, as a program driving fx in CI or a build step would.
//
//   swift run render-frames [EFFECT] [OUTPUT-FOLDER] [FRAMES]
//
// Writes FRAMES frames (default 20) at 10 frames a second, 400×300 pixels, with seed 7. At
// frame 10 (1 s) it makes every emitter of the effect burst 30 particles in the middle of
// the canvas. The same arguments write the same bytes on every run; the frames before the
// burst are exactly `fx render EFFECT --seed 7 --size 400x300 --time T`.
import FXCore
import FXEffects
import FXSDL
import Foundation

func run(_ arguments: [String]) throws {
    let name = arguments.count > 1 ? arguments[1] : "fireworks"
    let folder = arguments.count > 2 ? arguments[2] : "frames"
    guard let frames = arguments.count > 3 ? Int(arguments[3]) : 20, (1...10_000).contains(frames) else {
        throw Failure("FRAMES is a whole number, 1…10000")
    }
    let player = try EffectPlayer(named: name, seed: 7)
    player.loops = false
    let renderer = try HeadlessRenderer(width: 400, height: 300, canvas: player.effect.canvas.size)
    let list = DrawList()
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for frame in 0..<frames {
        player.seek(to: Double(frame) / 10)
        if frame == 10 {
            let centre = Point(x: player.effect.canvas.size.width / 2, y: player.effect.canvas.size.height / 2)
            try player.burst(at: centre, count: 30)
        }
        player.buildDrawList(into: list, pixelsPerPoint: renderer.renderedPixelsPerPoint)
        let image = try renderer.render(list)
        let path = (folder as NSString).appendingPathComponent(String(format: "frame-%03d.png", frame))
        try PNGFile.write(image, to: path)
        print("\(path)  t \(String(format: "%.1f", player.time)) s  \(player.stats.liveParticles) particles")
    }
}

struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

do {
    try run(CommandLine.arguments)
} catch {
    FileHandle.standardError.write(Data("render-frames: \(error)\n".utf8))
    exit(1)
}
