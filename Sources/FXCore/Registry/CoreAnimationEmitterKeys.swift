// Core Animation's emitter keys that Apple ships but does not document: they are in QuartzCore's
// headers and in real `.ca` documents (iOS wallpapers, Messages' effects). Those fx has a feature
// for are accepted under Core Animation's names and mapped onto fx's model as an effect loads
// (EffectDecoder+CoreAnimationEmitter.swift); those it has none for are named by the decoder —
// what they do, what fx lacks — instead of being called unknown (``CoreAnimationGap``).
// docs/core-animation.md gives the sources.

extension EmitterCellKeys {
    /// The `contentsFrameCount` key: Core Animation's frames of a sprite sheet in `contents` (undocumented
    /// `CAEmitterCell` key); fx's `spriteFrames` `count`.
    public static let contentsFrameCount = PropertyDescriptor(
        "contentsFrameCount", .emitterCell, .integer, range: .closed(1, 65536), coreAnimation: "CAEmitterCell.contentsFrameCount",
        default: .value(.number(1)),
        "the frames of a sprite sheet in `contents`, row by row (Core Animation's undocumented key; fx's `spriteFrames` with `count`, `columns` from `contentsFramesPerRow`)")
    /// The `contentsFramesPerRow` key: frames across the sheet (`spriteFrames`' `columns`).
    public static let contentsFramesPerRow = PropertyDescriptor(
        "contentsFramesPerRow", .emitterCell, .integer, range: .closed(1, 256), coreAnimation: "CAEmitterCell.contentsFramesPerRow",
        default: .value(.number(1)), "frames across the sheet of `contentsFrameCount` (`spriteFrames`' `columns`)")
    /// The `contentsFramesPerSecond` key: how fast `sequential` frames play (0: once over the particle's life).
    public static let contentsFramesPerSecond = PropertyDescriptor(
        "contentsFramesPerSecond", .emitterCell, .number, range: .closed(0, 1000), unit: "frames/s",
        coreAnimation: "CAEmitterCell.contentsFramesPerSecond", default: .value(.number(0)),
        "how fast the frames of a `sequential` `contentsFrameMode` play, looping (0: once over the particle's life)")
    /// The `contentsFrameMode` key: `single` shows each particle the sheet's first frame, `sequential` plays the
    /// frames (`random`, a random frame per particle, fx does not have).
    public static let contentsFrameMode = PropertyDescriptor(
        "contentsFrameMode", .emitterCell, .cases(of: ContentsFrameMode.self), coreAnimation: "CAEmitterCell.contentsFrameMode",
        default: .choice(ContentsFrameMode.single.rawValue),
        "`single` (Core Animation's default) shows every particle the sheet's first frame; `sequential` plays the frames at `contentsFramesPerSecond` (Core Animation's `random`, a random frame per particle, fx does not have)")
    /// The `particleType` key: how a particle is drawn: `sprite` (the default) and `point` face the viewer, as fx draws
    /// every particle; `plane` turns in 3-D by its orientation, which fx does not have (drawn as a sprite, with a warning).
    public static let particleType = PropertyDescriptor(
        "particleType", .emitterCell, .cases(of: ParticleType.self), coreAnimation: "CAEmitterCell.particleType",
        default: .choice(ParticleType.sprite.rawValue),
        "how a particle is drawn: `sprite` (the default) and `point` face the viewer, as fx draws every particle; `plane` turns in 3-D by its orientation, which fx does not have (drawn as a sprite, with a warning)")
    /// The `emitterBehaviors` key of a cell: Core Animation's `CAEmitterBehavior`s acting on this cell's particles.
    public static let emitterBehaviors = PropertyDescriptor(
        "emitterBehaviors", .emitterCell, .structure, coreAnimation: "CAEmitterCell.emitterBehaviors", default: .empty("[]"),
        members: EmitterBehaviorKeys.all, isListOfObjects: true, examples: ["[{\"type\": \"drag\", \"drag\": 0.8}]"],
        "Core Animation's `CAEmitterBehavior`s acting on this cell's particles, mapped onto fx's keys: `drag` → `linearDamping`, `colorOverLife`, `valueOverLife` of `color.alpha` or `scale`, `alignToMotion` → `alignsToVelocity` (see docs/core-animation.md; `attractor`, `wave` and `light` fx does not have)")
}

extension EmitterLayerKeys {
    /// The `emitterBehaviors` key of a layer: Core Animation's `CAEmitterBehavior`s acting on every particle of the
    /// layer (a cell's own come first).
    public static let emitterBehaviors = PropertyDescriptor(
        "emitterBehaviors", .emitterLayer, .structure, coreAnimation: "CAEmitterLayer.emitterBehaviors", default: .empty("[]"),
        members: EmitterBehaviorKeys.all, isListOfObjects: true, examples: ["[{\"type\": \"colorOverLife\", \"colors\": [\"#ffffff\", \"#ff660000\"]}]"],
        "Core Animation's `CAEmitterBehavior`s acting on every particle of the layer, sub-cells' included, mapped onto each cell's fx keys (a cell's own keys and behaviors come first); the types as a cell's `emitterBehaviors`")
}

