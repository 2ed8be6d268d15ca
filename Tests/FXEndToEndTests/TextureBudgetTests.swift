import FXCore
import Foundation
import XCTest

/// The texture memory budget (`EffectLimits.maxTextureBytes`, 1 GiB decoded): issue 32's twelve
/// 8192² textures took 3.7 GB and 30 s to render one frame.
final class TextureBudgetTests: XCTestCase {
    /// Writes `count` real 8192×8192 PNGs (one bit a pixel, all black: a few KiB each, fast to
    /// make) named big0.png, big1.png, … into `directory`.
    static func writeLargePNGs(_ count: Int, side: Int = 8192, in directory: URL) throws {
        let script = """
            import struct, sys, zlib
            def chunk(kind, data):
                return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
            side, count, folder = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
            rows = (b"\\0" + bytes(side // 8)) * side
            png = b"\\x89PNG\\r\\n\\x1a\\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 1, 0, 0, 0, 0)) \\
                + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")
            for i in range(count):
                open(f"{folder}/big{i}.png", "wb").write(png)
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, String(side), String(count), directory.path]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "python3 could not write the PNGs")
    }

    /// An effect whose one emitter has a cell per texture big0…big(count-1).
    static func effect(textures count: Int) -> String {
        let textures = (0..<count).map { "\"big\($0)\": \"big\($0).png\"" }.joined(separator: ", ")
        let cells = (0..<count).map { "{\"name\": \"leaf\($0)\", \"contents\": \"big\($0)\", \"birthRate\": 1, \"lifetime\": 1, \"scale\": 0.01}" }
            .joined(separator: ",\n    ")
        return "{\"fx\": 1, \"textures\": {\(textures)}, \"layers\": [{\"type\": \"emitter\", \"emitterCells\": [\n    \(cells)]}]}\n"
    }

    func testTwelve8192TexturesAreRefusedBeforeAnyIsDecodedNamingTheOneOverTheBudget() throws {
        let directory = FXProcess.temporaryDirectory()
        try Self.writeLargePNGs(12, in: directory)
        let file = directory.appendingPathComponent("leaves.json")
        try Self.effect(textures: 12).write(to: file, atomically: true, encoding: .utf8)
        let start = Date()
        for command in [["validate"], ["render", "--out", directory.appendingPathComponent("x.png").path]] {
            let result = try FXProcess.run(command.prefix(1) + [file.path] + command.dropFirst())
            XCTAssertEqual(result.status, 1, "\(command): \(result.stdout)\(result.stderr)")
            let output = result.stdout + result.stderr
            // Four 8192² images fill the 1 GiB; the fifth (cell 4, line 6) goes over.
            XCTAssertTrue(output.contains("leaves.json:6:"), output)
            XCTAssertTrue(output.contains("$.layers[0].emitterCells[4].contents"), "names the cell: \(output)")
            XCTAssertTrue(output.contains("texture \"big4\""), "names the texture: \(output)")
            XCTAssertTrue(output.contains("big4.png, 8192×8192, 256 MiB"), "its size: \(output)")
            XCTAssertTrue(output.contains("1.25 GiB") && output.contains("budget of 1 GiB"), "the total and the budget: \(output)")
            XCTAssertTrue(output.contains("downscale the images"), "a way out: \(output)")
            XCTAssertFalse(output.contains("big5"), "one error, not one per texture past the budget: \(output)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 20, "refused from the headers, without decoding 3 GiB")
    }

    func testImagesUpToTheBudgetLoadAndASharedFileCountsOnce() throws {
        let directory = FXProcess.temporaryDirectory()
        try Self.writeLargePNGs(4, in: directory)
        // Four 8192² images are exactly 1 GiB; a fifth name for one of them costs nothing more.
        var effect = Self.effect(textures: 4)
        effect = effect.replacingOccurrences(of: "\"big3\": \"big3.png\"", with: "\"big3\": \"big3.png\", \"again\": \"big0.png\"")
            .replacingOccurrences(of: "\"contents\": \"big3\"", with: "\"contents\": \"big3\"}, {\"contents\": \"again\"")
        let file = directory.appendingPathComponent("four.json")
        try effect.write(to: file, atomically: true, encoding: .utf8)
        let result = try FXProcess.run(["validate", file.path])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("four.json: ok"), result.stdout)
    }
}
