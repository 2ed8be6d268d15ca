import FXCore
import Foundation

/// The translation of a Godot scene (or a `.tres` process material) into an fx effect: every
/// `CPUParticles2D`, `Particles2D` and `GPUParticles2D` node becomes an emitter layer
/// (``GodotEmitterMapping``), placed where its node is — its parents' positions, rotations and
/// scales accumulated — with the group centred on the canvas.
struct GodotMapping {
    let source: ImportSource
    let document: GodotDocument
    let name: String
    var warnings: [ImportWarning] = []

    /// The particle node types read, and the 3D ones warned.
    static let emitterTypes: Set<String> = ["CPUParticles2D", "Particles2D", "GPUParticles2D"]
    static let threeDimensionalTypes: Set<String> = ["CPUParticles", "Particles", "CPUParticles3D", "GPUParticles3D"]
    /// Node types whose children are not placed relative to them (a plain `Node` or a
    /// `CanvasLayer` has no 2D transform to pass on).
    static let transformBarriers: Set<String> = ["Node", "CanvasLayer", "Viewport", "SubViewport", "Window"]

    /// The least canvas side, and how far beyond the emitters' reach it extends.
    static let canvasSize = 600.0

    init(source: ImportSource, document: GodotDocument, name: String) {
        self.source = source
        self.document = document
        self.name = name
    }

    mutating func warn(_ key: String, line: Int, _ message: String) {
        warnings.append(ImportWarning(file: source.path, line: line, key: key, message: message))
    }

    /// Reads a node attribute or key as a vector, refusing what is not one.
    func vector(_ property: GodotProperty) throws -> (Double, Double) {
        guard let numbers = property.value.numbers, numbers.count >= 2, numbers[0].isFinite, numbers[1].isFinite else {
            throw ImportError.malformedAt(path: source.path, line: property.line, column: property.column,
                                          message: "\(property.key): expected Vector2(x, y) with finite numbers, found \(GodotParticles.describe(property.value))")
        }
        return (numbers[0], numbers[1])
    }

    func scalar(_ property: GodotProperty) throws -> Double {
        guard let number = property.value.number, number.isFinite else {
            throw ImportError.malformedAt(path: source.path, line: property.line, column: property.column,
                                          message: "\(property.key): expected a finite number, found \(GodotParticles.describe(property.value))")
        }
        return number
    }

    /// A node's own transform: translate(position) · rotate(rotation) · scale(scale).
    func localTransform(_ node: GodotSection) throws -> GodotTransform {
        let position = try node.property("position").map(vector) ?? (0, 0)
        var rotation = try node.property("rotation").map(scalar) ?? 0
        if let degrees = node.property("rotation_degrees") { rotation = try scalar(degrees) * .pi / 180 }
        let scale = try node.property("scale").map(vector) ?? (1, 1)
        return GodotTransform(position: position, rotation: rotation, scale: scale)
    }

    /// One node as the scene tree knows it.
    struct Placed {
        var transform: GodotTransform
        var modulate: [Double]
        var passesTransform: Bool
    }

