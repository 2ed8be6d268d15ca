import Foundation
import XCTest

extension XCTestCase {
    /// The live particle count of the effect's first cell at `time`, from the real `fx inspect`
    /// (the import tests compare it with the source tool's numbers).
    func alive(inspecting path: URL, at time: Double) throws -> Double {
        let result = try FXProcess.run(["inspect", path.path, "--time", "\(time)"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let layer = try XCTUnwrap((report?["layers"] as? [[String: Any]])?.first)
        let cell = try XCTUnwrap((layer["cells"] as? [[String: Any]])?.first)
        return try XCTUnwrap(cell["alive"] as? Double)
    }
}
