extension AnimatableKeyPath {
    /// The unit of a number in `0…1`: a property whose range is 0…1 (`opacity`,
    /// `strokeEnd`), a color's components, and a flag read as 0 or 1.
    public static let fractionUnit = "0…1"

    /// The unit of each component of `value`, a value read at this key path: the property
    /// registry's unit (`pt`, `s`, `1/s`, `rad`, `×`, …), ``fractionUnit`` for fractions, or
    /// `""` for a number the registry gives no unit (`instanceCount`, `anchorPoint`). A whole
    /// transform's components have their parts' units: translation `pt`, rotation `rad`,
    /// scale `×`, and `m34` (−1 over the perspective distance) `1/pt`. What `fx plot` groups
    /// its panels by.
    public func componentUnits(of value: AnimatableValue) -> [String] {
        let count = value.components.count
        switch target {
        case .transform(_, let part?):
            let unit: String
            switch part {
            case .rotation, .rotationX, .rotationY, .rotationZ: unit = "rad"
            case .scale, .scaleX, .scaleY, .scaleZ: unit = "×"
            case .translation, .translationX, .translationY, .translationZ: unit = "pt"
            }
            return Array(repeating: unit, count: count)
        case .transform(_, nil):
            return ["pt", "pt", "pt", "rad", "rad", "rad", "×", "×", "×", "1/pt"]
        case .layer(let property, _), .cell(_, let property, _), .field(_, let property, _):
            return Array(repeating: Self.unit(of: property), count: count)
        }
    }

    /// The unit of `property`'s numbers, for ``componentUnits(of:)``.
    static func unit(of property: PropertyDescriptor) -> String {
        if let unit = property.unit { return unit }
        if property.range == .unit { return fractionUnit }
        switch property.kind {
        case .color?, .colors?, .bool?: return fractionUnit
        default: return ""
        }
    }
}
