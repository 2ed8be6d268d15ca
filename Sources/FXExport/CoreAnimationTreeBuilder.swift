import FXCore

/// Makes the ``CoreAnimationDocument`` of an effect: walks the decoded effect through the
/// property registry, sets each Core Animation property that differs from Core Animation's
/// default (fx's defaults are Core Animation's), and approximates or drops fx's own keys with a
/// warning that names the key's line in the effect file.
///
/// The effect file's JSON is walked beside the decoded model (layer by layer, cell by cell, in
/// the same order), so that a warning can say where the key is written, and so that an fx key
/// is reported only where the file writes it.
struct CoreAnimationTreeBuilder {
    let document: EffectDocument
    let format: ExportFormat
    let platform: ExportPlatform
    private(set) var warnings: [ExportWarning] = []
    /// Every image used, once each, in first-use order.
    private(set) var images: [CoreAnimationImage] = []
    /// Variable names given so far, so that each is unique.
    private var usedNames: Set<String> = ["rootLayer"]
    /// The effect file's JSON (nil when it does not parse, which a loaded document's always does).
    private let json: JSONNode?

    init(document: EffectDocument, format: ExportFormat, platform: ExportPlatform) {
        self.document = document
        self.format = format
        self.platform = platform
        json = try? JSONParser.parse(document.bytes)
    }

    /// Whether the format can write Core Animation's `CAEmitterBehavior`s (CAML can; in code
    /// the class is not public API).
    var writesEmitterBehaviors: Bool { format == .caml }

    mutating func build() -> CoreAnimationDocument {
        let effect = document.effect
        let top = JSONObject(json)
        var root = CoreAnimationObject(className: "CALayer", variableName: "rootLayer")
        let size = effect.canvas.size
        root.properties.append(CoreAnimationProperty(name: LayerKeys.bounds.name, value: .rect(x: 0, y: 0, width: size.width, height: size.height)))
        root.properties.append(CoreAnimationProperty(name: LayerKeys.position.name, value: .point(x: size.width / 2, y: size.height / 2)))
        root.properties.append(CoreAnimationProperty(name: LayerKeys.backgroundColor.name, value: .color(effect.canvas.background)))
        // A `.ca` document is the same for both platforms (its readers place it themselves).
        if platform == .macos && format != .caml {
            root.properties.append(CoreAnimationProperty(name: "geometryFlipped", swiftName: "isGeometryFlipped", value: .bool(true),
                                                         comment: "y points down, as in fx and on iOS"))
        }
        root.comments.append("The canvas: \(Self.text(size.width)) × \(Self.text(size.height)) points.")
        let layerNodes = top.array(EffectKeys.layers.name)
        var layers: [CoreAnimationObject] = []
        for (index, layer) in effect.layers.enumerated() {
            layers.append(layerObject(layer, json: JSONObject(index < layerNodes.count ? layerNodes[index] : nil),
                                      path: layer.uniqueName ?? layer.name ?? "layers[\(index)]"))
        }
        root.children[.sublayers] = layers
        topLevelKeys(top)
        // In the file's order, as a compiler lists its diagnostics.
        warnings = warnings.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element)
        return CoreAnimationDocument(effectName: effect.name, summary: effect.description, root: root,
                                     canvasSize: size, platform: platform, images: images)
    }

    /// The effect's own top-level keys Core Animation has no place for.
    private mutating func topLevelKeys(_ top: JSONObject) {
        if let member = top.member(EffectKeys.stepRate.name) {
            warn(EffectKeys.stepRate.name, at: member, "dropped: Core Animation's simulation has no step rate")
        }
        if let member = top.member(EffectKeys.maxParticles.name) {
            warn(EffectKeys.maxParticles.name, at: member, "dropped: Core Animation has no particle budget")
        }
    }

    // MARK: - Warnings

    /// Records that `key` (a key path in the effect) was approximated or dropped.
    mutating func warn(_ key: String, at member: JSONMember?, _ message: String) {
        warnings.append(ExportWarning(file: document.file, line: member?.keyLocation.line ?? 1, key: key, message: message))
    }

    // MARK: - Names

    /// A unique variable name from `name` (a layer's, cell's or animation's) and `suffix`
    /// (`Layer`, `Cell`, `Animation`): `red sparks` → `redSparksCell`.
    mutating func variableName(_ name: String?, suffix: String, fallback: String) -> String {
        var base = CoreAnimationDocument.upperCamelCase(name ?? fallback)
        if name == nil || base == "Effect" { base = CoreAnimationDocument.upperCamelCase(fallback) }
        base = base.prefix(1).lowercased() + base.dropFirst()
        if !base.lowercased().hasSuffix(suffix.lowercased()) { base += suffix }
        var candidate = base
        var counter = 2
        while usedNames.contains(candidate) || Self.reservedWords.contains(candidate) {
            candidate = base + String(counter)
            counter += 1
        }
        usedNames.insert(candidate)
        return candidate
    }

    private static let reservedWords: Set<String> = ["layer", "self", "super", "default", "case", "in", "is", "as", "class", "id"]

    /// Notes an image as used.
    mutating func use(_ image: CoreAnimationImage) {
        if !images.contains(image) { images.append(image) }
    }

    /// A number as a comment writes it.
    static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

/// One object of the effect file's JSON, looked up by key (an absent object answers nothing).
struct JSONObject {
    let members: [JSONMember]

    init(_ node: JSONNode?) {
        if case .object(let members)? = node?.value { self.members = members } else { members = [] }
    }

    func member(_ key: String) -> JSONMember? { members.first { $0.key == key } }

    func node(_ key: String) -> JSONNode? { member(key)?.value }

    func array(_ key: String) -> [JSONNode] {
        if case .array(let nodes)? = node(key)?.value { return nodes }
        return []
    }
}
