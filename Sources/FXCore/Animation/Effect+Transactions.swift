extension Effect {
    /// Schedules the effect's ``transactions`` on its layers as Core Animation would run them,
    /// replacing what an earlier call scheduled: for each change, on the layer it names,
    ///
    /// - the model value, from the transaction's time on: a held animation of that one value,
    ///   applied before the layer's other animations (so that an explicit animation of the same
    ///   key path overrides it while active, and one without a `fromValue` starts from it);
    /// - unless the transaction disables actions, has an `animationDuration` of 0, or the change
    ///   does not animate (``Transaction/Change/animatesImplicitly``), `CALayer`'s default action:
    ///   a basic animation from the value the layer shows just before the transaction (its
    ///   presentation value, as Core Animation's action takes it) to the new value, over the
    ///   transaction's `animationDuration` with its timing function, under the key path as its
    ///   key. It replaces an implicit animation of the same key path still running, as
    ///   `add(_:forKey:)` does (which is then cut where the new one begins). It comes after the
    ///   model values and before the layer's own animations.
    ///
    /// A transaction's time is effect time, converted into the layer's time through the media
    /// timing of the layer and its ancestors (`beginTime`, `speed`, `timeOffset`, repeats).
    /// Changes of one moment all start from what was shown before that moment.
    public mutating func scheduleTransactions() {
        forEachLayer { $0.animations.removeAll { $0.transactionPart != nil } }
        guard !transactions.isEmpty else { return }
        var models: [String: Layer] = [:]
        var chains: [String: [MediaTiming]] = [:]
        for (layer, chain) in allLayers() where models[layer.identifier] == nil {
            models[layer.identifier] = layer
            chains[layer.identifier] = chain
        }
        var modelValues: [String: [Animation]] = [:]
        var implicit: [String: [Animation]] = [:]
        // The layer with what is scheduled so far.
        func scheduled(_ name: String) -> Layer? {
            guard var layer = models[name] else { return nil }
            layer.animations = modelValues[name, default: []] + implicit[name, default: []] + layer.animations
            return layer
        }
        let order = transactions.indices.sorted { (transactions[$0].time, $0) < (transactions[$1].time, $1) }
        var start = 0
        while start < order.count {
            let time = transactions[order[start]].time
            var end = start + 1
            while end < order.count && transactions[order[end]].time == time { end += 1 }
            // Every change of this moment starts from what was shown before it.
            var made: [(layer: String, modelValue: Animation, implicit: Animation?)] = []
            for index in order[start..<end] {
                let transaction = transactions[index]
                for change in transaction.changes {
                    guard let layer = scheduled(change.layer) else { continue }
                    let local = (chains[change.layer] ?? []).timeWithRepeats(effectTime: time)
                    var modelValue = Animation(keyPath: change.keyPath, spec: .basic(fromValue: change.value, toValue: change.value, byValue: nil))
                    modelValue.timing.beginTime = local
                    modelValue.timing.fillMode = .forwards
                    modelValue.removedOnCompletion = false
                    modelValue.location = transaction.location
                    modelValue.transactionPart = .modelValue(transaction: index)
                    var action: Animation?
                    if !transaction.disableActions, transaction.animationDuration > 0, change.animatesImplicitly {
                        let shown = change.keyPath.value(on: layer.presentation(atLocalTime: local))
                        var animation = Animation(keyPath: change.keyPath, spec: .basic(fromValue: shown, toValue: change.value, byValue: nil))
                        animation.timing.beginTime = local
                        animation.timing.duration = transaction.animationDuration
                        animation.timingFunction = transaction.effectiveTimingFunction
                        animation.key = change.keyPath.path
                        animation.location = transaction.location
                        animation.transactionPart = .implicitAnimation(transaction: index)
                        action = animation
                    }
                    made.append((change.layer, modelValue, action))
                }
            }
            for entry in made {
                modelValues[entry.layer, default: []].append(entry.modelValue)
                guard let animation = entry.implicit else { continue }
                var list = implicit[entry.layer, default: []]
                // Added under its key path, it replaces the one in flight: cut where it begins.
                for index in list.indices.reversed() where list[index].key == animation.key {
                    let running = animation.timing.beginTime - list[index].timing.beginTime
                    if running <= 0 {
                        list.remove(at: index)
                    } else if running < list[index].timing.activeDuration(duration: list[index].duration) {
                        list[index].timing.repeatDuration = running
                    }
                }
                list.append(animation)
                implicit[entry.layer] = list
            }
            start = end
        }
        var done: Set<String> = []
        forEachLayer { layer in
            let name = layer.identifier
            guard !done.contains(name), modelValues[name] != nil else { return }
            done.insert(name)
            layer.animations = modelValues[name, default: []] + implicit[name, default: []] + layer.animations
        }
    }

}

extension Layer {
    /// The layer's animations without those the effect's transactions scheduled on it
    /// (``Animation/transactionPart``): its file's `animations` list, in order, then those
    /// added at run time.
    public var ownAnimations: [Animation] { animations.filter { $0.transactionPart == nil } }
}
