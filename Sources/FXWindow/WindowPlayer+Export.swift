import FXCore
import FXExport
import FXSDL
import Foundation

extension WindowPlayer {
    /// Hands the panel its Export… menu: the effect as the session holds it (the panel's edits
    /// included), checked at once, written once the panel has drawn.
    func connectExport(_ panel: any WindowPanel, _ state: LoopState) {
        guard state.editing.session != nil, let source = effect.sourcePath else {
            panel.export = nil
            return
        }
        let pending = state.panel.pendingReload
        let stem = ((source as NSString).lastPathComponent as NSString).deletingPathExtension
        panel.export = WindowExport(
            formats: WindowExport.Format.all,
            suggestedPath: { [self] format in
                let folder = savesACopy(of: source) ? FileManager.default.currentDirectoryPath : (source as NSString).deletingLastPathComponent
                return EffectFileCopy.shown(EffectFileCopy.freePath(for: stem + "." + format.pathExtension, in: folder))
            },
            run: { [self] format, path, overwrite in
                switch checkExport(path, format: format, overwrite: overwrite) {
                case .success(let path):
                    pending.export = (format, path, overwrite)
                    return .saved
                case .failure(let stop):
                    return stop.outcome
                }
            })
    }

    /// Where an export to `typed` goes (relative paths are the working folder's; the format's
    /// extension is added to a name without one), or why it writes nothing: a missing folder,
    /// fx's own folders, a file where a bundle folder goes (or a folder where a file goes),
    /// something there when `overwrite` is false.
    func checkExport(_ typed: String, format: WindowExport.Format, overwrite: Bool) -> Result<String, SaveAsStop> {
        let trimmed = typed.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return .failure(SaveAsStop(outcome: .refused("type a path to export to"))) }
        var path = EffectFileCopy.absolute(trimmed)
        if (path as NSString).pathExtension.isEmpty { path += "." + format.pathExtension }
        var isFolder: ObjCBool = false
        let folder = (path as NSString).deletingLastPathComponent
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            return .failure(SaveAsStop(outcome: .refused("there is no folder \(folder)")))
        }
        guard !EffectFileCopy.isInside(path, options.protectedFolders) else {
            return .failure(SaveAsStop(outcome: .refused("\(EffectFileCopy.shown(path)) is inside fx's install: choose another folder")))
        }
        let bundle = format.format == .caml
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            if isFolder.boolValue != bundle {
                return .failure(SaveAsStop(outcome: .refused("\(EffectFileCopy.shown(path)) is a \(bundle ? "file" : "folder"); a \(format.title) export writes a \(bundle ? "folder" : "file")")))
            }
            if !overwrite { return .failure(SaveAsStop(outcome: .exists)) }
        }
        return .success(path)
    }

    /// Exports the effect as the session holds it (the panel's edits included) as `format` at
    /// `path` (a source file with the image files it loads beside it, or a `.ca` bundle
    /// folder), and says so in the panel's status line: `exported to PATH (N warnings: …)`.
    /// Every warning goes to the log.
    func performExport(_ state: inout LoopState, _ format: WindowExport.Format, path: String, overwrite: Bool) {
        guard let session = state.editing.session else { return }
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let result = EffectExport.run(session.document, format: format.format, platform: .ios, name: name)
        do {
            try ExportedFiles.write(result, to: path, overwrite: overwrite)
        } catch {
            log("cannot export \(path): \(error)")
            state.editing.status = ("cannot export to \(EffectFileCopy.shown(path)): \(error)", true)
            return
        }
        for warning in result.warnings { log(warning.description) }
        let count = result.warnings.count
        var text = "exported to \(EffectFileCopy.shown(path)) ("
        if let first = result.warnings.first {
            text += "\(count) warning\(count == 1 ? "" : "s"): \(first.key): \(first.message)\(count > 1 ? "; the rest in the log" : ""))"
        } else {
            text += "no warnings)"
        }
        log("exported \(path) as \(format.name) (\(count) warning\(count == 1 ? "" : "s"))")
        state.editing.status = (text, count > 0)
    }
}
