/// fx's palette per cell: `colors` (each particle's base color is one of them),
/// `contentsChoices` (each particle's texture is one of them) and `paletteOrder` (picked at
/// random or in turn, for each list on its own stream), canvas-confetti's `colors` and
/// pixi-particle-emitter's random or ordered textures without a cell per entry.
final class ColorPalette: ParticleBehavior {
    /// The behaviour's keys, as the property registry lists them.
    static let properties = [EmitterCellKeys.colors, EmitterCellKeys.contentsChoices, EmitterCellKeys.paletteOrder]

    /// The most entries a palette may have.
    static let maxEntries = 256

    /// The colors, in order (empty: the cell's `color`).
    let colors: [Color]
    /// How many textures the cell chooses from (0: its `contents`), and the column where each
    /// particle's choice is kept (as a number), which the draw list reads.
    let contentsCount: Int
    private(set) var contentsColumn: Int?
    let order: PaletteOrder

    static func make(for cell: EmitterCell, in context: BehaviorContext) -> ColorPalette? {
        let extensions = cell.extensions
        guard !extensions.colors.isEmpty || !extensions.contentsChoices.isEmpty else { return nil }
        return ColorPalette(extensions)
    }

    private init(_ extensions: CellExtensions) {
        colors = extensions.colors
        contentsCount = extensions.contentsChoices.count
        order = extensions.paletteOrder
    }

    /// The number of extra columns the palette keeps.
    var columnCount: Int { contentsCount > 0 ? 1 : 0 }

    func assignColumns(from first: Int) {
        contentsColumn = contentsCount > 0 ? first : nil
    }

    var birthHooks: [BirthHook] { [.color] }

    /// The particle's base color (one of the colors), and its texture choice, kept in its column.
    func birth(_ hook: BirthHook, _ particle: inout Newborn) {
        if let color = color(serial: particle.serial, key: particle.key, random: particle.random) { particle.baseColor = color }
        guard let contentsColumn else { return }
        particle.store.extra[contentsColumn][particle.index] = Float(Self.index(count: contentsCount, order: order, serial: particle.serial,
                                                                               key: particle.key, random: particle.random, .contentsChoice))
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

    /// The base color of particle `serial`, or nil without colors.
    @inline(__always)
    func color(serial: Int, key: UInt64, random: RandomKey) -> Color? {
        if colors.isEmpty { return nil }
        return colors[Self.index(count: colors.count, order: order, serial: serial, key: key, random: random, .colorChoice)]
    }
}

extension EmitterCellKeys {
    /// The `colors` key: each particle's base color is one of these, picked per particle as `paletteOrder` says;
    /// replaces `color` (the color ranges and speeds still apply on top, `colorOverLife` still overrides).
    public static let colors = PropertyDescriptor(
        "colors", .emitterCell, .colors, access: .value(.colors(\EmitterCell.extensions.colors)),
        "each particle's base color is one of these, picked per particle as `paletteOrder` says; replaces `color` (the color ranges and speeds still apply on top, `colorOverLife` still overrides)")
    /// The `contentsChoices` key: a list of texture names (built-in or declared in `textures`): each particle draws
    /// one, picked per particle as `paletteOrder` says and independently of `colors`; replaces `contents`.
    public static let contentsChoices = PropertyDescriptor(
        "contentsChoices", .emitterCell, .structure, default: .empty("[]"), examples: ["[\"confetti-red\", \"confetti-blue\", \"star\"]"],
        "a list of texture names (built-in or declared in `textures`): each particle draws one, picked per particle as `paletteOrder` says and independently of `colors`; replaces `contents`")
    /// The `paletteOrder` key: how each particle picks its entry of `colors` and of `contentsChoices`: `random`
    /// (uniform, seeded) or `sequential` (the k-th particle the cell emits takes entry k mod n, pixi's
    /// `textureOrdered`).
    public static let paletteOrder = PropertyDescriptor(
        "paletteOrder", .emitterCell, .cases(of: PaletteOrder.self), access: .choice(.of(\EmitterCell.extensions.paletteOrder)),
        "how each particle picks its entry of `colors` and of `contentsChoices`: `random` (uniform, seeded) or `sequential` (the k-th particle the cell emits takes entry k mod n, pixi's `textureOrdered`)")
}
