import FXCore
import Foundation
import XCTest

/// What fx says when an argument is wrong: the file or value, what was expected, what to do.
final class CommandLineMessageTests: XCTestCase {

    func testAMissingFileGivenAsAPathSaysTheFileDoesNotExist() throws {
        let directory = FXProcess.temporaryDirectory()
        let missing = directory.appendingPathComponent("nonexist.json").path
        let result = try FXProcess.run(["render", missing, "--out", "x.png"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "fx: the file \"\(missing)\" does not exist; give the path of an effect file, or an effect's name (fx list shows them); fx new nonexist writes a new effect\n")
        // A file name alone (it ends in .json) is a path in the working folder too.
        let bare = try FXProcess.run(["hash", "nonexist.json"], in: directory)
        XCTAssertTrue(bare.stderr.hasPrefix("fx: the file \"nonexist.json\" does not exist"), bare.stderr)
        XCTAssertFalse(bare.stderr.contains("available effects"), bare.stderr)
        // A folder on the way that is missing is named.
        let deep = try FXProcess.run(["hash", "no/such/folder/x.json"], in: directory)
        XCTAssertTrue(deep.stderr.contains("does not exist (there is no folder \"no\")"), deep.stderr)
    }

    func testAnUnreachableDisplayGivesFXsLineOnly() throws {
        // SDL's Wayland attempt made libwayland print "XDG_RUNTIME_DIR is invalid or not set"
        // first when the variable was unset or not absolute.
        for runtimeDirectory in [nil, "", "relative"] as [String?] {
            let temporary = FXProcess.temporaryDirectory()
            let result = try FXProcess.run(["fire"], environment: ["DISPLAY": ":77", "WAYLAND_DISPLAY": nil, "SDL_VIDEODRIVER": nil,
                                                                   "XDG_RUNTIME_DIR": runtimeDirectory, "TMPDIR": temporary.path])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(result.stderr, "", "XDG_RUNTIME_DIR=\(runtimeDirectory ?? "(unset)")")
            XCTAssertEqual(result.stdout.split(separator: "\n").count, 1, result.stdout)
            XCTAssertTrue(result.stdout.hasPrefix("fx: no display"), result.stdout)
            // The private runtime folder fx made for SDL is gone again.
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary.path), ["fx-preview"])
        }
    }

    func testABareNameStillListsTheNearNames() throws {
        let result = try FXProcess.run(["hash", "snoww"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("no effect named \"snoww\"; did you mean \"snow\"?"), result.stderr)
        XCTAssertTrue(result.stderr.contains("available effects:"), result.stderr)
    }
}

/// `fx record --out`: the formats, a folder, and the progress it prints.
final class RecordOutputTests: XCTestCase {

    func testAnUnknownExtensionIsAnErrorListingTheFormats() throws {
        let directory = FXProcess.temporaryDirectory()
        let result = try FXProcess.run(["record", "fire", "--seconds", "0.1", "--out", "x.avi"], in: directory)
        XCTAssertEqual(result.status, 64, result.stderr)
        XCTAssertTrue(result.stderr.contains("--out x.avi ends in .avi, which fx record does not write: give a file ending in .gif, .mp4, .webm, .apng or .webp, or a folder for PNG frames (a name ending in /, such as x/, or a folder that exists)"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("x.avi").path), "a folder x.avi was written")
        let bare = try FXProcess.run(["record", "fire", "--seconds", "0.1", "--out", "frames"], in: directory)
        XCTAssertEqual(bare.status, 64, bare.stderr)
        XCTAssertTrue(bare.stderr.contains("--out frames has no extension"), bare.stderr)
    }

    func testAFolderIsChosenByATrailingSlashOrAnExistingFolder() throws {
        let directory = FXProcess.temporaryDirectory()
        let slash = try FXProcess.run(["record", "fire", "--seconds", "0.1", "--fps", "20", "--size", "32x32", "--out", "new.frames/"], in: directory)
        XCTAssertEqual(slash.status, 0, slash.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("new.frames").path).sorted(),
                       ["frame-00001.png", "frame-00002.png"])
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("existing"), withIntermediateDirectories: true)
        let existing = try FXProcess.run(["record", "fire", "--seconds", "0.1", "--fps", "10", "--size", "32x32", "--out", "existing"], in: directory)
        XCTAssertEqual(existing.status, 0, existing.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("existing").path), ["frame-00001.png"])
    }

    func testOutsideATerminalProgressIsALineEveryTenPercent() throws {
        let arguments = ["record", "fire", "--seconds", "1", "--fps", "25", "--size", "32x32", "--out", "frames/"]
        let result = try FXProcess.run(arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stderr.contains("\r"), "carriage returns in a log: \(result.stderr.debugDescription)")
        let lines = result.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 10, result.stderr)
        XCTAssertEqual(lines.first, "[###...........................] 3/25 frames")
        XCTAssertEqual(lines.last, "[##############################] 25/25 frames")
        let quiet = try FXProcess.run(arguments + ["--quiet"])
        XCTAssertEqual(quiet.status, 0, quiet.stderr)
        XCTAssertEqual(quiet.stderr, "")
    }

    func testOnATerminalTheBarIsRedrawnInPlace() throws {
        // script(1) (util-linux, in every Debian) runs fx on a pseudo-terminal: stderr is then a terminal.
        guard let script = VirtualScreen.path(of: "script") else {
            if FXProcess.isComplete { return XCTFail("script(1) is missing (Debian: bsdutils)") }
            throw XCTSkip("script(1) is missing (Debian: bsdutils)")
        }
        let command = "\(try FXProcess.binary()) record fire --seconds 1 --fps 25 --size 32x32 --out frames/"
        let result = try FXProcess.run(["-qec", command, "/dev/null"], executable: script)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("\r[##############################] 25/25 frames"), result.stdout.debugDescription)
        XCTAssertEqual(result.stdout.components(separatedBy: "] 25/25 frames").count, 2, "the last update once")
    }
}
