extension EffectDecoder {
    /// The most transactions an effect may have.
    static let maxTransactions = 1000
    /// The most changes one transaction may make.
    static let maxChangesPerTransaction = 1000
    /// The most changes all transactions may make of one layer's key paths (as many as the
    /// animations a layer may have): each adds up to two animations to the layer, and each is
    /// scheduled by presenting the layer once.
    static let maxChangesPerLayer = 1000
    /// The most changes all transactions may make.
    static let maxChanges = 10_000

    /// `[{"time": 1, "set": {"LAYER.KEYPATH": value, …}, "animationDuration": 0.25,
    /// "timingFunction": "default", "disableActions": false}, …]`, in time order, each key path
    /// resolved as `fx inspect --keypath` resolves it, on `effect` (whose layers have their
    /// unique names).
    static func decodeTransactions(_ node: JSONNode, path: String, effect: Effect, context: DecodingContext) -> [Transaction] {
        guard case .array(let elements) = node.value else {
            context.error(at: node.location, path: path, "expected a list of transactions, got \(describe(node.value))",
                          suggestion: "write [{\"\(TransactionKeys.time.name)\": 1, \"\(TransactionKeys.set.name)\": {\"LAYER.KEYPATH\": value}}]")
            return []
        }
        guard elements.count <= maxTransactions else {
            context.error(at: node.location, path: path, "\(elements.count) transactions; an effect may have up to \(maxTransactions)")
            return []
        }
        var result: [Transaction] = []
        var counts = ChangeCounts()
        for (index, element) in elements.enumerated() {
            let elementPath = JSONPath.element(path, index)
            guard let reader = ObjectReader(element, path: elementPath, context: context, what: "a transaction",
                                            allowed: TransactionKeys.all.map(\.name)) else { continue }
            guard reader.has(TransactionKeys.time), let setNode = reader.node(TransactionKeys.set) else {
                context.error(at: element.location, path: elementPath,
                              "a transaction needs \"\(TransactionKeys.time.name)\" and \"\(TransactionKeys.set.name)\"",
                              suggestion: "write {\"\(TransactionKeys.time.name)\": 1, \"\(TransactionKeys.set.name)\": {\"LAYER.KEYPATH\": value}}")
                continue
            }
            var transaction = Transaction.unwritten
            reader.decode(TransactionKeys.all, into: &transaction)
            if let last = result.last, transaction.time < last.time {
                reader.error(TransactionKeys.time, "transactions must be in time order (\(format(transaction.time)) after \(format(last.time)))",
                             suggestion: "move this transaction before the one at \(format(last.time))")
            }
            transaction.timingFunction = reader.node(TransactionKeys.timingFunction).flatMap {
                AnimationDecoder.timingFunction($0, path: reader.childPath(TransactionKeys.timingFunction), context: context)
            }
            transaction.location = element.location
            transaction.changes = decodeChanges(setNode, path: reader.childPath(TransactionKeys.set), effect: effect, context: context,
                                                counts: &counts)
            result.append(transaction)
        }
        return result
    }

    /// How many changes the transactions read so far make, in all and of each layer.
    private struct ChangeCounts {
        var total = 0
        var byLayer: [String: Int] = [:]
    }

    /// The `set` object of a transaction: `{"LAYER.KEYPATH": value, …}`.
    private static func decodeChanges(_ node: JSONNode, path: String, effect: Effect, context: DecodingContext,
                                      counts: inout ChangeCounts) -> [Transaction.Change] {
        // Editors' "$schema" and "//" comment keys are allowed here too, as in every object.
        let members: [JSONMember]
        if case .object(let all) = node.value {
            members = all.filter { $0.key != EffectSchema.schemaKey && !$0.key.hasPrefix(EffectSchema.commentPrefix) }
        } else {
            members = []
        }
        guard case .object = node.value, !members.isEmpty, members.count <= maxChangesPerTransaction else {
            context.error(at: node.location, path: path,
                          "expected an object of 1 to \(maxChangesPerTransaction) key paths and their new values, got \(describe(node.value))",
                          suggestion: "write {\"LAYER.KEYPATH\": value}, as in {\"ring.strokeEnd\": 1}")
            return []
        }
        var changes: [Transaction.Change] = []
        for member in members {
            let memberPath = JSONPath.member(path, member.key)
            let reached: (layer: Layer, written: String, rest: String)
            do {
                reached = try effect.layerReference(member.key)
            } catch let error as KeyPathLookupError {
                context.error(at: member.keyLocation, path: memberPath, error.description)
                continue
            } catch {
                continue
            }
            let layer = reached.layer
            guard !reached.rest.isEmpty else {
                context.error(at: member.keyLocation, path: memberPath, "\"\(member.key)\" names a layer, not one of its properties",
                              suggestion: "write \"\(member.key).\(LayerKeys.opacity.name)\" or another of its key paths")
                continue
            }
            guard let keyPath = AnimatableKeyPath(reached.rest, on: layer) else {
                let which = "\(layer.type.rawValue) layer \"\(layer.identifier)\""
                let fixed = PropertyRegistry.layerProperties(for: layer.type).first { $0.name == reached.rest && !$0.isAnimatable }
                let message = fixed != nil
                    ? "\"\(member.key)\": \(reached.rest) is read when the effect loads and does not change while it runs, so a transaction cannot set it"
                    : "\"\(member.key)\": \"\(reached.rest)\" names nothing animatable on \(which)"
                let suggestion = closestMatch(to: reached.rest, in: AnimatableKeyPath.all(on: layer)).map { "did you mean \"\(reached.written).\($0)\"?" }
                context.error(at: member.keyLocation, path: memberPath, message, suggestion: suggestion)
                continue
            }
            guard let value = ValueDecoder.decode(member.value, kind: keyPath.kind, angles: keyPath.acceptsAngles, path: memberPath,
                                                  context: context) else { continue }
            if case .number(let number) = value, let property = keyPath.wholeProperty, !property.range.contains(number) {
                context.error(at: member.value.location, path: memberPath,
                              "\(member.key) must be \(property.range.requirement(brokenBy: number)), got \(format(number))")
                continue
            }
            counts.total += 1
            counts.byLayer[layer.identifier, default: 0] += 1
            guard counts.total <= maxChanges, counts.byLayer[layer.identifier, default: 0] <= maxChangesPerLayer else {
                let what = counts.total > maxChanges ? "the transactions make more than \(maxChanges) changes in all"
                    : "the transactions change layer \"\(layer.identifier)\" more than \(maxChangesPerLayer) times"
                context.error(at: member.keyLocation, path: memberPath, what, suggestion: "make fewer changes, or animate with the layer's animations")
                return changes
            }
            changes.append(Transaction.Change(layer: layer.identifier, keyPath: keyPath, value: value, written: member.key))
        }
        return changes
    }
}
