import FXCore
import Foundation

/// The cell's texture, colors and blending, and the keys fx has no place for.
extension GodotEmitterMapping {
    // MARK: Texture

    /// The node's `texture`: an `ExtResource` whose `res://` path is looked up from the Godot
    /// project's root (the nearest folder above the file holding `project.godot`), then beside
    /// the file. Godot draws a particle as its texture at one pixel a texel, and without a
    /// texture as a 1 × 1 pixel square (`_update_mesh_texture`: `tex_size = Size2(1, 1)`).
    mutating func texture(_ cell: inout [ImportedMember], _ layer: inout [ImportedMember], nodeScale: Double) throws {
        let given = particles.nodeProperty("texture")
        guard let property = given, property.value != .null else {
            cell.insert(ImportedMember(EmitterCellKeys.contents, .name(BuiltinTexture.square)), at: 1)
            warn("texture", line: given?.line, "none: Godot draws each particle as a 1-pixel square; fx draws its built-in square (64 px) at 1/64 of the scale")
            try scale(&cell, factor: nodeScale / 64)
            return
        }
        var resourcePath: String?
        if property.value.constructorName == "ExtResource", let id = property.value.resourceID {
            guard let resource = particles.document.externalResources[id] else {
                throw particles.error(property, "no [ext_resource … id=\(id)] in the file; Godot would not load it")
            }
            resourcePath = resource.attribute("path")?.text
        }
        guard let resourcePath else {
            cell.insert(ImportedMember(EmitterCellKeys.contents, .name(BuiltinTexture.disc)), at: 1)
            warn("texture", line: property.line, "\(GodotParticles.describe(property.value)) is not an image file fx can read (a texture made in Godot); drawn with the built-in \"disc\" (64 px)")
            try scale(&cell, factor: nodeScale)
            return
        }
        let relative = resourcePath.hasPrefix("res://") ? String(resourcePath.dropFirst(6)) : resourcePath
        var candidates: [URL] = []
        if let root = Self.projectRoot(from: source.folder) { candidates.append(root.appendingPathComponent(relative)) }
        candidates.append(source.folder.appendingPathComponent(relative))
        candidates.append(source.folder.appendingPathComponent((relative as NSString).lastPathComponent))
        for url in candidates where !relative.isEmpty && !relative.split(separator: "/").contains("..") {
            guard let data = ImportSource.sibling(url), PixiMapping.isImage(data) else { continue }
            var key = url.deletingPathExtension().lastPathComponent
            if BuiltinTexture(rawValue: key) != nil { key += "-image" }
            if !textures.contains(where: { $0.key == key }) {
                let written = effectName + "-" + url.lastPathComponent
                files.append(ImportedFile(relativePath: written, contents: data))
                textures.append(ImportedMember(entry: key, .string(written)))
            }
            cell.insert(ImportedMember(EmitterCellKeys.contents, .string(key)), at: 1)
            try scale(&cell, factor: nodeScale)
            return
        }
        let shape = PixiMapping.builtinShape(for: relative)
        cell.insert(ImportedMember(EmitterCellKeys.contents, .string(shape)), at: 1)
        warn("texture", line: property.line, "\(resourcePath): no PNG, JPEG or GIF image of that name in the Godot project (its folder holds project.godot) or beside the file; drawn with the built-in \"\(shape)\" (64 px wide, so sizes are scale × 64 points)")
        try scale(&cell, factor: nodeScale)
    }

    /// The nearest folder at or above `folder` holding `project.godot` (at most 16 levels up).
    static func projectRoot(from folder: URL) -> URL? {
        var current = folder.standardizedFileURL
        for _ in 0..<16 {
            if FileManager.default.fileExists(atPath: current.appendingPathComponent("project.godot").path) { return current }
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { return nil }
            current = parent
        }
        return nil
    }

    // MARK: Color

