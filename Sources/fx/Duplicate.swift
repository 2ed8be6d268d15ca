import ArgumentParser
import FXCore

/// `fx duplicate`: copies a layer or an emitter cell in an effect file under a new name.
struct Duplicate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Copy a layer or an emitter cell right after it under a new name, leaving every other byte as it was.",
        discussion: """
            PATH is a layer or LAYER.emitterCells.NAME, as fx remove takes. The copy is the \
            original's text as the file writes it, with only its "name" changed to NEWNAME \
            (which no sibling cell, or for a layer no layer, may have), inserted after the \
            original with the separator the list uses. The copy's own cells and sublayers keep \
            their names; the animations of a cell's layer keep naming the original only. The \
            copy's key path is printed. A taken name, a mask (a layer has one) or a result that \
            would not load is refused with exit status 1 and the file left byte for byte.

            Example: fx duplicate my-confetti.json confetti.emitterCells.red pink
            Example: fx duplicate my-fire.json flames flames-2
            """)

    @Argument(help: "The effect file to change.")
    var file: String

    @Argument(help: ArgumentHelp("The layer or LAYER.emitterCells.NAME to copy.", valueName: "path"))
    var path: String

    @Argument(help: ArgumentHelp("The copy's name.", valueName: "new-name"))
    var newName: String

    func run() throws {
        try EffectFileEdit.run("duplicate", file: file, retry: "\(path) \(newName)") { document in
            try document.duplicateObject(at: path, as: newName)
        }
    }
}
