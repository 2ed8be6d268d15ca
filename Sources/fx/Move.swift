import ArgumentParser
import FXCore

/// `fx move`: moves a layer or an emitter cell among its siblings.
struct Move: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Move a layer or an emitter cell to another place among its siblings, leaving every other byte as it was.",
        discussion: """
            PATH is a layer or LAYER.emitterCells.NAME, as fx remove takes; INDEX its new place \
            among its siblings, from 0 (layers draw in list order: a later one over an earlier \
            one). Its text, as the file writes it, leaves its place with the separator before it \
            and goes in at INDEX with the list's separator. An index out of range, a mask (it \
            has no siblings) or a result that would not load is refused with exit status 1 and \
            the file left byte for byte.

            Example: fx move my-confetti.json confetti.emitterCells.purple --to 0
            """)

    @Argument(help: "The effect file to change.")
    var file: String

    @Argument(help: ArgumentHelp("The layer or LAYER.emitterCells.NAME to move.", valueName: "path"))
    var path: String

    @Option(help: ArgumentHelp("Its new index among its siblings (from 0).", valueName: "index"))
    var to: Int

    func run() throws {
        try EffectFileEdit.run("move", file: file, retry: "\(path) --to \(to)") { document in
            try document.moveObject(at: path, to: to)
            return nil
        }
    }
}
