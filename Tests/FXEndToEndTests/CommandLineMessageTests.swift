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
        XCTAssertEqual(result.stderr, "fx: the file \"\(missing)\" does not exist; give the path of an effect file, or an effect's name (fx list shows them)\n")
        // A file name alone (it ends in .json) is a path in the working folder too.
        let bare = try FXProcess.run(["hash", "nonexist.json"], in: directory)
        XCTAssertTrue(bare.stderr.hasPrefix("fx: the file \"nonexist.json\" does not exist"), bare.stderr)
        XCTAssertFalse(bare.stderr.contains("available effects"), bare.stderr)
        // A folder on the way that is missing is named.
        let deep = try FXProcess.run(["hash", "no/such/folder/x.json"], in: directory)
        XCTAssertTrue(deep.stderr.contains("does not exist (there is no folder \"no\")"), deep.stderr)
    }

    func testABareNameStillListsTheNearNames() throws {
        let result = try FXProcess.run(["hash", "snoww"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("no effect named \"snoww\"; did you mean \"snow\"?"), result.stderr)
        XCTAssertTrue(result.stderr.contains("available effects:"), result.stderr)
    }
}
