import FXCore
import Foundation

/// The panel's control for a value, chosen by its kind and shaped by the registry: a number is a
/// drag field clamped to the property's range, stepped to suit its unit, with the unit written
/// in the field (angles in degrees); a flag a checkbox; a color a color editor; a point or a
/// size two fields, a rectangle four.
enum PropertyControl {
    /// Whether the panel has a control for values like `value` (transforms, lists of colors
    /// or numbers and paths have none yet: they are shown read-only).
    static func hasControl(for value: AnimatableValue) -> Bool {
        switch value {
        case .number, .bool, .color, .point, .size, .rect: return true
        case .transform, .numbers, .colors, .path: return false
        }
    }

    /// What shapes a value's control: its form (an angle is shown in degrees), range and unit.
    struct Shape {
        var form: PropertyForm
        var range: PropertyRange
        var unit: String?
        /// Words the field shows instead of its number (a default that is not a value:
        /// "columns × rows"), until it is dragged.
        var placeholder: String?

        init(form: PropertyForm, range: PropertyRange = .any, unit: String? = nil) {
            self.form = form
            self.range = range
            self.unit = unit
        }

        init(_ property: PropertyDescriptor) {
            self.init(form: property.form, range: property.range, unit: property.unit)
        }

        /// The shape of the values an animation of `keyPath` takes: its property's, or for a
        /// part of the transform, an angle (`transform.rotation.z`) or a plain number.
        init(_ keyPath: AnimatableKeyPath?) {
            if let property = keyPath?.property {
                self.init(property)
            } else {
                self.init(form: keyPath?.acceptsAngles == true ? .angle : .number)
            }
        }
    }

    /// Draws the control for `value` and returns the new value when the user changed it.
    static func edit(_ value: AnimatableValue, of property: PropertyDescriptor, id: String) -> AnimatableValue? {
        edit(value, shape: Shape(property), id: id)
    }

    /// Draws the control for `value` shaped by `property` and returns the new value when the
    /// user changed it.
    static func edit(_ value: AnimatableValue, shape property: Shape, id: String) -> AnimatableValue? {
        switch value {
        case .number(let number):
            let factor = property.form == .angle ? 180 / Double.pi : 1
            var shown = Float(number * factor)
            guard ImGui.dragFloat(id, &shown, speed: speed(property, magnitude: abs(number * factor)),
                                  range: range(property.range, factor: factor), format: format(property)) else { return nil }
            let raw = decimal(shown) / factor
            return .number(property.form == .integer ? raw.rounded() : raw)
        case .bool(let flag):
            var edited = flag
            return ImGui.checkbox(id, &edited) ? .bool(edited) : nil
        case .color(let color):
            var rgba = [Float(color.red), Float(color.green), Float(color.blue), Float(color.alpha)]
            guard ImGui.colorEdit(id, &rgba) else { return nil }
            return .color(Color(red: decimal(rgba[0]), green: decimal(rgba[1]), blue: decimal(rgba[2]), alpha: decimal(rgba[3])))
        case .point(let point):
            var values = [Float(point.x), Float(point.y)]
            guard ImGui.dragFloats(id, &values, speed: speed(property, magnitude: max(abs(point.x), abs(point.y))),
                                   range: range(property.range, factor: 1), format: property.placeholder.map(escaped) ?? "%.1f") else { return nil }
            return .point(Point(x: decimal(values[0]), y: decimal(values[1])))
        case .size(let size):
            var values = [Float(size.width), Float(size.height)]
            guard ImGui.dragFloats(id, &values, speed: speed(property, magnitude: max(size.width, size.height)),
                                   range: range(property.range, factor: 1), format: property.placeholder.map(escaped) ?? "%.1f") else { return nil }
            return .size(Size(width: decimal(values[0]), height: decimal(values[1])))
        case .rect(let rect):
            var values = [Float(rect.origin.x), Float(rect.origin.y), Float(rect.size.width), Float(rect.size.height)]
            // A unit rectangle (`contentsRect`) needs hundredths; a bounds rectangle whole points.
            let small = values.allSatisfy { abs($0) <= 1 }
            guard ImGui.dragFloats(id, &values, speed: small ? 0.005 : 0.5, range: nil,
                                   // Four narrow fields: a placeholder too long for them is a dash.
                                   format: property.placeholder.map { escaped($0.count > 3 ? "-" : $0) } ?? (small ? "%.2f" : "%.0f")) else {
                return nil
            }
            return .rect(Rect(x: decimal(values[0]), y: decimal(values[1]), width: decimal(values[2]), height: decimal(values[3])))
        case .transform, .numbers, .colors, .path:
            return nil
        }
    }

    /// A field's single-precision number as the decimal it shows (`0.35`, not
    /// `0.3499999940395355`): what the file is given is what the user read.
    static func decimal(_ value: Float) -> Double {
        Double(value.description) ?? Double(value)
    }

    /// The most a number may be in any file (the decoder's ±1e9): the bounds of an open range.
    private static let largest: Float = 1e9

    /// The registry's range as the field's bounds (in the shown unit), so that neither dragging
    /// nor typing leaves it.
    static func range(_ range: PropertyRange, factor: Double) -> ClosedRange<Float> {
        switch range {
        case .any: return -largest...largest
        case .nonNegative: return 0...largest
        case .positive: return 0.001...largest
        case .unit: return 0...1
        case .closed(let low, let high): return Float(low * factor)...Float(high * factor)
        }
    }

