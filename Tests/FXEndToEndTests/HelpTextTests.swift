import FXCore
import FXWindow
import Foundation
import XCTest

/// Every command's `--help`, as a user reads it.
final class HelpTextTests: XCTestCase {

    /// The subcommands `fx --help` lists.
    private func subcommands() throws -> [String] {
        let help = try FXProcess.run(["--help"]).stdout
        let section = try XCTUnwrap(help.components(separatedBy: "SUBCOMMANDS:").last)
        // Each subcommand starts a line indented by two spaces; wrapped abstracts are indented more.
        return section.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("  "), !line.hasPrefix("   ") else { return nil }
            return line.split(separator: " ").first.map(String.init)
        }
    }

    func testEveryDefaultReadsAsItIsTyped() throws {
        let commands = try subcommands()
        XCTAssertGreaterThanOrEqual(commands.count, 13, "\(commands)")
        XCTAssertTrue(commands.contains("plot") && commands.contains("record") && commands.contains("play"), "\(commands)")
        // A Swift value's description (`PixelSize(width: 960, height: 540)`, `Optional(2.0)`,
        // `Format.gif`) where a user would type `960x540`, `2`, `gif`.
        let swiftSpelling = try NSRegularExpression(pattern: #"[A-Z][A-Za-z]*\([a-z][A-Za-z]*:|Optional\(|\(width:|\b(PixelSize|Double|Int|String|Bool|Format)\b[(.]"#)
        for command in commands {
            let result = try FXProcess.run([command, "--help"])
            XCTAssertEqual(result.status, 0, "\(command): \(result.stderr)")
            // Defaults are wrapped across lines: join them first.
            let help = result.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            let found = swiftSpelling.matches(in: help, range: NSRange(help.startIndex..., in: help))
                .map { String(help[Range($0.range, in: help)!]) }
            XCTAssertEqual(found, [], "fx \(command) --help shows a Swift spelling: \(found) in\n\(result.stdout)")
        }
        let plot = try FXProcess.run(["plot", "--help"]).stdout
        XCTAssertTrue(plot.contains("(default: 960x540)"), plot)
    }

    func testPlayHelpListsEveryKeyAndGesture() throws {
        // The help is wrapped to the terminal's width: compared with its whitespace runs as one space.
        func words(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        let help = words(try FXProcess.run(["play", "--help"]).stdout)
        for binding in WindowPlayer.keyBindings {
            XCTAssertTrue(help.contains(words("\(binding.keys): \(binding.action)")), "fx play --help misses \(binding.keys)\n\(help)")
        }
        // The keys the window handles (WindowPlayer+Input.swift) and the two pointer gestures.
        let keys = WindowPlayer.keyBindings.map(\.keys).joined(separator: " | ")
        for key in ["Esc", "q", "space", "→", "[", "]", "r", "s", "h", "g", "Tab", "Ctrl+S", "Ctrl+Z", "Ctrl+Shift+Z", "Ctrl+R", "?",
                    "drag across the canvas", "click"] {
            XCTAssertTrue(keys.contains(key), "no binding lists \(key): \(keys)")
        }
    }
}
