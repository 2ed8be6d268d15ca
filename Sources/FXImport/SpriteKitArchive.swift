import Foundation

/// A SpriteKit `.sks` file read as what it is: an `NSKeyedArchiver` archive in a binary plist
/// (`bplist00`): `$archiver` "NSKeyedArchiver", `$top` naming the `root` object by UID, and
/// `$objects`, the archived objects, each a dictionary of its coder keys with `$class` (a UID
/// of a `{"$classname", "$classes"}` dictionary), or a plain string, number or data; UID 0 is
/// `$null` (nil).
///
/// Every reference is followed one step at a time by the importer, never recursively, so a
/// cyclic or self-referring archive cannot hang it; a UID past `$objects` is an error naming the
/// key it was found under. The binary plist itself is checked first
/// (``BinaryPropertyList/layout(of:allowsUIDs:)``: offsets, references, cycles, depth).
struct SpriteKitArchive {
    let path: String
    let plist: BinaryPropertyList.Objects
    /// `$objects`: the plist object number of each archived object, by UID.
    let archived: [Int]

    /// The archived object the `root` of `$top` names.
    let root: Instance

    /// The most keyframes fx reads from one sequence (fx's over-life sequences hold 256 values).
    static let maximumKeyframes = 256

    /// Reads `source`.
    /// - Throws: ``ImportError/malformed(path:line:message:)`` naming what is wrong.
    init(_ source: ImportSource) throws {
        path = source.path
        guard source.data.starts(with: Array("bplist00".utf8)) else {
            throw ImportError.malformed(path: source.path, line: 1, message: "not a binary property list (bplist00): Xcode saves a SpriteKit particle file (.sks) as an NSKeyedArchiver binary plist; re-save it from Xcode's particle editor")
        }
        do {
            plist = try BinaryPropertyList.Objects(source.data, allowsUIDs: true)
        } catch {
            throw ImportError.malformed(path: source.path, line: 1, message: error.message)
        }
        func fail(_ message: String) -> ImportError {
            .malformed(path: source.path, line: 1, message: message + "; a SpriteKit particle file is an NSKeyedArchiver archive with $archiver, $top and $objects")
        }
        guard case .dictionary(let keys, let values) = plist.object(plist.top) else { throw fail("the top object is not a dictionary") }
        var top: [String: Int] = [:]
        for (key, value) in zip(keys, values) {
            if case .string(let name) = plist.object(key) { top[name] = value }
        }
        guard let archiver = top["$archiver"], case .string(let archiverName) = plist.object(archiver), archiverName == "NSKeyedArchiver" else {
            throw fail("no $archiver \"NSKeyedArchiver\"")
        }
        guard let objects = top["$objects"], case .array(let list) = plist.object(objects) else { throw fail("no $objects array") }
        archived = list
        guard let topNumber = top["$top"], case .dictionary(let topKeys, let topValues) = plist.object(topNumber) else {
            throw fail("no $top dictionary")
        }
        var rootValue: Int?
        for (key, value) in zip(topKeys, topValues) {
            if case .string("root") = plist.object(key) { rootValue = value }
        }
        guard let rootValue else { throw fail("$top names no root object") }
        let partial = SpriteKitArchive(path: path, plist: plist, archived: archived)
        guard let rootInstance = try partial.instance(at: rootValue, under: "$top.root") else { throw fail("the root object is not an archived object") }
        root = rootInstance
    }

    /// An archive without its root, for reading the root.
    private init(path: String, plist: BinaryPropertyList.Objects, archived: [Int]) {
        self.path = path
        self.plist = plist
        self.archived = archived
        root = Instance(keys: [:], className: nil, classes: [])
    }

    /// The plist object a value stands for: a UID is followed into `$objects` (one step; UID 0,
    /// `$null`, is nil), anything else is itself.
    /// - Parameter key: where the value was found, for the error.
    /// - Throws: ``ImportError/malformed(path:line:message:)`` for a UID past `$objects`.
    func resolve(_ number: Int, under key: String) throws -> BinaryPropertyList.Object? {
        let object = plist.object(number)
        guard case .uid(let uid) = object else { return object }
        guard uid < archived.count else {
            throw ImportError.malformed(path: path, line: 1, message: "\(key): UID \(uid) refers past the archive's \(archived.count) objects; the file is damaged")
        }
        let target = plist.object(archived[uid])
        if case .string("$null") = target { return nil }
        // A UID naming another UID is no archive's (NSKeyedArchiver stores none): refused
        // rather than followed, so that no chain of them is walked.
        if case .uid = target {
            throw ImportError.malformed(path: path, line: 1, message: "\(key): UID \(uid) names another UID, which no NSKeyedArchiver archive holds; the file is damaged")
        }
        return target
    }

    /// An archived object: its coder keys (each value a plist object number, not yet resolved)
    /// and its class.
    struct Instance {
        let keys: [String: Int]
        /// `$classname`, e.g. "SKEmitterNode".
        let className: String?
        /// `$classes`: the class and its superclasses.
        let classes: [String]
    }

    /// The archived object `number` stands for, or nil when it is nil or not an object with keys.
    func instance(at number: Int, under key: String) throws -> Instance? {
        guard case .dictionary(let keys, let values)? = try resolve(number, under: key) else { return nil }
        var table: [String: Int] = [:]
        for (name, value) in zip(keys, values) {
            if case .string(let text) = plist.object(name) { table[text] = value }
        }
        var className: String?, classes: [String] = []
        if let classValue = table["$class"], case .dictionary(let classKeys, let classValues)? = try resolve(classValue, under: key + ".$class") {
            for (name, value) in zip(classKeys, classValues) {
                switch (plist.object(name), plist.object(value)) {
                case (.string("$classname"), .string(let text)): className = text
                case (.string("$classes"), .array(let list)):
                    // A class list is short; a hostile one is cut, not read whole.
                    classes = list.prefix(64).compactMap { if case .string(let text) = plist.object($0) { return text }; return nil }
                default: break
                }
            }
        }
        return Instance(keys: table, className: className, classes: classes)
    }

