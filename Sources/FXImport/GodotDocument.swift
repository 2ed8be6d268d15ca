/// A Godot text scene or resource (`.tscn`, `.tres`) as sections: the header
/// (`[gd_scene load_steps=… format=2|3]` or `[gd_resource type=… format=…]`), then
/// `[ext_resource …]`, `[sub_resource …]`, `[node …]` and (in a `.tres`) `[resource]`, each with
/// its `key = value` lines. Read by ``GodotTextParser``.
struct GodotDocument {
    /// The first section (`gd_scene` or `gd_resource`).
    let header: GodotSection
    /// Every section after the header, in file order.
    let sections: [GodotSection]

    /// The format number of the header: 1 or 2 for Godot 3 (and earlier), 3 for Godot 4.
    var format: Int {
        ImportedNumber.whole(header.attribute("format")?.number ?? 2, in: 0...100).value ?? 2
    }

    /// Whether the file was written by Godot 4 (`format=3`).
    var isGodot4: Bool { format >= 3 }

    /// The `[ext_resource]` sections by id.
    let externalResources: [String: GodotSection]
    /// The `[sub_resource]` sections by id.
    let subResources: [String: GodotSection]

    init(header: GodotSection, sections: [GodotSection]) {
        self.header = header
        self.sections = sections
        var external: [String: GodotSection] = [:], sub: [String: GodotSection] = [:]
        for section in sections {
            guard let id = section.id else { continue }
            if section.tag == "ext_resource" { external[id] = section }
            if section.tag == "sub_resource" { sub[id] = section }
        }
        externalResources = external
        subResources = sub
    }

    /// The `[node]` sections, in file order (parents before children, as Godot writes them).
    var nodes: [GodotSection] { sections.filter { $0.tag == "node" } }
}

/// One `[tag attribute=value …]` section and the `key = value` lines under it.
struct GodotSection {
    /// `gd_scene`, `ext_resource`, `sub_resource`, `node`, `resource`, `connection`…
    var tag: String
    /// The attributes in the brackets, in order.
    var attributes: [(key: String, value: GodotValue)]
    /// Where the section starts.
    var line: Int
    var column: Int
    /// The `key = value` lines, in order.
    var properties: [GodotProperty]

    /// The value of attribute `key`.
    func attribute(_ key: String) -> GodotValue? {
        attributes.first { $0.key == key }?.value
    }

    /// The `id` attribute as text (a number in Godot 3, a string in Godot 4).
    var id: String? {
        switch attribute("id") {
        case .string(let id)?: return id
        case .number(let id)?: return GodotValue.idText(id)
        default: return nil
        }
    }

    /// The `type` attribute.
    var type: String? { attribute("type")?.text }

    /// The property `key` (the last one when written twice, as Godot keeps the last).
    func property(_ key: String) -> GodotProperty? {
        properties.last { $0.key == key }
    }
}

/// One `key = value` line.
struct GodotProperty {
    var key: String
    var value: GodotValue
    var line: Int
    var column: Int
}
