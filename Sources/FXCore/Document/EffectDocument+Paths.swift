/// Key paths that go inside a property's JSON: `LAYER.animations[0].duration`,
/// `LAYER.animations[0].animations[1].toValue`, `LAYER.emitterCells.NAME.colorOverLife.values[1]`.
/// They are walked in the text, not in the model (an animation or a stop over life has no
/// model key path), so a change there is a change of bytes the decoder then judges.
extension EffectDocument {
    /// The values over life of a cell, whose objects the panel edits key by key.
    static let lifeSequenceNames: Set<String> = Set(LifeSequences.properties.map(\.name))

    /// The keys a value over life takes (as its decoder reads them).
    private static let lifeSequenceKeys = LifeSequenceKeys.all.map(\.name)

    /// What the walk knows about the JSON it is in, for naming keys and counting elements in
    /// messages.
    private enum Structure {
        /// An object; `keys` are those it may have, when known (a layer's, a cell's, an
        /// animation's, a sequence over life's, a structured key's members); `noun` names it as
        /// the owner of a list ("the layer", "the group"); `properties` declare its keys, when
        /// the registry does (a layer's, a cell's, a structured key's members).
        case object(keys: [String]?, noun: String, properties: [PropertyDescriptor] = [])
        /// A list whose elements are `item`s ("animation", "cell", "element"), held by `holder`
        /// ("the layer", or the list's own key path); `objects` is the structured key whose
        /// list it is when the registry declares its elements' members (an emitter's `fields`).
        case list(item: String, holder: String, objects: PropertyDescriptor? = nil)
    }

    /// The target of a key path that goes inside the owner's property `property`: `rest` is the
    /// key path after `prefix` (`LAYER.` or `LAYER.emitterCells.NAME.`), `owner` the layer's or
    /// cell's object in the text and `ownerKeys` the keys it may have.
    /// - Throws: ``EffectDocumentError`` naming the key path and what the file has there when a
    ///   step other than the last is missing, or an index is out of range.
    ///
    /// Inside a structured key declared member by member (``PropertyDescriptor/members``:
    /// `spriteFrames`, an emitter's `fields`), the members are the keys its objects may have,
    /// and an element of a list of such objects is reached by index or by its `name`
    /// (`LAYER.fields[0].strength`, `LAYER.fields.gust.strength`), as a cell is.
    func locateInside(_ rest: String, of owner: JSONNode, owners: [PropertyDescriptor], ownerNoun: String, prefix: String,
                      property: PropertyDescriptor, keyPath: String) throws -> Target {
        let steps = try Self.steps(of: rest, keyPath: keyPath)
        var node = owner
        var written = String(prefix.dropLast())
        var structure = Structure.object(keys: owners.map(\.name), noun: ownerNoun, properties: owners)
        for (position, step) in steps.enumerated() {
            let isLast = position == steps.count - 1
            let parentWritten = written
            written += Self.text(of: step)
            let remaining = steps[(position + 1)...].map(Self.text(of:)).joined()
            switch (step, node.value, structure) {
            case (.key(let key), .object(let members), .object(let keys, _, let properties)):
                let member = members.last { $0.key == key }
                let declared = properties.first { $0.name == key }
                if isLast {
                    // A key the object lacks is added; one it may not have is refused when the
                    // text is loaded, with the nearest it may have.
                    var hint: String?
                    if member == nil, let keys, !keys.contains(key), let nearest = closestMatch(to: key, in: keys) {
                        hint = "\"\(key)\" is not a key of \(parentWritten); did you mean \"\(parentWritten).\(nearest)\"?"
                    }
                    return Target(object: node, key: key, value: member?.value, property: property, isInsideProperty: true,
                                  member: declared, hint: hint)
                }
                guard let member else {
                    var message: String
                    if let keys, !keys.contains(key) {
                        message = "\(written): \"\(key)\" is not a key of \(parentWritten)"
                        message += closestMatch(to: key, in: keys).map { "; did you mean \"\(parentWritten).\($0)\(remaining)\"?" } ?? ""
                    } else {
                        message = "\(written): \(parentWritten) sets no \"\(key)\"; set \(written) whole first"
                    }
                    throw EffectDocumentError(message + " (it sets: \(members.map(\.key).joined(separator: ", ")))")
                }
                node = member.value
                structure = Self.structure(of: member.value, under: key, declared: declared,
                                           holder: Self.noun(of: structure, written: parentWritten), written: written)
            case (.key(let name), .array(let elements), .list(let item, let holder, let objects))
                where objects != nil || Self.namedItemKeys[item] != nil:
                // A cell, field or collider (any element of a list of named objects) by its
                // name, as the model's key paths write it.
                let names = elements.compactMap(Self.cellName)
                guard let element = elements.first(where: { Self.cellName($0) == name }) else {
                    let nearest = closestMatch(to: name, in: names).map { "; did you mean \"\(parentWritten).\($0)\(remaining)\"?" } ?? ""
                    throw EffectDocumentError("\(written): \(holder) has no \(item) named \"\(name)\"\(nearest) (\(item)s: \(names.joined(separator: ", ")))")
                }
                if isLast { return Target(object: node, key: name, value: element, property: property, isInsideProperty: true) }
                node = element
                if let objects {
                    structure = .object(keys: objects.members.map(\.name), noun: "the \(item)", properties: objects.members)
                } else if item == "cell" {
                    structure = .object(keys: Self.cellKeys, noun: "the cell", properties: Self.cellProperties)
                } else {
                    structure = .object(keys: Self.namedItemKeys[item], noun: "the \(item)")
                }
            case (.index(let index), .array(let elements), _):
                guard index < elements.count else {
                    throw EffectDocumentError("\(written): \(Self.counting(elements.count, in: structure, written: parentWritten))")
                }
                if isLast { return Target(object: node, key: "", value: elements[index], property: property, isInsideProperty: true) }
                node = elements[index]
                structure = Self.structure(ofElement: node, in: structure, written: written)
            case (.key, .array(let elements), _):
                throw EffectDocumentError("\(written): \(parentWritten) is a list of \(elements.count), not an object; "
                                          + "give an index, as in \(parentWritten)[0]\(Self.text(of: step))")
            case (.key, let value, _):
                throw EffectDocumentError("\(written): \(parentWritten) is \(value.kindName), not an object")
            case (.index, let value, _):
                throw EffectDocumentError("\(written): \(parentWritten) is \(value.kindName), not a list")
            }
        }
        // `steps` always has the property's name: the loop returns at the last step.
        throw EffectDocumentError("\(keyPath): nothing to set")
    }

