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

    /// `FX_BINARY` (set by tools/test), else the fx built beside this test bundle.
    static func binary() throws -> String {
        if let path = ProcessInfo.processInfo.environment["FX_BINARY"], FileManager.default.isExecutableFile(atPath: path) {
            return path
        }
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("fx").path
        for candidate in [besideTests, packageRoot.appendingPathComponent(".build/release/fx").path,
                          packageRoot.appendingPathComponent(".build/debug/fx").path]
        where FileManager.default.isExecutableFile(atPath: candidate) {
            return candidate
        }
        throw XCTSkip("no built fx binary found; run tools/test, or swift build first")
    }

    /// Runs `fx ARGUMENTS` and waits for it.
    /// - Parameters:
    ///   - environment: replaces the inherited environment's keys; a nil value removes a key.
    @discardableResult
    static func run(_ arguments: [String], environment: [String: String?] = [:], in directory: URL? = nil,
                    executable: String? = nil) throws -> Result {
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
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errBox.data, as: UTF8.self))
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
}

extension FXProcess {
    /// An example program of the package (`Examples/`), built beside fx.
    static func example(_ name: String) throws -> String {
        let fx = try binary()
        let path = URL(fileURLWithPath: fx).deletingLastPathComponent().appendingPathComponent(name).path
        guard FileManager.default.isExecutableFile(atPath: path) else {
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
