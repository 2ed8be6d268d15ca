import Foundation
import XCTest

/// tools/fx, tools/test and tools/install share one build (tools/lib/build.sh): these run the
/// scripts as a user does, after tools/test's build.
final class BuildToolTests: XCTestCase {
    /// The published copy of the shared build's binary (tools/lib/build.sh's fx_publish), when
    /// this run uses it (tools/test sets `FX_BINARY` to it); other runs skip, since the scripts
    /// would build first.
    private func sharedBuild() throws -> String {
        let shared = FXProcess.packageRoot.appendingPathComponent(".build/fx-bin/fx").path
        guard ProcessInfo.processInfo.environment["FX_BINARY"] == shared else {
            if FXProcess.isComplete { XCTFail("FX_BINARY is not the shared build \(shared): tools/test and tools/fx must share one build") }
            throw XCTSkip("runs under tools/test, after the shared build")
        }
        return shared
    }

    /// The scripts must not build under `swift test`, which holds the lock on .build (a build
    /// would wait for it forever): with FX_NO_BUILD they fail instead, saying the build is stale.
    private let noBuild: [String: String?] = ["FX_NO_BUILD": "1"]

    private func tool(_ name: String) -> String {
        FXProcess.packageRoot.appendingPathComponent("tools/\(name)").path
    }

    /// After tools/test built fx, tools/fx runs it without calling swift build: nothing on
    /// stderr (no "building" line), and the binary's own answer.
    func testToolsFxRunsTheSharedBuildWithoutBuilding() throws {
        let binary = try sharedBuild()
        let direct = try FXProcess.run(["--version"], executable: binary)
        let viaTool = try FXProcess.run(["--version"], environment: noBuild, executable: tool("fx"))
        XCTAssertEqual(viaTool.status, 0, viaTool.stderr)
        XCTAssertEqual(viaTool.stderr, "", "tools/fx built again after tools/test's build")
        XCTAssertEqual(viaTool.stdout, direct.stdout)
    }

    /// tools/install into a prefix: `fx list` and a render work from another folder, and
    /// --uninstall leaves nothing behind (not even the folders it made).
    func testInstallWorksFromAnyFolderAndUninstallLeavesNothing() throws {
        _ = try sharedBuild()
        let prefix = FXProcess.temporaryDirectory().appendingPathComponent("prefix")
        let install = try FXProcess.run([prefix.path], environment: noBuild, executable: tool("install"))
        XCTAssertEqual(install.status, 0, install.stderr)
        let fx = prefix.appendingPathComponent("bin/fx").path
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: fx))
        XCTAssertTrue(FileManager.default.fileExists(atPath: prefix.appendingPathComponent("lib/fx/fx_FXEffects.resources/effects/confetti.json").path))

        let elsewhere = FXProcess.temporaryDirectory()
        let list = try FXProcess.run(["list"], in: elsewhere, executable: fx)
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertTrue(list.stdout.contains("confetti"), list.stdout)
        let render = try FXProcess.run(["render", "confetti", "--time", "1", "--out", "frame.png"], in: elsewhere, executable: fx)
        XCTAssertEqual(render.status, 0, render.stderr)
        let png = try Data(contentsOf: elsewhere.appendingPathComponent("frame.png"))
        XCTAssertEqual(Array(png.prefix(4)), [0x89, 0x50, 0x4E, 0x47])

        let uninstall = try FXProcess.run(["--uninstall", prefix.path], executable: tool("install"))
        XCTAssertEqual(uninstall.status, 0, uninstall.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: prefix.path), "uninstall left \(prefix.path)")
    }
}
