/// Why a call on an ``EffectPlayer`` was refused: a value of the wrong kind or out of range,
/// an unknown layer. The player is unchanged.
public struct EffectPlayerError: Error, CustomStringConvertible, Equatable {
    /// What was wrong, in words for the user.
    public var description: String

    /// An error with this message.
    public init(_ description: String) {
        self.description = description
    }
}

/// A change made while an effect runs, recorded with the step it was made at so that a replay
/// makes it again at the same moment.
struct TimedChange {
    var tick: Int
    var change: RuntimeChange
}

enum RuntimeChange {
    case setValue(layer: String, keyPath: AnimatableKeyPath, value: AnimatableValue)
    /// `now` is the layer's time when it was added: animations added earlier that are over by
    /// then (and removed on completion) are dropped, so that adding one-shot animations for
    /// hours does not slow every step.
    case addAnimation(layer: String, animation: Animation, now: Double)
    /// Nil removes every animation of the layer.
    case removeAnimation(layer: String, key: String?)
    /// At a point in the layer's coordinates; nil is where the emitter is at the step.
    case burst(layer: String, position: Point?, count: Int?)
    case pointer(layer: String, position: Point?)
    /// A drag set the `timeOffset` of a layer whose time follows the pointer.
    case timeOffset(layer: String, value: Double)

    /// For the changes that edit a layer's model: the layer, and the edit.
    var layerEdit: (layer: String, edit: (inout Layer) -> Void)? {
        switch self {
        case .setValue(let layer, let keyPath, let value):
            return (layer, { keyPath.set(value, on: &$0) })
        case .addAnimation(let layer, let animation, let now):
            return (layer, { model in
                model.animations.removeAll { existing in
                    existing.key.map { $0 == animation.key } ?? false || existing.isOverAddedAtRunTime(at: now)
                }
                model.animations.append(animation.capturingTransitionSource(model))
            })
        case .removeAnimation(let layer, let key):
            return (layer, { model in
                if let key { model.animations.removeAll { $0.key == key } } else {
                    // Every animation; the model values the effect's transactions set stay.
                    model.animations.removeAll { if case .modelValue = $0.transactionPart { return false } else { return true } }
                }
            })
        case .timeOffset(let layer, let value):
            return (layer, { $0.timing.timeOffset = value })
        case .burst, .pointer:
            return nil
        }
    }
}

extension EffectPlayer {
    /// The most changes one timeline holds. Past it, the older half is folded into the
    /// starting model (values and animations; bursts and pointer moves are dropped), so a
    /// program that moves an emitter every frame for hours runs in bounded memory. Only
    /// seeking back past the fold is affected: it replays those values from time 0.
    public static let maxRecordedChanges = 100_000

    // MARK: - Values

    /// Sets the model value at `keyPath`, `LAYER.PROPERTY` with the layer's unique name, as
    /// Core Animation's `setValue(_:forKeyPath:)` does: `"confetti.emitterCells.blue.birthRate"`,
    /// `"spark.emitterPosition"`, `"label.opacity"`. It takes effect on the next step; particles
    /// already alive keep what they were born with. Animations of the same key path still
    /// override it while they run.
    /// - Throws: ``KeyPathLookupError`` when the path names nothing (with the nearest path),
    ///   ``EffectPlayerError`` for a value of the wrong kind, not finite, or out of the
    ///   property's range.
    public func setValue(_ value: AnimatableValue, forKeyPath keyPath: String) throws {
        let (layer, resolved) = try resolve(keyPath)
        try Self.check(value, for: resolved, qualified: keyPath)
        record(.setValue(layer: layer.name, keyPath: resolved, value: value))
    }

    /// Sets a number: `setValue(0, forKeyPath: "confetti.emitterCells.blue.birthRate")`.
    public func setValue(_ value: Double, forKeyPath keyPath: String) throws {
        try setValue(.number(value), forKeyPath: keyPath)
    }

    /// Sets a flag: `setValue(false, forKeyPath: "confetti.emitterCells.red.enabled")`.
    public func setValue(_ value: Bool, forKeyPath keyPath: String) throws {
        try setValue(.bool(value), forKeyPath: keyPath)
    }

    /// Sets a point: `setValue(Point(x: 100, y: 40), forKeyPath: "spark.emitterPosition")`.
    public func setValue(_ value: Point, forKeyPath keyPath: String) throws {
        try setValue(.point(value), forKeyPath: keyPath)
    }

