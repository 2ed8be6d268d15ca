/// Adding, removing, duplicating and renaming layers and emitter cells: what `fx add`,
/// `fx remove`, `fx duplicate` and `fx rename` write, as small as a person's change. A new
/// object is written in the file's own indentation beside its siblings; a removed one goes with
/// the separator before it; every other byte stays as it was, and the result must load.
///
/// An object is named as key paths name it: a layer by its unique name (or by steps,
/// `ring.sublayers.dot`, `label.mask`), a cell as `LAYER.emitterCells.NAME`, a sub-cell as
/// `LAYER.emitterCells.NAME.emitterCells.NAME`.
extension EffectDocument {
    /// What a layer or cell path names: its object in the text and the container holding it.
    struct ObjectSite {
        /// The layer's or cell's object.
        var node: JSONNode
        /// The list (`layers`, `sublayers`, `emitterCells`) or, for a mask, the layer object
        /// holding it.
        var container: JSONNode
        /// Its index among the container's items (elements, or members for a mask).
        var index: Int
        /// A cell rather than a layer.
        var isCell: Bool
        /// For a cell: the object of the emitter layer it belongs to, whose animations name it,
        /// its key path from that layer (`emitterCells.red`), and the layer's as written.
        var owner: (node: JSONNode, path: String, layerPath: String)?
        /// For a cell: the key path of the list holding it (`sparks.emitterCells`), which a
        /// sibling's name completes.
        var listPath = ""
        /// The names its siblings have (cells of the same list), for refusing a duplicate name.
        var siblingNames: [String]
    }

    // MARK: - Operations

