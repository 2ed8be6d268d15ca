import CSDL2
import FXCore
import Foundation

extension WindowPlayer {
    /// The panel's edits of the effect file: the session that holds them (made when the panel
    /// first shows, from the file's text then), and what the window tells about the file.
    struct EditingState {
        var session: EffectEditSession?
        /// A save was written: the next change the file watcher sees is probably our own.
        var ownSavePending = false
        /// A quit was asked for with unsaved edits and the window said so: the next quit quits.
        var quitWarned = false
        /// The line the panel shows about the file, and whether it warns.
        var status: (text: String, isWarning: Bool)?
        /// Whether the `?` overlay of keys and gestures shows.
        var showsHelp = false
        /// The image files beside the effect, which the panel's `contents` control offers.
        let imageFiles = ImageFileList()
    }

    /// Starts the edit session over the effect's file the first time the panel shows. An effect
    /// with no file (or one that no longer loads as it is on disk) is edited live only.
    func startEditing(_ state: inout LoopState) {
        guard state.editing.session == nil, let path = effect.sourcePath else { return }
        do {
            let bytes = try FileReader.read(path, limit: EffectLimits.maxFileBytes)
            state.editing.session = try EffectEditSession(bytes: bytes, file: (path as NSString).lastPathComponent,
                                                          baseDirectory: (path as NSString).deletingLastPathComponent,
                                                          resources: options.resources)
        } catch {
            state.editing.status = ("edits are live only: \(error)", true)
        }
    }

    /// Hands the panel what it needs to edit through the session this frame: how to make an
    /// edit (recorded in the file's text, applied to the running effect), which keys the file
    /// sets, and the file's status line.
    func connectPanel(_ panel: any WindowPanel, _ state: LoopState) {
        let player = state.player
        connectSaveAs(panel, state)
        connectExport(panel, state)
        connectTransport(panel, state)
        guard let session = state.editing.session else {
            panel.edit = nil
            panel.editJSON = nil
            panel.isSetInFile = nil
            panel.readJSON = nil
            panel.removeJSON = nil
            panel.appendJSON = nil
            panel.editStructure = nil
            panel.imageFiles = nil
            panel.useImageFile = nil
            panel.fileStatus = state.editing.status
            return
        }
        panel.edit = { keyPath, value, continuing in
            try session.setValue(value, forKeyPath: keyPath, continuing: continuing)
            try player.setValue(value, forKeyPath: keyPath)
        }
        let pending = state.panel.pendingReload
        panel.editJSON = { keyPath, json, continuing in
            try session.setValue(json: json, forKeyPath: keyPath, continuing: continuing)
            pending.effect = session.document.effect
        }
        panel.readJSON = { session.json(atKeyPath: $0) }
        panel.removeJSON = { keyPath in
            try session.removeValue(forKeyPath: keyPath)
            pending.effect = session.document.effect
        }
        panel.appendJSON = { keyPath, json in
            try session.appendElement(json: json, toListAt: keyPath)
            pending.effect = session.document.effect
        }
        panel.editStructure = { change in
            try session.apply(change)
            pending.effect = session.document.effect
        }
        let images = state.editing.imageFiles
        // Those no texture names yet.
        panel.imageFiles = { images.files(in: session.document.baseDirectory).filter { session.document.textureName(ofFile: $0) == nil } }
        panel.useImageFile = { keyPath, file in
            try session.setContents(toImageFile: file, forKeyPath: keyPath)
            pending.effect = session.document.effect
        }
        panel.isSetInFile = { session.keyPathsSet.contains($0) }
        panel.fileStatus = state.editing.status
            ?? (session.hasUnsavedEdits ? ("unsaved edits  \u{B7}  Ctrl+S saves, Ctrl+Z undoes", true) : nil)
    }