    /// Sets a size: `setValue(Size(width: 0, height: 0), forKeyPath: "confetti.emitterSize")`.
    public func setValue(_ value: Size, forKeyPath keyPath: String) throws {
        try setValue(.size(value), forKeyPath: keyPath)
    }

    /// Sets a color: `setValue(Color(red: 1, green: 0, blue: 0), forKeyPath: "confetti.emitterCells.red.color")`.
    public func setValue(_ value: Color, forKeyPath keyPath: String) throws {
        try setValue(.color(value), forKeyPath: keyPath)
    }

    /// The model value at `keyPath` (`LAYER.PROPERTY`): what was loaded or last set, without
    /// animations.
    public func value(forKeyPath keyPath: String) throws -> AnimatableValue {
        let (layer, resolved) = try resolve(keyPath)
        return resolved.value(on: layer.model)
    }

    /// The presentation value at `keyPath` now: the model value with the running animations
    /// applied, what is drawn.
    public func presentationValue(forKeyPath keyPath: String) throws -> AnimatableValue {
        let (layer, resolved) = try resolve(keyPath)
        return resolved.value(on: layer.layer)
    }

    /// Moves an emitter layer's `emitterPosition` (layer coordinates) from the next step on.
    public func moveEmitter(_ layer: String, to position: Point) throws {
        try setValue(.point(position), forKeyPath: layer + ".emitterPosition")
    }

    // MARK: - Animations

    /// Adds an animation to a layer, as Core Animation's `add(_:forKey:)`: another animation
    /// under the same key is replaced. A `beginTime` of 0 means now (the layer's current time);
    /// another `beginTime` is a time of the layer's.
    /// - Throws: ``EffectPlayerError`` for an unknown layer, or an animation whose key path
    ///   is not one of that layer's.
    public func addAnimation(_ animation: Animation, toLayer layer: String, forKey key: String? = nil) throws {
        let placed = try placedLayer(named: layer)
        var added = try Self.checked(animation, on: placed.model, layer: layer)
        added.key = key
        added.location = nil  // added at run time: not from the file
        if added.timing.beginTime == 0 { added.timing.beginTime = placed.localTime }
        record(.addAnimation(layer: placed.name, animation: added, now: placed.localTime))
    }

    /// Adds an animation written as in an effect file's `animations` list:
    /// `{"type": "basic", "keyPath": "opacity", "fromValue": 1, "toValue": 0, "duration": 0.5}`.
    /// - Throws: ``EffectLoadError`` with every problem of the text (line, column, JSON path,
    ///   the nearest key path for a misspelled one), or ``EffectPlayerError`` for an unknown
    ///   layer.
    public func addAnimation(json: String, toLayer layer: String, forKey key: String? = nil) throws {
        let placed = try placedLayer(named: layer)
        let animation = try AnimationDecoder.decode(json: Array(json.utf8), on: placed.model)
        try addAnimation(animation, toLayer: layer, forKey: key)
    }

    /// Removes the animation added under `key` from a layer; nil removes all its animations,
    /// those of the file and the implicit ones of its transactions too (the model values the
    /// transactions set stay).
    public func removeAnimation(forKey key: String?, fromLayer layer: String) throws {
        let placed = try placedLayer(named: layer)
        record(.removeAnimation(layer: placed.name, key: key))
    }

    /// The key path `path` resolved on a layer, to build an ``Animation`` in code:
    /// `Animation(keyPath: try player.keyPath("opacity", onLayer: "label"), spec: …)`. It may
    /// go down to the layer's mask or a sublayer (`"mask.locations"`, `"sublayers.dot.opacity"`):
    /// an animation added to the layer with it animates that layer, in this layer's time.
    public func keyPath(_ path: String, onLayer layer: String) throws -> AnimatableKeyPath {
        let placed = try placedLayer(named: layer)
        if let keyPath = AnimatableKeyPath(path, on: placed.model) { return keyPath }
        _ = try resolve(placed.name + "." + path)  // says what is wrong
        throw EffectPlayerError("layer \"\(placed.name)\" has nothing animatable at \"\(path)\"")
    }

    // MARK: - Bursts and the pointer