extension EmitterBehaviorKeys {
    /// The `type` member: the behavior (`CAEmitterBehavior(type:)`); required.
    public static let type = PropertyDescriptor(
        PropertyDescriptor.elementType, .emitterCell, .cases(of: EmitterBehaviorType.self), default: .required, required: true,
        "the behavior, `CAEmitterBehavior(type:)`: `drag`, `colorOverLife`, `valueOverLife`, `alignToMotion` (mapped onto fx's keys); `attractor`, `simpleAttractor`, `wave`, `light` are Core Animation's too, and fx does not have them yet; required")
    /// The `name` member: the behavior's name (Core Animation's key paths `emitterBehaviors.NAME.KEY`).
    public static let name = PropertyDescriptor(
        PropertyDescriptor.elementName, .emitterCell, .string, default: .none("none"), examples: ["\"fade\""],
        "the behavior's name, as Core Animation's key paths `emitterBehaviors.NAME.KEY` use it (the mapped fx keys animate under their own names)")
    /// The `enabled` member: false leaves the behavior out.
    public static let enabled = PropertyDescriptor(
        "enabled", .emitterCell, .boolean, default: .value(.bool(true)), "false leaves the behavior out")
    /// The `drag` member: for `drag`: the force −drag × velocity on a particle of mass 1 (fx's `linearDamping`).
    public static let drag = PropertyDescriptor(
        "drag", .emitterCell, .number, range: .nonNegative, unit: "1/s", default: .value(.number(0)),
        "for `drag`: the force −drag × velocity on a particle of mass 1, so velocity decays as e^(−drag · t) (fx's `linearDamping`)")
    /// The `colors` member: for `colorOverLife`: the colors over a particle's life, alpha included.
    public static let colors = PropertyDescriptor(
        "colors", .emitterCell, .colors, default: .none("none"), examples: ["[\"#ffffff\", \"#ff660000\"]"],
        "for `colorOverLife`: the colors at `locations` of a particle's life, alpha included; they replace its color (fx's `colorOverLife`)")
    /// The `locations` member: the normalized ages (0…1, increasing) of `colors` or `values`; evenly spaced without.
    public static let locations = PropertyDescriptor(
        "locations", .emitterCell, .numbers, default: .derived("evenly spaced"), examples: ["[0, 0.3, 1]"],
        "the normalized ages (0 at birth, 1 at death, increasing) of `colors` or `values`; evenly spaced without")
    /// The `keyPath` member: for `valueOverLife`: `color.alpha` or `scale`.
    public static let keyPath = PropertyDescriptor(
        "keyPath", .emitterCell, .string, default: .none("none"), examples: ["\"color.alpha\"", "\"scale\""],
        "for `valueOverLife`: the property its `values` replace over life: `color.alpha` (fx's `alphaOverLife`) or `scale` (fx's `scaleOverLife`, relative to the cell's `scale`); Core Animation's others (position, velocity, mass, rotation, spin, color channels) fx does not have")
    /// The `values` member: for `valueOverLife`: the values at `locations`.
    public static let values = PropertyDescriptor(
        "values", .emitterCell, .numbers, default: .none("none"), examples: ["[0, 1, 0]"], "for `valueOverLife`: the values at `locations` of a particle's life")
    /// The `rotation` member: for `alignToMotion`: turns added to the direction of travel, in Core Animation; fx
    /// turns the image's x axis to the motion (`alignsToVelocity`) and warns of the difference.
    public static let rotation = PropertyDescriptor(
        "rotation", .emitterCell, .number, unit: "turns", default: .value(.number(0)),
        "for `alignToMotion`: turns added to the direction of travel; Core Animation turns the image's y axis to the motion, fx (`alignsToVelocity`) its x axis, so fx warns that the image is drawn a quarter turn (minus this rotation) apart")

    static let all = [type, name, enabled, drag, colors, locations, keyPath, values, rotation]
}

/// Core Animation's `CAEmitterCell.contentsFrameMode` values fx has.
public enum ContentsFrameMode: String, CaseIterable, Sendable {
    /// Each particle shows one frame: the sheet's first (Core Animation's default).
    case single
    /// The frames play in order, at `contentsFramesPerSecond`.
    case sequential
}

/// Core Animation's `CAEmitterCell.particleType` values.
public enum ParticleType: String, CaseIterable, Sendable {
    /// A quad facing the viewer, turning about the view axis: how fx draws every particle.
    case sprite
    /// A point, as Messages' dust: drawn as a sprite in fx.
    case point
    /// A quad with a 3-D orientation (`orientationLatitude`, …): fx draws it as a sprite.
    case plane
}

