import FXCore
import Foundation

/// Turns a CAML document into an fx effect. fx's keys are Core Animation's names, so an
/// attribute goes across under the property the registry says mirrors it
/// (`PropertyRegistry.property(mirroring:among:)`), converted by that property's form; what fx
/// has no property for is warned and dropped, and the tool leftovers of CAML writers (`<hash>`,
/// `description` strings, `mica_*` attributes) are passed over quietly. The effect is then
/// decoded as fx will load it, and a part fx refuses is dropped with a warning at its line
/// instead of failing the import (see ``repaired(_:)``).
struct CAMLMapping {
    let source: ImportSource
    /// The document as warnings name it (`Orbit.ca/main.caml`).
    let file: String
    /// The folder `src` paths are relative to.
    let bundle: URL
    let name: String
    var notes = CAMLNotes()
    var files: [ImportedFile] = []
    var textures: [ImportedMember] = []
    var textureNames: [String: String] = [:]
    var usedTextureNames: Set<String> = []
    var usedLayerNames: Set<String> = []
    var usedFileNames: Set<String> = []
    /// Where animations and particle lives end, for the effect's duration.
    var animationEnd = 0.0
    var longestLife = 0.0
    /// Every layer read, in document order; a layer refers to its sublayers and mask by index.
    var layers: [CAMLLayer] = []
    /// The `<states>` and `<stateTransitions>` elements met, for ``applyStates()``.
    var stateElements: [CAMLElement] = []
    var transitionElements: [CAMLElement] = []

    init(source: ImportSource, name: String) {
        self.source = source
        self.name = name
        if source.isBundle {
            file = URL(fileURLWithPath: source.path).appendingPathComponent(ImportSource.bundleDocument).path
            bundle = URL(fileURLWithPath: source.path)
        } else {
            file = source.path
            bundle = source.folder
        }
    }

    // MARK: - Markers

    /// Members of an object that are not part of the effect: where its parts come from, for
    /// the warnings of ``repaired(_:)``. Removed before the effect is written.
    static let lineMarker = "\u{1}line"
    static let labelMarker = "\u{1}label"
    static let linesMarker = "\u{1}lines"

    /// An object's marker members: its own line and label, and the line of each member.
    static func markers(line: Int, label: String, memberLines: [String: Int] = [:]) -> [ImportedMember] {
        var result = [ImportedMember(entry: lineMarker, .number(Double(line))), ImportedMember(entry: labelMarker, .string(label))]
        if !memberLines.isEmpty {
            result.append(ImportedMember(entry: linesMarker, .object(memberLines.sorted { $0.key < $1.key }.map { ImportedMember(entry: $0.key, .number(Double($0.value))) })))
        }
        return result
    }

    // MARK: - The effect

