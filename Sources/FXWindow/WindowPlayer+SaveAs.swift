import FXCore
import Foundation

extension WindowPlayer {
    /// Whether Ctrl+S must save a copy instead of writing the effect file: the file is inside
    /// fx's install or resource bundle (``Options/protectedFolders``: a shipped effect), or its
    /// user may not write it (or its folder).
    func savesACopy(of path: String) -> Bool {
        EffectFileCopy.isInside(path, options.protectedFolders) || !EffectFileCopy.canWriteInPlace(path)
    }

    /// Ctrl+S on a shipped effect or a file fx cannot write: the effect, with the panel's
    /// edits, is saved as `NAME.json` in the working folder (`NAME-2.json`, `-3`… when that is
    /// taken), with its textures beside it; the copy is then the file edited and watched.
    func saveCopyInWorkingFolder(_ state: inout LoopState, of path: String) {
        let folder = FileManager.default.currentDirectoryPath
        let reason = EffectFileCopy.isInside(path, options.protectedFolders) ? "shipped effect" : "file not writable"
        guard !EffectFileCopy.isInside(folder + "/x", options.protectedFolders), access(folder, W_OK) == 0 else {
            state.editing.status = ("\(reason), and the working folder is not writable: Ctrl+Shift+S saves elsewhere", true)
            log("cannot save a copy of \(path) in \(folder): the folder is not writable (or is fx's own)")
            return
        }
        let destination = EffectFileCopy.freePath(for: (path as NSString).lastPathComponent, in: folder)
        switch writeCopy(&state, of: path, to: destination, overwrite: false) {
        case .success(let outcome):
            var text = "\(reason): saved a copy as \(EffectFileCopy.shown(outcome.path))"
            text += Self.describeTextures(outcome)
            state.editing.status = (text + "; editing the copy", false)
        case .failure(let failure):
            state.editing.status = (failure.wrote ? failure.description : "cannot save a copy: \(failure)", true)
        }
    }

    /// Ctrl+Shift+S: shows the panel (when hidden) and opens its Save as… field.
    func requestSaveAs(_ state: inout LoopState) {
        if !state.panel.isShown { state.panel.toggleRequested = true }
        state.panel.pendingReload.opensSaveAs = true
    }

    /// Ctrl+F: shows the panel (when hidden) and puts the keyboard in its property filter.
    func requestFilterFocus(_ state: inout LoopState) {
        if !state.panel.isShown { state.panel.toggleRequested = true }
        state.panel.pendingReload.focusesFilter = true
    }

    /// Hands the panel its Save as… (checked at once, written once the panel has drawn) and
    /// what the keys asked of it since it last drew.
    func connectSaveAs(_ panel: any WindowPanel, _ state: LoopState) {
        let pending = state.panel.pendingReload
        if pending.focusesFilter {
            pending.focusesFilter = false
            panel.focusFilter()
        }
        guard state.editing.session != nil, let source = effect.sourcePath else {
            panel.saveAs = nil
            panel.suggestedSaveAsPath = nil
            pending.opensSaveAs = false
            return
        }
        let suggestion = { [self] in
            let folder = savesACopy(of: source) ? FileManager.default.currentDirectoryPath : (source as NSString).deletingLastPathComponent
            return EffectFileCopy.shown(EffectFileCopy.freePath(for: (source as NSString).lastPathComponent, in: folder))
        }
        panel.suggestedSaveAsPath = suggestion
        panel.saveAs = { [self] path, overwrite in
            switch checkSaveAs(path, overwrite: overwrite) {
            case .success(let path):
                pending.saveAs = (path, overwrite)
                return .saved
            case .failure(let outcome):
                return outcome.outcome
            }
        }
        if pending.opensSaveAs {
            pending.opensSaveAs = false
            panel.beginSaveAs(path: suggestion())
        }
    }

    /// A Save as… that does not go ahead, and why.
    struct SaveAsStop: Error {
        var outcome: SaveAsOutcome
    }

    /// The file a Save as… to `typed` writes (relative paths are the working folder's; `.json`
    /// is added to a name without an extension), or why it writes none: a missing folder,
    /// fx's own folders, a folder of that name, a file there when `overwrite` is false.
    func checkSaveAs(_ typed: String, overwrite: Bool) -> Result<String, SaveAsStop> {
        checkTarget(typed, pathExtension: "json", writesFolder: false, verb: "save", overwrite: overwrite)
    }

