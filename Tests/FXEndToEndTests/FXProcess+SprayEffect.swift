import Foundation

extension FXProcess {
    /// A small effect file for the window's panel tests, written in a new folder: one cell, 100
    /// green squares a second living half a second each (about 50 alive) on a 400×300 black
    /// canvas, from an emitter layer named `spray` whose cell is `dot`.
    /// - Parameter name: the effect's name, which is also the window's title and the file's.
    static func sprayEffect(named name: String) throws -> URL {
        let file = temporaryDirectory().appendingPathComponent("\(name).json")
        let text = """
            {"fx": 1, "name": "\(name)", "canvas": {"size": [400, 300], "background": "black"}, "layers": [
              {"type": "emitter", "name": "spray", "emitterPosition": [200, 150], "emitterCells": [
                {"name": "dot", "contents": "square", "birthRate": 100, "lifetime": 0.5, "velocity": 60,
                 "emissionRange": "360deg", "scale": 0.2, "color": "#00ff00"}]}]}
            """
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file
    }
}
