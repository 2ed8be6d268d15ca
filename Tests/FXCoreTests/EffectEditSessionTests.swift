import FXCore
import XCTest

/// Edits made by hand to an effect file: undone and redone byte for byte, saved, and reconciled
/// with the file changing on disk.
final class EffectEditSessionTests: XCTestCase {
    private let text = """
        {
          "fx": 1,
          "layers": [
            {"type": "emitter", "name": "e", "emitterShape": "point",
             "emitterCells": [{"name": "c", "birthRate": 10, "lifetime": 2}]}
          ]
        }

        """

    func testADragIsOneEditAndUndoRestoresTheBytesAddedKeysIncluded() throws {
        let session = try EffectEditSession(bytes: Array(text.utf8), file: "t.json")
        XCTAssertFalse(session.hasUnsavedEdits)
        // A drag: three values, one edit.
        for value in [11.0, 12, 13] {
            try session.setValue(.number(value), forKeyPath: "e.emitterCells.c.birthRate", continuing: true)
        }
        let added = try session.setValue(.number(0.5), forKeyPath: "e.emitterCells.c.lifetimeRange")
        XCTAssertTrue(added.isLive)
        XCTAssertEqual(added.previousValue, .number(0))
        XCTAssertTrue(session.hasUnsavedEdits)
        XCTAssertTrue(String(decoding: session.document.bytes, as: UTF8.self).contains(#""lifetimeRange": 0.5"#))

        let undone = try XCTUnwrap(session.undo())
        XCTAssertEqual(undone.keyPath, "e.emitterCells.c.lifetimeRange")
        XCTAssertFalse(String(decoding: session.document.bytes, as: UTF8.self).contains("lifetimeRange"), "the added key is gone")
        let drag = try XCTUnwrap(session.undo())
        XCTAssertEqual(drag.previousValue, .number(10), "the whole drag is undone at once")
        XCTAssertEqual(drag.value, .number(13))
        XCTAssertEqual(session.document.bytes, Array(text.utf8))
        XCTAssertFalse(session.hasUnsavedEdits)
        XCTAssertNil(session.undo())

        XCTAssertEqual(try XCTUnwrap(session.redo()).value, .number(13))
        XCTAssertTrue(String(decoding: session.document.bytes, as: UTF8.self).contains(#""birthRate": 13"#))
        // A new edit clears what could be redone.
        try session.setValue(.number(1), forKeyPath: "e.emitterCells.c.lifetime")
        XCTAssertFalse(session.canRedo)
    }

    func testEditsThatNeedAReloadSayNotLive() throws {
        let session = try EffectEditSession(bytes: Array(text.utf8), file: "t.json")
        let edit = try session.setValue(json: "line", forKeyPath: "e.emitterShape")
        XCTAssertFalse(edit.isLive, "an emitterShape is not animatable: the effect must be reloaded")
        XCTAssertEqual(session.document.effect.layers[0].emitter?.emitterShape, .line)
        XCTAssertThrowsError(try session.setValue(json: "hexagon", forKeyPath: "e.emitterShape"))
        XCTAssertEqual(session.document.effect.layers[0].emitter?.emitterShape, .line, "a refused edit changes nothing")
    }

    func testSavingAndTheDiskWinning() throws {
        let session = try EffectEditSession(bytes: Array(text.utf8), file: "t.json")
        try session.setValue(.number(20), forKeyPath: "e.emitterCells.c.birthRate")
        // Our own save, seen by the file watcher: nothing is dropped, nothing changes.
        let saved = session.document.bytes
        session.markSaved()
        XCTAssertEqual(try session.fileChanged(to: saved), [])
        XCTAssertFalse(session.hasUnsavedEdits)
        // An unsaved edit, then another editor saves the file: the disk wins and says so.
        try session.setValue(.number(30), forKeyPath: "e.emitterCells.c.birthRate")
        let other = Array(text.replacingOccurrences(of: "\"lifetime\": 2", with: "\"lifetime\": 4").utf8)
        XCTAssertEqual(try session.fileChanged(to: other), ["e.emitterCells.c.birthRate"])
        XCTAssertEqual(session.document.bytes, other)
        XCTAssertEqual(session.document.effect.layers[0].emitter?.emitterCells[0].lifetime, 4)
        XCTAssertFalse(session.canUndo)
        // A broken save on disk leaves the session's text.
        XCTAssertThrowsError(try session.fileChanged(to: Array("{".utf8)))
        XCTAssertEqual(session.document.bytes, other)
        // Revert drops the edits.
        try session.setValue(.number(5), forKeyPath: "e.emitterCells.c.birthRate")
        try session.revertToFile()
        XCTAssertEqual(session.document.bytes, other)
    }

    func testEditsInsideAnimationsAndValuesOverLifeAreUndoneByteForByte() throws {
        let text = """
            {
              "fx": 1,
              "layers": [
                {"type": "emitter", "name": "e",
                 "animations": [{"type": "basic", "keyPath": "birthRate", "fromValue": 1, "toValue": 0, "duration": 0.5}],
                 "emitterCells": [{"name": "c", "birthRate": 10, "lifetime": 2,
                                   "colorOverLife": {"values": ["#ffffff", "#000000"]}}]}
              ]
            }

            """
        let session = try EffectEditSession(bytes: Array(text.utf8), file: "t.json")
        XCTAssertTrue(session.keyPathsSet.contains("e.animations[0].duration"))
        XCTAssertFalse(session.keyPathsSet.contains("e.emitterCells.c.colorOverLife.times"))
        // A drag of the duration: three values, one edit, which the running effect cannot take.
        for value in ["0.6", "0.7", "0.8"] {
            let edit = try session.setValue(json: value, forKeyPath: "e.animations[0].duration", continuing: true)
            XCTAssertFalse(edit.isLive, "an animation's key has no model key path: the effect is reloaded")
        }
        XCTAssertEqual(session.document.effect.layers[0].animations[0].timing.duration, 0.8)
        let afterDrag = session.document.bytes
        try session.setValue(json: "[0, 0.5]", forKeyPath: "e.emitterCells.c.colorOverLife.times")
        XCTAssertEqual(session.document.effect.layers[0].emitter?.emitterCells[0].extensions.colorOverLife?.times, [0, 0.5])
        XCTAssertTrue(session.keyPathsSet.contains("e.emitterCells.c.colorOverLife.times"), "the set keys follow the text")
        // A refused edit inside changes nothing and is not recorded.
        XCTAssertThrowsError(try session.setValue(json: "1", forKeyPath: "e.animations[1].duration"))

        XCTAssertEqual(try XCTUnwrap(session.undo()).keyPath, "e.emitterCells.c.colorOverLife.times")
        XCTAssertEqual(session.document.bytes, afterDrag, "the added key is gone")
        XCTAssertEqual(try XCTUnwrap(session.undo()).keyPath, "e.animations[0].duration")
        XCTAssertEqual(session.document.bytes, Array(text.utf8), "the whole drag is undone at once")
        XCTAssertNil(session.undo())
        XCTAssertEqual(session.document.effect.layers[0].animations[0].timing.duration, 0.5)
        XCTAssertNotNil(session.redo())
        XCTAssertEqual(session.document.bytes, afterDrag)
        XCTAssertTrue(String(decoding: session.document.bytes, as: UTF8.self).contains(#""duration": 0.8}"#))
    }
}
