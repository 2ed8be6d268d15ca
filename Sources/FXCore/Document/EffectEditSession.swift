/// Tuning an effect file by hand: the edits made to it (in a property panel, say), undone and
/// redone, saved into the file as minimal patches, and reconciled with changes made to the file
/// on disk meanwhile. It holds text and values; ``save(to:)`` writes the file (through
/// ``EffectFileWriter``, merging a change made on disk since), and the caller applies the
/// values to its running ``EffectPlayer`` (``EffectEdit/isLive`` says whether
/// `setValue(_:forKeyPath:)` can, or the effect must be reloaded from ``document``).
public final class EffectEditSession {
    /// The file's text with the edits applied: what saving writes.
    public private(set) var document: EffectDocument {
        didSet {
            keyPathsCache = nil
            writtenCache = [:]
        }
    }
    /// The text last read from or written to the file.
    public private(set) var savedBytes: [UInt8]
    private var undoStack: [EffectEdit] = []
    private var redoStack: [EffectEdit] = []
    /// Every key path an edit, undo or redo changed since the text was last read or saved, in
    /// order: what a save merges onto a file changed on disk meanwhile.
    private var touchedSinceSave: [String] = []

    private func touch(_ keyPath: String) {
        if !touchedSinceSave.contains(keyPath) { touchedSinceSave.append(keyPath) }
    }

    /// A session over a file's text (as read from disk).
    /// - Throws: ``EffectLoadError`` when the text is not a loadable effect.
    public init(bytes: [UInt8], file: String, baseDirectory: String = ".", resources: any EffectResources = FileResources()) throws {
        document = try EffectDocument(bytes: bytes, file: file, baseDirectory: baseDirectory, resources: resources)
        savedBytes = bytes
    }

    /// The key paths the text sets (``EffectDocument/keyPathsSet()``), kept until the text changes.
    public var keyPathsSet: Set<String> {
        if let keyPathsCache { return keyPathsCache }
        let set = document.keyPathsSet()
        keyPathsCache = set
        return set
    }
    private var keyPathsCache: Set<String>?

    /// The value at a key path as the text writes it (``EffectDocument/json(atKeyPath:)``),
    /// nil when the text does not set it or the key path names nothing; kept until the text
    /// changes, so that a panel drawn many times a second reads the text once.
    public func json(atKeyPath keyPath: String) -> JSONNode? {
        if let cached = writtenCache[keyPath] { return cached }
        let node = try? document.json(atKeyPath: keyPath)
        writtenCache[keyPath] = .some(node)
        return node
    }
    private var writtenCache: [String: JSONNode?] = [:]

    /// Whether the text differs from the file's (a `•` in the window's title).
    public var hasUnsavedEdits: Bool { document.bytes != savedBytes }

    /// Whether there is an edit to undo.
    public var canUndo: Bool { !undoStack.isEmpty }
    /// Whether there is an undone edit to make again.
    public var canRedo: Bool { !redoStack.isEmpty }

    /// Sets `LAYER.KEYPATH` to `value` in the text. With `continuing`, an edit of the same key
    /// path as the last one replaces it in the history instead of adding to it, so that a drag
    /// of a slider is undone in one step.
    /// - Returns: the edit, to apply to the running effect.
    /// - Throws: ``EffectDocumentError`` when the file could not hold the value; nothing changes.
    @discardableResult
    public func setValue(_ value: AnimatableValue, forKeyPath keyPath: String, continuing: Bool = false) throws -> EffectEdit {
        try record(keyPath, value: value, continuing: continuing) { try $0.setValue(value, forKeyPath: keyPath) }
    }

    /// Sets `LAYER.KEYPATH` to a value written as JSON (any key of the format: `"line"` for an
    /// `emitterShape`, too; and inside structures: `ring.animations[0].duration`,
    /// `….colorOverLife.values[1]`), as ``EffectDocument/setValue(json:forKeyPath:)`` does.
    /// With `continuing`, a drag is one edit, as for values. An edit inside a structure is never
    /// live (an animation's key has no model key path) and has no previous value: undo restores
    /// the text, and the effect is reloaded from it.
    /// - Returns: the edit; reload the running effect when it is not live.
    @discardableResult
    public func setValue(json text: String, forKeyPath keyPath: String, continuing: Bool = false) throws -> EffectEdit {
        try record(keyPath, value: nil, continuing: continuing) { try $0.setValue(json: text, forKeyPath: keyPath) }
    }

