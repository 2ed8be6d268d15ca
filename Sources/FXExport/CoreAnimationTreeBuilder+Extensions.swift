import FXCore

extension CoreAnimationTreeBuilder {
    /// fx's own keys written in `json` (an object whose keys belong to `owners`): each is
    /// approximated by the nearest Core Animation property where there is one, or dropped, with
    /// a warning naming its line.
    mutating func extensionKeys(_ json: JSONObject, owners: [PropertyOwner], path: String, layer: Layer?,
                                on object: inout CoreAnimationObject) {
        for member in json.members {
            guard let descriptor = owners.lazy.compactMap({ PropertyRegistry.property(member.key, of: $0) }).first,
                  descriptor.isExtension else { continue }
            let keyPath = path + "." + member.key
            if descriptor == EmitterLayerKeys.prewarm, let layer, let emitter = layer.emitter, emitter.prewarm > 0 {
                if layer.timing.beginTime == 0 {
                    object.properties.append(Self.property(MediaTimingKeys.beginTime, .number(-emitter.prewarm),
                                                           comment: "fx's prewarm of \(Self.text(emitter.prewarm)) s: the layer starts as if it had run that long"))
                    warn(keyPath, at: member, "approximated: beginTime = -\(Self.text(emitter.prewarm)) (Core Animation has no prewarm; a layer that began earlier is the nearest, and the particles of that time are not all there at once)")
                } else {
                    warn(keyPath, at: member, "dropped: the layer has its own beginTime, so prewarm cannot become a negative one")
                }
                continue
            }
            warn(keyPath, at: member, "dropped: Core Animation has nothing like it (\(Self.shortSummary(descriptor)))")
        }
    }

    /// fx's own keys of a cell: in a `.ca` document, damping and the over-life sequences become
    /// Core Animation's `CAEmitterBehavior`s (exactly); in code, a linear fade over life
    /// becomes `alphaSpeed` (approximately); the rest are dropped.
    mutating func cellExtensionKeys(_ cell: EmitterCell, json: JSONObject, path: String, on object: inout CoreAnimationObject) {
        var behaviors: [CoreAnimationObject] = []
        var written: [PropertyDescriptor] = []
        if writesEmitterBehaviors {
            // From the model, so that keys a file set through Core Animation's own
            // `emitterBehaviors` (which fx maps onto these keys) come back as behaviors too.
            for descriptor in Self.behaviorKeys {
                if let (behavior, approximation) = behavior(for: descriptor, of: cell, cellName: cell.name) {
                    behaviors.append(behavior)
                    written.append(descriptor)
                    if let approximation {
                        let member = json.member(descriptor.name) ?? json.member(EmitterCellKeys.emitterBehaviors.name)
                        warn(path + "." + descriptor.name, at: member, "approximated: " + approximation)
                    }
                }
            }
        } else if let member = json.member(EmitterCellKeys.emitterBehaviors.name) {
            warn(path + "." + member.key, at: member, "dropped: CAEmitterBehavior is not public API in code (`--to caml` writes the behaviors)")
        }
        for member in json.members {
            guard let descriptor = [PropertyOwner.emitterCell, .mediaTiming].lazy.compactMap({ PropertyRegistry.property(member.key, of: $0) }).first,
                  descriptor.isExtension, !written.contains(descriptor) else { continue }
            let keyPath = path + "." + member.key
            if descriptor == EmitterCellKeys.alphaOverLife, let fade = cell.extensions.alphaOverLife, cell.lifetime > 0,
               let speed = Self.linearSpeed(fade, lifetime: cell.lifetime), cell.alphaSpeed == 0 {
                if let index = object.properties.firstIndex(where: { $0.name == EmitterCellKeys.alphaSpeed.name }) {
                    object.properties.remove(at: index)
                }
                object.properties.append(Self.property(EmitterCellKeys.alphaSpeed, .number(speed.speed),
                                                       comment: "fx's alphaOverLife \(speed.description), over the mean lifetime"))
                if speed.start != 1 {
                    var color = cell.color
                    color.alpha *= speed.start
                    object.properties.removeAll { $0.name == EmitterCellKeys.color.name }
                    object.properties.append(Self.property(EmitterCellKeys.color, .color(color)))
                }
                warn(keyPath, at: member, "approximated: alphaSpeed = \(speed.speed) per second (a straight fade over the mean lifetime of \(Self.text(cell.lifetime)) s; particles that live longer or shorter fade at the same rate, not over their own life)")
                continue
            }
            warn(keyPath, at: member, "dropped: Core Animation has nothing like it (\(Self.shortSummary(descriptor)))"
                 + (format == .caml ? "" : Self.behaviorHint(descriptor)))
        }
        if !behaviors.isEmpty { object.children[.emitterBehaviors] = behaviors }
    }

    /// A hint for keys a `.ca` document could carry as a `CAEmitterBehavior`.
    private static func behaviorHint(_ descriptor: PropertyDescriptor) -> String {
        behaviorKeys.contains(descriptor) ? "; `--to caml` writes it as a CAEmitterBehavior" : ""
    }