    /// Ctrl+S: writes the edited text into the effect file through the session's `save(to:)`
    /// (under the file's lock, through links, keeping its mode; a change made on disk since the
    /// panel read the file is merged, never dropped).
    func saveEdits(_ state: inout LoopState) {
        guard let session = state.editing.session, let path = effect.sourcePath else { return }
        // A shipped effect (or a file fx may not write) is saved as a copy in the working folder.
        if savesACopy(of: path) {
            saveCopyInWorkingFolder(&state, of: path)
            return
        }
        guard session.hasUnsavedEdits else {
            state.editing.status = ("nothing to save", false)
            return
        }
        do {
            let merged = try session.save(to: path)
            state.editing.ownSavePending = true
            state.editing.quitWarned = false
            let name = (path as NSString).lastPathComponent
            if merged {
                // The file changed on disk since the panel read it: both changes are in it now,
                // and the running effect shows the other one too.
                state.panel.pendingReload.effect = session.document.effect
                state.editing.status = ("saved \(name), merged with a change made to it on disk", false)
                log("saved \(path), merged with a change made to it on disk since the panel read it")
            } else {
                state.editing.status = ("saved \(name)", false)
                log("saved \(path)")
            }
        } catch {
            state.editing.status = ("cannot save: \(error)", true)
            log("cannot save \(path): \(error)")
        }
    }

    /// Ctrl+Z and Ctrl+Shift+Z: takes back (or makes again) the last edit, in the file's text
    /// byte for byte and in the running effect.
    func undoOrRedo(_ state: inout LoopState, redo: Bool, renderer: OpaquePointer) {
        guard let session = state.editing.session else { return }
        guard let edit = redo ? session.redo() : session.undo() else {
            state.editing.status = (redo ? "nothing to redo" : "nothing to undo", false)
            return
        }
        let value = redo ? edit.value : edit.previousValue
        if edit.isLive, let value, (try? state.player.setValue(value, forKeyPath: edit.keyPath)) != nil {
            state.editing.status = ("\(redo ? "redid" : "undid") \(edit.keyPath)", false)
        } else {
            play(session.document.effect, &state, renderer: renderer)
        }
        logEvent("panel \(redo ? "redo" : "undo") \(edit.keyPath)")
    }

    /// Ctrl+R: drops every edit; the effect is the file's again, at the same moment.
    func revertEdits(_ state: inout LoopState, renderer: OpaquePointer) {
        guard let session = state.editing.session, session.hasUnsavedEdits || session.canUndo else { return }
        do {
            try session.revertToFile()
            play(session.document.effect, &state, renderer: renderer)
            state.editing.status = ("reverted to the file", false)
        } catch {
            state.editing.status = ("cannot revert: \(error)", true)
        }
    }

    /// The file changed on disk. Our own save is recognised and changes nothing (the running
    /// effect already has the edits); another change wins over unsaved edits, which the panel
    /// names. Returns whether the effect must be reloaded.
    func fileChangedOnDisk(_ state: inout LoopState) -> Bool {
        guard let session = state.editing.session, let path = effect.sourcePath,
              let bytes = try? FileReader.read(path, limit: EffectLimits.maxFileBytes) else { return true }
        // Our save is what the file holds, even when edits were made since (the watcher reports
        // a moment later): those edits stay, unsaved.
        let ownSave = state.editing.ownSavePending && bytes == session.savedBytes
        state.editing.ownSavePending = false
        if ownSave { return false }
        guard bytes != session.document.bytes || session.hasUnsavedEdits else { return true }
        if let dropped = try? session.fileChanged(to: bytes), !dropped.isEmpty {
            state.editing.status = ("the file changed on disk; dropped: \(dropped.joined(separator: ", "))", true)
            log("the file changed on disk; unsaved edits dropped: \(dropped.joined(separator: ", "))")
        }
        return true
    }

    /// A quit (Esc, q, closing the window) with unsaved edits is held once, with a warning;
    /// returns whether to quit now.
    func confirmsQuit(_ state: inout LoopState) -> Bool {
        guard let session = state.editing.session, session.hasUnsavedEdits, !state.editing.quitWarned else { return true }
        state.editing.quitWarned = true
        state.editing.status = ("unsaved edits: Ctrl+S saves; quit again to discard them", true)
        log("unsaved edits to \(effect.sourcePath ?? effect.name): Ctrl+S saves them; quit again to discard them")
        return false
    }

    /// Says on stderr that edits were not saved, when the window closes with some.
    func reportUnsavedEditsAtExit(_ state: LoopState) {
        guard let session = state.editing.session, session.hasUnsavedEdits else { return }
        log("quit with unsaved edits; \(effect.sourcePath ?? effect.name) is as it was last saved")
    }
}
