import ArgumentParser
import FXCore

/// `fx remove`: removes a layer or an emitter cell from an effect file, as a minimal patch.
struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Remove a layer or an emitter cell from an effect file, leaving every other byte as it was.",
        discussion: """
            PATH is a layer (its unique name, or steps to it: ring.sublayers.dot, label.mask) or \
            a cell (LAYER.emitterCells.NAME, a sub-cell LAYER.emitterCells.NAME.emitterCells.NAME). \
            Its object goes with the separator before it (after it, when it is the first); \
            nothing else changes. To remove one key, use fx set FILE LAYER.KEYPATH null.

            A cell that an animation of its layer names by key path \
            (emitterCells.red.birthRate) is not removed: the animations are listed, to remove \
            first (fx set FILE 'LAYER.animations[0]' null) or to keep the cell with birthRate \
            0. Whatever else would leave an effect that does not load (a layer a transaction or \
            another layer's animation names) is refused with the loader's reason. A refusal exits with status 1 and leaves the file byte for byte.

            Example: fx remove my-confetti.json confetti.emitterCells.purple
            Example: fx remove my-loader.json ring.sublayers.dot
            """)

    @Argument(help: "The effect file to change.")
    var file: String

    @Argument(help: ArgumentHelp("The layer or LAYER.emitterCells.NAME to remove.", valueName: "path"))
    var path: String

    func run() throws {
        try EffectFileEdit.run("remove", file: file, retry: path) { document in
            try document.removeObject(at: path)
            return nil
        }
    }
}