    /// A one-shot burst at the next step: `count` particles of every cell of an emitter layer
    /// (each cell's `burstCount` when nil), born at `position` (canvas points; the emitter's
    /// position when nil), spread by the layer's emitter shape.
    /// - Parameters:
    ///   - layer: an emitter layer's unique name; nil bursts every emitter layer.
    ///   - position: where, in canvas points (in its own coordinates for a layer hidden now);
    ///     nil is where each emitter is: its position, or the pointer's when it follows it.
    ///   - count: particles of every cell; nil is each cell's `burstCount`.
    /// - Throws: ``EffectPlayerError`` for an unknown or non-emitter layer, or a negative or
    ///   huge count (over a million).
    public func burst(layer: String? = nil, at position: Point? = nil, count: Int? = nil) throws {
        if let count, count < 0 || count > EffectLimits.maxBurstCount {
            throw EffectPlayerError("a burst of \(count) particles: a count is 0…\(EffectLimits.maxBurstCount)")
        }
        let layers = effect.presentationLayers(at: world.time).filter { $0.layer.type == .emitter }
        let chosen: [PlacedLayer]
        if let layer {
            let placed = try placedLayer(named: layer)
            guard placed.layer.type == .emitter else {
                throw EffectPlayerError("layer \"\(layer)\" is a \(placed.layer.type.rawValue) layer; only emitter layers burst")
            }
            chosen = layers.filter { $0.name == layer }
            if chosen.isEmpty {
                // Hidden now, so not placed on the canvas: the point is taken in its own coordinates.
                record(.burst(layer: layer, position: position, count: count))
                return
            }
        } else {
            chosen = layers
        }
        for placed in chosen {
            let local = position.flatMap { point in placed.transformToCanvas.inverted.map { $0.apply(to: point) } }
            record(.burst(layer: placed.name, position: local, count: count))
        }
    }

    /// The pointer moved to `position` (canvas points): emitters that follow the pointer
    /// (`followsPointer`) emit from there from the next step on. Pass your mouse motion.
    public func pointerMoved(to position: Point) {
        for placed in effect.presentationLayers(at: world.time) where placed.layer.emitter?.followsPointer == true {
            guard let toLayer = placed.transformToCanvas.inverted else { continue }
            record(.pointer(layer: placed.name, position: toLayer.apply(to: position)))
        }
    }

    /// A click at `position` (canvas points): emitters that burst on click (`burstsOnClick`)
    /// make their cells' `burstCount` there at the next step. Pass your mouse clicks.
    public func pointerClicked(at position: Point) {
        for placed in effect.presentationLayers(at: world.time) where placed.layer.emitter?.burstsOnClick == true {
            guard let toLayer = placed.transformToCanvas.inverted else { continue }
            record(.burst(layer: placed.name, position: toLayer.apply(to: position), count: nil))
        }
    }

    /// The pointer, held down, is at `position` (canvas points): pass the press and every
    /// move until the release. Layers whose time follows the pointer
    /// (``Layer/timeOffsetFollowsPointer``, paused with `speed: 0`) show from the next step the
    /// moment its coordinate maps to: their `timeOffset` is set, as a pan gesture sets a paused
    /// `CALayer`'s. The rest of the effect plays on. Recorded like every change, so a seek
    /// replays the drag; the new offset stays when the player loops or restarts.
    public func pointerDragged(to position: Point) {
        for (layer, _) in effect.allLayers() {
            guard let follow = layer.timeOffsetFollowsPointer else { continue }
            let offset = follow.timeOffset(forPointer: position, on: layer)
            guard offset != layer.timing.timeOffset else { continue }
            record(.timeOffset(layer: layer.identifier, value: offset))
        }
    }

    /// Whether the effect takes the pointer — an emitter follows it or bursts on click, or a
    /// layer's time follows a drag — so that a program knows to pass its mouse
    /// (``pointerMoved(to:)``, ``pointerClicked(at:)``, ``pointerDragged(to:)``).
    public var usesPointer: Bool {
        effect.allLayers().contains {
            $0.layer.timeOffsetFollowsPointer != nil || ($0.layer.emitter.map { $0.followsPointer || $0.burstsOnClick } ?? false)
        }
    }

    // MARK: - The timeline

    /// Makes a change now (it shows from the next step) and records it at the current step,
    /// after the changes already recorded there.
    func record(_ change: RuntimeChange) {
        // A change is made to a world at its time, prewarm done (as one at once would be).
        finishPrewarm()
        // After a seek back, a pointer move replaces the recorded moves still ahead: the
        // pointer is where the user has it now. So does a drag, for the times it set.
        if case .pointer(let layer, _) = change {
            timeline.removeAll { entry in
                guard entry.tick > world.tick, case .pointer(let other, _) = entry.change else { return false }
                return other == layer
            }
        }
        if case .timeOffset(let layer, _) = change {
            timeline.removeAll { entry in
                guard entry.tick > world.tick, case .timeOffset(let other, _) = entry.change else { return false }
                return other == layer
            }
        }
        timeline.insert(TimedChange(tick: world.tick, change: change), at: applied)
        applied += 1
        apply(change)
        if timeline.count > Self.maxRecordedChanges { foldOlderHalf() }
    }

