import Foundation

/// A structured key of a layer or an emitter cell (`spriteFrames`, `timeOffsetFollowsPointer`,
/// an emitter's `fields`) as its file writes it, member by member, for an editor such as the
/// window's property panel. The members are the registry's (``PropertyDescriptor/members``):
/// for each, the key path it is written at, its value as written (or its default), and the
/// key path by names a running effect may take it by. A list of objects
/// (``PropertyDescriptor/isListOfObjects``) has one element per object, titled by its `name`
/// and `type`; a single object has one element.
///
/// Everything is read from the file's text, not from the model: a key is editable the moment
/// the registry declares its members, whatever the model makes of it.
public struct StructuredValue {
    /// One member of one object.
    public struct Member {
        /// The member's declaration: form, range, unit, default, meaning.
        public let property: PropertyDescriptor
        /// Where the file writes it, by index in lists (`spark.fields[0].strength`,
        /// `spark.emitterCells.twinkle.spriteFrames.columns`).
        public let keyPath: String
        /// The same member by names only (`spark.fields.gust.strength`), which a running
        /// effect's key paths may reach (``AnimatableKeyPath``); nil when a step on the way has
        /// no name (an unnamed cell, an element without a `name`).
        public let liveKeyPath: String?
        /// The value as the file writes it; nil when the file does not set the member.
        public let written: JSONNode?
        /// The value in the member's form: as written, else its default; nil for names and
        /// enumerations (see ``text``), and for a member without a default of that form that
        /// the file does not set (see ``startingValue``).
        public let value: AnimatableValue?
        /// A name or an enumeration's choice: as written, else its default.
        public let text: String?

        /// Whether the file sets the member (an editor dims the others, showing their default).
        public var isSet: Bool { written != nil }

        /// What an editor's control starts from for a member the file does not set and whose
        /// default is not a value (`count`'s "columns × rows"): a value in its range.
        public var startingValue: AnimatableValue? {
            value ?? StructuredValue.startingValue(for: property, spanIndex: 0)
        }
    }

    /// One object: the key's whole value, or one element of its list.
    public struct Element {
        /// Where the file writes the object (`spark.fields[0]`, or the key's path).
        public let keyPath: String
        /// The same by names (`spark.fields.gust`); nil when a step has no name.
        public let liveKeyPath: String?
        /// The object's `name`, when it has one.
        public let name: String?
        /// The object's `type`, as written or by default, when its members have one.
        public let type: String?
        /// Its members, in the registry's order.
        public let members: [Member]
        /// Whether the file writes it as an object (a list's element may be anything else).
        public let isObject: Bool

        /// How an editor titles it: its name and type (`gust  (directional)`).
        public var title: String {
            let base = name ?? "unnamed"
            return type.map { "\(base)  (\($0))" } ?? base
        }
    }

    /// The structured key.
    public let property: PropertyDescriptor
    /// Where the file writes it.
    public let keyPath: String
    /// The key's value as the file writes it; nil when the file does not set it.
    public let written: JSONNode?
    /// The objects: one for a single object the file sets, one per element of a list.
    public let elements: [Element]

    /// Whether the file sets the key.
    public var isSet: Bool { written != nil }

    /// Reads `property`'s value.
    /// - Parameters:
    ///   - property: the structured key, declared member by member.
    ///   - keyPath: where the file writes the key: `LAYER.KEY`, `LAYER.emitterCells.NAME.KEY`
    ///     or `LAYER.emitterCells[0].KEY`.
    ///   - written: its value as the file writes it (``EffectDocument/json(atKeyPath:)``), nil
    ///     when the file does not set it.
    public init(_ property: PropertyDescriptor, keyPath: String, written: JSONNode?) {
        self.property = property
        self.keyPath = keyPath
        self.written = written
        // Key paths by names exist only when every step before the key is by name.
        let liveBase: String? = keyPath.contains("[") ? nil : keyPath
        guard let written else {
            elements = []
            return
        }
        if property.isListOfObjects {
            guard case .array(let nodes) = written.value else {
                elements = []
                return
            }
            elements = nodes.enumerated().map { index, node in
                let name = Self.string(PropertyDescriptor.elementName, in: node)
                return Self.element(property, node: node, keyPath: "\(keyPath)[\(index)]",
                                    liveKeyPath: name.flatMap { name in liveBase.map { "\($0).\(name)" } })
            }
        } else {
            elements = [Self.element(property, node: written, keyPath: keyPath, liveKeyPath: liveBase)]
        }
    }

    private static func element(_ property: PropertyDescriptor, node: JSONNode, keyPath: String, liveKeyPath: String?) -> Element {
        var membersWritten: [String: JSONNode] = [:]
        var isObject = false
        if case .object(let list) = node.value {
            isObject = true
            for member in list { membersWritten[member.key] = member.value }
        }
        let members = property.members.map { member in
            Self.member(member, written: membersWritten[member.name], keyPath: keyPath + "." + member.name,
                        liveKeyPath: liveKeyPath.map { $0 + "." + member.name })
        }
        let type = members.first { $0.property.name == PropertyDescriptor.elementType }?.text
        return Element(keyPath: keyPath, liveKeyPath: liveKeyPath, name: Self.string(PropertyDescriptor.elementName, in: node), type: type,
                       members: members, isObject: isObject)
    }

