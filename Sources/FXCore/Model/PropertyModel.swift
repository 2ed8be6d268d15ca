/// A model type whose properties the ``PropertyRegistry`` reads and writes through accessors
/// (an effect, a layer, a cell, a force field, a structure's members).
public protocol PropertyModel: Sendable {
    /// The model as an object that writes none of its keys decodes: every property at its
    /// default. The registry reads each ``PropertyDefault/model`` default from it.
    static var unwritten: Self { get }
}

/// The part of a layer that only layers of one type have (an emitter's, a replicator's, …):
/// its properties are reached through the layer, and read from the part's defaults on a layer
/// of another type.
public protocol LayerPart: Sendable {
    /// Where a layer keeps the part (nil on layers of other types).
    static var part: WritableKeyPath<Layer, Self?> & Sendable { get }
    /// The part with every property at its default.
    init()
}

extension Effect: PropertyModel {
    /// What an object that writes none of its keys decodes to.
    public static var unwritten: Effect { Effect(name: "") }
}

extension Canvas: PropertyModel {
    /// What an object that writes none of its keys decodes to.
    public static var unwritten: Canvas { Canvas() }
}

extension ReducedMotion: PropertyModel {
    /// What an object that writes none of its keys decodes to.
    public static var unwritten: ReducedMotion { ReducedMotion() }
}

extension Layer: PropertyModel {
    /// A plain layer: the parts of other types read as their defaults.
    public static var unwritten: Layer { Layer(type: .layer) }
}

extension MediaTiming: PropertyModel {
    /// What an object that writes none of its keys decodes to.
    public static var unwritten: MediaTiming { MediaTiming() }
}

extension EmitterCell: PropertyModel {
    /// What an object that writes none of its keys decodes to.
    public static var unwritten: EmitterCell { EmitterCell() }
}

extension ForceField: PropertyModel {
    /// What an object that writes none of its keys decodes to.
    public static var unwritten: ForceField { ForceField(name: "", kind: .attractor) }
}

extension Collider: PropertyModel {
    /// What an object that writes none of its keys decodes to.
    public static var unwritten: Collider { Collider(name: "", shape: .line(from: .zero, to: .zero)) }
}

extension Turbulence: PropertyModel {
    /// What an object that writes none of its keys decodes to.
    public static var unwritten: Turbulence { Turbulence(strength: 0) }
}

extension Trail: PropertyModel {
    /// What an object that writes none of its keys decodes to.
    public static var unwritten: Trail { Trail(length: 0.5, segments: 8) }
}

extension Orbit: PropertyModel {
    /// What an object that writes none of its keys decodes to.
    public static var unwritten: Orbit { Orbit() }
}

extension Flutter: PropertyModel {
    /// What an object that writes none of its keys decodes to.
    public static var unwritten: Flutter { Flutter() }
}

extension SpriteFrames: PropertyModel {
    /// What an object that writes none of its keys decodes to.
    public static var unwritten: SpriteFrames { SpriteFrames(columns: 1, rows: 1, count: 1, framesPerSecond: nil) }
}

extension TimeOffsetFollowsPointer: PropertyModel {
    /// What an object that writes none of its keys decodes to.
    public static var unwritten: TimeOffsetFollowsPointer { TimeOffsetFollowsPointer(axis: .x, from: 0, to: 1) }
}

extension EmitterProperties: LayerPart {
    /// Where a layer keeps this part.
    public static var part: WritableKeyPath<Layer, EmitterProperties?> & Sendable { \Layer.emitter }
}

extension ReplicatorProperties: LayerPart {
    /// Where a layer keeps this part.
    public static var part: WritableKeyPath<Layer, ReplicatorProperties?> & Sendable { \Layer.replicator }
}

extension GradientProperties: LayerPart {
    /// Where a layer keeps this part.
    public static var part: WritableKeyPath<Layer, GradientProperties?> & Sendable { \Layer.gradient }
}

extension ShapeProperties: LayerPart {
    /// Where a layer keeps this part.
    public static var part: WritableKeyPath<Layer, ShapeProperties?> & Sendable { \Layer.shape }
}

extension TextProperties: LayerPart {
    /// Where a layer keeps this part.
    public static var part: WritableKeyPath<Layer, TextProperties?> & Sendable { \Layer.text }
}

extension ImageProperties: LayerPart {
    /// Where a layer keeps this part.
    public static var part: WritableKeyPath<Layer, ImageProperties?> & Sendable { \Layer.image }
}

extension ContentTransition: PropertyModel {
    /// What an object that writes none of its keys decodes to.
    public static var unwritten: ContentTransition { ContentTransition(time: 0) }
}

extension Animation: PropertyModel {
    /// A group of no animations: the keys every animation has, at their defaults.
    public static var unwritten: Animation { Animation(keyPath: nil, spec: .group([])) }
}

extension Animation.Spring: PropertyModel {
    /// What an object that writes none of its keys decodes to.
    public static var unwritten: Animation.Spring { Animation.Spring() }
}

extension Animation.Transition: PropertyModel {
    /// What an object that writes none of its keys decodes to.
    public static var unwritten: Animation.Transition { Animation.Transition() }
}