    mutating func run() throws -> ImportResult {
        let document = try CAMLParser.parse(source.data, file: file)
        guard document.name == "caml" else {
            throw ImportError.malformedAt(path: file, line: document.line, column: document.column,
                                          message: "the root element is <\(document.name)>, not <caml xmlns=\"http://www.apple.com/CoreAnimation/1.0\">: not a CAML document")
        }
        guard let rootElement = document.children.first else {
            throw ImportError.malformedAt(path: file, line: document.line, column: document.column, message: "the <caml> element holds no object: there is no layer to import")
        }
        guard Self.layerType(of: rootElement.name) != nil else {
            throw ImportError.malformedAt(path: file, line: rootElement.line, column: rootElement.column,
                                          message: "the document's object is a \(rootElement.name), not a layer (CALayer, CAEmitterLayer, …): there is nothing fx can show")
        }
        for extra in document.children.dropFirst() {
            notes.warn(extra.name, "a <caml> element holds one object; this second one is not imported", line: extra.line)
        }
        let root = layer(rootElement, depth: 0)
        applyStates()

        // The canvas is the root layer's bounds, the root filling it.
        var width = 390.0, height = 844.0
        if let bounds = layers[root].value(LayerKeys.bounds)?.items.compactMap(\.number), bounds.count == 4, bounds[2] > 0, bounds[3] > 0 {
            width = bounds[2]
            height = bounds[3]
        } else {
            notes.warn(LayerKeys.bounds.name, "the root layer has no size: the canvas is an iPhone's screen, 390 × 844 points", line: rootElement.line)
            layers[root].set(LayerKeys.bounds, .array([0, 0, width, height].map { .number($0) }), line: rootElement.line)
        }
        let anchor = layers[root].value(LayerKeys.anchorPoint)?.items.compactMap(\.number) ?? [0.5, 0.5]
        let filling = [anchor.first ?? 0.5, anchor.last ?? 0.5].enumerated().map { $0.element * ($0.offset == 0 ? width : height) }
        let written = layers[root].value(LayerKeys.position)?.items.compactMap(\.number)
        if let written, written.count == 2, abs(written[0] - filling[0]) > 0.5 || abs(written[1] - filling[1]) > 0.5 {
            notes.warn(LayerKeys.position.name, "the root layer is placed to fill the canvas: its position (\(ImportedJSON.text(of: written[0])), \(ImportedJSON.text(of: written[1]))) is replaced by (\(ImportedJSON.text(of: filling[0])), \(ImportedJSON.text(of: filling[1])))",
                       line: layers[root].lines[LayerKeys.position.name] ?? rootElement.line)
        }
        layers[root].set(LayerKeys.position, .array(filling.map { .number($0) }), line: rootElement.line)
        // A plain root's background is the canvas's: the root layer filling the canvas draws
        // nothing else, so the image is the same, and an exported effect's background comes
        // back where it was.
        var background = ImportedJSON.string("#000000")
        let plain: Set<String> = [LayerKeys.bounds.name, LayerKeys.position.name, LayerKeys.anchorPoint.name, LayerKeys.backgroundColor.name, LayerKeys.zPosition.name]
        if layers[root].type == .layer, layers[root].mask == nil, layers[root].animations.isEmpty,
           layers[root].members.allSatisfy({ plain.contains($0.key) }), let color = layers[root].value(LayerKeys.backgroundColor) {
            background = color
            layers[root].members.removeAll { $0.key == LayerKeys.backgroundColor.name }
        }

        let rootJSON = layerJSON(root)
        let duration = min(600, max(5, (2 * longestLife).rounded(.up), animationEnd.rounded(.up)))
        var effect: [ImportedMember] = [
            ImportedMember(EffectKeys.fx, .number(1)),
            ImportedMember(EffectKeys.name, .string(name)),
            ImportedMember(EffectKeys.description, .string("\(name): a Core Animation document (\(URL(fileURLWithPath: source.path).lastPathComponent)), imported")),
            ImportedMember(EffectKeys.canvas, .object([
                ImportedMember(CanvasKeys.size, .array([.number(width), .number(height)])),
                ImportedMember(CanvasKeys.background, background),
            ])),
            ImportedMember(EffectKeys.duration, .number(duration)),
            ImportedMember(EffectKeys.loop, .bool(true)),
        ]
        if !textures.isEmpty { effect.append(ImportedMember(EffectKeys.textures, .object(textures))) }
        effect.append(ImportedMember(EffectKeys.layers, .array([rootJSON])))
        let marked = ImportedJSON.object(effect)
        let clean = try repaired(marked)
        return ImportResult(effect: clean, warnings: notes.warnings(file: file), files: files)
    }

    // MARK: - Classes

    /// The fx layer type of a Core Animation layer class, or nil when `name` is not a layer.
    static func layerType(of name: String) -> Layer.LayerType? {
        switch name {
        case "CALayer", "CATransformLayer": return .layer
        case "CAEmitterLayer": return .emitter
        case "CAReplicatorLayer": return .replicator
        case "CAGradientLayer": return .gradient
        case "CAShapeLayer": return .shape
        case "CATextLayer": return .text
        default: return name.hasPrefix("CA") && name.hasSuffix("Layer") ? .layer : nil
        }
    }

    /// The registry's owners of a layer of `type`'s properties, its type's first.
    static func owners(of type: Layer.LayerType) -> [PropertyOwner] {
        (PropertyOwner.layer(type).map { [$0] } ?? []) + [.layer, .mediaTiming]
    }

    /// The property of `owners` that mirrors the CAML attribute `name` (`hidden` is
    /// `CALayer.isHidden`, `type` on a gradient is `CAGradientLayer.type`).
    static func descriptor(_ name: String, among owners: [PropertyOwner]) -> PropertyDescriptor? {
        if let found = PropertyRegistry.property(mirroring: name, among: owners) { return found }
        guard let first = name.first else { return nil }
        return PropertyRegistry.property(mirroring: "is" + first.uppercased() + name.dropFirst(), among: owners)
    }

