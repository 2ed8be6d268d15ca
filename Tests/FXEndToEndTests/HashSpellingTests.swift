import FXCore
import FXEffects
import Foundation
import XCTest

/// A program's `print(player.stateHash())` and `fx hash` spell the same hash the same way.
final class HashSpellingTests: XCTestCase {

    func testTheLibraryPrintsTheHashAsTheCommandLineDoes() throws {
        let player = try EffectPlayer(named: "confetti", seed: 1)
        player.seek(to: 2)
        let printed = "\(player.stateHash())"
        XCTAssertEqual(printed, player.stateHash().hex)
        XCTAssertEqual(printed.count, 16, "16 hex digits, not the decimal number: \(printed)")
        let result = try FXProcess.run(["hash", "confetti", "--time", "2", "--seed", "1"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout.split(separator: " ")[1], Substring(printed), "fx hash: \(result.stdout)")
    }
}