    /// How much one pixel of dragging changes the value: a step suited to the unit, growing with
    /// the value's size (a birth rate of 500 moves by 2.5 a pixel, one of 5 by 0.05), so that a
    /// drag across the field spans a useful change whatever the scale.
    static func speed(_ property: Shape, magnitude: Double) -> Float {
        if property.range == .unit { return 0.005 }
        let base: Double
        switch property.unit {
        case _ where property.form == .angle: base = 0.5  // degrees
        case _ where property.form == .integer: base = 0.2
        case "pt", "pt/s", "pt/s²", "steps/s": base = 0.5
        case "s": base = 0.01
        case "1/s": base = 0.05
        case "×": base = 0.01
        default: base = 0.005
        }
        return Float(max(base, magnitude * 0.005))
    }

    /// The field's printf format: precision by kind, then the unit (degrees for angles).
    /// Text shown as is in a field's format (a `%` doubled).
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%%")
    }

    static func format(_ property: Shape) -> String {
        if let placeholder = property.placeholder { return escaped(placeholder) }
        if property.form == .angle { return property.unit == "rad/s" ? "%.1f\u{B0}/s" : "%.1f\u{B0}" }
        if property.form == .integer { return "%.0f" }
        let precision = property.range == .unit || property.unit == nil ? "%.3f" : "%.2f"
        return property.unit.map { precision + " " + $0.replacingOccurrences(of: "%", with: "%%") } ?? precision
    }
}

/// A model object read by property name, for the values the panel shows but does not edit
/// (enumerations, names, structures, media timing): the layer or cell and the parts holding
/// its type's properties, read by reflection on the key's name. The typed key paths reach only
/// animatable properties; until the registry has an accessor for every key, this shows the
/// others as the model holds them.
struct PropertyModel {
    /// The objects whose stored properties are searched, in order.
    private let parts: [Any]
    /// The same for a model at every default, to tell a value the file sets.
    private let defaults: [Any]

    init(_ layer: Layer) {
        parts = Self.parts(of: layer)
        defaults = Self.parts(of: Layer(type: layer.type))
    }

    /// The cell read, when the model is one.
    private(set) var cell: EmitterCell?

    init(_ cell: EmitterCell) {
        self.cell = cell
        parts = [cell, cell.extensions]
        let blank = EmitterCell()
        defaults = [blank, blank.extensions]
    }

    private static func parts(of layer: Layer) -> [Any] {
        let typed: [Any?] = [layer.emitter, layer.replicator, layer.gradient, layer.shape, layer.text, layer.image]
        return [layer] + typed.compactMap { $0 }
    }

    /// The property's value in words, or nil when the model keeps it under another name.
    func text(of property: PropertyDescriptor) -> String? {
        Self.find(property.name, in: parts)
    }

    /// The value a model at every default has.
    func defaultText(of property: PropertyDescriptor) -> String? {
        Self.find(property.name, in: defaults)
    }

    private static func find(_ name: String, in parts: [Any]) -> String? {
        for part in parts {
            if let child = Mirror(reflecting: part).children.first(where: { $0.label == name }) { return describe(child.value) }
        }
        return nil
    }

    /// A value in a few words: numbers as numbers, names as names, lists by their count, a
    /// structure as "set" (and nil as "none").
    static func describe(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            return mirror.children.first.map { describe($0.value) } ?? "none"
        }
        switch value {
        case let number as Double: return number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(format: "%.4g", number)
        case let number as Int: return String(number)
        case let number as UInt64: return String(number)
        case let flag as Bool: return flag ? "true" : "false"
        case let text as String: return "\"\(text)\""
        case let value as AnimatableValue: return describe(value)
        case let named as any RawRepresentable: return "\(named.rawValue)"
        default: break
        }
        if mirror.displayStyle == .collection {
            let count = mirror.children.count
            return count == 0 ? "none" : count == 1 ? "1 item" : "\(count) items"
        }
        if let described = value as? CustomStringConvertible { return described.description }
        return "set"
    }

    /// An animatable value in a few words, for the event log.
    static func describe(_ value: AnimatableValue) -> String {
        func number(_ n: Double) -> String { String(format: "%.4g", n) }
        switch value {
        case .number(let n): return number(n)
        case .bool(let flag): return flag ? "true" : "false"
        case .point(let p): return "[\(number(p.x)), \(number(p.y))]"
        case .size(let s): return "[\(number(s.width)), \(number(s.height))]"
        case .rect(let r): return "[\(number(r.origin.x)), \(number(r.origin.y)), \(number(r.size.width)), \(number(r.size.height))]"
        case .color(let c): return "[\(number(c.red)), \(number(c.green)), \(number(c.blue)), \(number(c.alpha))]"
        case .transform(let transform):
            let count = transform.operations.count
            return count == 0 ? "identity" : count == 1 ? "1 operation" : "\(count) operations"
        case .numbers(let list): return list.isEmpty ? "none" : list.map(number).joined(separator: ", ")
        case .colors(let list): return list.count == 1 ? "1 color" : "\(list.count) colors"
        case .path(let path): return path.elements.isEmpty ? "none" : "a path"
        }
    }
}
