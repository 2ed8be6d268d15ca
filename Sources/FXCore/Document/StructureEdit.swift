/// A change to an effect's layers or cells, as ``EffectEditSession`` makes it (one undoable
/// edit, never live: the effect plays again from the edited text). What the panel's tree
/// buttons ask for, and what `fx add`, `fx remove`, `fx duplicate`, `fx rename` and `fx move`
/// write.
public enum StructureEdit: Equatable, Sendable {
    /// Adds the layer or cell written as a JSON object under a parent (`.` for the top level,
    /// a layer, or a cell's path), before the sibling at an index (after the last when nil).
    case add(json: String, under: String, at: Int?)
    /// Removes the layer or cell at a path.
    case remove(String)
    /// Copies the layer or cell at a path right after it, with a new name.
    case duplicate(String, as: String)
    /// Renames the layer or cell at a path (the key paths of animations naming it follow).
    case rename(String, to: String)
    /// Moves the layer or cell at a path to an index among its siblings.
    case move(String, to: Int)
}

extension EffectEditSession {
    /// Makes `change`: one undoable edit.
    /// - Throws: ``EffectDocumentError`` when the document refuses it; nothing changes.
    @discardableResult
    public func apply(_ change: StructureEdit) throws -> EffectEdit {
        switch change {
        case .add(let json, let parent, let index): return try addObject(json: json, under: parent, at: index)
        case .remove(let path): return try removeObject(at: path)
        case .duplicate(let path, let name): return try duplicateObject(at: path, as: name)
        case .rename(let path, let name): return try renameObject(at: path, to: name)
        case .move(let path, let index): return try moveObject(at: path, to: index)
        }
    }
}