    /// Where a Save as… or an export to `typed` goes (relative paths are the working folder's;
    /// `pathExtension` is added to a name without one), or why it writes nothing: a missing
    /// folder, fx's own folders, a folder where a file goes (or a file where a bundle folder
    /// goes, `writesFolder`), something there when `overwrite` is false.
    func checkTarget(_ typed: String, pathExtension: String, writesFolder: Bool, verb: String,
                     overwrite: Bool) -> Result<String, SaveAsStop> {
        let trimmed = typed.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return .failure(SaveAsStop(outcome: .refused("type a path to \(verb) to"))) }
        var path = EffectFileCopy.absolute(trimmed)
        if (path as NSString).pathExtension.isEmpty { path += "." + pathExtension }
        var isFolder: ObjCBool = false
        let folder = (path as NSString).deletingLastPathComponent
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            return .failure(SaveAsStop(outcome: .refused("there is no folder \(folder)")))
        }
        guard !EffectFileCopy.isInside(path, options.protectedFolders) else {
            return .failure(SaveAsStop(outcome: .refused("\(EffectFileCopy.shown(path)) is inside fx's install: choose another folder")))
        }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            if isFolder.boolValue != writesFolder {
                return .failure(SaveAsStop(outcome: .refused("\(EffectFileCopy.shown(path)) is a \(isFolder.boolValue ? "folder" : "file")"
                                                             + (writesFolder ? "; this writes a folder" : ""))))
            }
            if !overwrite { return .failure(SaveAsStop(outcome: .exists)) }
        }
        return .success(path)
    }

    /// Save as… (the panel's field, Ctrl+Shift+S), once checked (``checkSaveAs(_:overwrite:)``):
    /// writes the effect with the panel's edits at `path`, which then is the file edited and
    /// watched. The file being edited is saved as Ctrl+S saves it.
    func performSaveAs(_ state: inout LoopState, path: String, overwrite: Bool) {
        guard let source = effect.sourcePath else { return }
        if EffectFileCopy.resolved(path) == EffectFileCopy.resolved(source) {
            saveEdits(&state)
            return
        }
        switch writeCopy(&state, of: source, to: path, overwrite: overwrite) {
        case .success(let outcome):
            state.editing.status = ("saved as \(EffectFileCopy.shown(outcome.path))" + Self.describeTextures(outcome)
                                    + "; editing it now", false)
        case .failure(let failure):
            state.editing.status = (failure.wrote ? failure.description : "cannot save as \(EffectFileCopy.shown(path)): \(failure)", true)
        }
    }

    /// Writes the session's text as the file at `destination` (a new file, or over one when
    /// `overwrite`), copies the textures `source` names beside it, and makes it the file being
    /// edited, played and watched. The undo history starts again at the copy.
    private func writeCopy(_ state: inout LoopState, of source: String, to destination: String,
                           overwrite: Bool) -> Result<EffectFileCopy.Outcome, EffectFileCopy.Failure> {
        guard let session = state.editing.session else { return .failure(.init(description: "no edit session")) }
        let bytes = session.document.bytes
        var outcome = EffectFileCopy.Outcome(path: destination)
        do {
            if overwrite && FileManager.default.fileExists(atPath: destination) {
                try EffectFileWriter.replace(destination, with: bytes)
            } else {
                try EffectFileCopy.create(destination, bytes: bytes)
            }
            EffectFileCopy.copyDependencies(effect.dependencies, of: source, besides: destination, into: &outcome)
        } catch let failure as EffectFileCopy.Failure {
            log("cannot save \(destination): \(failure)")
            return .failure(failure)
        } catch {
            log("cannot save \(destination): \(error)")
            return .failure(.init(description: "\(error)"))
        }
        do {
            state.editing.session = try EffectEditSession(bytes: bytes, file: (destination as NSString).lastPathComponent,
                                                          baseDirectory: (destination as NSString).deletingLastPathComponent,
                                                          resources: options.resources)
        } catch {
            // Written, but it does not load where it is (a texture of that name was there and
            // is not the effect's): the original stays the file edited.
            log("saved \(destination), a copy of \(source), but it does not load there: \(error)")
            return .failure(.init(description: "wrote \(EffectFileCopy.shown(destination)), but it does not load there "
                                  + "(\(error)); still editing \(EffectFileCopy.shown(source))", wrote: true))
        }
        state.editing.quitWarned = false
        state.editing.ownSavePending = false
        // From now on the copy is the file: reloads read it, the watcher watches it (and its
        // textures), and Ctrl+S writes it.
        let load = options.loadFile ?? { [resources = options.resources] path in
            do {
                return .success(try EffectDecoder.load(path: path, resources: resources))
            } catch let error as EffectLoadError {
                return .failure(error)
            } catch {
                return .failure(EffectLoadError([Diagnostic(file: path, path: "", message: "\(error)")]))
            }
        }
        var fresh: Effect
        switch load(destination) {
        case .success(let loaded): fresh = loaded
        case .failure: fresh = state.editing.session?.document.effect ?? effect
        }
        fresh.sourcePath = destination
        effect.sourcePath = destination
        if reload != nil { reload = { load(destination) } }
        state.panel.pendingReload.effect = fresh
        state.reload.watcher?.watch(fresh.dependencies)
        log("saved \(destination), a copy of \(source)" + Self.describeTextures(outcome))
        return .success(outcome)
    }

    /// ", with 2 textures (1 kept as it was there)": what a copy did with the effect's textures.
    static func describeTextures(_ outcome: EffectFileCopy.Outcome) -> String {
        var parts: [String] = []
        if !outcome.copied.isEmpty { parts.append("with \(outcome.copied.count) texture\(outcome.copied.count == 1 ? "" : "s") beside it") }
        if !outcome.kept.isEmpty { parts.append("\(outcome.kept.joined(separator: ", ")) kept as it was there") }
        if !outcome.leftOut.isEmpty { parts.append("not copied: \(outcome.leftOut.joined(separator: ", "))") }
        return parts.isEmpty ? "" : " (" + parts.joined(separator: "; ") + ")"
    }
}