    mutating func run() throws -> ImportResult {
        var emitters: [(particles: GodotParticles, transform: GodotTransform, modulate: [Double])] = []
        if document.header.tag == "gd_resource" {
            emitters = try resourceEmitter()
        } else {
            emitters = try sceneEmitters()
        }
        guard !emitters.isEmpty else {
            throw ImportError.malformedAt(path: source.path, line: document.header.line, column: document.header.column,
                                          message: "no CPUParticles2D, Particles2D or GPUParticles2D node in this \(document.header.tag == "gd_resource" ? "resource (a .tres fx imports holds a ParticlesMaterial or ParticleProcessMaterial)" : "scene"); fx imports Godot's 2D particle nodes")
        }

        var layers: [[ImportedMember]] = []
        var positions: [(Double, Double)] = []
        var textures: [ImportedMember] = []
        var files: [ImportedFile] = []
        var longest = 0.0, reach = 0.0
        var allOneShot = true
        var usedNames: [String: Int] = [:]
        for emitter in emitters {
            var layerName = (emitter.particles.node.attribute("name")?.text ?? "particles").replacingOccurrences(of: ".", with: "-")
            if layerName.isEmpty { layerName = "particles" }
            usedNames[layerName, default: 0] += 1
            if let count = usedNames[layerName], count > 1 { layerName += "-\(count)" }
            var mapping = GodotEmitterMapping(particles: emitter.particles, source: source, layerName: layerName,
                                              transform: emitter.transform, modulate: emitter.modulate, effectName: name)
            mapping.textures = textures
            let layer = try mapping.layer()
            textures = mapping.textures
            files += mapping.files.filter { file in !files.contains { $0.relativePath == file.relativePath } }
            warnings += mapping.warnings
            layers.append(layer)
            let offset = emitter.transform.direction(mapping.shapeOffset.0, mapping.shapeOffset.1)
            positions.append((emitter.transform.tx + offset.x, emitter.transform.ty + offset.y))
            longest = max(longest, mapping.longestLife)
            reach = max(reach, mapping.reach)
            allOneShot = allOneShot && mapping.isOneShot
        }

        // The emitters keep their offsets from one another; the group is centred on the canvas,
        // which holds them and (up to 400 points of) their particles' reach.
        let xs = positions.map(\.0), ys = positions.map(\.1)
        let minX = xs.min() ?? 0, maxX = xs.max() ?? 0, minY = ys.min() ?? 0, maxY = ys.max() ?? 0
        let margin = min(reach, 400) + 50
        func side(_ extent: Double) -> Double { max(Self.canvasSize, min(((extent + 2 * margin) / 100).rounded(.up) * 100, 8000)) }
        let width = side(maxX - minX), height = side(maxY - minY)
        for index in layers.indices {
            let x = positions[index].0 - (minX + maxX) / 2 + width / 2, y = positions[index].1 - (minY + maxY) / 2 + height / 2
            layers[index].insert(ImportedMember(EmitterLayerKeys.emitterPosition, .array([.number((x * 1000).rounded() / 1000), .number((y * 1000).rounded() / 1000)])), at: 2)
        }

        let duration = min(max(allOneShot ? 1 : 5, (2 * longest).rounded(.up)), 86_400)
        var effect: [ImportedMember] = [
            ImportedMember(EffectKeys.fx, .number(1)),
            ImportedMember(EffectKeys.name, .string(name)),
            ImportedMember(EffectKeys.description, .string("\(name): \(layers.count) Godot \(document.isGodot4 ? "4" : "3") particle emitter\(layers.count == 1 ? "" : "s"), imported")),
            // Godot's default clear color, Color(0.3, 0.3, 0.3).
            ImportedMember(EffectKeys.canvas, .object([
                ImportedMember(CanvasKeys.size, .array([.number(width), .number(height)])),
                ImportedMember(CanvasKeys.background, .string("#4D4D4D")),
            ])),
            ImportedMember(EffectKeys.duration, .number(duration)),
            ImportedMember(EffectKeys.loop, .bool(true)),
        ]
        if !textures.isEmpty { effect.append(ImportedMember(EffectKeys.textures, .object(textures))) }
        effect.append(ImportedMember(EffectKeys.layers, .array(layers.map { .object($0) })))
        warnings.sort { ($0.line, $0.key) < ($1.line, $1.key) }
        return ImportResult(effect: .object(effect), warnings: warnings, files: files)
    }

    /// The particle nodes of a scene with their global transforms and modulation.
    mutating func sceneEmitters() throws -> [(particles: GodotParticles, transform: GodotTransform, modulate: [Double])] {
        var placed: [String: Placed] = [:]
        var emitters: [(particles: GodotParticles, transform: GodotTransform, modulate: [Double])] = []
        for node in document.nodes {
            let nodeName = node.attribute("name")?.text ?? ""
            let parentPath = node.attribute("parent")?.text
            let path: String
            var parent = Placed(transform: .identity, modulate: [1, 1, 1, 1], passesTransform: true)
            if let parentPath {
                path = parentPath == "." ? nodeName : parentPath + "/" + nodeName
                if let found = placed[parentPath] {
                    parent = found
                } else {
                    warn("parent", line: node.line, "\"\(parentPath)\" names no node before this one; \(nodeName) is placed as a child of the scene's root")
                    parent = placed["."] ?? parent
                }
            } else {
                path = "."
            }
            let type = node.type
            let local = try localTransform(node)
            var transform = parent.passesTransform ? parent.transform.concatenating(local) : local
            if type.map(Self.transformBarriers.contains) == true { transform = .identity }
            var modulate = parent.modulate
            if let own = node.property("modulate"), let numbers = own.value.numbers, numbers.count >= 4 {
                modulate = zip(modulate, numbers.prefix(4)).map { $0 * ($1.isFinite ? $1 : 1) }
            }
            placed[path] = Placed(transform: transform, modulate: modulate, passesTransform: type.map(Self.transformBarriers.contains) != true)
            if placed.count > 100_000 { break }

            if node.attribute("instance") != nil && type == nil {
                warn("instance", line: node.line, "\(nodeName) is an instance of another scene; fx reads this file only — import that scene too")
                continue
            }
            guard let type else { continue }
            if Self.threeDimensionalTypes.contains(type) {
                warn(type, line: node.line, "dropped: \(nodeName) is a 3D particle node; fx imports Godot's 2D particles")
                continue
            }
            guard Self.emitterTypes.contains(type) else { continue }
            guard [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty].allSatisfy({ $0.isFinite && abs($0) < 1e9 }) else {
                throw ImportError.malformedAt(path: source.path, line: node.line, column: node.column,
                                              message: "\(nodeName): its position, rotation and scale with its parents' come to more than 1e9 points or times; fx places emitters on a canvas of at most 8192 points")
            }
            var ownModulate = modulate
            if let own = node.property("self_modulate"), let numbers = own.value.numbers, numbers.count >= 4 {
                ownModulate = zip(ownModulate, numbers.prefix(4)).map { $0 * ($1.isFinite ? $1 : 1) }
            }
            emitters.append((try particles(node), transform, ownModulate))
        }
        return emitters
    }

