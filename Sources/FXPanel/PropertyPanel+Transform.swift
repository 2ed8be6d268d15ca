import FXCore
import Foundation

/// The panel's editor of a transform (`transform`, `sublayerTransform`, a replicator's
/// `instanceTransform`): its parts as Core Animation interpolates them — translation, rotation
/// about z, x and y in degrees, scale, perspective — one row each. A change sets the whole
/// transform live, as `setValue(_:forKeyPath:)` does, and the file's transform value is
/// written anew (as the operations that rebuild it).
extension PropertyPanel {
    func drawTransformRows(_ property: PropertyDescriptor, value: TransformValue, keyPath: String, player: EffectPlayer) {
        let isDefault = isSetInFile.map { !$0(keyPath) } ?? (value == .identity)
        ImGui.row(Self.displayName(property), dim: isDefault)
        ImGui.dimText(value == .identity ? "identity" : "\(value.operations.count) operation\(value.operations.count == 1 ? "" : "s")")
        ImGui.tooltip(Self.tooltip(property, note: "edited by its parts below; the file gets the operations that rebuild it"))
        let degrees = 180 / Double.pi
        var edited = value
        var changed = false
        /// One part's row: `values` shown (degrees for rotations), written back by `write`.
        func part(_ name: String, _ values: [Double], speed: Float, format: String, range: ClosedRange<Float>? = nil,
                  write: ([Double]) -> Void) {
            ImGui.row("  " + name, dim: isDefault)
            var shown = values.map(Float.init)
            let id = "##" + keyPath + "." + name
            let moved = shown.count == 1
                ? ImGui.dragFloat(id, &shown[0], speed: speed, range: range, format: format)
                : ImGui.dragFloats(id, &shown, speed: speed, range: range, format: format)
            if moved {
                write(shown.map(PropertyControl.decimal))
                changed = true
            }
            if ImGui.isItemActive { heldPart = id } else if heldPart == id { heldPart = nil }
            reportRow(keyPath + "." + name)
        }
        part("translate", [value.translationX, value.translationY], speed: 0.5, format: "%.1f") {
            edited.translationX = $0[0]
            edited.translationY = $0[1]
        }
        part("translateZ", [value.translationZ], speed: 0.5, format: "%.1f") { edited.translationZ = $0[0] }
        part("rotate", [value.rotationZ * degrees], speed: 0.5, format: "%.1f\u{B0}") { edited.rotationZ = $0[0] / degrees }
        part("rotateX, Y", [value.rotationX * degrees, value.rotationY * degrees], speed: 0.5, format: "%.1f\u{B0}") {
            edited.rotationX = $0[0] / degrees
            edited.rotationY = $0[1] / degrees
        }
        part("scale", [value.scaleX, value.scaleY], speed: 0.005, format: "%.3f") {
            edited.scaleX = $0[0]
            edited.scaleY = $0[1]
        }
        part("perspective", [value.perspective], speed: 1, format: "%.0f pt", range: 0...1e6) { edited.perspective = $0[0] }
        // A drag of any part is one edit: the transform's key path stays held while a part is.
        let held = heldPart?.hasPrefix("##" + keyPath + ".") ?? false
        let continuing = held && draggedKeyPath == keyPath
        draggedKeyPath = held ? keyPath : (draggedKeyPath == keyPath ? nil : draggedKeyPath)
        guard changed, edited != value else { return }
        do {
            if let edit { try edit(keyPath, .transform(edited), continuing) } else { try player.setValue(.transform(edited), forKeyPath: keyPath) }
            editError = nil
            logEvent?("panel set \(keyPath) = \(PropertyModel.describe(.transform(edited)))")
        } catch {
            editError = "\(error)"
        }
    }
}