    /// Adds a layer or a cell written as a JSON object under `parent`:
    /// - `.` or `layers`: a top-level layer;
    /// - a layer (`sparks`, `ring.sublayers.dot`): a cell in its `emitterCells` when it is an
    ///   emitter layer and the object has no `type` (cells have none), else a sublayer in its
    ///   `sublayers`;
    /// - a cell (`sparks.emitterCells.spark`): a sub-cell in its `emitterCells`.
    ///
    /// The object needs a `name` no sibling cell (for a cell) or no layer (for a layer) has. It
    /// is written in the file's indentation after the last sibling, or before the sibling at
    /// `index` (from 0); a list the parent lacks is added.
    /// - Returns: the new object's key path.
    /// - Throws: ``EffectDocumentError`` when `parent` names no layer or cell, `json` is not an
    ///   object with a new name, or the effect would not load with it; the text is then unchanged.
    @discardableResult
    public mutating func addObject(json text: String, under parent: String, at index: Int? = nil) throws -> String {
        let source = Array(text.trimmingCharacters(in: .whitespacesAndNewlines).utf8)
        let object: JSONNode
        do {
            object = try JSONParser.parse(source)
        } catch let error as JSONSyntaxError {
            throw EffectDocumentError("\(String(decoding: source, as: UTF8.self)) is not JSON: \(error.message) at column \(error.location.column(in: source)); write an object, as in {\"name\": \"spark\", \"birthRate\": 20}")
        }
        guard case .object(let members) = object.value else {
            throw EffectDocumentError("expected a JSON object for the new layer or cell, not \(object.value.kindName); write one, as in {\"name\": \"spark\", \"birthRate\": 20}")
        }
        let root = try EffectDecoder.parseJSON(bytes, file: file)
        let hasType = members.contains { $0.key == LayerKeys.type.name }
        // Where it goes: the object that holds (or will hold) the list, the list's key, and
        // whether the new object is a cell.
        let holder: JSONNode
        let listKey: String
        let isCell: Bool
        let prefix: String
        if parent == "." || parent == EffectKeys.layers.name {
            (holder, listKey, isCell, prefix) = (root, EffectKeys.layers.name, false, "")
        } else if let layer = try? effect.layerReference(parent), layer.rest.isEmpty {
            guard let entry = Self.layerNodes(of: effect, in: root)[layer.layer.identifier] else {
                throw EffectDocumentError("\(parent): cannot find layer \"\(layer.layer.identifier)\" in the file")
            }
            let cell = layer.layer.type == .emitter && !hasType
            (holder, listKey, isCell) = (entry.node, cell ? EmitterLayerKeys.emitterCells.name : LayerKeys.sublayers.name, cell)
            prefix = cell ? parent + "." + listKey + "." : ""
        } else {
            let site = try locateObject(parent, role: "parent")
            guard site.isCell else { throw EffectDocumentError("\(parent): cannot add under it; name a layer or a cell") }
            if hasType {
                throw EffectDocumentError("\(parent) is a cell, which holds cells, not layers; drop \"\(LayerKeys.type.name)\" to add a sub-cell, or add the layer under a layer")
            }
            (holder, listKey, isCell, prefix) = (site.node, EmitterLayerKeys.emitterCells.name, true, parent + "." + EmitterLayerKeys.emitterCells.name + ".")
        }
        // The name: required, and new.
        let noun = isCell ? "cell" : "layer"
        guard case .string(let name)? = members.last(where: { $0.key == LayerKeys.name.name })?.value.value, !name.isEmpty else {
            throw EffectDocumentError("the new \(noun) needs a \"\(LayerKeys.name.name)\" to be named by in key paths; add one, as in {\"\(LayerKeys.name.name)\": \"spark\", …}")
        }
        let list = Self.member(listKey, of: holder)
        if isCell {
            let siblings = list.map(Self.names(in:)) ?? []
            if siblings.contains(name) {
                throw EffectDocumentError("\(parent) already has a cell named \"\(name)\"; give the new one another \"\(LayerKeys.name.name)\" (cells: \(siblings.joined(separator: ", ")))")
            }
        } else {
            try checkNewLayerName(name)
        }
        var patched = bytes
        let unit = Self.indentUnit(of: root, bytes: bytes)
        let colon = Self.colon(in: root, bytes: bytes)
        if let list, case .array(let elements) = list.value {
            if let index, !(0...elements.count).contains(index) {
                throw EffectDocumentError("--at \(index): \(parent) has \(elements.count) \(listKey) (give 0 to \(elements.count))")
            }
            let position = index ?? elements.count
            let (offset, inserted) = Self.insertion(of: source, object, at: position, in: list, bytes: bytes, unit: unit, colon: colon,
                                                    expanded: !isCell && Self.isExpanded(holder))
            patched.insert(contentsOf: Array(inserted.utf8), at: offset)
        } else if list != nil {
            throw EffectDocumentError("\(parent): its \"\(listKey)\" is not a list")
        } else {
            if let index, index != 0 {
                throw EffectDocumentError("--at \(index): \(parent) has no \(listKey) yet (give 0)")
            }
            // A new list under the holder: its element one level deeper than the holder's members.
            let memberIndent = Self.memberIndentation(of: holder, bytes: bytes, unit: unit)
            let elementIndent = memberIndent + unit
            // A layer in the style of the layer holding it; a cell on one line when it fits.
            let written = Self.format(object, source: source, indent: elementIndent, unit: unit, colon: colon,
                                      expanded: !isCell && Self.isExpanded(holder))
            let token = "[\n" + elementIndent + written + "\n" + memberIndent + "]"
            guard let (offset, inserted) = Self.insertion(of: listKey, token, into: holder, bytes: bytes) else {
                throw EffectDocumentError("\(parent): cannot find where to add \"\(listKey)\"")
            }
            patched.insert(contentsOf: Array(inserted.utf8), at: offset)
        }
        do {
            try keep(patched, change: "adding the \(noun) \"\(name)\" under \(parent)")
        } catch let error as EffectDocumentError where !isCell && !hasType && holder.location.offset != root.location.offset {
            // A cell meant for a layer that is not an emitter: say where cells go.
            throw EffectDocumentError("\(error); \(parent) is not an emitter layer, so an object without \"\(LayerKeys.type.name)\" is added to it as a plain sublayer; add a cell under an emitter layer")
        }
        return prefix + name
    }

    /// Removes the layer or cell at `path` (`ring.sublayers.dot`, `sparks.emitterCells.red`)
    /// with the separator before it (after it, when it is the first).
    /// - Throws: ``EffectDocumentError`` when `path` names no layer or cell, when an animation
    ///   names it by key path (those are listed, to remove first), or when the effect would not
    ///   load without it (a transaction naming it); the text is then unchanged.
    public mutating func removeObject(at path: String) throws {
        let site = try locateObject(path, role: "remove")
        if let owner = site.owner {
            let naming = Self.animations(in: owner.node, naming: owner.path, layerPath: owner.layerPath)
            if !naming.isEmpty {
                throw EffectDocumentError("\(path): \(naming.count == 1 ? "an animation names" : "\(naming.count) animations name") it by key path (\(naming.map { "\($0.path) animates \($0.keyPath)" }.joined(separator: "; "))); remove \(naming.count == 1 ? "it" : "them") first, as in fx set \(file) '\(naming[0].path)' null, or keep the \(site.isCell ? "cell" : "layer") with birthRate 0")
            }
        }
        guard let range = Self.removalRange(ofItem: site.index, in: site.container) else {
            throw EffectDocumentError("\(path): cannot find where it is in the file")
        }
        var patched = bytes
        patched.removeSubrange(range)
        try keep(patched, change: "removing \(path)")
    }

