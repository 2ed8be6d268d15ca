import Foundation

/// Naming image files under the effect's `textures`: what the panel's `contents` control does
/// when an image file beside the effect is chosen (a cell's or layer's `contents` names a
/// texture, never a file).
extension EffectDocument {
    /// The extensions of the image files a texture can be (PNG, JPEG, animated GIF).
    public static let imageFileExtensions: Set<String> = ["png", "jpg", "jpeg", "gif"]

    /// The name under `textures` of the image at `file` (a path relative to the effect file, as
    /// `textures` writes it): the name it already has, else a new one, made from the file's
    /// name (`textures/leaf.png` → `leaf`; `leaf-2` when `leaf` is taken, by another texture or
    /// a built-in shape) and added to the top-level `textures` (made when the file has none),
    /// in the file's style.
    /// - Throws: ``EffectDocumentError`` when the effect does not load with it (the file is not
    ///   an image fx reads); the text is then unchanged.
    @discardableResult
    public mutating func declareTexture(file: String) throws -> String {
        if let name = textureName(ofFile: file) { return name }
        let stem = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        var base = String(stem.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" })
        if base.isEmpty { base = "image" }
        let taken = Set(effect.textures.keys).union(BuiltinTexture.allCases.map(\.rawValue))
        var name = base
        var number = 2
        while taken.contains(name) {
            name = "\(base)-\(number)"
            number += 1
        }
        let root = try EffectDecoder.parseJSON(bytes, file: self.file)
        guard case .object(let members) = root.value else { throw EffectDocumentError("the file is not a JSON object") }
        let key = EffectKeys.textures.name
        let insertion: (Int, String)?
        if let textures = members.last(where: { $0.key == key })?.value {
            guard case .object = textures.value else {
                throw EffectDocumentError("\(key) is not an object of names → image files; write one, as in \(EffectKeys.textures.examples.first ?? "{}")")
            }
            insertion = Self.insertion(of: name, JSONValue.quoted(file), into: textures, bytes: bytes)
        } else {
            insertion = Self.insertion(of: key, "{" + JSONValue.quoted(name) + ": " + JSONValue.quoted(file) + "}", into: root, bytes: bytes)
        }
        guard let (offset, text) = insertion else { throw EffectDocumentError("cannot find where to add \(key).\(name)") }
        var patched = bytes
        patched.insert(contentsOf: Array(text.utf8), at: offset)
        try keep(patched, change: "\(key).\(name) = \(JSONValue.quoted(file))")
        return name
    }
}

extension EffectDocument {
    /// The name under `textures` of the image at `file` (relative to the effect file), if one
    /// names it.
    public func textureName(ofFile file: String) -> String? {
        let location = resources.location(ofFile: file, relativeTo: baseDirectory)
        return effect.textures.sorted { $0.key < $1.key }.first { $0.value == location }?.key
    }
}

extension EffectEditSession {
    /// Sets the `contents` at `keyPath` to the image at `file` (relative to the effect file),
    /// naming it under `textures` first when it has no name there: one undoable edit, never
    /// live (the effect plays again from the text).
    /// - Returns: the texture's name.
    /// - Throws: ``EffectDocumentError``; nothing changes.
    @discardableResult
    public func setContents(toImageFile file: String, forKeyPath keyPath: String) throws -> String {
        var name = ""
        try recordChange(keyPath) { document in
            name = try document.declareTexture(file: file)
            try document.setValue(json: JSONValue.quoted(name), forKeyPath: keyPath)
        }
        return name
    }
}
