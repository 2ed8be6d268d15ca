import Foundation

/// An effect file's text, changed the way a person would change it: setting a value replaces
/// the bytes of that value alone, and a key the file does not have yet is inserted beside its
/// siblings in the file's own style. Every other byte — key order, spacing, line breaks, `"//"`
/// comments, numbers spelled `"30deg"` or `"#ff3b5c"` — stays as it was. A change the file
/// could not hold (a misspelled key path, a value of the wrong kind or out of range) is refused
/// and leaves the text as it was: after every change the text still loads.
///
/// Key paths reach inside structures too (`ring.animations[0].duration`,
/// `spark.emitterCells.red.colorOverLife.values[1]`), walked in the text itself.
///
/// What `fx set` and the window's property panel write with; it knows no SDL and no files (the
/// caller reads and writes the bytes).
public struct EffectDocument {
    /// The text, as it is after the changes made so far.
    public private(set) var bytes: [UInt8]
    /// The effect the text loads as.
    public private(set) var effect: Effect
    /// The name used in messages.
    public let file: String
    /// The folder paths in the text (textures, fonts) are relative to: the effect file's.
    public let baseDirectory: String
    let resources: any EffectResources

    /// Loads `bytes` as an effect.
    /// - Throws: ``EffectLoadError`` when the text is not a loadable effect.
    public init(bytes: [UInt8], file: String = "<effect>", baseDirectory: String = ".", resources: any EffectResources = FileResources()) throws {
        self.bytes = bytes
        self.file = file
        self.baseDirectory = baseDirectory
        self.resources = resources
        effect = try EffectDecoder.decode(bytes: bytes, file: file, baseDirectory: baseDirectory, resources: resources)
    }

    /// Sets `LAYER.KEYPATH` to a value written as JSON (`40`, `[0.2, 0.5]`, `"#ff0000"`); a
    /// bare word that is not JSON is taken as a string, so `40deg`, `#ff0000` and `line` need
    /// no quotes. The value is written as given.
    ///
    /// After the layer (and `emitterCells.NAME` down to a cell) the key path may go inside any
    /// property's JSON with `.KEY` and `[INDEX]` (from 0): `ring.animations[0].duration`,
    /// `ring.animations[0].animations[1].toValue` (a group's child),
    /// `spark.emitterCells.red.colorOverLife.values[1]`, or a whole `….colorOverLife`. Only
    /// that value's bytes are replaced; a last key the object lacks is added beside its
    /// siblings. Every step before the last must be in the file, and every index in range.
    /// - Throws: ``EffectDocumentError`` naming what is wrong, with the nearest key path for a
    ///   misspelled one; the text is then unchanged.
    public mutating func setValue(json text: String, forKeyPath keyPath: String) throws {
        let target = try locate(keyPath)
        var token = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if (try? JSONParser.parse(Array(token.utf8))) == nil { token = JSONValue.quoted(token) }
        guard let component = target.component else { return try apply(token, to: target, keyPath: keyPath) }
        // One field of a point, size or rect: read as the field's kind, as a file's value is.
        let context = DecodingContext(file: file, bytes: Array(token.utf8), baseDirectory: baseDirectory, resources: resources)
        guard let part = try? JSONParser.parse(Array(token.utf8)),
              let value = ValueDecoder.decode(part, kind: component.kind, angles: false, path: keyPath, context: context) else {
            throw EffectDocumentError("\(keyPath): expected \(component.kind == .number ? "a number" : "a \(component.kind.rawValue)")")
        }
        try setValue(value, forKeyPath: keyPath)
    }

    /// Sets `LAYER.KEYPATH` to `value`, written in the style of the value it replaces where it
    /// can be (an angle in degrees stays in degrees, a `#rrggbb` color stays one when the new
    /// color fits it exactly). A field (`emitterPosition.x`) writes its whole value anew. A key
    /// path inside a structure (`ring.animations[0].toValue`, as
    /// ``setValue(json:forKeyPath:)`` takes) writes the value as a file writes it, and the
    /// decoder judges its kind.
    /// - Throws: ``EffectDocumentError``; the text is then unchanged.
    public mutating func setValue(_ value: AnimatableValue, forKeyPath keyPath: String) throws {
        let target = try locate(keyPath)
        var whole = value
        if let component = target.component {
            // Fields are those of points, sizes and rects, which the model always holds.
            guard var current = target.currentValue else { throw EffectDocumentError("\(keyPath) holds no value") }
            component.write(value, into: &current)
            whole = current
        }
        if target.isInsideProperty {
            // Inside a structure (a keyframe value, a stop over life) the kind is the decoder's
            // to check: the value is written as a file writes it, in the style it replaces.
            let token = target.value.map { Self.json(value, for: target.member, replacing: $0) } ?? JSONValue.text(of: value)
            return try apply(token, to: target, keyPath: keyPath)
        }
        guard whole.kind == target.property.kind else {
            throw EffectDocumentError("\(keyPath) holds a \(target.property.kind?.rawValue ?? "structure"), not a \(value.kind.rawValue)")
        }
        try apply(Self.json(whole, for: target.property, replacing: target.value), to: target, keyPath: keyPath)
    }

