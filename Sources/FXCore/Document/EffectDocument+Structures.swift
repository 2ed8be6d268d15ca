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
    /// `….spriteFrames.loops`, a layer's `opacity`), or an element of a list by index or name
    /// (`ring.fields[1]`, `ring.fields.gust`). The bytes of that member or element go, with
    /// the separator before it (after it, when it is the first); the rest stays as it was.
    /// - Throws: ``EffectDocumentError`` when the file does not set it, when it is one field of
    ///   a value (`emitterPosition.x`), or when the effect would not load without it; the text
    ///   is then unchanged.
    public mutating func removeValue(forKeyPath keyPath: String) throws {
        let target = try locate(keyPath)
        guard target.component == nil else {
            throw EffectDocumentError("\(keyPath) is one field of a value; remove the whole value")
        }
        guard let value = target.value, let end = value.endOffset else { throw EffectDocumentError("\(keyPath): the file does not set it") }
        // The item's start (a member's key, or the element itself), and its neighbours' bounds.
        var items: [(start: Int, end: Int?)] = []
        switch target.object.value {
        case .object(let members): items = members.map { ($0.keyLocation.offset, $0.value.endOffset) }
        case .array(let elements): items = elements.map { ($0.location.offset, $0.endOffset) }
        default: break
        }
        guard let index = items.firstIndex(where: { $0.end == end }), let containerEnd = target.object.endOffset else {
            throw EffectDocumentError("\(keyPath): cannot find where its value is")
        }
        let range: Range<Int>
        if index > 0, let previousEnd = items[index - 1].end {
            range = previousEnd..<end
        } else if index + 1 < items.count {
            range = items[index].start..<items[index + 1].start
        } else {
            // The only member: the container is left empty (`{}`, `[]`).
            range = (target.object.location.offset + 1)..<(containerEnd - 1)
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
        if let last = elements.last, let lastEnd = last.endOffset {
            let separator: String
            if elements.count >= 2, let previousEnd = elements[elements.count - 2].endOffset {
                separator = String(decoding: bytes[previousEnd..<last.location.offset], as: UTF8.self)
            } else {
                // One element: a new line indented as it is when the list spans lines, else ", ".
                let first = elements[0].location
                let between = bytes[(list.location.offset + 1)..<first.offset]
                if between.contains(0x0A) {
                    let indentation = bytes[first.lineStart..<first.offset].filter { $0 == 0x20 || $0 == 0x09 }
                    separator = ",\n" + String(decoding: indentation, as: UTF8.self)
                } else {
                    separator = ", "
                }
            }
            (offset, inserted) = (lastEnd, separator + element)
        } else {
            (offset, inserted) = (listEnd - 1, element)
        }
        var patched = bytes
        patched.insert(contentsOf: Array(inserted.utf8), at: offset)
        try keep(patched, change: "adding \(element) to \(keyPath)")
    }
}