    /// The fx keys a `.ca` document writes as `CAEmitterBehavior`s.
    static let behaviorKeys = [EmitterCellKeys.linearDamping, EmitterCellKeys.colorOverLife, EmitterCellKeys.alphaOverLife, EmitterCellKeys.scaleOverLife]

    /// The `CAEmitterBehavior` a `.ca` document writes for an fx key, when it says the same:
    /// `linearDamping` → `drag`, `colorOverLife` → `colorOverLife`, `alphaOverLife` and
    /// `scaleOverLife` → `valueOverLife` of `color.alpha` and `scale` (linear sequences only;
    /// fx reads them back onto the same keys).
    private mutating func behavior(for descriptor: PropertyDescriptor, of cell: EmitterCell,
                                   cellName: String?) -> (CoreAnimationObject, approximation: String?)? {
        let type: EmitterBehaviorType
        var properties: [CoreAnimationProperty] = []
        var approximation: String?
        func set(_ key: PropertyDescriptor, _ value: CoreAnimationValue) {
            properties.append(CoreAnimationProperty(name: key.name, value: value))
        }
        switch descriptor {
        case EmitterCellKeys.linearDamping where cell.extensions.linearDamping > 0:
            type = .drag
            set(EmitterBehaviorKeys.drag, .number(cell.extensions.linearDamping))
        case EmitterCellKeys.colorOverLife:
            guard let sequence = cell.extensions.colorOverLife, sequence.interpolation == .linear else { return nil }
            type = .colorOverLife
            set(EmitterBehaviorKeys.colors, .colors(sequence.values))
            set(EmitterBehaviorKeys.locations, .numbers(sequence.times))
        case EmitterCellKeys.alphaOverLife:
            guard let sequence = cell.extensions.alphaOverLife, sequence.interpolation == .linear else { return nil }
            type = .valueOverLife
            set(EmitterBehaviorKeys.keyPath, .string("color.alpha"))
            set(EmitterBehaviorKeys.values, .numbers(sequence.values))
            set(EmitterBehaviorKeys.locations, .numbers(sequence.times))
        case EmitterCellKeys.scaleOverLife:
            // fx's factors multiply each particle's birth scale; Core Animation's values are the
            // scales themselves, which fx reads back divided by the cell's scale.
            guard let sequence = cell.extensions.scaleOverLife, sequence.interpolation == .linear, cell.scale != 0 else { return nil }
            type = .valueOverLife
            let scales = sequence.values.map { $0 * cell.scale }
            set(EmitterBehaviorKeys.keyPath, .string(EmitterCellKeys.scale.name))
            set(EmitterBehaviorKeys.values, .numbers(scales))
            set(EmitterBehaviorKeys.locations, .numbers(sequence.times))
            if cell.scaleRange != 0 {
                approximation = "a valueOverLife of scale (the factors × the cell's scale \(Self.text(cell.scale))); Core Animation's values set every particle's scale, so scaleRange's spread is lost on a device (fx reads them back as factors)"
            } else if zip(scales, sequence.values).contains(where: { $0 / cell.scale != $1 }) {
                approximation = "a valueOverLife of scale (the factors × the cell's scale \(Self.text(cell.scale))), which reads back within a rounding of the factors"
            }
        default:
            return nil
        }
        var object = CoreAnimationObject(className: "CAEmitterBehavior",
                                         variableName: variableName((cellName ?? "cell") + " " + type.rawValue, suffix: "Behavior", fallback: "behavior"))
        object.properties = [CoreAnimationProperty(name: EmitterBehaviorKeys.type.name, value: .string(type.rawValue)),
                             CoreAnimationProperty(name: EmitterBehaviorKeys.name.name, value: .string(type.rawValue))] + properties
        return (object, approximation)
    }

    /// A two-value linear sequence from birth to death as a rate per second over `lifetime`.
    private static func linearSpeed(_ sequence: LifeSequence<Double>, lifetime: Double) -> (speed: Double, start: Double, description: String)? {
        guard sequence.values.count == 2, sequence.times == [0, 1], sequence.interpolation == .linear else { return nil }
        let start = sequence.values[0], end = sequence.values[1]
        return ((end - start) / lifetime, start, "\(text(start)) → \(text(end))")
    }

    /// Why a dropped key is dropped: fx's own key, with the first clause of its summary when
    /// that reads as a sentence (not a structure's outline).
    static func shortSummary(_ descriptor: PropertyDescriptor) -> String {
        let summary = descriptor.summary
        guard !summary.hasPrefix("`"), !summary.hasPrefix("the same") else { return "fx's own `\(descriptor.name)`" }
        var end = summary.endIndex
        for separator in [";", " (", ":"] {
            if let range = summary.range(of: separator), range.lowerBound < end { end = range.lowerBound }
        }
        return "fx's own `\(descriptor.name)`: " + summary[..<end]
    }
}
