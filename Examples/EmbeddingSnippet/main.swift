import FXCore
import FXEffects
import FXSDL

let confetti = try EffectPlayer(named: "confetti")   // or contentsOfFile:, json:, data:
confetti.loops = false
try confetti.setValue(0, forKeyPath: "confetti.emitterCells.blue.birthRate")
try confetti.setValue(Size(width: 0, height: 0), forKeyPath: "confetti.emitterSize")
let effects = SDLEffectRenderer(renderer: renderer)  // your SDL_Renderer
try confetti.burst(at: Point(x: 400, y: 300), count: 40)   // when the user clicks
// Every frame, after drawing your scene and before SDL_RenderPresent:
confetti.advance(by: secondsSinceLastFrame)
try effects.draw(confetti, at: Point(x: 0, y: 0), scale: 1)
// ---- end of the README snippet (the README shows the lines above; a test checks they match) ----

// Half a second more of frames, then what was drawn, for the test to check.
for _ in 0..<30 {
    drawScene()
    confetti.advance(by: secondsSinceLastFrame)
    try effects.draw(confetti, at: Point(x: 0, y: 0), scale: 1)
}
try savePicture(to: CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "embedding-snippet.png")
print("t \(confetti.time) s, live particles \(confetti.stats.liveParticles)")
