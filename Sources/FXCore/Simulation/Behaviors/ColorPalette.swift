/// fx's palette per cell: `colors` (each particle's base color is one of them) and
/// `paletteOrder` (picked at random or in turn), canvas-confetti's `colors` and
/// pixi-particle-emitter's random or ordered textures without a cell per entry.
struct ColorPalette {
    /// The behaviour's keys, as the property registry lists them.
    static let properties: [PropertyDescriptor] = [
        .init("colors", .emitterCell, .colors, default: "`[]`: off",
              access: PropertyRegistry.on(.colors(\EmitterCell.extensions.colors)),
              "each particle's base color is one of these, picked per particle as `paletteOrder` says; replaces `color` (the color ranges and speeds still apply on top, `colorOverLife` still overrides)"),
        .init("paletteOrder", .emitterCell, .enumeration(PaletteOrder.allCases.map(\.rawValue)), default: "`random`",
              "how each particle picks its entry of `colors`: `random` (uniform, seeded) or `sequential` (the k-th particle the cell emits takes entry k mod n, pixi's `textureOrdered`)"),
    ]

    /// The most entries a palette may have.
    static let maxEntries = 256

    /// The entries, in order.
    let colors: [Color]
    let order: PaletteOrder

    /// The palette of `extensions`, or nil when it has no colors.
    init?(_ extensions: CellExtensions) {
        guard !extensions.colors.isEmpty else { return nil }
        colors = extensions.colors
        order = extensions.paletteOrder
    }

    /// The entry of a list of `count` that particle `serial` (keyed `key`) takes: in turn, or
    /// drawn from the particle's own stream for `property`.
    @inline(__always)
    static func index(count: Int, order: PaletteOrder, serial: Int, key: UInt64, random: RandomKey, _ property: RandomProperty) -> Int {
        switch order {
        case .sequential: return serial % count
        case .random: return min(Int(random.unit(particle: key, property) * Double(count)), count - 1)
        }
    }

    /// The base color of particle `serial`.
    @inline(__always)
    func color(serial: Int, key: UInt64, random: RandomKey) -> Color {
        colors[Self.index(count: colors.count, order: order, serial: serial, key: key, random: random, .colorChoice)]
    }
}
