import FXCore
import Foundation
import XCTest

/// The panel's Export… menu (issue 36): "Export…" beside "Save as…" opens a menu of the three
/// formats; each opens the path field with `NAME.EXT` beside the effect file, Enter exports the
/// effect as the window holds it, a second Enter replaces what is there, Escape cancels. Driven
/// like ``WindowTests`` (xdotool on Xvfb, waiting for what fx reports), photographed at each step.
final class PanelExportWindowTests: XCTestCase {
    /// The class's tests share one Xvfb (``VirtualScreen/shared(by:)``), stopped here.
    override class func tearDown() {
        VirtualScreen.closeShared(by: self)
        super.tearDown()
    }

    func testExportMenuWritesSwiftThenACaBundleAndAsksBeforeReplacing() throws {
        guard try requireTools(["Xvfb", "import", "xdotool"]) else { return }
        let file = try FXProcess.sprayEffect(named: "exporting")
        let folder = file.deletingLastPathComponent()
        let shots = FXProcess.temporaryDirectory()
        let original = try String(contentsOf: file, encoding: .utf8)
        let screen = try VirtualScreen.shared(by: self)
        let fx = try screen.startFX(["play", file.path, "--panel", "--quit-after", "150"], in: folder)
        let window = try fx.waitForWindow(named: "exporting")
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
        func type(_ text: String) throws {
            try screen.xdotool("type", "--window", window, "--delay", "40", text)
            try fx.waitForFrames(4, "frames after typing")
        }

        // Export… opens the menu of the three formats.
        try click("export button")
        try fx.waitForLine("fx: panel export menu open")
        try fx.waitForLine("fx: panel row export menu caml ")
        try fx.photograph("1-export-menu.png", window: window, on: screen, in: shots)

        // Swift: the field opens with the free name beside the effect; a typed name gets .swift.
        try click("export menu swift")
        try fx.waitForLine("fx: panel export menu swift")
        try fx.waitForFrames(6, "frames with the field open")
        try fx.photograph("2-export-field.png", window: window, on: screen, in: shots)
        try type("EmitterLayer")
        try key("Return")
        let exported = try fx.waitForLine("fx: exported ")
        XCTAssertTrue(fx.lines.contains("fx: panel export swift EmitterLayer"), fx.log)
        let swift = folder.appendingPathComponent("EmitterLayer.swift")
        XCTAssertTrue(fx.lines[exported].contains(swift.path) && fx.lines[exported].contains("as swift"), fx.lines[exported])
        let source = try String(contentsOf: swift, encoding: .utf8)
        XCTAssertFalse(source.isEmpty, "the exported Swift file is empty")
        try fx.photograph("3-exported.png", window: window, on: screen, in: shots)

        // The same path again: nothing is written until a second Enter.
        try "keep me".write(to: swift, atomically: true, encoding: .utf8)
        try click("export button")
        try click("export menu swift")
        try fx.waitForFrames(6, "frames with the field open")
        try type("EmitterLayer")
        try key("Return")
        try fx.waitForLine("fx: panel export swift EmitterLayer exists")
        XCTAssertEqual(try String(contentsOf: swift, encoding: .utf8), "keep me", "the export replaced a file unasked")
        try key("Return")
        try fx.waitForLine("fx: exported ", after: exported)
        XCTAssertEqual(try String(contentsOf: swift, encoding: .utf8), source, "the second Enter did not replace the file")

        // Core Animation document: the suggested path, as it is, is a .ca bundle folder beside the effect.
        let mark = fx.lines.count
        try click("export button")
        try click("export menu caml")
        try fx.waitForLine("fx: panel export menu caml", after: mark)
        try fx.waitForFrames(6, "frames with the field open")
        try key("Return")
        try fx.waitForLine("fx: panel export caml ./exporting.ca", after: mark)
        try fx.waitForLine("fx: exported ", after: mark)
        let bundle = folder.appendingPathComponent("exporting.ca")
        var isFolder: ObjCBool = false
        XCTAssertTrue(FileManager.default.fileExists(atPath: bundle.path, isDirectory: &isFolder) && isFolder.boolValue,
                      "no bundle folder \(bundle.path)")
        let caml = try String(contentsOf: bundle.appendingPathComponent("main.caml"), encoding: .utf8)
        XCTAssertFalse(caml.isEmpty, "main.caml is empty")
        try fx.photograph("4-exported-ca.png", window: window, on: screen, in: shots)

        // Objective-C, then Escape: nothing is written, and fx does not quit.
        try click("export button")
        try click("export menu objc")
        try fx.waitForFrames(6, "frames with the field open")
        try key("Escape")
        try fx.waitForLine("fx: panel export cancelled")
        try fx.waitForFrames(6, "frames after Escape")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("exporting.m").path))

        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), original, "exporting changed the effect file")
        try key("q")
        XCTAssertEqual(try fx.waitForExit("fx to close"), 0, fx.log)
    }
}
