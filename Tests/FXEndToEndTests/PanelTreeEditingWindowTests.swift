import Foundation
import XCTest

/// Building an effect's structure in the window (issue 34): the row over the panel's tree adds
/// a cell or a layer, duplicates, renames, removes and moves the selected one, by mouse and by
/// the window's keys, each an undoable edit saved with Ctrl+S. Each saved file must be, byte for
/// byte, what the same operations write from the command line (`fx add --new`, `fx rename`,
/// `fx duplicate`, `fx move`, `fx remove`): the panel and scripts make the same minimal patches.
final class PanelTreeEditingWindowTests: XCTestCase {
    /// The class's tests share one Xvfb (``VirtualScreen/shared(by:)``), stopped here.
    override class func tearDown() {
        VirtualScreen.closeShared(by: self)
        super.tearDown()
    }

    func testTheTreeRowEditsTheStructureAsTheCommandLineDoes() throws {
        guard try requireTools(["Xvfb", "import", "xdotool"]) else { return }
        let folder = FXProcess.temporaryDirectory()
        let file = folder.appendingPathComponent("building.json")
        let shipped = try String(contentsOf: FXProcess.packageRoot.appendingPathComponent("effects/sparks.json"), encoding: .utf8)
        try shipped.replacingOccurrences(of: "\"name\": \"sparks\",\n  \"description\"", with: "\"name\": \"building\",\n  \"description\"")
            .write(to: file, atomically: true, encoding: .utf8)
        // What the command line writes for the same operations, step by step, on a twin file.
        let twin = folder.appendingPathComponent("twin.json")
        try FileManager.default.copyItem(at: file, to: twin)
        func script(_ arguments: String...) throws -> String {
            let result = try FXProcess.run([arguments[0], twin.path] + arguments.dropFirst())
            XCTAssertEqual(result.status, 0, "fx \(arguments.joined(separator: " ")): \(result.stderr)")
            return try String(contentsOf: twin, encoding: .utf8)
        }
        let shots = FXProcess.temporaryDirectory()
        let screen = try VirtualScreen.shared(by: self)
        let fx = try screen.startFX(["play", file.path, "--panel", "--quit-after", "150"], in: folder)
        let window = try fx.waitForWindow(named: "building")
        try fx.waitForFrame("a frame with the panel") { $0.showsPanel }
        func click(_ key: String) throws {
            let row = try fx.settledPanelRow(key)
            try screen.movePointer(in: window, x: row.x + row.width / 2, y: row.y + row.height / 2)
            try fx.waitForFrames(4, "frames over \(key)")
            try screen.xdotool("click", "1")
        }
        func key(_ keys: String) throws {
            try screen.xdotool("key", "--window", window, keys)
        }
        func save(_ expected: String, _ what: String) throws {
            let mark = fx.lines.count
            try key("ctrl+s")
            try fx.waitForLine("fx: saved ", after: mark)
            XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), expected, "the panel's \(what) differs from the command line's")
            XCTAssertEqual(try FXProcess.run(["validate", file.path]).status, 0)
        }
        try fx.photograph("1-tree-row.png", window: window, on: screen, in: shots)

        // The selected cell (spark, the first) gets a sub-cell by the "+cell" button.
        try click("tree add cell")
        try fx.waitForLine("fx: panel tree add cell cell under sparks.emitterCells[0]")
        try save(try script("add", "sparks.emitterCells.spark", "--new", "cell"), "new sub-cell")
        try fx.photograph("2-sub-cell-added.png", window: window, on: screen, in: shots)

        // The new sub-cell is selected: F2 renames it, Ctrl+D copies it, Ctrl+Up moves the copy first.
        try key("F2")
        try fx.waitForLine("fx: panel row tree rename field ")
        try fx.waitForFrames(4, "frames with the rename field")
        try fx.photograph("3-renaming.png", window: window, on: screen, in: shots)
        try key("ctrl+a")
        try screen.xdotool("type", "--window", window, "--delay", "40", "glint")
        try fx.waitForFrames(4, "frames after typing")
        try key("Return")
        try fx.waitForLine("fx: panel tree rename sparks.emitterCells[0].emitterCells[0] to glint")
        try fx.waitForFrames(10, "frames after the rename")
        try key("ctrl+d")
        try fx.waitForLine("fx: panel tree duplicate sparks.emitterCells[0].emitterCells[0] as glint-2")
        try fx.waitForFrames(10, "frames after the copy")
        try key("ctrl+Up")
        try fx.waitForLine("fx: panel tree move sparks.emitterCells[0].emitterCells[1] to 0")
        _ = try script("rename", "sparks.emitterCells.spark.emitterCells.cell", "glint")
        _ = try script("duplicate", "sparks.emitterCells.spark.emitterCells.glint", "glint-2")
        try save(try script("move", "sparks.emitterCells.spark.emitterCells.glint-2", "--to", "0"), "rename, copy and move")

        // Delete removes the selected copy; Ctrl+Z brings it back, Ctrl+Shift+Z removes it again.
        try fx.waitForFrames(10, "frames after the move")
        try key("Delete")
        try fx.waitForLine("fx: panel tree remove sparks.emitterCells[0].emitterCells[0]")
        let removed = try script("remove", "sparks.emitterCells.spark.emitterCells.glint-2")
        try key("ctrl+z")
        try fx.waitForLine("fx: panel undo ")
        try key("ctrl+shift+z")
        try fx.waitForLine("fx: panel redo ")
        try save(removed, "removal")

        // "+layer" lists the kinds where the tree is; "text" adds a text layer after the
        // selected layer's top-level one (sparks, the last: at the end).
        try click("tree add layer")
        try fx.waitForLine("fx: panel row tree add text ")
        try fx.photograph("4-layer-kinds.png", window: window, on: screen, in: shots)
        // Escape closes the list (and does not quit); the button opens it again.
        try key("Escape")
        try fx.waitForLine("fx: panel tree add layer cancelled")
        try click("tree add layer")
        try fx.waitForFrames(6, "frames with the kinds listed again")
        try click("tree add text")
        try fx.waitForLine("fx: panel tree add text layer text")
        try fx.waitForLine("fx: panel selected text")
        try save(try script("add", ".", "--new", "text"), "new text layer")
        try fx.photograph("5-text-layer-added.png", window: window, on: screen, in: shots)

        // A refused edit says why and leaves the text: the text layer cannot be renamed to
        // a name another layer has.
        try key("F2")
        try fx.waitForFrames(6, "frames with the rename field")
        try key("ctrl+a")
        try screen.xdotool("type", "--window", window, "--delay", "40", "floor")
        try fx.waitForFrames(4, "frames after typing")
        try key("Return")
        try fx.waitForLine("fx: panel tree rename text to floor refused: ")
        try fx.photograph("6-rename-refused.png", window: window, on: screen, in: shots)
        try key("Escape")
        try fx.waitForLine("fx: panel tree rename cancelled")
        try fx.waitForFrames(6, "frames after Escape")
        try key("q")
        XCTAssertEqual(try fx.waitForExit("fx to close"), 0, fx.log)
    }
}