    /// The same file with other text (an undo, or the file's text read again).
    /// - Throws: ``EffectLoadError`` when the text does not load.
    public func replacingBytes(_ newBytes: [UInt8]) throws -> EffectDocument {
        var copy = self
        copy.effect = try EffectDecoder.decode(bytes: newBytes, file: file, baseDirectory: baseDirectory, resources: resources)
        copy.bytes = newBytes
        return copy
    }

    /// Every `LAYER.KEY` and `LAYER.emitterCells.NAME.KEY` (named cells, to any depth) the text
    /// sets, and inside them every `LAYER.animations[I].KEY` (a group's children as
    /// `LAYER.animations[I].animations[J].KEY`) and `….emitterCells.NAME.colorOverLife.KEY` (and
    /// the other values over life): what a panel shows as set rather than dimmed at its default.
    public func keyPathsSet() -> Set<String> {
        guard let root = try? JSONParser.parse(bytes) else { return [] }
        var result = Set<String>()
        func keys(_ node: JSONNode) -> [JSONMember] {
            if case .object(let members) = node.value { return members }
            return []
        }
        func cells(_ node: JSONNode, prefix: String) {
            guard let list = keys(node).last(where: { $0.key == EmitterLayerKeys.emitterCells.name })?.value, case .array(let elements) = list.value else { return }
            for element in elements {
                guard case .string(let name)? = keys(element).last(where: { $0.key == EmitterCellKeys.name.name })?.value.value else { continue }
                let cellPrefix = prefix + "emitterCells." + name + "."
                for member in keys(element) {
                    result.insert(cellPrefix + member.key)
                    if Self.lifeSequenceNames.contains(member.key) {
                        for key in keys(member.value) { result.insert(cellPrefix + member.key + "." + key.key) }
                    }
                }
                cells(element, prefix: cellPrefix)
            }
        }
        for (name, entry) in Self.layerNodes(of: effect, in: root) {
            for member in keys(entry.node) { result.insert(name + "." + member.key) }
            cells(entry.node, prefix: name + ".")
            result.formUnion(Self.animationKeyPaths(in: entry.node, prefix: name))
        }
        return result
    }

    // MARK: - Finding the bytes

    /// Where a key path's value is in the text: its bytes when the file has it, else the object
    /// and key it is added under; and what it names.
    struct Target {
        /// The object a value the file lacks is added to.
        var object: JSONNode
        /// The key it is added under.
        var key: String
        /// The value as the file has it, whose bytes a change replaces; nil when it is added.
        var value: JSONNode?
        /// The owner's property the key path starts at.
        var property: PropertyDescriptor
        /// One field of the property's value (`emitterPosition.x`).
        var component: ValueComponent?
        /// The model's value of the property, for writing one field of it.
        var currentValue: AnimatableValue?
        /// Whether the key path goes inside the property's JSON (`animations[0].duration`,
        /// `colorOverLife.values[1]`): the value is not the property's kind, and the decoder
        /// alone judges it.
        var isInsideProperty = false
        /// The member of a structured key the key path ends at (`spriteFrames.columns`), when
        /// the registry declares it: the value is written in its form (an angle keeps its unit).
        var member: PropertyDescriptor?
        /// What to say when the text does not load, instead of the decoder's messages: that a
        /// key the walk added is not one the object takes, with the nearest that is.
        var hint: String?
    }