    /// Removes `LAYER.KEYPATH` from the text (a key, a member of a structure, an element of a
    /// list), as ``EffectDocument/removeValue(forKeyPath:)`` does: one edit, never live (the
    /// running effect is reloaded from the text), undone byte for byte.
    /// - Throws: ``EffectDocumentError``; nothing changes.
    @discardableResult
    public func removeValue(forKeyPath keyPath: String) throws -> EffectEdit {
        try record(keyPath, value: nil, continuing: false, live: false) { try $0.removeValue(forKeyPath: keyPath) }
    }

    /// Adds an element written as JSON at the end of the list at `LAYER.KEYPATH`, as
    /// ``EffectDocument/appendElement(json:toListAt:)`` does: one edit, never live.
    /// - Throws: ``EffectDocumentError``; nothing changes.
    @discardableResult
    public func appendElement(json text: String, toListAt keyPath: String) throws -> EffectEdit {
        try record(keyPath, value: nil, continuing: false, live: false) { try $0.appendElement(json: text, toListAt: keyPath) }
    }

    /// Adds a layer or cell written as JSON under `parent`, as
    /// ``EffectDocument/addObject(json:under:at:)`` does: one undoable edit, never live.
    /// - Throws: ``EffectDocumentError``; nothing changes.
    @discardableResult
    public func addObject(json text: String, under parent: String, at index: Int? = nil) throws -> EffectEdit {
        try record(parent, value: nil, continuing: false, live: false) { try $0.addObject(json: text, under: parent, at: index) }
    }

    /// Removes the layer or cell at `path`, as ``EffectDocument/removeObject(at:)`` does: one
    /// undoable edit, never live.
    /// - Throws: ``EffectDocumentError``; nothing changes.
    @discardableResult
    public func removeObject(at path: String) throws -> EffectEdit {
        try record(path, value: nil, continuing: false, live: false) { try $0.removeObject(at: path) }
    }

    /// Copies the layer or cell at `path` after it as `newName`, as
    /// ``EffectDocument/duplicateObject(at:as:)`` does: one undoable edit, never live.
    /// - Throws: ``EffectDocumentError``; nothing changes.
    @discardableResult
    public func duplicateObject(at path: String, as newName: String) throws -> EffectEdit {
        try record(path, value: nil, continuing: false, live: false) { try $0.duplicateObject(at: path, as: newName) }
    }

    /// Moves the layer or cell at `path` to `index` among its siblings, as
    /// ``EffectDocument/moveObject(at:to:)`` does: one undoable edit, never live.
    /// - Throws: ``EffectDocumentError``; nothing changes.
    @discardableResult
    public func moveObject(at path: String, to index: Int) throws -> EffectEdit {
        try record(path, value: nil, continuing: false, live: false) { try $0.moveObject(at: path, to: index) }
    }

    /// Renames the layer or cell at `path`, as ``EffectDocument/renameObject(at:to:)`` does:
    /// one undoable edit, never live.
    /// - Throws: ``EffectDocumentError``; nothing changes.
    @discardableResult
    public func renameObject(at path: String, to newName: String) throws -> EffectEdit {
        try record(path, value: nil, continuing: false, live: false) { try $0.renameObject(at: path, to: newName) }
    }

    /// Makes a change of several steps to the document as one undoable edit, never live: all
    /// of it, or (when a step throws) none of it.
    @discardableResult
    func recordChange(_ keyPath: String, _ change: (inout EffectDocument) throws -> Void) throws -> EffectEdit {
        try record(keyPath, value: nil, continuing: false, live: false) { document in
            var copy = document
            try change(&copy)
            document = copy
        }
    }

