import FXCore

/// The body of an exported function: the tree walked layer by layer — each object made, its
/// properties set in the builder's order, then its cells, its sublayers, its mask and its
/// animations, each added to it once it is complete. ``SourceLanguage`` spells each statement.
struct SourceCodeBody<Language: SourceLanguage> {
    /// The statements so far, one a line, without indentation.
    private(set) var lines: [String] = []
    /// Every variable name in use (the tree's and the temporaries').
    private var usedNames: Set<String>
    /// Lines a value needs before the statement using it (a path drawn, a transform chained).
    private var before: [String] = []
    /// Lines after the statement using a value (Objective-C releases a path).
    private var after: [String] = []
    /// The platform the code is written for.
    let platform: ExportPlatform
    /// The built-in textures the code draws, in first-use order.
    private(set) var textures: [BuiltinTexture] = []
    /// The file's helper functions the code calls (besides the texture helper).
    private(set) var helpers: Set<String> = []

    /// The body of `document`'s function; `reserved` are names the file uses besides the
    /// tree's (helper functions).
    init(document: CoreAnimationDocument, reserved: Set<String>) {
        platform = document.platform
        var names = reserved
        Self.collectNames(document.root, into: &names)
        usedNames = names
    }

    private static func collectNames(_ object: CoreAnimationObject, into names: inout Set<String>) {
        names.insert(object.variableName)
        for relation in CoreAnimationRelation.allCases { for child in object.children(relation) { collectNames(child, into: &names) } }
        for mask in object.mask { collectNames(mask, into: &names) }
        for (_, animation) in object.animations { collectNames(animation, into: &names) }
    }

    /// A fresh variable name made from `base`.
    mutating func temporary(_ base: String) -> String {
        CodeText.unique(base, in: &usedNames)
    }

    /// Adds a line to run before the statement being written.
    mutating func addBefore(_ line: String) { before.append(line) }

    /// Adds a line to run after the statement being written.
    mutating func addAfter(_ line: String) { after.append(line) }

    /// Notes that the code draws `texture`.
    mutating func use(_ texture: BuiltinTexture) {
        if !textures.contains(texture) { textures.append(texture) }
    }

    /// Notes that the code calls the file's helper `name`.
    mutating func need(_ name: String) { helpers.insert(name) }

    /// Appends `line` with the lines its values need around it.
    private mutating func statement(_ line: String) {
        lines += before
        lines.append(line)
        lines += after
        before = []
        after = []
    }

    private mutating func blank() {
        if let last = lines.last, !last.isEmpty { lines.append("") }
    }

    /// The properties an animation's values are boxed in.
    static var boxedProperties: Set<String> { ["fromValue", "toValue", "byValue", "values"] }

    /// The classes that are animations.
    static func isAnimation(_ object: CoreAnimationObject) -> Bool {
        object.className.hasSuffix("Animation") || object.className == "CAAnimationGroup" || object.className == "CATransition"
    }

    /// Writes `object` and everything it holds. `addedToLayer`: an animation added to a layer
    /// with `add(_:forKey:)`, whose `beginTime` is in the layer's time, written from
    /// `CACurrentMediaTime()` (an animation of a group is timed in the group's).
    mutating func write(_ object: CoreAnimationObject, addedToLayer: Bool = false) {
        for comment in object.comments { lines += Language.comment(comment) }
        var keyPath: String?
        if ["CABasicAnimation", "CAKeyframeAnimation", "CASpringAnimation"].contains(object.className),
           case .string(let path)? = object.property("keyPath")?.value {
            keyPath = path
        }
        statement(Language.declaration(of: object, keyPath: keyPath))
        let variable = object.variableName
        let isAnimation = Self.isAnimation(object)
        for property in object.properties {
            if keyPath != nil, property.name == "keyPath" { continue }
            if let comment = property.comment { lines += Language.comment(comment) }
            if case .enumeration(let enumeration, _) = property.value, enumeration == .privateString {
                // Not public API: Core Animation reads it by key-value coding.
                lines += Language.comment("\(property.name) is not public API: set by key-value coding.")
                let text = Language.value(property.value, boxed: true, name: variable + CodeText.capitalized(property.name), body: &self)
                statement(Language.setValue(text, forKey: property.name, on: variable))
                continue
            }
            let boxed = isAnimation && Self.boxedProperties.contains(property.name)
            var text = Language.value(property.value, boxed: boxed, name: variable + CodeText.capitalized(property.name), body: &self)
            if addedToLayer, property.name == "beginTime", case .number(let time) = property.value, time.isFinite {
                let offset = Language.value(.number(abs(time)), boxed: false, name: variable, body: &self)
                text = time == 0 ? "CACurrentMediaTime()" : "CACurrentMediaTime() \(time < 0 ? "-" : "+") \(offset)"
            }
            statement(Language.assignment(variable, Language.name(of: property), text))
        }
        let cells = object.children(.emitterCells)
        if !cells.isEmpty {
            for cell in cells {
                blank()
                write(cell)
            }
            statement(Language.assignment(variable, "emitterCells", Language.list(cells.map(\.variableName))))
        }
        let grouped = object.children(.animations)
        if !grouped.isEmpty {
            for animation in grouped {
                blank()
                write(animation)
            }
            blank()
            statement(Language.assignment(variable, "animations", Language.list(grouped.map(\.variableName))))
        }
        for sublayer in object.children(.sublayers) {
            blank()
            write(sublayer)
            statement(Language.addSublayer(sublayer.variableName, to: variable))
        }
        for mask in object.mask {
            blank()
            write(mask)
            statement(Language.assignment(variable, "mask", mask.variableName))
        }
        for (key, animation) in object.animations {
            blank()
            write(animation, addedToLayer: true)
            statement(Language.add(animation.variableName, key: key, to: variable))
        }
    }
}