    func locate(_ keyPath: String) throws -> Target {
        let root = try EffectDecoder.parseJSON(bytes, file: file)
        let layers = Self.layerNodes(of: effect, in: root)
        // The layer part (a unique name, then `mask` and `sublayers` steps) as every key path
        // resolves it; its object in the text by the unique name of the layer reached.
        let reference: (layer: Layer, written: String, rest: String)
        do {
            reference = try effect.layerReference(keyPath)
        } catch {
            throw EffectDocumentError("\(error)")
        }
        guard !reference.rest.isEmpty else {
            throw EffectDocumentError("\(keyPath): names the layer \"\(reference.layer.identifier)\", not one of its properties; add one, as in \(keyPath).opacity")
        }
        guard let entry = layers[reference.layer.identifier] else {
            throw EffectDocumentError("\(keyPath): cannot find layer \"\(reference.layer.identifier)\" in the file")
        }
        let name = reference.written
        var rest = reference.rest
        var object = entry.node
        var cell: EmitterCell?
        var cells = entry.layer.emitter?.emitterCells
        // emitterCells.NAME(.emitterCells.NAME)* down to the cell that holds the property.
        while rest.hasPrefix("emitterCells."), let list = cells {
            let parts = rest.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3, let found = list.first(where: { $0.name == String(parts[1]) }),
                  let node = Self.cellNode(named: String(parts[1]), in: object) else { break }
            cell = found
            object = node
            cells = found.emitterCells
            rest = String(parts[2])
        }
        let owners: [PropertyDescriptor] = cell == nil
            ? PropertyRegistry.layerProperties(for: entry.layer.type) + PropertyRegistry.properties(of: .mediaTiming)
            : PropertyRegistry.properties(of: .emitterCell) + PropertyRegistry.properties(of: .mediaTiming)
        // What the key path is written under: `LAYER.` or `LAYER.emitterCells.NAME.`.
        let prefix = String(keyPath.dropLast(rest.count))
        let firstName = String(rest.prefix { $0 != "." && $0 != "[" })
        if let property = owners.first(where: { $0.name == firstName }), property.form == .structure || rest.contains("[") {
            return try locateInside(rest, of: object, owners: owners, ownerNoun: cell == nil ? "the layer" : "the cell",
                                    prefix: prefix, property: property, keyPath: keyPath)
        }
        for property in owners where property.form != .structure {
            var component: ValueComponent?
            if rest == property.name {
                component = nil
            } else if rest.hasPrefix(property.name + "."), let kind = property.kind,
                      let field = ValueComponent(rawValue: String(rest.dropFirst(property.name.count + 1))),
                      ValueComponent.components(of: kind).contains(field) {
                component = field
            } else {
                continue
            }
            guard case .object(let members) = object.value else { break }
            let current = cell.flatMap { property.value(on: $0) } ?? (cell == nil ? property.value(on: entry.layer) : nil)
            return Target(object: object, key: property.name, value: members.last { $0.key == property.name }?.value,
                          property: property, component: component, currentValue: current)
        }
        var candidates = owners.map { prefix + $0.name }
        candidates += AnimatableKeyPath.all(on: entry.layer).map { name + "." + $0 }
        // A misspelled first name before a deeper path (`animatons[0].duration`): the path
        // with the nearest property's name instead.
        // Another engine's name (`gravity`) first: the key fx writes for it (`yAcceleration`).
        let renamed = OtherEngineName.matching(firstName).flatMap { entry in entry.properties.first { owners.contains($0) } }
        let nearest = renamed.map { prefix + $0.name + rest.dropFirst(firstName.count) }
            ?? closestMatch(to: keyPath, in: candidates)
            ?? closestMatch(to: firstName, in: owners.map(\.name)).map { prefix + $0 + rest.dropFirst(firstName.count) }
        var hint = nearest.map { "; did you mean \"\($0)\"?" } ?? ""
        if let renamed { hint += " fx uses Core Animation's names: \"\(firstName)\" is \"\(renamed.name)\" here" }
        throw EffectDocumentError("\(keyPath): layer \"\(name)\" has no property at \"\(rest)\"\(hint)")
    }

    /// Every layer's object in the text by its unique name, found by walking the model and the
    /// text together (layers, sublayers and masks, in file order).
    static func layerNodes(of effect: Effect, in root: JSONNode) -> [String: (node: JSONNode, layer: Layer)] {
        var result: [String: (node: JSONNode, layer: Layer)] = [:]
        func member(_ key: String, of node: JSONNode) -> JSONNode? {
            guard case .object(let members) = node.value else { return nil }
            return members.last { $0.key == key }?.value
        }
        func visit(_ layers: [Layer], _ list: JSONNode?) {
            guard let list, case .array(let nodes) = list.value, nodes.count == layers.count else { return }
            for (layer, node) in zip(layers, nodes) {
                result[layer.identifier] = (node, layer)
                if let mask = layer.mask, let maskNode = member(LayerKeys.mask.name, of: node) {
                    result[mask.identifier] = (maskNode, mask)
                    visit(mask.sublayers, member(LayerKeys.sublayers.name, of: maskNode))
                }
                visit(layer.sublayers, member(LayerKeys.sublayers.name, of: node))
            }
        }
        visit(effect.layers, member(EffectKeys.layers.name, of: root))
        return result
    }

