import FXCore
import Foundation

/// Values an animation drives. While a layer's animation runs (or holds its end) it overrides
/// the model value every frame, so dragging the model value would change nothing that shows.
/// Such a row is marked — "animated", with the animation named and a button to open it — and
/// its control edits what drives it (``AnimationDriver``): a basic animation's `fromValue` in
/// its first half and `toValue` from the middle on, a keyframe animation's key at or before the
/// moment, a group's child; the file is edited at that place and the effect played again from
/// it at the same moment.
extension PropertyPanel {
    /// Whether an animation of `layer` (in a group or not) names `keyPath`: a test by name
    /// alone, before the timing that finding the driven member needs.
    static func isAnimated(_ keyPath: String, on layer: Layer) -> Bool {
        func names(_ list: [Animation]) -> Bool {
            list.contains { animation in
                if case .group(let children) = animation.spec { return names(children) }
                return animation.keyPath?.path == keyPath
            }
        }
        return names(layer.ownAnimations)
    }

    /// The layer's local time now: the effect's time through its and its ancestors' timing.
    static func localTime(of layer: Layer, player: EffectPlayer) -> Double {
        player.effect.allPresentationLayers(at: player.time).first { $0.name == layer.identifier }?.localTime ?? player.time
    }

    /// Draws the row of `property` at `keyPath` (`LAYER.emitterCells.red.birthRate`) when an
    /// animation of `layer` drives it, and returns true; false when none does (the plain row is
    /// drawn then).
    func drawAnimatedRow(_ property: PropertyDescriptor, keyPath: String, layer: Layer, player: EffectPlayer) -> Bool {
        let prefix = layer.identifier + "."
        guard editJSON != nil, keyPath.hasPrefix(prefix) else { return false }
        let relative = String(keyPath.dropFirst(prefix.count))
        guard Self.isAnimated(relative, on: layer) else { return false }
        let drivers = layer.animationDrivers(of: relative, atLocalTime: Self.localTime(of: layer, player: player))
        guard let driver = drivers.first, PropertyControl.hasControl(for: driver.value) else { return false }
        let label = Self.label(of: driver.animation)
        let member = Self.memberName(driver.member)
        ImGui.row(Self.displayName(property) + " ~", dim: false)
        let edited = PropertyControl.edit(driver.value, of: property, id: "##" + keyPath)
        reportRow(keyPath)
        ImGui.tooltip(Self.tooltip(property, note: "animated by \(label): the animation sets it every frame, so a drag edits the animation's \(member) (what shows now); the button below opens the animation"))
        if let edited { commit(JSONValue.text(of: edited), at: prefix + driver.path) }
        track(keyPath)
        // The animation, one click away.
        ImGui.row("  animated", dim: true)
        if ImGui.button("\(driver.animation.type.rawValue) \u{B7} \(member)##open " + keyPath, small: true) {
            select(Node(layer: layer.identifier, animation: driver.indexes))
        }
        reportRow(keyPath + "#animation")
        ImGui.tooltip("open the animation that drives \(relative)" + (drivers.count > 1 ? " (and \(drivers.count - 1) more)" : ""))
        return true
    }

    /// How the panel names the member a drag edits.
    static func memberName(_ member: AnimationDriver.Member) -> String {
        switch member {
        case .fromValue: return BasicAnimationKeys.fromValue.name
        case .toValue: return BasicAnimationKeys.toValue.name
        case .keyframe(let index): return "\(KeyframeAnimationKeys.values.name)[\(index)]"
        }
    }
}
