import FXCore
import FXEffects
import FXExport
import Foundation
import XCTest

/// Every shipped effect exported as Swift type-checks against stub QuartzCore, UIKit and AppKit
/// modules (Tests/ExportStubs, declarations copied in shape from Apple's SDK: Swift on Linux
/// has no QuartzCore), for iOS and for macOS, in one `swiftc -typecheck` per platform; the
/// Objective-C export passes `clang -fsyntax-only -fobjc-arc` against stub headers the same
/// way. This checks that the code names real API with the right types, not that it runs on a
/// device.
final class CodeExportTypeCheckTests: XCTestCase {
    static var stubs: URL { FXProcess.packageRoot.appendingPathComponent("Tests/ExportStubs") }

    /// Runs `tool` with `arguments`; its status and what it printed.
    static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Whether `tool` runs here.
    static func available(_ tool: String) -> Bool {
        (try? run(tool, ["--version"]).status) == 0
    }

    /// Writes every shipped effect (and the hand-made tree of ``CodeExportTests``) exported as
    /// `format` for `platform` into a fresh folder; returns the files.
    static func exportAll(_ format: ExportFormat, _ platform: ExportPlatform) throws -> [URL] {
        let folder = FXProcess.temporaryDirectory().appendingPathComponent("\(format)-\(platform)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var files: [URL] = []
        let ext = format == .swift ? "swift" : "m"
        for (name, _, document) in try CodeExportTests.shippedEffects() {
            let result = EffectExport.run(document, format: format, platform: platform)
            guard case .text(let source)? = result.files.first?.contents else { continue }
            let file = folder.appendingPathComponent("\(name).\(ext)")
            try source.write(to: file, atomically: true, encoding: .utf8)
            files.append(file)
        }
        let handMade = CodeExportTests.handMadeDocument(platform: platform)
        let file = folder.appendingPathComponent("hand-made.\(ext)")
        try XCTUnwrap(handMade.source(format, fileName: file.lastPathComponent)).write(to: file, atomically: true, encoding: .utf8)
        files.append(file)
        return files
    }

    func testExportedSwiftTypeChecksForIOSAndMacOS() throws {
        try XCTSkipUnless(Self.available("swiftc"), "swiftc is not on the PATH")
        let modules = FXProcess.temporaryDirectory().appendingPathComponent("stub-modules")
        try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
        for module in ["QuartzCore", "UIKit", "AppKit"] {
            let built = try Self.run("swiftc", ["-parse-as-library", "-emit-module", "-module-name", module, "-I", modules.path,
                                                Self.stubs.appendingPathComponent("\(module).swift").path,
                                                "-emit-module-path", modules.appendingPathComponent("\(module).swiftmodule").path])
            XCTAssertEqual(built.status, 0, "the stub module \(module) does not build:\n\(built.output)")
        }
        for platform in ExportPlatform.allCases {
            let files = try Self.exportAll(.swift, platform)
            XCTAssertGreaterThan(files.count, 40)
            let checked = try Self.run("swiftc", ["-typecheck", "-parse-as-library", "-I", modules.path] + files.map(\.path))
            XCTAssertEqual(checked.status, 0, "exported Swift for \(platform) does not type-check:\n\(String(checked.output.prefix(20_000)))")
        }
    }

    func testExportedObjectiveCPassesClangForIOSAndMacOS() throws {
        try XCTSkipUnless(Self.available("clang"), "clang is not on the PATH")
        let include = Self.stubs.appendingPathComponent("include").path
        for (platform, target) in [(ExportPlatform.ios, "arm64-apple-ios15.0"), (.macos, "arm64-apple-macos12.0")] {
            let files = try Self.exportAll(.objc, platform)
            // Apple's targets: the modern runtime, so ARC and the bridging casts are checked.
            let checked = try Self.run("clang", ["-fsyntax-only", "-fobjc-arc", "-x", "objective-c", "-target", target, "-nostdinc",
                                                 "-isystem", include, "-Werror=incompatible-pointer-types", "-Werror=int-conversion",
                                                 "-Werror=objc-method-access"] + files.map(\.path))
            XCTAssertEqual(checked.status, 0, "exported Objective-C for \(platform) does not pass clang:\n\(String(checked.output.prefix(20_000)))")
        }
    }
}