    static func cellNode(named name: String, in object: JSONNode) -> JSONNode? {
        guard case .object(let members) = object.value, let list = members.last(where: { $0.key == EmitterLayerKeys.emitterCells.name })?.value,
              case .array(let cells) = list.value else { return nil }
        return cells.first { cell in
            guard case .object(let cellMembers) = cell.value, case .string(let cellName)? = cellMembers.last(where: { $0.key == EmitterCellKeys.name.name })?.value.value else {
                return false
            }
            return cellName == name
        }
    }

    // MARK: - Changing the bytes

    /// Replaces the value's bytes with `token`, or inserts `"key": token` into the object;
    /// then loads the result, and keeps it only if it loads.
    private mutating func apply(_ token: String, to target: Target, keyPath: String) throws {
        var patched = bytes
        if let value = target.value {
            guard let end = value.endOffset else { throw EffectDocumentError("\(keyPath): cannot find where its value ends") }
            patched.replaceSubrange(value.location.offset..<end, with: Array(token.utf8))
        } else {
            guard let (offset, text) = Self.insertion(of: target.key, token, into: target.object, bytes: bytes) else {
                throw EffectDocumentError("\(keyPath): cannot find where to add \"\(target.key)\"")
            }
            patched.insert(contentsOf: Array(text.utf8), at: offset)
        }
        try keep(patched, change: "\(keyPath) = \(token)", hint: target.hint.map { "\(keyPath): \($0)" })
    }

    /// Loads `patched` and keeps it as the text when it loads.
    /// - Throws: ``EffectDocumentError`` naming the `change` and the decoder's errors (or
    ///   saying `hint` alone, when there is one); the text is then unchanged.
    mutating func keep(_ patched: [UInt8], change: String, hint: String? = nil) throws {
        let loaded: Effect
        do {
            loaded = try EffectDecoder.decode(bytes: patched, file: file, baseDirectory: baseDirectory, resources: resources)
        } catch let error as EffectLoadError {
            let messages = error.diagnostics.filter { $0.severity == .error }.map { "\($0.path): \($0.message)" + ($0.suggestion.map { "; \($0)" } ?? "") }
            // A key the object may not have is the whole story; the decoder's words for it
            // would name the file's JSON path instead of the key path.
            if let hint { throw EffectDocumentError(hint) }
            throw EffectDocumentError("\(change): the effect would not load: \(messages.joined(separator: "; "))")
        }
        bytes = patched
        effect = loaded
    }

    /// Where and what to insert for a new member: after the object's last member with the
    /// separator the file uses between members (its line breaks and indentation), or inside an
    /// empty object.
    static func insertion(of key: String, _ token: String, into object: JSONNode, bytes: [UInt8]) -> (Int, String)? {
        guard case .object(let members) = object.value, let objectEnd = object.endOffset else { return nil }
        guard let last = members.last, let lastEnd = last.value.endOffset else {
            // `{}`: just inside the brace.
            return (objectEnd - 1, "\(JSONValue.quoted(key)): \(token)")
        }
        let colon = separatorAfterKey(last, bytes: bytes) ?? ": "
        let separator: String
        if members.count >= 2, let previousEnd = members[members.count - 2].value.endOffset {
            separator = String(decoding: bytes[previousEnd..<last.keyLocation.offset], as: UTF8.self)
        } else {
            // One member: a new line indented as it is when the object spans lines, else ", ".
            let first = members[0].keyLocation
            let between = bytes[(object.location.offset + 1)..<first.offset]
            if between.contains(0x0A) {
                let indentation = bytes[first.lineStart..<first.offset].filter { $0 == 0x20 || $0 == 0x09 }
                separator = ",\n" + String(decoding: indentation, as: UTF8.self)
            } else {
                separator = ", "
            }
        }
        return (lastEnd, separator + JSONValue.quoted(key) + colon + token)
    }