    func apply(_ change: RuntimeChange) {
        if let (layer, edit) = change.layerEdit {
            world.modifyLayer(named: layer, edit)
            return
        }
        switch change {
        case .setValue, .addAnimation, .removeAnimation, .timeOffset:
            break
        case .burst(let layer, let position, let count):
            world.emitter(named: layer)?.requestBurst(at: position, count: count)
        case .pointer(let layer, let position):
            world.emitter(named: layer)?.pointerPosition = position
        }
    }

    /// Folds the older half of the timeline into the starting model (never changes not yet
    /// applied: after a seek back, those are still ahead).
    private func foldOlderHalf() {
        let half = min(timeline.count / 2, applied)
        guard half > 0 else { return }
        var model = startingModel
        for entry in timeline[..<half] {
            if let (layer, edit) = entry.change.layerEdit { model.modifyLayer(named: layer, edit) }
        }
        startingModel = model
        timeline.removeFirst(half)
        applied -= half
    }

    // MARK: - Checks

    /// The layer with this unique name, as presented now (hidden layers too).
    /// `name` may also reach a mask or sublayer from a unique name (`title.mask`,
    /// `ring.sublayers.dot`), as the layer part of a key path does.
    func placedLayer(named name: String) throws -> PlacedLayer {
        let layers = effect.allPresentationLayers(at: world.time)
        if let placed = layers.first(where: { $0.name == name }) { return placed }
        guard name.contains(".") else { throw unknownLayer(name) }
        let reference: (layer: Layer, written: String, rest: String)
        do {
            reference = try effect.layerReference(name)
        } catch {
            throw EffectPlayerError("\(error)")
        }
        guard reference.rest.isEmpty else {
            throw EffectPlayerError("\(name): \"\(reference.rest)\" names no layer below \"\(reference.written)\" (a layer is reached by mask, sublayers.NAME or sublayers[INDEX])")
        }
        guard let placed = layers.first(where: { $0.name == reference.layer.identifier }) else { throw unknownLayer(name) }
        return placed
    }

    private func unknownLayer(_ name: String) -> EffectPlayerError {
        let names = layerNames
        let hint = closestMatch(to: name, in: names).map { "; did you mean \"\($0)\"?" } ?? ""
        return EffectPlayerError("no layer named \"\(name)\"\(hint) (layers: \(names.joined(separator: ", ")))")
    }

    func resolve(_ keyPath: String) throws -> (PlacedLayer, AnimatableKeyPath) {
        try effect.resolve(keyPath, in: effect.allPresentationLayers(at: world.time))
    }

    /// A value set at run time passes the checks a file's value does: its kind, finite
    /// numbers within ±1e9, and the property's range.
    static func check(_ value: AnimatableValue, for keyPath: AnimatableKeyPath, qualified: String) throws {
        guard value.kind == keyPath.kind else {
            throw EffectPlayerError("\(qualified) holds a \(keyPath.kind.rawValue), not a \(value.kind.rawValue)")
        }
        guard value.components.allSatisfy({ $0.isFinite && abs($0) <= ObjectReader.maxMagnitude }) else {
            throw EffectPlayerError("\(qualified): numbers must be finite and within ±\(Int(ObjectReader.maxMagnitude))")
        }
        // A field of a value (`position.x`) or a transform part has no range of its own.
        guard case .number(let number) = value, let property = keyPath.wholeProperty, !property.range.contains(number) else { return }
        throw EffectPlayerError("\(qualified) must be \(property.range.requirement(brokenBy: number)), got \(number)")
    }

