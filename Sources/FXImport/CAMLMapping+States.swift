import FXCore
import Foundation

extension CAMLMapping {
    /// The names a base state goes by: a state with one of them is applied to the layers.
    static let baseStateNames: Set<String> = ["base", "base state", "initial", "initial state", "default", "default state"]

    /// `<states>` and `<stateTransitions>` (Core Animation's state controller, in the legacy
    /// `LKState…` names): fx has no states, so the state marked as the base (by its name) is
    /// applied to the layers, or none, and one warning lists what was not carried.
    mutating func applyStates() {
        guard let first = (stateElements + transitionElements).min(by: { $0.line < $1.line }) else { return }
        var states: [String: CAMLElement] = [:]
        var order: [String] = []
        for list in stateElements {
            for state in list.children where !Self.isLeftover(state.name) {
                let stateName = state["name"] ?? "unnamed"
                if states[stateName] == nil { order.append(stateName) }
                states[stateName] = state
            }
        }
        var applied: String?
        var notCarried: [String] = []
        if let base = order.first(where: { Self.baseStateNames.contains($0.lowercased()) }) {
            applied = base
            // The state's values, those of the states it is based on first.
            var chain: [CAMLElement] = []
            var next: String? = base
            while let current = next, let state = states[current], chain.count < 16, !chain.contains(where: { $0["name"] == current }) {
                chain.insert(state, at: 0)
                next = state["basedOn"]
            }
            for state in chain {
                for element in state.child("elements")?.children ?? [] {
                    if !applySetValue(element) {
                        notCarried.append("\(element.name) \(element["keyPath"] ?? element["key"] ?? "") (line \(element.line))")
                    }
                }
            }
        }
        var parts: [String] = []
        let others = order.filter { $0 != applied }
        if !others.isEmpty {
            parts.append("the state\(others.count == 1 ? "" : "s") " + others.map { name in
                let count = states[name]?.child("elements")?.children.count ?? 0
                return "\"\(name)\" (\(count) value\(count == 1 ? "" : "s"))"
            }.joined(separator: ", "))
        }
        let transitions = transitionElements.reduce(0) { $0 + $1.children.count }
        if transitions > 0 { parts.append("\(transitions) state transition\(transitions == 1 ? "" : "s") and their animations") }
        if !notCarried.isEmpty { parts.append("of the base state: " + notCarried.prefix(8).joined(separator: ", ") + (notCarried.count > 8 ? ", …" : "")) }
        let base = applied.map { "the base state \"\($0)\" is applied to the layers" } ?? "no state is marked as the base (a state named Base or Initial), so the layers keep their own values"
        notes.warn(first.name, "fx has no state machine: \(base); not carried: \(parts.isEmpty ? "nothing else" : parts.joined(separator: "; "))", line: first.line)
    }

    /// Applies an `LKStateSetValue` to its target layer; false when it cannot be.
    mutating func applySetValue(_ element: CAMLElement) -> Bool {
        guard element.name.hasSuffix("SetValue"), let target = element["targetId"],
              let keyPath = element["keyPath"] ?? element["key"],
              let index = layers.firstIndex(where: { $0.id == target || $0.name == target || "#" + ($0.id ?? "") == target }),
              let valueElement = element.child("value") else { return false }
        let parts = keyPath.split(separator: ".").map(String.init)
        let type = layers[index].type
        let owners = Self.owners(of: type) + (type == .image ? [.imageLayer] : [])
        guard let top = parts.first, let descriptor = Self.descriptor(top, among: owners) else { return false }
        let hint: ValueHint = descriptor.form == .color ? .color : descriptor.form == .transform ? .transform : .plain
        guard let value = typedValue(valueElement, hint: hint, key: keyPath) else { return false }
        if parts.count == 1 {
            if descriptor.form == .boolean, let number = value.number {
                layers[index].set(descriptor, .bool(number != 0), line: element.line)
            } else {
                layers[index].set(descriptor, value, line: element.line)
            }
            return true
        }
        // A component of a point, size or rectangle: position.x, bounds.size.width.
        guard let number = value.number else { return false }
        let component = parts.dropFirst().joined(separator: ".")
        let slots: [String: Int]
        switch descriptor.form {
        case .point: slots = ["x": 0, "y": 1]
        case .size: slots = ["width": 0, "height": 1]
        case .rect, .bounds: slots = ["origin.x": 0, "origin.y": 1, "size.width": 2, "size.height": 3]
        default: return false
        }
        guard let slot = slots[component] else { return false }
        let count = descriptor.form == .point || descriptor.form == .size ? 2 : 4
        var numbers = layers[index].value(descriptor)?.items.compactMap(\.number) ?? []
        if numbers.count != count { numbers = Array(repeating: 0, count: count) }
        numbers[slot] = number
        layers[index].set(descriptor, .array(numbers.map { .number($0) }), line: element.line)
        return true
    }
}
