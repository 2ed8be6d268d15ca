import FXCore
import Foundation
import XCTest

/// Runs the built `fx` binary as a user runs it.
enum FXProcess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The package root, found from this file's path.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Whether the run must not skip anything (tools/test sets this): a missing binary or tool
    /// is then a failure, not a skip.
    static var isComplete: Bool { ProcessInfo.processInfo.environment["FX_REQUIRE_WINDOW_TEST"] == "1" }

    /// Something the test run needs is missing where nothing may be skipped.
    struct Missing: Error, CustomStringConvertible {
        var description: String
    }

    /// `FX_BINARY` (set by tools/test), else the fx built beside this test bundle.
    static func binary() throws -> String {
        if let path = ProcessInfo.processInfo.environment["FX_BINARY"] {
            guard FileManager.default.isExecutableFile(atPath: path) else { throw Missing(description: "FX_BINARY=\(path) is not an executable") }
            return path
        }
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("fx").path
        for candidate in [besideTests, packageRoot.appendingPathComponent(".build/release/fx").path,
                          packageRoot.appendingPathComponent(".build/debug/fx").path]
        where FileManager.default.isExecutableFile(atPath: candidate) {
            return candidate
        }
        if isComplete { throw Missing(description: "no built fx binary found") }
        throw XCTSkip("no built fx binary found; run tools/test, or swift build first")
    }

    /// A process still running after this long is stopped, so that one hang cannot stall the
    /// whole test run; its result then says so.
    static let timeout: TimeInterval = 300

    /// Runs `fx ARGUMENTS` and waits for it (at most ``timeout`` seconds).
    /// - Parameters:
    ///   - environment: replaces the inherited environment's keys; a nil value removes a key.
    @discardableResult
    static func run(_ arguments: [String], environment: [String: String?] = [:], in directory: URL? = nil,
                    executable: String? = nil, timeout: TimeInterval = FXProcess.timeout) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try executable ?? binary())
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.currentDirectoryURL = directory ?? temporaryDirectory()
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let watchdog = DispatchWorkItem { [process] in
            if process.isRunning {
                FileHandle.standardError.write(Data("FXProcess: \(arguments) ran past \(Int(timeout)) s; stopping it\n".utf8))
                process.terminate()
            }
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        defer { watchdog.cancel() }
        // Read stderr on another thread while stdout is read here, so neither pipe can fill
        // up and block the process.
        let errBox = DataBox()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errBox.data = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        group.wait()
        var stderr = String(decoding: errBox.data, as: UTF8.self)
        if process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM {
            stderr += "\n(stopped after \(Int(timeout)) s: it did not finish)"
        }
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self), stderr: stderr)
    }

    /// Written by one thread, read by another after `DispatchGroup.wait()`.
    final class DataBox: @unchecked Sendable {
        var data = Data()
    }

    /// A new empty folder for one test.
    static func temporaryDirectory() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("fx-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// `fx ARGUMENTS` with its address space limited to `kilobytes` (about 4 GB unless told) and a
    /// minute to finish: the hostile-size cases of issue 32 must render or fail clearly within it.
    static func runLimited(_ arguments: [String], kilobytes: Int = 4_000_000) throws -> Result {
        try run(["-c", "ulimit -v \(kilobytes) && exec \"$0\" \"$@\"", try binary()] + arguments,
                executable: "/bin/sh", timeout: 60)
    }

    /// Writes `json` as `name` in a new folder and returns its URL.
    static func writeTemporary(_ json: String, name: String) throws -> URL {
        let url = temporaryDirectory().appendingPathComponent(name)
        try Data(json.utf8).write(to: url)
        return url
    }
}

extension FXProcess {
    /// An example program of the package (`Examples/`), built beside this test bundle (the
    /// build's folder; tools/test's fx is a published copy elsewhere, .build/fx-bin) or beside fx.
    static func example(_ name: String) throws -> String {
        let fx = try binary()
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name).path
        let besideFx = URL(fileURLWithPath: fx).deletingLastPathComponent().appendingPathComponent(name).path
        let path = FileManager.default.isExecutableFile(atPath: besideTests) ? besideTests : besideFx
        guard FileManager.default.isExecutableFile(atPath: path) else {
            if isComplete { throw Missing(description: "the example \(name) is not built beside \(fx)") }
            throw XCTSkip("the example \(name) is not built beside \(fx); swift build builds it")
        }
        return path
    }
}

extension RGBAImage {
    /// How many pixels of the rectangle (x, y ranges) satisfy `predicate`, given their RGBA bytes.
    func count(x: Range<Int>, y: Range<Int>, where predicate: (ArraySlice<UInt8>) -> Bool) -> Int {
        var found = 0
        for row in y {
            for column in x where predicate(pixels[(row * width + column) * 4..<(row * width + column) * 4 + 4]) { found += 1 }
        }
        return found
    }
}