    /// Copies the layer or cell at `path` right after it, named `newName`: its text as the file
    /// writes it, with only the `name` changed. The copy's sublayers and cells keep their names
    /// (they are named under the copy); the animations of the layer holding a copied cell do not
    /// drive the copy.
    /// - Returns: the copy's key path.
    /// - Throws: ``EffectDocumentError`` when `path` names no layer or cell (or a mask, of which
    ///   a layer has one), `newName` is taken, or the effect would not load with the copy; the
    ///   text is then unchanged.
    @discardableResult
    public mutating func duplicateObject(at path: String, as newName: String) throws -> String {
        let site = try locateObject(path, role: "duplicate")
        guard case .array = site.container.value, let end = site.node.endOffset else {
            throw EffectDocumentError("\(path) is a mask, and a layer has one mask; add a sublayer instead, or duplicate the layer that has the mask")
        }
        try checkNewName(newName, for: site, path: path)
        var copy = Array(bytes[site.node.location.offset..<end])
        copy = try Self.renamed(copy, to: newName, path: path)
        let separator = Self.separator(in: site.container, bytes: bytes) ?? ", "
        var patched = bytes
        patched.insert(contentsOf: Array(separator.utf8) + copy, at: end)
        try keep(patched, change: "duplicating \(path) as \"\(newName)\"")
        return site.isCell ? site.listPath + "." + newName : newName
    }

    /// Moves the layer or cell at `path` to `index` (from 0) among its siblings: its text as the
    /// file writes it leaves its place with the separator before it and goes in before the
    /// sibling now at `index` (after the last, for the last index), with the list's separator.
    /// Layers are drawn in list order, later over earlier.
    /// - Throws: ``EffectDocumentError`` when `path` names no layer or cell (or a mask),
    ///   `index` is out of range, or the effect would not load; the text is then unchanged.
    public mutating func moveObject(at path: String, to index: Int) throws {
        let site = try locateObject(path, role: "move")
        guard case .array(let elements) = site.container.value, let end = site.node.endOffset else {
            throw EffectDocumentError("\(path) is a mask, which has no place among siblings")
        }
        guard elements.indices.contains(index) else {
            throw EffectDocumentError("\(path): index \(index) is out of range; its list has \(elements.count) (give 0 to \(elements.count - 1))")
        }
        guard index != site.index else { return }
        guard let removal = Self.removalRange(ofItem: site.index, in: site.container),
              let separator = Self.separator(in: site.container, bytes: bytes) else {
            throw EffectDocumentError("\(path): cannot find where it is in the file")
        }
        let text = Array(bytes[site.node.location.offset..<end])
        let separatorBytes = Array(separator.utf8)
        var patched = bytes
        if index > site.index {
            // After the sibling that will be at `index`, which follows the removed range.
            guard let after = elements[index].endOffset else { throw EffectDocumentError("\(path): cannot find where it goes") }
            patched.insert(contentsOf: separatorBytes + text, at: after)
            patched.removeSubrange(removal)
        } else {
            patched.removeSubrange(removal)
            patched.insert(contentsOf: text + separatorBytes, at: elements[index].location.offset)
        }
        try keep(patched, change: "moving \(path) to \(index)")
    }

