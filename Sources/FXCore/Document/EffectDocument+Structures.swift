/// Reading a value as the file writes it, removing a key or a list's element, and adding an
/// element to a list: what an editor of structured keys (`spriteFrames`, an emitter's
/// `fields`) does besides setting values. Each change is as small as a person's: the removed
/// member goes with the separator before it (or after it, for the first), and a new element
/// takes the separator the list already uses between its elements.
extension EffectDocument {
    /// The value at `LAYER.KEYPATH` as the file writes it (any key path
    /// ``setValue(json:forKeyPath:)`` takes: `ring.emitterCells.spark.spriteFrames`,
    /// `ring.fields[0]`, `ring.fields.gust.strength`), or nil when the file does not set it.
    /// - Throws: ``EffectDocumentError`` when the key path names nothing the file could hold,
    ///   or a step before the last is missing.
    public func json(atKeyPath keyPath: String) throws -> JSONNode? {
        try locate(keyPath).value
    }

    /// Removes `LAYER.KEYPATH` from the file: a key with its value (`….spriteFrames`,
    /// `….spriteFrames.loops`, a layer's `opacity`), an element of a list by index or name
    /// (`ring.fields[1]`, `ring.fields.gust`), or a layer or cell named whole (`ring`,
    /// `ring.emitterCells.spark`), as ``removeObject(at:)`` removes it. The bytes of that member or element go, with
    /// the separator before it (after it, when it is the first); the rest stays as it was.
    /// - Throws: ``EffectDocumentError`` when the file does not set it, when it is one field of
    ///   a value (`emitterPosition.x`), or when the effect would not load without it; the text
    ///   is then unchanged.
    public mutating func removeValue(forKeyPath keyPath: String) throws {
        // A layer or a cell named whole goes as ``removeObject(at:)`` removes it.
        if (try? locateObject(keyPath, role: "remove")) != nil { return try removeObject(at: keyPath) }
        let target = try locate(keyPath)
        guard target.component == nil else {
            throw EffectDocumentError("\(keyPath) is one field of a value; remove the whole value")
        }
        guard let value = target.value, let end = value.endOffset else { throw EffectDocumentError("\(keyPath): the file does not set it") }
        guard let index = Self.items(of: target.object).firstIndex(where: { $0.end == end }),
              let range = Self.removalRange(ofItem: index, in: target.object) else {
            throw EffectDocumentError("\(keyPath): cannot find where its value is")
        }
        var patched = bytes
        patched.removeSubrange(range)
        try keep(patched, change: "removing \(keyPath)")
    }

    /// Adds an element written as JSON (`{"name": "gust", "type": "directional"}`) at the end
    /// of the list at `LAYER.KEYPATH` (`ring.fields`), after the last element with the separator
    /// the list uses between its elements (its line breaks and indentation); a list the file
    /// does not have yet is added holding that element.
    /// - Throws: ``EffectDocumentError`` when the key path holds something other than a list,
    ///   `json` is not JSON, or the effect would not load with it; the text is then unchanged.
    public mutating func appendElement(json text: String, toListAt keyPath: String) throws {
        let element = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (try? JSONParser.parse(Array(element.utf8))) != nil else {
            throw EffectDocumentError("\(keyPath): \(element) is not a JSON value")
        }
        let target = try locate(keyPath)
        guard let list = target.value else {
            return try setValue(json: "[" + element + "]", forKeyPath: keyPath)
        }
        guard case .array(let elements) = list.value, let listEnd = list.endOffset else {
            throw EffectDocumentError("\(keyPath) is \(list.value.kindName), not a list")
        }
        let offset: Int
        let inserted: String
        if let last = elements.last, let lastEnd = last.endOffset, let separator = Self.separator(in: list, bytes: bytes) {
            (offset, inserted) = (lastEnd, separator + element)
        } else {
            (offset, inserted) = (listEnd - 1, element)
        }
        var patched = bytes
        patched.insert(contentsOf: Array(inserted.utf8), at: offset)
        try keep(patched, change: "adding \(element) to \(keyPath)")
    }

    /// The bounds of a container's items: an object's members (from the key) or an array's
    /// elements.
    static func items(of container: JSONNode) -> [(start: Int, end: Int?)] {
        switch container.value {
        case .object(let members): return members.map { ($0.keyLocation.offset, $0.value.endOffset) }
        case .array(let elements): return elements.map { ($0.location.offset, $0.endOffset) }
        default: return []
        }
    }

    /// The bytes removing the item at `index` of `container` takes away: the item with the
    /// separator before it (after it, when it is the first); the inside of the container when
    /// it is the only one (`{}`, `[]` are left).
    static func removalRange(ofItem index: Int, in container: JSONNode) -> Range<Int>? {
        let items = items(of: container)
        guard items.indices.contains(index), let end = items[index].end, let containerEnd = container.endOffset else { return nil }
        if index > 0, let previousEnd = items[index - 1].end {
            return previousEnd..<end
        } else if index + 1 < items.count {
            return items[index].start..<items[index + 1].start
        }
        return (container.location.offset + 1)..<(containerEnd - 1)
    }
}