    // MARK: - Steps

    /// The steps of `rest`: a name, then any number of `.KEY` and `[INDEX]`.
    /// - Throws: ``EffectDocumentError`` for text that is not such a path.
    static func steps(of rest: String, keyPath: String) throws -> [JSONPathComponent] {
        var steps: [JSONPathComponent] = []
        var characters = Substring(rest)
        func malformed(_ why: String) -> EffectDocumentError {
            EffectDocumentError("\(keyPath): \(why) (write KEY.KEY[INDEX], as in animations[0].duration)")
        }
        func name() throws -> String {
            let key = characters.prefix { $0 != "." && $0 != "[" && $0 != "]" }
            guard !key.isEmpty else { throw malformed("a key is missing") }
            characters = characters.dropFirst(key.count)
            return String(key)
        }
        steps.append(.key(try name()))
        while let next = characters.first {
            characters = characters.dropFirst()
            if next == "." {
                steps.append(.key(try name()))
            } else if next == "[" {
                let digits = characters.prefix { $0.isASCII && $0.isNumber }
                characters = characters.dropFirst(digits.count)
                guard !digits.isEmpty, characters.first == "]", let index = Int(digits) else {
                    throw malformed("an index is a whole number in brackets")
                }
                characters = characters.dropFirst()
                steps.append(.index(index))
            } else {
                throw malformed("unexpected \"\(next)\"")
            }
        }
        return steps
    }

    /// A step as a key path writes it: `.KEY` or `[INDEX]`.
    static func text(of step: JSONPathComponent) -> String {
        switch step {
        case .key(let key): return "." + key
        case .index(let index): return "[\(index)]"
        }
    }

    // MARK: - What the walk is in

    /// The keys a cell may have.
    private static let cellKeys = cellProperties.map(\.name)
    /// The registry's declarations of them.
    private static let cellProperties = PropertyRegistry.properties(of: .emitterCell) + PropertyRegistry.properties(of: .mediaTiming)

    /// What the elements of the lists under these keys are called in messages.
    private static let listItems = [LayerKeys.animations.name: "animation", EmitterLayerKeys.emitterCells.name: "cell",
                                    LayerKeys.sublayers.name: "sublayer", KeyframeAnimationKeys.values.name: "value",
                                    LifeSequenceKeys.times.name: "time", KeyframeAnimationKeys.keyTimes.name: "key time",
                                    EmitterLayerKeys.fields.name: "field", EmitterLayerKeys.colliders.name: "collider"]

    /// The lists whose elements a key path names (`emitterCells.NAME`, `fields.NAME`,
    /// `colliders.NAME`), by what their elements are called, with the keys an element takes.
    private static let namedItemKeys: [String: [String]] = [
        "cell": cellKeys, "field": ForceFieldKeys.all.map(\.name), "collider": ColliderKeys.all.map(\.name),
    ]