/// The types of Core Animation's `CAEmitterBehavior` (`+[CAEmitterBehavior behaviorTypes]`).
public enum EmitterBehaviorType: String, CaseIterable, Sendable {
    /// A force against the velocity: fx's `linearDamping`.
    case drag
    /// A gradient over life: fx's `colorOverLife`.
    case colorOverLife
    /// A property's values over life: fx's `alphaOverLife` or `scaleOverLife`.
    case valueOverLife
    /// The image turned to the motion: fx's `alignsToVelocity`.
    case alignToMotion
    /// A spring pull toward a point (not in fx).
    case attractor
    /// A plain radial pull (not in fx).
    case simpleAttractor
    /// A force swelling and fading at a frequency (not in fx).
    case wave
    /// Lighting of plane particles (not in fx).
    case light

    /// Whether fx maps it onto a feature of its own (the others it reports as missing).
    public var isMapped: Bool {
        switch self {
        case .drag, .colorOverLife, .valueOverLife, .alignToMotion: return true
        case .attractor, .simpleAttractor, .wave, .light: return false
        }
    }
}

/// A Core Animation key fx does not have: what it does, and what fx lacks for it. The decoder
/// names it instead of calling it unknown.
public struct CoreAnimationGap: Sendable {
    /// The key as Core Animation spells it.
    public let name: String
    /// The objects that carry it.
    public let owners: [PropertyOwner]
    /// What it does in Core Animation (as far as it is known).
    public let meaning: String
    /// What fx lacks, or its nearest feature.
    public let inFX: String

    /// The gap named `key` on `owner`, or nil.
    public static func named(_ key: String, on owner: PropertyOwner?) -> CoreAnimationGap? {
        PropertyRegistry.coreAnimationGaps.first { $0.name == key && (owner == nil || $0.owners.contains(owner!)) }
    }

    /// The message for a file that uses it.
    public var message: String {
        "\"\(name)\" is Core Animation's (\(meaning)), which fx does not have: \(inFX)"
    }
}

extension PropertyRegistry {
    /// Core Animation's emitter keys (in QuartzCore's headers, set by real `.ca` documents) that fx
    /// has no feature for yet.
    public static let coreAnimationGaps: [CoreAnimationGap] = [
        CoreAnimationGap(name: "orientationLatitude", owners: [.emitterCell], meaning: "a `plane` particle's 3-D orientation, from the z axis",
                         inFX: "particles face the viewer and turn only about the view axis (`rotation`, `spin`)"),
        CoreAnimationGap(name: "orientationLongitude", owners: [.emitterCell], meaning: "a `plane` particle's 3-D orientation, in the x-y plane",
                         inFX: "particles face the viewer and turn only about the view axis (`rotation`, `spin`)"),
        CoreAnimationGap(name: "orientationRange", owners: [.emitterCell], meaning: "the spread of a `plane` particle's 3-D orientation",
                         inFX: "particles face the viewer; `rotationRange` spreads their turn about the view axis"),
        CoreAnimationGap(name: "mass", owners: [.emitterCell], meaning: "a particle's mass, dividing the forces of `emitterBehaviors` (default 1)",
                         inFX: "forces act as on a mass of 1 (`linearDamping` is drag ÷ 1)"),
        CoreAnimationGap(name: "massRange", owners: [.emitterCell], meaning: "the spread of `mass`", inFX: "forces act as on a mass of 1"),
        CoreAnimationGap(name: "spinBias", owners: [.emitterLayer], meaning: "a layer factor sent beside `spin`, undocumented and unexplained",
                         inFX: "no known meaning to follow; the layer's `spin` multiplies the cells' spin"),
        CoreAnimationGap(name: "emitterDuration", owners: [.emitterLayer], meaning: "an undocumented layer factor (default 1)",
                         inFX: "no known meaning to follow; cells' media timing (`beginTime`, `duration`) says when they emit"),
        CoreAnimationGap(name: "updateInterval", owners: [.emitterLayer], meaning: "seconds between simulation updates (0: every frame)",
                         inFX: "fx steps at the effect's `stepRate`, the same for every layer"),
        CoreAnimationGap(name: "cullRect", owners: [.emitterLayer], meaning: "particles outside it are not drawn",
                         inFX: "give the layer `masksToBounds` and `bounds` to clip its particles"),
        CoreAnimationGap(name: "cullMinZ", owners: [.emitterLayer], meaning: "particles nearer than it are not drawn", inFX: "no depth culling"),
        CoreAnimationGap(name: "cullMaxZ", owners: [.emitterLayer], meaning: "particles farther than it are not drawn", inFX: "no depth culling"),
        CoreAnimationGap(name: "emitterPath", owners: [.emitterLayer], meaning: "the path particles are born on, for `emitterShape` `path`",
                         inFX: "the shapes are point, line, rectangle, circle, cuboid and sphere"),
        CoreAnimationGap(name: "emitterRects", owners: [.emitterLayer], meaning: "rectangles particles are born in, for `emitterShape` `rectangles`",
                         inFX: "one `rectangle` per layer: use a layer per rectangle"),
    ]
}
