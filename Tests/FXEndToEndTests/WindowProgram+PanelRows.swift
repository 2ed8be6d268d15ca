import Foundation
import XCTest

/// What the panel tests read from a window's log and screen: where a row of the property panel
/// is (`fx: panel row KEY x=… y=… w=… h=…`), once it holds still, and a photograph of a frame.
extension WindowProgram {
    /// A rectangle of the window, in its pixels.
    typealias Place = (x: Int, y: Int, width: Int, height: Int)

    /// The rectangle the panel reported last for `key`; nil while it is out of sight.
    func panelRow(_ key: String) -> Place? {
        let prefix = "fx: panel row \(key) "
        guard let line = lines.last(where: { $0.hasPrefix(prefix) }), !line.hasSuffix(" hidden") else { return nil }
        var field: [String: Int] = [:]
        for pair in line.dropFirst(prefix.count).split(separator: " ") {
            let parts = pair.split(separator: "=")
            if parts.count == 2 { field[String(parts[0])] = Int(parts[1]) }
        }
        guard let x = field["x"], let y = field["y"], let width = field["w"], let height = field["h"] else { return nil }
        return (x, y, width, height)
    }

    /// Waits until `key`'s row is in sight and its place has held for ten frames (the panel lays
    /// out again after the window's resize reaches it).
    func settledPanelRow(_ key: String) throws -> Place {
        try waitForLine("fx: panel row \(key) ")
        for _ in 1...20 where panelRow(key) == nil {
            try waitForFrames(3, "frames until \(key) shows")
        }
        var last = try XCTUnwrap(panelRow(key), "\(key) is not in sight: \(log)")
        while true {
            try waitForFrames(10, "frames with \(key) in place")
            let now = try XCTUnwrap(panelRow(key))
            if now == last { return now }
            last = now
        }
    }

    /// Photographs `window` as `name` in `directory` once a frame drawn after now is on the screen.
    func photograph(_ name: String, window: String, on screen: VirtualScreen, in directory: URL) throws {
        let drawn = try waitForFrames(3, "frames for \(name)")
        try waitForFrame("the frame after it", after: drawn)
        let path = directory.appendingPathComponent(name).path
        try screen.run("import", ["-window", window, path])
        print("photographed \(path)")
    }
}
