import Foundation

/// Progress on stderr. On a terminal, one bar redrawn in place (`\r`):
/// `[#########...........] 45/100 frames` (or another ``unit``); anywhere else (a CI log, a file), where `\r` would
/// run every update into one line, the bar is printed on a line of its own at every 10 %.
/// Quiet prints nothing.
final class ProgressBar {
    let total: Int
    /// What is counted, after the numbers: "frames" unless told.
    let unit: String
    /// How the bar is shown.
    enum Style {
        /// Redrawn in place with `\r`: for a terminal.
        case inPlace
        /// A line at every tenth of the way.
        case lines
        /// Nothing (`--quiet`).
        case quiet
    }
    let style: Style
    private var shown = -1
    private let write: (String) -> Void

    /// - Parameters:
    ///   - style: by default, ``Style/inPlace`` when stderr is a terminal, else ``Style/lines``.
    ///   - write: where the text goes (stderr).
    ///   - unit: what is counted, shown after the numbers.
    init(total: Int, unit: String = "frames", style: Style? = nil,
         write: @escaping (String) -> Void = { try? FileHandle.standardError.write(contentsOf: Data($0.utf8)) }) {
        self.total = total
        self.unit = unit
        self.style = style ?? (isatty(STDERR_FILENO) == 1 ? .inPlace : .lines)
        self.write = write
    }

    /// Reports `done` of ``total`` finished.
    func update(_ done: Int) {
        switch style {
        case .quiet:
            return
        case .inPlace:
            let filled = bar(done)
            guard filled != shown || done == total else { return }
            shown = filled
            write("\r" + line(done))
        case .lines:
            // 10 %, 20 %, … 100 %: ten lines whatever the total.
            let tenth = total > 0 ? done * 10 / total : 10
            guard tenth > max(shown, 0) else { return }
            shown = tenth
            write(line(done) + "\n")
        }
    }

    /// Ends the bar's line on a terminal.
    func finish() {
        if style == .inPlace { write("\n") }
    }

    private static let width = 30

    private func bar(_ done: Int) -> Int {
        total > 0 ? done * Self.width / total : Self.width
    }

    private func line(_ done: Int) -> String {
        let filled = bar(done)
        return "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: Self.width - filled) + "] \(done)/\(total) \(unit)"
    }
}