    private func record(_ keyPath: String, value: AnimatableValue?, continuing: Bool, live canBeLive: Bool = true,
                        change: (inout EffectDocument) throws -> Void) throws -> EffectEdit {
        let before = document
        try change(&document)
        let live = canBeLive && Self.isLive(keyPath, in: document.effect)
        var edit = EffectEdit(keyPath: keyPath, value: value ?? (live ? Self.value(at: keyPath, in: document.effect) : nil),
                              previousValue: Self.value(at: keyPath, in: before.effect), isLive: live,
                              bytesBefore: before.bytes, bytesAfter: document.bytes)
        if continuing, let last = undoStack.last, last.keyPath == keyPath {
            edit.previousValue = last.previousValue
            edit.bytesBefore = last.bytesBefore
            undoStack.removeLast()
        }
        undoStack.append(edit)
        redoStack.removeAll()
        touch(keyPath)
        return edit
    }

    /// Takes back the last edit: the text is as it was before it, byte for byte (a key it
    /// added is gone again).
    /// - Returns: the edit undone; apply its ``EffectEdit/previousValue`` to the running effect
    ///   (or reload, when it is not live). Nil when there is nothing to undo.
    @discardableResult
    public func undo() -> EffectEdit? {
        guard let edit = undoStack.popLast(), let restored = try? document.replacingBytes(edit.bytesBefore) else { return nil }
        document = restored
        redoStack.append(edit)
        touch(edit.keyPath)
        return edit
    }

    /// Makes the last undone edit again.
    /// - Returns: the edit; apply its ``EffectEdit/value``. Nil when there is nothing to redo.
    @discardableResult
    public func redo() -> EffectEdit? {
        guard let edit = redoStack.popLast(), let restored = try? document.replacingBytes(edit.bytesAfter) else { return nil }
        document = restored
        undoStack.append(edit)
        touch(edit.keyPath)
        return edit
    }

    /// Drops every edit: the text is the file's again.
    public func revertToFile() throws {
        document = try document.replacingBytes(savedBytes)
        undoStack.removeAll()
        redoStack.removeAll()
        touchedSinceSave.removeAll()
    }

    /// The text was written to the file: it is now what the file holds.
    public func markSaved() {
        savedBytes = document.bytes
        touchedSinceSave.removeAll()
    }

    /// Saves the text into the file at `path` through ``EffectFileWriter`` (under the file's
    /// lock, through a link, keeping the mode). The file is read again first: when it changed
    /// since the session last read or wrote it (another program saved it a moment ago, before
    /// a watcher noticed), the session's edits since then are merged onto the file's new text,
    /// key path by key path, so that the other change is kept too; the session's text becomes
    /// the merged text and the history is cleared.
    /// - Parameter path: the effect file the session's text was read from.
    /// - Returns: whether the file had changed and the edits were merged onto it.
    /// - Throws: ``EffectFileWriteError`` or ``FileReadError`` when the file cannot be written or
    ///   read, ``EffectDocumentError`` when an edit cannot be merged onto the changed file (its
    ///   layer is gone, say), ``EffectLoadError`` when the changed file does not load; the file
    ///   and the session are unchanged then.
    @discardableResult
    public func save(to path: String) throws -> Bool {
        var merged: EffectDocument?
        try EffectFileWriter.update(path) { current in
            if current == savedBytes || current == document.bytes { return document.bytes }
            let result = try merging(onto: current)
            merged = result
            return result.bytes
        }
        if let merged {
            document = merged
            undoStack.removeAll()
            redoStack.removeAll()
        }
        savedBytes = document.bytes
        touchedSinceSave.removeAll()
        return merged != nil
    }