    private static func member(_ property: PropertyDescriptor, written: JSONNode?, keyPath: String, liveKeyPath: String?) -> Member {
        var value: AnimatableValue?
        var text: String?
        switch property.form {
        case .string, .enumeration:
            if case .string(let name)? = written?.value { text = name } else if written == nil { text = defaultChoice(of: property) }
        default:
            value = written.flatMap { decode($0, as: property) } ?? (written == nil ? defaultValue(of: property) : nil)
        }
        return Member(property: property, keyPath: keyPath, liveKeyPath: liveKeyPath, written: written, value: value, text: text)
    }

    // MARK: - Values

    /// `node` read in `property`'s form (an angle may be `"90deg"`), or nil when it is not one.
    static func decode(_ node: JSONNode, as property: PropertyDescriptor) -> AnimatableValue? {
        guard let kind = property.kind else { return nil }
        let context = DecodingContext(file: "", bytes: [], baseDirectory: ".")
        return ValueDecoder.decode(node, kind: kind, angles: property.form == .angle, path: property.name, context: context)
    }

    /// The member's default as a value (the registry's typed default), or nil for a default
    /// in words ("columns × rows") or none.
    static func defaultValue(of property: PropertyDescriptor) -> AnimatableValue? {
        property.defaultValue
    }

    /// An enumeration's or a name's default choice.
    static func defaultChoice(of property: PropertyDescriptor) -> String? {
        property.defaultChoice
    }

    /// A value in `property`'s range to start from where it has no default value: 1 where the
    /// range has it (a count of frames, frames a second, a length in seconds), else its least;
    /// an unbounded number is 100 × `spanIndex`, so that the required `from` and `to` of a new
    /// object span something rather than being equal.
    static func startingValue(for property: PropertyDescriptor, spanIndex: Int) -> AnimatableValue? {
        switch property.form {
        case .number, .integer, .angle:
            switch property.range {
            case .any: return .number(Double(spanIndex) * 100)
            case .nonNegative: return .number(0)
            case .positive, .unit: return .number(1)
            case .closed(let low, let high): return .number((low...high).contains(1) ? 1 : low)
            }
        case .boolean: return .bool(false)
        case .point: return .point(Point(x: 0, y: 0))
        case .size: return .size(Size(width: 1, height: 1))
        case .rect: return .rect(Rect(x: 0, y: 0, width: 1, height: 1))
        case .numbers: return .numbers([1])
        case .color: return .color(.white)
        default: return nil
        }
    }

    private static func string(_ key: String, in node: JSONNode) -> String? {
        guard case .object(let members) = node.value, case .string(let text)? = members.last(where: { $0.key == key })?.value.value else {
            return nil
        }
        return text
    }

    // MARK: - New objects

    /// What adding the key writes: for a single object, its required members
    /// (``PropertyDescriptor/isRequired``), each at a starting value (`{}` when there are
    /// none); for a list, a list of one ``newElementJSON``.
    public var additionJSON: String {
        property.isListOfObjects ? "[" + newElementJSON + "]" : Self.requiredMembersJSON(of: property, name: nil)
    }

    /// A new element for the list, with a `name` no element has (`field1`, `field2`, …, after
    /// the key): a copy of the last element (its members as written, without its `"//"`
    /// comments), which loads wherever the last one did; in an empty list, the required
    /// members at starting values (a `type`'s first choice).
    public var newElementJSON: String {
        let names = Set(elements.compactMap(\.name))
        let base = property.name.hasSuffix("s") ? String(property.name.dropLast()) : property.name
        var number = elements.count + 1
        while names.contains("\(base)\(number)") { number += 1 }
        let name = "\(base)\(number)"
        guard case .array(let nodes)? = written?.value, let last = nodes.last, case .object(let members) = last.value else {
            return Self.requiredMembersJSON(of: property, name: name)
        }
        var parts = members.filter { !$0.key.hasPrefix(EffectSchema.commentPrefix) && $0.key != PropertyDescriptor.elementName }
            .map { JSONValue.quoted($0.key) + ": " + Self.text(of: $0.value) }
        parts.insert(JSONValue.quoted(PropertyDescriptor.elementName) + ": " + JSONValue.quoted(name), at: 0)
        return "{" + parts.joined(separator: ", ") + "}"
    }

    /// A value as JSON text on one line (numbers as a person writes them).
    static func text(of node: JSONNode) -> String {
        switch node.value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return JSONValue.text(of: number)
        case .string(let text): return JSONValue.quoted(text)
        case .array(let elements): return "[" + elements.map(text(of:)).joined(separator: ", ") + "]"
        case .object(let members):
            return "{" + members.map { JSONValue.quoted($0.key) + ": " + text(of: $0.value) }.joined(separator: ", ") + "}"
        }
    }

    private static func requiredMembersJSON(of property: PropertyDescriptor, name: String?) -> String {
        var parts: [String] = []
        var numbers = 0
        for member in property.members {
            if member.name == PropertyDescriptor.elementName, let name {
                parts.append(JSONValue.quoted(member.name) + ": " + JSONValue.quoted(name))
                continue
            }
            guard member.isRequired else { continue }
            let token: String
            switch member.form {
            case .enumeration(let choices): token = JSONValue.quoted(choices.first ?? "")
            case .string: token = JSONValue.quoted("")
            default:
                guard let value = startingValue(for: member, spanIndex: numbers) else { continue }
                if case .number = value { numbers += 1 }
                token = JSONValue.text(of: value)
            }
            parts.append(JSONValue.quoted(member.name) + ": " + token)
        }
        return "{" + parts.joined(separator: ", ") + "}"
    }
}