    /// What `node`, the value of `key` in an object named `holder` (when it holds a list of
    /// animations, cells or layers) and written `written`, is; `declared` is the registry's
    /// declaration of `key` there, when it has one.
    private static func structure(of node: JSONNode, under key: String, declared: PropertyDescriptor?, holder: String,
                                  written: String) -> Structure {
        if let declared, !declared.members.isEmpty {
            switch node.value {
            case .array where declared.isListOfObjects:
                return .list(item: listItems[key] ?? singular(key), holder: holder, objects: declared)
            case .object where !declared.isListOfObjects:
                return .object(keys: declared.members.map(\.name), noun: written, properties: declared.members)
            default:
                break
            }
        }
        switch node.value {
        case .array:
            // The layer's animations, the group's: a list of values is its own subject.
            let isCollection = [LayerKeys.animations, EmitterLayerKeys.emitterCells, LayerKeys.sublayers, EmitterLayerKeys.fields,
                                EmitterLayerKeys.colliders].contains { $0.name == key }
            return .list(item: listItems[key] ?? "element", holder: isCollection ? holder : written)
        default:
            return .object(keys: lifeSequenceNames.contains(key) ? lifeSequenceKeys : nil, noun: written)
        }
    }

    /// What `node`, an element of a list, is.
    private static func structure(ofElement node: JSONNode, in list: Structure, written: String) -> Structure {
        guard case .list(let item, _, let objects) = list else { return .object(keys: nil, noun: written) }
        if let objects, case .object = node.value {
            return .object(keys: objects.members.map(\.name), noun: written, properties: objects.members)
        }
        switch (item, node.value) {
        case ("animation", .object(let members)):
            let type = members.last { $0.key == AnimationKeys.type.name }.flatMap { member -> Animation.AnimationType? in
                guard case .string(let name) = member.value.value else { return nil }
                return Animation.AnimationType(rawValue: name)
            }
            let owners: [PropertyOwner] = type.map { [.animation, .mediaTiming, PropertyOwner.animation($0)] }
                ?? [.animation, .mediaTiming, .basicAnimation, .keyframeAnimation, .springAnimation, .groupAnimation]
            let keys = Array(Set(owners.flatMap { PropertyRegistry.properties(of: $0).map(\.name) })).sorted()
            return .object(keys: keys, noun: type == .group ? "the group" : written)
        case ("cell", .object):
            return .object(keys: cellKeys, noun: "the cell", properties: cellProperties)
        case (_, .array):
            return .list(item: "element", holder: written)
        default:
            return .object(keys: nil, noun: written)
        }
    }

    /// How an object is named as the holder of a list.
    private static func noun(of structure: Structure, written: String) -> String {
        if case .object(_, let noun, _) = structure { return noun }
        return written
    }

    /// How many elements a list has, in words: "the layer has 3 animations".
    private static func counting(_ count: Int, in list: Structure, written: String) -> String {
        guard case .list(let item, let holder, _) = list else { return "\(written) has \(count) elements" }
        let items = count == 0 ? "no \(item)s" : "\(count) \(item)\(count == 1 ? "" : "s")"
        return "\(holder) has \(items)"
    }

    /// What one element of the list under `key` is called: `fields` → "field".
    private static func singular(_ key: String) -> String {
        key.hasSuffix("s") && key.count > 1 ? String(key.dropLast()) : "element"
    }

    /// A cell object's `name` (or any named object's: a force field's, a collider's).
    private static func cellName(_ node: JSONNode) -> String? {
        guard case .object(let members) = node.value, case .string(let name)? = members.last(where: { $0.key == EmitterCellKeys.name.name })?.value.value else {
            return nil
        }
        return name
    }

    // MARK: - Keys set inside

    /// `PREFIX.animations[I].KEY` for every key of every animation in `layer`'s object, and
    /// `….animations[I].animations[J].KEY` for groups' children, to any depth.
    static func animationKeyPaths(in layer: JSONNode, prefix: String) -> Set<String> {
        var result = Set<String>()
        func visit(_ object: JSONNode, prefix: String) {
            guard case .object(let members) = object.value,
                  let list = members.last(where: { $0.key == LayerKeys.animations.name })?.value,
                  case .array(let animations) = list.value else { return }
            for (index, animation) in animations.enumerated() {
                guard case .object(let keys) = animation.value else { continue }
                let animationPrefix = "\(prefix).\(LayerKeys.animations.name)[\(index)]"
                for member in keys { result.insert(animationPrefix + "." + member.key) }
                visit(animation, prefix: animationPrefix)
            }
        }
        visit(layer, prefix: prefix)
        return result
    }
}