    /// A node's particles with its process material (a sub-resource, or a `.tres` beside).
    mutating func particles(_ node: GodotSection) throws -> GodotParticles {
        guard node.type != "CPUParticles2D", let property = node.property("process_material"), property.value != .null else {
            if node.type != "CPUParticles2D" {
                warn("process_material", line: node.line, "\(node.attribute("name")?.text ?? "the node") has no process material: Godot draws nothing; fx uses the material's defaults")
            }
            return GodotParticles(document: document, path: source.path, node: node, material: node.type == "CPUParticles2D" ? nil : GodotSection(tag: "sub_resource", attributes: [], line: node.line, column: node.column, properties: []))
        }
        if property.value.constructorName == "ExtResource", let id = property.value.resourceID {
            guard let resource = document.externalResources[id] else {
                throw ImportError.malformedAt(path: source.path, line: property.line, column: property.column, message: "process_material: no [ext_resource … id=\(id)] in the file; Godot would not load it")
            }
            let resourcePath = resource.attribute("path")?.text ?? ""
            let relative = resourcePath.hasPrefix("res://") ? String(resourcePath.dropFirst(6)) : resourcePath
            var candidates: [URL] = []
            if let root = GodotEmitterMapping.projectRoot(from: source.folder) { candidates.append(root.appendingPathComponent(relative)) }
            candidates.append(source.folder.appendingPathComponent((relative as NSString).lastPathComponent))
            for url in candidates where !relative.isEmpty && !relative.split(separator: "/").contains("..") {
                guard let data = ImportSource.sibling(url) else { continue }
                let materialSource = ImportSource(path: url.path, data: data)
                let materialDocument = try GodotTextParser.parse(materialSource)
                if let section = materialDocument.sections.first(where: { $0.tag == "resource" }) {
                    return GodotParticles(document: document, path: source.path, node: node, material: section,
                                          materialDocument: materialDocument, materialPath: url.path)
                }
            }
            warn("process_material", line: property.line, "\(resourcePath) is not beside the scene or in its Godot project; the material's defaults are used")
            return GodotParticles(document: document, path: source.path, node: node, material: GodotSection(tag: "resource", attributes: [], line: property.line, column: property.column, properties: []))
        }
        guard let material = try GodotParticles(document: document, path: source.path, node: node, material: nil)
            .resource(property, want: ["ParticlesMaterial", "ParticleProcessMaterial"], inNode: true) else {
            throw ImportError.malformedAt(path: source.path, line: property.line, column: property.column,
                                          message: "process_material: expected a ParticlesMaterial (Godot 3) or ParticleProcessMaterial (Godot 4); a ShaderMaterial's particle shader fx cannot run")
        }
        return GodotParticles(document: document, path: source.path, node: node, material: material)
    }

    /// A `.tres` holding a process material: one emitter with Godot's node defaults.
    mutating func resourceEmitter() throws -> [(particles: GodotParticles, transform: GodotTransform, modulate: [Double])] {
        let type = document.header.type ?? ""
        guard type == "ParticlesMaterial" || type == "ParticleProcessMaterial",
              let resource = document.sections.first(where: { $0.tag == "resource" }) else { return [] }
        warn(type, line: document.header.line, "a process material alone: the node's keys are Godot's defaults (amount 8, lifetime 1 s, no texture)")
        let node = GodotSection(tag: "node", attributes: [("name", .string(source.layerName)), ("type", .string(document.isGodot4 ? "GPUParticles2D" : "Particles2D"))],
                                line: document.header.line, column: document.header.column, properties: [])
        return [(GodotParticles(document: document, path: source.path, node: node, material: resource), .identity, [1, 1, 1, 1])]
    }
}