    /// An animation made in code, checked as the decoder checks a file's: every key path
    /// resolves on the layer, values have its kind and are finite, keyframes have their key
    /// times; with its keyframe tables made anew.
    static func checked(_ animation: Animation, on layer: Layer, layer name: String) throws -> Animation {
        var result = animation
        if case .group(let children) = animation.spec {
            if children.contains(where: { $0.type == .transition }) {
                throw EffectPlayerError("a transition added to \"\(name)\" animates the whole layer, so it cannot be inside a group")
            }
            result.spec = .group(try children.map { try checked($0, on: layer, layer: name) })
            return result
        }
        if case .transition(let transition) = animation.spec {
            guard (0...1).contains(transition.startProgress), (0...1).contains(transition.endProgress),
                  transition.startProgress <= transition.endProgress else {
                throw EffectPlayerError("a transition added to \"\(name)\": startProgress and endProgress are in 0…1, the end not before the start")
            }
            return result
        }
        if case .contents(let contents) = animation.spec {
            guard layer.type == .image else {
                throw EffectPlayerError("a keyframe animation of contents added to \"\(name)\" needs an image layer")
            }
            if let times = contents.keyTimes {
                guard [contents.frames.count, contents.frames.count + 1].contains(times.count),
                      zip(times, times.dropFirst()).allSatisfy({ $0 <= $1 }),
                      times.allSatisfy({ (0...1).contains($0) }) else {
                    throw EffectPlayerError("\(name).contents: keyTimes are one per image (or one more), non-decreasing, in 0…1")
                }
            }
            return result
        }
        guard let keyPath = animation.keyPath else {
            throw EffectPlayerError("an animation added to \"\(name)\" needs a key path (only groups and transitions have none)")
        }
        guard AnimatableKeyPath(keyPath.path, on: layer) == keyPath else {
            do {
                _ = try layer.descend(keyPath.path)
            } catch let error as KeyPathLookupError {
                throw EffectPlayerError("\(name).\(keyPath.path): \(error.description)")
            }
            throw EffectPlayerError("layer \"\(name)\" has nothing animatable at \"\(keyPath.path)\"")
        }
        if let refusal = keyPath.refusalAsAnimation(on: layer) {
            throw EffectPlayerError("an animation added to \"\(name)\": \(refusal)")
        }
        let qualified = name + "." + keyPath.path
        switch animation.spec {
        case .basic(let from, let to, let by):
            for value in [from, to, by].compactMap({ $0 }) { try check(value, for: keyPath, qualified: qualified) }
        case .spring(let spring):
            for value in [spring.fromValue, spring.toValue].compactMap({ $0 }) { try check(value, for: keyPath, qualified: qualified) }
        case .keyframe(var keyframes):
            if keyframes.path == nil {
                guard !keyframes.values.isEmpty else { throw EffectPlayerError("\(qualified): a keyframe animation needs values") }
                for value in keyframes.values { try check(value, for: keyPath, qualified: qualified) }
            }
            if let times = keyframes.keyTimes {
                let expected = keyframes.values.count + (keyframes.calculationMode == .discrete ? 1 : 0)
                guard times.count == expected || times.count == keyframes.values.count,
                      zip(times, times.dropFirst()).allSatisfy({ $0 <= $1 }), times.allSatisfy({ (0...1).contains($0) }) else {
                    throw EffectPlayerError("\(qualified): keyTimes are one per value, non-decreasing, in 0…1")
                }
            }
            keyframes.prepare()
            result.spec = .keyframe(keyframes)
        case .group, .transition, .contents:
            break
        }
        return result
    }
}

extension Animation {
    /// A transition added at run time keeps the layer as it is when it is added: what it moves
    /// away from. Only the layer's own drawing matters, so its sublayers are left out, and so
    /// are the layers kept by its earlier transitions (a chain of them would grow without end).
    func capturingTransitionSource(_ model: Layer) -> Animation {
        guard case .transition(var transition) = spec, transition.layerWhenAdded == nil else { return self }
        var kept = model
        kept.sublayers = []
        kept.animations = model.animations.map { animation in
            guard case .transition(var earlier) = animation.spec else { return animation }
            earlier.layerWhenAdded = nil
            var stripped = animation
            stripped.spec = .transition(earlier)
            return stripped
        }
        transition.layerWhenAdded = kept
        var result = self
        result.spec = .transition(transition)
        return result
    }

    /// Whether this animation was added at run time (it has no place in a file), is removed on
    /// completion, and is over at the layer's time `time`, so that it can be dropped.
    func isOverAddedAtRunTime(at time: Double) -> Bool {
        guard location == nil, removedOnCompletion, timing.speed == 1, timing.timeOffset == 0 else { return false }
        return timing.beginTime + timing.activeDuration(duration: duration) < time
    }
}

extension AnimationDecoder {
    /// One animation from JSON text, checked as in a file, for `layer`.
    static func decode(json bytes: [UInt8], on layer: Layer) throws -> Animation {
        let file = "<animation>"
        let root = try EffectDecoder.parseJSON(bytes, file: file)
        let context = DecodingContext(file: file, bytes: bytes, baseDirectory: ".")
        var count = 0
        let animation = decode(root, path: "$", context: context, layer: layer, depth: 0, count: &count)
        guard let animation, !context.hasErrors else { throw EffectLoadError(context.diagnostics) }
        return animation
    }
}