    /// Renames the layer or cell at `path` to `newName`: its `name`'s value is replaced, and so
    /// are the key paths of its emitter layer's animations that name a renamed cell
    /// (`emitterCells.red.birthRate` becomes `emitterCells.NEW.birthRate`) and the layer
    /// paths of the transactions that name a renamed layer.
    /// - Returns: the object's new key path.
    /// - Throws: ``EffectDocumentError`` when `path` names no layer or cell, `newName` is
    ///   taken, or the effect would not load renamed; the text is then unchanged.
    @discardableResult
    public mutating func renameObject(at path: String, to newName: String) throws -> String {
        let site = try locateObject(path, role: "rename")
        try checkNewName(newName, for: site, path: path)
        // Each change: a range of the text and what it becomes; the ranges do not overlap.
        var changes: [(range: Range<Int>, text: String)] = []
        let quoted = JSONValue.quoted(newName)
        if let name = Self.member(LayerKeys.name.name, of: site.node), let end = name.endOffset {
            changes.append((name.location.offset..<end, quoted))
        } else if let (offset, inserted) = Self.insertion(of: LayerKeys.name.name, quoted, into: site.node, bytes: bytes) {
            changes.append((offset..<offset, inserted))
        }
        if let owner = site.owner {
            // The emitter layer's animations: emitterCells.OLD… becomes emitterCells.NEW….
            let newPrefix = String(owner.path.dropLast(Self.lastName(of: owner.path).count)) + newName
            for animation in Self.animations(in: owner.node, naming: owner.path, layerPath: owner.layerPath) {
                changes.append((animation.range, JSONValue.quoted(newPrefix + animation.keyPath.dropFirst(owner.path.count))))
            }
        } else if let old = try? effect.layerReference(path), old.rest.isEmpty {
            // Transactions set `LAYER.KEYPATH` keys, LAYER a unique name.
            let root = try EffectDecoder.parseJSON(bytes, file: file)
            let identifier = old.layer.identifier
            if case .array(let transactions)? = root.node(at: [.key(EffectKeys.transactions.name)])?.value {
                for transaction in transactions {
                    guard case .object(let keys)? = Self.member(TransactionKeys.set.name, of: transaction)?.value else { continue }
                    for key in keys where key.key == identifier || key.key.hasPrefix(identifier + ".") {
                        guard let end = Self.keyEnd(key, bytes: bytes) else { continue }
                        changes.append((key.keyLocation.offset..<end, JSONValue.quoted(newName + key.key.dropFirst(identifier.count))))
                    }
                }
            }
        }
        var patched = bytes
        for change in changes.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            patched.replaceSubrange(change.range, with: Array(change.text.utf8))
        }
        try keep(patched, change: "renaming \(path) to \"\(newName)\"")
        return site.isCell ? site.listPath + "." + newName : newName
    }

    /// The offset just past a member's key's closing quote.
    private static func keyEnd(_ member: JSONMember, bytes: [UInt8]) -> Int? {
        var index = member.keyLocation.offset + 1
        while index < bytes.count && bytes[index] != UInt8(ascii: "\"") {
            index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        return index < bytes.count ? index + 1 : nil
    }

    // MARK: - Finding objects

    /// The layer or cell `path` names.
    /// - Throws: ``EffectDocumentError`` naming what `path` is instead.
    func locateObject(_ path: String, role: String) throws -> ObjectSite {
        let root = try EffectDecoder.parseJSON(bytes, file: file)
        let layers = Self.layerNodes(of: effect, in: root)
        let reference: (layer: Layer, written: String, rest: String)
        do {
            reference = try effect.layerReference(path)
        } catch {
            throw EffectDocumentError("\(error)")
        }
        guard let entry = layers[reference.layer.identifier] else {
            throw EffectDocumentError("\(path): cannot find layer \"\(reference.layer.identifier)\" in the file")
        }
        if reference.rest.isEmpty {
            guard let (container, index) = Self.container(of: entry.node, in: root) else {
                throw EffectDocumentError("\(path): cannot find the list that holds it")
            }
            let siblings: [String]
            if case .array = container.value { siblings = Self.names(in: container) } else { siblings = [] }
            return ObjectSite(node: entry.node, container: container, index: index, isCell: false, owner: nil, siblingNames: siblings)
        }
        // emitterCells.NAME (or emitterCells[INDEX], for a cell without a name), to any depth.
        let cellsKey = EmitterLayerKeys.emitterCells.name
        var rest = Substring(reference.rest)
        var node = entry.node
        var walked = reference.written
        while rest.hasPrefix(cellsKey + ".") || rest.hasPrefix(cellsKey + "[") {
            rest = rest.dropFirst(cellsKey.count)
            guard let list = Self.member(cellsKey, of: node), case .array(let cells) = list.value else {
                throw EffectDocumentError("\(path): \(walked) has no cells")
            }
            let names = Self.names(in: list)
            let index: Int
            let step: String
            if rest.hasPrefix("[") {
                let digits = rest.dropFirst().prefix { $0.isNumber }
                guard let number = Int(digits), rest.dropFirst(digits.count + 1).hasPrefix("]") else { break }
                rest = rest.dropFirst(digits.count + 2)
                guard number < cells.count else {
                    throw EffectDocumentError("\(path): \(walked) has \(cells.count) cell\(cells.count == 1 ? "" : "s"); there is no \(cellsKey)[\(number)]")
                }
                (index, step) = (number, "[\(number)]")
            } else {
                rest = rest.dropFirst()
                let name = String(rest.prefix { $0 != "." })
                rest = rest.dropFirst(name.count)
                guard let found = cells.firstIndex(where: { Self.name(of: $0) == name }) else {
                    let nearest = closestMatch(to: name, in: names).map { "; did you mean \"\(walked).\(cellsKey).\($0)\"?" } ?? ""
                    throw EffectDocumentError("\(path): \(walked) has no cell named \"\(name)\"\(nearest) (cells: \(names.joined(separator: ", ")))")
                }
                (index, step) = (found, "." + name)
            }
            // Animations name cells by name: a cell reached by index has its name's path.
            let listPath = walked + "." + cellsKey
            walked = listPath + (Self.name(of: cells[index]).map { "." + $0 } ?? step)
            node = cells[index]
            if rest.isEmpty {
                return ObjectSite(node: node, container: list, index: index, isCell: true,
                                  owner: (entry.node, String(walked.dropFirst(reference.written.count + 1)), reference.written),
                                  listPath: listPath, siblingNames: names)
            }
            guard rest.hasPrefix("." + cellsKey) else { break }
            rest = rest.dropFirst()
        }
        let verb = role == "parent" ? "add under" : role
        throw EffectDocumentError("\(path) names a property, not a layer or a cell; \(verb) a layer (\(reference.written)) or a cell (\(reference.written).\(cellsKey).NAME)"
                                  + (role == "remove" ? "; to remove a key, use fx set \(file) \(path) null" : ""))
    }

    /// The list (or, for a mask, the object) holding `node`, and its index there.
    private static func container(of node: JSONNode, in root: JSONNode) -> (JSONNode, Int)? {
        switch root.value {
        case .array(let elements):
            if let index = elements.firstIndex(where: { $0.location.offset == node.location.offset }) { return (root, index) }
            for element in elements { if let found = container(of: node, in: element) { return found } }
        case .object(let members):
            if let index = members.firstIndex(where: { $0.value.location.offset == node.location.offset }) { return (root, index) }
            for member in members { if let found = container(of: node, in: member.value) { return found } }
        default:
            break
        }
        return nil
    }

    private static func member(_ key: String, of node: JSONNode) -> JSONNode? {
        guard case .object(let members) = node.value else { return nil }
        return members.last { $0.key == key }?.value
    }

    private static func name(of node: JSONNode) -> String? {
        guard case .string(let name)? = member(LayerKeys.name.name, of: node)?.value else { return nil }
        return name
    }

    /// The names of a list's objects that have one.
    private static func names(in list: JSONNode) -> [String] {
        guard case .array(let elements) = list.value else { return [] }
        return elements.compactMap(name(of:))
    }

    private static func lastName(of path: String) -> String {
        String(path.split(separator: ".", omittingEmptySubsequences: false).last ?? "")
    }

    /// Refuses a layer name some layer already has (written or made unique).
    private func checkNewLayerName(_ name: String) throws {
        let taken = effect.allLayers().map(\.layer).flatMap { [$0.identifier] + ($0.name.map { [$0] } ?? []) }
        if taken.contains(name) {
            throw EffectDocumentError("a layer named \"\(name)\" already exists; layers are named by key paths, so give the new one another name (layers: \(Array(Set(taken)).sorted().joined(separator: ", ")))")
        }
    }

    private func checkNewName(_ name: String, for site: ObjectSite, path: String) throws {
        guard !name.isEmpty, !name.contains("."), !name.contains("["), !name.contains("#") else {
            throw EffectDocumentError("\"\(name)\" cannot name a \(site.isCell ? "cell" : "layer") in key paths; use letters, digits, - or _ (no dots, brackets or #)")
        }
        if site.isCell {
            if site.siblingNames.contains(name) {
                throw EffectDocumentError("\(path): a sibling cell is already named \"\(name)\"; choose another name (cells: \(site.siblingNames.joined(separator: ", ")))")
            }
        } else {
            try checkNewLayerName(name)
        }
    }

    // MARK: - Animations that name a cell

    /// The animations in `layer`'s object (groups' children too) whose `keyPath` is `path` or
    /// starts with `path.`: their key path as `fx set` takes it (`sparks.animations[0]`),
    /// their `keyPath`, and the bytes of its string.
    private static func animations(in layer: JSONNode, naming path: String, layerPath: String) -> [(path: String, keyPath: String, range: Range<Int>)] {
        var result: [(path: String, keyPath: String, range: Range<Int>)] = []
        func visit(_ object: JSONNode, prefix: String) {
            guard let list = member(LayerKeys.animations.name, of: object), case .array(let animations) = list.value else { return }
            for (index, animation) in animations.enumerated() {
                let animationPath = "\(prefix).\(LayerKeys.animations.name)[\(index)]"
                if let keyPath = member(AnimationKeys.keyPath.name, of: animation), case .string(let text) = keyPath.value,
                   text == path || text.hasPrefix(path + "."), let end = keyPath.endOffset {
                    result.append((animationPath, text, keyPath.location.offset..<end))
                }
                visit(animation, prefix: animationPath)
            }
        }
        visit(layer, prefix: layerPath)
        return result
    }

    /// Every string in `node` (to any depth) that `matches`, with its bytes.
    private static func strings(in node: JSONNode?, where matches: (String) -> Bool) -> [(text: String, range: Range<Int>)] {
        guard let node else { return [] }
        switch node.value {
        case .string(let text):
            guard matches(text), let end = node.endOffset else { return [] }
            return [(text, node.location.offset..<end)]
        case .array(let elements):
            return elements.flatMap { strings(in: $0, where: matches) }
        case .object(let members):
            return members.flatMap { strings(in: $0.value, where: matches) }
        default:
            return []
        }
    }

    // MARK: - Writing objects

    /// An object's text with its `name` set to `newName` (added after its last member when it
    /// has none).
    private static func renamed(_ text: [UInt8], to newName: String, path: String) throws -> [UInt8] {
        guard let node = try? JSONParser.parse(text), case .object(let members) = node.value else {
            throw EffectDocumentError("\(path): cannot read its object")
        }
        var result = text
        let token = Array(JSONValue.quoted(newName).utf8)
        if let name = members.last(where: { $0.key == LayerKeys.name.name })?.value, let end = name.endOffset {
            result.replaceSubrange(name.location.offset..<end, with: token)
        } else if let (offset, inserted) = insertion(of: LayerKeys.name.name, String(decoding: token, as: UTF8.self), into: node, bytes: text) {
            result.insert(contentsOf: Array(inserted.utf8), at: offset)
        }
        return result
    }

    /// What the list writes between two elements (a comma, then its line break and
    /// indentation), or nil when it has no element.
    static func separator(in list: JSONNode, bytes: [UInt8]) -> String? {
        guard case .array(let elements) = list.value, let first = elements.first else { return nil }
        if elements.count >= 2, let previousEnd = elements[elements.count - 2].endOffset {
            return String(decoding: bytes[previousEnd..<elements[elements.count - 1].location.offset], as: UTF8.self)
        }
        // One element: a new line indented as it is when the list spans lines, else ", ".
        let between = bytes[(list.location.offset + 1)..<first.location.offset]
        guard between.contains(0x0A) else { return ", " }
        return ",\n" + indentation(of: first.location, bytes: bytes)
    }

    /// The spaces and tabs that start the line of `location`.
    private static func indentation(of location: SourceLocation, bytes: [UInt8]) -> String {
        String(decoding: bytes[location.lineStart..<location.offset].prefix { $0 == 0x20 || $0 == 0x09 }, as: UTF8.self)
    }

    /// Where and what to insert for a new element at `position` of a non-empty or empty list,
    /// written in the list's style: on its own line at the siblings' indentation when they are
    /// on their own lines, else on the same line; a member a line when the last sibling is
    /// written so (or, in an empty list, when `expanded`).
    private static func insertion(of source: [UInt8], _ object: JSONNode, at position: Int, in list: JSONNode, bytes: [UInt8],
                                  unit: String, colon: String, expanded: Bool) -> (Int, String) {
        guard case .array(let elements) = list.value, !elements.isEmpty, let separator = separator(in: list, bytes: bytes) else {
            // `[]`: the element on its own line, one level in from the list's line.
            let outer = indentation(of: list.location, bytes: bytes)
            let inner = outer + unit
            let written = format(object, source: source, indent: inner, unit: unit, colon: colon, expanded: expanded)
            return (list.location.offset + 1, "\n" + inner + written + "\n" + outer)
        }
        let multiline = separator.contains("\n")
        let indent = multiline ? indentation(of: elements[0].location, bytes: bytes) : ""
        let written = multiline
            ? format(object, source: source, indent: indent, unit: unit, colon: colon, expanded: isExpanded(elements[elements.count - 1]))
            : compact(object, source: source, colon: colon)
        if position < elements.count {
            return (elements[position].location.offset, written + separator)
        }
        return (elements[elements.count - 1].endOffset ?? elements[elements.count - 1].location.offset, separator + written)
    }

    /// `node` written from `source` for a place at `indent`: an object on one line when it is
    /// short and holds no objects (and is not `expanded`), else a member a line, one `unit` deeper; a list of values on
    /// one line, a list of objects an element a line. Values keep their text as given.
    private static func format(_ node: JSONNode, source: [UInt8], indent: String, unit: String, colon: String, expanded: Bool = false) -> String {
        switch node.value {
        case .object(let members):
            if members.isEmpty { return "{}" }
            let line = compact(node, source: source, colon: colon)
            if !expanded && line.count + indent.count <= 100 && !line.dropFirst().contains("{") { return line }
            let inner = indent + unit
            return "{\n" + members.map { inner + JSONValue.quoted($0.key) + colon + format($0.value, source: source, indent: inner, unit: unit, colon: colon) }
                .joined(separator: ",\n") + "\n" + indent + "}"
        case .array(let elements):
            guard elements.contains(where: { if case .object = $0.value { return true }; if case .array = $0.value { return true }; return false }) else {
                return compact(node, source: source, colon: colon)
            }
            let inner = indent + unit
            return "[\n" + elements.map { inner + format($0, source: source, indent: inner, unit: unit, colon: colon) }
                .joined(separator: ",\n") + "\n" + indent + "]"
        default:
            return text(of: node, source: source)
        }
    }

    /// `node` on one line: `{ "key": value, … }`, `[a, b]`.
    private static func compact(_ node: JSONNode, source: [UInt8], colon: String) -> String {
        switch node.value {
        case .object(let members):
            if members.isEmpty { return "{}" }
            return "{ " + members.map { JSONValue.quoted($0.key) + colon + compact($0.value, source: source, colon: colon) }.joined(separator: ", ") + " }"
        case .array(let elements):
            return "[" + elements.map { compact($0, source: source, colon: colon) }.joined(separator: ", ") + "]"
        default:
            return text(of: node, source: source)
        }
    }

    /// A value's own text as given (a number as written, a string with its escapes).
    private static func text(of node: JSONNode, source: [UInt8]) -> String {
        guard let end = node.endOffset else { return "null" }
        return String(decoding: source[node.location.offset..<end], as: UTF8.self)
    }

    /// The file's indentation step: the top level's first member's indentation (two spaces when
    /// the file is on one line).
    private static func indentUnit(of root: JSONNode, bytes: [UInt8]) -> String {
        guard case .object(let members) = root.value, let first = members.first, first.keyLocation.line > root.location.line else { return "  " }
        let unit = indentation(of: first.keyLocation, bytes: bytes)
        return unit.isEmpty ? "  " : unit
    }

    /// What the file writes between a key and its value (its first member's), `": "` by default.
    private static func colon(in root: JSONNode, bytes: [UInt8]) -> String {
        guard case .object(let members) = root.value, let first = members.first,
              let text = separatorAfterKey(first, bytes: bytes), !text.contains("\n") else { return ": " }
        return text
    }

    /// Whether an object writes its members a line each: its first member on a line after its
    /// brace.
    private static func isExpanded(_ object: JSONNode) -> Bool {
        guard case .object(let members) = object.value, let first = members.first else { return false }
        return first.keyLocation.line > object.location.line
    }

    /// The indentation of an object's members (one `unit` in from its line when it has none or
    /// they share its line).
    private static func memberIndentation(of object: JSONNode, bytes: [UInt8], unit: String) -> String {
        if case .object(let members) = object.value, let first = members.first, first.keyLocation.line > object.location.line {
            return indentation(of: first.keyLocation, bytes: bytes)
        }
        return indentation(of: object.location, bytes: bytes) + unit
    }
}