    /// The session's changes to the saved text (every key path an edit, undo or redo touched
    /// since the last save whose value now differs from the saved text's) made again on `bytes`.
    /// - Parameter bytes: the file's text as another program left it.
    /// - Throws: ``EffectLoadError`` when `bytes` do not load, ``EffectDocumentError`` when a
    ///   change cannot be made on them.
    public func merging(onto bytes: [UInt8]) throws -> EffectDocument {
        let saved = try document.replacingBytes(savedBytes)
        var result = try document.replacingBytes(bytes)
        var done = Set<String>()
        for touched in touchedSinceSave {
            var keyPath = touched
            // An element of a list (removed, or the list appended to) is merged as the whole list.
            if let parent = Self.parentKeyPath(of: keyPath), Self.isList(parent, in: saved) || Self.isList(parent, in: document) {
                keyPath = parent
            }
            guard done.insert(keyPath).inserted else { continue }
            do {
                try carry(keyPath, over: saved, into: &result)
            } catch {
                throw EffectDocumentError("the file changed on disk since it was read, and the edit of \(keyPath) cannot be made on its new text (\(error)); nothing was saved: Ctrl+R takes the file as it is now")
            }
        }
        return result
    }

    /// Makes `keyPath` in `result` what it is in the session's text, when that differs from `saved`.
    private func carry(_ keyPath: String, over saved: EffectDocument, into result: inout EffectDocument) throws {
        if Self.isLive(keyPath, in: document.effect), Self.isLive(keyPath, in: saved.effect),
           let mine = Self.value(at: keyPath, in: document.effect) {
            if mine != Self.value(at: keyPath, in: saved.effect) { try result.setValue(mine, forKeyPath: keyPath) }
            return
        }
        let mine = Self.text(at: keyPath, in: document)
        guard mine != Self.text(at: keyPath, in: saved) else { return }
        if let mine {
            try result.setValue(json: mine, forKeyPath: keyPath)
        } else if Self.text(at: keyPath, in: result) != nil {
            try result.removeValue(forKeyPath: keyPath)
        }
    }

    /// The bytes the text writes at a key path, nil when it writes none there.
    private static func text(at keyPath: String, in document: EffectDocument) -> String? {
        guard let node = (try? document.json(atKeyPath: keyPath)) ?? nil, let end = node.endOffset,
              node.location.offset <= end, end <= document.bytes.count else { return nil }
        return String(decoding: document.bytes[node.location.offset..<end], as: UTF8.self)
    }

    private static func isList(_ keyPath: String, in document: EffectDocument) -> Bool {
        if case .array? = ((try? document.json(atKeyPath: keyPath)) ?? nil)?.value { return true }
        return false
    }

    /// `a.b` of `a.b.c` and of `a.b[2]`; nil for a key path of one step.
    private static func parentKeyPath(of keyPath: String) -> String? {
        if keyPath.hasSuffix("]"), let open = keyPath.lastIndex(of: "[") {
            return open == keyPath.startIndex ? nil : String(keyPath[..<open])
        }
        guard let dot = keyPath.lastIndex(of: "."), dot != keyPath.startIndex else { return nil }
        return String(keyPath[..<dot])
    }

    /// The file changed on disk (another editor saved it). The disk wins: the text becomes the
    /// file's and the history is cleared. A save of this session's own text is recognised and
    /// changes nothing.
    /// - Returns: the key paths of the unsaved edits that were dropped (empty for our own save).
    /// - Throws: ``EffectLoadError`` when the file's new text does not load; the session keeps
    ///   its text then.
    @discardableResult
    public func fileChanged(to bytes: [UInt8]) throws -> [String] {
        if bytes == document.bytes {
            savedBytes = bytes
            touchedSinceSave.removeAll()
            return []
        }
        let replaced = try document.replacingBytes(bytes)
        var dropped: [String] = []
        if hasUnsavedEdits {
            for edit in undoStack where !dropped.contains(edit.keyPath) { dropped.append(edit.keyPath) }
        }
        document = replaced
        savedBytes = bytes
        undoStack.removeAll()
        redoStack.removeAll()
        touchedSinceSave.removeAll()
        return dropped
    }

    private static func value(at keyPath: String, in effect: Effect) -> AnimatableValue? {
        effect.modelKeyPath(keyPath).map { $0.keyPath.value(on: $0.layer) }
    }

    private static func isLive(_ keyPath: String, in effect: Effect) -> Bool {
        effect.modelKeyPath(keyPath) != nil
    }
}
