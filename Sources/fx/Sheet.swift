import ArgumentParser
import FXCore
import FXEffects
import FXSDL
import Foundation

struct Sheet: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a labelled contact sheet of every effect found.",
        discussion: """
            Each effect is rendered headless at its representative moment (its previewTime, or \
            half its duration) and its seed, so the sheet is the same on every run.

            Example: fx sheet --out docs/gallery.png
            """)

    @Option(help: "The PNG file to write.")
    var out: String = "fx-sheet.png"

    @Option(help: "Thumbnails per row.")
    var columns: Int = 5

    @Option(help: CanvasBackground.help, transform: { try CanvasBackground.parse($0) })
    var background: CanvasBackground?

    @OptionGroup var threadOptions: ThreadOptions

    func validate() throws {
        guard (1...20).contains(columns) else { throw ValidationError("--columns must be in 1…20") }
    }

    func run() throws {
        var sheet = ContactSheet()
        sheet.columns = columns
        if let background { sheet.background = background.color }
        var items: [(name: String, image: RGBAImage)] = []
        for entry in EffectCatalog.standard().entries() {
            do {
                let loaded = try EffectDecoder.load(path: entry.path, resources: SystemResources())
                let effect = background?.applied(to: loaded) ?? loaded
                let size = sheet.thumbnailSize(for: effect.canvas.size)
                let frame = try EffectRenderer().render(effect, time: effect.representativeTime, size: (size.width, size.height))
                items.append((entry.name, frame.image))
                printError("fx: rendered \(entry.name)")
            } catch {
                printError("fx: skipping \(entry.name): \(error)")
            }
        }
        do {
            try PNGFile.write(try sheet.render(items), to: out)
            print(out)
        } catch {
            printError("fx: \(error)")
            throw ExitCode(1)
        }
    }
}