    /// What the file writes between a member's key and its value (`": "`, `":"`, `" : "`).
    static func separatorAfterKey(_ member: JSONMember, bytes: [UInt8]) -> String? {
        var index = member.keyLocation.offset + 1
        while index < bytes.count && bytes[index] != UInt8(ascii: "\"") {
            index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard index < member.value.location.offset else { return nil }
        return String(decoding: bytes[(index + 1)..<member.value.location.offset], as: UTF8.self)
    }

    // MARK: - Writing values

    /// `value` as JSON text for `property`, in the style of the token it replaces where there
    /// is one: angles keep their unit, `#rrggbb` colors stay hex when the color fits exactly,
    /// a bounds written as a size stays a size.
    static func json(_ value: AnimatableValue, for property: PropertyDescriptor?, replacing old: JSONNode?) -> String {
        func list(_ numbers: [Double]) -> String { "[" + numbers.map(format).joined(separator: ", ") + "]" }
        switch value {
        case .number(let n):
            if property?.form == .angle, case .string(let text)? = old?.value {
                let trimmed = text.trimmingCharacters(in: .whitespaces)
                if trimmed.hasSuffix("deg") { return JSONValue.quoted(shortest(n, per: .pi / 180) + "deg") }
                if trimmed.hasSuffix("turn") { return JSONValue.quoted(shortest(n, per: 2 * .pi) + "turn") }
                if trimmed.hasSuffix("rad") { return JSONValue.quoted(format(n) + "rad") }
            }
            return format(property?.form == .integer ? n.rounded(.down) : n)
        case .bool(let flag):
            return flag ? "true" : "false"
        case .point(let p):
            return list([p.x, p.y])
        case .size(let s):
            return list([s.width, s.height])
        case .rect(let r):
            if property?.form == .bounds, case .array(let elements)? = old?.value, elements.count == 2, r.origin == .zero {
                return list([r.size.width, r.size.height])
            }
            return list([r.origin.x, r.origin.y, r.size.width, r.size.height])
        case .color(let c):
            if case .string(let text)? = old?.value, text.hasPrefix("#"), let hex = hexColor(c) { return JSONValue.quoted(hex) }
            return list(c.alpha == 1 ? [c.red, c.green, c.blue] : [c.red, c.green, c.blue, c.alpha])
        case .colors(let colors):
            return "[" + colors.map { json(.color($0), for: property, replacing: nil) }.joined(separator: ", ") + "]"
        case .numbers(let numbers):
            return list(numbers)
        case .transform(let transform):
            return "[" + transform.operations.map(operationJSON).joined(separator: ", ") + "]"
        case .path(let path):
            return JSONValue.quoted(svgData(path))
        }
    }

    /// `radians` in a unit of `factor` radians (degrees, turns), in the fewest digits that read
    /// back as exactly `radians` (`30`, not the division's `29.999999999999996`).
    static func shortest(_ radians: Double, per factor: Double) -> String {
        let value = radians / factor
        for digits in 1...17 {
            let text = String(format: "%.\(digits)g", value)
            if let read = Double(text), read * factor == radians { return format(read) }
        }
        return format(value)
    }

    /// `#rrggbb` (or `#rrggbbaa`) when every channel is a whole number of 255ths.
    static func hexColor(_ color: Color) -> String? {
        let channels = [color.red, color.green, color.blue, color.alpha].map { $0 * 255 }
        guard channels.allSatisfy({ $0 == $0.rounded() && (0...255).contains($0) }) else { return nil }
        let bytes = channels.map { String(format: "%02x", Int($0)) }
        return "#" + bytes[0..<3].joined() + (color.alpha == 1 ? "" : bytes[3])
    }

    private static func operationJSON(_ operation: TransformOperation) -> String {
        switch operation {
        case .translate(let x, let y): return "{\"translate\": [\(format(x)), \(format(y))]}"
        case .translateZ(let z): return "{\"translateZ\": \(format(z))}"
        case .rotate(let angle): return "{\"rotate\": \(format(angle))}"
        case .rotateX(let angle): return "{\"rotateX\": \(format(angle))}"
        case .rotateY(let angle): return "{\"rotateY\": \(format(angle))}"
        case .scale(let x, let y): return "{\"scale\": [\(format(x)), \(format(y))]}"
        case .perspective(let distance): return "{\"perspective\": \(format(distance))}"
        }
    }

    /// SVG path data for `path`, absolute commands.
    static func svgData(_ path: Path) -> String {
        path.elements.map { element in
            switch element {
            case .move(let p): return "M \(format(p.x)) \(format(p.y))"
            case .line(let p): return "L \(format(p.x)) \(format(p.y))"
            case .quad(let c, let p): return "Q \(format(c.x)) \(format(c.y)) \(format(p.x)) \(format(p.y))"
            case .cubic(let c1, let c2, let p):
                return "C \(format(c1.x)) \(format(c1.y)) \(format(c2.x)) \(format(c2.y)) \(format(p.x)) \(format(p.y))"
            case .close: return "Z"
            }
        }.joined(separator: " ")
    }
}