    /// `color` × `color_ramp` at each age (`cpu_particles_2d.cpp`: `p.color = color_ramp->
    /// get_color_at_offset(t) * color`; the material's `parameters.color *= texture(color_ramp,
    /// …)`), `alpha_curve` multiplying alpha (Godot 4), `color_initial_ramp` picking each
    /// particle's base color at random from a gradient, and the node's `modulate`.
    mutating func color(_ cell: inout [ImportedMember]) throws {
        var base = try particles.parameter("color").map(particles.color) ?? [1, 1, 1, 1]
        base = zip(base, modulate).map(*)
        let ramp = try particles.gradient("color_ramp")
        let alphaCurve = try particles.curve("alpha_curve")
        let initial = try particles.gradient("color_initial_ramp")
        func encode(_ color: [Double]) -> ImportedJSON {
            .array(color.map { .number(min(max(($0 * 1e6).rounded() / 1e6, 0), 1)) })
        }
        if let ramp {
            let keys = ramp.gradient.lifeKeys
            var members = [ImportedMember(LifeSequenceKeys.values, .array(keys.colors.map { encode(zip($0, base).map(*)) })),
                           ImportedMember(LifeSequenceKeys.times, .array(keys.times.map { .number($0) }))]
            if keys.stepped { members.append(ImportedMember(LifeSequenceKeys.interpolation, .name(LifeSequence<Double>.Interpolation.step))) }
            cell.append(ImportedMember(EmitterCellKeys.colorOverLife, .object(members)))
            if let initial {
                warn("color_initial_ramp", line: initial.line, "dropped: fx's colorOverLife (from color_ramp) replaces each particle's color, so a random base color per particle cannot multiply it")
            }
        } else if let initial {
            // Each particle's color is `color` × the gradient at a random offset: a palette of its colors.
            let samples = initial.gradient.stops.count <= 16 && initial.gradient.interpolationMode == 1
                ? initial.gradient.stops.map(\.color)
                : (0..<16).map { initial.gradient.color(at: Double($0) / 15) }
            cell.append(ImportedMember(EmitterCellKeys.colors, .array(samples.map { encode(zip($0, base).map(*)) })))
            if initial.gradient.interpolationMode != 1 {
                warn("color_initial_ramp", line: initial.line, "approximated: Godot picks a color anywhere along the gradient; fx picks one of 16 evenly spaced samples of it")
            }
        } else if base != [1, 1, 1, 1] {
            cell.append(ImportedMember(EmitterCellKeys.color, encode(base)))
        }
        if let alphaCurve {
            // alphaOverLife replaces alpha, so the ramp's and color's alpha are multiplied in.
            let keys = alphaCurve.curve.lifeKeys
            var times = keys.times
            if let ramp, !ramp.gradient.lifeKeys.times.allSatisfy({ times.contains($0) }) {
                times = (0..<GodotCurve.samples).map { Double($0) / Double(GodotCurve.samples - 1) }
            }
            let values = times.map { t in min(max(alphaCurve.curve.value(at: t) * base[3] * (ramp?.gradient.color(at: t)[3] ?? 1), 0), 1) }
            cell.append(ImportedMember(EmitterCellKeys.alphaOverLife, .object([
                ImportedMember(LifeSequenceKeys.values, .array(values.map { .number(($0 * 1e6).rounded() / 1e6) })),
                ImportedMember(LifeSequenceKeys.times, .array(times.map { .number($0) })),
            ])))
        }
        for name in ["hue_variation", "anim_speed", "anim_offset"] {
            let range = try particles.range(name, fallback: 0, spread: .towardZero)
            if range.min != 0 || range.max != 0 {
                warn(name, line: range.line, name == "hue_variation" ? "dropped: fx does not turn each particle's hue" : "dropped: fx plays no flipbook animation from a CanvasItemMaterial's particle animation")
            }
            _ = try particles.curve(name + "_curve")
        }
    }

    // MARK: Blending

    /// The node's `material`, a `CanvasItemMaterial`: `blend_mode` 0 mix, 1 add, 2 subtract,
    /// 3 multiply, 4 premultiplied alpha (`scene/resources/canvas_item_material.h`).
    mutating func blend(_ layer: inout [ImportedMember]) throws {
        guard let property = particles.nodeProperty("material"), property.value.constructorName == "SubResource",
              let section = try particles.resource(property, want: ["CanvasItemMaterial"], inNode: true) else { return }
        let mode = ImportedNumber.whole(section.property("blend_mode")?.value.number ?? 0, in: -1...100).value ?? 0
        switch mode {
        case 0, 4: break
        case 1: layer.append(ImportedMember(EmitterLayerKeys.renderMode, .name(EmitterProperties.RenderMode.additive)))
        case 3: layer.append(ImportedMember(EmitterLayerKeys.compositingFilter, .name(CompositingFilter.multiplyBlendMode)))
        default:
            warn("blend_mode", line: section.property("blend_mode")?.line, "\(mode) (subtract) has no fx equivalent; drawn normally")
        }
        if section.property("particles_animation")?.value.flag == true {
            warn("particles_animation", line: section.property("particles_animation")?.line, "dropped: fx plays no flipbook from a CanvasItemMaterial; each particle shows the whole texture")
        }
    }

    // MARK: Keys left over

    /// Keys Godot's editor writes that change nothing fx draws (bookkeeping, culling, editor state).
    static let quietKeys: Set<String> = [
        "__meta__", "script", "editor_description", "unique_name_in_owner", "visibility_rect", "fixed_fps", "fract_delta",
        "interpolate", "draw_order", "position", "rotation", "rotation_degrees", "scale", "skew", "modulate", "self_modulate",
        "z_index", "z_as_relative", "y_sort_enabled", "light_mask", "visibility_layer", "show_behind_parent", "top_level",
        "texture_filter", "texture_repeat", "use_parent_material", "process_mode", "process_priority", "physics_interpolation_mode",
        "particle_flag_disable_z", "flag_disable_z", "resource_local_to_scene", "resource_name", "emission_point_count",
        "_limits", "seed", "use_fixed_seed", "collision_base_size", "normal_map", "normalmap", "process_material", "particle_flag_rotate_y", "flag_rotate_y",
    ]

    /// Warns every key of the node and its material that fx did not read.
    mutating func droppedKeys() {
        var sections: [(String, GodotSection)] = [("node.", particles.node)]
        if let material = particles.material { sections.append(("material.", material)) }
        for (prefix, section) in sections {
            for property in section.properties where !particles.read.contains(prefix + property.key) {
                let key = property.key
                if Self.quietKeys.contains(key) || key.hasPrefix("metadata/") || key.hasPrefix("_edit") || key.hasPrefix("editor/") { continue }
                warn(key, line: property.line, "dropped: fx has no equivalent of this Godot key")
            }
        }
    }
}
