import ArgumentParser
import FXCore
import FXEffects
import FXImport
import Foundation

struct New: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a new effect file: a small commented template, or a copy of an effect (--from).",
        discussion: """
            NAME.json is written in the current folder (or NAME itself, when it ends in .json), \
            with "$schema" pointing at the effect schema, so an editor completes and explains \
            the keys at once: a relative path to schema/fx-effect-v1.schema.json when a folder \
            above holds one (an fx checkout); elsewhere a file:// URL of the schema installed \
            with fx (PREFIX/lib/fx/schema, or the checkout fx was built in). An existing file \
            is never overwritten.

            Without --from the file is a minimal emitter with a "//" note; with --from it is a \
            copy of that effect (a name from `fx list` or a path) renamed NAME, and the textures \
            and font files it names are copied beside it, at the same relative paths.

            Examples:
              fx new sparkles                  write sparkles.json from the template
              fx new my-fire --from fire       copy the shipped fire effect
              fx new effects/rain.json --from rain
            """)

    @Argument(help: ArgumentHelp("The new effect's name (writes NAME.json here), or a path ending in .json.", valueName: "name"))
    var name: String

    @Option(help: ArgumentHelp("Copy this effect (a name from `fx list`, or a path) instead of the template.", valueName: "effect"))
    var from: String?

    func run() throws {
        let destination = name.hasSuffix(".json") ? name : name + ".json"
        let effectName = String(URL(fileURLWithPath: destination).lastPathComponent.dropLast(5))
        guard !effectName.isEmpty else {
            printError("fx: \"\(name)\" has no name before .json; give a name such as sparkles or effects/sparkles.json")
            throw ExitCode(1)
        }
        let folder = URL(fileURLWithPath: destination).deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            printError("fx: the folder \(folder.path) does not exist; create it first, or give another path")
            throw ExitCode(1)
        }
        if FileManager.default.fileExists(atPath: destination) {
            printError("fx: \(destination) already exists; fx new does not overwrite files: choose another name, or remove it first")
            throw ExitCode(1)
        }
        let schema = Self.schemaReference(from: folder)
        var copies: [(source: String, destination: String)] = []
        let text: String
        if let from {
            let source: String
            do {
                source = try EffectCatalog.standard().locate(from)
            } catch {
                printError("fx: \(error)")
                throw ExitCode(1)
            }
            (text, copies) = try copy(source, name: effectName, schema: schema, into: folder)
        } else {
            text = Self.template(name: effectName, schema: schema)
        }
        do {
            for copy in copies {
                let target = URL(fileURLWithPath: copy.destination)
                try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try FileManager.default.copyItem(atPath: copy.source, toPath: copy.destination)
            }
            try Data(text.utf8).write(to: URL(fileURLWithPath: destination), options: .withoutOverwriting)
        } catch {
            printError("fx: cannot write \(destination): \(error.localizedDescription)")
            throw ExitCode(1)
        }
        let origin = from.map { "a copy of \($0)" } ?? "the template"
        let copied = copies.isEmpty ? "" : ", with \(copies.count) file(s) it uses (\(copies.map { URL(fileURLWithPath: $0.destination).lastPathComponent }.joined(separator: ", ")))"
        print("fx: wrote \(destination) (\(origin)\(copied)); \"$schema\": \(schema)")
        print("    play it: fx \(destination)   check it: fx validate \(destination)")
    }

    /// The `"$schema"` value for a file in `folder` (as `fx import` writes it): a relative path
    /// to the schema of the checkout or project holding the folder, else a file URL of the
    /// schema installed with this fx.
    static func schemaReference(from folder: URL) -> String {
        EffectSchema.relativePath(from: folder)
    }

    /// Where the reference of every key is for whoever runs this fx: the `effect-format.md`
    /// installed beside it (tools/install puts it in PREFIX/lib/fx/docs) or in the checkout it
    /// was built in; nil when there is none.
    static var keyReference: String? {
        guard var folder = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent() else { return nil }
        for _ in 0...4 {
            let document = folder.appendingPathComponent("docs/effect-format.md")
            if FileManager.default.fileExists(atPath: document.path) { return document.standardizedFileURL.path }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
        return nil
    }

    /// The template: one emitter of sparks in the middle of the canvas, with a note saying where
    /// to read about the keys. Every key it writes is one a new user changes first.
    static func template(name: String, schema: String) -> String {
        let cell: [ImportedMember] = [
            ImportedMember(EmitterCellKeys.name, .string("spark")),
            ImportedMember(EmitterCellKeys.contents, .name(BuiltinTexture.circle)),
            ImportedMember(EmitterCellKeys.birthRate, .number(60)),
            ImportedMember(EmitterCellKeys.lifetime, .number(2)),
            ImportedMember(EmitterCellKeys.velocity, .number(120)),
            ImportedMember(EmitterCellKeys.velocityRange, .number(40)),
            ImportedMember(EmitterCellKeys.emissionLongitude, .string("-90deg")),
            ImportedMember(EmitterCellKeys.emissionRange, .string("60deg")),
            ImportedMember(EmitterCellKeys.yAcceleration, .number(60)),
            ImportedMember(EmitterCellKeys.scale, .number(0.15)),
            ImportedMember(EmitterCellKeys.scaleRange, .number(0.1)),
            ImportedMember(EmitterCellKeys.alphaSpeed, .number(-0.5)),
            ImportedMember(EmitterCellKeys.color, .string("#ffcc66")),
        ]
        let layer: [ImportedMember] = [
            ImportedMember(LayerKeys.type, .name(Layer.LayerType.emitter)),
            ImportedMember(LayerKeys.name, .string("emitter")),
            ImportedMember(EmitterLayerKeys.emitterPosition, .array([.number(400), .number(300)])),
            ImportedMember(EmitterLayerKeys.emitterShape, .name(EmitterProperties.Shape.point)),
            ImportedMember(EmitterLayerKeys.emitterCells, .array([.object(cell)])),
        ]
        let effect: [ImportedMember] = [
            ImportedMember(entry: EffectSchema.schemaKey, .string(schema)),
            ImportedMember(entry: EffectSchema.commentPrefix, .string("A new fx effect. Hover a key in an editor for its meaning, unit, default and Core Animation name; every key is described in \(keyReference ?? "the schema `fx schema` prints"). fx \(name).json plays it and reloads on save; fx validate \(name).json checks it.")),
            ImportedMember(EffectKeys.fx, .number(1)),
            ImportedMember(EffectKeys.name, .string(name)),
            ImportedMember(EffectKeys.description, .string("Sparks rising from the middle of the canvas")),
            ImportedMember(EffectKeys.canvas, .object([
                ImportedMember(CanvasKeys.size, .array([.number(800), .number(600)])),
                ImportedMember(CanvasKeys.background, .string("#101018")),
            ])),
            ImportedMember(EffectKeys.duration, .number(5)),
            ImportedMember(EffectKeys.layers, .array([.object(layer)])),
        ]
        return ImportedJSON.object(effect).serialized() + "\n"
    }

    /// The text of a copy of `source` named `name`, with `"$schema"` set, and the files it
    /// names by relative paths (textures, fonts) to copy beside it. A file already at a
    /// copy's place is left alone when it is the same, and stops the command when it differs.
    func copy(_ source: String, name: String, schema: String,
              into folder: URL) throws -> (String, [(source: String, destination: String)]) {
        guard let data = FileManager.default.contents(atPath: source) else {
            printError("fx: cannot read \(source)")
            throw ExitCode(1)
        }
        let bytes = [UInt8](data)
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            printError("fx: \(source) is not valid JSON (\(error)); fx validate \(source) says where")
            throw ExitCode(1)
        }
        guard case .object(let members) = root.value else {
            printError("fx: \(source) holds no effect (its top level is not an object)")
            throw ExitCode(1)
        }
        var edits: [(start: Int, end: Int, text: String)] = []
        func replace(_ node: JSONNode, with text: String) {
            guard let end = node.endOffset else { return }
            edits.append((node.location.offset, end, text))
        }
        if let existing = members.first(where: { $0.key == EffectSchema.schemaKey }) {
            replace(existing.value, with: JSONValue.quoted(schema))
        } else {
            let opening = root.location.offset + 1
            edits.append((opening, opening, "\n  \(JSONValue.quoted(EffectSchema.schemaKey)): \(JSONValue.quoted(schema)),"))
        }
        if let existing = members.first(where: { $0.key == EffectKeys.name.name }) {
            replace(existing.value, with: JSONValue.quoted(name))
        }
        // The files the effect names by paths relative to itself.
        let sourceFolder = URL(fileURLWithPath: source).deletingLastPathComponent()
        var copies: [(source: String, destination: String)] = []
        func use(_ node: JSONNode) throws {
            guard case .string(let path) = node.value, !path.hasPrefix("/") else { return }
            let original = sourceFolder.appendingPathComponent(path).standardizedFileURL.path
            guard FileManager.default.fileExists(atPath: original) else { return }
            if path.split(separator: "/").contains("..") {
                // Outside the effect's folder: referred to where it is rather than copied.
                replace(node, with: JSONValue.quoted(original))
                return
            }
            let target = folder.appendingPathComponent(path).standardizedFileURL.path
            guard !copies.contains(where: { $0.destination == target }) else { return }
            if FileManager.default.fileExists(atPath: target) {
                if FileManager.default.contentsEqual(atPath: target, andPath: original) { return }
                printError("fx: \(target) already exists and differs from \(original), which the copy needs; fx new does not overwrite files: copy into another folder")
                throw ExitCode(1)
            }
            copies.append((original, target))
        }
        if let textures = members.first(where: { $0.key == EffectKeys.textures.name }), case .object(let entries) = textures.value.value {
            for entry in entries {
                if case .object(let frame) = entry.value.value, let path = frame.first(where: { $0.key == AtlasFrameKeys.path.name }) {
                    try use(path.value)
                } else {
                    try use(entry.value)
                }
            }
        }
        func fonts(in node: JSONNode) throws {
            switch node.value {
            case .object(let members):
                for member in members {
                    if member.key == TextLayerKeys.font.name, case .string(let path) = member.value.value,
                       [".ttf", ".otf"].contains(where: { path.lowercased().hasSuffix($0) }) {
                        try use(member.value)
                    } else {
                        try fonts(in: member.value)
                    }
                }
            case .array(let elements):
                for element in elements { try fonts(in: element) }
            default: break
            }
        }
        try fonts(in: root)
        var result = bytes
        for edit in edits.sorted(by: { $0.start > $1.start }) {
            result.replaceSubrange(edit.start..<edit.end, with: Array(edit.text.utf8))
        }
        return (String(decoding: result, as: UTF8.self), copies)
    }
}
