import ArgumentParser
import FXCore

/// `fx rename`: renames a layer or an emitter cell, and the key paths that name it.
struct Rename: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Rename a layer or an emitter cell and the key paths that name it, leaving every other byte as it was.",
        discussion: """
            PATH is a layer or LAYER.emitterCells.NAME, as fx remove takes. Its "name" becomes \
            NEWNAME (added when a layer has none), and so do the key paths that name it: a \
            cell's in its layer's animations (emitterCells.red.birthRate becomes \
            emitterCells.NEWNAME.birthRate), a layer's in the transactions' keys. The new key \
            path is printed. A taken name or a result that would not load (another layer's \
            animation naming the layer by sublayers.NAME) is refused with exit status 1 and the \
            file left byte for byte.

            Example: fx rename my-confetti.json confetti.emitterCells.red crimson
            """)

    @Argument(help: "The effect file to change.")
    var file: String

    @Argument(help: ArgumentHelp("The layer or LAYER.emitterCells.NAME to rename.", valueName: "path"))
    var path: String

    @Argument(help: ArgumentHelp("Its new name.", valueName: "new-name"))
    var newName: String

    func run() throws {
        try EffectFileEdit.run("rename", file: file, retry: "\(path) \(newName)") { document in
            try document.renameObject(at: path, to: newName)
        }
    }
}