    /// Attributes and elements CAML writers add that are not Core Animation properties, or
    /// properties with nothing to show: passed over without a warning.
    static let leftovers: Set<String> = [
        "id", "locked", "autoresizingMask", "description", "debugDescription", "hash", "delegate", "scriptComponents",
        "scriptObject", "animationType", "modules", "wallpaperFloatingAssetNames", "class", "xmlns", "allowsGroupOpacity",
        "allowsEdgeAntialiasing", "contentsFormat", "contentsScale", "rasterizationScale", "shouldRasterize",
        "needsDisplayOnBoundsChange", "drawsAsynchronously", "opaque", "edgeAntialiasingMask", "actions", "style",
        "layoutManager", "constraints", "needsLayoutOnGeometryChange", "wantsExtendedDynamicRangeContent", "toneMapMode",
    ]

    static func isLeftover(_ name: String) -> Bool {
        leftovers.contains(name) || name.hasPrefix("mica_") || name.hasPrefix("xmlns")
    }

    /// Properties of Core Animation layers fx has no key for, and what fx does instead.
    static let layerGaps: [String: String] = [
        "geometryFlipped": "fx has no flipped geometry (it is y-down): the sublayers are placed mirrored, as Core Animation places them — positions, anchor points, turns and moves along y, their animations, emitters' positions and directions — but paths, gradient points and other y values inside them are not mirrored",
        "cornerCurve": "fx rounds corners with circular arcs; Core Animation's continuous curve is a little softer",
        "maskedCorners": "fx rounds all four corners",
        "doubleSided": "fx draws both sides of a layer",
        "contentsCenter": "fx stretches the whole image, not a nine-part slice",
        "minificationFilter": "fx filters images smoothly",
        "magnificationFilter": "fx filters images smoothly",
        "minificationFilterBias": "fx filters images smoothly",
        "compositingFilter": "fx composites layers source-over (emitter layers take screen and multiply)",
        "filters": "fx has no Core Image filters on layers",
        "backgroundFilters": "fx has no Core Image filters on layers",
        "contentsMultiplyColor": "fx draws images in their own colors",
        "contentsGravity": "this layer has no image",
        "wrapped": "fx breaks lines only at line breaks in the string",
        "truncationMode": "fx does not truncate text",
    ]
}

/// One layer read from a CAML document, before it is written as JSON: its members (by
/// registry key, in order, each with the line it came from), sublayers and mask (indices into
/// ``CAMLMapping/layers``), animations and the id states refer to it by.
struct CAMLLayer {
    var type: Layer.LayerType
    var className: String
    var line: Int
    var id: String?
    var name: String?
    var members: [ImportedMember] = []
    var lines: [String: Int] = [:]
    var sublayers: [Int] = []
    var mask: Int?
    var animations: [ImportedJSON] = []

    func value(_ key: PropertyDescriptor) -> ImportedJSON? {
        members.first { $0.key == key.name }?.value
    }

    mutating func set(_ key: PropertyDescriptor, _ value: ImportedJSON, line: Int) {
        set(key.name, value, line: line)
    }

    mutating func set(_ key: String, _ value: ImportedJSON, line: Int) {
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            members.append(ImportedMember(entry: key, value))
        }
        lines[key] = line
    }
}

/// The warnings of an import, one per key and message: the same approximation on many lines
/// (a `cornerCurve` on every layer) is said once, at its first line, naming the others.
struct CAMLNotes {
    private var order: [String] = []
    private var entries: [String: (key: String, message: String, lines: [Int])] = [:]

    mutating func warn(_ key: String, _ message: String, line: Int) {
        let id = key + "\u{0}" + message
        if entries[id] == nil {
            order.append(id)
            entries[id] = (key, message, [line])
        } else if entries[id]!.lines.count < 1000, !entries[id]!.lines.contains(line) {
            entries[id]!.lines.append(line)
        }
    }

    /// The most warnings listed: past it, one more says how many were left out.
    static let maxWarnings = 500

    func warnings(file: String) -> [ImportWarning] {
        var result = order.prefix(Self.maxWarnings).compactMap { entries[$0] }.map { entry in
            var message = entry.message
            if entry.lines.count > 1 {
                let others = entry.lines.dropFirst()
                message += " (also line\(others.count == 1 ? "" : "s") \(others.prefix(8).map(String.init).joined(separator: ", "))\(others.count > 8 ? ", …" : ""))"
            }
            return ImportWarning(file: file, line: entry.lines[0], key: entry.key, message: message)
        }.sorted { $0.line < $1.line }
        if order.count > Self.maxWarnings, let next = entries[order[Self.maxWarnings]] {
            result.append(ImportWarning(file: file, line: next.lines[0], key: next.key,
                                        message: "and \(order.count - Self.maxWarnings) more warnings, not listed (the first \(Self.maxWarnings) are)"))
        }
        return result
    }
}