    // MARK: - Typed values of an instance

    /// The number under `key` (a double, integer or boolean, inline or as an NSNumber), or nil
    /// when absent or not a number.
    func number(_ key: String, of instance: Instance) throws -> Double? {
        guard let value = instance.keys[key] else { return nil }
        switch try resolve(value, under: key) {
        case .real(let number)?: return number
        case .integer(let number)?: return Double(number)
        case .bool(let flag)?: return flag ? 1 : 0
        default: return nil
        }
    }

    /// The string under `key` (inline, or an NSString archived with `NS.string`).
    func string(_ key: String, of instance: Instance) throws -> String? {
        guard let value = instance.keys[key] else { return nil }
        switch try resolve(value, under: key) {
        case .string(let text)?: return text
        case .dictionary?:
            guard let object = try self.instance(at: value, under: key), let inner = object.keys["NS.string"],
                  case .string(let text)? = try resolve(inner, under: key + ".NS.string") else { return nil }
            return text
        default: return nil
        }
    }

    /// The bytes under `key` (inline data, or an NSData archived with `NS.data`).
    func data(_ key: String, of instance: Instance) throws -> [UInt8]? {
        guard let value = instance.keys[key] else { return nil }
        switch try resolve(value, under: key) {
        case .data(let bytes)?: return bytes
        case .dictionary?:
            guard let object = try self.instance(at: value, under: key), let inner = object.keys["NS.data"],
                  case .data(let bytes)? = try resolve(inner, under: key + ".NS.data") else { return nil }
            return bytes
        default: return nil
        }
    }

    /// The object under `key`, or nil.
    func object(_ key: String, of instance: Instance) throws -> Instance? {
        guard let value = instance.keys[key] else { return nil }
        return try self.instance(at: value, under: key)
    }

    /// A pair under `key`: a CGPoint, CGSize or CGVector as NSCoder's `encodeCGPoint:` and
    /// `encodeCGSize:` write it, the text "{x, y}", or an NSValue (`NS.pointval`, `NS.sizeval`).
    func pair(_ key: String, of instance: Instance) throws -> (Double, Double)? {
        if let text = try string(key, of: instance) { return Self.pair(text) }
        guard let value = try object(key, of: instance) else { return nil }
        for inner in ["NS.pointval", "NS.sizeval"] {
            if let text = try string(inner, of: value) { return Self.pair(text) }
        }
        return nil
    }

    /// "{x, y}" as two numbers (NSStringFromCGPoint's form), or nil.
    static func pair(_ text: String) -> (Double, Double)? {
        let parts = text.trimmingCharacters(in: CharacterSet(charactersIn: "{} ")).split(separator: ",")
        guard parts.count == 2, let x = Double(parts[0].trimmingCharacters(in: .whitespaces)),
              let y = Double(parts[1].trimmingCharacters(in: .whitespaces)) else { return nil }
        return (x, y)
    }

    /// The elements of the NSArray under `key` (`NS.objects`), each a plist object number to
    /// resolve, at most `limit` of them; nil when absent or not an array.
    func elements(_ key: String, of instance: Instance, limit: Int) throws -> (elements: [Int], total: Int)? {
        guard let value = instance.keys[key] else { return nil }
        switch try resolve(value, under: key) {
        case .array(let list)?: return (Array(list.prefix(limit)), list.count)
        case .dictionary?:
            guard let object = try self.instance(at: value, under: key), let inner = object.keys["NS.objects"],
                  case .array(let list) = plist.object(inner) else { return nil }
            return (Array(list.prefix(limit)), list.count)
        default: return nil
        }
    }

    /// An archived color as red, green, blue and alpha in 0…1: an NSColor (`NSColorSpace` 1 or
    /// 2 with `NSRGB`, 3 or 4 with `NSWhite`: the text "r g b a" or "w a" as bytes; a named
    /// color with its `NSColor` fallback) or a UIColor (`UIRed`, `UIGreen`, `UIBlue`, `UIAlpha`,
    /// or `UIWhite`); nil when it is none of them.
    func color(_ object: Instance, under key: String, depth: Int = 0) throws -> [Double]? {
        if let red = try number("UIRed", of: object) {
            return [red, try number("UIGreen", of: object) ?? 0, try number("UIBlue", of: object) ?? 0, try number("UIAlpha", of: object) ?? 1]
        }
        if let white = try number("UIWhite", of: object) { return [white, white, white, try number("UIAlpha", of: object) ?? 1] }
        func components(_ name: String) throws -> [Double]? {
            guard let bytes = try data(name, of: object) else { return nil }
            let text = String(decoding: bytes.prefix(256).prefix { $0 != 0 }, as: UTF8.self)
            let numbers = text.split(separator: " ").compactMap { Double($0) }
            return numbers.isEmpty ? nil : numbers
        }
        if let rgb = try components("NSRGB"), rgb.count >= 3 { return [rgb[0], rgb[1], rgb[2], rgb.count > 3 ? rgb[3] : 1] }
        if let white = try components("NSWhite") { return [white[0], white[0], white[0], white.count > 1 ? white[1] : 1] }
        // A catalog (named) color carries its value as an NSColor under `NSColor`: one step.
        if depth == 0, let fallback = try self.object("NSColor", of: object) { return try color(fallback, under: key, depth: 1) }
        return nil
    }
}
